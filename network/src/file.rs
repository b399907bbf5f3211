//! The net file (docs/nnue.md has the byte layout): a 32-byte header, then the weights in file
//! order, little-endian. [`QuantNet`] holds them as the file does; reading validates everything
//! the engine's integer arithmetic relies on, and [`NetError`] says what differs.

use crate::{FeatureSet, Shape, QA, QB, SCALE, W1_LIMIT, W2_LIMIT};
use std::fmt;
use std::path::Path;

/// The first four bytes of a net file.
pub const MAGIC: [u8; 4] = *b"OPNN";
/// The file format version written. Version 3 names the feature set in the header's last word;
/// version 2 files (that word reserved, 0) are still read, as [`FeatureSet::Standard768`].
pub const VERSION: u32 = 3;
/// The version before the feature-set word, still read.
const VERSION_2: u32 = 2;
/// Bytes in the header: magic and seven u32 words.
pub const HEADER_LEN: usize = 32;

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
    /// A feature-set id this build does not know.
    UnknownFeatures {
        id: u32,
    },
    /// Inputs other than those the reader was built for.
    Features {
        found: FeatureSet,
        expected: FeatureSet,
    },
    /// A hidden layer size the reader was not built for.
    HiddenSize {
        found: u32,
        expected: u32,
    },
    /// A number of output buckets the reader was not built for.
    Buckets {
        found: u32,
        expected: u32,
    },
    /// QA, QB or SCALE differ from this build's.
    Quantisation {
        name: &'static str,
        found: u32,
        expected: u32,
    },
    /// A version 2 file's reserved header word is not 0.
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
                "network file format version {found} is not supported (this engine reads versions {VERSION_2} and {VERSION})"
            ),
            NetError::UnknownFeatures { id } => {
                // Short: the GUI's one line also says which network the engine keeps.
                let known: Vec<String> = FeatureSet::ALL
                    .iter()
                    .map(|s| format!("{} {}", s.id(), s.name()))
                    .collect();
                write!(
                    f,
                    "network inputs are feature set {id}, unknown to this engine (it knows {})",
                    known.join(", ")
                )
            }
            NetError::Features { found, expected } => write!(
                f,
                "network inputs are {}, this engine's are {}",
                found.name(),
                expected.name()
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
            NetError::Reserved { found } => write!(
                f,
                "network header's reserved word is {found}, must be 0 in version {VERSION_2}"
            ),
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

/// The shape a file's header declares, after checking the magic, the version and the
/// quantisation constants. Says nothing yet about the size or the weights.
pub fn read_shape(bytes: &[u8]) -> Result<Shape, NetError> {
    let header = bytes
        .first_chunk::<HEADER_LEN>()
        .ok_or(NetError::TooShort { len: bytes.len() })?;
    let (words, _) = header.as_chunks::<4>();
    let word = |i: usize| u32::from_le_bytes(words[i]);
    if words[0] != MAGIC {
        return Err(NetError::BadMagic { found: words[0] });
    }
    let version = word(1);
    let features = match version {
        VERSION_2 if word(7) != 0 => return Err(NetError::Reserved { found: word(7) }),
        VERSION_2 => FeatureSet::Standard768,
        VERSION => FeatureSet::from_id(word(7)).ok_or(NetError::UnknownFeatures { id: word(7) })?,
        found => return Err(NetError::UnsupportedVersion { found }),
    };
    for (i, name, expected) in [(4, "QA", QA), (5, "QB", QB), (6, "SCALE", SCALE)] {
        if word(i) != expected as u32 {
            return Err(NetError::Quantisation {
                name,
                found: word(i),
                expected: expected as u32,
            });
        }
    }
    Ok(Shape {
        features,
        hidden: word(2) as usize,
        buckets: word(3) as usize,
    })
}

/// A network's quantised weights exactly as the file holds them, in file order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct QuantNet {
    pub shape: Shape,
    /// `[inputs][hidden]`, feature-major: one input's `hidden` weights are contiguous.
    pub w1: Vec<i16>,
    /// `[hidden]`.
    pub b1: Vec<i16>,
    /// `[buckets][2 * hidden]`, the side to move's half first.
    pub w2: Vec<i16>,
    /// `[buckets]`, in units of `1 / (QA * QB)`.
    pub b2: Vec<i32>,
}

impl QuantNet {
    /// All weights zero.
    pub fn zeroed(shape: Shape) -> QuantNet {
        let (inputs, h, b) = (shape.features.inputs(), shape.hidden, shape.buckets);
        QuantNet {
            shape,
            w1: vec![0; inputs * h],
            b1: vec![0; h],
            w2: vec![0; b * 2 * h],
            b2: vec![0; b],
        }
    }

