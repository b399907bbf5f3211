//! Lazy SMP: the pool of search threads and the `Search` handle the engine drives.
//!
//! Every thread runs the same iterative deepening on the same root and shares only the
//! transposition table, so the threads help each other through the table and drift apart by
//! timing alone. Each keeps its own histories, stacks and evaluator. Thread 0 is the main
//! thread: it alone reports, checks the clock and decides to stop; once it stops it raises the
//! stop flag, waits for the helpers to return, and picks the answer: its own, unless a helper
//! completed a deeper iteration with a better score. Under a strength handicap
//! (`crate::skill`) the main thread searches alone and the answer is the handicap's choice
//! among its lines.
//!
//! Threads are started once and parked on a condition variable between searches; `start`
//! hands them a `Job` and returns at once. In `go infinite` and `go ponder` the main thread,
//! having finished, waits for `stop` or `ponderhit` before it reports the best move.

use crate::history::History;
use crate::info::Reporter;
use crate::limits::{SearchLimits, SearchOptions};
use crate::oracle::EndgameOracle;
use crate::score::INFINITE;
use crate::search::{legal_prefix, Searcher};
use crate::transposition::TranspositionTable;
use outpost_board::{Move, Position};
use outpost_eval::Evaluator;
use parking_lot::{Condvar, Mutex, RwLock};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// Search threads get a large stack: the recursion is up to `MAX_PLY` deep and each frame holds
/// a move picker.
const THREAD_STACK: usize = 16 * 1024 * 1024;

/// Everything one search needs to know, shared read-only by its threads.
pub(crate) struct Job {
    pub position: Position,
    pub history: Vec<u64>,
    pub limits: SearchLimits,
    pub options: SearchOptions,
    pub reporter: Arc<dyn Reporter>,
    pub oracle: Option<Arc<dyn EndgameOracle>>,
    pub threads: Vec<Arc<ThreadData>>,
    pub started: Instant,
}

/// A thread's latest completed iteration.
#[derive(Clone, Debug, Default)]
pub(crate) struct ThreadResult {
    pub depth: i32,
    pub score: i32,
    pub pv: Vec<Move>,
}

/// Per-thread counters other threads read.
#[derive(Default)]
pub(crate) struct ThreadData {
    pub nodes: AtomicU64,
    pub tbhits: AtomicU64,
    /// Depth of the last completed iteration (also in `result`, but readable without a lock).
    pub completed: AtomicI32,
    pub result: Mutex<ThreadResult>,
}

struct Control {
    generation: u64,
    job: Option<Arc<Job>>,
    quit: bool,
    /// Threads still working on the current job.
    running: usize,
}

/// State shared by the handle and every thread.
pub(crate) struct Shared {
    /// Unwind now (set by `stop`, by the main thread at a limit, or at the end).
    pub stop: AtomicBool,
    /// The search is pondering: no time limit, no best move until `ponderhit` or `stop`.
    pub pondering: AtomicBool,
    /// A `ponderhit` arrived that the main thread has not yet seen (it restarts the clock).
    pub ponderhit: AtomicBool,
    /// Bumped by `clear` so each thread forgets its histories before its next search.
    pub clear_epoch: AtomicU64,
    pub tt: RwLock<TranspositionTable>,
    control: Mutex<Control>,
    wake: Condvar,
}

/// What a thread keeps from one search to the next.
struct Worker {
    history: History,
    eval: Evaluator,
    epoch: u64,
}

/// The search: a pool of threads sharing one transposition table.
///
/// Typical use: `start(..)` on `go`, `stop()` on `stop`, `ponderhit()` on `ponderhit`, `wait()`
/// before changing options or quitting. Exactly one `Reporter::bestmove` call follows every
/// `start`.
pub struct Search {
    shared: Arc<Shared>,
    handles: Vec<JoinHandle<()>>,
    threads: Vec<Arc<ThreadData>>,
    oracle: Option<Arc<dyn EndgameOracle>>,
}

