//! `outpost`: the chess engine binary. Everything happens in [`cli::run`]; this file only names
//! the modules.

mod bench;
mod best_move;
mod cli;
mod debug_log;
mod engine;
mod errors;
mod game;
mod input;
mod notation;
mod options;
mod output;
mod perft;
mod perft_cli;
mod perft_dist;
mod perft_stats;
mod report;
mod session;
mod strength;
#[cfg(feature = "syzygy")]
mod syzygy;
mod uci;
mod xboard;

fn main() {
    std::process::exit(cli::run());
}
