//! Engine output: protocol-neutral replies, each printed in the dialect the GUI speaks.
//!
//! The engine builds a [`Reply`] and asks for its [`Reply::lines`]; a reply that has no meaning
//! in a dialect (`readyok` in CECP, `pong` in UCI) yields no lines. Every piece of text that goes
//! into a line passes through [`crate::text::one_line`], so no field can end a line early or
//! inject a second command.

pub mod uci;
pub mod xboard;

#[cfg(test)]
mod tests;

use crate::option::OptionSpec;
use crate::Dialect;
use outpost_types::{CurrMove, GameResult, SearchInfo};

pub use xboard::Features;

/// What the engine says, independent of the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// The answer to `uci` (id, options, `uciok`) or to `protover 2` (`feature` lines).
    Handshake(Handshake),
    /// UCI `readyok`.
    ReadyOk,
    /// CECP `pong N`.
    Pong(i64),
    /// A search report, moves written in the dialect's notation: a UCI `info` line or a CECP
    /// thinking line. `wdl` is win/draw/loss per mille, shown in UCI only (`UCI_ShowWDL`).
    Info {
        info: SearchInfo<String>,
        wdl: Option<(u32, u32, u32)>,
    },
    /// The root move being searched: a UCI `info currmove` line; nothing in CECP.
    CurrMove(CurrMove<String>),
    /// The move the engine plays: UCI `bestmove M [ponder P]`, CECP `move M`.
    BestMove { mv: String, ponder: Option<String> },
    /// A message for people: UCI `info string ...`, CECP `# ...` (a comment XBoard ignores).
    InfoString(String),
    /// A command that could not be carried out: CECP `Error (reason): command`, UCI
    /// `info string Error (reason): command`.
    Error { reason: String, command: String },
    /// A move that is not legal: CECP `Illegal move: M` or `Illegal move (reason): M`; UCI as
    /// an `info string`.
    IllegalMove { mv: String, reason: Option<String> },
    /// The game is over: CECP `1-0 {White mates}`; UCI (where the GUI adjudicates) as an
    /// `info string`.
    GameOver { result: GameResult, comment: String },
    /// CECP `Hint: M`; nothing in UCI.
    Hint(String),
    /// CECP `resign`; nothing in UCI.
    Resign,
    /// Text printed as it is in both dialects, one output line per input line (perft, bench and
    /// `d` output).
    Raw(String),
}

/// Who the engine is and what it offers: the content of the UCI and CECP handshakes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handshake {
    /// Name and version, as GUIs show them (`Outpost 0.1.0`).
    pub name: String,
    pub author: String,
    pub options: Vec<OptionSpec>,
    pub features: Features,
}

impl Reply {
    /// The lines to print for this reply in `dialect`, without line endings.
    pub fn lines(&self, dialect: Dialect) -> Vec<String> {
        match dialect {
            Dialect::Uci => uci::lines(self),
            Dialect::Xboard => xboard::lines(self),
        }
    }
}

/// The lines of a [`Reply::Raw`] text: `\n` or `\r\n` separate lines, a final line ending adds
/// no empty line, and the empty text is one empty line (perft output uses one as a separator).
fn raw_lines(text: &str) -> Vec<String> {
    if text.is_empty() {
        return vec![String::new()];
    }
    text.lines().map(crate::text::one_line).collect()
}
