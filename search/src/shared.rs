//! What the threads of one search share: the `Job` (the root, the limits and the time plan, the
//! reporter), the `Shared` state (stop, ponder, the hard deadline, the transposition table), and
//! each thread's `ThreadData` (its counters, its published result, and where it waits for work).
//!
//! These are plain data: the pool in `thread_pool.rs` fills them, the `Worker` on each thread reads
//! them and publishes into them, and the final choice in `choose.rs` reads what was published.

use crate::deadline::{elapsed_ms, Deadline};
use crate::limits::{SearchLimits, SearchOptions};
use crate::oracle::EndgameOracle;
use crate::reporter::Reporter;
use crate::timeman::TimeManager;
use crate::transposition::TranspositionTable;
use outpost_board::{Move, Position};
use parking_lot::{Condvar, Mutex, RwLock};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Everything one search needs to know, shared read-only by its threads.
pub(crate) struct Job {
    pub position: Position,
    pub history: Vec<u64>,
    pub limits: SearchLimits,
    /// The soft and hard limits of `limits`, computed once for every thread.
    pub time: TimeManager,
    pub options: SearchOptions,
    pub reporter: Arc<dyn Reporter>,
    pub oracle: Option<Arc<dyn EndgameOracle>>,
    pub threads: Vec<Arc<ThreadData>>,
    /// When `start` was called: the clock runs from here, not from when a thread first runs.
    pub started: Instant,
}

impl Job {
    /// Milliseconds since `start` was called: the search's clock.
    #[inline]
    pub fn elapsed_ms(&self) -> u64 {
        elapsed_ms(self.started)
    }

    /// Nodes searched so far by all the threads.
    pub fn total_nodes(&self) -> u64 {
        self.threads
            .iter()
            .map(|t| t.nodes.load(Ordering::Relaxed))
            .sum()
    }

    /// Tablebase hits so far of all the threads (each publishes its own now and then).
    pub fn total_tbhits(&self) -> u64 {
        self.threads
            .iter()
            .map(|t| t.tbhits.load(Ordering::Relaxed))
            .sum()
    }
}

/// A thread's latest completed iteration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ThreadResult {
    pub depth: i32,
    pub score: i32,
    pub pv: Vec<Move>,
}

/// Per-thread counters other threads read, and the thread's place to wait for work.
#[derive(Default)]
pub(crate) struct ThreadData {
    pub nodes: AtomicU64,
    pub tbhits: AtomicU64,
    /// Depth of the last completed iteration (also in `result`, but readable without a lock;
    /// stored after `result`).
    pub completed: AtomicI32,
    pub result: Mutex<ThreadResult>,
    pub park: Mutex<Park>,
    /// Signals a new job to the thread, the end of a job to `wait`, and `stop`/`ponderhit` to
    /// the main thread waiting out `infinite`/`ponder`.
    pub wake: Condvar,
}

/// A thread's mailbox in the pool (see `thread_pool.rs`).
#[derive(Default)]
pub(crate) struct Park {
    pub job: Option<Arc<Job>>,
    /// From the moment a job is handed over (or the thread is created) until the thread is
    /// done with it and waiting again.
    pub busy: bool,
    pub quit: bool,
}

/// State shared by the handle and every thread.
pub(crate) struct Shared {
    /// Unwind now (set by `stop`, by the main thread at a limit, by any thread at the hard time
    /// limit, or at the end).
    pub stop: AtomicBool,
    /// The search is pondering: no time limit, no best move until `ponderhit` or `stop`.
    pub pondering: AtomicBool,
    /// Bumped by `clear` so each thread forgets its histories before its next search.
    pub clear_epoch: AtomicU64,
    /// The hard time limit every thread watches, and when our clock started.
    pub deadline: Deadline,
    pub tt: RwLock<TranspositionTable>,
}