    /// Reads and validates a net file that must be of shape `expected`: the header, the size
    /// against the header, and the weights against the training clip.
    pub fn from_bytes(bytes: &[u8], expected: &Shape) -> Result<QuantNet, NetError> {
        let shape = read_shape(bytes)?;
        shape.check(expected)?;
        let (len, size) = (bytes.len(), shape.file_size());
        if len < size {
            return Err(NetError::Truncated {
                len,
                expected: size,
            });
        }
        if len > size {
            return Err(NetError::TrailingBytes {
                len,
                expected: size,
            });
        }
        let mut net = QuantNet::zeroed(shape);
        let (i16s, i32s) =
            bytes[HEADER_LEN..].split_at(2 * (net.w1.len() + net.b1.len() + net.w2.len()));
        let mut values = i16s
            .as_chunks::<2>()
            .0
            .iter()
            .map(|&c| i16::from_le_bytes(c));
        for (tensor, out, limit) in [
            ("W1", &mut net.w1, W1_LIMIT),
            ("b1", &mut net.b1, W1_LIMIT),
            ("W2", &mut net.w2, W2_LIMIT),
        ] {
            for (index, (v, read)) in out.iter_mut().zip(&mut values).enumerate() {
                if read.unsigned_abs() > limit.unsigned_abs() {
                    return Err(NetError::WeightOutOfRange {
                        tensor,
                        index,
                        value: read as i32,
                        limit: limit as i32,
                    });
                }
                *v = read;
            }
        }
        for (v, c) in net.b2.iter_mut().zip(i32s.as_chunks::<4>().0) {
            *v = i32::from_le_bytes(*c);
        }
        Ok(net)
    }

    /// Reads and validates the net file at `path` ([`QuantNet::from_bytes`]).
    pub fn read_file(path: impl AsRef<Path>, expected: &Shape) -> Result<QuantNet, NetFileError> {
        let bytes = std::fs::read(path).map_err(NetFileError::Read)?;
        QuantNet::from_bytes(&bytes, expected).map_err(NetFileError::Invalid)
    }

    /// The net file, of the current [`VERSION`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let s = self.shape;
        let mut out = Vec::with_capacity(s.file_size());
        out.extend_from_slice(&MAGIC);
        for w in [
            VERSION,
            s.hidden as u32,
            s.buckets as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            s.features.id(),
        ] {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.b2 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BUCKETS, HIDDEN};

    fn small() -> QuantNet {
        let mut q = QuantNet::zeroed(Shape::with_hidden(4));
        for (i, w) in q.w1.iter_mut().enumerate() {
            *w = (i % 1011) as i16 - 505;
        }
        q.b1 = vec![1, -2, 3, -4];
        for (i, w) in q.w2.iter_mut().enumerate() {
            *w = (i % 255) as i16 - 127;
        }
        q.b2 = (0..BUCKETS as i32).map(|b| b * 1000 - 3000).collect();
        q
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let q = small();
        let bytes = q.to_bytes();
        assert_eq!(bytes.len(), q.shape.file_size());
        assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()), VERSION);
        assert_eq!(QuantNet::from_bytes(&bytes, &q.shape), Ok(q));
    }

    #[test]
    fn version_2_is_read_as_standard768() {
        let q = small();
        let mut bytes = q.to_bytes();
        bytes[4..8].copy_from_slice(&2u32.to_le_bytes());
        bytes[28..32].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(QuantNet::from_bytes(&bytes, &q.shape), Ok(q.clone()));
        bytes[28] = 1;
        assert_eq!(
            QuantNet::from_bytes(&bytes, &q.shape),
            Err(NetError::Reserved { found: 1 })
        );
    }

    #[test]
    fn other_shapes_are_refused_by_name() {
        let q = small();
        let bytes = q.to_bytes();
        let err = QuantNet::from_bytes(&bytes, &Shape::SHIPPED).unwrap_err();
        assert_eq!(
            err,
            NetError::HiddenSize {
                found: 4,
                expected: HIDDEN as u32
            }
        );
        assert_eq!(
            err.to_string(),
            format!("network hidden size 4: this engine is built for {HIDDEN}")
        );
        let mut other = bytes.clone();
        other[28..32].copy_from_slice(&9u32.to_le_bytes());
        let err = QuantNet::from_bytes(&other, &q.shape).unwrap_err();
        assert_eq!(err, NetError::UnknownFeatures { id: 9 });
        assert!(err.to_string().contains("feature set 9"), "{err}");
        assert!(err.to_string().contains("standard768"), "{err}");
        let mut buckets = bytes.clone();
        buckets[12..16].copy_from_slice(&4u32.to_le_bytes());
        assert_eq!(
            QuantNet::from_bytes(&buckets, &q.shape),
            Err(NetError::Buckets {
                found: 4,
                expected: 8
            })
        );
    }

    #[test]
    fn sizes_and_weights_are_checked() {
        let q = small();
        let bytes = q.to_bytes();
        let size = bytes.len();
        assert_eq!(
            QuantNet::from_bytes(&bytes[..size - 1], &q.shape),
            Err(NetError::Truncated {
                len: size - 1,
                expected: size
            })
        );
        let mut long = bytes.clone();
        long.push(0);
        assert!(matches!(
            QuantNet::from_bytes(&long, &q.shape),
            Err(NetError::TrailingBytes { .. })
        ));
        let mut big = bytes.clone();
        big[HEADER_LEN..HEADER_LEN + 2].copy_from_slice(&(W1_LIMIT + 1).to_le_bytes());
        assert_eq!(
            QuantNet::from_bytes(&big, &q.shape),
            Err(NetError::WeightOutOfRange {
                tensor: "W1",
                index: 0,
                value: 506,
                limit: 505
            })
        );
        assert_eq!(
            QuantNet::from_bytes(&bytes[..10], &q.shape),
            Err(NetError::TooShort { len: 10 })
        );
    }
}