impl Search {
    /// A search with `threads` threads (at least 1) and a `hash_mb` MB table.
    pub fn new(threads: usize, hash_mb: usize) -> Result<Search, String> {
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            ponderhit: AtomicBool::new(false),
            clear_epoch: AtomicU64::new(0),
            tt: RwLock::new(TranspositionTable::new(hash_mb)?),
            control: Mutex::new(Control {
                generation: 0,
                job: None,
                quit: false,
                running: 0,
            }),
            wake: Condvar::new(),
        });
        let mut search = Search {
            shared,
            handles: Vec::new(),
            threads: Vec::new(),
            oracle: None,
        };
        search.spawn(threads.max(1))?;
        Ok(search)
    }

    fn spawn(&mut self, count: usize) -> Result<(), String> {
        // Threads start from the current generation, so a job posted before a new thread first
        // looks is still seen as new.
        let generation = self.shared.control.lock().generation;
        for id in 0..count {
            let td = Arc::new(ThreadData::default());
            let shared = Arc::clone(&self.shared);
            let data = Arc::clone(&td);
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(THREAD_STACK)
                .spawn(move || thread_main(id, shared, data, generation))
                .map_err(|e| format!("cannot start search thread {id}: {e}"))?;
            self.handles.push(handle);
            self.threads.push(td);
        }
        Ok(())
    }

    fn join_all(&mut self) {
        {
            let mut c = self.shared.control.lock();
            c.quit = true;
            self.shared.wake.notify_all();
        }
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
        self.threads.clear();
        self.shared.control.lock().quit = false;
    }

    /// Number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Changes the number of threads (stops a running search first).
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        self.stop();
        self.wait();
        if threads.max(1) == self.threads.len() {
            return Ok(());
        }
        self.join_all();
        self.spawn(threads.max(1))
    }

    /// Resizes the hash table (stops a running search first). The table is empty afterwards.
    pub fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
        self.stop();
        self.wait();
        self.shared.tt.write().resize(mb)
    }

    /// Size of the hash table in MB.
    pub fn hash_mb(&self) -> usize {
        self.shared.tt.read().size_mb()
    }

    /// New game: empties the table and every thread's histories.
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
        self.stop();
        self.wait();
        self.shared.tt.read().new_search();
        self.shared.stop.store(false, Ordering::SeqCst);
        self.shared.ponderhit.store(false, Ordering::SeqCst);
        self.shared.pondering.store(limits.ponder, Ordering::SeqCst);
        for td in &self.threads {
            td.nodes.store(0, Ordering::Relaxed);
            td.tbhits.store(0, Ordering::Relaxed);
            td.completed.store(0, Ordering::Relaxed);
            *td.result.lock() = ThreadResult::default();
        }
        let job = Arc::new(Job {
            position,
            history,
            limits,
            options,
            reporter,
            oracle: self.oracle.clone(),
            threads: self.threads.clone(),
            started: Instant::now(),
        });
        let mut c = self.shared.control.lock();
        c.generation += 1;
        c.job = Some(job);
        c.running = self.threads.len();
        self.shared.wake.notify_all();
    }

    /// Stops the search; the best move is reported promptly (no-op when idle).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        let _c = self.shared.control.lock();
        self.shared.wake.notify_all();
    }

    /// The opponent played the expected move: continue under the normal time control.
    pub fn ponderhit(&self) {
        self.shared.pondering.store(false, Ordering::SeqCst);
        self.shared.ponderhit.store(true, Ordering::SeqCst);
        let _c = self.shared.control.lock();
        self.shared.wake.notify_all();
    }

    /// Blocks until the current search (if any) has reported its best move and every thread is
    /// idle again.
    pub fn wait(&self) {
        let mut c = self.shared.control.lock();
        while c.running > 0 {
            self.shared.wake.wait(&mut c);
        }
    }

    /// Whether a search is running (its best move not yet reported).
    pub fn is_searching(&self) -> bool {
        self.shared.control.lock().running > 0
    }

    /// Nodes searched by all threads in the current or last search.
    pub fn nodes(&self) -> u64 {
        self.threads
            .iter()
            .map(|t| t.nodes.load(Ordering::Relaxed))
            .sum()
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        self.stop();
        self.wait();
        self.join_all();
    }
}

