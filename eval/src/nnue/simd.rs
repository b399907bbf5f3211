//! The loops over the `H` values of a column: the output layer's dot product and the
//! accumulator's additions of weight columns, written three times: AVX-512 (BW), AVX2 and
//! portable Rust. The release binary targets plain x86-64, so the instruction set is chosen at
//! run time, detected once and cached in an atomic (a relaxed load on the hot path).
//!
//! All three give bit-identical results for any input, so a score never depends on the machine:
//! the accumulator arithmetic is i16 with wrap-around in every path (`wrapping_add` here,
//! `add_epi16` there; a validated network never wraps, see `network`), and the dot product is
//! exact: each term `(a * w) * a` (with `a * w` truncated to i16 as `mullo_epi16` does) is at most
//! 32768 * 255 in size; a SIMD path sums them in i32 lanes, each lane `H / 8` terms at most
//! (AVX2: 16 i16 lanes, pairs into 8 i32 lanes), which fits an i32 in any order of addition, and
//! adds the lanes up in i64, as the portable path adds every term. So any hidden size up to 2 056
//! is exact, not only the 256 of the first nets.

use super::{Column, QA};
use std::sync::atomic::{AtomicU8, Ordering};

/// An instruction set the kernels are written for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Level {
    Portable = 1,
    Avx2 = 2,
    /// AVX-512 F and BW (BW has the 16-bit lane operations).
    Avx512 = 3,
}

impl Level {
    /// Every level, slowest first.
    pub const ALL: [Level; 3] = [Level::Portable, Level::Avx2, Level::Avx512];

    /// Whether this CPU runs the level's instructions.
    pub fn is_available(self) -> bool {
        match self {
            Level::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest level this CPU runs.
    pub fn best() -> Level {
        *Level::ALL
            .iter()
            .rev()
            .find(|l| l.is_available())
            .unwrap_or(&Level::Portable)
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
        }
    }
}

/// The level in use as `Level as u8`; 0 until first use. Only available levels are stored.
static CURRENT: AtomicU8 = AtomicU8::new(0);

/// The level the evaluation uses (detected on first use).
pub fn level() -> Level {
    Backend::current().0
}

/// Switches the level, for benchmarks and tests; refuses (returns false) a level this CPU
/// lacks. Every level gives the same results, so switching during a search is harmless.
pub fn set_level(level: Level) -> bool {
    match Backend::new(level) {
        Some(b) => {
            CURRENT.store(b.0 as u8, Ordering::Relaxed);
            true
        }
        None => false,
    }
}

/// A level this CPU supports: only `new` and `current` make one, both after detection, which
/// is what makes calling the `target_feature` kernels sound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Backend(Level);

impl Backend {
    pub(crate) fn new(level: Level) -> Option<Backend> {
        level.is_available().then_some(Backend(level))
    }

    /// The level in use.
    #[inline(always)]
    pub(crate) fn current() -> Backend {
        match CURRENT.load(Ordering::Relaxed) {
            1 => Backend(Level::Portable),
            2 => Backend(Level::Avx2),
            3 => Backend(Level::Avx512),
            _ => Backend::detect(),
        }
    }

    #[cold]
    fn detect() -> Backend {
        let best = Level::best();
        // Keep a level someone set meanwhile.
        let _ = CURRENT.compare_exchange(0, best as u8, Ordering::Relaxed, Ordering::Relaxed);
        Backend(best)
    }

    /// `sum_i (a_i * w_i) * a_i` over both halves, `a = clamp(acc, 0, QA)`: the output layer
    /// before its bias and scaling.
    #[inline]
    pub(crate) fn screlu_dot<const H: usize>(
        self,
        us: &Column<H>,
        w_us: &Column<H>,
        them: &Column<H>,
        w_them: &Column<H>,
    ) -> i64 {
        // The exactness argument of the module comment: one i32 lane's H / 8 terms of at most
        // 32768 * 255 fit it.
        const { assert!((H / 8) as i64 * 32768 * QA as i64 <= i32::MAX as i64) };
        let (a, b) = match self.0 {
            // SAFETY: a `Backend` holds `Avx512` only if the CPU has AVX-512 F and BW.
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => unsafe {
                (
                    avx512::screlu_dot(us, w_us),
                    avx512::screlu_dot(them, w_them),
                )
            },
            // SAFETY: a `Backend` holds `Avx2` only if the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { (avx2::screlu_dot(us, w_us), avx2::screlu_dot(them, w_them)) },
            _ => (
                portable::screlu_dot(us, w_us),
                portable::screlu_dot(them, w_them),
            ),
        };
        a + b
    }

