//! Time to depth with 1 and with N threads on the bench positions (for docs/smp.md):
//! `cargo run --release -p outpost-search --example smp [depth] [threads]`.
//! Each position is searched to the same depth with a fresh 16 MB table, first with one thread,
//! then with N; the times are summed and their ratio is the speed-up.

use outpost_search::bench::POSITIONS;
use outpost_search::{NullReporter, SearchLimits, SearchOptions, ThreadPool};
use std::sync::Arc;
use std::time::Instant;

/// CPU seconds used by this process so far (user + system, from /proc; 0 where unavailable).
/// On a machine shared with other work it shows whether the threads really got their cores.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which is in parentheses): utime and stime are 14 and 15.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn time_to_depth(threads: usize, depth: i32) -> (f64, u64) {
    let mut search = ThreadPool::new(threads, 16).expect("search");
    let mut total = 0.0;
    let mut nodes = 0;
    for fen in POSITIONS {
        let pos = outpost_board::Position::from_fen(fen).expect("bench FEN");
        search.clear();
        let t = Instant::now();
        search.start(
            pos,
            Vec::new(),
            SearchLimits::depth(depth),
            SearchOptions::default(),
            Arc::new(NullReporter),
        );
        search.wait();
        total += t.elapsed().as_secs_f64();
        nodes += search.nodes();
    }
    (total, nodes)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth = args.next().and_then(|a| a.parse().ok()).unwrap_or(13);
    let threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let c0 = cpu_seconds();
    let (t1, n1) = time_to_depth(1, depth);
    let c1 = cpu_seconds();
    let (tn, nn) = time_to_depth(threads, depth);
    let c2 = cpu_seconds();
    println!("depth {depth}, {} positions", POSITIONS.len());
    println!(
        "1 thread:  {t1:.2} s, {n1} nodes, {:.0} nps, {:.2} CPU s",
        n1 as f64 / t1,
        c1 - c0
    );
    println!(
        "{threads} threads: {tn:.2} s, {nn} nodes, {:.0} nps, {:.2} CPU s",
        nn as f64 / tn,
        c2 - c1
    );
    println!("time-to-depth speed-up: {:.2}", t1 / tn);
}
