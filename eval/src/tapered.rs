//! `Tapered`: a middlegame and an endgame value packed into one `i32`.
//!
//! Every evaluation term has a middlegame and an endgame weight; adding them as one packed integer
//! halves the arithmetic and keeps the two halves from being mixed up. The endgame half lives in the
//! upper 16 bits and the middlegame half in the lower 16, stored so that plain integer addition,
//! subtraction, negation and multiplication by a small integer act on both halves at once. Each half
//! must stay within `i16`, which is far beyond any real evaluation.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A packed (middlegame, endgame) pair.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Tapered(i32);

/// Short constructor for weight tables: `s(mg, eg)`.
#[inline(always)]
pub const fn s(mg: i32, eg: i32) -> Tapered {
    Tapered::new(mg, eg)
}

impl Tapered {
    pub const ZERO: Tapered = Tapered(0);

    #[inline(always)]
    pub const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered((eg << 16).wrapping_add(mg))
    }

    #[inline(always)]
    pub const fn mg(self) -> i32 {
        self.0 as i16 as i32
    }

    /// The upper half, corrected for the borrow a negative middlegame half takes from it.
    #[inline(always)]
    pub const fn eg(self) -> i32 {
        ((self.0.wrapping_add(0x8000)) >> 16) as i16 as i32
    }
}

impl Add for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn add(self, rhs: Tapered) -> Tapered {
        Tapered(self.0.wrapping_add(rhs.0))
    }
}

impl Sub for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn sub(self, rhs: Tapered) -> Tapered {
        Tapered(self.0.wrapping_sub(rhs.0))
    }
}

impl Neg for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn neg(self) -> Tapered {
        Tapered(self.0.wrapping_neg())
    }
}

impl Mul<i32> for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn mul(self, rhs: i32) -> Tapered {
        Tapered(self.0.wrapping_mul(rhs))
    }
}

impl AddAssign for Tapered {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Tapered) {
        *self = *self + rhs;
    }
}

impl SubAssign for Tapered {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Tapered) {
        *self = *self - rhs;
    }
}

impl std::iter::Sum for Tapered {
    fn sum<I: Iterator<Item = Tapered>>(iter: I) -> Tapered {
        iter.fold(Tapered::ZERO, |a, b| a + b)
    }
}

impl fmt::Debug for Tapered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "s({}, {})", self.mg(), self.eg())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_survive_arithmetic() {
        let values = [-3000, -257, -1, 0, 1, 255, 256, 4000];
        for &a in &values {
            for &b in &values {
                let x = s(a, b);
                assert_eq!((x.mg(), x.eg()), (a, b));
                assert_eq!(((-x).mg(), (-x).eg()), (-a, -b));
                let y = x * 3 - s(b, a);
                assert_eq!((y.mg(), y.eg()), (3 * a - b, 3 * b - a));
            }
        }
    }
}
