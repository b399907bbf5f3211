//! What a `go` command asks for: the search limits, protocol-neutral. The engine fills this from
//! UCI `go ...` or from the xboard clock state.

use crate::skill::Skill;
use outpost_board::Move;
use outpost_eval::nnue::Network;
use std::sync::Arc;

/// Limits of one search. Every field is optional; with none set the search runs until `stop`.
/// Clock values are milliseconds and may be negative (a GUI reporting a flag fall or lag).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration to finish (`go depth N`).
    pub depth: Option<i32>,
    /// Node budget summed over all threads (`go nodes N`).
    pub nodes: Option<u64>,
    /// Exact time to spend (`go movetime N`).
    pub movetime: Option<i64>,
    /// Stop once a mate in at most this many moves is found (`go mate N`).
    pub mate: Option<i32>,
    /// Search until `stop`, and never report a best move before it (`go infinite`).
    pub infinite: bool,
    /// Pondering: search until `stop` or `ponderhit`; after `ponderhit` the clocks apply.
    pub ponder: bool,
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<i32>,
    /// Restrict the root to these moves (`go searchmoves ...`); empty means all moves.
    pub searchmoves: Vec<Move>,
}

impl SearchLimits {
    /// Limits of a fixed-depth search.
    pub fn depth(depth: i32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Limits of a fixed-time search.
    pub fn movetime(ms: i64) -> SearchLimits {
        SearchLimits {
            movetime: Some(ms),
            ..SearchLimits::default()
        }
    }

    /// Whether a clock (time or increment for either side) was given.
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some()
    }
}

/// Engine settings that shape a search but are not part of `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Number of best lines to report (`MultiPV`), at least 1.
    pub multipv: usize,
    /// Milliseconds kept in reserve per move for communication lag (`Move Overhead`).
    pub move_overhead_ms: i64,
    /// Chess960 mode. The search itself plays identically; kept here so reporters can format.
    pub chess960: bool,
    /// Tablebases are probed inside the search only at this remaining depth or more
    /// (`SyzygyProbeDepth`).
    pub tb_probe_depth: i32,
    /// Probe only positions with at most this many pieces (`SyzygyProbeLimit`); the oracle's
    /// own maximum applies too.
    pub tb_probe_limit: u32,
    /// Play below full strength (`UCI_LimitStrength`): a node budget and a chosen, not always
    /// best, move. The search then runs on the main thread only.
    pub skill: Option<Skill>,
    /// The network to evaluate with (`EvalFile`, or the embedded one); `None`: the hand-crafted
    /// evaluation.
    pub network: Option<Arc<Network>>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            multipv: 1,
            move_overhead_ms: 30,
            chess960: false,
            tb_probe_depth: 1,
            tb_probe_limit: 7,
            skill: None,
            network: None,
        }
    }
}
