//! The quantised weights: reading and checking a version-2 net file (docs/nnue.md has the byte
//! layout), writing one, and the integer forward pass from an accumulator to centipawns.

use super::simd::Backend;
use super::{bucket, Accumulator, Column, BUCKETS, HIDDEN, INPUTS, QA, QB, SCALE};
use outpost_board::{Color, Position, Rng};
use std::fmt;

/// The first four bytes of a net file.
pub const MAGIC: [u8; 4] = *b"OPNN";
/// The file format version this engine reads and writes.
pub const VERSION: u32 = 2;
/// Bytes in the header: magic and seven u32 words.
pub const HEADER_LEN: usize = 32;
/// Bytes in a whole net file of this engine's `HIDDEN` and `BUCKETS`.
pub const NET_SIZE: usize =
    HEADER_LEN + 2 * INPUTS * HIDDEN + 2 * HIDDEN + 2 * BUCKETS * 2 * HIDDEN + 4 * BUCKETS;

/// Largest `|W1|` and `|b1|`: training clips them to 1.98, and round(1.98 * QA) = 505. The bound
/// keeps every accumulator inside i16: the bias and 32 pieces sum to at most 33 * 505 = 16665.
pub const W1_LIMIT: i16 = 505;
/// Largest `|W2|`: training clips W2 to 127/128, so round(x * QB) <= 127. The SIMD dot product
/// relies on `QA * W2` fitting i16.
pub const W2_LIMIT: i16 = 127;

const _: () = assert!(33 * W1_LIMIT as i32 <= i16::MAX as i32);
const _: () = assert!(QA * W2_LIMIT as i32 <= i16::MAX as i32);

/// Why a net file was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NetError {
    /// Fewer bytes than the header.
    TooShort {
        len: usize,
    },
    /// The file does not start with `OPNN`.
    BadMagic {
        found: [u8; 4],
    },
    UnsupportedVersion {
        found: u32,
    },
    /// A hidden layer size this engine was not built for.
    HiddenSize {
        found: u32,
        expected: u32,
    },
    /// A number of output buckets this engine was not built for.
    Buckets {
        found: u32,
        expected: u32,
    },
    /// QA, QB or SCALE differ from the engine's.
    Quantisation {
        name: &'static str,
        found: u32,
        expected: u32,
    },
    /// The reserved header word is not 0.
    Reserved {
        found: u32,
    },
    /// Fewer bytes than the header implies.
    Truncated {
        len: usize,
        expected: usize,
    },
    /// More bytes than the header implies.
    TrailingBytes {
        len: usize,
        expected: usize,
    },
    /// A weight beyond the training clip, which the integer arithmetic relies on.
    WeightOutOfRange {
        tensor: &'static str,
        index: usize,
        value: i32,
        limit: i32,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NetError::TooShort { len } => write!(
                f,
                "network file too short: {len} bytes, the header alone is {HEADER_LEN}"
            ),
            NetError::BadMagic { found } => write!(
                f,
                "not an Outpost network: the file starts with {:?}, expected \"OPNN\"",
                found.escape_ascii().to_string()
            ),
            NetError::UnsupportedVersion { found } => write!(
                f,
                "network file format version {found} is not supported (this engine reads version {VERSION})"
            ),
            NetError::HiddenSize { found, expected } => write!(
                f,
                "network hidden size {found}: this engine is built for {expected}"
            ),
            NetError::Buckets { found, expected } => write!(
                f,
                "network has {found} output buckets: this engine is built for {expected}"
            ),
            NetError::Quantisation {
                name,
                found,
                expected,
            } => write!(f, "network {name} = {found}: this engine uses {expected}"),
            NetError::Reserved { found } => {
                write!(f, "network header's reserved word is {found}, must be 0")
            }
            NetError::Truncated { len, expected } => write!(
                f,
                "network file truncated: {len} bytes, the header implies {expected}"
            ),
            NetError::TrailingBytes { len, expected } => write!(
                f,
                "network file has {} bytes after the {expected} the header implies",
                len.saturating_sub(expected)
            ),
            NetError::WeightOutOfRange {
                tensor,
                index,
                value,
                limit,
            } => write!(
                f,
                "network weight {tensor}[{index}] = {value} is outside -{limit}..={limit} (the training clip)"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// Why a net file could not be used: it could not be read, or it is not a network of this build.
#[derive(Debug)]
pub enum NetFileError {
    Read(std::io::Error),
    Invalid(NetError),
}

impl fmt::Display for NetFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetFileError::Read(e) => write!(f, "cannot read it: {e}"),
            NetFileError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NetFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetFileError::Read(e) => Some(e),
            NetFileError::Invalid(e) => Some(e),
        }
    }
}

/// A network's quantised weights, each tensor in 64-byte aligned columns for the SIMD loads.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// `W1`, one column of `HIDDEN` per input feature (`INPUTS` columns).
    w1: Box<[Column]>,
    b1: Column,
    /// `W2` per bucket: the side to move's half, then the other side's.
    w2: [[Column; 2]; BUCKETS],
    b2: [i32; BUCKETS],
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // 200 000 weights help nobody; the output biases tell nets apart.
        f.debug_struct("Network")
            .field("hidden", &HIDDEN)
            .field("buckets", &BUCKETS)
            .field("b2", &self.b2)
            .finish_non_exhaustive()
    }
}