fn thread_main(id: usize, shared: Arc<Shared>, td: Arc<ThreadData>, mut seen: u64) {
    let mut worker = Box::new(Worker {
        history: History::new(),
        eval: Evaluator::new(),
        epoch: 0,
    });
    loop {
        let job = {
            let mut c = shared.control.lock();
            loop {
                if c.quit {
                    return;
                }
                if c.generation != seen {
                    seen = c.generation;
                    break c.job.clone();
                }
                shared.wake.wait(&mut c);
            }
        };
        if let Some(job) = job {
            let epoch = shared.clear_epoch.load(Ordering::Relaxed);
            if epoch != worker.epoch {
                worker.history.clear();
                worker.eval.clear();
                worker.epoch = epoch;
            }
            let tt = shared.tt.read();
            let mut searcher = Searcher::new(
                &tt,
                &shared,
                &job,
                &td,
                &mut worker.history,
                &mut worker.eval,
                id,
            );
            if id == 0 {
                run_main(&mut searcher, &shared, &job);
            } else if job.options.skill.is_none() {
                // A handicapped search is the main thread's alone, so its node budget means
                // the same whatever `Threads` says.
                searcher.setup_root();
                if !searcher.root_moves.is_empty() {
                    searcher.iterate();
                }
            }
        }
        let mut c = shared.control.lock();
        c.running -= 1;
        shared.wake.notify_all();
    }
}

/// The main thread's search: iterate, wait out `infinite`/`ponder`, stop the helpers, answer.
fn run_main(searcher: &mut Searcher<'_>, shared: &Shared, job: &Job) {
    searcher.setup_root();
    if !searcher.root_moves.is_empty() {
        searcher.iterate();
    }
    // In infinite and ponder mode the answer waits for `stop` (or `ponderhit`), however early
    // the search finished.
    {
        let mut c = shared.control.lock();
        while !shared.stop.load(Ordering::SeqCst)
            && (job.limits.infinite || shared.pondering.load(Ordering::SeqCst))
        {
            shared.wake.wait(&mut c);
        }
    }
    shared.stop.store(true, Ordering::SeqCst);
    {
        // Our own count is still in `running`, so wait for the others only.
        let mut c = shared.control.lock();
        while c.running > 1 {
            shared.wake.wait(&mut c);
        }
    }
    if searcher.root_moves.is_empty() {
        let score = if job.position.in_check() {
            crate::info::Score::Mate(0)
        } else {
            crate::info::Score::Cp(0)
        };
        job.reporter.info(&crate::info::SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: crate::info::ScoreBound::Exact,
            nodes: 0,
            nps: 0,
            hashfull: 0,
            tbhits: 0,
            time_ms: job.started.elapsed().as_millis() as u64,
            pv: Vec::new(),
        });
        job.reporter.bestmove(Move::NONE, None);
        return;
    }
    let mut best = searcher.result();
    let mut report_chosen = false;
    if job.options.multipv == 1 {
        for td in job.threads.iter().skip(1) {
            let r = td.result.lock().clone();
            // A deeper iteration that also scores better wins; under `go depth N` a helper that
            // completed depth N (and so ended the search) wins over a shallower main thread.
            let reached_limit = job.limits.depth.is_some_and(|d| r.depth >= d);
            if r.depth > best.depth && (r.score > best.score || reached_limit) && !r.pv.is_empty() {
                best = r;
                report_chosen = true;
            }
        }
    }
    if let Some(skill) = job.options.skill {
        // At a root in the tables only the best-ranked lines (a prefix) are candidates: a
        // handicap may play a weaker move, never one that throws away the table's result.
        let top = searcher.skill_lines.first().map(|rm| rm.tb_rank);
        let lines: Vec<(Move, i32)> = searcher
            .skill_lines
            .iter()
            .take_while(|rm| Some(rm.tb_rank) == top)
            .map(|rm| (rm.mv, rm.score))
            .collect();
        // Index 0 keeps the search's own answer, which may be a better move found in the
        // unfinished iteration.
        let index = skill.pick(&lines);
        if let Some(chosen) = searcher.skill_lines.get(index).filter(|_| index > 0) {
            if chosen.mv != best.pv.first().copied().unwrap_or(Move::NONE) {
                best = ThreadResult {
                    depth: best.depth,
                    score: chosen.score,
                    pv: chosen.pv.clone(),
                };
                // Report the line played, so the GUI's last info matches the best move.
                report_chosen = true;
            }
        }
    }
    let fallback = searcher.root_moves[0].mv;
    let pv = legal_prefix(&job.position, &best.pv, fallback);
    let unreported = pv.first() != Some(&searcher.reported_best) && best.score > -INFINITE;
    if report_chosen || unreported {
        // Show the line that is played, so the GUI's last info matches the best move.
        searcher.report_result(&best, &pv);
    }
    let best_move = pv.first().copied().unwrap_or(fallback);
    let ponder = pv
        .get(1)
        .copied()
        .or_else(|| searcher.ponder_from_tt(best_move));
    job.reporter.bestmove(best_move, ponder);
}
