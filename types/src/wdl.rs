//! A tablebase result: what the Syzygy prober returns and the search reads, one type for both.

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
}
