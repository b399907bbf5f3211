//! The one definition of Outpost's neural network, shared by the engine's inference
//! (`outpost_eval::nnue`) and the trainer: what its inputs are ([`FeatureSet`]), which output
//! bucket a position uses ([`bucket`]), its [`Shape`], the quantisation and the clip limits, and
//! the net file ([`QuantNet`], read and written here). docs/nnue.md is the written contract.
//!
//! - [`features`]: the feature sets and the output buckets;
//! - [`file`]: the header, the file's weights in file order, and why a file is refused.

pub mod features;
pub mod file;

pub use features::{bucket, FeatureSet, KingView, BUCKETS, KING_BUCKETS};
pub use file::{read_shape, NetError, NetFileError, QuantNet, HEADER_LEN, MAGIC, VERSION};

/// The hidden size of the shipped network (neurons per perspective). The engine is built for it;
/// the trainer trains it unless told `--hidden`.
pub const HIDDEN: usize = 384;

/// The header number ([`FeatureSet::id`]) of the shipped network's inputs. The engine is built
/// for them; the trainer trains them unless told `--features`. A number rather than the
/// variant's name so that a build with another net (`tools/match/build.sh --net`) sets it from
/// the file's header, as it sets [`HIDDEN`].
pub const SHIPPED_FEATURES_ID: u32 = 1;

/// Quantisation of the first layer: `W1` and `b1` are `round(x * QA)`, and SCReLU clamps to it.
pub const QA: i32 = 255;
/// Quantisation of the output weights `W2`. 128 rather than 64 (format version 1): trained
/// weights reach |0.77|, and steps of 1/64 put the quantised net 8 cp from the float one on
/// average, steps of 1/128 about half that (docs/nnue.md).
pub const QB: i32 = 128;
/// Centipawns per unit of the network's output (the sigmoid's scale in training).
pub const SCALE: i32 = 400;

/// Training clips `W1` and `b1` to this after every step, so that the quantised weights stay
/// within [`W1_LIMIT`] and the accumulators within i16.
pub const W1_CLIP: f32 = 1.98;
/// Training clips `W2` to this after every step, so that the quantised weights stay within
/// [`W2_LIMIT`]. Trained nets keep |W2| below 0.8, so the clip rarely binds.
pub const W2_CLIP: f32 = 127.0 / 128.0;

/// Largest `|W1|` and `|b1|` in a file: round(W1_CLIP * QA) = 505. The bound keeps every
/// accumulator inside i16: the bias and 32 pieces sum to at most 33 * 505 = 16665.
pub const W1_LIMIT: i16 = round(W1_CLIP * QA as f32);
/// Largest `|W2|` in a file: round(W2_CLIP * QB) = 127. The engine's SIMD dot product relies on
/// `QA * W2` fitting i16.
pub const W2_LIMIT: i16 = round(W2_CLIP * QB as f32);

const _: () = assert!(W1_LIMIT == 505 && W2_LIMIT == 127);
const _: () = assert!(33 * W1_LIMIT as i32 <= i16::MAX as i32);
const _: () = assert!(QA * W2_LIMIT as i32 <= i16::MAX as i32);

/// Rounds a positive limit to the nearest integer, in a constant.
const fn round(x: f32) -> i16 {
    (x + 0.5) as i16
}

/// What a network is: its inputs, hidden size and output buckets. Two networks of one shape
/// have files of the same size and run on the same inference code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shape {
    pub features: FeatureSet,
    /// Neurons per perspective.
    pub hidden: usize,
    /// Output buckets (by piece count, [`bucket`]).
    pub buckets: usize,
}

impl Shape {
    /// The shipped network's shape: the engine's built-in net and the trainer's default.
    pub const SHIPPED: Shape = Shape {
        features: FeatureSet::from_known_id(SHIPPED_FEATURES_ID),
        hidden: HIDDEN,
        buckets: BUCKETS,
    };

    /// The standard inputs and today's buckets with `hidden` neurons per perspective.
    pub const fn with_hidden(hidden: usize) -> Shape {
        Shape {
            features: FeatureSet::Standard768,
            hidden,
            buckets: BUCKETS,
        }
    }

    /// Bytes in a net file of this shape: the header, `W1` and `b1` and `W2` in i16, `b2` in i32.
    pub const fn file_size(&self) -> usize {
        let (inputs, h, b) = (self.features.inputs(), self.hidden, self.buckets);
        HEADER_LEN + 2 * (inputs * h + h + b * 2 * h) + 4 * b
    }

    /// Whether a file of shape `self` fits a network built for `expected`; the error names the
    /// first difference, inputs first.
    pub fn check(&self, expected: &Shape) -> Result<(), NetError> {
        if self.features != expected.features {
            return Err(NetError::Features {
                found: self.features,
                expected: expected.features,
            });
        }
        if self.hidden != expected.hidden {
            return Err(NetError::HiddenSize {
                found: self.hidden as u32,
                expected: expected.hidden as u32,
            });
        }
        if self.buckets != expected.buckets {
            return Err(NetError::Buckets {
                found: self.buckets as u32,
                expected: expected.buckets as u32,
            });
        }
        Ok(())
    }
}
