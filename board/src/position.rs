//! The position: piece placement, side to move, castling, en passant, clocks and keys, with
//! make/unmake.
//!
//! Castling rights are stored as rook squares, so Chess960 needs no special case. The en-passant
//! square is set only when a pawn of the side to move stands ready to capture (the Polyglot rule),
//! which keeps the key equal to the Polyglot key and makes equal positions compare equal.
//! Checkers and pinned pieces of the side to move are computed once per move made, because move
//! generation, check evasion and `gives_check` all need them.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_set_attacks,
    rook_attacks,
};
use crate::{zobrist, Bitboard, Color, Move, MoveKind, Piece, PieceType, Square};

/// Castling side index: king side (towards the h-file) or queen side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastleSide {
    King = 0,
    Queen = 1,
}

/// Index of a castling right: 0 white king side, 1 white queen side, 2 black king side, 3 black
/// queen side (the Polyglot order).
#[inline(always)]
pub const fn castle_index(color: Color, side: CastleSide) -> usize {
    color as usize * 2 + side as usize
}

#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(crate) by_kind: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) board: [Option<Piece>; 64],
    pub(crate) side: Color,
    /// Bit `castle_index(..)` set when that right remains.
    pub(crate) castling: u8,
    /// The castling rook of each right (meaningful only while the right is set).
    pub(crate) castle_rooks: [Square; 4],
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) key: u64,
    pub(crate) pawn_key: u64,
    pub(crate) material_key: u64,
    /// Keys of each colour's pieces other than pawns (king included), by colour index.
    pub(crate) non_pawn_keys: [u64; 2],
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
}

/// Equality of what the position means: a castling rook square whose right is gone is no longer
/// part of the position (FEN cannot carry it), so it is not compared.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let rooks = |p: &Position| -> [Option<Square>; 4] {
            std::array::from_fn(|i| (p.castling & (1 << i) != 0).then_some(p.castle_rooks[i]))
        };
        self.by_kind == other.by_kind
            && self.by_color == other.by_color
            && self.board == other.board
            && self.side == other.side
            && self.castling == other.castling
            && rooks(self) == rooks(other)
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.key == other.key
            && self.pawn_key == other.pawn_key
            && self.material_key == other.material_key
            && self.non_pawn_keys == other.non_pawn_keys
            && self.checkers == other.checkers
            && self.pinned == other.pinned
    }
}

impl Eq for Position {}

