//! The mate suite: every position of tests/data/mates.epd (mates in 1 to 5 from the WAC and ECM
//! suites, distances measured with Stockfish; see tests/data/SOURCES.md) must be solved with the
//! exact `score mate N` within 5 seconds. `go mate N` stops the search as soon as it is found.

mod common;

use common::run;
use outpost_board::Position;
use outpost_search::{Score, SearchLimits, SearchOptions, ThreadPool};
use std::time::Instant;

fn suite() -> Vec<(String, i32)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/mates.epd");
    let text = std::fs::read_to_string(path).expect("tests/data/mates.epd is readable");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let fen: Vec<&str> = l.split_whitespace().take(4).collect();
            let n = l
                .split("dm ")
                .nth(1)
                .and_then(|r| r.split(';').next())
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or_else(|| panic!("no 'dm N;' in {l}"));
            (format!("{} 0 1", fen.join(" ")), n)
        })
        .collect()
}

#[test]
fn finds_every_mate_with_the_right_distance() {
    let positions = suite();
    assert!(positions.len() >= 30, "only {} positions", positions.len());
    let mut search = ThreadPool::new(1, 64).unwrap();
    let mut failures = Vec::new();
    for (fen, n) in &positions {
        let pos = Position::from_fen(fen).unwrap();
        let limits = SearchLimits {
            mate: Some(*n),
            movetime: Some(5_000),
            ..SearchLimits::default()
        };
        let started = Instant::now();
        search.clear();
        let c = run(&search, pos, Vec::new(), limits, SearchOptions::default());
        let elapsed = started.elapsed().as_millis();
        let (best, _) = c.bestmove().unwrap();
        let score = c.last_score();
        if score != Some(Score::Mate(*n)) || !pos.is_legal(best) || elapsed > 5_500 {
            failures.push(format!(
                "{fen}: expected mate {n}, got {score:?} {best} in {elapsed} ms"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
