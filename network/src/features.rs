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

/// A set of input features: which inputs a piece on a square turns on, seen from a perspective
/// whose own king stands on a given square. A net file names its set by [`FeatureSet::id`] in
/// the header, so a net trained on other inputs is refused by name rather than evaluated as
/// nonsense.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FeatureSet {
    /// One input per (colour relative to the perspective, piece type, square): 768. The king's
    /// square changes nothing.
    Standard768,
    /// The 768 inputs once per king bucket: four buckets of the perspective's own king square
    /// ([`KING_BUCKETS`]), and the board seen reflected left to right whenever that king stands
    /// on the e-h files, so that the buckets cover the a-d half only and a king on g1 shares
    /// its inputs with one on b1. 3 072 inputs. Trained with a factoriser (the trainer's
    /// shared 768 columns, folded into every bucket's when the file is written), so that a
    /// rare bucket still learns what the common ones know.
    KingMirrored4,
}

/// The king bucket of the perspective's own king, by its square as the perspective sees it
/// (rank 1 is its own first rank) after the reflection that puts it on the a-d files; the e-h
/// entries are never read. A castled king (a1-c1: g1 and h1 reflect to b1 and a1, c1 is
/// queen-side castled) has a bucket of its own, the king on its starting square (d1, the
/// reflection of e1) a second, the second rank a third, and every square beyond it the fourth:
/// the first three are where the middlegame king stands, and the rest is rare enough to share.
#[rustfmt::skip]
pub const KING_BUCKETS: [u8; 64] = [
    0, 0, 0, 1, 9, 9, 9, 9,
    2, 2, 2, 2, 9, 9, 9, 9,
    3, 3, 3, 3, 9, 9, 9, 9,
    3, 3, 3, 3, 9, 9, 9, 9,
    3, 3, 3, 3, 9, 9, 9, 9,
    3, 3, 3, 3, 9, 9, 9, 9,
    3, 3, 3, 3, 9, 9, 9, 9,
    3, 3, 3, 3, 9, 9, 9, 9,
];

/// What a perspective's own king square means for its inputs: the block of inputs (the king
/// bucket) and whether the board is read reflected. Equal views give the same inputs for the
/// same pieces, so an accumulator needs rebuilding only when a king move changes its side's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KingView {
    /// Where the bucket's 768 inputs start.
    offset: u16,
    /// XORed into every square: 56 turns the board for black (its first rank at the bottom), 7
    /// reflects it left to right.
    flip: u8,
}

impl KingView {
    /// The input a piece on a square is for `perspective`: `offset + (side * 6 + piece_type) *
    /// 64 + square`, where side 0 is the perspective's own colour and the square is flipped by
    /// the view.
    #[inline(always)]
    pub fn index(self, perspective: Color, piece: Piece, sq: Square) -> usize {
        let side = (piece.color() != perspective) as usize;
        self.offset as usize
            + (side * 6 + piece.kind().index()) * 64
            + (sq.index() ^ self.flip as usize)
    }
}

impl FeatureSet {
    /// Every feature set this build knows.
    pub const ALL: [FeatureSet; 2] = [FeatureSet::Standard768, FeatureSet::KingMirrored4];

