//! What can go wrong when the engine starts or an option is set, as types that say what was
//! wrong. Their texts are what the GUI reads in `info string Error (...)` (UCI) or
//! `Error (...)` (CECP), so they name the option and the value as the GUI sent them.

use crate::options::OptionError;
use outpost_book::BookError;
use outpost_eval::nnue::NetFileError;
use outpost_search::SearchError;
use std::fmt;

/// Why a setting was refused or could not be carried out.
#[derive(Debug)]
pub enum SettingError {
    /// The name or value is wrong; the option keeps its value.
    Option(OptionError),
    /// The option replaces something the search threads use, and a search runs.
    Busy { name: String },
    /// The search could not grant the hash size or thread count.
    Search(SearchError),
    /// `BookFile` could not be loaded; the engine plays on without a book.
    Book(BookError),
    /// `EvalFile` could not be used; the evaluation in use stays.
    Network(NetworkError),
    /// `Debug Log File` could not be opened; nothing is logged.
    DebugLog(DebugLogError),
    /// A search parameter refused the value (`tune` builds only).
    #[cfg(feature = "tune")]
    Param(outpost_search::params::ParamError),
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::Option(e) => e.fmt(f),
            SettingError::Busy { name } => {
                write!(f, "cannot change '{name}' while searching; stop first")
            }
            SettingError::Search(e) => e.fmt(f),
            SettingError::Book(e) => write!(f, "{e}; playing without a book"),
            SettingError::Network(e) => e.fmt(f),
            SettingError::DebugLog(e) => e.fmt(f),
            #[cfg(feature = "tune")]
            SettingError::Param(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SettingError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SettingError::Option(e) => Some(e),
            SettingError::Busy { .. } => None,
            SettingError::Search(e) => Some(e),
            SettingError::Book(e) => Some(e),
            SettingError::Network(e) => Some(e),
            SettingError::DebugLog(e) => Some(e),
            #[cfg(feature = "tune")]
            SettingError::Param(e) => Some(e),
        }
    }
}

impl From<OptionError> for SettingError {
    fn from(e: OptionError) -> Self {
        SettingError::Option(e)
    }
}

impl From<SearchError> for SettingError {
    fn from(e: SearchError) -> Self {
        SettingError::Search(e)
    }
}

#[cfg(feature = "tune")]
impl From<outpost_search::params::ParamError> for SettingError {
    fn from(e: outpost_search::params::ParamError) -> Self {
        SettingError::Param(e)
    }
}

impl From<NetworkError> for SettingError {
    fn from(e: NetworkError) -> Self {
        SettingError::Network(e)
    }
}

impl From<DebugLogError> for SettingError {
    fn from(e: DebugLogError) -> Self {
        SettingError::DebugLog(e)
    }
}

/// Why an `EvalFile` could not be used.
#[derive(Debug)]
pub struct NetworkError {
    pub path: String,
    pub error: NetFileError,
    /// The name of the network that stays.
    pub kept: String,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "EvalFile '{}': {}; keeping network {}",
            self.path, self.error, self.kept
        )
    }
}

impl std::error::Error for NetworkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why a `Debug Log File` could not be opened (a directory, a folder that does not exist, no
/// permission). The engine goes on without a log.
#[derive(Debug)]
pub struct DebugLogError {
    pub path: String,
    pub error: std::io::Error,
}

impl fmt::Display for DebugLogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Debug Log File '{}': cannot open it: {}; not logging",
            self.path, self.error
        )
    }
}

impl std::error::Error for DebugLogError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
