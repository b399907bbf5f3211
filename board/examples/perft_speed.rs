//! Perft speed of the board crate, one way of counting per run, for docs/perft.md.
//!
//! ```text
//! cargo build --release -p outpost-board --example perft_speed
//! target/release/examples/perft_speed <mode> <depth> [fen]
//! ```
//!
//! Modes: `make` (the default `perft`: the perft-only board of `perft_lean`, one thread), `unmake`
//! (`perft_make_unmake`: make/unmake of the full `Position`, what `perft` was before), `copy`
//! (copy-make of the full `Position`, one thread),
//! `par2` (`perft_parallel`, two threads), `hash2` (two threads and a 256 MB hash table), `all`
//! (each of the four in turn). Each line prints the mode, node count, seconds around the count
//! alone (tables are built at compile time, so there is no start-up to exclude), Mnps and the
//! slider backend (`OUTPOST_NO_PEXT=1` forces magic bitboards).

use outpost_board::perft::{perft, perft_copy_make, perft_make_unmake, perft_parallel, PerftTable};
use outpost_board::{cpu, Position, STARTPOS_FEN};
use std::process::ExitCode;
use std::time::Instant;

fn run(mode: &str, pos: &Position, depth: u32) -> Option<u64> {
    Some(match mode {
        "make" => perft(pos, depth),
        "unmake" => perft_make_unmake(&mut pos.clone(), depth),
        "copy" => perft_copy_make(pos, depth),
        "par2" => perft_parallel(pos, depth, 2, None),
        "hash2" => {
            let table = PerftTable::new(256);
            perft_parallel(pos, depth, 2, Some(&table))
        }
        _ => return None,
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_speed <make|unmake|copy|par2|hash2|all> <depth> [fen]";
    let (Some(mode), Some(depth)) = (args.first(), args.get(1).and_then(|d| d.parse().ok())) else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let fen = if args.len() > 2 {
        args[2..].join(" ")
    } else {
        STARTPOS_FEN.to_string()
    };
    let pos = match Position::from_fen(&fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let modes: Vec<&str> = if mode == "all" {
        vec!["make", "unmake", "copy", "par2", "hash2"]
    } else {
        vec![mode.as_str()]
    };
    for m in modes {
        let start = Instant::now();
        let Some(nodes) = run(m, &pos, depth) else {
            eprintln!("unknown mode '{m}'; {usage}");
            return ExitCode::FAILURE;
        };
        let secs = start.elapsed().as_secs_f64();
        println!(
            "mode {m} depth {depth} nodes {nodes} seconds {secs:.3} mnps {:.1} backend {}",
            nodes as f64 / secs.max(1e-9) / 1e6,
            cpu::describe()
        );
    }
    ExitCode::SUCCESS
}
