//! The `bench` extension (`bench [depth]`, `outpost bench [depth]`): the search's fixed set of
//! positions to a fixed depth with one thread and 16 MB hash. The node count is the signature
//! of the search and evaluation; the last two lines are `Nodes searched: <n>` and
//! `Nodes/second: <nps>`, which tools such as OpenBench read.

use outpost_search::bench;
use outpost_search::score::MAX_DEPTH;

pub struct BenchReport {
    /// The time, then the two signature lines, which must come last.
    pub text: String,
}

pub fn run(depth: Option<u32>) -> Result<BenchReport, String> {
    let depth = match depth {
        None => bench::DEFAULT_DEPTH,
        Some(d) if (1..=MAX_DEPTH as u32).contains(&d) => d as i32,
        Some(d) => return Err(format!("bench depth {d} is outside 1..{MAX_DEPTH}")),
    };
    let count = bench::POSITIONS.len();
    let result = bench::run_with(depth, 1, |i, fen, nodes| {
        log::info!("bench position {}/{count}: {fen}: {nodes} nodes", i + 1);
    })?;
    Ok(BenchReport {
        text: format!(
            "Bench depth {depth}, {count} positions: {} ms\nNodes searched: {}\nNodes/second: {}",
            result.time_ms, result.nodes, result.nps
        ),
    })
}
