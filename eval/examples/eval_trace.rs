//! Prints the evaluation table of each FEN given on the command line (or the start position).
//!
//! `cargo run --release -p outpost-eval --example eval_trace -- "<fen>" ...`

use outpost_board::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fens = if args.is_empty() {
        vec![outpost_board::STARTPOS_FEN.to_string()]
    } else {
        args
    };
    for fen in fens {
        match Position::from_fen(&fen) {
            Ok(pos) => println!("{fen}\n{}", outpost_eval::trace(&pos)),
            Err(e) => eprintln!("{e}"),
        }
    }
}
