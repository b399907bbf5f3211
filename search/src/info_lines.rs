//! What the main thread tells the GUI while it searches: every line after each completed
//! iteration, failed aspiration windows and the move being searched after the first second, the
//! final line when the answer differs from the last line shown, and the one line of a root
//! without legal moves. (The best move itself is sent by `thread_pool.rs` after `choose.rs`
//! picked it.)

use crate::reporter::{reported, Bound, CurrMove, Score, SearchInfo};
use crate::root::{legal_prefix, RootMove};
use crate::score::TB_WIN_IN_MAX;
use crate::shared::{Job, ThreadResult};
use crate::worker::Worker;
use outpost_board::Move;
use std::sync::atomic::Ordering;

/// How long a search runs before the main thread shows its progress (failed aspiration windows,
/// the move being searched), as Stockfish does: only a human watching a long search reads
/// those lines, and a GUI in a fast game would only parse them.
const PROGRESS_AFTER_MS: u64 = 1_000;

impl Worker<'_> {
    /// Whether this thread shows progress lines now: the main thread, after the first second.
    #[inline]
    fn shows_progress(&self) -> bool {
        self.is_main && self.job.elapsed_ms() >= PROGRESS_AFTER_MS
    }

    /// A line at a root in the tablebases shows its move's table value, which is exact, unless
    /// the search has proved a mate; other lines show the search's score and bound.
    fn displayed_score(rm: &RootMove, bound: Bound) -> (i32, Bound) {
        match rm.tb_score {
            Some(tb) if !crate::score::is_mate(rm.score) => (tb, Bound::Exact),
            _ => (rm.score, bound),
        }
    }

    fn make_info(&self, depth: i32, rm: &RootMove, index: usize, bound: Bound) -> SearchInfo {
        let time_ms = self.job.elapsed_ms();
        let nodes = self.job.total_nodes();
        let (score, bound) = Self::displayed_score(rm, bound);
        SearchInfo {
            depth,
            seldepth: rm.seldepth.max(1) as i32,
            multipv: index + 1,
            score: reported(score),
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.tt.hashfull(),
            tbhits: self.job.total_tbhits().max(self.tbhits),
            time_ms,
            pv: legal_prefix(&self.job.position, &rm.pv, rm.mv),
        }
    }

    pub(crate) fn report_lines(&mut self, depth: i32) {
        self.td.tbhits.store(self.tbhits, Ordering::Relaxed);
        self.reported_best = self.root.moves[0].mv;
        self.reported_lines.clear();
        self.reported_lines
            .extend_from_slice(&self.root.moves[..self.root.multipv]);
        for i in 0..self.root.multipv {
            let rm = &self.root.moves[i];
            let info = self.make_info(depth, rm, i, Bound::Exact);
            self.job.reporter.info(&info);
        }
    }

    /// Reports the final result when it is not the line last shown (another thread's, the
    /// handicap's choice, or a new best move of the unfinished iteration).
    pub(crate) fn report_result(&self, result: &ThreadResult, pv: &[Move]) {
        let tb = self.root.moves.iter().find(|rm| rm.mv == pv[0]);
        let rm = RootMove {
            mv: pv[0],
            score: result.score,
            prev_score: result.score,
            bound: Bound::Exact,
            seldepth: self.seldepth,
            pv: pv.to_vec(),
            tb_rank: tb.map_or(0, |rm| rm.tb_rank),
            tb_score: tb.and_then(|rm| rm.tb_score),
            nodes: tb.map_or(0, |rm| rm.nodes),
        };
        let info = self.make_info(result.depth, &rm, 0, Bound::Exact);
        self.job.reporter.info(&info);
        // With several lines, restate the others after the new first one, so the GUI's last
        // set of lines has each move once (the played move was one of them, or is new).
        let others = self.reported_lines.iter().filter(|l| l.mv != pv[0]);
        for (i, line) in others.take(self.root.multipv - 1).enumerate() {
            let info = self.make_info(result.depth, line, i + 1, Bound::Exact);
            self.job.reporter.info(&info);
        }
    }

    /// Reports a failed aspiration window. `window_edge` is the alpha or beta the search failed
    /// against: what it has shown for certain.
    pub(crate) fn report_bound(&self, depth: i32, window_edge: i32) {
        if self.shows_progress() {
            let mut rm = self.root.moves[self.root.pv_idx].clone();
            // A fail-soft bound in the mate range need not be a mate the search has seen
            // through (it can come from the table or another thread's pruned line), and GUIs
            // show `mate N lowerbound` as "#N". Show the window edge instead, in centipawns:
            // true, and no claim of a mate.
            if crate::score::is_mate(rm.score) {
                rm.score = window_edge.clamp(-TB_WIN_IN_MAX + 1, TB_WIN_IN_MAX - 1);
            }
            // A line shown with its table score is exact whatever the window said: the report
            // would repeat that score without a bound and look like a finished line.
            if rm.tb_score.is_some() {
                return;
            }
            let info = self.make_info(depth, &rm, self.root.pv_idx, rm.bound);
            self.job.reporter.info(&info);
        }
    }

    /// Tells the GUI which root move is being searched (after a second).
    #[inline]
    pub(crate) fn report_currmove(&self, m: Move, move_count: usize) {
        if self.shows_progress() {
            self.job.reporter.currmove(&CurrMove {
                depth: self.root_depth,
                mv: m,
                number: move_count + self.root.pv_idx,
            });
        }
    }
}

/// The one line for a root without legal moves: mated (in check) or stalemate.
pub(crate) fn report_no_legal_move(job: &Job) {
    let score = if job.position.in_check() {
        Score::Mate(0)
    } else {
        Score::Cp(0)
    };
    job.reporter.info(&SearchInfo {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score,
        bound: Bound::Exact,
        nodes: 0,
        nps: 0,
        hashfull: 0,
        tbhits: 0,
        time_ms: job.elapsed_ms(),
        pv: Vec::new(),
    });
}
