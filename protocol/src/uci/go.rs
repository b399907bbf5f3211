//! The parameters of UCI `go`.
//!
//! Keywords may come in any order and any case. Unknown keywords are skipped with a warning (the
//! spec's rule). A GUI that sent `go` waits for `bestmove` whatever else the line held, so a bad
//! value never cancels the search: a number too large for its field is clamped to the largest
//! (a clock of 10^23 ms means "plenty"), and a value that is missing, not a number, negative
//! where only positive ones make sense, or `mate 0` is reported in a warning and dropped. If
//! that leaves no limit at all, the search gets [`FALLBACK_MOVETIME_MS`] rather than running
//! until a `stop` the GUI never meant to send. A repeated keyword takes its last value.
//! `go perft N [stats]` is routed to [`Command::Perft`].

use crate::command::Command;
use crate::extension;
use crate::text::{self, Token};
use outpost_types::SearchLimits;
use std::fmt::Display;

/// The search time of a `go` whose every limit was unreadable: short, so a GUI that sent garbage
/// gets its move soon, and long enough for a sound one.
pub const FALLBACK_MOVETIME_MS: i64 = 1000;

/// Every keyword `go` understands, lowercase: these also end a `searchmoves` list. A new one is
/// read in `params` (a test checks that each of these is) into its field of
/// `outpost_types::SearchLimits`; `vampirc.rs` leaves a line with a keyword it does not know to
/// our grammar by itself.
pub const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn is_keyword(token: &Token<'_>) -> bool {
    GO_KEYWORDS
        .iter()
        .any(|k| token.text.eq_ignore_ascii_case(k))
}

/// Parses the tokens after `go`.
/// Skipped tokens go to `warnings`; dropped or clamped values to `corrections`.
pub fn parse(
    line: &str,
    args: &[Token<'_>],
    warnings: &mut Vec<String>,
    corrections: &mut Vec<String>,
) -> Command {
    if let Some(at) = args
        .iter()
        .position(|t| t.text.eq_ignore_ascii_case("perft"))
    {
        // The perft's own words (the depth, `stats`, a FEN) run up to the next `go` keyword;
        // they are read, or refused, by the same rules as the `perft` extension's.
        let depth_and_rest = &args[at + 1..];
        let own = 1 + depth_and_rest
            .iter()
            .skip(1)
            .take_while(|t| !is_keyword(t))
            .count();
        let own = own.min(depth_and_rest.len());
        let command = extension::perft(line, "go perft", &depth_and_rest[..own]);
        let others: Vec<Token<'_>> = args[..at]
            .iter()
            .chain(depth_and_rest.iter().skip(own))
            .copied()
            .collect();
        extension::no_arguments("go perft N", &others, warnings);
        return command;
    }
    Command::Go(params(args, warnings, corrections))
}

/// What reading one value gave.
enum Value<T> {
    Read(T),
    /// Out of range above: the type's largest value.
    Clamped(T),
    Dropped(String),
}

/// Reads the value of `go <key>` as an integer of `T`, at least `min`.
fn value<T>(what: &str, token: Option<&Token<'_>>, min: T) -> Value<T>
where
    T: TryFrom<i128> + Into<i128> + text::Bounded + Display + Copy,
{
    let Some(token) = token.filter(|t| !is_keyword(t)) else {
        return Value::Dropped(format!("{what}: missing value; ignored"));
    };
    let digits = token.text.strip_prefix(['+', '-']).unwrap_or(token.text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Value::Dropped(format!(
            "{what}: '{}' is not a whole number; ignored",
            text::word(token.text)
        ));
    }
    let negative = token.text.starts_with('-');
    // Beyond i128 only by its length: clamp by sign like any other out-of-range number.
    let n: i128 = token
        .text
        .parse()
        .unwrap_or(if negative { i128::MIN } else { i128::MAX });
    if n < min.into() {
        return Value::Dropped(format!(
            "{what}: {} is below {min}; ignored",
            text::word(token.text)
        ));
    }
    match T::try_from(n) {
        Ok(v) => Value::Read(v),
        Err(_) => Value::Clamped(T::MAX_VALUE),
    }
}

fn params(
    args: &[Token<'_>],
    warnings: &mut Vec<String>,
    corrections: &mut Vec<String>,
) -> SearchLimits<String> {
    let mut p = SearchLimits::default();
    let mut dropped = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i].text.to_ascii_lowercase();
        i += 1;
        match key.as_str() {
            "ponder" => p.ponder = true,
            "infinite" => p.infinite = true,
            "searchmoves" => {
                let start = i;
                while i < args.len() && !is_keyword(&args[i]) {
                    i += 1;
                }
                if start == i {
                    warnings.push("go: ignored 'searchmoves' without moves".to_string());
                }
                p.searchmoves = args[start..i].iter().map(|t| t.text.to_string()).collect();
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "movestogo" | "depth" | "mate"
            | "nodes" => {
                let what = format!("go {key}");
                let token = args.get(i);
                // A keyword in place of the value is not consumed: `go depth movetime 100`.
                if token.is_some_and(|t| !is_keyword(t)) {
                    i += 1;
                }
                let ok = match key.as_str() {
                    "wtime" => store(
                        &mut p.wtime,
                        value(&what, token, i64::MIN),
                        &what,
                        corrections,
                    ),
                    "btime" => store(
                        &mut p.btime,
                        value(&what, token, i64::MIN),
                        &what,
                        corrections,
                    ),
                    "winc" => store(
                        &mut p.winc,
                        value(&what, token, i64::MIN),
                        &what,
                        corrections,
                    ),
                    "binc" => store(
                        &mut p.binc,
                        value(&what, token, i64::MIN),
                        &what,
                        corrections,
                    ),
                    "movetime" => store(
                        &mut p.movetime,
                        value(&what, token, i64::MIN),
                        &what,
                        corrections,
                    ),
                    "movestogo" => {
                        store(&mut p.movestogo, value(&what, token, 0), &what, corrections)
                    }
                    "depth" => store(&mut p.depth, value(&what, token, 0), &what, corrections),
                    "mate" => {
                        let mut read = value(&what, token, 1);
                        if token.is_some_and(|t| t.text.parse::<i128>() == Ok(0)) {
                            read = Value::Dropped(
                                "go mate 0: a mate in no moves is nothing to search for; ignored"
                                    .to_string(),
                            );
                        }
                        store(&mut p.mate, read, &what, corrections)
                    }
                    _ => store(&mut p.nodes, value(&what, token, 0), &what, corrections),
                };
                dropped |= !ok;
            }
            _ => warnings.push(format!(
                "go: ignored unknown token '{}'",
                text::word(args[i - 1].text)
            )),
        }
    }
    if dropped && !p.is_limited() {
        corrections.push(format!(
            "go: no usable limit left; searching {FALLBACK_MOVETIME_MS} ms"
        ));
        p.movetime = Some(FALLBACK_MOVETIME_MS);
    }
    p
}

/// Puts a read or clamped value in its field, or reports it; false when it was dropped.
fn store<T: Display>(
    field: &mut Option<T>,
    value: Value<T>,
    what: &str,
    warnings: &mut Vec<String>,
) -> bool {
    match value {
        Value::Read(v) => {
            *field = Some(v);
            true
        }
        Value::Clamped(v) => {
            warnings.push(format!("{what}: value too large, using {v}"));
            *field = Some(v);
            true
        }
        Value::Dropped(why) => {
            warnings.push(why);
            false
        }
    }
}
