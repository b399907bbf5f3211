//! The `bench` extension (`bench [depth]`, `outpost bench [depth]`): the search's fixed set of
//! positions to a fixed depth with one thread and 16 MB hash. The node count is the signature
//! of the search and evaluation; the last two lines are `Nodes searched: <n>` and
//! `Nodes/second: <nps>`, which tools such as OpenBench read.

use outpost_eval::nnue::Network;
use outpost_search::bench::{self, BenchError};
use std::sync::Arc;

pub struct BenchReport {
    /// The time, then the two signature lines, which must come last.
    pub text: String,
}

/// `network`: the network in use (the built-in one or `EvalFile`'s); the signature is the node
/// count with it.
pub fn run(depth: Option<u32>, network: Arc<Network>) -> Result<BenchReport, BenchError> {
    let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
    let count = bench::POSITIONS.len();
    let result = bench::run_with(depth, 1, network, |i, fen, nodes| {
        log::info!("bench position {}/{count}: {fen}: {nodes} nodes", i + 1);
    })?;
    Ok(BenchReport {
        text: format!(
            "Bench depth {depth}, {count} positions: {} ms\nNodes searched: {}\nNodes/second: {}",
            result.time_ms, result.nodes, result.nps
        ),
    })
}
