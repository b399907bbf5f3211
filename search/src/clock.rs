//! Counting nodes and checking the limits: the stop flag at every node, and every 1024 nodes
//! the node budget, a depth reached by a helper, and the hard time limit (the shared
//! `Deadline`, which every thread watches, set in `thread_pool.rs`). The soft time limit is
//! judged between iterations (`iterate.rs`, with `timeman.rs`).

use crate::score::MAX_DEPTH;
use crate::worker::Worker;
use std::sync::atomic::Ordering;

impl Worker<'_> {
    /// Counts a node and checks the limits; true when the search must unwind.
    #[inline(always)]
    pub(crate) fn tick(&mut self) -> bool {
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

    pub(crate) fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// The main thread's periodic check: depth reached by a helper, node limit, hard time limit.
    pub(crate) fn check_limits(&mut self) {
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
        if self.node_limit.is_some_and(|n| self.job.total_nodes() >= n)
            && self.completed_depth >= self.node_limit_after
        {
            self.stop_all();
            return;
        }
        self.check_deadline();
    }

    /// Every thread's periodic check of the hard time limit. With more threads than cores the
    /// main thread may wait a second for a time slice, so whichever threads are running keep the
    /// time. Only once an iteration is complete: the first one takes microseconds and gives a
    /// searched move to play even with no time left.
    pub(crate) fn check_deadline(&mut self) {
        if self.completed_depth >= 1 && self.shared.deadline.passed(self.job.elapsed_ms()) {
            self.stop_all();
        }
    }
}
