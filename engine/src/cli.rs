//! The command line:
//!
//! - `outpost` reads commands from stdin (a GUI, a script, or a person) until `quit` or the end
//!   of input; at the end of input a search with a limit is allowed to finish and print its
//!   move, and an infinite one is stopped.
//! - `outpost bench [depth]` and `outpost perft <depth> [fen] [stats]` run that extension and
//!   exit; perft's bad arguments go to stderr with exit code 2 (`perft_cli.rs`).
//! - `outpost perft-split ...` and `outpost perft-jobs ...` cut a deep perft into jobs and count
//!   them, for a distributed driver (`crate::perft_dist`, `tools/perft_dist/`).
//! - `outpost book <file.bin> [fen]` lists a Polyglot book's moves for a position, and
//!   `outpost book-make <games.pgn> <out.bin> [--max-ply N] [--min-games N]` builds a book
//!   (both are the book crate's tools; see `outpost_book::cli`).
//! - `outpost datagen ...` writes self-play training data, `outpost data-stats FILE...`
//!   summarises it and `outpost data-convert IN OUT` rewrites an old file in the packed layout
//!   (the tools crate: `outpost_tools::datagen`, `outpost_tools::stats`, `outpost_tools::convert`).
//! - `outpost wdl DATA [--write FILE]` fits the `UCI_ShowWDL` model to them (see
//!   `outpost_tools::wdl`).
//! - `outpost "position startpos" "go depth 12"`: each argument is a command, run in order,
//!   each search finishing before the next argument; then the engine exits.
//! - `--help`, `--version`.
//!
//! Logging goes to stderr only (stdout belongs to the GUI), filtered by `RUST_LOG`
//! (`RUST_LOG=debug outpost` shows every line read and written).

use crate::engine::{NAME, VERSION};
use crate::output::Output;
use crate::session::{Flow, Session};
use std::fmt::Display;

const HELP: &str = "\
Outpost, a UCI and xboard (CECP) chess engine.

Usage:
  outpost                       talk UCI or xboard on stdin/stdout (for GUIs)
  outpost bench [DEPTH]         search the built-in positions; print the node signature
  outpost perft DEPTH [FEN] [stats]
                                count the legal move tree from FEN (default: the start
                                position); stats: captures, checks, mates... per root move
  outpost perft-split --depth D [--split S] [--fen FEN]
                                cut the tree at depth S into jobs (JSON lines), for
                                tools/perft_dist; `outpost perft-jobs` counts jobs
  outpost book FILE.bin [FEN] [moves M...] [--chess960]
                                list the book moves of a position with weights
  outpost book-make GAMES.pgn OUT.bin [--max-ply N] [--min-games N] [--min-score P]
                                [--only-white|--only-black] [--uniform]
                                build a Polyglot book from PGN games
  outpost datagen [--games N] [--threads T] [--nodes N | --depth D] [--random-plies K]
                  [--openings FILE] [--chess960 PERCENT] [--dfrc PERCENT] [--seed S]
                  [--hash MB] [--net builtin|FILE] [--format binary|text] [--out FILE]
                                self-play training data: packed binary games for the network
                                trainer (resumable; docs/nnue.md), or text for `wdl`;
                                --chess960 (default 15) percent of the games from Chess960
                                starts, --dfrc (default 50) percent of those double FRC
  outpost data-stats FILE...    games, positions, results and a score histogram of datagen files
  outpost data-convert IN OUT   rewrite a datagen file of 32-byte records (before the packed
                                layout) as a new packed file, checked record for record
  outpost wdl DATA [--validation F] [--limit N] [--write eval/src/wdl.rs]
                                fit the UCI_ShowWDL win/draw/loss model to self-play data of
                                the network (text or binary datagen output); print the
                                coefficient block (--write: splice it into FILE)
  outpost COMMAND...            run each argument as a command, in order, then exit,
                                e.g. outpost \"position startpos\" \"go depth 12\"
  outpost --help | --version

Extensions understood in both protocols: perft N [stats], go perft N [stats], bench [N], d,
eval.
Set RUST_LOG=debug to log the dialog to stderr.";

/// Runs the program and returns its exit code.
pub fn run() -> i32 {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let commands = match args.first().map(String::as_str) {
        Some("--help" | "-h" | "help") => {
            println!("{HELP}\n\n{}", crate::options::help());
            return 0;
        }
        Some("--version" | "-V") => {
            println!("{NAME} {VERSION}");
            return 0;
        }
        Some("bench") => vec![args.join(" ")],
        Some("perft-split") => return tool(crate::perft_dist::run_split(&args[1..])),
        Some("perft-jobs") => return tool(crate::perft_dist::run_jobs(&args[1..])),
        Some("book") => return tool(outpost_book::cli::list_command(&args[1..])),
        Some("book-make") => return tool(outpost_book::cli::make_command(&args[1..])),
        Some("datagen") => {
            return tool(outpost_tools::datagen::run(&args[1..]).map(|()| String::new()));
        }
        Some("data-stats") => return tool(outpost_tools::stats::run(&args[1..])),
        Some("data-convert") => return tool(outpost_tools::convert::run(&args[1..])),
        Some("wdl") => return tool(outpost_tools::wdl::run(&args[1..])),
        Some("perft") => return crate::perft_cli::run(&args[1..]),
        _ => args,
    };
    let mut session = match Session::new(Output::stdout()) {
        Ok(session) => session,
        Err(e) => {
            eprintln!("outpost: {e}");
            return 1;
        }
    };
    if commands.is_empty() {
        let lines = crate::input::spawn(std::io::stdin(), session.stop_shortcut());
        session.run(lines);
    } else {
        for command in &commands {
            if session.handle_line(command) == Flow::Quit {
                break;
            }
            session.wait_for_limited_search();
        }
        session.end_of_input();
    }
    0
}

/// Prints a tool's output (or its error on stderr) and returns the exit code.
fn tool(result: Result<String, impl Display>) -> i32 {
    match result {
        Ok(text) => {
            print!("{text}");
            if !text.is_empty() && !text.ends_with('\n') {
                println!();
            }
            0
        }
        Err(e) => {
            eprintln!("outpost: {e}");
            1
        }
    }
}
