//! Every evaluation weight, in one table that a tuner can read and write back as Rust source.
//!
//! Layout. The table is the `weights!` invocation between the `BEGIN WEIGHTS` and `END WEIGHTS`
//! marker lines at the bottom of this file. Each entry is `name: type = value`, with a `///` line
//! saying what it measures. Types are `Tapered` (a middlegame/endgame pair written `s(mg, eg)`),
//! `i32` (a plain number, used by the non-linear king-danger formula and the endgame scale
//! factors) and arrays of these. The macro builds the `Weights` struct, the constant `DEFAULT`,
//! and a flat view for tuners:
//!
//! - `Weights::to_vec` lists every number in table order (a `Tapered` gives mg then eg; arrays go
//!   element by element), `Weights::from_slice` reads such a list back, and `Weights::names` gives
//!   each number a name like `knight_mobility[3].eg`;
//! - `Weights::to_rust_source` prints the whole invocation again (docs, names, types, values) and
//!   `splice_source` puts it between the markers of this file's text, so a tuner rewrites
//!   `eval/src/weights.rs` and the next build uses its numbers.
//!
//! Tuning notes: every `Tapered` weight enters the evaluation linearly (a count of features times
//! the weight) before the phase blend, so a Texel tuner can get a position's coefficients from
//! `Evaluator::components` by moving one weight at a time; the `i32` king-danger weights enter
//! through `danger^2 / KING_DANGER_MG_DIV` and the scale factors multiply the endgame half. The
//! hand-set king-danger weights were halved after fixed-depth self-play (`eval_match` example)
//! showed the first values, modelled on a quadratic formula of that shape, far too strong.
//!
//! Conventions: weights are from the point of view of the side that owns the feature (positive is
//! good for it). Piece-square tables are written as the board is seen by that side: row 0 is its
//! eighth rank, row 7 its first rank, columns are files a to d; files e to h mirror d to a, which
//! keeps the evaluation symmetric between the wings. Arrays indexed by rank use the relative rank
//! (0 = the owner's first rank). Arrays indexed by piece kind follow `PieceType` order: pawn,
//! knight, bishop, rook, queen, king.

use crate::tapered::{s, Tapered};
use std::fmt;

/// One tunable value or an array of them, flattened in a fixed order.
pub trait Param {
    /// Appends the numbers of this parameter.
    fn write(&self, out: &mut Vec<i32>);
    /// Reads the numbers back in `write` order; false when `input` runs out.
    fn read(&mut self, input: &mut std::slice::Iter<'_, i32>) -> bool;
    /// Appends one name per number, starting from `prefix`.
    fn names(&self, prefix: &str, out: &mut Vec<String>);
    /// Appends Rust source for the value.
    fn source(&self, out: &mut String, indent: usize);
    /// Whether the value prints on one short line (scalars).
    fn is_scalar(&self) -> bool {
        false
    }
}

impl Param for i32 {
    fn write(&self, out: &mut Vec<i32>) {
        out.push(*self);
    }
    fn read(&mut self, input: &mut std::slice::Iter<'_, i32>) -> bool {
        match input.next() {
            Some(&v) => {
                *self = v;
                true
            }
            None => false,
        }
    }
    fn names(&self, prefix: &str, out: &mut Vec<String>) {
        out.push(prefix.to_string());
    }
    fn source(&self, out: &mut String, _indent: usize) {
        out.push_str(&self.to_string());
    }
    fn is_scalar(&self) -> bool {
        true
    }
}

impl Param for Tapered {
    fn write(&self, out: &mut Vec<i32>) {
        out.push(self.mg());
        out.push(self.eg());
    }
    fn read(&mut self, input: &mut std::slice::Iter<'_, i32>) -> bool {
        match (input.next(), input.next()) {
            (Some(&mg), Some(&eg)) => {
                *self = s(mg.clamp(-30000, 30000), eg.clamp(-30000, 30000));
                true
            }
            _ => false,
        }
    }
    fn names(&self, prefix: &str, out: &mut Vec<String>) {
        out.push(format!("{prefix}.mg"));
        out.push(format!("{prefix}.eg"));
    }
    fn source(&self, out: &mut String, _indent: usize) {
        out.push_str(&format!("s({}, {})", self.mg(), self.eg()));
    }
    fn is_scalar(&self) -> bool {
        true
    }
}

impl<T: Param, const N: usize> Param for [T; N] {
    fn write(&self, out: &mut Vec<i32>) {
        self.iter().for_each(|x| x.write(out));
    }
    fn read(&mut self, input: &mut std::slice::Iter<'_, i32>) -> bool {
        self.iter_mut().all(|x| x.read(input))
    }
    fn names(&self, prefix: &str, out: &mut Vec<String>) {
        for (i, x) in self.iter().enumerate() {
            x.names(&format!("{prefix}[{i}]"), out);
        }
    }
    fn source(&self, out: &mut String, indent: usize) {
        let scalars = self.first().is_some_and(|x| x.is_scalar());
        // Short rows of scalars stay on one line (a piece-square row is four entries).
        if scalars && N <= 4 {
            out.push('[');
            for (i, x) in self.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                x.source(out, indent);
            }
            out.push(']');
            return;
        }
        let pad = " ".repeat(indent + 4);
        out.push_str("[\n");
        for chunk in self.chunks(if scalars { 4 } else { 1 }) {
            out.push_str(&pad);
            for (i, x) in chunk.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                x.source(out, indent + 4);
                out.push(',');
            }
            out.push('\n');
        }
        out.push_str(&" ".repeat(indent));
        out.push(']');
    }
}

