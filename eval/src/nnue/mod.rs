//! The neural evaluation (NNUE): inference only. `docs/nnue.md` is the contract with the
//! trainer: a `(768 -> H) x 2 -> 1` network with SCReLU and output buckets by piece count,
//! quantised with `QA` and `QB`, in a little-endian file of format version 2.
//!
//! - [`features`]: which input a piece on a square is for each perspective, the output bucket,
//!   and [`Changes`], the features a move adds and removes.
//! - [`network`]: the quantised weights, read and validated by [`Network::from_bytes`], and the
//!   integer forward pass [`Network::evaluate`].
//! - [`accumulator`]: the first layer's output for both perspectives, rebuilt from a position
//!   ([`Accumulator::refresh`]) or derived from the parent position's ([`Accumulator::update`]).
//! - [`embedded`]: the network built into the binary (`eval/nets/`).
//! - [`simd`]: the loops over `H` values, for AVX-512, AVX2 and portable Rust, chosen once at
//!   run time; all give bit-identical results.
//!
//! How the search uses it: one `Accumulator` per ply. At the root `refresh`; before playing move
//! `m` in `pos`, `Changes::of_move(&pos, m)`, then `stack[ply + 1].update(&stack[ply], &net,
//! &changes)`. Unmaking a move just goes back to the parent's entry, and a null move copies the
//! parent (`Changes::NONE`). The score is `net.evaluate(&stack[ply], side_to_move, piece_count)`.

mod accumulator;
mod embedded;
mod features;
mod network;
pub mod simd;

pub use accumulator::Accumulator;
pub use embedded::{embedded, embedded_bytes, EMBEDDED_NAME};
pub use features::{bucket, feature_index, Changes, INPUTS};
pub use network::{
    NetError, NetFileError, Network, HEADER_LEN, MAGIC, NET_SIZE, VERSION, W1_LIMIT, W2_LIMIT,
};

/// Hidden neurons per perspective. The header must agree; other sizes need a rebuild.
pub const HIDDEN: usize = 256;
/// Output buckets (by piece count). The header must agree.
pub const BUCKETS: usize = 8;
/// Quantisation of the first layer: `W1` and `b1` are `round(x * QA)`, and SCReLU clamps to it.
pub const QA: i32 = 255;
/// Quantisation of the output weights `W2`. 128 rather than 64 (format version 1): trained
/// weights reach |0.77|, and steps of 1/64 put the quantised net 8 cp from the float one on
/// average, steps of 1/128 about half that (docs/nnue.md).
pub const QB: i32 = 128;
/// Centipawns per unit of the network's output (the sigmoid's scale in training).
pub const SCALE: i32 = 400;

// The SIMD loops step through a column 32 lanes (one AVX-512 register of i16) at a time.
const _: () = assert!(HIDDEN.is_multiple_of(32));

/// `HIDDEN` i16 values on a 64-byte boundary: a weight column of the first layer, the bias, a
/// half of the output weights, or one perspective of an accumulator. The alignment keeps every
/// SIMD load inside one cache line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Column(pub [i16; HIDDEN]);

impl Column {
    pub const ZERO: Column = Column([0; HIDDEN]);
}
