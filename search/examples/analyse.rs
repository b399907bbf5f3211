//! Prints the search's reports for one position, for eyeballing:
//! `cargo run --release -p outpost-search --example analyse -- "<fen>" [movetime ms] [threads]`.

use outpost_board::{Move, Position};
use outpost_search::{CurrMove, Reporter, SearchInfo, SearchLimits, SearchOptions, ThreadPool};
use std::sync::Arc;

struct Print;

impl Reporter for Print {
    fn info(&self, i: &SearchInfo) {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {} seldepth {} multipv {} score {:?} {:?} nodes {} nps {} hashfull {} time {} pv {}",
            i.depth, i.seldepth, i.multipv, i.score, i.bound, i.nodes, i.nps, i.hashfull, i.time_ms,
            pv.join(" ")
        );
    }
    fn currmove(&self, c: &CurrMove) {
        println!("currmove {} number {} depth {}", c.mv, c.number, c.depth);
    }
    fn bestmove(&self, best: Move, ponder: Option<Move>) {
        println!("bestmove {best} ponder {ponder:?}");
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let fen = args
        .next()
        .unwrap_or_else(|| outpost_board::STARTPOS_FEN.to_string());
    let ms = args.next().and_then(|a| a.parse().ok()).unwrap_or(3_000);
    let threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let pos = match Position::from_fen(&fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(1);
        }
    };
    let search = ThreadPool::new(threads, 64).expect("search");
    search.start(
        pos,
        Vec::new(),
        SearchLimits::movetime(ms),
        SearchOptions::default(),
        Arc::new(Print),
    );
    search.wait();
}
