//! Why a tool run failed ([`ToolError`]): its command line ([`CliError`]), a file it reads or
//! writes, a damaged data or positions file, or a source file `--write` cannot rewrite. The
//! engine binary prints the error's text after `outpost: ` and exits with status 1; every text
//! starts with the tool's name.
//!
//! The errors of the tools' parts (an openings file, a positions-file line, the WDL model's
//! source markers) are here too, so every tool module imports this file and it imports none of
//! them.

use outpost_board::FenError;
use outpost_book::pgn::PgnError;
use outpost_cli::CliError;
use outpost_datafile::DataError;
use outpost_eval::nnue::NetFileError;
use std::fmt;
use std::io;

/// What was being done to a file when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Read,
    Create,
    Write,
}

/// A tool run that failed.
#[derive(Debug)]
pub enum ToolError {
    /// The command line is wrong (or asks for `--help`).
    Cli(CliError),
    /// Reading, creating or writing `path` failed.
    File {
        tool: &'static str,
        action: FileAction,
        path: String,
        error: io::Error,
    },
    /// A training-data file written by datagen is damaged or unreadable.
    Data {
        tool: &'static str,
        error: DataError,
    },
    /// datagen cannot resume the data file `path` (unreadable, damaged, or not one of ours).
    Append { path: String, error: DataError },
    /// A positions file has a line that cannot be read.
    Positions {
        tool: &'static str,
        path: String,
        error: LineError,
    },
    /// The positions file holds nothing the tool can use; `wanted` says what was looked for.
    NoPositions {
        tool: &'static str,
        path: String,
        wanted: &'static str,
    },
    /// datagen's `--openings` file cannot be used.
    Openings { path: String, error: OpeningsError },
    /// `wdl --write`: the model source has no block to replace.
    WdlSource { path: String, error: SpliceError },
    /// datagen's `--net` file cannot be read or is not a network this build can use.
    Network { path: String, error: NetFileError },
    /// A search for datagen could not be set up (the search crate's message).
    Search(String),
    /// `data-convert` refused its files or found its output unequal to its input.
    Convert(ConvertError),
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Cli(e) => write!(f, "{e}"),
            ToolError::File {
                tool,
                action,
                path,
                error,
            } => {
                let verb = match action {
                    FileAction::Read => "cannot read",
                    FileAction::Create => "cannot create",
                    FileAction::Write => "cannot write",
                };
                write!(f, "{tool}: {verb} '{path}': {error}")
            }
            ToolError::Data { tool, error } => write!(f, "{tool}: {error}"),
            ToolError::Append { path, error } => {
                write!(f, "datagen: cannot append to '{path}': {error}")
            }
            ToolError::Positions { tool, path, error } => write!(f, "{tool}: {path}: {error}"),
            ToolError::NoPositions { tool, path, wanted } => {
                write!(f, "{tool}: '{path}' holds no {wanted}")
            }
            ToolError::Openings { path, error } => write!(f, "datagen: openings '{path}': {error}"),
            ToolError::WdlSource { path, error } => write!(f, "wdl: {path}: {error}"),
            ToolError::Network { path, error } => write!(f, "datagen: --net '{path}': {error}"),
            ToolError::Search(message) => write!(f, "datagen: {message}"),
            ToolError::Convert(e) => write!(f, "data-convert: {e}"),
        }
    }
}

impl std::error::Error for ToolError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ToolError::Cli(e) => Some(e),
            ToolError::File { error, .. } => Some(error),
            ToolError::Data { error, .. } | ToolError::Append { error, .. } => Some(error),
            ToolError::Positions { error, .. } => Some(error),
            ToolError::Openings { error, .. } => Some(error),
            ToolError::WdlSource { error, .. } => Some(error),
            ToolError::Network { error, .. } => Some(error),
            ToolError::Convert(e) => Some(e),
            ToolError::NoPositions { .. } | ToolError::Search(_) => None,
        }
    }
}

impl From<CliError> for ToolError {
    fn from(e: CliError) -> ToolError {
        ToolError::Cli(e)
    }
}

impl From<ConvertError> for ToolError {
    fn from(e: ConvertError) -> ToolError {
        ToolError::Convert(e)
    }
}

