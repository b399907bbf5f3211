//! The project's one pseudo-random generator, SplitMix64: tiny, deterministic on every
//! platform, and good enough for what the engine draws at random (extra Zobrist keys, opening
//! moves for self-play, the strength handicap's choices, synthetic test data) and for the
//! trainer's (initial weights, the order of each epoch). Nothing here needs cryptographic
//! quality.

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

    /// A number in `0..n` without modulo bias (Lemire's multiply-and-reject), for choices
    /// whose odds must be exact, such as a book's weighted picks; 0 when `n` is 0.
    pub fn below_exact(&mut self, n: u64) -> u64 {
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

    /// A generator seeded from the clock (and `salt`), for play that should differ from run to
    /// run: book choices, the strength handicap. The project's only clock seeding.
    pub fn from_clock(salt: u64) -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Rng::new(nanos ^ salt.rotate_left(32))
    }

    /// A number in `[0, 1)` with 53 random bits.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `[-1, 1)` with 24 random bits, as `f32`: the trainer's initial weights.
    #[inline]
    pub fn symmetric(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
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
        let (mut low, mut high) = (f32::MAX, f32::MIN);
        for _ in 0..7_000 {
            seen[r.below(7)] += 1;
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
            let s = r.symmetric();
            assert!((-1.0..1.0).contains(&s));
            (low, high) = (low.min(s), high.max(s));
        }
        assert!(low < -0.99 && high > 0.99, "{low} {high}");
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }

    #[test]
    fn below_exact_is_in_range_and_spread() {
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            let v = rng.below_exact(3);
            counts[v as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert_eq!(rng.below_exact(1), 0);
        assert_eq!(rng.below_exact(0), 0);
    }
}
