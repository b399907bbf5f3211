//! Solves an EPD suite's `bm` positions at a fixed time per position and prints the score:
//! `cargo run --release -p outpost-search --example epdtest -- <file.epd> [ms] [limit]`.

use outpost_board::{Move, Position};
use outpost_search::{CurrMove, Reporter, SearchInfo, SearchLimits, SearchOptions, ThreadPool};
use parking_lot::Mutex;
use std::sync::Arc;

#[derive(Default)]
struct Best(Mutex<Move>);

impl Reporter for Best {
    fn info(&self, _: &SearchInfo) {}
    fn currmove(&self, _: &CurrMove) {}
    fn bestmove(&self, best: Move, _: Option<Move>) {
        *self.0.lock() = best;
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: epdtest <file.epd> [ms] [limit]");
        std::process::exit(2);
    };
    let ms: i64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let limit: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let mut search = ThreadPool::new(1, 64).expect("search");
    let (mut solved, mut total) = (0, 0);
    for line in text.lines().filter(|l| l.contains(" bm ")).take(limit) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let Ok(pos) = Position::from_fen(&format!("{} 0 1", fen.join(" "))) else {
            continue;
        };
        let bm_text = line
            .split(" bm ")
            .nth(1)
            .and_then(|r| r.split(';').next())
            .unwrap_or("");
        let wanted: Vec<Move> = bm_text
            .split_whitespace()
            .filter_map(|san| pos.parse_san(san).ok())
            .collect();
        if wanted.is_empty() {
            continue;
        }
        search.clear();
        let best = Arc::new(Best::default());
        search.start(
            pos,
            Vec::new(),
            SearchLimits::movetime(ms),
            SearchOptions::default(),
            best.clone(),
        );
        search.wait();
        let got = *best.0.lock();
        total += 1;
        if wanted.contains(&got) {
            solved += 1;
        } else {
            let id = line.split("id ").nth(1).unwrap_or("").trim();
            println!("miss {id}: played {got}, wanted {bm_text}");
        }
    }
    println!("solved {solved} / {total}");
}
