//! What shapes one search: the limits of a `go` (defined once in `outpost-types`; the engine
//! fills them from UCI `go ...` or from the xboard clock state) and the engine settings that are
//! not part of `go` ([`SearchOptions`]).

use crate::skill::Skill;
use outpost_board::Move;
use outpost_eval::nnue::{self, Network};
use std::sync::Arc;

/// Limits of one search, with board moves in `searchmoves`: the shared
/// `outpost_types::SearchLimits`, which the protocol crate fills with text moves.
pub type SearchLimits = outpost_types::SearchLimits<Move>;

/// Engine settings that shape a search but are not part of `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Number of best lines to report (`MultiPV`), at least 1.
    pub multipv: usize,
    /// Milliseconds kept in reserve per move for communication lag (`Move Overhead`).
    pub move_overhead_ms: i64,
    /// Tablebases are probed inside the search only at this remaining depth or more
    /// (`SyzygyProbeDepth`).
    pub tb_probe_depth: i32,
    /// Probe only positions with at most this many pieces (`SyzygyProbeLimit`); the oracle's
    /// own maximum applies too.
    pub tb_probe_limit: u32,
    /// Play below full strength (`UCI_LimitStrength`): a node budget and a chosen, not always
    /// best, move. The search then runs on the main thread only.
    pub skill: Option<Skill>,
    /// The network to evaluate with (`EvalFile`'s, or the one built into the binary).
    pub network: Arc<Network>,
}

impl SearchOptions {
    /// One line: the best move is all a game needs; more lines cost search time.
    pub const DEFAULT_MULTIPV: usize = 1;
    /// Enough for a GUI on the same machine to pass our move on; a network needs more.
    pub const DEFAULT_MOVE_OVERHEAD_MS: i64 = 30;
    /// Probe wherever the search goes: a probe costs little next to what an exact result saves.
    pub const DEFAULT_TB_PROBE_DEPTH: i32 = 1;
    /// Every table there is: the largest Syzygy tables have seven pieces.
    pub const DEFAULT_TB_PROBE_LIMIT: u32 = 7;
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            multipv: Self::DEFAULT_MULTIPV,
            move_overhead_ms: Self::DEFAULT_MOVE_OVERHEAD_MS,
            tb_probe_depth: Self::DEFAULT_TB_PROBE_DEPTH,
            tb_probe_limit: Self::DEFAULT_TB_PROBE_LIMIT,
            skill: None,
            network: nnue::embedded(),
        }
    }
}
