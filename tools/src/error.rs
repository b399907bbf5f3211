//! Why a tool run failed ([`ToolError`]): its command line ([`CliError`]), a file it reads or
//! writes, a damaged data or positions file, or a source file `--write` cannot rewrite. The
//! engine binary prints the error's text after `outpost: ` and exits with status 1; every text
//! starts with the tool's name.

use crate::cli::CliError;
use crate::data::DataError;
use crate::datagen::OpeningsError;
use crate::tune::data::LineError;
use crate::tune::wdl::SpliceError;
use outpost_eval::WeightsError;
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
    /// `tune --write`: the weights source has no table to replace.
    WeightsSource { path: String, error: WeightsError },
    /// `wdl --write`: the model source has no block to replace.
    WdlSource { path: String, error: SpliceError },
    /// A search for datagen could not be set up (the search crate's message).
    Search(String),
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
            ToolError::WeightsSource { path, error } => {
                write!(f, "tune: cannot splice '{path}' for --write: {error}")
            }
            ToolError::WdlSource { path, error } => write!(f, "wdl: {path}: {error}"),
            ToolError::Search(message) => write!(f, "datagen: {message}"),
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
            ToolError::WeightsSource { error, .. } => Some(error),
            ToolError::WdlSource { error, .. } => Some(error),
            ToolError::NoPositions { .. } | ToolError::Search(_) => None,
        }
    }
}

impl From<CliError> for ToolError {
    fn from(e: CliError) -> ToolError {
        ToolError::Cli(e)
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
