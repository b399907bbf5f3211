//! The search proper: iterative deepening with aspiration windows around a principal variation
//! search (alpha-beta with null windows), and a quiescence search at the horizon.
//!
//! One `Searcher` runs one search on one thread. It borrows the shared transposition table and the
//! thread's own history tables and evaluator; everything else it needs (stacks, PV table, root
//! moves, the key history for repetitions) it owns. The pruning steps in `search` are numbered in
//! the order they happen, each with the reason it is sound (or sound enough).

use crate::history::{History, PieceTo};
use crate::info::{CurrMove, FromInternal, Score, SearchInfo};
use crate::movepicker::{MovePicker, Stage};
use crate::oracle::{EndgameOracle, Wdl};
use crate::score::*;
use crate::thread::{Job, Shared, ThreadData, ThreadResult, NO_DEADLINE};
use crate::timeman::TimeManager;
use crate::transposition::{Bound, TranspositionTable};
use outpost_board::{Move, MoveList, PieceType, Position};
use outpost_eval::Evaluator;
use std::sync::atomic::Ordering;
use std::sync::OnceLock;

/// Plies of stack kept before the root so that `ply - 2` needs no bounds test.
const STACK_OFFSET: usize = 4;
const PV_LEN: usize = MAX_PLY + 2;

/// Late move reductions by [depth][move number]: `0.75 + ln(d) ln(m) / 2.25`, the long-standing
/// Ethereal formula; deeper nodes and later moves are reduced more.
fn lmr_table() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.75 + (d as f64).ln() * (m as f64).ln() / 2.25;
                *r = v as u8;
            }
        }
        t
    })
}

#[inline(always)]
fn lmr(depth: i32, move_count: usize) -> i32 {
    i32::from(lmr_table()[(depth as usize).min(63)][move_count.min(63)])
}

/// What each ply of the current line remembers.
#[derive(Clone, Copy)]
struct StackEntry {
    static_eval: i32,
    killers: [Move; 2],
    /// The move played from this ply (`NONE` for a null move).
    mv: Move,
    piece_to: PieceTo,
    /// Plies since the last null move: repetitions may not be looked for across one.
    plies_from_null: usize,
    /// The move a singular-extension search leaves out (`NONE` in a normal search).
    excluded: Move,
}

impl StackEntry {
    const EMPTY: StackEntry = StackEntry {
        static_eval: NO_SCORE,
        killers: [Move::NONE; 2],
        mv: Move::NONE,
        piece_to: PieceTo::NONE,
        plies_from_null: 0,
        excluded: Move::NONE,
    };
}

/// A root move with the result of its latest search.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub prev_score: i32,
    /// The bound of `score` when it came from a failed aspiration window.
    pub bound: Bound,
    pub seldepth: usize,
    pub pv: Vec<Move>,
    /// The move's tablebase rank at a root in the tables (0 for every move otherwise). Root
    /// moves stay grouped by rank, best first, and a line never takes a move of a worse rank
    /// while a better one is left (Stockfish's `pvFirst`/`pvLast`).
    pub tb_rank: i32,
    /// The move's table result as a score (`Wdl::root_score`): shown instead of the search's
    /// heuristic score unless the search proves a mate, so each line says "won", "drawn" or
    /// "lost" as the tables do.
    pub tb_score: Option<i32>,
}

/// One search on one thread.
pub(crate) struct Searcher<'a> {
    tt: &'a TranspositionTable,
    shared: &'a Shared,
    job: &'a Job,
    td: &'a ThreadData,
    history: &'a mut History,
    eval: &'a mut Evaluator,
    oracle: Option<&'a dyn EndgameOracle>,
    is_main: bool,
    /// Odd helpers search one ply deeper than the iteration count, so the threads spread over
    /// two depths and fill the table for each other (the usual Lazy SMP depth staggering).
    depth_offset: i32,
    pos: Position,
    /// Keys of the game before the root, then the root and the current line.
    keys: Vec<u64>,
    root_index: usize,
    stack: Vec<StackEntry>,
    pv: Vec<[Move; PV_LEN]>,
    pv_len: [usize; PV_LEN],
    pub(crate) root_moves: Vec<RootMove>,
    pv_idx: usize,
    /// End of the rank group of the line being searched: the root searches
    /// `root_moves[pv_idx..pv_last]` (all remaining moves without tables).
    pv_last: usize,
    multipv: usize,
    root_depth: i32,
    completed_depth: i32,
    seldepth: usize,
    nodes: u64,
    tbhits: u64,
    /// Null-move verification: no null move for the side being verified below this ply.
    nmp_min_ply: usize,
    tm: TimeManager,
    stopped: bool,
    /// Whether tablebases are probed inside the tree (off when the root was already ranked).
    probe_tb: bool,
    tb_limit: u32,
    /// The best line so far (last completed iteration, or a new best move of the running one).
    best_pv: Vec<Move>,
    best_score: i32,
    /// Node budget: `go nodes` and the strength handicap's, whichever is smaller.
    node_limit: Option<u64>,
    /// The node budget counts only once this depth is complete (a handicapped search always
    /// finishes depth 1, so it has lines to choose from).
    node_limit_after: i32,
    /// One thread counts nodes exactly; with helpers the sum is checked periodically.
    exact_nodes: bool,
    /// With a handicap: the lines of the last completed iteration, best first.
    pub(crate) skill_lines: Vec<RootMove>,
    /// First move of the last reported first line: when the move played differs (a new best
    /// move in an unfinished iteration), its line is reported before the answer.
    pub(crate) reported_best: Move,
    /// The lines of the last completed report, so a final report can restate the others.
    reported_lines: Vec<RootMove>,
}

