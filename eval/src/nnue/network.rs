//! The quantised weights in aligned columns, read from a net file through `outpost_network`
//! (which validates it: docs/nnue.md has the byte layout), and the integer forward pass from an
//! accumulator to centipawns.

use super::simd::Backend;
use super::{
    bucket, Accumulator, Column, FeatureSet, BUCKETS, HIDDEN, QA, QB, SCALE, SHIPPED_FEATURES,
    W2_LIMIT,
};
use outpost_board::{Color, Position, Rng};
use outpost_network::{NetError, NetFileError, QuantNet, Shape};
use std::fmt;

/// A network's quantised weights, each tensor in 64-byte aligned columns for the SIMD loads.
/// `H` is the hidden size and `F` the feature set's header number; the engine's are the
/// shipped [`HIDDEN`] and [`super::FEATURES`].
#[derive(Clone, PartialEq, Eq)]
pub struct Network<const H: usize = HIDDEN, const F: u32 = SHIPPED_FEATURES> {
    /// `W1`, one column of `H` per input feature.
    w1: Box<[Column<H>]>,
    b1: Column<H>,
    /// `W2` per bucket: the side to move's half, then the other side's.
    w2: [[Column<H>; 2]; BUCKETS],
    b2: [i32; BUCKETS],
}

impl<const H: usize, const F: u32> fmt::Debug for Network<H, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // 200 000 weights help nobody; the output biases tell nets apart.
        f.debug_struct("Network")
            .field("features", &FeatureSet::from_known_id(F).name())
            .field("hidden", &H)
            .field("buckets", &BUCKETS)
            .field("b2", &self.b2)
            .finish_non_exhaustive()
    }
}

impl<const H: usize, const F: u32> Network<H, F> {
    /// The shape of file this network reads: the shipped output buckets, feature set `F` and
    /// `H` hidden.
    pub const SHAPE: Shape = Shape {
        features: FeatureSet::from_known_id(F),
        hidden: H,
        ..Shape::SHIPPED
    };

    /// Reads and validates the net file at `path` (the engine's `EvalFile`, datagen's `--net`).
    pub fn read_file(path: impl AsRef<std::path::Path>) -> Result<Network<H, F>, NetFileError> {
        let bytes = std::fs::read(path).map_err(NetFileError::Read)?;
        Network::from_bytes(&bytes).map_err(NetFileError::Invalid)
    }

    /// Reads a net file (docs/nnue.md) of this network's [`Network::SHAPE`], validated by
    /// `outpost_network`: the header against this build, the size against the header, and the
    /// weights against the training clip. The weights are copied into aligned storage, so
    /// `bytes` may have any alignment, e.g. the `include_bytes!` of `eval/nets/net10.nnue` that
    /// `embedded.rs` builds in.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network<H, F>, NetError> {
        let q = QuantNet::from_bytes(bytes, &Self::SHAPE)?;
        let mut net = Network::zeroed();
        for (col, w) in net.w1.iter_mut().zip(q.w1.as_chunks::<H>().0) {
            col.0 = *w;
        }
        net.b1.0.copy_from_slice(&q.b1);
        for (col, w) in net.w2.iter_mut().flatten().zip(q.w2.as_chunks::<H>().0) {
            col.0 = *w;
        }
        net.b2.copy_from_slice(&q.b2);
        Ok(net)
    }

    /// The weights as the file holds them.
    pub fn to_quant(&self) -> QuantNet {
        let flat = |cols: &mut dyn Iterator<Item = &Column<H>>| -> Vec<i16> {
            cols.flat_map(|c| c.0).collect()
        };
        QuantNet {
            shape: Self::SHAPE,
            w1: flat(&mut self.w1.iter()),
            b1: self.b1.0.to_vec(),
            w2: flat(&mut self.w2.iter().flatten()),
            b2: self.b2.to_vec(),
        }
    }

    /// The net file of this network (the inverse of `from_bytes`), of the current version.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_quant().to_bytes()
    }

    fn zeroed() -> Network<H, F> {
        Network {
            w1: vec![Column::ZERO; Self::SHAPE.features.inputs()].into_boxed_slice(),
            b1: Column::ZERO,
            w2: [[Column::ZERO; 2]; BUCKETS],
            b2: [0; BUCKETS],
        }
    }

    /// An untrained network with weights drawn from `seed`, for tests and speed measurements
    /// only: it plays nonsense. The ranges put accumulators on both sides of the SCReLU's
    /// clamp, and W2 spans its whole legal range.
    pub fn random(seed: u64) -> Network<H, F> {
        let mut rng = Rng::new(seed);
        let mut uniform = |limit: i32| rng.below(2 * limit as usize + 1) as i32 - limit;
        let mut net = Network::zeroed();
        for col in net.w1.iter_mut() {
            col.0 = std::array::from_fn(|_| uniform(64) as i16);
        }
        net.b1.0 = std::array::from_fn(|_| uniform(128) as i16);
        for col in net.w2.iter_mut().flatten() {
            col.0 = std::array::from_fn(|_| uniform(W2_LIMIT as i32) as i16);
        }
        net.b2 = std::array::from_fn(|_| uniform(QA * QB));
        net
    }

    /// The weight columns of `W1`, one per input feature.
    #[inline(always)]
    pub(super) fn w1(&self) -> &[Column<H>] {
        &self.w1
    }

    #[inline(always)]
    pub(super) fn b1(&self) -> &Column<H> {
        &self.b1
    }

    /// The score in centipawns for the side to move, from the accumulator of a position with
    /// `piece_count` pieces (kings included), by the integer formula of docs/nnue.md:
    /// `(sum / QA + b2) * SCALE / (QA * QB)`, divisions truncating towards zero. Not clamped:
    /// the caller keeps it away from mate scores.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator<H, F>, side_to_move: Color, piece_count: u32) -> i32 {
        let b = bucket(piece_count);
        let [w_us, w_them] = &self.w2[b];
        let sum = Backend::current().screlu_dot(
            acc.perspective(side_to_move),
            w_us,
            acc.perspective(!side_to_move),
            w_them,
        );
        // In i64, as the exact value of the formula: |sum| < 2^32, so |sum / QA| < 2^24, plus
        // |b2| < 2^31, times 400, divided by 16320, is below 2^27 and fits the i32 result.
        let out = (sum / QA as i64 + self.b2[b] as i64) * SCALE as i64 / (QA * QB) as i64;
        out as i32
    }

    /// The score of `pos` for the side to move, from a fresh accumulator: for the `eval`
    /// command and tests; the search updates accumulators instead.
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        let acc = Accumulator::<H, F>::new(self, pos);
        self.evaluate(&acc, pos.side_to_move(), pos.occupied().count())
    }
}
