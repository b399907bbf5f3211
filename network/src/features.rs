//! The network's inputs and its output buckets.

use outpost_board::{Color, Piece, Square};
use std::fmt;

/// Output buckets, chosen by piece count ([`bucket`]).
pub const BUCKETS: usize = 8;

/// The output bucket for a board with `piece_count` pieces, kings included.
#[inline(always)]
pub fn bucket(piece_count: u32) -> usize {
    (piece_count.saturating_sub(2) as usize / 4).min(BUCKETS - 1)
}

/// A set of input features: which inputs a piece on a square turns on. A net file names its set
/// by [`FeatureSet::id`] in the header, so a net trained on other inputs is refused by name
/// rather than evaluated as nonsense. A set whose index depends on a king's square (king
/// buckets) would be another variant, its `feature_index` taking the king's square as well.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FeatureSet {
    /// One input per (colour relative to the perspective, piece type, square): 768.
    Standard768,
}

impl FeatureSet {
    /// Every feature set this build knows.
    pub const ALL: [FeatureSet; 1] = [FeatureSet::Standard768];

    /// The set's number in the file header. 0 is no set: version 2 files, which predate the
    /// word, are read as `Standard768`.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::Standard768 => 1,
        }
    }

    /// The set with header number `id`, if this build knows it.
    pub fn from_id(id: u32) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|f| f.id() == id)
    }

    pub const fn name(self) -> &'static str {
        match self {
            FeatureSet::Standard768 => "standard768",
        }
    }

    /// Inputs per perspective.
    pub const fn inputs(self) -> usize {
        match self {
            FeatureSet::Standard768 => 768,
        }
    }

    /// The input a piece on a square is for `perspective` (docs/nnue.md): `(side * 6 +
    /// piece_type) * 64 + square`, where side 0 is the perspective's own colour, and black sees
    /// the board flipped vertically so that both perspectives see their own pieces from their
    /// first rank.
    #[inline(always)]
    pub fn feature_index(self, perspective: Color, piece: Piece, sq: Square) -> usize {
        match self {
            FeatureSet::Standard768 => {
                let side = (piece.color() != perspective) as usize;
                // a1 = 0 ... h8 = 63; `^ 56` swaps ranks 1 and 8, 2 and 7, ...
                let square = sq.index() ^ (56 * perspective.index());
                (side * 6 + piece.kind().index()) * 64 + square
            }
        }
    }
}

impl fmt::Display for FeatureSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (id {}, {} inputs)",
            self.name(),
            self.id(),
            self.inputs()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_the_documented_formula() {
        let f = FeatureSet::Standard768;
        // White pawn on e2 (square 12): white sees own pawn at 12, black sees an enemy pawn on
        // e7 (12 ^ 56 = 52) in the enemy block starting at 6 * 64.
        let e2 = Square::make(4, 1);
        assert_eq!(f.feature_index(Color::White, Piece::WhitePawn, e2), 12);
        assert_eq!(
            f.feature_index(Color::Black, Piece::WhitePawn, e2),
            6 * 64 + 52
        );
        // Black king on e8 (60): black's own king on "e1" (4) in block 5.
        assert_eq!(
            f.feature_index(Color::Black, Piece::BlackKing, Square::E8),
            5 * 64 + 4
        );
        assert_eq!(
            f.feature_index(Color::White, Piece::BlackKing, Square::E8),
            11 * 64 + 60
        );
        assert_eq!(
            f.feature_index(Color::White, Piece::BlackKing, Square::H8),
            f.inputs() - 1
        );
    }

    #[test]
    fn ids_name_their_sets() {
        for f in FeatureSet::ALL {
            assert_eq!(FeatureSet::from_id(f.id()), Some(f));
        }
        assert_eq!(FeatureSet::from_id(0), None);
        assert_eq!(FeatureSet::from_id(2), None);
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
}
