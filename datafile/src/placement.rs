//! A bare piece placement that moves are played on: what the packed layout replays a game on to
//! rebuild each record's board and flags.
//!
//! A record has no castling rights, en-passant square or clocks, so a `Position` cannot be
//! rebuilt from one; the placement needs none of them. A move is applied as it stands, without
//! asking whether it is legal (the writer only ever replays moves that led from one record's
//! board to the next): castling is the king-takes-own-rook move of `Move::raw()`, the king and
//! rook going to their destination squares whatever the variant, so Chess960 needs nothing more.
//! Pieces are the records' codes, `colour * 8 + kind`.

use outpost_board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use outpost_board::{Bitboard, Color, Move, MoveKind, PieceType, Square};

/// A square without a piece.
const EMPTY: u8 = 0xFF;
const BLACK: u8 = 8;
const PAWN: u8 = PieceType::Pawn as u8;
const KNIGHT: u8 = PieceType::Knight as u8;
const BISHOP: u8 = PieceType::Bishop as u8;
const ROOK: u8 = PieceType::Rook as u8;
const QUEEN: u8 = PieceType::Queen as u8;
const KING: u8 = PieceType::King as u8;

/// Pieces by square, and a bitboard per piece code for the attack tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    squares: [u8; 64],
    by_code: [u64; 16],
    occupied: u64,
}

impl Placement {
    /// The board of a record: `occupancy`, and a nibble per occupied square in square order in
    /// `pieces`, low nibble first. The caller has checked the codes (kinds 0..6).
    pub fn from_record_board(occupancy: u64, pieces: &[u8; 16]) -> Placement {
        let mut p = Placement {
            squares: [EMPTY; 64],
            by_code: [0; 16],
            occupied: 0,
        };
        for (i, sq) in Bitboard(occupancy).iter().enumerate() {
            p.put(sq.index(), (pieces[i / 2] >> (4 * (i % 2))) & 15);
        }
        p
    }

    /// The record's board fields of this placement; nibbles past the last piece are zero.
    #[inline]
    pub fn record_board(&self) -> (u64, [u8; 16]) {
        let mut pieces = [0u8; 16];
        for (i, sq) in Bitboard(self.occupied).iter().enumerate() {
            pieces[i / 2] |= self.squares[sq.index()] << (4 * (i % 2));
        }
        (self.occupied, pieces)
    }

    #[inline]
    fn put(&mut self, sq: usize, code: u8) {
        self.squares[sq] = code;
        self.by_code[code as usize] |= 1 << sq;
        self.occupied |= 1 << sq;
    }

    #[inline]
    fn take(&mut self, sq: usize) -> u8 {
        let code = self.squares[sq];
        if code != EMPTY {
            self.squares[sq] = EMPTY;
            self.by_code[code as usize] &= !(1 << sq);
            self.occupied &= !(1 << sq);
        }
        code
    }

    /// The piece code on `sq`, if any.
    #[inline]
    pub fn code_on(&self, sq: Square) -> Option<u8> {
        let code = self.squares[sq.index()];
        (code != EMPTY).then_some(code)
    }

    /// The placement after `m`, or `None` when `m` cannot be applied: no piece on its `from`
    /// square, `from == to` (as `Move::NONE`), or a castling move whose `to` square holds no
    /// rook of the king's colour.
    #[inline]
    pub fn played(&self, m: Move) -> Option<Placement> {
        let (from, to) = (m.from(), m.to());
        let code = self.code_on(from)?;
        if from == to {
            return None;
        }
        let colour = code & BLACK;
        let mut next = self.clone();
        match m.kind() {
            MoveKind::Castling => {
                if self.squares[to.index()] != colour | ROOK {
                    return None;
                }
                next.take(from.index());
                next.take(to.index());
                next.put(m.castling_king_to().index(), code);
                next.put(m.castling_rook_to().index(), colour | ROOK);
            }
            MoveKind::EnPassant => {
                // The captured pawn stands beside the mover, on the square the capture passes.
                next.take(Square::make(to.file(), from.rank()).index());
                next.take(from.index());
                next.take(to.index());
                next.put(to.index(), code);
            }
            MoveKind::Promotion => {
                let kind = m.promotion_piece().map_or(QUEEN, |k| k as u8);
                next.take(from.index());
                next.take(to.index());
                next.put(to.index(), colour | kind);
            }
            MoveKind::Normal => {
                next.take(from.index());
                next.take(to.index());
                next.put(to.index(), code);
            }
        }
        Some(next)
    }

