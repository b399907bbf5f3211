//! The values a probe returns (`Dtz`, `RootRank`, and `Wdl`, which is `outpost_types::Wdl`, the
//! one the search reads too) and why a probe failed (`ProbeError`).
//!
//! These are our own types rather than shakmaty-syzygy's so that the search and the engine never
//! depend on the prober crate, and so that they map one-to-one onto plain integers (`Wdl as i8`
//! runs from -2 to 2, the numbers python-chess and Fathom use).

use outpost_types::Wdl;
use std::fmt;

/// Distance to zeroing in plies, signed for the side to move, as the Syzygy DTZ tables define it:
/// positive when winning, negative when losing, 0 for a draw; `1..=100` is a win under the
/// fifty-move rule, above 100 a cursed win (and the same mirrored for losses). Values from tables
/// stored with halved resolution may be one ply short (python-chess reports the same numbers).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Dtz(pub i32);

impl Dtz {
    /// The DTZ of a position whose best move zeroes the half-move clock and reaches `wdl`.
    #[inline]
    pub const fn before_zeroing(wdl: Wdl) -> Dtz {
        Dtz(match wdl {
            Wdl::Loss => -1,
            Wdl::BlessedLoss => -101,
            Wdl::Draw => 0,
            Wdl::CursedWin => 101,
            Wdl::Win => 1,
        })
    }

    /// The result this DTZ stands for right after a zeroing move (half-move clock 0).
    #[inline]
    pub const fn wdl_after_zeroing(self) -> Wdl {
        match self.0 {
            i32::MIN..=-101 => Wdl::BlessedLoss,
            -100..=-1 => Wdl::Loss,
            0 => Wdl::Draw,
            1..=100 => Wdl::Win,
            _ => Wdl::CursedWin,
        }
    }

    /// One ply further from zeroing (what a parent position sees): away from 0, 0 stays 0.
    #[inline]
    #[must_use]
    pub const fn add_ply(self) -> Dtz {
        Dtz(self.0 + self.0.signum())
    }
}

impl fmt::Display for Dtz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How one legal root move scores in the tables, from the root side's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RootRank {
    /// The result this move keeps, judged with the root's half-move clock (and the fifty-move
    /// rule when it is played): a table win the clock no longer leaves time for is a `CursedWin`.
    pub wdl: Wdl,
    /// Plies from the root position to the next zeroing move when this move is played and both
    /// sides then follow the tables (Stockfish's root DTZ): 1 for a winning capture, pawn move or
    /// mate, 0 for a draw, negative when losing.
    pub dtz: Dtz,
    /// Sort key, higher is better: `wdl` first, then the shortest DTZ for wins (a mate before
    /// any other move with the same DTZ) and the longest for losses.
    pub rank: i32,
    /// The move mates at once.
    pub mate: bool,
}

/// A table file that could not be read or decoded. Probes that hit it give this error instead of
/// a value; the engine reports it and plays on without the table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProbeError {
    /// The table that failed, e.g. `KQvK.rtbw`.
    pub table: String,
    /// What was wrong, in words.
    pub reason: String,
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "syzygy table {}: {}", self.table, self.reason)
    }
}

impl std::error::Error for ProbeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dtz_classifies_like_the_tables() {
        assert_eq!(Dtz(100).wdl_after_zeroing(), Wdl::Win);
        assert_eq!(Dtz(101).wdl_after_zeroing(), Wdl::CursedWin);
        assert_eq!(Dtz(-100).wdl_after_zeroing(), Wdl::Loss);
        assert_eq!(Dtz(-101).wdl_after_zeroing(), Wdl::BlessedLoss);
        assert_eq!(Dtz(0).wdl_after_zeroing(), Wdl::Draw);
        for wdl in [
            Wdl::Loss,
            Wdl::BlessedLoss,
            Wdl::Draw,
            Wdl::CursedWin,
            Wdl::Win,
        ] {
            assert_eq!(Dtz::before_zeroing(wdl).wdl_after_zeroing(), wdl);
        }
        assert_eq!(Dtz(-3).add_ply(), Dtz(-4));
        assert_eq!(Dtz(0).add_ply(), Dtz(0));
    }
}