/// Reads the body's little-endian numbers in order. The file size is checked before, so running
/// out is unreachable; it still returns an error rather than panic.
struct Reader<'a> {
    bytes: &'a [u8],
    len: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], NetError> {
        let (head, rest) = self
            .bytes
            .split_first_chunk::<N>()
            .ok_or(NetError::Truncated {
                len: self.len,
                expected: NET_SIZE,
            })?;
        self.bytes = rest;
        Ok(*head)
    }

    /// Fills `out` with i16 values no larger than `limit` in size.
    fn i16s(
        &mut self,
        out: &mut [i16],
        tensor: &'static str,
        offset: usize,
        limit: i16,
    ) -> Result<(), NetError> {
        for (i, v) in out.iter_mut().enumerate() {
            *v = i16::from_le_bytes(self.take()?);
            if v.unsigned_abs() > limit.unsigned_abs() {
                return Err(NetError::WeightOutOfRange {
                    tensor,
                    index: offset + i,
                    value: *v as i32,
                    limit: limit as i32,
                });
            }
        }
        Ok(())
    }
}

impl Network {
    /// Reads and validates the net file at `path` (the engine's `EvalFile`, datagen's `--net`).
    pub fn read_file(path: impl AsRef<std::path::Path>) -> Result<Network, NetFileError> {
        let bytes = std::fs::read(path).map_err(NetFileError::Read)?;
        Network::from_bytes(&bytes).map_err(NetFileError::Invalid)
    }

    /// Reads a version-2 net file (docs/nnue.md), checking the header against this engine's
    /// constants, the size against the header, and the weights against the training clip.
    /// The weights are copied into aligned storage, so `bytes` may have any alignment, e.g.
    /// the `include_bytes!` of `eval/nets/net5.nnue` that `embedded.rs` builds in.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let len = bytes.len();
        let header = bytes
            .first_chunk::<HEADER_LEN>()
            .ok_or(NetError::TooShort { len })?;
        let (words, _) = header.as_chunks::<4>();
        let word = |i: usize| u32::from_le_bytes(words[i]);
        if words[0] != MAGIC {
            return Err(NetError::BadMagic { found: words[0] });
        }
        if word(1) != VERSION {
            return Err(NetError::UnsupportedVersion { found: word(1) });
        }
        if word(2) != HIDDEN as u32 {
            return Err(NetError::HiddenSize {
                found: word(2),
                expected: HIDDEN as u32,
            });
        }
        if word(3) != BUCKETS as u32 {
            return Err(NetError::Buckets {
                found: word(3),
                expected: BUCKETS as u32,
            });
        }
        for (i, name, expected) in [(4, "QA", QA), (5, "QB", QB), (6, "SCALE", SCALE)] {
            if word(i) != expected as u32 {
                return Err(NetError::Quantisation {
                    name,
                    found: word(i),
                    expected: expected as u32,
                });
            }
        }
        if word(7) != 0 {
            return Err(NetError::Reserved { found: word(7) });
        }
        // H and the bucket count equal the engine's, so the size they imply is NET_SIZE.
        if len < NET_SIZE {
            return Err(NetError::Truncated {
                len,
                expected: NET_SIZE,
            });
        }
        if len > NET_SIZE {
            return Err(NetError::TrailingBytes {
                len,
                expected: NET_SIZE,
            });
        }

        let mut r = Reader {
            bytes: &bytes[HEADER_LEN..],
            len,
        };
        let mut net = Network::zeroed();
        for (f, col) in net.w1.iter_mut().enumerate() {
            r.i16s(&mut col.0, "W1", f * HIDDEN, W1_LIMIT)?;
        }
        r.i16s(&mut net.b1.0, "b1", 0, W1_LIMIT)?;
        for (b, halves) in net.w2.iter_mut().enumerate() {
            for (h, col) in halves.iter_mut().enumerate() {
                r.i16s(&mut col.0, "W2", (2 * b + h) * HIDDEN, W2_LIMIT)?;
            }
        }
        for b2 in &mut net.b2 {
            *b2 = i32::from_le_bytes(r.take()?);
        }
        Ok(net)
    }

    /// The net file of this network (the inverse of `from_bytes`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(NET_SIZE);
        out.extend_from_slice(&MAGIC);
        let words = [
            VERSION,
            HIDDEN as u32,
            BUCKETS as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            0,
        ];
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let columns = self
            .w1
            .iter()
            .chain(std::iter::once(&self.b1))
            .chain(self.w2.iter().flatten());
        for col in columns {
            for v in col.0 {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for b in self.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    fn zeroed() -> Network {
        Network {
            w1: vec![Column::ZERO; INPUTS].into_boxed_slice(),
            b1: Column::ZERO,
            w2: [[Column::ZERO; 2]; BUCKETS],
            b2: [0; BUCKETS],
        }
    }

    /// An untrained network with weights drawn from `seed`, for tests and speed measurements
    /// only: it plays nonsense. The ranges put accumulators on both sides of the SCReLU's
    /// clamp, and W2 spans its whole legal range.
    pub fn random(seed: u64) -> Network {
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
    pub(super) fn w1(&self) -> &[Column] {
        &self.w1
    }

    #[inline(always)]
    pub(super) fn b1(&self) -> &Column {
        &self.b1
    }

    /// The score in centipawns for the side to move, from the accumulator of a position with
    /// `piece_count` pieces (kings included), by the integer formula of docs/nnue.md:
    /// `(sum / QA + b2) * SCALE / (QA * QB)`, divisions truncating towards zero. Not clamped:
    /// the caller keeps it away from mate scores.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, side_to_move: Color, piece_count: u32) -> i32 {
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
        let acc = Accumulator::new(self, pos);
        self.evaluate(&acc, pos.side_to_move(), pos.occupied().count())
    }
}
