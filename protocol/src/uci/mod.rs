//! UCI input: one line of text to one [`Command`].
//!
//! # Two readings, ours authoritative
//!
//! The project chose `vampirc-uci` 0.11.1 as its UCI parser, and we measured what it does with
//! the input real GUIs and people send. On a tidy line it is right; but it panics on
//! `go depth 256`, `go movestogo 300`, `go mate 999` and on *trailing whitespace* after `go`
//! (`"go "`, `"go infinite "`); it answers Unknown to FENs without the two counters, to
//! Shredder-FEN castling (`HAha`, which CuteChess sends for Chess960), to `go perft`, to an
//! unknown `go` token before the known ones and to `go searchmoves` with no moves; and it
//! silently changes meaning elsewhere: `go ponder wtime ...` loses `ponder` (only one of ponder,
//! infinite, movetime, clocks survives), `go depth 1234` becomes depth 123, a move list stops at
//! the null move `0000` or at any malformed move (dropping the moves after it), two spaces after
//! `moves` drop the whole list, trailing text is ignored (`isready foo`, `ucinewgamex`), and
//! `setoption name X value` (empty value) loses the value, and an option name with a word that
//! starts with "value" (`ValueScale`) makes the line Unknown. Each case has a test in `tests.rs`.
//!
//! Our own grammar (`uci/grammar.rs`) handles all of these, so it is authoritative: [`parse_uci`]
//! always runs it. When a line lies in the subset where `vampirc-uci` is known to be right
//! (`uci/vampirc.rs`), the crate parses it too, and its command is returned after checking that it
//! equals ours; on any disagreement ours wins and the difference is logged. So the crate stays
//! in use where it is right, acting as an independent second parser that guards our grammar
//! against drift, and the fuzz target asserts that the two never disagree ([`cross_check`]).

pub(crate) mod go;
mod grammar;
mod vampirc;

#[cfg(test)]
mod tests;

use crate::command::{Command, Parsed};
use crate::text;

/// Parses one UCI line (with or without its line ending) into a [`Command`].
pub fn parse_uci(line: &str) -> Command {
    parse_uci_verbose(line).command
}

/// Like [`parse_uci`], also returning what was skipped as warnings.
pub fn parse_uci_verbose(line: &str) -> Parsed {
    let ours = grammar::parse(line);
    match vampirc::reading(line, &text::tokenize(line)) {
        Some(theirs) if theirs == ours.command => Parsed {
            command: theirs,
            ..ours
        },
        Some(theirs) => {
            log::warn!(
                "vampirc-uci read {:?} as {theirs:?}, ours as {:?}; using ours",
                text::excerpt(line),
                ours.command
            );
            ours
        }
        None => ours,
    }
}

/// The two readings of a line, when they differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    pub ours: Command,
    pub vampirc: Command,
}

/// Checks that `vampirc-uci` and our grammar agree on `line` (trivially true when the line is
/// outside the vetted subset). The fuzz target calls this on every input.
pub fn cross_check(line: &str) -> Result<(), Box<Disagreement>> {
    let ours = grammar::parse(line).command;
    match vampirc::reading(line, &text::tokenize(line)) {
        Some(theirs) if theirs != ours => Err(Box::new(Disagreement {
            ours,
            vampirc: theirs,
        })),
        _ => Ok(()),
    }
}

/// `vampirc-uci`'s reading of `line`, or `None` if the line is outside the vetted subset.
pub fn vampirc_reading(line: &str) -> Option<Command> {
    vampirc::reading(line, &text::tokenize(line))
}
