//! What a move changes among the network's inputs: the pieces it takes off and puts on squares
//! (the inputs themselves are `outpost_network`'s `FeatureSet`).

use outpost_board::{Move, MoveKind, Piece, PieceType, Position, Square};

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
