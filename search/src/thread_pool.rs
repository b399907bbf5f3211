//! Lazy SMP: the pool of search threads and the `ThreadPool` handle the engine drives.
//!
//! Every thread runs the same iterative deepening on the same root and shares only the
//! transposition table, so the threads help each other through the table and drift apart by
//! timing alone. Each keeps its own histories, stacks and evaluator. Thread 0 is the main
//! thread: it alone reports and decides to stop between iterations; once it stops it raises the
//! stop flag and picks the answer from what the threads have published: its own, unless a
//! helper completed a deeper iteration with a better score. Under a strength handicap
//! (`crate::skill`) the main thread searches alone and the answer is the handicap's choice
//! among its lines.
//!
//! The clock must bound the whole `go` however many threads there are, also with far more
//! threads than cores (`Threads` goes up to 1024). Three rules keep it so:
//!
//! * Threads are started once, when `Threads` changes, and each waits for work on its *own*
//!   condition variable. With one shared condition variable, waking N threads passes a mutex
//!   from each woken thread to the next; with more threads than cores every hand-over waits
//!   behind the threads already searching, and the main thread (last in the queue) started up
//!   to 100 s after `go` with 1024 threads on two cores. `start` wakes the main thread first.
//! * Every thread watches the hard time limit, not the main thread alone: it shares the cores
//!   with the helpers, and with 1024 threads on two cores it may get a time slice only once a
//!   second. Whichever threads hold the cores see the deadline within a millisecond. (A
//!   sleeping clock thread is no better: after waking it waits its turn behind the searching
//!   threads, measured up to 0.6 s late with 1024 of them.) Every thread checks the stop flag
//!   at every node.
//! * Once stopped, the main thread answers without waiting for the helpers to unwind; `wait`
//!   (and so the next `start`) waits for them.
//!
//! `start` hands the threads a `Job` and returns at once. In `go infinite` and `go ponder` the
//! main thread, having finished, waits for `stop` or `ponderhit` before it reports the best
//! move.

use crate::choose;
use crate::correction::Correction;
use crate::deadline::Deadline;
use crate::history::History;
use crate::info_lines::report_no_legal_move;
use crate::limits::{SearchLimits, SearchOptions};
use crate::oracle::EndgameOracle;
use crate::reporter::Reporter;
use crate::shared::{Job, Shared, ThreadData, ThreadResult};
use crate::timeman::TimeManager;
use crate::transposition::{TranspositionTable, TtError};
use crate::worker::Worker;
use outpost_board::{Move, Position};
use outpost_eval::Evaluator;
use parking_lot::RwLock;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// Search threads get a large stack: the recursion is up to `MAX_PLY` deep and each frame holds
/// a move picker. (Only the pages used are ever mapped, so 1024 threads cost little.)
const THREAD_STACK: usize = 16 * 1024 * 1024;

/// Why the search could not be set up as asked.
#[derive(Debug)]
pub enum SearchError {
    /// The hash table could not be allocated (the old one, if any, is kept).
    Hash(TtError),
    /// The operating system refused to start search thread `id`.
    Thread { id: usize, reason: std::io::Error },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Hash(e) => e.fmt(f),
            SearchError::Thread { id, reason } => {
                write!(f, "cannot start search thread {id}: {reason}")
            }
        }
    }
}

impl std::error::Error for SearchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SearchError::Hash(e) => Some(e),
            SearchError::Thread { reason, .. } => Some(reason),
        }
    }
}

impl From<TtError> for SearchError {
    fn from(e: TtError) -> SearchError {
        SearchError::Hash(e)
    }
}

/// What a thread keeps from one search to the next (its `Worker` borrows it for each search).
struct WorkerMemory {
    history: History,
    correction: Correction,
    eval: Evaluator,
    epoch: u64,
}

/// Stops the running search from any thread (see [`ThreadPool::stop_signal`]). It only raises the
/// flag every node checks: a search that waits out `infinite` or `ponder` is woken by
/// [`ThreadPool::stop`], which the owner still calls.
#[derive(Clone)]
pub struct StopSignal(Arc<Shared>);

impl StopSignal {
    /// Makes every thread of the running search unwind at its next node (no-op when idle: the
    /// next search starts with the flag lowered).
    pub fn raise(&self) {
        self.0.stop.store(true, Ordering::SeqCst);
    }
}

/// The search threads: a pool sharing one transposition table, each thread running a `Worker`
/// per search.
///
/// Typical use: `start(..)` on `go`, `stop()` on `stop`, `ponderhit()` on `ponderhit`, `wait()`
/// before changing options or quitting. Exactly one `Reporter::bestmove` call follows every
/// `start`.
pub struct ThreadPool {
    shared: Arc<Shared>,
    handles: Vec<JoinHandle<()>>,
    threads: Vec<Arc<ThreadData>>,
    oracle: Option<Arc<dyn EndgameOracle>>,
}

