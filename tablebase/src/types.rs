//! The values a probe returns (`Wdl`, `Dtz`, `RootRank`) and why a probe failed (`ProbeError`).
//!
//! These are our own types rather than shakmaty-syzygy's so that the search and the engine never
//! depend on the prober crate, and so that they map one-to-one onto plain integers (`Wdl as i8`
//! runs from -2 to 2, the numbers python-chess and Fathom use).

use std::fmt;

/// Win/draw/loss for the side to move, counting the fifty-move rule as the tables do: a
/// `CursedWin` is a win that the fifty-move rule turns into a draw, a `BlessedLoss` a loss it
/// saves. The order is from worst to best for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(i8)]
pub enum Wdl {
    Loss = -2,
    BlessedLoss = -1,
    Draw = 0,
    CursedWin = 1,
    Win = 2,
}

impl Wdl {
    /// The value from -2 (loss) to 2 (win), as python-chess and Fathom print it.
    #[inline]
    pub const fn to_i8(self) -> i8 {
        self as i8
    }

    /// The inverse of `to_i8`; `None` outside -2..=2.
    pub const fn from_i8(v: i8) -> Option<Wdl> {
        match v {
            -2 => Some(Wdl::Loss),
            -1 => Some(Wdl::BlessedLoss),
            0 => Some(Wdl::Draw),
            1 => Some(Wdl::CursedWin),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// The same result seen from the other side.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The result when the fifty-move rule is not played: cursed wins win, blessed losses lose.
    #[inline]
    #[must_use]
    pub const fn without_fifty_move_rule(self) -> Wdl {
        match self {
            Wdl::Loss | Wdl::BlessedLoss => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin | Wdl::Win => Wdl::Win,
        }
    }

    /// -1, 0 or 1: who would win with unlimited moves.
    #[inline]
    pub const fn signum(self) -> i32 {
        (self as i32).signum()
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed win",
            Wdl::Win => "win",
        })
    }
}

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
    fn wdl_round_trips_through_i8_and_flip() {
        for v in -2..=2 {
            let wdl = Wdl::from_i8(v).expect("in range");
            assert_eq!(wdl.to_i8(), v);
            assert_eq!(wdl.flip().to_i8(), -v);
        }
        assert_eq!(Wdl::from_i8(3), None);
        assert!(Wdl::Loss < Wdl::BlessedLoss && Wdl::CursedWin < Wdl::Win);
    }

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
