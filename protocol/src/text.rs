//! Text helpers shared by both dialects: splitting a line into tokens that remember where they
//! stood (so a command can take "the rest of the line" verbatim), reading numbers with messages
//! that say what was wrong, and making text safe to print on one protocol line.

use std::fmt::{self, Display};
use std::str::FromStr;

/// Longest excerpt of a bad line that an error message repeats. A GUI shows our `Error (...)`
/// replies to people; echoing a 1 MB line back would flood its log for no benefit.
pub const EXCERPT_LEN: usize = 200;

/// One whitespace-separated word of a line and its byte range in that line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub start: usize,
    pub end: usize,
}

/// Splits a line on any Unicode whitespace, so `\r`, tabs and runs of spaces all count as one
/// separator. GUIs differ in what they send between tokens, and the UCI spec allows any amount.
pub fn tokenize(line: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                tokens.push(Token {
                    text: &line[s..i],
                    start: s,
                    end: i,
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        tokens.push(Token {
            text: &line[s..],
            start: s,
            end: line.len(),
        });
    }
    tokens
}

/// The tokens' texts joined by single spaces: the canonical form of a line or part of one.
pub fn join(tokens: &[Token<'_>]) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(t.text);
    }
    out
}

/// The original text from the first token to the end of the last, inner spacing kept. Option
/// values such as file paths may contain runs of spaces that matter.
pub fn verbatim<'a>(line: &'a str, tokens: &[Token<'_>]) -> &'a str {
    match (tokens.first(), tokens.last()) {
        (Some(first), Some(last)) => &line[first.start..last.end],
        _ => "",
    }
}

/// At most [`EXCERPT_LEN`] bytes of `s` (cut on a character boundary, marked with `...`), made
/// safe for one output line.
pub fn excerpt(s: &str) -> String {
    clip(s, EXCERPT_LEN)
}

/// Longest excerpt of a single token (a command word, a number) quoted inside a reason.
pub const WORD_LEN: usize = 40;

/// A token for quoting inside an error reason: at most [`WORD_LEN`] bytes, on one line.
pub fn word(s: &str) -> String {
    clip(s, WORD_LEN)
}

fn clip(s: &str, max: usize) -> String {
    let s = s.trim();
    if s.len() <= max {
        return one_line(s);
    }
    let mut cut = max;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}...", one_line(&s[..cut]))
}

/// `s` with every control character (line breaks above all) replaced by a space, so text we
/// interpolate can never end a protocol line early or smuggle in a second command.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Why a whole number could not be read; its text names the parameter and, for a bad value,
/// the range and what was found: `go depth: expected a whole number from 0 to 4294967295,
/// found 'x'`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// The line ended where the value should be.
    Missing { what: String },
    /// The token is not a whole number in the type's range.
    Invalid {
        what: String,
        min: String,
        max: String,
        /// The token, shortened to [`WORD_LEN`] bytes.
        found: String,
    },
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::Missing { what } => write!(f, "{what}: missing value"),
            NumberError::Invalid {
                what,
                min,
                max,
                found,
            } => write!(
                f,
                "{what}: expected a whole number from {min} to {max}, found '{found}'"
            ),
        }
    }
}

impl std::error::Error for NumberError {}