impl<'a> Searcher<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        tt: &'a TranspositionTable,
        shared: &'a Shared,
        job: &'a Job,
        td: &'a ThreadData,
        history: &'a mut History,
        eval: &'a mut Evaluator,
        thread_id: usize,
    ) -> Searcher<'a> {
        let pos = job.position;
        // The evaluator follows the line from this root (a network's accumulators need it).
        eval.set_network(job.options.network.clone());
        eval.reset(&pos);
        let mut keys = Vec::with_capacity(job.history.len() + MAX_PLY + 8);
        keys.extend_from_slice(&job.history);
        let root_index = keys.len();
        keys.push(pos.key());
        let mut stack = vec![StackEntry::EMPTY; MAX_PLY + STACK_OFFSET + 4];
        // The game history counts for repetitions as far back as the fifty-move counter allows.
        stack[STACK_OFFSET].plies_from_null = usize::MAX / 2;
        let tm = if job.limits.infinite {
            TimeManager::unlimited()
        } else {
            TimeManager::started_at(
                &job.limits,
                pos.side_to_move(),
                job.options.move_overhead_ms,
                job.started,
            )
        };
        Searcher {
            tt,
            shared,
            job,
            td,
            history,
            eval,
            oracle: job.oracle.as_deref(),
            is_main: thread_id == 0,
            depth_offset: (thread_id & 1) as i32,
            pos,
            keys,
            root_index,
            stack,
            pv: vec![[Move::NONE; PV_LEN]; PV_LEN],
            pv_len: [0; PV_LEN],
            root_moves: Vec::new(),
            pv_idx: 0,
            pv_last: 0,
            multipv: 1,
            root_depth: 0,
            completed_depth: 0,
            seldepth: 0,
            nodes: 0,
            tbhits: 0,
            nmp_min_ply: 0,
            tm,
            stopped: false,
            probe_tb: false,
            tb_limit: 0,
            best_pv: Vec::new(),
            best_score: -INFINITE,
            node_limit: match (job.limits.nodes, job.options.skill) {
                (Some(n), Some(s)) => Some(n.min(s.nodes())),
                (n, s) => n.or(s.map(|s| s.nodes())),
            },
            node_limit_after: i32::from(job.options.skill.is_some()),
            exact_nodes: job.threads.len() == 1 || job.options.skill.is_some(),
            skill_lines: Vec::new(),
            reported_best: Move::NONE,
            reported_lines: Vec::new(),
        }
    }

    #[inline(always)]
    fn ss(&self, ply: usize) -> &StackEntry {
        &self.stack[ply + STACK_OFFSET]
    }

    #[inline(always)]
    fn ss_mut(&mut self, ply: usize) -> &mut StackEntry {
        &mut self.stack[ply + STACK_OFFSET]
    }

    /// Builds the root move list: legal moves, restricted to `searchmoves`. When the root is in
    /// the tablebases the moves are sorted by their rank, best first, and carry their table
    /// result; every move stays, so MultiPV can show as many lines as there are moves. The TT
    /// move goes first (within its rank) so that a search stopped before its first iteration
    /// completes still answers with the best guess available.
    pub(crate) fn setup_root(&mut self) {
        let legal = self.pos.legal_moves();
        let mut moves: Vec<Move> = legal.iter().copied().collect();
        let wanted = &self.job.limits.searchmoves;
        if !wanted.is_empty() {
            let kept: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| wanted.contains(m))
                .collect();
            if !kept.is_empty() {
                moves = kept;
            }
        }
        let mut tb: Vec<(i32, Option<i32>)> = vec![(0, None); moves.len()];
        if let Some(oracle) = self.oracle {
            self.tb_limit = oracle.max_pieces().min(self.job.options.tb_probe_limit);
            self.probe_tb = self.tb_limit > 0;
            let pieces = self.pos.occupied().count();
            if pieces <= self.tb_limit && self.pos.castling_rights() == 0 {
                if let Some(ranked) = oracle.rank_root_moves(&self.pos) {
                    self.tbhits += 1;
                    // Every move must be ranked; a partial ranking is no ranking.
                    let found: Option<Vec<(i32, Option<i32>)>> = moves
                        .iter()
                        .map(|m| {
                            let r = ranked.iter().find(|r| r.mv == *m)?;
                            Some((r.rank, Some(r.wdl.root_score(r.plies))))
                        })
                        .collect();
                    if let Some(found) = found.filter(|f| !f.is_empty()) {
                        tb = found;
                        // The ranking already decided; inside the tree the search looks for the
                        // fastest way to realise it rather than seeing every line as "TB win".
                        self.probe_tb = false;
                    }
                }
            }
        }
        self.root_moves = moves
            .into_iter()
            .zip(tb)
            .map(|(mv, (tb_rank, tb_score))| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                bound: Bound::Exact,
                seldepth: 0,
                pv: vec![mv],
                tb_rank,
                tb_score,
            })
            .collect();
        // Stable: within a rank (all moves without tables) the generator's order stays.
        self.root_moves
            .sort_by_key(|rm| std::cmp::Reverse(rm.tb_rank));
        if let Some(hit) = self.tt.probe(self.pos.key(), 0) {
            if let Some(i) = self.root_moves.iter().position(|rm| rm.mv == hit.mv) {
                let rank = self.root_moves[i].tb_rank;
                let first = self
                    .root_moves
                    .iter()
                    .position(|rm| rm.tb_rank == rank)
                    .unwrap_or(i);
                self.root_moves[first..=i].rotate_right(1);
            }
        }
        let wanted = match self.job.options.skill {
            Some(skill) => self.job.options.multipv.max(skill.lines()),
            None => self.job.options.multipv,
        };
        self.multipv = wanted.clamp(1, self.root_moves.len().max(1));
        self.pv_last = self.group_end(0);
        if let Some(first) = self.root_moves.first() {
            self.best_pv = vec![first.mv];
        }
    }

    /// The end of the rank group that `root_moves[start]` belongs to (groups are contiguous).
    fn group_end(&self, start: usize) -> usize {
        let Some(rank) = self.root_moves.get(start).map(|rm| rm.tb_rank) else {
            return self.root_moves.len();
        };
        self.root_moves[start..]
            .iter()
            .position(|rm| rm.tb_rank != rank)
            .map_or(self.root_moves.len(), |n| start + n)
    }

    /// Iterative deepening until a limit or `stop`. Returns the deepest completed depth.
    pub(crate) fn iterate(&mut self) -> i32 {
        let max_depth = self
            .job
            .limits
            .depth
            .map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH));
        let mut stable_iterations = 0u32;
        let mut last_best = Move::NONE;
        let mut last_score = 0;
        for iteration in 1..=max_depth {
            let depth = (iteration + self.depth_offset).min(max_depth);
            if depth <= self.completed_depth {
                continue;
            }
            self.root_depth = depth;
            for rm in self.root_moves.iter_mut() {
                rm.prev_score = rm.score;
            }
            let mut pv_first = 0;
            self.pv_last = 0;
            for pv_idx in 0..self.multipv {
                // A line takes its move from the best rank group that still has moves left.
                if pv_idx == self.pv_last {
                    pv_first = pv_idx;
                    self.pv_last = self.group_end(pv_idx);
                }
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                self.aspiration(depth);
                // Lines already finished keep their order; the new one joins those of its rank.
                self.root_moves[pv_first..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            let best = self.root_moves[0].clone();
            self.best_pv = best.pv.clone();
            self.best_score = best.score;
            if self.job.options.skill.is_some() {
                self.skill_lines = self.root_moves[..self.multipv].to_vec();
            }
            self.publish();
            if !self.is_main {
                continue;
            }
            self.report_lines(depth);
            // Time and mate limits are the main thread's to judge.
            if best.mv == last_best {
                stable_iterations += 1;
            } else {
                stable_iterations = 0;
            }
            let drop = if depth > 1 {
                last_score - best.score
            } else {
                0
            };
            last_best = best.mv;
            last_score = best.score;
            if let Some(n) = self.job.limits.mate {
                if is_mate(best.score) && best.score > 0 && mate_moves(best.score) <= n {
                    break;
                }
            }
            self.poll_ponderhit();
            if !self.shared.pondering.load(Ordering::Relaxed)
                && self
                    .tm
                    .iteration_done(stable_iterations, drop, self.group_end(0) == 1)
            {
                break;
            }
        }
        self.completed_depth
    }

    /// Searches one root line with a window around its previous score, widening on failure.
    fn aspiration(&mut self, depth: i32) {
        let prev = self.root_moves[self.pv_idx].prev_score;
        let mut delta = 12 + prev.abs().min(2_000) / 40;
        let (mut alpha, mut beta) = if depth >= 4 && !is_decisive(prev) && prev > -INFINITE {
            ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search(alpha, beta, depth, 0, false);
            self.root_moves[self.pv_idx..self.pv_last]
                .sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if score <= alpha {
                // Fail low: the line is worse than hoped; look lower and keep beta close.
                self.root_moves[self.pv_idx].bound = Bound::Upper;
                self.report_bound(depth, alpha);
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                self.root_moves[self.pv_idx].bound = Bound::Lower;
                self.report_bound(depth, beta);
                beta = (score + delta).min(INFINITE);
            } else {
                self.root_moves[self.pv_idx].bound = Bound::Exact;
                return;
            }
            delta += delta / 2;
            if delta > 1_000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// Counts a node and checks the limits; true when the search must unwind.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        self.td.nodes.store(self.nodes, Ordering::Relaxed);
        if self.is_main {
            if let Some(limit) = self.node_limit {
                if self.exact_nodes
                    && self.nodes >= limit
                    && self.completed_depth >= self.node_limit_after
                {
                    self.stop_all();
                    return true;
                }
            }
            if self.nodes & 1023 == 0 {
                self.check_limits();
            }
        } else if self.nodes & 1023 == 0 {
            self.check_deadline();
        }
        self.stopped
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// The main thread's periodic check: ponderhit, hard time limit, node limit, and currmove.
    fn check_limits(&mut self) {
        self.poll_ponderhit();
        // With a depth limit the search is done when any thread has completed that depth; the
        // final choice takes the deeper result.
        if let Some(d) = self.job.limits.depth {
            if !self.job.limits.infinite
                && !self.shared.pondering.load(Ordering::Relaxed)
                && self
                    .job
                    .threads
                    .iter()
                    .skip(1)
                    .any(|t| t.completed.load(Ordering::Acquire) >= d.clamp(1, MAX_DEPTH))
            {
                self.stop_all();
                return;
            }
        }
        if self.node_limit.is_some_and(|n| self.total_nodes() >= n)
            && self.completed_depth >= self.node_limit_after
        {
            self.stop_all();
            return;
        }
        // The first iteration always finishes (it takes microseconds), so there is always a
        // searched move to play even with no time left.
        if self.completed_depth >= 1
            && !self.shared.pondering.load(Ordering::Relaxed)
            && self.tm.hard_exceeded()
        {
            self.stop_all();
        }
    }

    /// A helper's periodic check of the hard time limit. With more threads than cores the main
    /// thread may wait a second for a time slice, so whichever threads are running keep the
    /// time. A helper that has completed an iteration has a searched move to offer.
    fn check_deadline(&mut self) {
        let deadline = self.shared.deadline_ms.load(Ordering::Relaxed);
        if deadline != NO_DEADLINE
            && self.completed_depth >= 1
            && self.job.started.elapsed().as_millis() >= u128::from(deadline)
        {
            self.stop_all();
        }
    }

    /// Applies a pending `ponderhit`: the clock starts now.
    fn poll_ponderhit(&mut self) {
        if self.shared.ponderhit.swap(false, Ordering::Relaxed) {
            self.tm.restart();
        }
    }

    fn total_nodes(&self) -> u64 {
        self.job
            .threads
            .iter()
            .map(|t| t.nodes.load(Ordering::Relaxed))
            .sum()
    }

    fn total_tbhits(&self) -> u64 {
        self.job
            .threads
            .iter()
            .map(|t| t.tbhits.load(Ordering::Relaxed))
            .sum()
    }

    /// Publishes this thread's latest completed result for the final best-move choice.
    fn publish(&self) {
        self.td.tbhits.store(self.tbhits, Ordering::Relaxed);
        *self.td.result.lock() = ThreadResult {
            depth: self.completed_depth,
            score: self.best_score,
            pv: self.best_pv.clone(),
        };
        // After the result: the main thread no longer waits for the helpers to finish, so one
        // that sees `completed` reach the depth limit must find the matching result.
        self.td
            .completed
            .store(self.completed_depth, Ordering::Release);
    }

    /// The result to answer with: the last completed iteration, or the first root move.
    pub(crate) fn result(&self) -> ThreadResult {
        ThreadResult {
            depth: self.completed_depth,
            score: self.best_score,
            pv: self.best_pv.clone(),
        }
    }

    // ---------------------------------------------------------------------------------------
    // Reporting (main thread only)

    /// A line at a root in the tablebases shows its move's table value, which is exact, unless
    /// the search has proved a mate; other lines show the search's score and bound.
    fn displayed_score(rm: &RootMove, bound: Bound) -> (i32, Bound) {
        match rm.tb_score {
            Some(tb) if !crate::score::is_mate(rm.score) => (tb, Bound::Exact),
            _ => (rm.score, bound),
        }
    }

    fn make_info(&self, depth: i32, rm: &RootMove, index: usize, bound: Bound) -> SearchInfo {
        let time_ms = self.job.started.elapsed().as_millis() as u64;
        let nodes = self.total_nodes();
        let (score, bound) = Self::displayed_score(rm, bound);
        SearchInfo {
            depth,
            seldepth: rm.seldepth.max(1) as i32,
            multipv: index + 1,
            score: Score::from_internal(score),
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.tt.hashfull(),
            tbhits: self.total_tbhits().max(self.tbhits),
            time_ms,
            pv: legal_prefix(&self.job.position, &rm.pv, rm.mv),
        }
    }

    fn report_lines(&mut self, depth: i32) {
        self.td.tbhits.store(self.tbhits, Ordering::Relaxed);
        self.reported_best = self.root_moves[0].mv;
        self.reported_lines.clear();
        self.reported_lines
            .extend_from_slice(&self.root_moves[..self.multipv]);
        for i in 0..self.multipv {
            let rm = &self.root_moves[i];
            let info = self.make_info(depth, rm, i, Bound::Exact);
            self.job.reporter.info(&info);
        }
    }

    /// Reports the final result when it is not the line last shown (another thread's, the
    /// handicap's choice, or a new best move of the unfinished iteration).
    pub(crate) fn report_result(&self, result: &ThreadResult, pv: &[Move]) {
        let tb = self.root_moves.iter().find(|rm| rm.mv == pv[0]);
        let rm = RootMove {
            mv: pv[0],
            score: result.score,
            prev_score: result.score,
            bound: Bound::Exact,
            seldepth: self.seldepth,
            pv: pv.to_vec(),
            tb_rank: tb.map_or(0, |rm| rm.tb_rank),
            tb_score: tb.and_then(|rm| rm.tb_score),
        };
        let info = self.make_info(result.depth, &rm, 0, Bound::Exact);
        self.job.reporter.info(&info);
        // With several lines, restate the others after the new first one, so the GUI's last
        // set of lines has each move once (the played move was one of them, or is new).
        let others = self.reported_lines.iter().filter(|l| l.mv != pv[0]);
        for (i, line) in others.take(self.multipv - 1).enumerate() {
            let info = self.make_info(result.depth, line, i + 1, Bound::Exact);
            self.job.reporter.info(&info);
        }
    }

    /// Reports a failed aspiration window. `window_edge` is the alpha or beta the search failed
    /// against: what it has shown for certain.
    fn report_bound(&self, depth: i32, window_edge: i32) {
        // Bounds are only interesting to a human watching a long search.
        if self.is_main && self.job.started.elapsed().as_millis() >= 1_000 {
            let mut rm = self.root_moves[self.pv_idx].clone();
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
            let info = self.make_info(depth, &rm, self.pv_idx, rm.bound);
            self.job.reporter.info(&info);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Making moves

    #[inline(always)]
    fn make(&mut self, m: Move, ply: usize) -> outpost_board::Undo {
        let piece_to = PieceTo::of(&self.pos, m);
        let from_null = self.ss(ply).plies_from_null;
        {
            let ss = self.ss_mut(ply);
            ss.mv = m;
            ss.piece_to = piece_to;
        }
        self.ss_mut(ply + 1).plies_from_null = from_null.saturating_add(1);
        self.eval.push(&self.pos, m);
        let undo = self.pos.make_move(m);
        self.keys.push(self.pos.key());
        undo
    }

    #[inline(always)]
    fn unmake(&mut self, m: Move, undo: &outpost_board::Undo) {
        self.keys.pop();
        self.pos.unmake_move(m, undo);
        self.eval.pop();
    }

    // ---------------------------------------------------------------------------------------
    // Draws

    /// Repetition: a position seen before within the fifty-move window. A repetition of a
    /// position inside the search (the root included) counts at once, because the side that
    /// could avoid it would; one from the game before the root needs to be a third occurrence.
    #[inline]
    fn is_repetition(&self, ply: usize) -> bool {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let back = (self.pos.halfmove_clock() as usize)
            .min(self.ss(ply).plies_from_null)
            .min(n);
        let mut count = 0;
        let mut dist = 4;
        while dist <= back {
            let i = n - dist;
            if self.keys[i] == key {
                if i >= self.root_index {
                    return true;
                }
                count += 1;
                if count >= 2 {
                    return true;
                }
            }
            dist += 2;
        }
        false
    }

    /// Draw by repetition, fifty moves (unless it is mate) or insufficient material.
    #[inline]
    fn is_draw(&self, ply: usize) -> bool {
        if self.pos.halfmove_clock() >= 100 && (!self.pos.in_check() || self.pos.has_legal_move()) {
            return true;
        }
        self.is_repetition(ply) || self.pos.is_insufficient_material()
    }

    #[inline(always)]
    fn has_non_pawn_material(&self) -> bool {
        let us = self.pos.colored(self.pos.side_to_move());
        let pawns_and_king = self.pos.pieces(PieceType::Pawn) | self.pos.pieces(PieceType::King);
        (us & !pawns_and_king).any()
    }

    #[inline(always)]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[ply] = m;
        row[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Tablebase probe inside the tree: only right after a capture or pawn move (when the
    /// fifty-move counter is zero, so the WDL result is exact) and deep enough to pay for it.
    #[inline]
    fn probe_wdl(&mut self, depth: i32) -> Option<Wdl> {
        let oracle = self.oracle?;
        if !self.probe_tb
            || self.pos.halfmove_clock() != 0
            || depth < self.job.options.tb_probe_depth
            || self.pos.castling_rights() != 0
            || self.pos.occupied().count() > self.tb_limit
        {
            return None;
        }
        let wdl = oracle.probe_wdl(&self.pos)?;
        self.tbhits += 1;
        Some(wdl)
    }

    // ---------------------------------------------------------------------------------------
    // The alpha-beta search

    pub(crate) fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;

        // Step 1. At the horizon, resolve captures with the quiescence search so that the
        // static evaluation is only trusted in quiet positions.
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.pv_len[ply] = ply;

        // Step 2. Count the node and check stop, time and node limits.
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        let in_check = self.pos.in_check();

        if !root {
            // Step 3. Draws and the maximum ply. Fifty moves are a draw unless the move that
            // reached the hundredth ply mated.
            if self.is_draw(ply) {
                return DRAW;
            }
            if ply >= MAX_PLY - 1 {
                return if in_check {
                    DRAW
                } else {
                    self.eval.evaluate(&self.pos)
                };
            }

            // Step 4. Mate distance pruning: no line from here can beat a mate already found
            // closer to the root, nor be worse than being mated right here.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 5. Transposition table. Outside PV nodes a deep enough stored bound that settles
        // the window is the answer. Near the fifty-move limit stored scores may be stale draws,
        // so they are not trusted there.
        // A singular-extension search (a move excluded) asks a different question of the same
        // position, so the stored answer is neither used nor replaced.
        let excluded = self.ss(ply).excluded;
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        let tt_move = if root {
            self.root_moves[self.pv_idx].mv
        } else {
            hit.map_or(Move::NONE, |h| h.mv)
        };
        if let Some(h) = hit {
            if !pv_node
                && excluded.is_none()
                && h.depth >= depth
                && self.pos.halfmove_clock() < 90
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                }
            {
                return h.score;
            }
        }

        // Step 6. Tablebases: an exact game-theoretic result, or a bound that settles the
        // window, ends the search of this node.
        let mut max_score = MATE;
        if !root && excluded.is_none() {
            if let Some(wdl) = self.probe_wdl(depth) {
                let score = wdl.score(ply);
                let bound = match wdl {
                    Wdl::Win => Bound::Lower,
                    Wdl::Loss => Bound::Upper,
                    _ => Bound::Exact,
                };
                if bound == Bound::Exact
                    || (bound == Bound::Lower && score >= beta)
                    || (bound == Bound::Upper && score <= alpha)
                {
                    self.tt.store(
                        key,
                        Move::NONE,
                        score,
                        NO_SCORE,
                        (depth + 6).min(MAX_DEPTH),
                        bound,
                        ply,
                    );
                    return score;
                }
                if pv_node {
                    if bound == Bound::Lower {
                        alpha = alpha.max(score);
                    } else {
                        max_score = score;
                    }
                }
            }
        }

        // Step 7. Static evaluation, refined by the table's bound when it points the same way.
        let static_eval = if in_check {
            NO_SCORE
        } else {
            match hit {
                Some(h) if h.eval != NO_SCORE => h.eval,
                _ => self.eval.evaluate(&self.pos),
            }
        };
        let mut eval = static_eval;
        if let Some(h) = hit {
            if !in_check
                && !is_decisive(h.score)
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score > eval,
                    Bound::Upper => h.score < eval,
                }
            {
                eval = h.score;
            }
        }
        self.ss_mut(ply).static_eval = static_eval;
        // "Improving": better than two plies ago, so pruning can be less eager.
        let improving = !in_check && {
            let two = self.stack[ply + STACK_OFFSET - 2].static_eval;
            let four = self.stack[ply + STACK_OFFSET - 4].static_eval;
            if two != NO_SCORE {
                static_eval > two
            } else if four != NO_SCORE {
                static_eval > four
            } else {
                true
            }
        };
        // Killers are per ply of the current line; the children start fresh.
        self.ss_mut(ply + 1).killers = [Move::NONE; 2];

        if !pv_node && !in_check && excluded.is_none() {
            // Step 8. Reverse futility pruning: far enough above beta at shallow depth that a
            // quiet move from the opponent is unlikely to bring the score back.
            if depth <= 8
                && !is_decisive(eval)
                && eval - 75 * (depth - i32::from(improving)) >= beta
            {
                return eval;
            }

            // Step 9. Null move pruning: if passing still leaves us above beta after a reduced
            // search, a real move will almost surely do too. Not with pawns and king only
            // (zugzwang), not twice in a row, and verified by a real search at high depth.
            if depth >= 2
                && eval >= beta
                && static_eval >= beta
                && ply > 0
                && !self.stack[ply + STACK_OFFSET - 1].mv.is_none()
                && ply >= self.nmp_min_ply
                && !is_decisive(beta)
                && self.has_non_pawn_material()
            {
                let r = 4 + depth / 5 + ((eval - beta) / 200).min(3);
                {
                    let ss = self.ss_mut(ply);
                    ss.mv = Move::NONE;
                    ss.piece_to = PieceTo::NONE;
                }
                self.ss_mut(ply + 1).plies_from_null = 0;
                self.eval.push_null();
                let undo = self.pos.make_null();
                self.keys.push(self.pos.key());
                let score = -self.search(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.keys.pop();
                self.pos.unmake_null(&undo);
                self.eval.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    let score = if is_decisive(score) { beta } else { score };
                    if depth < 12 || self.nmp_min_ply != 0 {
                        return score;
                    }
                    // Verification: search without null moves for our side near this depth,
                    // which catches the zugzwangs the material guard misses.
                    self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
                    let v = self.search(beta - 1, beta, depth - r, ply, false);
                    self.nmp_min_ply = 0;
                    if self.stopped {
                        return 0;
                    }
                    if v >= beta {
                        return score;
                    }
                }
            }
        }

        // Step 10. Internal iterative reduction: with no hash move this node was never searched
        // well; a shallower search now is cheaper and fills the table for the next iteration.
        if depth >= 4 && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }

        // Step 11. The move loop.
        let prev = [
            self.stack[ply + STACK_OFFSET - 1].piece_to,
            self.stack[ply + STACK_OFFSET - 2].piece_to,
        ];
        let counter = if prev[0].is_none() {
            Move::NONE
        } else {
            self.history.counter_move(prev[0])
        };
        let killers = self.ss(ply).killers;
        let mut picker = MovePicker::new(tt_move, killers, counter, prev);
        let mut best_score = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count = 0usize;
        let mut quiets_tried = MoveList::new();
        let alpha_orig = alpha;
        let non_pawn = self.has_non_pawn_material();

        while let Some(m) = picker.next(&self.pos, self.history) {
            if m == excluded
                || (root
                    && !self.root_moves[self.pv_idx..self.pv_last]
                        .iter()
                        .any(|rm| rm.mv == m))
            {
                continue;
            }
            move_count += 1;
            let quiet = !self.pos.is_noisy(m);
            if root && self.is_main && self.job.started.elapsed().as_millis() >= 1_000 {
                self.job.reporter.currmove(&CurrMove {
                    depth: self.root_depth,
                    mv: m,
                    number: move_count + self.pv_idx,
                });
            }

            // Step 12. Pruning of late moves, once a line that is not lost exists. Quiet checks
            // are exempt from the quiet-move pruning: a mating move is usually a quiet check in
            // a position that looks hopeless to the static evaluation.
            let gives_check = self.pos.gives_check(m);
            if !root && best_score > -TB_WIN_IN_MAX && non_pawn {
                if quiet {
                    // Late move pruning: after enough quiet tries at low depth the rest are
                    // very unlikely to matter.
                    let lmp_limit = (3 + depth * depth) / (2 - i32::from(improving));
                    if depth <= 8 && move_count as i32 > lmp_limit {
                        picker.skip_quiets();
                        if !gives_check {
                            continue;
                        }
                    }
                    // Futility pruning: a quiet move cannot lift a hopeless static score.
                    let lmr_depth = (depth - 1 - lmr(depth, move_count)).max(0);
                    if !in_check
                        && !gives_check
                        && lmr_depth <= 8
                        && static_eval + 90 + 100 * lmr_depth <= alpha
                    {
                        continue;
                    }
                    // SEE pruning of quiets that hang material.
                    if depth <= 8 && !self.pos.see_ge(m, -50 * depth) {
                        continue;
                    }
                } else if depth <= 6 && !gives_check && !self.pos.see_ge(m, -90 * depth) {
                    // SEE pruning of captures that lose too much (sacrifices with check are
                    // kept: they are how attacks on the king break through).
                    continue;
                }
            }

            // Step 13. Extensions, limited by a ply guard so that forcing lines cannot explode
            // the tree. Singular: when every other move fails well below the table's score,
            // the table move is the only good one and earns a deeper look. Checks are forcing
            // and often tactical.
            let mut extension = 0;
            if ply < 2 * self.root_depth as usize {
                if let Some(h) = hit.filter(|h| {
                    !root
                        && m == tt_move
                        && depth >= 8
                        && excluded.is_none()
                        && h.depth >= depth - 3
                        && h.bound != Bound::Upper
                        && !is_decisive(h.score)
                }) {
                    let singular_beta = h.score - depth;
                    self.ss_mut(ply).excluded = m;
                    let score = self.search(
                        singular_beta - 1,
                        singular_beta,
                        (depth - 1) / 2,
                        ply,
                        cut_node,
                    );
                    self.ss_mut(ply).excluded = Move::NONE;
                    if self.stopped {
                        return 0;
                    }
                    if score < singular_beta {
                        extension = 1;
                    } else if singular_beta >= beta {
                        // Multi-cut: another move also beats beta, so this node will fail
                        // high whichever move is tried.
                        return singular_beta;
                    } else if h.score >= beta {
                        // Not singular but expected to cut: a shallower look will do.
                        extension = -1;
                    }
                }
                if gives_check {
                    extension = extension.max(1);
                }
            }
            let new_depth = depth - 1 + extension;
            let was_special = m == killers[0] || m == killers[1] || m == counter;
            let late_noisy = picker.stage() == Stage::Done || picker.stage() == Stage::BadNoisy;
            let hist = if quiet {
                self.history.quiet_score(&self.pos, m, prev)
            } else {
                0
            };

            let undo = self.make(m, ply);
            let mut score = -INFINITE;

            // Step 14. Late move reductions: later moves are searched shallower with a null
            // window, and again at full depth only if they surprise.
            if depth >= 3 && move_count > 1 + usize::from(pv_node) && (quiet || late_noisy) {
                let mut r = lmr(depth, move_count);
                if quiet {
                    r += i32::from(!pv_node);
                    r += i32::from(!improving);
                    r += i32::from(cut_node);
                    r -= i32::from(was_special);
                    r -= i32::from(gives_check);
                    r -= (hist / 6_000).clamp(-2, 2);
                } else {
                    r -= 1 + i32::from(gives_check);
                }
                let reduced = (new_depth - r).clamp(1, new_depth.max(1));
                score = -self.search(-alpha - 1, -alpha, reduced, ply + 1, true);
                if score > alpha && reduced < new_depth {
                    score = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
            } else if !pv_node || move_count > 1 {
                // Step 15. Principal variation search: prove with a null window that the move
                // is no better than the best so far.
                score = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            }
            if pv_node && (move_count == 1 || (score > alpha && (root || score < beta))) {
                score = -self.search(-beta, -alpha, new_depth, ply + 1, false);
            }
            self.unmake(m, &undo);
            if self.stopped {
                return 0;
            }

            if root {
                self.update_root_move(m, score, alpha, move_count);
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
            if quiet && m != best_move {
                quiets_tried.push(m);
            }
        }

        // Step 16. No legal move: mate or stalemate. With a move excluded the position has one,
        // so the singular search just failed low.
        if move_count == 0 {
            return if !excluded.is_none() {
                alpha
            } else if in_check {
                mated_in(ply)
            } else {
                DRAW
            };
        }

        // Step 17. Learn from a cutoff: the quiet move that refuted this node becomes a killer,
        // the countermove of the previous move, and gains history; the quiets tried before it lose.
        if best_score >= beta && !best_move.is_none() && !self.pos.is_noisy(best_move) {
            let ss = self.ss_mut(ply);
            if ss.killers[0] != best_move {
                ss.killers[1] = ss.killers[0];
                ss.killers[0] = best_move;
            }
            self.history
                .update_quiets(&self.pos, best_move, quiets_tried.as_slice(), depth, prev);
        }

        let best_score = best_score.min(max_score);

        // Step 18. Store the result. MultiPV lines after the first search a restricted root, so
        // their result is not the node's value.
        if !(root && self.pv_idx > 0) && excluded.is_none() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if pv_node && best_score > alpha_orig {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, best_move, best_score, static_eval, depth, bound, ply);
        }
        best_score
    }

    /// Records a root move's score: the first move and any move that raised alpha get their
    /// score and line; the others are marked as searched-and-worse.
    fn update_root_move(&mut self, m: Move, score: i32, alpha: i32, move_count: usize) {
        let seldepth = self.seldepth;
        let Some(i) = self.root_moves.iter().position(|rm| rm.mv == m) else {
            return;
        };
        if move_count == 1 || score > alpha {
            let mut pv = vec![m];
            let child_len = self.pv_len[1].max(1);
            pv.extend_from_slice(&self.pv[1][1..child_len]);
            let rm = &mut self.root_moves[i];
            rm.score = score;
            rm.seldepth = seldepth;
            rm.pv = pv;
            // A new best move in an unfinished iteration is already better than the old one.
            if self.pv_idx == 0 && move_count > 1 && score > alpha {
                self.best_pv = self.root_moves[i].pv.clone();
                self.best_score = score;
            }
        } else {
            self.root_moves[i].score = -INFINITE;
        }
    }

    // ---------------------------------------------------------------------------------------
    // Quiescence search

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        let in_check = self.pos.in_check();
        if self.is_draw(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check {
                DRAW
            } else {
                self.eval.evaluate(&self.pos)
            };
        }

        // Step Q1. The table, as in the main search; any depth will do here.
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            if !pv_node
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                }
            {
                return h.score;
            }
        }
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);

        // Step Q2. Stand pat: out of check the side to move may decline every capture, so the
        // static evaluation is a lower bound. In check every evasion must be searched.
        let (static_eval, mut best_score) = if in_check {
            (NO_SCORE, -INFINITE)
        } else {
            let se = match hit {
                Some(h) if h.eval != NO_SCORE => h.eval,
                _ => self.eval.evaluate(&self.pos),
            };
            let mut stand = se;
            if let Some(h) = hit {
                if !is_decisive(h.score)
                    && match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => h.score > se,
                        Bound::Upper => h.score < se,
                    }
                {
                    stand = h.score;
                }
            }
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            (se, stand)
        };

        let mut picker = if in_check {
            MovePicker::new(tt_move, [Move::NONE; 2], Move::NONE, [PieceTo::NONE; 2])
        } else {
            MovePicker::new_qsearch(tt_move)
        };
        let mut best_move = Move::NONE;
        let mut move_count = 0;
        while let Some(m) = picker.next(&self.pos, self.history) {
            move_count += 1;
            if !in_check {
                // Step Q3. Delta pruning: even winning the piece outright would not reach alpha.
                let gain = self
                    .pos
                    .captured_kind(m)
                    .map_or(0, |k| outpost_board::SEE_VALUES[k.index()]);
                if !m.is_promotion() && static_eval + gain + 200 <= alpha {
                    best_score = best_score.max(static_eval + gain + 200);
                    continue;
                }
                // The table move skipped the picker's exchange test.
                if m == tt_move && !self.pos.see_ge(m, 0) {
                    continue;
                }
            }
            let undo = self.make(m, ply);
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.unmake(m, &undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && move_count == 0 {
            return mated_in(ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if pv_node && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best_score, static_eval, 0, bound, ply);
        best_score
    }

    /// A ponder move for a one-move line: the table's move in the position after `best`.
    pub(crate) fn ponder_from_tt(&self, best: Move) -> Option<Move> {
        let root = self.job.position;
        if !root.is_legal(best) {
            return None;
        }
        let next = root.play(best);
        let hit = self.tt.probe(next.key(), 1)?;
        next.is_legal(hit.mv).then_some(hit.mv)
    }
}

/// The longest legal prefix of `pv` from `root`; never empty when `fallback` is legal.
pub(crate) fn legal_prefix(root: &Position, pv: &[Move], fallback: Move) -> Vec<Move> {
    let mut pos = *root;
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.is_legal(m) {
            break;
        }
        out.push(m);
        pos = pos.play(m);
    }
    if out.is_empty() && root.is_legal(fallback) {
        out.push(fallback);
    }
    out
}
