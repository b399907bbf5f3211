//! Measures evaluations per second on positions from deterministic random playouts, the way a
//! search meets them (consecutive positions share most pawn structures).
//!
//! `cargo run --release -p outpost-eval --example eval_speed [positions] [rounds]`

use outpost_board::Position;
use outpost_eval::Evaluator;
use std::time::Instant;

fn positions(count: usize) -> Vec<Position> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Position::startpos();
        // Short games keep material on the board, like most positions a search evaluates.
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() || out.len() >= count {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos = pos.play(moves.as_slice()[(state % moves.len() as u64) as usize]);
            out.push(pos);
        }
    }
    out
}

/// CPU time this process has run, in nanoseconds (Linux), which unlike the wall clock does not
/// count the time other processes on a busy machine took.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().ok());
    let count = args.next().flatten().unwrap_or(100_000);
    let rounds = args.next().flatten().unwrap_or(10);
    let positions = positions(count);
    let mut ev = Evaluator::new();
    let mut checksum = 0i64;
    // One untimed round warms the caches and the pawn table.
    for pos in &positions {
        checksum += ev.evaluate(pos) as i64;
    }
    let start = Instant::now();
    let cpu_start = cpu_nanos();
    for _ in 0..rounds {
        for pos in &positions {
            checksum += ev.evaluate(pos) as i64;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu_end = cpu_nanos();
    let evals = (count * rounds) as f64;
    println!(
        "{} evaluations in {:.3} s: {:.0} evals/s, {:.1} ns/eval (checksum {checksum})",
        count * rounds,
        secs,
        evals / secs,
        secs * 1e9 / evals
    );
    if let (Some(a), Some(b)) = (cpu_start, cpu_end) {
        println!("CPU time: {:.1} ns/eval", (b - a) as f64 / evals);
    }
}
