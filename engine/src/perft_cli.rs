//! `outpost perft DEPTH [FEN] [stats]` on the command line. Unlike the same command typed into a
//! running engine, which answers a mistake with an `info string` and keeps running, a script
//! needs the mistake on stderr and in the exit code: 0 when the count ran, 2 for arguments it
//! could not use (a depth that is not a number or is too deep, a FEN that does not parse, an
//! unknown word after the depth). The words are read by the protocol's own `perft` grammar, so
//! both ways of asking agree on what is valid.

use crate::options::{Options, CHESS960, HASH, THREADS};
use outpost_board::Position;
use outpost_protocol::Command;

pub const USAGE: &str = "usage: outpost perft DEPTH [FEN] [stats]";

/// Runs the count and returns the exit code.
pub fn run(args: &[String]) -> i32 {
    if args.is_empty() {
        eprintln!("{USAGE}");
        return 2;
    }
    match count(args) {
        Ok(report) => {
            println!("{}", report.text);
            println!("info string {}", report.summary);
            0
        }
        Err(reason) => {
            eprintln!("outpost: {reason}\n{USAGE}");
            2
        }
    }
}

fn count(args: &[String]) -> Result<crate::perft::PerftReport, String> {
    let line = format!("perft {}", args.join(" "));
    let (depth, fen, stats) = match outpost_protocol::parse_uci(&line) {
        Command::Perft { depth, fen, stats } => (depth, fen, stats),
        Command::Unknown { reason, .. } => return Err(reason),
        // The line starts with `perft`, which the grammar always reads as the extension.
        other => return Err(format!("not a perft command: {other:?}")),
    };
    let pos = match fen {
        None => Position::startpos(),
        Some(fen) => Position::from_fen(&fen).map_err(|e| e.to_string())?,
    };
    // The engine's defaults, as when the command is typed into it before any `setoption`.
    let options = Options::default();
    let threads = options.get(THREADS) as usize;
    let chess960 = options.get(CHESS960);
    let report = if stats {
        crate::perft_stats::run(&pos, depth, threads, chess960)
    } else {
        crate::perft::run(&pos, depth, threads, options.get(HASH) as usize, chess960)
    };
    report.map_err(|e| e.to_string())
}
