//! # outpost-protocol
//!
//! The text side of the Outpost chess engine: it turns lines from a GUI into protocol-neutral
//! [`Command`]s and turns protocol-neutral [`Reply`]s into lines for the GUI, for both UCI and
//! CECP (the xboard/WinBoard protocol, version 2). It holds no game state: the engine crate owns
//! the position, the clocks and the CECP state machine (force mode, sides, analysis), and
//! resolves the moves and FENs that arrive here as text.
//!
//! ## Input
//!
//! - The engine reads lines as UCI (so `echo "go perft 5" | outpost` works) until a line parses
//!   as [`Command::Xboard`] (or back with [`Command::Uci`]); the dialect is the engine's state.
//! - [`parse_uci`] and [`parse_xboard`] turn one line into one [`Command`]; their `_verbose`
//!   forms also return warnings for what was skipped. Neither ever panics, whatever the input:
//!   binary garbage (the caller passes invalid UTF-8 through `String::from_utf8_lossy`), 1 MB
//!   lines, empty lines ([`Command::Empty`]). A line that cannot be carried out becomes
//!   [`Command::Unknown`] with the reason in words.
//! - `go` becomes [`Command::Go`] with [`SearchLimits`]`<String>`: the limits type the search
//!   uses too (from `outpost-types`), its `searchmoves` still text for the engine to check.
//! - Each UCI line is parsed once, by the parser its shape selects: `vampirc-uci` for the tidy
//!   standard lines it reads exactly, our own grammar for everything else; [`uci`] explains
//!   the split and lists the crate's gaps.
//!
//! ## Output
//!
//! - [`Reply`] (handshakes, `readyok`/`pong`, search reports ([`SearchInfo`], [`CurrMove`]),
//!   best moves, errors, illegal moves, results) and [`Reply::lines`] for a [`Dialect`]. Options are described once as
//!   [`OptionSpec`] and printed as UCI `option` lines or CECP `feature option=` lines.
//!
//! ## Conventions kept here
//!
//! - UCI times are milliseconds (negative accepted); CECP `time`/`otim` stay centiseconds as
//!   sent, other CECP lengths of time become milliseconds.
//! - CECP mate scores are printed as `100000 + N` / `-100000 - N` (see [`reply::xboard`]).
//! - `go perft N` is [`Command::Perft`], not a search.

pub mod command;
mod extension;
pub mod moves;
pub mod option;
pub mod reply;
pub mod text;
pub mod uci;
pub mod xboard;

pub use command::{Command, OptionSetting, Parsed, StartPos, XbCommand};
pub use option::{OptionKind, OptionSpec};
pub use outpost_types::{Bound, CurrMove, GameResult, Score, SearchInfo, SearchLimits};
pub use reply::{Features, Handshake, Reply};
pub use uci::{parse_uci, parse_uci_verbose};
pub use xboard::{parse_xboard, parse_xboard_verbose};

/// The two protocols a GUI may speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// The Universal Chess Interface.
    Uci,
    /// CECP, the xboard/WinBoard protocol.
    Xboard,
}

/// Parses `line` in `dialect`.
pub fn parse(dialect: Dialect, line: &str) -> Parsed {
    match dialect {
        Dialect::Uci => parse_uci_verbose(line),
        Dialect::Xboard => parse_xboard_verbose(line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_dispatches_on_the_dialect() {
        assert_eq!(
            parse(Dialect::Uci, "go").command,
            Command::Go(SearchLimits::default())
        );
        assert_eq!(
            parse(Dialect::Xboard, "go").command,
            Command::Xb(XbCommand::Go)
        );
    }
}
