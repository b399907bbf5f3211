//! UCI input: one line of text to one [`Command`], read by one parser chosen up front.
//!
//! # Two parsers, one per line
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
//! starts with "value" (`ValueScale`) makes the line Unknown. It does not know our extensions
//! (`perft`, `bench`, `d`, `eval`) nor the case-insensitive command words and the skipping of
//! unknown leading words that the spec's robustness rules ask for. Each case has a test in
//! `tests.rs`.
//!
//! So each line takes exactly one [`Path`], decided from its shape before anything is parsed
//! ([`path`]): the tidy lines of the standard commands that the crate reads exactly (which is
//! what GUIs send in a game: `uci`, `isready`, `setoption`, `position startpos|fen ... moves ...`
//! with a six-field KQkq FEN, `go` with the usual limits) go to `vampirc-uci`
//! (`uci/vampirc.rs` says which, and why each other case is left out); every other line goes to
//! our grammar (`uci/grammar.rs`), which follows the spec's robustness rules and reports what it
//! skipped or corrected. Nothing is parsed twice in play. The tests and the fuzz target do read
//! the crate's lines with our grammar too ([`cross_check`]), to prove the routing sound: where
//! the crate parses, it agrees with what our grammar would have said, warnings included.

pub(crate) mod go;
mod grammar;
mod vampirc;

pub use go::GO_KEYWORDS;

#[cfg(test)]
mod tests;

use crate::command::{Command, Parsed};
use crate::text::{self, Token};

/// Which parser reads a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// `vampirc-uci`: a tidy standard line it is known to read exactly.
    Vampirc,
    /// Our grammar: everything else (extensions, odd spacing or case, values and FENs the
    /// crate misreads, unknown or malformed lines).
    Grammar,
}

/// The parser that reads `line`, decided from its shape alone.
pub fn path(line: &str) -> Path {
    path_of(line, &text::tokenize(line))
}

fn path_of(line: &str, tokens: &[Token<'_>]) -> Path {
    if vampirc::handles(line, tokens) {
        Path::Vampirc
    } else {
        Path::Grammar
    }
}

/// Parses one UCI line (with or without its line ending) into a [`Command`].
pub fn parse_uci(line: &str) -> Command {
    parse_uci_verbose(line).command
}

/// Like [`parse_uci`], also returning what was skipped as warnings.
pub fn parse_uci_verbose(line: &str) -> Parsed {
    let tokens = text::tokenize(line);
    match path_of(line, &tokens) {
        Path::Vampirc => match vampirc::parse(line) {
            Some(command) => Parsed::clean(command),
            None => {
                // A hole in `vampirc::handles`: the fuzz target and `cross_check` look for
                // these. The GUI still gets an answer.
                log::warn!(
                    "vampirc-uci failed on {:?}, which it should read; using our grammar",
                    text::excerpt(line)
                );
                grammar::parse(line, &tokens)
            }
        },
        Path::Grammar => grammar::parse(line, &tokens),
    }
}

/// A line on the `vampirc-uci` path whose reading differs from our grammar's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// What our grammar makes of the line.
    pub ours: Parsed,
    /// The crate's reading (`None`: it panicked or read something we cannot carry).
    pub vampirc: Option<Command>,
}

/// Checks that a line routed to `vampirc-uci` is read as our grammar would have read it,
/// with no warning or correction lost (trivially true on the grammar path). For tests and the
/// fuzz target: in play each line is parsed once.
pub fn cross_check(line: &str) -> Result<(), Box<Disagreement>> {
    let tokens = text::tokenize(line);
    if path_of(line, &tokens) == Path::Grammar {
        return Ok(());
    }
    let ours = grammar::parse(line, &tokens);
    let vampirc = vampirc::parse(line);
    match &vampirc {
        Some(theirs) if Parsed::clean(theirs.clone()) == ours => Ok(()),
        _ => Err(Box::new(Disagreement { ours, vampirc })),
    }
}

/// `vampirc-uci`'s reading of `line`, or `None` if the line is on the grammar path.
pub fn vampirc_reading(line: &str) -> Option<Command> {
    match path(line) {
        Path::Vampirc => vampirc::parse(line),
        Path::Grammar => None,
    }
}