impl ToolError {
    /// A failed file operation of `tool`.
    pub fn file(
        tool: &'static str,
        action: FileAction,
        path: impl Into<String>,
        error: io::Error,
    ) -> ToolError {
        ToolError::File {
            tool,
            action,
            path: path.into(),
            error,
        }
    }
}

/// Why `outpost data-convert` stopped without writing its output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConvertError {
    /// The output exists: a conversion never overwrites a file.
    OutputExists(String),
    /// The input is not in the wide layout (already packed): there is nothing to convert.
    NotWide(String),
    /// Read back, the written games differ from the input's: in game `game`'s header or its
    /// record `position` (0-based), or, without a game, in their number. The output was deleted.
    Mismatch {
        output: String,
        game: Option<u64>,
        position: Option<usize>,
    },
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::OutputExists(path) => {
                write!(f, "'{path}' exists; give a new file name for the output")
            }
            ConvertError::NotWide(path) => write!(
                f,
                "'{path}' is not in the wide layout (32-byte records); it needs no conversion"
            ),
            ConvertError::Mismatch {
                output,
                game,
                position,
            } => {
                write!(f, "'{output}' does not read back as the input: ")?;
                match (game, position) {
                    (Some(g), Some(p)) => write!(f, "game {g}, position {p} differs")?,
                    (Some(g), None) => write!(f, "game {g} differs in its header or length")?,
                    (None, _) => write!(f, "it holds another number of games")?,
                }
                write!(f, " (a bug of the packed layout; the output was deleted)")
            }
        }
    }
}

impl std::error::Error for ConvertError {}

/// Why an `--openings` file cannot be used.
#[derive(Debug)]
pub enum OpeningsError {
    Read(std::io::Error),
    /// Line `line` (1-based) holds no legal position.
    Fen {
        line: usize,
        error: FenError,
    },
    /// Game `game` (1-based, its text from line `line`) of a PGN file cannot be replayed.
    Pgn {
        game: usize,
        line: usize,
        error: PgnError,
    },
    /// Only blank lines and comments, or a PGN file without games.
    Empty,
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningsError::Read(e) => write!(f, "cannot read: {e}"),
            OpeningsError::Fen { line, error } => write!(f, "line {line}: {error}"),
            OpeningsError::Pgn { game, line, error } => {
                write!(f, "game {game} (line {line}): {error}")
            }
            OpeningsError::Empty => write!(f, "holds no position"),
        }
    }
}

impl std::error::Error for OpeningsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpeningsError::Read(e) => Some(e),
            OpeningsError::Fen { error, .. } => Some(error),
            OpeningsError::Pgn { error, .. } => Some(error),
            OpeningsError::Empty => None,
        }
    }
}

/// What is wrong with one line of a positions file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelError {
    /// A `|` line without exactly three fields.
    FieldCount(usize),
    /// The score field is not a number.
    Score(String),
    /// The result is none of 0..=1, `1-0`, `0-1`, `1/2-1/2`.
    Result(String),
    /// No result in any of the known forms.
    NoResult,
    /// The position is not a legal FEN (nor an EPD's four fields).
    Fen(FenError),
}

/// A bad line of a positions file, with its 1-based number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub error: LabelError,
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelError::FieldCount(n) => {
                write!(f, "expected 'fen | score | result', found {n} fields")
            }
            LabelError::Score(s) => write!(f, "score '{s}' is not a number"),
            LabelError::Result(r) => write!(f, "result '{r}' is not 0..1, 1-0, 0-1 or 1/2-1/2"),
            LabelError::NoResult => write!(
                f,
                "no result found (expected '| result', '[1.0]' or 'c9 \"1-0\";')"
            ),
            LabelError::Fen(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LabelError {}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why `splice` found no block to replace in the model source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpliceError {
    /// No begin marker line (the marker).
    NoBegin(&'static str),
    /// No end marker line after the begin marker.
    NoEnd {
        begin: &'static str,
        end: &'static str,
    },
}

impl std::fmt::Display for SpliceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpliceError::NoBegin(begin) => write!(f, "no '{begin}' line in the model source"),
            SpliceError::NoEnd { begin, end } => {
                write!(f, "no '{end}' line after '{begin}' in the model source")
            }
        }
    }
}

impl std::error::Error for SpliceError {}
