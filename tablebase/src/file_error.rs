//! Why a table file is refused when a `SyzygyPath` is opened: the file cannot be read, its size
//! or magic bytes are not those of a table, or its header (checked in `header`) is damaged or
//! disagrees with the file's name or size. `Tablebases::open` turns each into a warning that
//! names the file.

use crate::metric::Metric;
use std::fmt;
use std::io;

/// A table file that is not used, and why.
#[derive(Debug)]
pub(crate) enum FileError {
    /// Reading its metadata or its bytes failed.
    Io(io::Error),
    /// A directory or another special file with a table's name.
    NotAFile,
    /// Tables are 64-byte aligned data plus a 16-byte trailer; this size is not.
    ImpossibleSize(u64),
    /// The first four bytes are not the magic bytes of this kind of table.
    WrongMagic(Metric),
    /// The header cannot be what the prober expects.
    Header(Corruption),
    /// The header is sound but describes a file of another size.
    SizeMismatch { expected: u64, actual: u64 },
    /// The file got shorter while it was being read.
    Shrank,
}

/// What is wrong inside a table header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Corruption {
    /// An offset or size computed from the header does not fit in 64 bits.
    SizesOverflow,
    /// An offset in the header points past the end of the file.
    PastEnd,
    PawnFlag,
    SideFlag,
    PieceCode,
    /// The piece list is another material than the file name's.
    WrongPieces,
    LeadingPiece,
    EmptyGroups,
    PieceGroups,
    GroupOrder,
    PawnCount,
    BlockSize,
    IndexSpan,
    SymbolLengths,
}

impl fmt::Display for Corruption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Corruption::SizesOverflow => "sizes overflow",
            Corruption::PastEnd => "it points past the end of the file",
            Corruption::PawnFlag => "pawn flag does not match the file name",
            Corruption::SideFlag => "side flag does not match the file name",
            Corruption::PieceCode => "unknown piece code",
            Corruption::WrongPieces => "its pieces do not match the file name",
            Corruption::LeadingPiece => "leading piece",
            Corruption::EmptyGroups => "empty groups",
            Corruption::PieceGroups => "piece groups",
            Corruption::GroupOrder => "group order",
            Corruption::PawnCount => "pawn count",
            Corruption::BlockSize => "block size",
            Corruption::IndexSpan => "index span",
            Corruption::SymbolLengths => "symbol lengths",
        })
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "cannot read: {e}"),
            FileError::NotAFile => write!(f, "not a regular file"),
            FileError::ImpossibleSize(size) => write!(
                f,
                "size {size} bytes cannot be a Syzygy table (truncated or damaged file)"
            ),
            FileError::WrongMagic(metric) => {
                write!(
                    f,
                    "not a Syzygy {} table (wrong magic bytes)",
                    metric.name()
                )
            }
            FileError::Header(what) => write!(f, "corrupt header ({what})"),
            FileError::SizeMismatch { expected, actual } => write!(
                f,
                "corrupt or truncated file: its header implies {expected} bytes, the file has \
                 {actual}"
            ),
            FileError::Shrank => write!(f, "the file is shorter than it was a moment ago"),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for FileError {
    fn from(e: io::Error) -> FileError {
        FileError::Io(e)
    }
}

impl From<Corruption> for FileError {
    fn from(c: Corruption) -> FileError {
        FileError::Header(c)
    }
}