    /// `out = parent + sum(add) - sum(sub)`, lane-wise with i16 wrap-around.
    #[inline]
    pub(crate) fn update<const H: usize, const A: usize, const S: usize>(
        self,
        out: &mut Column<H>,
        parent: &Column<H>,
        add: [&Column<H>; A],
        sub: [&Column<H>; S],
    ) {
        match self.0 {
            // SAFETY: a `Backend` holds `Avx512` only if the CPU has AVX-512 F and BW.
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => unsafe { avx512::update(out, parent, add, sub) },
            // SAFETY: a `Backend` holds `Avx2` only if the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { avx2::update(out, parent, add, sub) },
            _ => portable::update(out, parent, add, sub),
        }
    }

    /// `out = bias + sum of columns[f] for f in features`, lane-wise with i16 wrap-around.
    #[inline]
    pub(crate) fn sum_columns<const H: usize>(
        self,
        out: &mut Column<H>,
        bias: &Column<H>,
        columns: &[Column<H>],
        features: &[u16],
    ) {
        match self.0 {
            // SAFETY: a `Backend` holds `Avx512` only if the CPU has AVX-512 F and BW.
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => unsafe { avx512::sum_columns(out, bias, columns, features) },
            // SAFETY: a `Backend` holds `Avx2` only if the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { avx2::sum_columns(out, bias, columns, features) },
            _ => portable::sum_columns(out, bias, columns, features),
        }
    }
}

/// The reference: plain Rust with the same wrap-around and truncation as the SIMD paths.
mod portable {
    use super::super::{Column, QA};

    #[inline]
    pub(super) fn screlu_dot<const H: usize>(acc: &Column<H>, w: &Column<H>) -> i64 {
        let mut sum = 0i64;
        for (&x, &w) in acc.0.iter().zip(&w.0) {
            let a = x.clamp(0, QA as i16);
            sum += i64::from(i32::from(a.wrapping_mul(w)) * i32::from(a));
        }
        sum
    }

    #[inline]
    pub(super) fn update<const H: usize, const A: usize, const S: usize>(
        out: &mut Column<H>,
        parent: &Column<H>,
        add: [&Column<H>; A],
        sub: [&Column<H>; S],
    ) {
        for i in 0..out.0.len() {
            let mut v = parent.0[i];
            for c in add {
                v = v.wrapping_add(c.0[i]);
            }
            for c in sub {
                v = v.wrapping_sub(c.0[i]);
            }
            out.0[i] = v;
        }
    }