impl ThreadPool {
    /// A search with `threads` threads (at least 1) and a `hash_mb` MB table.
    pub fn new(threads: usize, hash_mb: usize) -> Result<ThreadPool, SearchError> {
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            clear_epoch: AtomicU64::new(0),
            deadline: Deadline::default(),
            tt: RwLock::new(TranspositionTable::new(hash_mb)?),
        });
        let mut pool = ThreadPool {
            shared,
            handles: Vec::new(),
            threads: Vec::new(),
            oracle: None,
        };
        pool.spawn(threads.max(1))?;
        pool.wait();
        Ok(pool)
    }

    fn spawn(&mut self, count: usize) -> Result<(), SearchError> {
        for id in 0..count {
            let td = Arc::new(ThreadData::default());
            // Busy until its tables are built, so `wait` covers that too.
            td.park.lock().busy = true;
            let shared = Arc::clone(&self.shared);
            let data = Arc::clone(&td);
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(THREAD_STACK)
                .spawn(move || thread_main(id, &shared, &data))
                .map_err(|reason| SearchError::Thread { id, reason })?;
            self.handles.push(handle);
            self.threads.push(td);
        }
        Ok(())
    }

    fn join_all(&mut self) {
        for td in &self.threads {
            td.park.lock().quit = true;
            td.wake.notify_all();
        }
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
        self.threads.clear();
    }

    /// Number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Changes the number of threads (stops a running search first). Returns once the new
    /// threads are ready, so their setting up is not paid for by the next search.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), SearchError> {
        self.stop();
        self.wait();
        if threads.max(1) == self.threads.len() {
            return Ok(());
        }
        self.join_all();
        let mut spawned = self.spawn(threads.max(1));
        if self.threads.is_empty() {
            // Not even one: try once more with a single thread, so that searching goes on.
            spawned = spawned.and(self.spawn(1));
        }
        self.wait();
        spawned
    }

    /// Resizes the hash table (stops a running search first). The table is empty afterwards.
    pub fn resize_hash(&mut self, mb: usize) -> Result<(), SearchError> {
        self.stop();
        self.wait();
        Ok(self.shared.tt.write().resize(mb)?)
    }

    /// Size of the hash table in MB.
    pub fn hash_mb(&self) -> usize {
        self.shared.tt.read().size_mb()
    }

    /// New game: empties the table and every thread's histories. Each thread clears its own
    /// at the start of its next search: a few hundred microseconds each, and no round trip to
    /// every thread here.
    pub fn clear(&mut self) {
        self.stop();
        self.wait();
        self.shared.tt.read().clear();
        self.shared.clear_epoch.fetch_add(1, Ordering::Relaxed);
    }

    /// Sets or removes the endgame oracle used by later searches.
    pub fn set_oracle(&mut self, oracle: Option<Arc<dyn EndgameOracle>>) {
        self.oracle = oracle;
    }

    /// Starts searching `position` and returns at once. `history` holds the keys of the game's
    /// positions before this one (oldest first, at least since the last capture or pawn move) so
    /// that repetitions of the game are seen. A search still running is stopped first.
    pub fn start(
        &self,
        position: Position,
        history: Vec<u64>,
        limits: SearchLimits,
        options: SearchOptions,
        reporter: Arc<dyn Reporter>,
    ) {
        let started = Instant::now();
        self.stop();
        self.wait();
        if self.threads.is_empty() {
            // Only after failing to start any thread; a `go` still ends in a best move.
            let mv = position.legal_moves().iter().copied().next();
            reporter.bestmove(mv.unwrap_or(Move::NONE), None);
            return;
        }
        self.shared.tt.read().new_search();
        for td in &self.threads {
            td.nodes.store(0, Ordering::Relaxed);
            td.tbhits.store(0, Ordering::Relaxed);
            td.completed.store(0, Ordering::Relaxed);
            *td.result.lock() = ThreadResult::default();
        }
        // The one place the time limits are computed: every thread reads them from the job and
        // the deadline.
        let time = TimeManager::new(&limits, position.side_to_move(), options.move_overhead_ms);
        self.shared
            .deadline
            .arm(started, time.hard_ms(), limits.ponder);
        self.shared.stop.store(false, Ordering::SeqCst);
        self.shared.pondering.store(limits.ponder, Ordering::SeqCst);
        let job = Arc::new(Job {
            position,
            history,
            limits,
            time,
            options,
            reporter,
            oracle: self.oracle.clone(),
            threads: self.threads.clone(),
            started,
        });
        // The main thread first: it watches the clock and answers.
        for td in &self.threads {
            hand_over(td, Arc::clone(&job));
        }
    }

    /// Stops the search; the best move is reported promptly (no-op when idle).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        self.nudge_main();
    }

    /// A handle that stops this search from another thread, e.g. the stdin reader as soon as
    /// it reads `stop`, without a trip through the thread that owns the `ThreadPool`.
    pub fn stop_signal(&self) -> StopSignal {
        StopSignal(Arc::clone(&self.shared))
    }

    /// The opponent played the expected move: continue under the normal time control, whose
    /// clock starts now (the one place `ponderhit` moves the deadline).
    pub fn ponderhit(&self) {
        self.shared.deadline.ponderhit();
        self.shared.pondering.store(false, Ordering::SeqCst);
        self.nudge_main();
    }

    /// Wakes the main thread if it waits out `infinite` or `ponder`. Taking its lock first
    /// means it is either still before its check of the flags or already waiting.
    fn nudge_main(&self) {
        if let Some(main) = self.threads.first() {
            let _park = main.park.lock();
            main.wake.notify_all();
        }
    }

    /// Blocks until the current search (if any) has reported its best move and every thread is
    /// idle again.
    pub fn wait(&self) {
        for td in &self.threads {
            let mut park = td.park.lock();
            while park.busy {
                td.wake.wait(&mut park);
            }
        }
    }

    /// Blocks until the main thread is idle: the current search (if any) has reported
    /// everything, its best move included. Helpers may still be unwinding (`wait` waits for
    /// them too).
    pub fn wait_main(&self) {
        if let Some(td) = self.threads.first() {
            let mut park = td.park.lock();
            while park.busy {
                td.wake.wait(&mut park);
            }
        }
    }

    /// Whether a search is running (a thread is still busy with it).
    pub fn is_searching(&self) -> bool {
        self.threads.iter().any(|td| td.park.lock().busy)
    }

    /// Nodes searched by all threads in the current or last search.
    pub fn nodes(&self) -> u64 {
        self.threads
            .iter()
            .map(|t| t.nodes.load(Ordering::Relaxed))
            .sum()
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.stop();
        self.wait();
        self.join_all();
    }
}

