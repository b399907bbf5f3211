//! The king terms that depend on the pawns alone: the pawn shelter in front of the king, the
//! enemy pawns storming it, open files next to it, and the king's distance to its nearest pawn.
//! They are computed once per pawn structure, king square and castling rights and cached in the
//! pawn table (`pawns.rs`), which is why they live apart from the rest of king safety.

use crate::masks::distance;
use crate::tapered::Tapered;
use crate::weights::Weights;
use outpost_board::{Bitboard, Color, PieceType, Position, Square};

/// The king terms that depend on the pawns alone (cached in the pawn table): shelter and storm,
/// the better of where the king stands and where castling (`rights`: bit 0 king side, bit 1
/// queen side) would take it, and the king's distance to its nearest pawn.
pub(crate) fn king_pawns(
    pos: &Position,
    w: &Weights,
    color: Color,
    king: Square,
    rights: u8,
) -> Tapered {
    let mut best = shelter(pos, w, color, king);
    let back = Square::make(0, 0).relative(color).rank();
    for (bit, file) in [(1u8, 6u8), (2, 2)] {
        if rights & bit != 0 {
            let castled = shelter(pos, w, color, Square::make(file, back));
            if castled.mg() > best.mg() {
                best = castled;
            }
        }
    }
    let ours = pos.pieces_of(color, PieceType::Pawn);
    if ours.any() {
        let nearest = ours
            .into_iter()
            .map(|p| distance(king, p))
            .min()
            .unwrap_or(0);
        best += w.king_pawn_distance * nearest;
    }
    best
}

/// Shelter and storm of the king of `color` on `king`.
fn shelter(pos: &Position, w: &Weights, color: Color, king: Square) -> Tapered {
    let ours = pos.pieces_of(color, PieceType::Pawn);
    let theirs = pos.pieces_of(!color, PieceType::Pawn);
    // Pawns level with the king or in front of it; those behind shelter nothing.
    let krank = king.rank() as u32;
    let in_front = match color {
        Color::White => Bitboard(!0u64 << (8 * krank)),
        Color::Black => Bitboard(!0u64 >> (8 * (7 - krank))),
    };
    let center = king.file().clamp(1, 6);
    let mut score = Tapered::ZERO;
    for file in center - 1..=center + 1 {
        let edge = file.min(7 - file) as usize;
        let mask = Bitboard::file(file);
        let our_rank = nearest_rank(color, ours & mask & in_front);
        let their_rank = nearest_rank(color, theirs & mask & in_front);
        score += w.shelter[edge][our_rank];
        if our_rank != 0 && their_rank == our_rank + 1 {
            score += w.storm_blocked[their_rank];
        } else {
            score += w.storm[edge][their_rank];
        }
        if (ours & mask).is_empty() {
            score += w.king_open_file[(theirs & mask).is_empty() as usize];
        }
    }
    score
}

/// Relative rank (seen from `color`) of the pawn of `pawns` nearest `color`'s first rank, or 0.
#[inline]
fn nearest_rank(color: Color, pawns: Bitboard) -> usize {
    if pawns.is_empty() {
        return 0;
    }
    let sq = match color {
        Color::White => pawns.lsb(),
        Color::Black => Square::from_index(63 - pawns.0.leading_zeros()),
    };
    sq.relative_rank(color) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::DEFAULT as W;

    fn pawn_terms(fen: &str, color: Color) -> Tapered {
        let pos = Position::from_fen(fen).unwrap();
        let rights = (pos.castling_rights() >> (2 * color.index())) & 3;
        king_pawns(&pos, &W, color, pos.king(color), rights)
    }

    #[test]
    fn shelter_adds_up_per_file() {
        // Files f, g, h are 2, 1 and 0 steps from the edge; black's pawns stand on white's
        // seventh rank; the nearest white pawn is one step from the king.
        let got = pawn_terms("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White);
        let expected = W.shelter[2][1]
            + W.shelter[1][1]
            + W.shelter[0][1]
            + W.storm[2][6]
            + W.storm[1][6]
            + W.storm[0][6]
            + W.king_pawn_distance;
        assert_eq!(got, expected);
    }

    #[test]
    fn castling_rights_count_the_castled_shelter() {
        // A king in the centre with open central files, whose king-side castle is still allowed.
        let fen_rights = "4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1";
        let fen_none = "4k3/8/8/8/8/8/5PPP/4K2R w - - 0 1";
        let with = pawn_terms(fen_rights, Color::White);
        let without = pawn_terms(fen_none, Color::White);
        // The castled square's whole shelter is taken, so only the middlegame half is compared.
        assert!(with.mg() > without.mg(), "{with:?} {without:?}");
    }
}
