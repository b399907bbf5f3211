//! Runs the bench and prints the signature: `cargo run --release -p outpost-search --example
//! bench [depth] [threads]`.

use outpost_eval::nnue::embedded;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(outpost_search::bench::DEFAULT_DEPTH);
    let threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let verbose = std::env::var_os("BENCH_VERBOSE").is_some();
    let result = outpost_search::bench::run_with(depth, threads, embedded(), |i, fen, nodes| {
        if verbose {
            eprintln!("{:>2} {:>10} {fen}", i + 1, nodes);
        }
    });
    match result {
        Ok(r) => {
            println!("Nodes searched: {}", r.nodes);
            println!("Nodes/second: {}", r.nps);
            eprintln!("time: {} ms", r.time_ms);
        }
        Err(e) => {
            eprintln!("bench failed: {e}");
            std::process::exit(1);
        }
    }
}
