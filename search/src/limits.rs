//! What shapes one search: the limits of a `go` (defined once in `outpost-types`; the engine
//! fills them from UCI `go ...` or from the xboard clock state) and the engine settings that are
//! not part of `go` ([`SearchOptions`]).

use crate::skill::Skill;
use outpost_board::Move;
use outpost_eval::nnue::Network;
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
    /// The network to evaluate with (`EvalFile`, or the embedded one); `None`: the hand-crafted
    /// evaluation.
    pub network: Option<Arc<Network>>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            multipv: 1,
            move_overhead_ms: 30,
            tb_probe_depth: 1,
            tb_probe_limit: 7,
            skill: None,
            network: None,
        }
    }
}
