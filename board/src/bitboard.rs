//! 64-bit square sets.

use crate::{cpu, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, bit `i` standing for `Square(i)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    pub const RANK_8: Bitboard = Bitboard(0xFF << 56);
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    pub const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    #[inline(always)]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Self::FILE_A.0 << (file & 7))
    }

    #[inline(always)]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * (rank & 7)))
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Number of squares; uses the POPCNT instruction when the CPU has it.
    #[inline(always)]
    pub fn count(self) -> u32 {
        popcount(self.0)
    }

    /// Lowest square; the set must not be empty.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        Square::from_index(self.0.trailing_zeros())
    }

    /// Removes and returns the lowest square; the set must not be empty.
    #[inline(always)]
    pub fn pop(&mut self) -> Square {
        let sq = self.lsb();
        self.0 &= self.0.wrapping_sub(1);
        sq
    }

    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Every square moved one rank up (towards rank 8); squares falling off the board vanish.
    #[inline(always)]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    #[inline(always)]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    #[inline(always)]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 << 1) & !Self::FILE_A.0)
    }

    #[inline(always)]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 >> 1) & !Self::FILE_H.0)
    }

    /// Squares of the set in ascending order.
    #[inline(always)]
    pub fn iter(self) -> BitIter {
        BitIter(self.0)
    }
}

#[inline(always)]
pub(crate) fn popcount(x: u64) -> u32 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if cpu::popcnt_enabled() {
        let n: u64;
        // SAFETY: `popcnt_enabled` is true only after CPUID reported POPCNT support, and the
        // instruction touches nothing but the two registers named here.
        unsafe {
            std::arch::asm!("popcnt {n}, {x}", x = in(reg) x, n = lateout(reg) n,
                options(pure, nomem, nostack, preserves_flags));
        }
        return n as u32;
    }
    x.count_ones()
}

/// Iterator over the squares of a bitboard, lowest first.
pub struct BitIter(u64);

impl Iterator for BitIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = popcount(self.0) as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitIter;
    #[inline(always)]
    fn into_iter(self) -> BitIter {
        BitIter(self.0)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard(0x{:016x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = if self.has(Square::make(file, rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