/// Gives `job` to an idle thread.
fn hand_over(td: &ThreadData, job: Arc<Job>) {
    let mut park = td.park.lock();
    park.job = Some(job);
    park.busy = true;
    td.wake.notify_all();
}

fn thread_main(id: usize, shared: &Shared, td: &ThreadData) {
    let mut memory = Box::new(WorkerMemory {
        history: History::new(),
        correction: Correction::new(),
        eval: Evaluator::default(),
        epoch: 0,
    });
    loop {
        let job = {
            let mut park = td.park.lock();
            loop {
                if park.quit {
                    return;
                }
                if let Some(job) = park.job.take() {
                    park.busy = true;
                    break job;
                }
                if park.busy {
                    park.busy = false;
                    td.wake.notify_all();
                }
                td.wake.wait(&mut park);
            }
        };
        if id != 0 && shared.stop.load(Ordering::Relaxed) {
            // With many more threads than cores, many helpers first run after the search has
            // ended; setting up (clearing the tables after a new game, the root moves) would
            // only keep the main thread from the cores longer. The main thread always runs:
            // it answers.
            continue;
        }
        let epoch = shared.clear_epoch.load(Ordering::Relaxed);
        if epoch != memory.epoch {
            memory.history.clear();
            memory.correction.clear();
            memory.epoch = epoch;
        }
        let tt = shared.tt.read();
        let mut worker = Worker::new(
            &tt,
            shared,
            &job,
            td,
            &mut memory.history,
            &mut memory.correction,
            &mut memory.eval,
            id,
        );
        if id == 0 {
            run_main(&mut worker, &tt, shared, &job, td);
        } else if job.options.skill.is_none() {
            // A handicapped search is the main thread's alone, so its node budget means the
            // same whatever `Threads` says.
            worker.setup_root();
            if !worker.root.moves.is_empty() {
                worker.iterate();
            }
        }
    }
}

/// The main thread's search: iterate, wait out `infinite`/`ponder`, stop the helpers, answer.
fn run_main(
    worker: &mut Worker<'_>,
    tt: &TranspositionTable,
    shared: &Shared,
    job: &Job,
    td: &ThreadData,
) {
    worker.setup_root();
    if !worker.root.moves.is_empty() {
        worker.iterate();
    }
    // In infinite and ponder mode the answer waits for `stop` (or `ponderhit`), however early
    // the search finished.
    {
        let mut park = td.park.lock();
        while !shared.stop.load(Ordering::SeqCst)
            && (job.limits.infinite || shared.pondering.load(Ordering::SeqCst))
        {
            td.wake.wait(&mut park);
        }
    }
    // The helpers see the flag at their next node. They are not waited for: what they have
    // completed is published already, and with many threads on few cores their unwinding
    // takes the time of a trip through the scheduler's queue.
    shared.stop.store(true, Ordering::SeqCst);
    if worker.root.moves.is_empty() {
        report_no_legal_move(job);
        job.reporter.bestmove(Move::NONE, None);
        return;
    }
    let choice = choose::final_move(job, worker.search_end());
    if choice.report {
        // Show the line that is played, so the GUI's last info matches the best move.
        worker.report_result(&choice.result, &choice.pv);
    }
    let ponder = choose::ponder_move(tt, &job.position, &choice.pv);
    job.reporter.bestmove(choice.best_move(), ponder);
}
