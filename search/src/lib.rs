//! outpost-search: the search.
//!
//! Iterative deepening with aspiration windows over a principal variation search with the usual
//! selectivity (null move, reverse futility, futility, late move pruning and reductions, SEE
//! pruning, internal iterative reduction, check and singular extensions), a quiescence search, a
//! lock-free shared transposition table, Lazy SMP threads, time management, MultiPV, tablebase
//! support through the `EndgameOracle` trait, and the `bench` signature.
//!
//! # Using it (the engine's view)
//!
//! ```no_run
//! use outpost_search::{NullReporter, ThreadPool, SearchLimits, SearchOptions};
//! use std::sync::Arc;
//! let search = ThreadPool::new(1, 16).expect("16 MB fits");
//! let pos = outpost_board::Position::startpos();
//! // `history`: keys of the game positions before `pos`, oldest first (for repetitions).
//! search.start(pos, Vec::new(), SearchLimits::depth(8), SearchOptions::default(),
//!              Arc::new(NullReporter));
//! search.wait(); // or `search.stop()` at any time; one `bestmove` always follows
//! ```
//!
//! * `ThreadPool::new(threads, hash_mb)`, `set_threads`, `resize_hash`, `clear` (new game),
//!   `set_oracle` — call these while idle (they stop a running search first).
//! * `start(position, history, limits, options, reporter)` returns at once; the search runs on
//!   its own threads and reports through the `Reporter`: `info` after every iteration (one per
//!   MultiPV line, plus bounds on aspiration failures after one second), `currmove` after one
//!   second, and exactly one `bestmove` at the end.
//! * `stop()` makes the `bestmove` come within milliseconds; `ponderhit()` turns a ponder search
//!   into a normal timed one; `wait()` blocks until the best move is reported.
//! * In `go infinite` and `go ponder` the best move is never reported before `stop` (or, for
//!   ponder, `ponderhit`), even if the search ended by itself (mate found, depth reached).
//! * The best move is `Move::NONE` only when the root has no legal move (mate or stalemate);
//!   the PV in every report is a legal sequence.
//! * Reporter callbacks run on a search thread: they must not call `start`, `wait` or the
//!   option setters (which wait for the search to finish), or they would wait for themselves.
//! * Scores: `Score::Cp` (side to move), `Score::Mate(n)` in moves (negative when mated),
//!   tablebase wins as `Cp(±(20000 - plies))`; `Bound` marks aspiration-window failures.
//!   At a root in the tables every line shows its move's table result (see `oracle::tb_root_score`)
//!   unless the search proves a mate.
//!
//! `bench::run` is the fixed-depth node-count signature (`outpost bench`).

mod alphabeta;
pub mod bench;
mod best_so_far;
mod choose;
mod clock;
mod correction;
mod deadline;
pub mod history;
mod info_lines;
mod iterate;
pub mod limits;
mod lmr;
pub mod movepicker;
pub mod oracle;
pub mod params;
mod qsearch;
pub mod reporter;
mod root;
pub mod score;
mod shared;
pub mod skill;
mod thread_pool;
pub mod timeman;
pub mod transposition;
mod worker;

pub use limits::{SearchLimits, SearchOptions};
pub use oracle::{EndgameOracle, RankedMove, Wdl};
pub use reporter::{reported, Bound, CurrMove, NullReporter, Reporter, Score, SearchInfo};
pub use skill::Skill;
pub use thread_pool::{SearchError, StopSignal, ThreadPool};
pub use transposition::{TranspositionTable, TtError, MAX_HASH_MB};
