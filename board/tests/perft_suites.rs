//! Perft suites: the proof that move generation is right to the last node.
//!
//! - the chess-programming wiki's six positions (table below, published counts),
//! - every position of `perftsuite.epd` to its deepest listed depth (D6; Kiwipete D5),
//! - every Chess960 position of `fischer.epd` to depth 5, and every 8th one to depth 6 (all of
//!   D6 is 507 billion nodes, far beyond the test budget; see docs/perft.md for the times),
//! - python-chess's `tricky.perft` (X-FEN castling, en-passant pins) at every listed depth.
//!
//! Counts use `perft_parallel` with two threads; the deepest counts go through the hash table,
//! which also tests that it never corrupts a total. A suite reports every mismatch before
//! failing, and prints one summary line (visible with `cargo test -- --nocapture`).
//! `OUTPOST_PERFT_MAX_DEPTH=N` caps every depth for a quick local run.

mod common;

use common::{parse_epd_suite, parse_perft_file, read_data, PerftCase};
use outpost_board::perft::{perft_parallel, PerftTable};
use outpost_board::Position;
use std::time::Instant;

const THREADS: usize = 2;

/// Hash table size for the deep counts; large enough that collisions only replace entries.
const TABLE_MB: usize = 32;

/// Depths from this one up are counted with the hash table.
const HASHED_FROM: u32 = 6;

/// A name, a FEN and its published (depth, nodes) counts.
type CpwPosition = (&'static str, &'static str, &'static [(u32, u64)]);

/// The six positions of the chess-programming wiki's "Perft Results" page with their published
/// leaf counts (depth, nodes). The wiki's table for position 5 ends at depth 5; its depth 6 comes
/// from Stockfish instead.
const CPW: &[CpwPosition] = &[
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            (1, 20),
            (2, 400),
            (3, 8_902),
            (4, 197_281),
            (5, 4_865_609),
            (6, 119_060_324),
        ],
    ),
    (
        "position 2 (Kiwipete)",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[
            (1, 48),
            (2, 2_039),
            (3, 97_862),
            (4, 4_085_603),
            (5, 193_690_690),
        ],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[
            (1, 14),
            (2, 191),
            (3, 2_812),
            (4, 43_238),
            (5, 674_624),
            (6, 11_030_083),
            (7, 178_633_661),
        ],
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[
            (1, 6),
            (2, 264),
            (3, 9_467),
            (4, 422_333),
            (5, 15_833_292),
            (6, 706_045_033),
        ],
    ),
    (
        "position 4 mirrored",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[
            (1, 6),
            (2, 264),
            (3, 9_467),
            (4, 422_333),
            (5, 15_833_292),
            (6, 706_045_033),
        ],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[
            (1, 44),
            (2, 1_486),
            (3, 62_379),
            (4, 2_103_487),
            (5, 89_941_194),
            // Not on the wiki page: Stockfish 15.1's `go perft 6` (docs/perft.md).
            (6, 3_048_196_529),
        ],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[
            (1, 46),
            (2, 2_079),
            (3, 89_890),
            (4, 3_894_594),
            (5, 164_075_551),
            (6, 6_923_051_137),
        ],
    ),
];

