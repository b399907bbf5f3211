//! `bench`: the search's signature. A fixed set of positions is searched to a fixed depth with
//! one thread, a 16 MB table and fresh tables for every position, so the total node count is
//! deterministic: it changes only when the search or the evaluation changes (each such commit
//! records the new count in `bench.signature` and its message), and nodes per second measure speed
//! on a given machine.
//!
//! Positions: the start position, the 24 Bratko-Kopec positions, every hundredth STS position,
//! and a few endgames from the E.E.T. and pawn-endgame (PET) suites, all from the EPD files in
//! the shared data folder (see its SOURCES.md); the move counters are set to "0 1".

use crate::deadline::elapsed_ms;
use crate::limits::{SearchLimits, SearchOptions};
use crate::reporter::NullReporter;
use crate::score::MAX_DEPTH;
use crate::thread_pool::{SearchError, ThreadPool};
use outpost_board::{FenError, Position};
use outpost_eval::nnue::{self, Network};
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// Depth searched for every position unless the caller asks for another.
pub const DEFAULT_DEPTH: u32 = 16;
/// Hash size of the bench, in MB.
pub const BENCH_HASH_MB: usize = 16;

/// The bench positions.
pub const POSITIONS: [&str; 50] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
    "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
    "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
    "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
    "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1",
    "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
    "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
    "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
    "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
    "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
    "rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - - 0 1",
    "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
    "r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1",
    "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - - 0 1",
    "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
    "r4k2/pb2bp1r/1p1qp2p/3pNp2/3P1P2/2N3P1/PPP1Q2P/2KRR3 w - - 0 1",
    "3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1",
    "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
    "r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1",
    "r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - - 0 1",
    "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1",
    "1b1r4/3rkp2/p3p2p/4q3/P5P1/2RBP3/P1Q4P/1R3K2 b - - 0 1",
    "1k2r2r/1bq2p2/pn4p1/3pP3/pbpN1P1p/4QN1B/1P4PP/2RR3K b - - 0 1",
    "6k1/p2pp2p/bp4n1/q1r4R/1RP1P3/2P2B2/P2Q2P1/4K3 w - - 0 1",
    "1b3rk1/5ppp/2p2rq1/1p1n4/3P2P1/1BPbBP2/1P1N2QP/R3R1K1 w - - 0 1",
    "1k1r1r2/p1p5/Bpnbb3/3p2pp/3P4/P1N1NPP1/1PP4P/2KR1R2 w - - 0 1",
    "1R3b2/r4pk1/2qpn1p1/P1p1p2p/2P1P2P/5PP1/6K1/1Q1BB3 w - - 0 1",
    "1qr2k1r/pb3pp1/1b2p2p/3nP3/1p6/3B2QN/PP3PPP/R1BR2K1 b - - 0 1",
    "1b2r1k1/1bqn1pp1/p1p4p/Pp2p3/1P2B3/2B1PN1P/5PP1/1Q1R2K1 b - - 0 1",
    "1b1qrr2/1p4pk/1np4p/p3Np1B/Pn1P4/R1N3B1/1Pb2PPP/2Q1R1K1 b - - 0 1",
    "1k2r3/1p1bP3/2p2p1Q/Ppb5/4Rp1P/2q2N1P/5PB1/6K1 b - - 0 1",
    "1k1r4/4bp2/p1q1pnr1/6B1/NppP3P/6P1/1P3P2/2RQR1K1 w - - 0 1",
    "1k1r4/1p3p2/p1bq1p1p/4p3/3r1P1Q/P5P1/1PP1B2P/K2RR3 b - - 0 1",
    "1k5r/1p1b4/4pp1r/3p4/q4PQ1/3B1R1P/2P1R1PK/8 w - - 0 1",
    "rnb1r1k1/pp2bppp/2p2n2/8/1q1Q1B2/2N2NPP/PP2PPB1/R4RK1 w - - 0 1",
    "8/8/p2p3p/3k2p1/PP6/3K1P1P/8/8 b - - 0 1",
    "6k1/5p2/P3p1p1/2Qp4/5q2/2K5/8/8 b - - 0 1",
    "8/4k3/8/2Kp3p/B3bp1P/P7/1P6/8 b - - 0 1",
    "8/p5pq/8/p2N3p/k2P3P/8/KP3PB1/8 w - - 0 1",
    "8/8/1p2p3/p3p2b/P1PpP2P/kP6/2K5/7N w - - 0 1",
    "3k3K/p5P1/P3r3/8/1N6/8/8/8 w - - 0 1",
    "8/7p/2k1Pp2/pp1p2p1/3P2P1/4P3/P3K2P/8 w - - 0 1",
    "8/8/2p5/pkp3R1/7B/P7/2p3K1/8 w - - 0 1",
    "4K3/2k1Bp1N/6p1/5PP1/8/7p/b7/8 w - - 0 1",
    "8/pR4pk/1b6/2p5/N1p5/8/PP1r2PP/6K1 b - - 0 1",
];

/// Why a bench could not run: the one error of every bench (`outpost bench`, the `bench`
/// command, the example).
#[derive(Debug)]
pub enum BenchError {
    /// The depth asked for is outside `1..=MAX_DEPTH`.
    Depth { depth: u32 },
    /// The search could not be set up (threads or table).
    Search(SearchError),
    /// Bench position `index` did not parse (the table above is wrong).
    Position { index: usize, reason: FenError },
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::Depth { depth } => {
                write!(f, "bench depth {depth} is outside 1..{MAX_DEPTH}")
            }
            BenchError::Search(e) => e.fmt(f),
            BenchError::Position { index, reason } => write!(f, "bench position {index}: {reason}"),
        }
    }
}

impl std::error::Error for BenchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BenchError::Search(e) => Some(e),
            BenchError::Depth { .. } | BenchError::Position { .. } => None,
        }
    }
}

/// The outcome of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
}

/// Searches every bench position to `depth` (in `1..=MAX_DEPTH`, else [`BenchError::Depth`])
/// with `threads` threads (1 for the signature), evaluating with `network`; `progress` is called
/// after each position with its index, FEN and node count.
pub fn run_with(
    depth: u32,
    threads: usize,
    network: Arc<Network>,
    mut progress: impl FnMut(usize, &str, u64),
) -> Result<BenchResult, BenchError> {
    if !(1..=MAX_DEPTH as u32).contains(&depth) {
        return Err(BenchError::Depth { depth });
    }
    let mut search = ThreadPool::new(threads, BENCH_HASH_MB).map_err(BenchError::Search)?;
    let start = Instant::now();
    let mut nodes = 0;
    for (i, fen) in POSITIONS.iter().enumerate() {
        let pos =
            Position::from_fen(fen).map_err(|reason| BenchError::Position { index: i, reason })?;
        search.clear();
        search.start(
            pos,
            Vec::new(),
            SearchLimits::depth(depth as i32),
            SearchOptions {
                network: Arc::clone(&network),
                ..SearchOptions::default()
            },
            Arc::new(NullReporter),
        );
        search.wait();
        let n = search.nodes();
        nodes += n;
        progress(i, fen, n);
    }
    let time_ms = elapsed_ms(start);
    Ok(BenchResult {
        nodes,
        time_ms,
        nps: nodes * 1000 / time_ms.max(1),
    })
}

/// The standard bench: `DEFAULT_DEPTH`, one thread, the built-in network.
pub fn run() -> Result<BenchResult, BenchError> {
    run_with(DEFAULT_DEPTH, 1, nnue::embedded(), |_, _, _| {})
}
