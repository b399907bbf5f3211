//! The neural evaluation (NNUE): inference only. The network itself (its inputs, output
//! buckets, shape, quantisation and file) is defined once in `outpost_network`, which the
//! trainer uses too; `docs/nnue.md` is the written contract: a `(768 -> H) x 2 -> 1` network
//! with SCReLU and output buckets by piece count, or with 768 inputs per king bucket. The
//! inference is generic over the hidden size `H` and the feature set `F` (its header number);
//! the engine instantiates the shipped [`HIDDEN`] and [`FEATURES`], tests others.
//!
//! - [`features`]: [`Changes`], the pieces a move adds and removes.
//! - [`network`]: the quantised weights in aligned columns, read through `outpost_network`'s
//!   validating reader by [`Network::from_bytes`], and the integer forward pass
//!   [`Network::evaluate`].
//! - [`accumulator`]: the first layer's output for both perspectives, rebuilt from a position
//!   ([`Accumulator::refresh`]) or derived from the parent position's ([`Accumulator::update`]).
//! - [`embedded`]: the network built into the binary (`eval/nets/`).
//! - [`simd`]: the loops over `H` values, for AVX-512, AVX2 and portable Rust, chosen once at
//!   run time; all give bit-identical results.
//!
//! How the search uses it: one `Accumulator` per ply. At the root `refresh`; before playing move
//! `m` in `pos`, `Changes::of_move(&pos, m)`, then after making it `stack[ply + 1].update(&stack[ply],
//! &net, &changes, &pos)` (a king move that changes its side's king bucket rebuilds that side
//! from the position). Unmaking a move just goes back to the parent's entry, and a null move copies the
//! parent (`Changes::NONE`). The score is `net.evaluate(&stack[ply], side_to_move, piece_count)`.

mod accumulator;
mod embedded;
mod features;
mod network;
pub mod simd;

pub use accumulator::Accumulator;
pub use embedded::{embedded, embedded_bytes, EMBEDDED_NAME};
pub use features::Changes;
pub use network::Network;
pub use outpost_network::{
    bucket, FeatureSet, KingView, NetError, NetFileError, Shape, BUCKETS, HEADER_LEN, HIDDEN,
    MAGIC, QA, QB, SCALE, VERSION, W1_LIMIT, W2_LIMIT,
};

/// The inputs this inference computes: the shipped network's (`outpost_network`).
pub const FEATURES: FeatureSet = Shape::SHIPPED.features;
/// Inputs per perspective.
pub const INPUTS: usize = FEATURES.inputs();
/// Bytes in a net file of the shipped shape, the one the engine is built for.
pub const NET_SIZE: usize = Shape::SHIPPED.file_size();
/// The header number of the shipped feature set: the default of [`Network`]'s and
/// [`Accumulator`]'s second parameter, which tests set to another set's.
pub const SHIPPED_FEATURES: u32 = FEATURES.id();

/// `H` i16 values on a 64-byte boundary: a weight column of the first layer, the bias, a half
/// of the output weights, or one perspective of an accumulator. The alignment keeps every SIMD
/// load inside one cache line. `H` is the hidden size; the engine uses the shipped [`HIDDEN`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Column<const H: usize = HIDDEN>(pub [i16; H]);

impl<const H: usize> Column<H> {
    /// All zeros. The SIMD loops step through a column 32 lanes (one AVX-512 register of i16)
    /// at a time, so `H` must be a multiple of 32; using `ZERO` checks it at compile time.
    pub const ZERO: Column<H> = {
        assert!(
            H.is_multiple_of(32),
            "the hidden size must be a multiple of 32"
        );
        Column([0; H])
    };
}