/// `OUTPOST_PERFT_MAX_DEPTH`, if set: the deepest depth any test here may count.
fn depth_cap() -> u32 {
    std::env::var("OUTPOST_PERFT_MAX_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(u32::MAX)
}

/// Leaf count with two threads; deep counts share a hash table across the root moves.
fn count(pos: &Position, depth: u32, table: &mut Option<PerftTable>) -> u64 {
    if depth >= HASHED_FROM {
        // A fresh table per position: Chess960 keys do not say which rook a right belongs to.
        let t = table.insert(PerftTable::new(TABLE_MB));
        perft_parallel(pos, depth, THREADS, Some(t))
    } else {
        perft_parallel(pos, depth, THREADS, None)
    }
}

/// Collects mismatches (and FENs that fail to parse) so one run shows all of them.
#[derive(Default)]
struct Tally {
    positions: usize,
    nodes: u64,
    failures: Vec<String>,
}

impl Tally {
    fn check(&mut self, label: &str, fen: &str, depth: u32, expected: u64) {
        let pos = match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                self.failures.push(format!("{label}: {fen}: {e}"));
                return;
            }
        };
        let got = count(&pos, depth, &mut None);
        self.nodes += got;
        if got != expected {
            self.failures.push(format!(
                "{label}: {fen}: perft {depth} = {got}, expected {expected}"
            ));
        }
    }

    fn finish(self, suite: &str, what: &str, started: Instant) {
        let secs = started.elapsed().as_secs_f64();
        println!(
            "perft suite {suite}: {} positions {what}, {} nodes in {secs:.1} s ({:.0} Mnps), {} failures",
            self.positions,
            self.nodes,
            self.nodes as f64 / secs.max(1e-9) / 1e6,
            self.failures.len()
        );
        assert!(
            self.failures.is_empty(),
            "{suite}: {} mismatches:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

/// Runs each case at its deepest listed depth up to `max_depth`, plus depth 1 as a quick sanity
/// check that makes a failing line easy to localise.
fn run_epd(suite: &str, cases: &[PerftCase], max_depth: u32) {
    let started = Instant::now();
    let cap = max_depth.min(depth_cap());
    let mut tally = Tally::default();
    for (i, case) in cases.iter().enumerate() {
        let label = format!("{suite} line {}", i + 1);
        let Some((depth, expected)) = case.deepest_up_to(cap) else {
            tally
                .failures
                .push(format!("{label}: no count listed up to depth {cap}"));
            continue;
        };
        if let Some(n1) = case.count_at(1).filter(|_| depth > 1) {
            tally.check(&label, &case.fen, 1, n1);
        }
        tally.check(&label, &case.fen, depth, expected);
        tally.positions += 1;
    }
    tally.finish(suite, &format!("to depth <= {cap}"), started);
}

#[test]
fn cpw_perft_positions() {
    let started = Instant::now();
    let cap = depth_cap();
    let mut tally = Tally::default();
    for &(name, fen, counts) in CPW {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut table = None;
        for &(depth, expected) in counts.iter().filter(|&&(d, _)| d <= cap) {
            let got = count(&pos, depth, &mut table);
            tally.nodes += got;
            if got != expected {
                tally.failures.push(format!(
                    "{name}: perft {depth} = {got}, expected {expected}"
                ));
            }
        }
        tally.positions += 1;
    }
    tally.finish(
        "chess-programming wiki",
        "at every published depth",
        started,
    );
}

#[test]
fn perftsuite_to_depth_6() {
    let cases = parse_epd_suite(&read_data("perft/perftsuite.epd"));
    assert_eq!(cases.len(), 126, "perftsuite.epd has 126 positions");
    run_epd("perftsuite.epd", &cases, 6);
}

#[test]
fn fischer_chess960_to_depth_5() {
    let cases = parse_epd_suite(&read_data("perft/fischer.epd"));
    assert_eq!(cases.len(), 960, "fischer.epd has 960 positions");
    run_epd("fischer.epd", &cases, 5);
}

/// Depth 6 for all 960 would take about half an hour here (507 billion nodes), so a fixed sample
/// of every 8th line (120 positions, 58.6 billion nodes) is counted to depth 6.
#[test]
fn fischer_chess960_every_8th_to_depth_6() {
    let cases = parse_epd_suite(&read_data("perft/fischer.epd"));
    let sample: Vec<PerftCase> = cases
        .into_iter()
        .step_by(8)
        .map(|c| PerftCase {
            counts: c.counts.into_iter().filter(|&(d, _)| d == 6).collect(),
            fen: c.fen,
        })
        .collect();
    assert_eq!(sample.len(), 120);
    run_epd("fischer.epd every 8th line", &sample, 6);
}

#[test]
fn tricky_at_every_listed_depth() {
    let started = Instant::now();
    let cap = depth_cap();
    let mut tally = Tally::default();
    let cases = parse_perft_file(&read_data("perft/tricky.perft"));
    assert!(cases.len() >= 19, "tricky.perft has 19 positions");
    for (id, case) in &cases {
        for &(depth, expected) in case.counts.iter().filter(|&&(d, _)| d <= cap) {
            tally.check(id, &case.fen, depth, expected);
        }
        tally.positions += 1;
    }
    tally.finish("tricky.perft", "at every listed depth", started);
}
