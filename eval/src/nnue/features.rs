//! The network's inputs: one per (colour relative to the perspective, piece type, square), and
//! what a move changes among them.

use super::BUCKETS;
use outpost_board::{Color, Move, MoveKind, Piece, PieceType, Position, Square};

/// Inputs per perspective: 2 colours x 6 piece types x 64 squares.
pub const INPUTS: usize = 768;

/// The input a piece on a square is for `perspective` (docs/nnue.md): `(side * 6 + piece_type) *
/// 64 + square`, where side 0 is the perspective's own colour, and black sees the board flipped
/// vertically so that both perspectives see their own pieces from their first rank.
#[inline(always)]
pub fn feature_index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let side = (piece.color() != perspective) as usize;
    // a1 = 0 ... h8 = 63; `^ 56` swaps ranks 1 and 8, 2 and 7, ...
    let square = sq.index() ^ (56 * perspective.index());
    (side * 6 + piece.kind().index()) * 64 + square
}

/// The output bucket for a board with `piece_count` pieces, kings included.
#[inline(always)]
pub fn bucket(piece_count: u32) -> usize {
    (piece_count.saturating_sub(2) as usize / 4).min(BUCKETS - 1)
}

/// The pieces a move takes off squares and puts on squares, which is all an accumulator needs
/// to follow the move. At most two of each: a capture removes the mover and the victim and adds
/// the mover (or the promoted piece); castling moves king and rook.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Changes {
    added: [(Piece, Square); 2],
    removed: [(Piece, Square); 2],
    n_added: u8,
    n_removed: u8,
}

impl Changes {
    /// No change: a null move.
    pub const NONE: Changes = Changes {
        added: [(Piece::WhitePawn, Square::A1); 2],
        removed: [(Piece::WhitePawn, Square::A1); 2],
        n_added: 0,
        n_removed: 0,
    };

    /// What the legal move `m` changes in `pos`, the position before it. Castling is encoded as
    /// king takes own rook; in Chess960 the king or the rook may already stand on its
    /// destination, and then that piece changes nothing.
    #[inline]
    pub fn of_move(pos: &Position, m: Move) -> Changes {
        let mut c = Changes::NONE;
        let (from, to) = (m.from(), m.to());
        // Only an illegal move starts on an empty square; it changes nothing rather than panic.
        let Some(piece) = pos.piece_on(from) else {
            return c;
        };
        if m.kind() == MoveKind::Castling {
            let rook = Piece::new(piece.color(), PieceType::Rook);
            c.shift(piece, from, m.castling_king_to());
            c.shift(rook, to, m.castling_rook_to());
            return c;
        }
        let captured_on = if m.kind() == MoveKind::EnPassant {
            Square::make(to.file(), from.rank())
        } else {
            to
        };
        if let Some(victim) = pos.piece_on(captured_on) {
            c.remove(victim, captured_on);
        }
        let arriving = match m.promotion_piece() {
            Some(kind) => Piece::new(piece.color(), kind),
            None => piece,
        };
        c.remove(piece, from);
        c.add(arriving, to);
        c
    }

    /// A piece that moves, unless it stays where it is (Chess960 castling).
    #[inline(always)]
    fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        if from != to {
            self.remove(piece, from);
            self.add(piece, to);
        }
    }

    #[inline(always)]
    fn add(&mut self, piece: Piece, sq: Square) {
        // A legal move never adds more than two; the guard keeps a wrong call in bounds.
        if let Some(slot) = self.added.get_mut(self.n_added as usize) {
            *slot = (piece, sq);
            self.n_added += 1;
        }
    }

    #[inline(always)]
    fn remove(&mut self, piece: Piece, sq: Square) {
        if let Some(slot) = self.removed.get_mut(self.n_removed as usize) {
            *slot = (piece, sq);
            self.n_removed += 1;
        }
    }

    /// The pieces put on squares.
    #[inline(always)]
    pub fn added(&self) -> &[(Piece, Square)] {
        &self.added[..self.n_added as usize]
    }

    /// The pieces taken off squares.
    #[inline(always)]
    pub fn removed(&self) -> &[(Piece, Square)] {
        &self.removed[..self.n_removed as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_the_documented_formula() {
        // White pawn on e2 (square 12): white sees own pawn at 12, black sees an enemy pawn on
        // e7 (12 ^ 56 = 52) in the enemy block starting at 6 * 64.
        assert_eq!(
            feature_index(Color::White, Piece::WhitePawn, Square::make(4, 1)),
            12
        );
        assert_eq!(
            feature_index(Color::Black, Piece::WhitePawn, Square::make(4, 1)),
            6 * 64 + 52
        );
        // Black king on e8 (60): black's own king on "e1" (4) in block 5.
        assert_eq!(
            feature_index(Color::Black, Piece::BlackKing, Square::E8),
            5 * 64 + 4
        );
        assert_eq!(
            feature_index(Color::White, Piece::BlackKing, Square::E8),
            11 * 64 + 60
        );
        assert_eq!(
            feature_index(Color::White, Piece::BlackKing, Square::H8),
            INPUTS - 1
        );
    }

    #[test]
    fn buckets_by_piece_count() {
        let expected = [
            (2, 0),
            (5, 0),
            (6, 1),
            (9, 1),
            (10, 2),
            (29, 6),
            (30, 7),
            (32, 7),
        ];
        for (count, b) in expected {
            assert_eq!(bucket(count), b, "{count} pieces");
        }
        assert_eq!(bucket(0), 0);
        assert_eq!(bucket(u32::MAX), BUCKETS - 1);
    }

    #[test]
    fn chess960_castling_where_the_king_stays_moves_only_the_rook() {
        // King on g1, rook on h1: O-O leaves the king on g1 and puts the rook on f1.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1").unwrap();
        let m = Move::castling(Square::G1, Square::H1);
        assert!(pos.is_legal(m));
        let c = Changes::of_move(&pos, m);
        assert_eq!(c.removed(), &[(Piece::WhiteRook, Square::H1)]);
        assert_eq!(c.added(), &[(Piece::WhiteRook, Square::F1)]);
    }
}