    #[inline]
    pub(super) fn sum_columns<const H: usize>(
        out: &mut Column<H>,
        bias: &Column<H>,
        columns: &[Column<H>],
        features: &[u16],
    ) {
        *out = *bias;
        for &f in features {
            let Some(col) = columns.get(f as usize) else {
                continue;
            };
            for (o, &w) in out.0.iter_mut().zip(&col.0) {
                *o = o.wrapping_add(w);
            }
        }
    }
}

/// Defines a kernel module for one register width. The bodies are the same for AVX2 and
/// AVX-512 up to the intrinsics' names, so one macro writes both and they cannot drift apart.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_kernels {
    (
        $name:ident, $features:literal, $lanes:literal, $reg:ty,
        zero: $zero:ident, set1: $set1:ident, load: $load:ident, store: $store:ident,
        add16: $add16:ident, sub16: $sub16:ident, max16: $max16:ident, min16: $min16:ident,
        mullo16: $mullo16:ident, madd16: $madd16:ident, add32: $add32:ident
    ) => {
        mod $name {
            use super::super::{Column, QA};
            use std::arch::x86_64::*;

            /// i16 values per register.
            const LANES: usize = $lanes;
            /// Registers held while summing columns for a refresh: a whole column of the
            /// shipped size with AVX-512, half of one with AVX2 (16 registers in all, a few
            /// left for loads). A smaller column is held whole.
            const TILE: usize = 8;

            /// Registers per tile for columns of `H`: the most, up to `TILE`, that divide the
            /// column into equal tiles (a column of 384 with AVX-512 is 12 registers: two tiles
            /// of 6, not one of 8 and a remainder), or the whole column if it is smaller.
            const fn tile(h: usize) -> usize {
                let chunks = h / LANES;
                let mut t = if chunks < TILE { chunks } else { TILE };
                while t > 1 && chunks % t != 0 {
                    t -= 1;
                }
                t
            }

            type Chunk = [i16; LANES];

            #[inline]
            fn chunks<const H: usize>(c: &Column<H>) -> &[Chunk] {
                c.0.as_chunks::<LANES>().0
            }

            #[inline]
            #[target_feature(enable = $features)]
            fn load(chunk: &Chunk) -> $reg {
                // SAFETY: `chunk` is LANES * 2 readable bytes, exactly one register, and the
                // unaligned load accepts any address (columns are 64-byte aligned anyway, so
                // no load crosses a cache line).
                unsafe { $load(chunk.as_ptr().cast()) }
            }

            #[inline]
            #[target_feature(enable = $features)]
            fn store(chunk: &mut Chunk, v: $reg) {
                // SAFETY: `chunk` is LANES * 2 writable bytes, exactly one register, and the
                // unaligned store accepts any address.
                unsafe { $store(chunk.as_mut_ptr().cast(), v) }
            }

            #[target_feature(enable = $features)]
            pub(super) fn screlu_dot<const H: usize>(acc: &Column<H>, w: &Column<H>) -> i64 {
                let zero = $zero();
                let qa = $set1(QA as i16);
                let mut sum = zero;
                for (x, w) in chunks(acc).iter().zip(chunks(w)) {
                    let a = $min16($max16(load(x), zero), qa);
                    // a * w truncated to i16 (exact for a validated W2), then
                    // (a * w) * a summed in pairs into i32 lanes.
                    sum = $add32(sum, $madd16($mullo16(a, load(w)), a));
                }
                // The i32 lanes added up in i64 (see the module comment). Each i32 lane is two
                // i16 lanes, low half first (x86 is little-endian).
                let mut halves: Chunk = [0; LANES];
                store(&mut halves, sum);
                halves
                    .as_chunks::<2>()
                    .0
                    .iter()
                    .map(|&[lo, hi]| i64::from((i32::from(hi) << 16) | i32::from(lo as u16)))
                    .sum()
            }

            #[target_feature(enable = $features)]
            pub(super) fn update<const H: usize, const A: usize, const S: usize>(
                out: &mut Column<H>,
                parent: &Column<H>,
                add: [&Column<H>; A],
                sub: [&Column<H>; S],
            ) {
                let parent = chunks(parent);
                let add = add.map(chunks);
                let sub = sub.map(chunks);
                for (i, o) in out.0.as_chunks_mut::<LANES>().0.iter_mut().enumerate() {
                    let mut v = load(&parent[i]);
                    for c in add {
                        v = $add16(v, load(&c[i]));
                    }
                    for c in sub {
                        v = $sub16(v, load(&c[i]));
                    }
                    store(o, v);
                }
            }

            #[target_feature(enable = $features)]
            pub(super) fn sum_columns<const H: usize>(
                out: &mut Column<H>,
                bias: &Column<H>,
                columns: &[Column<H>],
                features: &[u16],
            ) {
                let held = const { tile(H) };
                const { assert!(H % LANES == 0 && (H / LANES) % tile(H) == 0) };
                let out = out.0.as_chunks_mut::<LANES>().0;
                let bias = chunks(bias);
                for base in (0..H / LANES).step_by(held) {
                    // `held` registers used of `TILE`: a constant, so the loops unroll and the
                    // unused registers vanish.
                    let mut regs: [$reg; TILE] = [$zero(); TILE];
                    for (r, reg) in regs[..held].iter_mut().enumerate() {
                        *reg = load(&bias[base + r]);
                    }
                    for &f in features {
                        let Some(col) = columns.get(f as usize) else {
                            continue;
                        };
                        let col = chunks(col);
                        for (r, reg) in regs[..held].iter_mut().enumerate() {
                            *reg = $add16(*reg, load(&col[base + r]));
                        }
                    }
                    for (r, reg) in regs[..held].iter().enumerate() {
                        store(&mut out[base + r], *reg);
                    }
                }
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
x86_kernels!(
    avx2, "avx2", 16, __m256i,
    zero: _mm256_setzero_si256, set1: _mm256_set1_epi16,
    load: _mm256_loadu_si256, store: _mm256_storeu_si256,
    add16: _mm256_add_epi16, sub16: _mm256_sub_epi16,
    max16: _mm256_max_epi16, min16: _mm256_min_epi16,
    mullo16: _mm256_mullo_epi16, madd16: _mm256_madd_epi16, add32: _mm256_add_epi32
);

#[cfg(target_arch = "x86_64")]
x86_kernels!(
    avx512, "avx512f,avx512bw", 32, __m512i,
    zero: _mm512_setzero_si512, set1: _mm512_set1_epi16,
    load: _mm512_loadu_si512, store: _mm512_storeu_si512,
    add16: _mm512_add_epi16, sub16: _mm512_sub_epi16,
    max16: _mm512_max_epi16, min16: _mm512_min_epi16,
    mullo16: _mm512_mullo_epi16, madd16: _mm512_madd_epi16, add32: _mm512_add_epi32
);

#[cfg(test)]
mod tests {
    use super::super::HIDDEN;
    use super::*;
    use outpost_board::Rng;

    /// Values that stress the edges: the clamp's bounds, their neighbours, the i16 extremes.
    const EDGES: [i16; 10] = [i16::MIN, -32767, -256, -1, 0, 1, 254, 255, 256, i16::MAX];

    fn random_column<const H: usize>(rng: &mut Rng, limit: i16) -> Column<H> {
        Column(std::array::from_fn(|_| match rng.below(8) {
            0 => EDGES[rng.below(EDGES.len())],
            _ => (rng.below(2 * limit as usize + 1) as i32 - limit as i32) as i16,
        }))
    }

    /// The backend of `level` for the test `test`, or `None` after saying that the test is
    /// skipped: this CPU lacks the level, so its path cannot run here (the engine never selects
    /// it here either). The line is written to stderr directly rather than by `eprintln!`,
    /// which the test harness captures and shows only for a failing test: `cargo test` prints
    /// it beside the test's `ok`, so a run on a CPU without AVX2 or AVX-512 says which
    /// comparisons it did not make instead of passing silently. Each test is named for its
    /// level, so the summary itself lists what was compared.
    fn backend_or_skip(level: Level, test: &str) -> Option<Backend> {
        let backend = Backend::new(level);
        if backend.is_none() {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "{test}: skipped, this CPU lacks {}",
                level.name()
            );
        }
        backend
    }

    /// One test per SIMD level and kernel: `$check` compares the level's path with the portable
    /// one on the same inputs.
    macro_rules! per_level {
        ($($name:ident: $level:expr, $check:ident;)*) => {$(
            #[test]
            fn $name() {
                if let Some(backend) = backend_or_skip($level, stringify!($name)) {
                    $check(backend);
                }
            }
        )*};
    }

    per_level! {
        avx2_dot_products_equal_the_portable_path: Level::Avx2, check_dot_products;
        avx512_dot_products_equal_the_portable_path: Level::Avx512, check_dot_products;
        avx2_accumulator_updates_equal_the_portable_path: Level::Avx2, check_updates;
        avx512_accumulator_updates_equal_the_portable_path: Level::Avx512, check_updates;
        avx2_column_sums_equal_the_portable_path: Level::Avx2, check_column_sums;
        avx512_column_sums_equal_the_portable_path: Level::Avx512, check_column_sums;
    }

    fn check_dot_products(b: Backend) {
        let portable = Backend(Level::Portable);
        let mut rng = Rng::new(0xD07);
        for round in 0..2_000 {
            // Any i16 weights (the SIMD truncation must match), and validated ones.
            let limit = if round % 2 == 0 { i16::MAX } else { 127 };
            let cols: [Column; 4] = std::array::from_fn(|i| {
                random_column(&mut rng, if i % 2 == 0 { 400 } else { limit })
            });
            let expected = portable.screlu_dot(&cols[0], &cols[1], &cols[2], &cols[3]);
            let got = b.screlu_dot(&cols[0], &cols[1], &cols[2], &cols[3]);
            assert_eq!(got, expected, "{b:?} round {round}");
        }
        // The extremes: every lane at the largest term in size, both signs.
        let full = Column([QA as i16; HIDDEN]);
        for w in [i16::MIN, i16::MAX, 127, -128] {
            let w = Column([w; HIDDEN]);
            let expected = portable.screlu_dot(&full, &w, &full, &w);
            assert_eq!(b.screlu_dot(&full, &w, &full, &w), expected, "{b:?}");
        }
    }

    #[test]
    fn the_portable_dot_product_is_the_formula() {
        let mut rng = Rng::new(0xF0);
        let acc: Column = random_column(&mut rng, 400);
        // Validated weights, where the truncation to i16 never happens.
        let w = Column(std::array::from_fn(|_| rng.below(255) as i16 - 127));
        let zero = Column::ZERO;
        let expected: i64 = (0..HIDDEN)
            .map(|i| {
                let a = acc.0[i].clamp(0, QA as i16) as i64;
                a * w.0[i] as i64 * a
            })
            .sum();
        assert_eq!(
            Backend(Level::Portable).screlu_dot(&acc, &w, &zero, &zero),
            expected
        );
    }

    fn check_update<const A: usize, const S: usize>(rng: &mut Rng, b: Backend) {
        let parent = random_column(rng, i16::MAX);
        let add: [Column; A] = std::array::from_fn(|_| random_column(rng, i16::MAX));
        let sub: [Column; S] = std::array::from_fn(|_| random_column(rng, i16::MAX));
        let mut expected = Column::ZERO;
        Backend(Level::Portable).update(&mut expected, &parent, add.each_ref(), sub.each_ref());
        let mut got = Column([7; HIDDEN]);
        b.update(&mut got, &parent, add.each_ref(), sub.each_ref());
        assert_eq!(got, expected, "{b:?} with {A} added, {S} removed");
    }

    fn check_updates(b: Backend) {
        let mut rng = Rng::new(0xACC);
        for _ in 0..300 {
            check_update::<0, 0>(&mut rng, b);
            check_update::<1, 0>(&mut rng, b);
            check_update::<0, 1>(&mut rng, b);
            check_update::<1, 1>(&mut rng, b);
            check_update::<1, 2>(&mut rng, b);
            check_update::<2, 2>(&mut rng, b);
        }
    }

    /// The shipped hidden size (384: 12 AVX-512 registers, 24 AVX2 ones, a column that `TILE`
    /// does not divide), and others: smaller than one tile of registers, a tile of AVX-512
    /// registers that is not a whole column, and the 256 of nets 1 to 6.
    fn check_column_sums(b: Backend) {
        let mut rng = Rng::new(0x5E7);
        check_column_sums_at::<HIDDEN>(b, &mut rng);
        check_column_sums_at::<64>(b, &mut rng);
        check_column_sums_at::<128>(b, &mut rng);
        check_column_sums_at::<256>(b, &mut rng);
        check_column_sums_at::<512>(b, &mut rng);
    }

    fn check_column_sums_at<const H: usize>(b: Backend, rng: &mut Rng) {
        let columns: Vec<Column<H>> = (0..100).map(|_| random_column(rng, i16::MAX)).collect();
        for round in 0..500 {
            let bias = random_column(rng, i16::MAX);
            // 0 to 32 features, repeats allowed, and an out-of-range index that must be skipped.
            let mut features: Vec<u16> = (0..round % 33).map(|_| rng.below(100) as u16).collect();
            if round % 7 == 0 {
                features.push(u16::MAX);
            }
            let mut expected = Column::ZERO;
            Backend(Level::Portable).sum_columns(&mut expected, &bias, &columns, &features);
            let mut got = Column([7; H]);
            b.sum_columns(&mut got, &bias, &columns, &features);
            assert_eq!(got, expected, "{b:?} H {H} round {round}");
            // The dot product and an update at this size too.
            let (w, other) = (random_column(rng, 127), random_column(rng, i16::MAX));
            let dot = Backend(Level::Portable).screlu_dot(&expected, &w, &bias, &w);
            let mut updated = Column::ZERO;
            Backend(Level::Portable).update(&mut updated, &bias, [&other], [&w]);
            assert_eq!(b.screlu_dot(&expected, &w, &bias, &w), dot, "{b:?} H {H}");
            let mut got = Column([7; H]);
            b.update(&mut got, &bias, [&other], [&w]);
            assert_eq!(got, updated, "{b:?} H {H}");
        }
    }

    #[test]
    fn levels_are_detected_and_settable() {
        assert!(Level::Portable.is_available());
        assert!(Level::best().is_available());
        assert!(Backend::new(Level::best()).is_some());
        // `set_level` is not called here: other tests of this binary run in parallel.
        assert!(level().is_available());
        println!("best level on this CPU: {}", Level::best().name());
    }
}
