//! Every command line of Outpost's tools, read one way: the tools crate's (`outpost datagen`,
//! `data-stats`, `wdl`, ...), the engine's `perft-split` and `perft-jobs`, the book crate's
//! (`outpost book`, `book-make`) and the trainer's (`outpost-trainer`). `lexopt` splits the words
//! into flags and values (`--games 5`, `--games=5`), and [`Flags`] turns them into typed values
//! with errors that say which tool, which flag and what was expected ([`CliError`]).
//!
//! A crate of its own, on `lexopt` alone, so that the book crate and the trainer read flags as
//! the tools do without depending on the tools (and through them on the search).

use std::fmt;
use std::str::FromStr;

/// What is wrong with a tool's command line: the one error of every command line read here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// `--help`: not an error, but the usage goes where errors go.
    Help { usage: &'static str },
    /// Arguments missing or of the wrong kind; the usage says what the tool takes.
    Usage { usage: &'static str },
    /// A flag given without its value.
    MissingValue { tool: &'static str, flag: String },
    /// A value that does not parse or is out of range.
    BadValue {
        tool: &'static str,
        flag: String,
        value: String,
        expected: &'static str,
    },
    /// A flag the tool does not have, or a stray word.
    Unexpected {
        tool: &'static str,
        arg: String,
        usage: &'static str,
    },
    /// A required argument that is missing, or flags that do not go together.
    Invalid { tool: &'static str, why: String },
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Help { usage } | CliError::Usage { usage } => write!(f, "{usage}"),
            CliError::MissingValue { tool, flag } => write!(f, "{tool}: {flag} needs a value"),
            CliError::BadValue {
                tool,
                flag,
                value,
                expected,
            } => write!(f, "{tool}: {flag} expects {expected}, got '{value}'"),
            CliError::Unexpected { tool, arg, usage } => {
                write!(f, "{tool}: unexpected argument '{arg}'\n{usage}")
            }
            CliError::Invalid { tool, why } => write!(f, "{tool}: {why}"),
        }
    }
}

impl std::error::Error for CliError {}

/// One item of a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// `--name` (or `-x`), without the dashes' meaning lost: `--games` stays `--games`.
    Flag(String),
    /// A word that is not a flag (a file name).
    Word(String),
}

/// A tool's command line being read.
pub struct Flags {
    parser: lexopt::Parser,
    tool: &'static str,
    usage: &'static str,
    last_flag: String,
}

impl Flags {
    pub fn new(tool: &'static str, usage: &'static str, args: &[String]) -> Flags {
        Flags {
            parser: lexopt::Parser::from_args(args.iter().cloned()),
            tool,
            usage,
            last_flag: String::new(),
        }
    }

    /// The next flag or word; `--help`/`-h` become [`CliError::Help`].
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<Arg>, CliError> {
        let arg = match self.parser.next() {
            Ok(Some(a)) => a,
            Ok(None) => return Ok(None),
            Err(e) => return Err(self.unexpected(e.to_string())),
        };
        Ok(Some(match arg {
            lexopt::Arg::Long("help") | lexopt::Arg::Short('h') => {
                return Err(CliError::Help { usage: self.usage })
            }
            lexopt::Arg::Long(name) => {
                self.last_flag = format!("--{name}");
                Arg::Flag(self.last_flag.clone())
            }
            lexopt::Arg::Short(c) => {
                self.last_flag = format!("-{c}");
                Arg::Flag(self.last_flag.clone())
            }
            lexopt::Arg::Value(v) => Arg::Word(v.to_string_lossy().into_owned()),
        }))
    }

    /// The next flag; a word is taken as the tool's one file argument when `file` is given and
    /// still empty, and is an error otherwise.
    pub fn next_flag(&mut self, mut file: Option<&mut String>) -> Result<Option<String>, CliError> {
        loop {
            match self.next()? {
                None => return Ok(None),
                Some(Arg::Flag(flag)) => return Ok(Some(flag)),
                Some(Arg::Word(word)) => match file.as_deref_mut() {
                    Some(f) if f.is_empty() => *f = word,
                    _ => return Err(self.unexpected(word)),
                },
            }
        }
    }

    /// The value of the flag just read, as text.
    pub fn text(&mut self) -> Result<String, CliError> {
        match self.parser.value() {
            Ok(v) => Ok(v.to_string_lossy().into_owned()),
            Err(_) => Err(CliError::MissingValue {
                tool: self.tool,
                flag: self.last_flag.clone(),
            }),
        }
    }

    /// The value of the flag just read, parsed; `expected` words the error ("a whole number").
    pub fn value<T: FromStr>(&mut self, expected: &'static str) -> Result<T, CliError> {
        let text = self.text()?;
        text.parse().map_err(|_| self.bad(text, expected))
    }

    /// The value of the flag just read, parsed and checked by `ok`.
    pub fn value_in<T: FromStr>(
        &mut self,
        expected: &'static str,
        ok: impl Fn(&T) -> bool,
    ) -> Result<T, CliError> {
        let text = self.text()?;
        match text.parse() {
            Ok(v) if ok(&v) => Ok(v),
            _ => Err(self.bad(text, expected)),
        }
    }

    /// An error for an argument the tool does not take.
    pub fn unexpected(&self, arg: impl Into<String>) -> CliError {
        CliError::Unexpected {
            tool: self.tool,
            arg: arg.into(),
            usage: self.usage,
        }
    }

    /// An error for a rule across flags, or a missing argument.
    pub fn invalid(&self, why: impl Into<String>) -> CliError {
        CliError::Invalid {
            tool: self.tool,
            why: why.into(),
        }
    }

    fn bad(&self, value: String, expected: &'static str) -> CliError {
        CliError::BadValue {
            tool: self.tool,
            flag: self.last_flag.clone(),
            value,
            expected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_values_and_errors() {
        let mut f = Flags::new("t", "usage: t", &words("--n 5 --x=2.5 file --m"));
        assert_eq!(f.next().unwrap(), Some(Arg::Flag("--n".into())));
        assert_eq!(f.value::<u32>("a count").unwrap(), 5);
        assert_eq!(f.next().unwrap(), Some(Arg::Flag("--x".into())));
        assert_eq!(f.value::<f64>("a number").unwrap(), 2.5);
        assert_eq!(f.next().unwrap(), Some(Arg::Word("file".into())));
        assert_eq!(f.next().unwrap(), Some(Arg::Flag("--m".into())));
        assert!(matches!(f.text(), Err(CliError::MissingValue { .. })));
        let mut f = Flags::new("t", "usage: t", &words("--n many"));
        f.next().unwrap();
        let e = f.value::<u32>("a count").unwrap_err();
        assert_eq!(e.to_string(), "t: --n expects a count, got 'many'");
        let mut file = String::new();
        let mut f = Flags::new("t", "usage: t", &words("a.bin --n 1 b.bin"));
        assert_eq!(f.next_flag(Some(&mut file)).unwrap(), Some("--n".into()));
        assert_eq!(file, "a.bin");
        f.text().unwrap();
        assert!(matches!(
            f.next_flag(Some(&mut file)),
            Err(CliError::Unexpected { .. })
        ));
        let mut f = Flags::new("t", "usage: t", &words("stray"));
        assert!(f.next_flag(None).is_err());
        let mut f = Flags::new("t", "usage: t", &words("--help"));
        assert_eq!(f.next(), Err(CliError::Help { usage: "usage: t" }));
    }
}
