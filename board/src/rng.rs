//! The project's one pseudo-random generator, SplitMix64: tiny, deterministic on every
//! platform, and good enough for what the engine draws at random (extra Zobrist keys, opening
//! moves for self-play, the strength handicap's choices, synthetic test data). Nothing here
//! needs cryptographic quality.

/// One SplitMix64 step: the next state and the value it yields. `const` so tables built at
/// compile time can use it.
#[inline]
pub const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// A SplitMix64 stream: the same seed gives the same numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix(self.0);
        self.0 = state;
        value
    }

    /// A number in `0..n` (`n` > 0); the modulo bias is negligible for the small `n` used.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `[0, 1)` with 53 random bits.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_splitmix64_sequence() {
        // First outputs for seed 0 of the reference SplitMix64 (Vigna's splitmix64.c).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn ranges_hold_and_every_value_appears() {
        let mut r = Rng::new(42);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            seen[r.below(7)] += 1;
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }
}
