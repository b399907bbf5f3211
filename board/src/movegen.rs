//! Legal move generation.
//!
//! One generator serves every use: it works on whole target sets (a piece and the bitboard of its
//! legal destinations) and hands them to a `Sink`. `MoveList` turns the sets into moves; `Counter`
//! just counts bits, which is what bulk-counted perft wants at its last ply. Legality comes from
//! masks rather than make-and-test: a check mask when in check, a line mask for pinned pieces,
//! attack tests for king steps and castling, and an exact test for the rare en-passant cases.
//!
//! The staged generators the search needs are the same code with `NOISY`/`QUIET` filters:
//! noisy = captures and every promotion, quiet = everything else. In check both produce evasions.
//! `from`/`to` masks let `is_legal` ask about one move with no special code of its own.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::{Bitboard, Color, Move, MoveList, PieceType, Position, Square};

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenKind {
    /// Captures (en passant included) and all promotions.
    Noisy,
    /// Non-capturing, non-promoting moves, castling included.
    Quiet,
    /// Every legal move.
    All,
}

const PROMOTIONS: [PieceType; 4] = [
    PieceType::Queen,
    PieceType::Knight,
    PieceType::Rook,
    PieceType::Bishop,
];

/// Receiver of generated moves.
pub(crate) trait Sink {
    /// Ordinary moves of the piece on `from` to every square of `targets`.
    fn normal(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to `targets`, each coming from `to - delta`.
    fn pawn(&mut self, targets: Bitboard, delta: i8);
    /// Promotions to every piece on each of `targets`, each coming from `to - delta`.
    fn promotion(&mut self, targets: Bitboard, delta: i8);
    fn single(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn normal(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, targets: Bitboard, delta: i8) {
        for to in targets {
            self.push(Move::normal(to.shift(-delta), to));
        }
    }
    #[inline(always)]
    fn promotion(&mut self, targets: Bitboard, delta: i8) {
        for to in targets {
            let from = to.shift(-delta);
            for p in PROMOTIONS {
                self.push(Move::promotion(from, to, p));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without writing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn normal(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawn(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn promotion(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += 4 * targets.count() as u64;
    }
    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Stops at the first move found (for mate and stalemate tests).
struct Any(bool);

impl Sink for Any {
    #[inline(always)]
    fn normal(&mut self, _from: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn pawn(&mut self, targets: Bitboard, _delta: i8) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn promotion(&mut self, targets: Bitboard, _delta: i8) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 = true;
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        list
    }

    /// Appends the legal moves of `kind` to `list`.
    pub fn generate(&self, kind: GenKind, list: &mut MoveList) {
        match kind {
            GenKind::Noisy => self.gen::<_, true, false>(list, Bitboard::ALL, Bitboard::ALL),
            GenKind::Quiet => self.gen::<_, false, true>(list, Bitboard::ALL, Bitboard::ALL),
            GenKind::All => self.gen::<_, true, true>(list, Bitboard::ALL, Bitboard::ALL),
        }
    }

    /// All legal moves when in check (the evasions); same as `legal_moves` then.
    pub fn generate_evasions(&self, list: &mut MoveList) {
        debug_assert!(self.in_check());
        self.gen::<_, true, true>(list, Bitboard::ALL, Bitboard::ALL);
    }

    /// Number of legal moves, counted without generating them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.gen::<_, true, true>(&mut c, Bitboard::ALL, Bitboard::ALL);
        c.0
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut a = Any(false);
        self.gen::<_, true, true>(&mut a, Bitboard::ALL, Bitboard::ALL);
        a.0
    }

    /// Whether `m` is legal here. Safe on any 16-bit value (a hash move, a killer from another
    /// position): it asks the generator for the moves of one piece to one square.
    pub fn is_legal(&self, m: Move) -> bool {
        if m.is_none() {
            return false;
        }
        let mut list = MoveList::new();
        self.gen::<_, true, true>(
            &mut list,
            Bitboard::from_square(m.from()),
            Bitboard::from_square(m.to()),
        );
        list.contains(m)
    }

    #[inline(always)]
    pub(crate) fn gen<S: Sink, const NOISY: bool, const QUIET: bool>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) {
        let us = self.side_to_move();
        let them = !us;
        let occ = self.occupied();
        let ours = self.colored(us);
        let theirs = self.colored(them);
        let ksq = self.king(us);

        let mut kind_mask = Bitboard::EMPTY;
        if NOISY {
            kind_mask |= theirs;
        }
        if QUIET {
            kind_mask |= !occ;
        }
        let kind_mask = kind_mask & to_mask;

        if from_mask.has(ksq) {
            let occ_without_king = occ.without(ksq);
            let mut targets = Bitboard::EMPTY;
            for to in king_attacks(ksq) & kind_mask & !ours {
                if !self.is_attacked_by(to, them, occ_without_king) {
                    targets = targets.with(to);
                }
            }
            sink.normal(ksq, targets);
        }

        let checkers = self.checkers();
        if checkers.more_than_one() {
            return;
        }
        let check_mask = if checkers.any() {
            between(ksq, checkers.lsb()) | checkers
        } else {
            Bitboard::ALL
        };
        let targets = kind_mask & check_mask & !ours;
        let pinned = self.pinned();
        let movers = ours & from_mask;

        for from in self.pieces(PieceType::Knight) & movers & !pinned {
            sink.normal(from, knight_attacks(from) & targets);
        }
        for from in self.diagonal_sliders() & movers {
            let mut t = bishop_attacks(from, occ) & targets;
            if pinned.has(from) {
                t &= line(ksq, from);
            }
            sink.normal(from, t);
        }
        for from in self.orthogonal_sliders() & movers {
            let mut t = rook_attacks(from, occ) & targets;
            if pinned.has(from) {
                t &= line(ksq, from);
            }
            sink.normal(from, t);
        }

        let pawns = self.pieces(PieceType::Pawn) & movers;
        let pawn_targets = check_mask & to_mask;
        self.pawn_moves::<S, NOISY, QUIET>(sink, pawns & !pinned, pawn_targets);
        for from in pawns & pinned {
            let allowed = pawn_targets & line(ksq, from);
            self.pawn_moves::<S, NOISY, QUIET>(sink, Bitboard::from_square(from), allowed);
        }

        if NOISY {
            if let Some(ep) = self.ep_square() {
                if to_mask.has(ep) {
                    self.en_passant(sink, ep, pawns);
                }
            }
        }

        if QUIET && checkers.is_empty() && self.castling_rights() != 0 {
            self.castling_moves(sink, ksq, from_mask, to_mask);
        }
    }

    /// Pushes, captures and promotions of `pawns` onto squares of `allowed`.
    #[inline(always)]
    fn pawn_moves<S: Sink, const NOISY: bool, const QUIET: bool>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        allowed: Bitboard,
    ) {
        if pawns.is_empty() {
            return;
        }
        let us = self.side_to_move();
        let empty = !self.occupied();
        let theirs = self.colored(!us);
        let (up, last_rank, third_rank) = match us {
            Color::White => (8i8, Bitboard::RANK_8, Bitboard::rank(2)),
            Color::Black => (-8i8, Bitboard::RANK_1, Bitboard::rank(5)),
        };
        let forward = |b: Bitboard| match us {
            Color::White => b.north(),
            Color::Black => b.south(),
        };

        let push1 = forward(pawns) & empty;
        let push2 = forward(push1 & third_rank) & empty;
        // Captures towards the a-file side (`west`) and the h-file side (`east`).
        let west = forward(pawns).west() & theirs;
        let east = forward(pawns).east() & theirs;

        let push1 = push1 & allowed;
        if NOISY {
            sink.promotion(push1 & last_rank, up);
            sink.promotion(west & allowed & last_rank, up - 1);
            sink.promotion(east & allowed & last_rank, up + 1);
            sink.pawn(west & allowed & !last_rank, up - 1);
            sink.pawn(east & allowed & !last_rank, up + 1);
        }
        if QUIET {
            sink.pawn(push1 & !last_rank, up);
            sink.pawn(push2 & allowed, 2 * up);
        }
    }

    /// En-passant captures onto `ep` by `pawns`, each tested exactly: the capture removes two
    /// pieces from one rank, which no pin mask describes.
    #[inline(always)]
    fn en_passant<S: Sink>(&self, sink: &mut S, ep: Square, pawns: Bitboard) {
        let us = self.side_to_move();
        let them = !us;
        let ksq = self.king(us);
        let captured = Square::make(ep.file(), if us == Color::White { 4 } else { 3 });
        let theirs = self.colored(them);
        for from in pawn_attacks(them, ep) & pawns {
            let occ = self.occupied().without(from).without(captured).with(ep);
            let other_checkers = self.checkers() & !Bitboard::from_square(captured);
            let leaper_check =
                other_checkers & (self.pieces(PieceType::Knight) | self.pieces(PieceType::Pawn));
            let slider_check = (rook_attacks(ksq, occ) & theirs & self.orthogonal_sliders())
                | (bishop_attacks(ksq, occ) & theirs & self.diagonal_sliders());
            if leaper_check.is_empty() && slider_check.is_empty() {
                sink.single(Move::en_passant(from, ep));
            }
        }
    }

    /// Castling (standard and Chess960): every square the king and rook cross or land on must be
    /// empty but for themselves, and no square the king crosses or lands on may be attacked, with
    /// the castling rook taken off the board (it may be what shields the king's destination).
    #[inline(always)]
    fn castling_moves<S: Sink>(
        &self,
        sink: &mut S,
        ksq: Square,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) {
        if !from_mask.has(ksq) {
            return;
        }
        let us = self.side_to_move();
        for side in [crate::CastleSide::King, crate::CastleSide::Queen] {
            let Some(rook) = self.castle_rook(us, side) else {
                continue;
            };
            if !to_mask.has(rook) {
                continue;
            }
            let m = Move::castling(ksq, rook);
            let (king_to, rook_to) = (m.castling_king_to(), m.castling_rook_to());
            let both = Bitboard::from_square(ksq) | Bitboard::from_square(rook);
            let occ = self.occupied() & !both;
            let king_path = between(ksq, king_to) | Bitboard::from_square(king_to);
            let rook_path = between(rook, rook_to) | Bitboard::from_square(rook_to);
            if ((king_path | rook_path) & occ).any() {
                continue;
            }
            if king_path.iter().any(|sq| self.is_attacked_by(sq, !us, occ)) {
                continue;
            }
            sink.single(m);
        }
    }
}
