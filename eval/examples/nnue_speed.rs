//! Measures NNUE evaluations per second at each SIMD level this CPU has, on positions from
//! deterministic random playouts, with the built-in network (speed does not depend on the
//! weights, so this is also every net's speed):
//!
//! - refresh + evaluate: the accumulator rebuilt from the position each time;
//! - update + evaluate: the accumulator derived from the previous position's, as the search
//!   will do along a line (the `Changes` are computed in the timed loop too).
//!
//! `cargo run --release -p outpost-eval --example nnue_speed [positions] [rounds]`

use outpost_board::{Color, Move, Position, Rng};
use outpost_eval::nnue::{self, simd, Accumulator, Changes};
use std::time::Instant;

/// Random games of up to 80 plies (the material of positions a search mostly meets), each as
/// its start position and moves.
fn games(count: usize) -> Vec<(Position, Vec<Move>)> {
    let mut rng = Rng::new(0x5EED);
    let mut out = Vec::new();
    let mut total = 0;
    while total < count {
        let start = Position::startpos();
        let mut pos = start;
        let mut moves = Vec::new();
        while moves.len() < 80 && total < count {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[rng.below(legal.len())];
            pos = pos.play(m);
            moves.push(m);
            total += 1;
        }
        out.push((start, moves));
    }
    out
}

/// CPU time this process has run, in nanoseconds (Linux): unlike the wall clock it does not
/// count the time other processes on a busy machine took.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Runs `f` `rounds` times after one untimed round and prints evals/s from CPU time (wall
/// time where that is unavailable).
fn measure(label: &str, evals_per_round: usize, rounds: usize, mut f: impl FnMut() -> i64) {
    let mut checksum = f();
    let (wall, cpu) = (Instant::now(), cpu_nanos());
    for _ in 0..rounds {
        checksum = checksum.wrapping_add(f());
    }
    let wall = wall.elapsed().as_nanos() as f64;
    let nanos = match (cpu, cpu_nanos()) {
        (Some(a), Some(b)) => (b - a) as f64,
        _ => wall,
    };
    let evals = (evals_per_round * rounds) as f64;
    println!(
        "{label:<28} {:>11.0} evals/s  {:>7.1} ns/eval  (checksum {checksum})",
        evals * 1e9 / nanos,
        nanos / evals
    );
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().ok());
    let count = args.next().flatten().unwrap_or(100_000);
    let rounds = args.next().flatten().unwrap_or(10);
    let games = games(count);
    let positions: Vec<Position> = games
        .iter()
        .flat_map(|(start, moves)| {
            moves.iter().scan(*start, |pos, &m| {
                *pos = pos.play(m);
                Some(*pos)
            })
        })
        .collect();
    let net = nnue::embedded();
    println!(
        "{} positions x {rounds} rounds; SIMD level detected: {}",
        positions.len(),
        simd::level().name()
    );

    for level in simd::Level::ALL.into_iter().filter(|l| l.is_available()) {
        simd::set_level(level);
        let mut acc = Accumulator::default();
        measure(
            &format!("{} refresh + evaluate", level.name()),
            positions.len(),
            rounds,
            || {
                let mut sum = 0i64;
                for pos in &positions {
                    acc.refresh(&net, pos);
                    let score = net.evaluate(&acc, pos.side_to_move(), pos.occupied().count());
                    sum += score as i64;
                }
                sum
            },
        );

        // A stack as the search keeps: entry i + 1 is updated from entry i.
        let mut stack = vec![Accumulator::default(); 81];
        measure(
            &format!("{} update + evaluate", level.name()),
            positions.len(),
            rounds,
            || {
                let mut sum = 0i64;
                let mut after = positions.iter();
                for (start, moves) in &games {
                    let mut pos = start;
                    stack[0].refresh(&net, pos);
                    for (ply, &m) in moves.iter().enumerate() {
                        let changes = Changes::of_move(pos, m);
                        // The position after the move, played before timing.
                        pos = after.next().expect("one position per move");
                        let (done, rest) = stack.split_at_mut(ply + 1);
                        rest[0].update(&done[ply], &net, &changes, pos);
                        let stm: Color = pos.side_to_move();
                        sum += net.evaluate(&rest[0], stm, pos.occupied().count()) as i64;
                    }
                }
                sum
            },
        );
    }
    simd::set_level(simd::Level::best());
}