/// What `make_move` cannot recompute on `unmake_move`.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    castling: u8,
    ep: Option<Square>,
    halfmove: u16,
    key: u64,
    pawn_key: u64,
    material_key: u64,
    non_pawn_keys: [u64; 2],
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Position {
    /// An empty board, white to move; the starting point for FEN parsing.
    pub(crate) fn empty() -> Position {
        crate::cpu::init();
        Position {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            board: [None; 64],
            side: Color::White,
            castling: 0,
            castle_rooks: [Square::H1, Square::A1, Square::H8, Square::A8],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            pawn_key: 0,
            material_key: 0,
            non_pawn_keys: [0; 2],
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(crate::STARTPOS_FEN).expect("the start position is valid")
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()]
    }

    #[inline(always)]
    pub fn colored(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline(always)]
    pub fn pieces_of(&self, color: Color, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Bishops and queens.
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.by_kind[PieceType::Bishop.index()] | self.by_kind[PieceType::Queen.index()]
    }

    /// Rooks and queens.
    #[inline(always)]
    pub fn orthogonal_sliders(&self) -> Bitboard {
        self.by_kind[PieceType::Rook.index()] | self.by_kind[PieceType::Queen.index()]
    }

    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.pieces_of(color, PieceType::King).lsb()
    }

    /// Enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Pieces of the side to move that are pinned to its king.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// En-passant target square, present only when a capture there is pseudo-legal.
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Castling rights as a bit set indexed by `castle_index`.
    #[inline(always)]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The rook a castling right refers to, if the right remains.
    #[inline(always)]
    pub fn castle_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        let i = castle_index(color, side);
        (self.castling & (1 << i) != 0).then_some(self.castle_rooks[i])
    }

    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// Zobrist key; equal to the Polyglot book key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Key of the pawn placement only (for pawn-structure caches).
    #[inline(always)]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    /// Key of the material configuration, independent of squares.
    #[inline(always)]
    pub fn material_key(&self) -> u64 {
        self.material_key
    }

    /// Key of the placement of `color`'s pieces other than pawns, king included (for the
    /// search's correction history).
    #[inline(always)]
    pub fn non_pawn_key(&self, color: Color) -> u64 {
        self.non_pawn_keys[color.index()]
    }

    /// All pieces of either colour that attack `sq`, given the occupancy `occupied`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (pawn_attacks(Color::White, sq) & self.pieces_of(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces_of(Color::White, PieceType::Pawn))
            | (knight_attacks(sq) & self.pieces(PieceType::Knight))
            | (king_attacks(sq) & self.pieces(PieceType::King))
            | (bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (rook_attacks(sq, occupied) & self.orthogonal_sliders())
    }

    /// Every square `by` attacks with the current occupancy: the squares where a piece of the
    /// other side can be taken (the search's history learns whether a quiet move leaves or
    /// enters such a square).
    #[inline]
    pub fn attacks_by(&self, by: Color) -> Bitboard {
        let occ = self.occupied();
        let mut attacked = pawn_set_attacks(by, self.pieces_of(by, PieceType::Pawn));
        attacked |= king_attacks(self.king(by));
        for sq in self.pieces_of(by, PieceType::Knight) {
            attacked |= knight_attacks(sq);
        }
        for sq in self.diagonal_sliders() & self.colored(by) {
            attacked |= bishop_attacks(sq, occ);
        }
        for sq in self.orthogonal_sliders() & self.colored(by) {
            attacked |= rook_attacks(sq, occ);
        }
        attacked
    }

    /// Whether `by` attacks `sq` with the given occupancy.
    #[inline]
    pub fn is_attacked_by(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.colored(by);
        (pawn_attacks(!by, sq) & them & self.pieces(PieceType::Pawn)).any()
            || (knight_attacks(sq) & them & self.pieces(PieceType::Knight)).any()
            || (king_attacks(sq) & them & self.pieces(PieceType::King)).any()
            || (bishop_attacks(sq, occupied) & them & self.diagonal_sliders()).any()
            || (rook_attacks(sq, occupied) & them & self.orthogonal_sliders()).any()
    }

    /// Pieces (of either colour) that alone stand between `sq` and an enemy slider of `attacker`
    /// aimed at it: the pinned pieces when `sq` is a king, the discovered-check candidates when
    /// the blocker belongs to the attacker.
    #[inline]
    pub fn slider_blockers(&self, sq: Square, attacker: Color) -> Bitboard {
        let occ = self.occupied();
        let snipers = ((rook_attacks(sq, Bitboard::EMPTY) & self.orthogonal_sliders())
            | (bishop_attacks(sq, Bitboard::EMPTY) & self.diagonal_sliders()))
            & self.colored(attacker);
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = between(sq, s) & occ;
            if b.any() && !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_kind[piece.kind().index()] |= bb;
        self.by_color[piece.color().index()] |= bb;
        self.board[sq.index()] = Some(piece);
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_kind[piece.kind().index()] ^= bb;
        self.by_color[piece.color().index()] ^= bb;
        self.board[sq.index()] = None;
    }

    #[inline(always)]
    fn shift_piece(&mut self, piece: Piece, from: Square, to: Square) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_kind[piece.kind().index()] ^= bb;
        self.by_color[piece.color().index()] ^= bb;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
    }

    /// Recomputes checkers and pins of the side to move after a change of the board.
    #[inline(always)]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.side;
        let ksq = self.king(us);
        self.checkers = self.attackers_to(ksq, self.occupied()) & self.colored(!us);
        self.pinned = self.slider_blockers(ksq, !us) & self.colored(us);
    }

    /// Whether a pawn of the side to move could capture on `ep` (pseudo-legally).
    #[inline(always)]
    fn ep_capturable(&self, ep: Square) -> bool {
        (pawn_attacks(!self.side, ep) & self.pieces_of(self.side, PieceType::Pawn)).any()
    }

    /// Plays a legal move. Passing an illegal move leaves the position inconsistent, so moves from
    /// outside move generation must pass `is_legal` first.
    pub fn make_move(&mut self, m: Move) -> Undo {
        let undo = self.undo_record();
        let captured = self.apply(m);
        Undo { captured, ..undo }
    }

    /// The state `unmake_move`/`unmake_null` restore.
    #[inline(always)]
    fn undo_record(&self) -> Undo {
        Undo {
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
            pawn_key: self.pawn_key,
            material_key: self.material_key,
            non_pawn_keys: self.non_pawn_keys,
            checkers: self.checkers,
            pinned: self.pinned,
        }
    }

    /// Copy-make: the position after `m`, leaving `self` untouched.
    #[inline]
    pub fn play(&self, m: Move) -> Position {
        let mut next = *self;
        next.apply(m);
        next
    }

    #[inline(always)]
    fn apply(&mut self, m: Move) -> Option<Piece> {
        let us = self.side;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board[from.index()] else {
            debug_assert!(false, "make_move {m} from an empty square");
            return None;
        };
        let mut key = self.key ^ zobrist::white_to_move();
        if let Some(ep) = self.ep.take() {
            key ^= zobrist::en_passant_file(ep.file());
        }
        self.halfmove += 1;
        if us == Color::Black {
            self.fullmove += 1;
        }
        let mut captured = None;

        if m.kind() == MoveKind::Castling {
            let rook = Piece::new(us, PieceType::Rook);
            let (king_to, rook_to) = (m.castling_king_to(), m.castling_rook_to());
            // Remove both first: in Chess960 the destinations may overlap the origins.
            self.remove(piece, from);
            self.remove(rook, to);
            self.put(piece, king_to);
            self.put(rook, rook_to);
            let moved = zobrist::piece_square(piece, from)
                ^ zobrist::piece_square(piece, king_to)
                ^ zobrist::piece_square(rook, to)
                ^ zobrist::piece_square(rook, rook_to);
            key ^= moved;
            self.non_pawn_keys[us.index()] ^= moved;
        } else {
            let cap_sq = if m.kind() == MoveKind::EnPassant {
                Square::make(to.file(), from.rank())
            } else {
                to
            };
            if let Some(cap) = self.board[cap_sq.index()] {
                self.remove(cap, cap_sq);
                key ^= zobrist::piece_square(cap, cap_sq);
                self.material_key ^= zobrist::material(cap, self.count(cap));
                if cap.kind() == PieceType::Pawn {
                    self.pawn_key ^= zobrist::piece_square(cap, cap_sq);
                } else {
                    self.non_pawn_keys[them.index()] ^= zobrist::piece_square(cap, cap_sq);
                }
                self.halfmove = 0;
                captured = Some(cap);
            }
            self.shift_piece(piece, from, to);
            let moved = zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
            key ^= moved;
            if piece.kind() != PieceType::Pawn {
                self.non_pawn_keys[us.index()] ^= moved;
            } else {
                self.halfmove = 0;
                self.pawn_key ^= zobrist::piece_square(piece, from);
                if let Some(promo) = m.promotion_piece() {
                    let new = Piece::new(us, promo);
                    self.remove(piece, to);
                    self.material_key ^= zobrist::material(piece, self.count(piece));
                    self.put(new, to);
                    self.material_key ^= zobrist::material(new, self.count(new) - 1);
                    key ^= zobrist::piece_square(piece, to) ^ zobrist::piece_square(new, to);
                    self.non_pawn_keys[us.index()] ^= zobrist::piece_square(new, to);
                } else {
                    self.pawn_key ^= zobrist::piece_square(piece, to);
                    if from.index() ^ to.index() == 16 {
                        let ep = Square::from_index(((from.index() + to.index()) / 2) as u32);
                        // The side to move changes below; test the capture from `them`'s view.
                        if (pawn_attacks(us, ep) & self.pieces_of(them, PieceType::Pawn)).any() {
                            self.ep = Some(ep);
                            key ^= zobrist::en_passant_file(ep.file());
                        }
                    }
                }
            }
        }

        if self.castling != 0 {
            let mut lost = 0u8;
            if piece.kind() == PieceType::King {
                lost |= 3 << (2 * us as u8);
            }
            for i in 0..4 {
                let rook = self.castle_rooks[i];
                if rook == from || rook == to {
                    lost |= 1 << i;
                }
            }
            lost &= self.castling;
            if lost != 0 {
                key ^= zobrist::castling_set(lost);
                self.castling &= !lost;
            }
        }

        self.side = them;
        self.key = key;
        self.update_check_info();
        captured
    }

    /// Number of pieces of this exact kind and colour on the board.
    #[inline(always)]
    fn count(&self, piece: Piece) -> u32 {
        self.pieces_of(piece.color(), piece.kind()).count()
    }

    /// Takes back `m`, which must be the last move made with the `undo` it returned.
    pub fn unmake_move(&mut self, m: Move, undo: &Undo) {
        let them = self.side;
        let us = !them;
        self.side = us;
        let (from, to) = (m.from(), m.to());
        if m.kind() == MoveKind::Castling {
            let king = Piece::new(us, PieceType::King);
            let rook = Piece::new(us, PieceType::Rook);
            self.remove(king, m.castling_king_to());
            self.remove(rook, m.castling_rook_to());
            self.put(king, from);
            self.put(rook, to);
        } else {
            let Some(moved) = self.board[to.index()] else {
                debug_assert!(false, "unmake_move {m} to an empty square");
                return;
            };
            if m.is_promotion() {
                self.remove(moved, to);
                self.put(Piece::new(us, PieceType::Pawn), from);
            } else {
                self.shift_piece(moved, to, from);
            }
            if let Some(cap) = undo.captured {
                let cap_sq = if m.kind() == MoveKind::EnPassant {
                    Square::make(to.file(), from.rank())
                } else {
                    to
                };
                self.put(cap, cap_sq);
            }
        }
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.pawn_key = undo.pawn_key;
        self.material_key = undo.material_key;
        self.non_pawn_keys = undo.non_pawn_keys;
        self.checkers = undo.checkers;
        self.pinned = undo.pinned;
    }

    /// Passes the move (for null-move pruning). Not allowed in check.
    pub fn make_null(&mut self) -> Undo {
        let undo = self.undo_record();
        if let Some(ep) = self.ep.take() {
            self.key ^= zobrist::en_passant_file(ep.file());
        }
        self.key ^= zobrist::white_to_move();
        self.halfmove += 1;
        self.side = !self.side;
        self.update_check_info();
        undo
    }

    pub fn unmake_null(&mut self, undo: &Undo) {
        self.side = !self.side;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.checkers = undo.checkers;
        self.pinned = undo.pinned;
    }

    /// The piece a move moves.
    #[inline(always)]
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        self.board[m.from().index()]
    }

    /// Whether `m` captures (en passant included; castling never does).
    #[inline(always)]
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            _ => self.board[m.to().index()].is_some(),
        }
    }

    /// Captures and promotions: the moves quiescence search looks at.
    #[inline(always)]
    pub fn is_noisy(&self, m: Move) -> bool {
        m.is_promotion() || self.is_capture(m)
    }

    /// The piece type a move captures, if any.
    #[inline(always)]
    pub fn captured_kind(&self, m: Move) -> Option<PieceType> {
        match m.kind() {
            MoveKind::EnPassant => Some(PieceType::Pawn),
            MoveKind::Castling => None,
            _ => self.board[m.to().index()].map(Piece::kind),
        }
    }

    /// Whether the legal move `m` gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let ksq = self.king(!us);
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board[from.index()] else {
            return false;
        };
        let occ = self.occupied();
        match m.kind() {
            MoveKind::Normal => {
                let occ_after = occ.without(from).with(to);
                if direct_attack(piece.kind(), us, to, occ_after).has(ksq) {
                    return true;
                }
                self.discovers_check(from, to, ksq)
            }
            MoveKind::Promotion => {
                let kind = m.promotion_piece().unwrap_or(PieceType::Queen);
                let occ_after = occ.without(from).with(to);
                direct_attack(kind, us, to, occ_after).has(ksq)
                    || self.discovers_check(from, to, ksq)
            }
            MoveKind::EnPassant => {
                let cap = Square::make(to.file(), from.rank());
                let occ_after = occ.without(from).without(cap).with(to);
                pawn_attacks(us, to).has(ksq)
                    || (rook_attacks(ksq, occ_after) & self.colored(us) & self.orthogonal_sliders())
                        .any()
                    || (bishop_attacks(ksq, occ_after) & self.colored(us) & self.diagonal_sliders())
                        .any()
            }
            MoveKind::Castling => {
                let rook_to = m.castling_rook_to();
                let occ_after = occ
                    .without(from)
                    .without(to)
                    .with(m.castling_king_to())
                    .with(rook_to);
                rook_attacks(rook_to, occ_after).has(ksq)
            }
        }
    }

    /// Whether moving a piece `from` -> `to` uncovers a slider of the side to move on `ksq`.
    #[inline]
    fn discovers_check(&self, from: Square, to: Square, ksq: Square) -> bool {
        let us = self.side;
        if !crate::attacks::line(from, ksq).any() {
            return false;
        }
        if crate::attacks::aligned(from, to, ksq) {
            return false;
        }
        let occ = self.occupied().without(from).with(to);
        let ours = self.colored(us);
        (rook_attacks(ksq, occ) & ours & self.orthogonal_sliders() & !Bitboard::from_square(to))
            .any()
            || (bishop_attacks(ksq, occ)
                & ours
                & self.diagonal_sliders()
                & !Bitboard::from_square(to))
            .any()
    }

    /// Neither side can possibly mate: K v K, K+minor v K, and kings with bishops all on one colour.
    pub fn is_insufficient_material(&self) -> bool {
        if (self.pieces(PieceType::Pawn) | self.orthogonal_sliders()).any() {
            return false;
        }
        let minors = self.pieces(PieceType::Knight) | self.pieces(PieceType::Bishop);
        if minors.count() <= 1 {
            return true;
        }
        let knights = self.pieces(PieceType::Knight);
        let bishops = self.pieces(PieceType::Bishop);
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// Keys computed from scratch (for validation and tests): (key, pawn key, material key).
    pub fn compute_keys(&self) -> (u64, u64, u64) {
        let mut key = 0;
        let mut pawn_key = 0;
        let mut material_key = 0;
        let mut counts = [0u32; 12];
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                key ^= zobrist::piece_square(p, sq);
                if p.kind() == PieceType::Pawn {
                    pawn_key ^= zobrist::piece_square(p, sq);
                }
                material_key ^= zobrist::material(p, counts[p.index()]);
                counts[p.index()] += 1;
            }
        }
        key ^= zobrist::castling_set(self.castling);
        if let Some(ep) = self.ep {
            key ^= zobrist::en_passant_file(ep.file());
        }
        if self.side == Color::White {
            key ^= zobrist::white_to_move();
        }
        (key, pawn_key, material_key)
    }

    /// The non-pawn keys (`non_pawn_key`) computed from scratch, by colour index.
    pub fn compute_non_pawn_keys(&self) -> [u64; 2] {
        let mut keys = [0; 2];
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                if p.kind() != PieceType::Pawn {
                    keys[p.color().index()] ^= zobrist::piece_square(p, sq);
                }
            }
        }
        keys
    }

    /// Sets the en-passant square from FEN text, keeping it only when capturable.
    pub(crate) fn set_ep_if_capturable(&mut self, ep: Square) {
        self.ep = self.ep_capturable(ep).then_some(ep);
    }

    /// Finishes a position built piece by piece: keys and check information.
    pub(crate) fn finish_setup(&mut self) {
        let (key, pawn_key, material_key) = self.compute_keys();
        self.key = key;
        self.pawn_key = pawn_key;
        self.material_key = material_key;
        self.non_pawn_keys = self.compute_non_pawn_keys();
        self.update_check_info();
    }
}

/// Squares a piece of `kind` and colour `color` on `sq` attacks.
#[inline(always)]
fn direct_attack(kind: PieceType, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceType::Pawn => pawn_attacks(color, sq),
        _ => crate::attacks::piece_attacks(kind, sq, occ),
    }
}