macro_rules! weights {
    ($( $(#[doc = $doc:literal])* $name:ident : $ty:ty = $val:expr ),* $(,)?) => {
        /// All evaluation weights (see the module documentation for the layout).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Weights {
            $( $(#[doc = $doc])* pub $name: $ty, )*
        }

        /// The weights the engine plays with.
        pub const DEFAULT: Weights = Weights { $( $name: $val, )* };

        impl Weights {
            /// Every number of the table, in table order.
            pub fn to_vec(&self) -> Vec<i32> {
                let mut out = Vec::new();
                $( self.$name.write(&mut out); )*
                out
            }

            /// Reads numbers listed in `to_vec` order; the count must match exactly.
            pub fn from_slice(values: &[i32]) -> Result<Weights, WeightsError> {
                let mut w = DEFAULT;
                let mut it = values.iter();
                $(
                    if !w.$name.read(&mut it) {
                        return Err(WeightsError::TooFew {
                            given: values.len(),
                            field: stringify!($name),
                        });
                    }
                )*
                if it.next().is_some() {
                    return Err(WeightsError::TooMany {
                        given: values.len(),
                        expected: DEFAULT.to_vec().len(),
                    });
                }
                Ok(w)
            }

            /// A name for each number of `to_vec`, e.g. `knight_mobility[3].eg`.
            pub fn names(&self) -> Vec<String> {
                let mut out = Vec::new();
                $( self.$name.names(stringify!($name), &mut out); )*
                out
            }

            /// The `weights!` invocation that rebuilds this table, for `splice_source`.
            pub fn to_rust_source(&self) -> String {
                let mut out = String::from("weights! {\n");
                $(
                    $( out.push_str(&format!("    ///{}\n", $doc)); )*
                    out.push_str(&format!(
                        "    {}: {} = ",
                        stringify!($name),
                        stringify!($ty)
                    ));
                    self.$name.source(&mut out, 4);
                    out.push_str(",\n");
                )*
                out.push_str("}\n");
                out
            }
        }
    };
}

/// Denominators of the king-danger formula (fixed, not tuned): a side whose king faces danger `d`
/// loses `d * d / KING_DANGER_MG_DIV` in the middlegame and `d / KING_DANGER_EG_DIV` in the endgame.
pub const KING_DANGER_MG_DIV: i32 = 4096;
pub const KING_DANGER_EG_DIV: i32 = 16;

/// Scale factors are out of this (full value).
pub const SCALE_NORMAL: i32 = 128;

const BEGIN_MARKER: &str = "// BEGIN WEIGHTS";
const END_MARKER: &str = "// END WEIGHTS";

/// Why a list of numbers or a source text could not be turned into a weight table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// `Weights::from_slice` ran out of numbers while filling `field`.
    TooFew { given: usize, field: &'static str },
    /// `Weights::from_slice` had numbers left over once the table was full.
    TooMany { given: usize, expected: usize },
    /// `splice_source`: the text lacks this marker line.
    NoMarker(&'static str),
    /// `splice_source`: the end marker comes before the begin marker.
    MarkersReversed,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::TooFew { given, field } => {
                write!(
                    f,
                    "weights: {given} numbers given, too few to fill '{field}'"
                )
            }
            WeightsError::TooMany { given, expected } => {
                write!(f, "weights: {given} numbers given, {expected} expected")
            }
            WeightsError::NoMarker(marker) => write!(f, "weights source: no line '{marker}'"),
            WeightsError::MarkersReversed => write!(
                f,
                "weights source: the end marker comes before the begin marker"
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

/// Replaces the table between the marker lines of `file` (the text of this source file) with
/// `table` (from `Weights::to_rust_source`).
pub fn splice_source(file: &str, table: &str) -> Result<String, WeightsError> {
    let begin = file
        .find(&format!("\n{BEGIN_MARKER}"))
        .ok_or(WeightsError::NoMarker(BEGIN_MARKER))?;
    let end = file
        .find(&format!("\n{END_MARKER}"))
        .ok_or(WeightsError::NoMarker(END_MARKER))?;
    if end < begin {
        return Err(WeightsError::MarkersReversed);
    }
    let after_begin = begin + 1 + file[begin + 1..].find('\n').unwrap_or(0) + 1;
    Ok(format!(
        "{}{}{}",
        &file[..after_begin],
        table,
        &file[end + 1..]
    ))
}

// BEGIN WEIGHTS
weights! {
    /// Piece values: pawn, knight, bishop, rook, queen, king (unused).
    material: [Tapered; 6] = [
        s(82, 111), s(354, 334), s(363, 361), s(494, 579),
        s(1033, 1053), s(0, 0),
    ],
    /// Pawn piece-square half-table (row 0 = eighth rank, files a..d, mirrored).
    psqt_pawn: [[Tapered; 4]; 8] = [
        [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
        [s(24, 59), s(30, 69), s(33, 57), s(42, 56)],
        [s(10, 30), s(27, 34), s(10, 19), s(30, 21)],
        [s(2, 19), s(7, 29), s(20, 8), s(18, -1)],
        [s(-6, 15), s(-3, 11), s(4, -2), s(14, -7)],
        [s(-4, 5), s(2, 10), s(3, 1), s(1, 6)],
        [s(-10, 15), s(-2, 6), s(-10, 11), s(-9, 7)],
        [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
    ],
    /// Knight piece-square half-table.
    psqt_knight: [[Tapered; 4]; 8] = [
        [s(-93, -51), s(-40, -34), s(-30, -19), s(-20, -12)],
        [s(-32, -25), s(-15, -19), s(7, -5), s(11, 0)],
        [s(-21, -19), s(11, -11), s(22, 12), s(37, 8)],
        [s(0, -11), s(9, 1), s(24, 12), s(28, 19)],
        [s(-1, -16), s(14, 2), s(12, 4), s(18, 18)],
        [s(-24, -10), s(-9, -8), s(3, 3), s(11, 16)],
        [s(-15, -30), s(-10, -17), s(8, -10), s(-2, -2)],
        [s(-63, -47), s(-20, -33), s(-14, -17), s(-8, -12)],
    ],
    /// Bishop piece-square half-table.
    psqt_bishop: [[Tapered; 4]; 8] = [
        [s(-23, -10), s(-11, -10), s(-15, -7), s(-12, -4)],
        [s(-23, -7), s(-7, -3), s(1, 6), s(-5, 7)],
        [s(-3, -4), s(10, 1), s(11, 6), s(15, 8)],
        [s(-11, -8), s(6, -6), s(10, 10), s(4, 12)],
        [s(7, -1), s(10, -2), s(2, 4), s(17, 3)],
        [s(3, -7), s(14, 0), s(12, -11), s(7, 8)],
        [s(1, -12), s(10, -8), s(17, -9), s(6, 1)],
        [s(-18, -16), s(-6, -9), s(-13, 5), s(-11, -12)],
    ],
    /// Rook piece-square half-table.
    psqt_rook: [[Tapered; 4]; 8] = [
        [s(10, 7), s(14, 15), s(14, 16), s(15, 12)],
        [s(8, 3), s(11, 14), s(17, 10), s(21, 9)],
        [s(5, 15), s(15, 11), s(12, 6), s(17, 9)],
        [s(-9, 8), s(1, 10), s(9, 5), s(10, 5)],
        [s(-32, -1), s(-3, 4), s(-8, 5), s(2, -1)],
        [s(-24, 0), s(-10, -6), s(-10, -16), s(-2, -10)],
        [s(-29, -6), s(-11, 0), s(-4, -7), s(-7, -6)],
        [s(-15, -4), s(-6, -6), s(0, -8), s(3, -7)],
    ],
    /// Queen piece-square half-table.
    psqt_queen: [[Tapered; 4]; 8] = [
        [s(-10, -18), s(-6, -7), s(-4, -4), s(0, -1)],
        [s(-17, -8), s(-18, 6), s(0, 7), s(-1, 11)],
        [s(-11, -8), s(-2, 7), s(1, 10), s(2, 14)],
        [s(-9, -5), s(-9, 15), s(-5, 15), s(-7, 27)],
        [s(-8, -9), s(-3, 5), s(-3, 15), s(-7, 19)],
        [s(-10, -12), s(10, 0), s(-7, 7), s(-8, 6)],
        [s(-14, -19), s(-8, -15), s(4, -11), s(-7, -4)],
        [s(-9, -27), s(-9, -23), s(-13, -20), s(-5, -25)],
    ],
    /// King piece-square half-table: sheltered corners in the middlegame, the centre in the endgame.
    psqt_king: [[Tapered; 4]; 8] = [
        [s(-42, -76), s(-28, -30), s(-29, -23), s(-39, -17)],
        [s(-31, -32), s(-24, -5), s(-29, 9), s(-40, 14)],
        [s(-31, -24), s(-25, 8), s(-29, 27), s(-41, 23)],
        [s(-31, -24), s(-24, 7), s(-36, 21), s(-50, 27)],
        [s(-27, -20), s(-25, -4), s(-34, 9), s(-46, 15)],
        [s(-19, -22), s(-7, -13), s(-16, 3), s(-31, 12)],
        [s(16, -34), s(4, -15), s(-10, -6), s(-26, -4)],
        [s(20, -50), s(21, -27), s(2, -23), s(-28, -27)],
    ],
    /// Knight mobility by number of safe squares (0..8).
    knight_mobility: [Tapered; 9] = [
        s(-24, -43), s(-13, -23), s(-7, -5), s(-6, -4),
        s(5, 10), s(9, 16), s(17, 14), s(21, 13),
        s(26, 11),
    ],
    /// Bishop mobility by number of safe squares (0..13).
    bishop_mobility: [Tapered; 14] = [
        s(-18, -37), s(-13, -23), s(-1, -11), s(3, -1),
        s(5, 11), s(11, 16), s(15, 23), s(22, 28),
        s(26, 30), s(28, 39), s(38, 33), s(32, 37),
        s(40, 40), s(41, 41),
    ],
    /// Rook mobility by number of safe squares (0..14).
    rook_mobility: [Tapered; 15] = [
        s(-53, -49), s(-13, -31), s(1, -12), s(7, 3),
        s(5, 9), s(8, 23), s(7, 28), s(9, 34),
        s(13, 40), s(16, 45), s(20, 47), s(22, 49),
        s(25, 53), s(25, 52), s(22, 60),
    ],
    /// Queen mobility by number of safe squares (0..27).
    queen_mobility: [Tapered; 28] = [
        s(-20, -40), s(-14, -29), s(-14, -21), s(-8, -14),
        s(0, -13), s(-2, -10), s(3, -1), s(8, 6),
        s(10, 7), s(13, 11), s(13, 24), s(19, 26),
        s(18, 24), s(19, 33), s(19, 35), s(11, 35),
        s(19, 39), s(21, 38), s(20, 43), s(24, 45),
        s(24, 46), s(23, 46), s(23, 45), s(24, 48),
        s(27, 52), s(28, 54), s(28, 55), s(30, 58),
    ],
    /// A pawn with another pawn of its side in front of it on the same file.
    pawn_doubled: Tapered = s(-11, -29),
    /// A pawn with no pawn of its side on the adjacent files.
    pawn_isolated: Tapered = s(-7, -12),
    /// A pawn that no neighbour can support and whose advance is stopped by an enemy pawn;
    /// index 0 when no enemy pawn stands in front on its file, 1 when opposed.
    pawn_backward: [Tapered; 2] = [s(-9, -17), s(1, -19)],
    /// A pawn defended by a pawn, by relative rank.
    pawn_supported: [Tapered; 8] = [
        s(0, 0), s(0, 0), s(14, 6), s(9, -1),
        s(20, 12), s(33, 25), s(46, 48), s(0, 0),
    ],
    /// A pawn with a pawn of its side beside it on the same rank, by relative rank.
    pawn_phalanx: [Tapered; 8] = [
        s(0, 0), s(4, -2), s(6, -1), s(7, 9),
        s(20, 16), s(37, 44), s(60, 60), s(0, 0),
    ],
    /// A passed pawn, by relative rank.
    passed_rank: [Tapered; 8] = [
        s(0, 0), s(1, 11), s(-1, 17), s(5, 32),
        s(22, 38), s(45, 72), s(74, 120), s(0, 0),
    ],
    /// Per square of distance from the passer's own king to its stop square, by rank.
    passed_own_king: [Tapered; 8] = [
        s(0, 0), s(0, 0), s(0, 0), s(-7, -8),
        s(1, -12), s(-5, -16), s(1, -26), s(0, 0),
    ],
    /// Per square of distance from the enemy king to the passer's stop square, by rank.
    passed_enemy_king: [Tapered; 8] = [
        s(0, 0), s(0, 0), s(0, 0), s(8, 11),
        s(-2, 25), s(3, 33), s(3, 33), s(0, 0),
    ],
    /// A passer whose path to promotion is empty, by rank.
    passed_free: [Tapered; 8] = [
        s(0, 0), s(0, 6), s(-6, 4), s(-12, 15),
        s(4, 16), s(18, 24), s(20, 59), s(0, 0),
    ],
    /// A passer whose path to promotion no enemy piece attacks, by rank.
    passed_safe_path: [Tapered; 8] = [
        s(0, 0), s(-3, 0), s(-2, 6), s(0, 13),
        s(0, 20), s(12, 31), s(21, 36), s(0, 0),
    ],
    /// A passer whose stop square holds an enemy piece, by rank.
    passed_blocked: [Tapered; 8] = [
        s(0, 0), s(-1, -1), s(-3, -1), s(2, -2),
        s(-4, -11), s(-4, -17), s(-9, -27), s(0, 0),
    ],
    /// A passer the lone enemy king (no enemy pieces) cannot catch (rule of the square), by rank.
    passed_unstoppable: [Tapered; 8] = [
        s(0, 0), s(0, 150), s(0, 150), s(0, 178),
        s(0, 218), s(0, 270), s(0, 320), s(0, 0),
    ],
    /// Two bishops.
    bishop_pair: Tapered = s(28, 47),
    /// Per own pawn on the squares of the bishop's colour.
    bishop_pawns: Tapered = s(0, -7),
    /// A knight (index 0) or bishop (1) on an outpost: ranks 4 to 6, defended by a pawn, never
    /// attackable by an enemy pawn.
    minor_outpost: [Tapered; 2] = [s(23, 9), s(26, 15)],
    /// A knight that can jump to an empty outpost square.
    knight_reachable_outpost: Tapered = s(14, 5),
    /// A minor piece shielded by a pawn of its side directly in front.
    minor_behind_pawn: Tapered = s(4, 12),
    /// A rook on a file without pawns.
    rook_open_file: Tapered = s(34, 0),
    /// A rook on a file without own pawns but with enemy pawns.
    rook_semi_open_file: Tapered = s(16, 5),
    /// A rook on the seventh rank while the enemy king is on the eighth or enemy pawns are on the
    /// seventh.
    rook_seventh: Tapered = s(-1, 20),
    /// Per square of distance from the king to the nearest own pawn (endgame activity).
    king_pawn_distance: Tapered = s(6, -13),
    /// Pawn shelter: the own pawn nearest the king on each of the three files around it, by the
    /// file's distance from the edge (0 = a/h .. 3 = d/e) and that pawn's relative rank (0 = none).
    shelter: [[Tapered; 8]; 4] = [
        [
            s(-6, 14), s(40, -13), s(20, -1), s(18, 0),
            s(0, -1), s(-15, 1), s(-9, 3), s(0, 0),
        ],
        [
            s(-23, 18), s(30, -7), s(16, -5), s(-14, 3),
            s(-4, -3), s(-9, 1), s(-16, 1), s(0, 0),
        ],
        [
            s(-9, 11), s(35, -8), s(6, -3), s(10, 4),
            s(2, -1), s(-12, 4), s(-15, 2), s(0, 0),
        ],
        [
            s(-6, 6), s(24, 1), s(6, -5), s(1, 6),
            s(-6, -8), s(-7, 0), s(-10, 0), s(0, 0),
        ],
    ],
    /// Pawn storm: the enemy pawn nearest the king on each of the three files, by edge distance
    /// and its rank counted from the king's side (0 = none), when not blocked by an own pawn.
    storm: [[Tapered; 8]; 4] = [
        [
            s(-4, 5), s(1, -1), s(-35, 6), s(-6, 9),
            s(-3, -1), s(1, -7), s(4, -5), s(0, 0),
        ],
        [
            s(-2, 2), s(1, 1), s(-42, 11), s(-20, -10),
            s(-9, -4), s(8, -6), s(-2, 0), s(0, 0),
        ],
        [
            s(-7, 11), s(4, 14), s(-40, 10), s(-12, -2),
            s(0, -2), s(6, -1), s(0, -3), s(0, 0),
        ],
        [
            s(3, 9), s(0, 4), s(-31, -2), s(-13, 4),
            s(-2, -5), s(4, 3), s(6, 5), s(0, 0),
        ],
    ],
    /// A storming enemy pawn blocked by an own pawn directly in front of it, by its rank.
    storm_blocked: [Tapered; 8] = [
        s(0, 0), s(0, 0), s(-5, -7), s(5, 7),
        s(11, -6), s(10, -7), s(-5, -5), s(0, 0),
    ],
    /// Per file around the king without own pawns: index 0 when enemy pawns remain on it (half
    /// open), 1 when it is fully open.
    king_open_file: [Tapered; 2] = [s(-10, 6), s(-4, -14)],
    /// King danger per attacking piece, weighted by kind (knight, bishop, rook, queen), multiplied
    /// by the number of attackers.
    king_attacker_weight: [i32; 4] = [40, 25, 22, 6],
    /// King danger per attack on a square next to the king.
    king_zone_attack: i32 = 32,
    /// King danger per king-zone square attacked and defended at most by the king or queen.
    king_weak_square: i32 = 90,
    /// King danger per piece kind (knight, bishop, rook, queen) able to give a safe check.
    king_safe_check: [i32; 4] = [390, 320, 525, 375],
    /// King danger when checks exist but none is safe.
    king_unsafe_check: i32 = 75,
    /// King danger removed when the attacker has no queen.
    king_no_queen: i32 = -425,
    /// King danger per defending knight next to the king.
    king_knight_defender: i32 = -50,
    /// King danger per 8 centipawns of middlegame pawn shelter (shelter and storm terms).
    king_shelter_factor: i32 = -3,
    /// King danger constant.
    king_danger_base: i32 = 10,
    /// A non-pawn piece attacked by a pawn, by its kind.
    threat_by_pawn: [Tapered; 6] = [
        s(0, 0), s(60, 26), s(49, 30), s(69, 23),
        s(53, 13), s(0, 0),
    ],
    /// A weak or defended enemy piece attacked by a minor, by its kind.
    threat_by_minor: [Tapered; 6] = [
        s(8, 23), s(18, 29), s(31, 26), s(45, 29),
        s(35, 57), s(0, 0),
    ],
    /// A weak enemy piece attacked by a rook, by its kind.
    threat_by_rook: [Tapered; 6] = [
        s(7, 22), s(16, 33), s(25, 27), s(1, 19),
        s(42, 37), s(0, 0),
    ],
    /// A weak enemy piece attacked by the king.
    threat_by_king: Tapered = s(19, 36),
    /// A weak enemy piece that is undefended, or a non-pawn attacked twice.
    hanging: Tapered = s(17, 21),
    /// A safe pawn push that would attack an enemy piece.
    threat_pawn_push: Tapered = s(20, 13),
    /// Bonus for the side to move.
    tempo: Tapered = s(21, 10),
    /// Mop-up against a bare king: per step the king is away from the centre (endgame).
    mop_up_edge: i32 = 30,
    /// Mop-up: per step the kings are closer than seven apart.
    mop_up_kings: i32 = 10,
    /// Mop-up with bishop and knight: per step the bare king is closer to a mating corner.
    mop_up_corner: i32 = 40,
    /// Endgame scale (of 128) with opposite-coloured bishops and no other pieces.
    scale_opposite_bishops: i32 = 60,
    /// Endgame scale with opposite-coloured bishops and other pieces.
    scale_opposite_bishops_pieces: i32 = 100,
    /// Endgame scale when the stronger side has no pawns, more than a minor piece, and is at most
    /// a minor piece ahead (KR v KB, KR v KN, KQ v KRB...).
    scale_pawnless_small_edge: i32 = 16,
    /// Endgame scale when the stronger side has one pawn and the weaker side has a piece.
    scale_one_pawn_v_piece: i32 = 80,
}
// END WEIGHTS

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_view_round_trips() {
        let v = DEFAULT.to_vec();
        assert_eq!(v.len(), DEFAULT.names().len());
        let mut changed = v.clone();
        changed[3] += 7;
        let w = Weights::from_slice(&changed).unwrap();
        assert_ne!(w, DEFAULT);
        assert_eq!(w.to_vec(), changed);
        assert!(matches!(
            Weights::from_slice(&v[1..]),
            Err(WeightsError::TooFew { .. })
        ));
        let mut long = v.clone();
        long.push(1);
        assert_eq!(
            Weights::from_slice(&long),
            Err(WeightsError::TooMany {
                given: v.len() + 1,
                expected: v.len()
            })
        );
    }

    #[test]
    fn source_reproduces_this_file() {
        // The table printed from the compiled weights is exactly the table written in this file,
        // so what a tuner writes back compiles to exactly the numbers it printed.
        let file = include_str!("weights.rs");
        let spliced = splice_source(file, &DEFAULT.to_rust_source()).unwrap();
        assert_eq!(spliced, file);
        // And a changed table lands between the markers.
        let mut w = DEFAULT;
        let (mg, eg) = (DEFAULT.pawn_doubled.mg(), DEFAULT.pawn_doubled.eg());
        w.pawn_doubled = s(mg - 1, eg - 1);
        let changed = splice_source(file, &w.to_rust_source()).unwrap();
        let old = format!("pawn_doubled: Tapered = s({mg}, {eg}),");
        let new = format!("pawn_doubled: Tapered = s({}, {}),", mg - 1, eg - 1);
        assert_eq!(
            changed.matches(&old).count() + 1,
            file.matches(&old).count()
        );
        assert_eq!(
            changed.matches(&new).count(),
            file.matches(&new).count() + 1
        );
        assert_eq!(
            splice_source("no markers", ""),
            Err(WeightsError::NoMarker(BEGIN_MARKER))
        );
    }
}
