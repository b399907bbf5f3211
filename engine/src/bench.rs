//! The `bench` extension (`bench [depth]`, `outpost bench [depth]`): the search's fixed set of
//! positions to a fixed depth with one thread and 16 MB hash. The node count is the signature
//! of the search and evaluation; the last two lines are `Nodes searched: <n>` and
//! `Nodes/second: <nps>`, which tools such as OpenBench read.

use outpost_eval::nnue::Network;
use outpost_search::bench;
use outpost_search::score::MAX_DEPTH;
use std::fmt;
use std::sync::Arc;

pub struct BenchReport {
    /// The time, then the two signature lines, which must come last.
    pub text: String,
}

/// `network`: the network in use (`UseNNUE`: the built-in one or `EvalFile`'s), or `None` for the
/// hand-crafted evaluation; the signature is the node count with whichever evaluates.
pub fn run(depth: Option<u32>, network: Option<Arc<Network>>) -> Result<BenchReport, BenchError> {
    let depth = match depth {
        None => bench::DEFAULT_DEPTH,
        Some(d) if (1..=MAX_DEPTH as u32).contains(&d) => d as i32,
        Some(depth) => return Err(BenchError::Depth { depth }),
    };
    let count = bench::POSITIONS.len();
    let evaluation = if network.is_some() {
        "network"
    } else {
        "hand-crafted"
    };
    let result = bench::run_with(depth, 1, network, |i, fen, nodes| {
        log::info!("bench position {}/{count}: {fen}: {nodes} nodes", i + 1);
    })
    .map_err(|e| BenchError::Search(e.to_string()))?;
    Ok(BenchReport {
        text: format!(
            "Bench depth {depth}, {count} positions, {evaluation} evaluation: {} ms\nNodes searched: {}\nNodes/second: {}",
            result.time_ms, result.nodes, result.nps
        ),
    })
}

/// Why `bench` could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BenchError {
    /// The depth asked for is outside `1..=MAX_DEPTH`.
    Depth { depth: u32 },
    /// The search could not be set up (its hash table or threads); the search's own words.
    Search(String),
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::Depth { depth } => {
                write!(f, "bench depth {depth} is outside 1..{MAX_DEPTH}")
            }
            BenchError::Search(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for BenchError {}
