//! The small random generator behind weighted book picks.
//!
//! Book choice needs variety, not cryptography: SplitMix64 is tiny, has no bad seeds (zero works)
//! and lets a caller replay a game's book choices by reusing a seed.

/// A seeded SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct BookRng {
    state: u64,
}

impl BookRng {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> BookRng {
        BookRng { state: seed }
    }

    /// A generator seeded from the clock, for play where repeatable choices are not wanted.
    pub fn from_time() -> BookRng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        BookRng::new(nanos ^ u64::from(std::process::id()).rotate_left(32))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (`n > 0`), without modulo bias: Lemire's multiply-and-reject.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = BookRng::new(42);
        let mut b = BookRng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(BookRng::new(1).next_u64(), BookRng::new(2).next_u64());
    }

    #[test]
    fn below_is_in_range_and_spread() {
        let mut rng = BookRng::new(7);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            let v = rng.below(3);
            assert!(v < 3);
            counts[v as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert_eq!(rng.below(1), 0);
        assert_eq!(rng.below(0), 0);
    }
}
