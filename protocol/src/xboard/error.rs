//! Why a CECP line could not be carried out. The parser turns each into [`Command::Unknown`]
//! with this text as the reason, which the engine prints as `Error (reason): line`.
//!
//! [`Command::Unknown`]: crate::Command::Unknown

use std::fmt;

use crate::text::NumberError;

/// What was wrong with a CECP command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XboardError {
    /// Not a command, an extension, nor something shaped like a move.
    UnknownCommand,
    /// A CECP command Outpost does not implement, with the reason (`edit`, `book`, ...).
    Unsupported(&'static str),
    /// A numeric argument is missing or malformed.
    Number(NumberError),
    /// A command whose argument is the rest of the line (`variant`, `name`, ...) got none.
    MissingArgument { command: String },
    /// `setboard` without a FEN.
    MissingFen,
    /// `setboard` with more fields than a FEN has.
    TooManyFenFields(usize),
    /// `usermove` without a move.
    MissingMove,
    /// `level` without its three arguments; holds how many it had.
    LevelArguments(usize),
    /// `level`'s base time is neither minutes nor minutes:seconds.
    LevelBase(String),
    /// `level`'s increment is not a number of seconds.
    LevelIncrement(String),
    /// `st` without its value.
    MissingSeconds,
    /// `st`'s value is not a number of seconds.
    Seconds(String),
    /// `result` without a result.
    MissingResult,
    /// `result` with something other than a PGN result token.
    BadResult(String),
    /// `egtpath` without both a type and a path.
    EgtPath,
    /// `option` without a name.
    MissingOptionName,
}

impl fmt::Display for XboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use XboardError as E;
        match self {
            E::UnknownCommand => write!(f, "unknown command"),
            E::Unsupported(reason) => write!(f, "{reason}"),
            E::Number(e) => write!(f, "{e}"),
            E::MissingArgument { command } => write!(f, "{command}: missing argument"),
            E::MissingFen => write!(f, "setboard: missing FEN"),
            E::TooManyFenFields(n) => {
                write!(f, "setboard: a FEN has at most 6 fields, found {n}")
            }
            E::MissingMove => write!(f, "usermove: missing move"),
            E::LevelArguments(n) => write!(
                f,
                "level: expected 'level MPS BASE INC', found {n} argument(s)"
            ),
            E::LevelBase(found) => write!(
                f,
                "level: base time '{found}' is not minutes or minutes:seconds"
            ),
            E::LevelIncrement(found) => {
                write!(f, "level: increment '{found}' is not a number of seconds")
            }
            E::MissingSeconds => write!(f, "st: missing value"),
            E::Seconds(found) => write!(f, "st: '{found}' is not a number of seconds"),
            E::MissingResult => write!(f, "result: missing result"),
            E::BadResult(found) => write!(
                f,
                "result: expected 1-0, 0-1, 1/2-1/2 or *, found '{found}'"
            ),
            E::EgtPath => write!(f, "egtpath: expected 'egtpath TYPE PATH'"),
            E::MissingOptionName => write!(f, "option: missing option name"),
        }
    }
}

impl std::error::Error for XboardError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            XboardError::Number(e) => Some(e),
            _ => None,
        }
    }
}

impl From<NumberError> for XboardError {
    fn from(e: NumberError) -> Self {
        XboardError::Number(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn a_number_error_is_kept_as_the_source_and_its_text_is_the_reason() {
        let number = NumberError::Missing {
            what: "sd".to_string(),
        };
        let e = XboardError::from(number.clone());
        assert_eq!(e.to_string(), "sd: missing value");
        assert_eq!(
            e.source().map(ToString::to_string),
            Some(number.to_string())
        );
        assert!(XboardError::MissingFen.source().is_none());
        assert_eq!(
            XboardError::TooManyFenFields(7).to_string(),
            "setboard: a FEN has at most 6 fields, found 7"
        );
    }
}