    /// Whether `side`'s king is attacked (false without a king): `Position::in_check` for the
    /// positions datagen records, from the board's attack tables.
    #[inline]
    pub fn in_check(&self, side: Color) -> bool {
        let (us, them) = match side {
            Color::White => (0, BLACK),
            Color::Black => (BLACK, 0),
        };
        let king = self.by_code[(us | KING) as usize];
        if king == 0 {
            return false;
        }
        let ksq = Bitboard(king).lsb();
        let occ = Bitboard(self.occupied);
        let of = |kind: u8| Bitboard(self.by_code[(them | kind) as usize]);
        (pawn_attacks(side, ksq) & of(PAWN)).any()
            || (knight_attacks(ksq) & of(KNIGHT)).any()
            || (king_attacks(ksq) & of(KING)).any()
            || (bishop_attacks(ksq, occ) & (of(BISHOP) | of(QUEEN))).any()
            || (rook_attacks(ksq, occ) & (of(ROOK) | of(QUEEN))).any()
    }

    /// Whether `m` is a capture or a promotion here: `Position::is_noisy` from the placement
    /// alone (castling never captures, en passant always does), false for `Move::NONE`.
    #[inline]
    pub fn is_noisy(&self, m: Move) -> bool {
        match m.kind() {
            _ if m.is_none() => false,
            MoveKind::Promotion | MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            MoveKind::Normal => self.occupied & (1 << m.to().index()) != 0,
        }
    }

    /// The moves of `side` that could lead from here to `next`, for a writer that knows the
    /// boards but not the move between them: castling with each own rook on the king's rank,
    /// and every move of a `side` piece from a square that changes to a square that changes
    /// (each kind, each promotion piece). The caller keeps the one whose result is `next`.
    pub fn candidate_moves(&self, side: Color, next: &Placement) -> Vec<Move> {
        let colour = if side == Color::Black { BLACK } else { 0 };
        let changed: Vec<Square> = Square::all()
            .filter(|sq| self.squares[sq.index()] != next.squares[sq.index()])
            .collect();
        let mut moves = Vec::new();
        if changed.len() > 4 {
            // No move changes more than four squares (castling).
            return moves;
        }
        for king in Bitboard(self.by_code[(colour | KING) as usize]).iter() {
            let rooks = Bitboard(self.by_code[(colour | ROOK) as usize]);
            for rook in rooks.iter().filter(|r| r.rank() == king.rank()) {
                moves.push(Move::castling(king, rook));
            }
        }
        for &from in &changed {
            if self.code_on(from).is_none_or(|c| c & BLACK != colour) {
                continue;
            }
            for &to in changed.iter().filter(|&&to| to != from) {
                moves.push(Move::normal(from, to));
                moves.push(Move::en_passant(from, to));
                for kind in [
                    PieceType::Queen,
                    PieceType::Knight,
                    PieceType::Rook,
                    PieceType::Bishop,
                ] {
                    moves.push(Move::promotion(from, to, kind));
                }
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Position;

    fn of(pos: &Position) -> Placement {
        let mut pieces = [0u8; 16];
        let occ = pos.occupied();
        for (i, sq) in occ.iter().enumerate() {
            let p = pos.piece_on(sq).unwrap();
            pieces[i / 2] |= (p.color() as u8 * 8 + p.kind() as u8) << (4 * (i % 2));
        }
        Placement::from_record_board(occ.0, &pieces)
    }

    /// Every legal move of positions with castling (both variants), en passant, promotions and
    /// checks, applied to the placement, gives the board `Position::play` gives, and the
    /// in-check and noisy tests agree with the position's.
    #[test]
    fn moves_and_flags_agree_with_the_position() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            // Chess960: king b1 with rooks a1 and h1 (queen side: the rook crosses the king),
            // and king g8 with its rook on h8 (king side: the king does not move).
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAhb - 0 1",
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R b HAhb - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let here = of(&pos);
            assert_eq!(here.in_check(pos.side_to_move()), pos.in_check(), "{fen}");
            for &m in pos.legal_moves().iter() {
                let after = pos.play(m);
                let placed = here.played(m).expect("a legal move applies");
                assert_eq!(placed, of(&after), "{fen} {}", m.to_uci(true));
                assert_eq!(here.is_noisy(m), pos.is_noisy(m), "{fen}");
                let side = after.side_to_move();
                assert_eq!(placed.in_check(side), after.in_check(), "{fen}");
                assert!(here
                    .candidate_moves(pos.side_to_move(), &placed)
                    .contains(&m));
            }
        }
    }

    #[test]
    fn moves_that_cannot_apply_are_refused() {
        let here = of(&Position::startpos());
        assert!(here.played(Move::NONE).is_none());
        assert!(here
            .played(Move::normal(Square::make(4, 3), Square::make(4, 4)))
            .is_none());
        // Castling with the knight on g1 as the "rook".
        assert!(here
            .played(Move::castling(Square::E1, Square::G1))
            .is_none());
        assert!(!here.is_noisy(Move::NONE));
    }
}
