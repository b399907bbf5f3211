//! Iterative deepening with aspiration windows: the search of the root one depth after another,
//! each line of MultiPV in turn, until a limit or `stop`. Each completed iteration is published
//! for the final choice (`choose.rs`) and, on the main thread, reported; the main thread alone
//! decides between iterations whether the time is up.

use crate::choose::SearchEnd;
use crate::params::{asp_delta, asp_min_depth, asp_score_divisor};
use crate::reporter::Bound;
use crate::score::*;
use crate::shared::ThreadResult;
use crate::timeman::{Iteration, Progress};
use crate::worker::Worker;
use outpost_board::Move;
use std::sync::atomic::Ordering;

/// The largest previous score (in size) that still widens the first aspiration window
/// (`asp_score_divisor`): a score far from equal moves more from one depth to the next, but
/// past twenty pawns the game is decided and a larger score says nothing more about how much
/// it will move, so the window stops growing (at `2_000 / asp_score_divisor`, 50 cp by default).
const ASP_SCORE_CAP: i32 = 2_000;

/// The half width past which a failing window is given up for the full one: a score that has
/// moved ten pawns from its guess is no guess, and widening by half again and again would take
/// several more searches of the same depth to reach a mate score.
const ASP_FULL_WINDOW_AFTER: i32 = 1_000;

impl Worker<'_> {
    /// Iterative deepening until a limit or `stop`; the deepest completed depth is
    /// `completed_depth`, published with its line for the final choice.
    pub(crate) fn iterate(&mut self) {
        let max_depth = self
            .job
            .limits
            .depth
            .map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH));
        let mut progress = Progress::default();
        for iteration in 1..=max_depth {
            let depth = (iteration + self.depth_offset).min(max_depth);
            if depth <= self.completed_depth {
                continue;
            }
            self.root_depth = depth;
            for rm in self.root.moves.iter_mut() {
                rm.prev_score = rm.score;
            }
            let mut pv_first = 0;
            self.root.pv_last = 0;
            self.root.fail_lows = 0;
            for pv_idx in 0..self.root.multipv {
                // A line takes its move from the best rank group that still has moves left.
                if pv_idx == self.root.pv_last {
                    pv_first = pv_idx;
                    self.root.pv_last = self.root.group_end(pv_idx);
                }
                self.root.pv_idx = pv_idx;
                self.seldepth = 0;
                self.aspiration(depth);
                // Lines already finished keep their order; the new one joins those of its rank.
                self.root.moves[pv_first..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            let best = self.root.moves[0].clone();
            self.best_pv = best.pv.clone();
            self.best_score = best.score;
            if self.job.options.skill.is_some() {
                self.skill_lines = self.root.moves[..self.root.multipv].to_vec();
            }
            self.publish();
            if !self.is_main {
                continue;
            }
            self.report_lines(depth);
            // Time and mate limits are the main thread's to judge.
            progress.record(Iteration {
                depth,
                best: best.mv,
                score: best.score,
                best_nodes: best.nodes,
                nodes: self.nodes,
                lines: self.root.multipv,
                fail_lows: self.root.fail_lows,
            });
            if let Some(n) = self.job.limits.mate {
                if is_mate(best.score) && best.score > 0 && mate_moves(best.score) <= n {
                    break;
                }
            }
            let clock_ms = self.shared.deadline.clock_ms(self.job.elapsed_ms());
            if !self.shared.pondering.load(Ordering::Relaxed)
                && self
                    .job
                    .time
                    .iteration_done(clock_ms, &progress, self.root.group_end(0) == 1)
            {
                break;
            }
        }
    }

    /// Searches one root line with a window around its previous score, widening on failure.
    pub(crate) fn aspiration(&mut self, depth: i32) {
        let prev = self.root.moves[self.root.pv_idx].prev_score;
        let mut delta = asp_delta() + prev.abs().min(ASP_SCORE_CAP) / asp_score_divisor();
        let (mut alpha, mut beta) =
            if depth >= asp_min_depth() && !is_decisive(prev) && prev > -INFINITE {
                ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
            } else {
                (-INFINITE, INFINITE)
            };
        loop {
            let score = self.alpha_beta(alpha, beta, depth, 0, false);
            self.root.moves[self.root.pv_idx..self.root.pv_last]
                .sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if score <= alpha {
                // Fail low: the line is worse than hoped; look lower and keep beta close.
                self.root.moves[self.root.pv_idx].bound = Bound::Upper;
                self.root.failed_low();
                self.report_bound(depth, alpha);
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                self.root.moves[self.root.pv_idx].bound = Bound::Lower;
                self.report_bound(depth, beta);
                beta = (score + delta).min(INFINITE);
            } else {
                self.root.moves[self.root.pv_idx].bound = Bound::Exact;
                return;
            }
            delta += delta / 2;
            if delta > ASP_FULL_WINDOW_AFTER {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// Publishes this thread's latest completed result for the final best-move choice.
    pub(crate) fn publish(&self) {
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

    /// What the main thread knows at the end, for the final choice.
    pub(crate) fn search_end(&self) -> SearchEnd<'_> {
        SearchEnd {
            own: self.result(),
            skill_lines: &self.skill_lines,
            fallback: self.root.moves.first().map_or(Move::NONE, |rm| rm.mv),
            reported_best: self.reported_best,
        }
    }
}