/// Reads a whole number of type `T` for the parameter `what` (which the error names).
pub fn number<T>(what: &str, token: Option<&Token<'_>>) -> Result<T, NumberError>
where
    T: FromStr + Bounded + Display,
{
    let Some(token) = token else {
        return Err(NumberError::Missing {
            what: what.to_string(),
        });
    };
    // `FromStr` for integers accepts a leading '+'; keep that (GUIs never send it, but it is
    // harmless) and reject everything else it would not parse.
    token.text.parse::<T>().map_err(|_| NumberError::Invalid {
        what: what.to_string(),
        min: T::MIN_VALUE.to_string(),
        max: T::MAX_VALUE.to_string(),
        found: word(token.text),
    })
}

/// The range of an integer type, for error messages.
pub trait Bounded {
    const MIN_VALUE: Self;
    const MAX_VALUE: Self;
}

macro_rules! bounded {
    ($($t:ty),*) => {$(
        impl Bounded for $t {
            const MIN_VALUE: Self = <$t>::MIN;
            const MAX_VALUE: Self = <$t>::MAX;
        }
    )*};
}
bounded!(i32, i64, u32, u64);

/// Reads a non-negative decimal such as `5`, `1.5` or `.25` and returns it multiplied by `scale`
/// (1000 turns seconds into milliseconds), rounding down. Written by hand rather than through
/// `f64` so that `NaN`, `inf`, `1e9` and precision surprises never reach the time manager.
pub fn decimal_scaled(text: &str, scale: u64) -> Option<u64> {
    let (int_part, frac_part) = match text.split_once('.') {
        Some((i, f)) => (i, f),
        None => (text, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    if !int_part
        .bytes()
        .chain(frac_part.bytes())
        .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: u64 = if int_part.is_empty() {
        0
    } else {
        int_part.parse().ok()?
    };
    let mut value = whole.checked_mul(scale)?;
    // Each fractional digit is worth a tenth of the previous one, in units of `scale`.
    let mut unit = scale;
    for b in frac_part.bytes() {
        unit /= 10;
        if unit == 0 {
            break;
        }
        value = value.checked_add(u64::from(b - b'0') * unit)?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<&str> {
        tokenize(line).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn tokenize_treats_every_whitespace_run_as_one_separator() {
        assert_eq!(texts("  go \t depth  5 \r\n"), ["go", "depth", "5"]);
        assert_eq!(texts(""), Vec::<&str>::new());
        assert_eq!(texts(" \r\n\t "), Vec::<&str>::new());
        assert_eq!(texts("a\u{a0}b"), ["a", "b"]);
    }

    #[test]
    fn verbatim_keeps_inner_spacing() {
        let line = "setoption name Path value  C:\\My  Files \r";
        let tokens = tokenize(line);
        assert_eq!(verbatim(line, &tokens[4..]), "C:\\My  Files");
        assert_eq!(verbatim(line, &[]), "");
    }

    #[test]
    fn excerpt_cuts_long_text_on_a_char_boundary() {
        let long = "é".repeat(300);
        let e = excerpt(&long);
        assert!(e.ends_with("..."));
        assert!(e.len() <= EXCERPT_LEN + 3);
        assert_eq!(excerpt("a\nb"), "a b");
        assert_eq!(
            word(&"y".repeat(100)),
            format!("{}...", "y".repeat(WORD_LEN))
        );
    }

    #[test]
    fn number_messages_say_what_was_wrong() {
        let toks = tokenize("x 99999999999");
        assert_eq!(
            number::<u32>("go depth", None).unwrap_err(),
            NumberError::Missing {
                what: "go depth".into()
            }
        );
        assert_eq!(
            number::<u32>("go depth", None).unwrap_err().to_string(),
            "go depth: missing value"
        );
        let err = number::<u32>("go depth", toks.get(1)).unwrap_err();
        assert_eq!(
            err,
            NumberError::Invalid {
                what: "go depth".into(),
                min: "0".into(),
                max: "4294967295".into(),
                found: "99999999999".into()
            }
        );
        assert_eq!(
            err.to_string(),
            "go depth: expected a whole number from 0 to 4294967295, found '99999999999'"
        );
        assert_eq!(number::<i64>("wtime", Some(&tokenize("-5")[0])), Ok(-5));
    }

    #[test]
    fn decimal_scaled_reads_fractions_without_floats() {
        assert_eq!(decimal_scaled("5", 1000), Some(5000));
        assert_eq!(decimal_scaled("1.5", 1000), Some(1500));
        assert_eq!(decimal_scaled(".25", 1000), Some(250));
        assert_eq!(decimal_scaled("2.", 1000), Some(2000));
        assert_eq!(decimal_scaled("0.0001", 1000), Some(0));
        assert_eq!(decimal_scaled("1.2345", 1000), Some(1234));
        for bad in [
            "",
            ".",
            "-1",
            "1e3",
            "inf",
            "NaN",
            "1.2.3",
            "+1",
            "99999999999999999999",
        ] {
            assert_eq!(decimal_scaled(bad, 1000), None, "{bad}");
        }
    }
}