    /// The set's number in the file header. 0 is no set: version 2 files, which predate the
    /// word, are read as `Standard768`.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::Standard768 => 1,
            FeatureSet::KingMirrored4 => 2,
        }
    }

    /// The set with header number `id`, if this build knows it.
    pub const fn from_id(id: u32) -> Option<FeatureSet> {
        // A loop rather than `find`, so that it is a `const fn` and the ids stay written once.
        let mut i = 0;
        while i < FeatureSet::ALL.len() {
            if FeatureSet::ALL[i].id() == id {
                return Some(FeatureSet::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The set with header number `id`, in a constant: a constant naming an unknown id does not
    /// compile (the shipped set, and the engine's network types, which take the id as a
    /// parameter).
    pub const fn from_known_id(id: u32) -> FeatureSet {
        match FeatureSet::from_id(id) {
            Some(f) => f,
            None => panic!("no feature set has this id"),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            FeatureSet::Standard768 => "standard768",
            FeatureSet::KingMirrored4 => "king-mirrored4",
        }
    }

    /// The set named `name` ([`FeatureSet::name`]), if this build knows it.
    pub fn from_name(name: &str) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|f| f.name() == name)
    }

    /// King buckets: how many blocks of 768 inputs there are.
    pub const fn king_buckets(self) -> usize {
        match self {
            FeatureSet::Standard768 => 1,
            FeatureSet::KingMirrored4 => 4,
        }
    }

    /// Inputs per perspective.
    pub const fn inputs(self) -> usize {
        768 * self.king_buckets()
    }

    /// How `perspective`, whose own king stands on `king`, reads the board.
    #[inline(always)]
    pub fn view(self, perspective: Color, king: Square) -> KingView {
        // a1 = 0 ... h8 = 63; `^ 56` swaps ranks 1 and 8, 2 and 7, ...
        let turn = 56 * perspective.index() as u8;
        match self {
            FeatureSet::Standard768 => KingView {
                offset: 0,
                flip: turn,
            },
            FeatureSet::KingMirrored4 => {
                let seen = king.index() as u8 ^ turn;
                // Files e-h have the file's top bit set.
                let reflect = if seen & 4 != 0 { 7 } else { 0 };
                KingView {
                    offset: KING_BUCKETS[(seen ^ reflect) as usize] as u16 * 768,
                    flip: turn ^ reflect,
                }
            }
        }
    }

    /// The input a piece on a square is for `perspective`, whose own king stands on `king`
    /// (docs/nnue.md): see [`KingView::index`]. Both perspectives see their own pieces from
    /// their first rank.
    #[inline(always)]
    pub fn feature_index(
        self,
        perspective: Color,
        king: Square,
        piece: Piece,
        sq: Square,
    ) -> usize {
        self.view(perspective, king).index(perspective, piece, sq)
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
        let k = Square::E1;
        // White pawn on e2 (square 12): white sees own pawn at 12, black sees an enemy pawn on
        // e7 (12 ^ 56 = 52) in the enemy block starting at 6 * 64.
        let e2 = Square::make(4, 1);
        assert_eq!(f.feature_index(Color::White, k, Piece::WhitePawn, e2), 12);
        assert_eq!(
            f.feature_index(Color::Black, k, Piece::WhitePawn, e2),
            6 * 64 + 52
        );
        // Black king on e8 (60): black's own king on "e1" (4) in block 5.
        assert_eq!(
            f.feature_index(Color::Black, Square::E8, Piece::BlackKing, Square::E8),
            5 * 64 + 4
        );
        assert_eq!(
            f.feature_index(Color::White, k, Piece::BlackKing, Square::E8),
            11 * 64 + 60
        );
        assert_eq!(
            f.feature_index(Color::White, Square::H1, Piece::BlackKing, Square::H8),
            f.inputs() - 1
        );
    }

    #[test]
    fn ids_name_their_sets() {
        for f in FeatureSet::ALL {
            assert_eq!(FeatureSet::from_id(f.id()), Some(f));
        }
        assert_eq!(FeatureSet::from_id(0), None);
        assert_eq!(FeatureSet::from_id(3), None);
        for f in FeatureSet::ALL {
            assert_eq!(FeatureSet::from_name(f.name()), Some(f));
        }
        assert_eq!(FeatureSet::from_name("halfkp"), None);
    }

    /// The king buckets: the standard inputs with the bucket's offset, the board reflected when
    /// the perspective's king is on the e-h files, and for black both turned.
    #[test]
    fn king_buckets_follow_the_documented_formula() {
        let f = FeatureSet::KingMirrored4;
        let e2 = Square::make(4, 1);
        // White king on g1: reflected to b1, bucket 0; the pawn on e2 is read on d2 (11).
        assert_eq!(
            f.feature_index(Color::White, Square::G1, Piece::WhitePawn, e2),
            11
        );
        // On e1: reflected to d1, bucket 1.
        assert_eq!(
            f.feature_index(Color::White, Square::E1, Piece::WhitePawn, e2),
            768 + 11
        );
        // On d1: not reflected, bucket 1; e2 stays 12.
        assert_eq!(
            f.feature_index(Color::White, Square::D1, Piece::WhitePawn, e2),
            768 + 12
        );
        // Black with its king on g8 sees it on "g1" and reflects it to "b1": bucket 0; the white
        // pawn on e2 is an enemy pawn on "e7" (52), reflected to "d7" (51).
        assert_eq!(
            f.feature_index(Color::Black, Square::G8, Piece::WhitePawn, e2),
            6 * 64 + 51
        );
        // Black king on a7 (its "a2"): bucket 2; on h4 (its "h5", reflected "a5"): bucket 3.
        let a7 = Square::make(0, 6);
        let h4 = Square::make(7, 3);
        assert_eq!(
            f.view(Color::Black, a7),
            f.view(Color::Black, Square::make(3, 6))
        );
        assert_eq!(
            f.feature_index(Color::Black, a7, Piece::BlackKing, a7),
            2 * 768 + 5 * 64 + 8
        );
        assert_eq!(
            f.feature_index(Color::Black, h4, Piece::BlackKing, h4),
            3 * 768 + 5 * 64 + 32
        );
        // Every input is in range, and a perspective's own king is always on the a-d files.
        for king in Square::all() {
            for c in Color::BOTH {
                for sq in Square::all() {
                    for piece in [Piece::WhiteQueen, Piece::BlackKnight] {
                        assert!(f.feature_index(c, king, piece, sq) < f.inputs());
                    }
                }
                let own = Piece::new(c, outpost_board::PieceType::King);
                assert!(f.feature_index(c, king, own, king) % 8 < 4, "{king:?}");
            }
        }
    }

    /// Reflecting the board left to right gives every perspective the same king-bucket inputs
    /// (the set is mirrored), while the standard set's inputs move.
    #[test]
    fn king_buckets_see_a_reflected_board_as_the_same() {
        let f = FeatureSet::KingMirrored4;
        let reflect = |sq: Square| Square::from_index(sq.index() as u32 ^ 7);
        for king in Square::all() {
            for c in Color::BOTH {
                for sq in Square::all() {
                    let p = Piece::BlackRook;
                    assert_eq!(
                        f.feature_index(c, king, p, sq),
                        f.feature_index(c, reflect(king), p, reflect(sq))
                    );
                }
            }
        }
        let s = FeatureSet::Standard768;
        assert_ne!(
            s.feature_index(Color::White, Square::E1, Piece::BlackRook, Square::A8),
            s.feature_index(Color::White, Square::D1, Piece::BlackRook, Square::H8)
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
}
