//! Squares, files and ranks. `Square(0)` is a1 and `Square(63)` is h8 (little-endian rank-file),
//! the layout the bitboards and the Polyglot keys share.

use crate::Color;
use std::fmt;

/// A board square, always in `0..64`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(u8);

impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The square with index `i`, or `None` when `i >= 64`.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// Builds a square from an index the caller knows is below 64 (masked, so never out of range).
    #[inline(always)]
    pub const fn from_index(i: u32) -> Square {
        Square((i & 63) as u8)
    }

    #[inline(always)]
    pub const fn make(file: u8, rank: u8) -> Square {
        Square(((rank & 7) << 3) | (file & 7))
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square seen from `color`'s side: rank 1 for white is rank 8 for black.
    #[inline(always)]
    pub const fn relative(self, color: Color) -> Square {
        Square(self.0 ^ (56 * color as u8))
    }

    /// The rank counted from `color`'s side (0 = own back rank).
    #[inline(always)]
    pub const fn relative_rank(self, color: Color) -> u8 {
        self.rank() ^ (7 * color as u8)
    }

    /// Mirror across the horizontal axis (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Offsets the square by `delta`; the caller guarantees the result stays on the board.
    #[inline(always)]
    pub const fn shift(self, delta: i8) -> Square {
        Square((self.0 as i8 + delta) as u8 & 63)
    }

    /// The square one rank forward from `color`'s view, if any.
    #[inline]
    pub const fn forward(self, color: Color) -> Option<Square> {
        let r = self.relative_rank(color);
        if r == 7 {
            None
        } else {
            Some(match color {
                Color::White => Square(self.0 + 8),
                Color::Black => Square(self.0 - 8),
            })
        }
    }

    /// Parses algebraic text like `e4`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (f, r) = (b[0].wrapping_sub(b'a'), b[1].wrapping_sub(b'1'));
        (f < 8 && r < 8).then(|| Square::make(f, r))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Letter of a file, `a`..`h`.
pub fn file_char(file: u8) -> char {
    (b'a' + (file & 7)) as char
}
