//! What can be wrong with a setting ([`OptionError`]), and the note a clamped value earns
//! ([`Clamped`]). Their texts are what the GUI reads in `info string Error (...)` (UCI) or
//! `Error (...)` (CECP).

use std::fmt;

/// A setting that was refused; the option keeps its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// No option of this name (in this build).
    Unknown { name: String },
    /// A spin or check option sent without a value.
    MissingValue { name: String },
    /// A spin option's value is not a whole number.
    NotAnInteger { name: String, text: String },
    /// A check option's value is not `true`/`false` (or `1`/`0`).
    NotABoolean { name: String, text: String },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "no such option '{name}'"),
            OptionError::MissingValue { name } => write!(f, "option '{name}' needs a value"),
            OptionError::NotAnInteger { name, text } => {
                write!(f, "option '{name}': '{text}' is not an integer")
            }
            OptionError::NotABoolean { name, text } => {
                write!(f, "option '{name}': expected true or false, found '{text}'")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// A spin value outside its range, set to the nearest bound. The GUI is still told, as an
/// error: a GUI that offers a slider never sends one; a person typing does and wants to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clamped {
    /// The option's name as the GUI sent it.
    pub name: String,
    /// The value as sent.
    pub text: String,
    pub min: i64,
    pub max: i64,
    /// The value used.
    pub used: i64,
}

impl fmt::Display for Clamped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Clamped {
            name,
            text,
            min,
            max,
            used,
        } = self;
        write!(
            f,
            "option '{name}': {text} is outside {min}..{max}, using {used}"
        )
    }
}
