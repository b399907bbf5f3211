//! A score as the outside world sees it, and which side of the true value it lies on.

/// A score from the side to move's point of view, as reported to a GUI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns. Tablebase wins and losses are reported here too, near +-20000 (the search
    /// crate's `reporter::TB_CP`), the convention GUIs recognise.
    Cp(i32),
    /// Mate in this many *moves* (not plies); negative (or 0) when the side to move is mated.
    Mate(i32),
}

/// What a score says about the true value: exact, or only a bound (a fail-high or fail-low).
///
/// One type for the transposition table's entries and for reported scores (UCI `lowerbound`,
/// `upperbound`). The discriminants are the table's packed form: they fit in two bits and leave
/// 0 free to mean "empty slot" (see [`Bound::from_bits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Bound {
    /// The true score is at most this one (fail low; UCI `upperbound`).
    Upper = 1,
    /// The true score is at least this one (fail high; UCI `lowerbound`).
    Lower = 2,
    /// The score is exact (a PV node, a completed iteration).
    Exact = 3,
}

impl Bound {
    /// The bound whose discriminant is the low two bits of `bits`, or `None` for 0 (an empty
    /// transposition table slot). The inverse of `bound as u64`.
    #[inline(always)]
    pub const fn from_bits(bits: u64) -> Option<Bound> {
        match bits & 3 {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_round_trip_through_two_bits() {
        for bound in [Bound::Upper, Bound::Lower, Bound::Exact] {
            assert!((bound as u64) < 4 && bound as u64 != 0);
            assert_eq!(Bound::from_bits(bound as u64), Some(bound));
            // Only the low two bits count: the table shifts its word down to them.
            assert_eq!(Bound::from_bits(bound as u64 | 0b1100), Some(bound));
        }
        assert_eq!(Bound::from_bits(0), None);
        assert_eq!(Bound::from_bits(4), None);
    }
}
