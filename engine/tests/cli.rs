//! The command line: arguments as commands, `bench`, `perft`, `--help`, `--version`, and piped
//! input that ends while a search or a count is running.

mod common;

use common::*;
use outpost_board::Position;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (String, bool) {
    let out = run_once(args, stdin);
    (String::from_utf8(out.stdout).unwrap(), out.status.success())
}

#[test]
fn arguments_run_in_order_and_each_search_finishes() {
    let (out, ok) = run(
        &[
            "position startpos moves e2e4",
            "go depth 8",
            "position startpos",
            "go depth 3",
            "d",
        ],
        "",
    );
    assert!(ok);
    let bestmoves: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 2, "{out}");
    let after_e4 = Position::startpos().play(Position::startpos().parse_uci_move("e2e4").unwrap());
    play(&after_e4, &bestmove(bestmoves[0]).0);
    play(&Position::startpos(), &bestmove(bestmoves[1]).0);
    assert!(out.lines().any(|l| l.starts_with("info depth 8 ")));
    // `d` ran last: the board, then both evaluations.
    let tail: Vec<&str> = out.lines().rev().take(2).collect();
    assert!(tail[0].starts_with("Evaluation (white side): "), "{out}");
    assert!(tail[1].starts_with("Checkers"), "{out}");
}

#[test]
fn perft_and_bench_subcommands() {
    let (out, ok) = run(
        &[
            "perft",
            "4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
            "w",
            "KQkq",
            "-",
            "0",
            "1",
        ],
        "",
    );
    assert!(ok);
    assert!(out.contains("\n\nNodes searched: 4085603\n"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 48 + 2);
    let (out, ok) = run(&["bench", "4"], "");
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    assert!(lines[n - 2].starts_with("Nodes searched: "), "{out}");
    assert!(lines[n - 1].starts_with("Nodes/second: "), "{out}");
    // Deterministic: the same signature twice.
    let (again, _) = run(&["bench", "4"], "");
    assert_eq!(
        again.lines().rev().nth(1).unwrap(),
        lines[n - 2],
        "bench is not deterministic"
    );
}

/// stdout, stderr and the exit code of `outpost ARGS`.
fn run_full(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// `outpost perft N [FEN] stats`: the table on stdout; bad arguments on stderr with exit code 2
/// and nothing on stdout.
#[test]
fn perft_stats_subcommand_and_bad_arguments() {
    let (out, _, code) = run_full(&["perft", "4", "stats"]);
    assert_eq!(code, Some(0));
    let total: Vec<&str> = out
        .lines()
        .find(|l| l.starts_with("total"))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        total,
        ["total", "197281", "1576", "0", "0", "0", "469", "0", "0", "8"]
    );
    // The FEN as one argument or as several, `stats` last; Kiwipete depth 2 as in the wiki.
    for args in [
        vec![
            "perft",
            "2",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            "stats",
        ],
        vec![
            "perft",
            "2",
            "stats",
            "fen",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
            "w",
            "KQkq",
            "-",
        ],
    ] {
        let (out, _, code) = run_full(&args);
        assert_eq!(code, Some(0), "{args:?}");
        assert!(
            out.lines().any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["total", "2039", "351", "1", "91", "0", "3", "0", "0", "0"]),
            "{out}"
        );
    }
    for (args, says) in [
        (vec!["perft"], "usage: outpost perft DEPTH [FEN] [stats]"),
        (
            vec!["perft", "x", "stats"],
            "perft depth: expected a whole number",
        ),
        (
            vec!["perft", "99999999999", "stats"],
            "perft depth: expected a whole number",
        ),
        (
            vec!["perft", "16", "stats"],
            "perft depth 16 is too deep (at most 15)",
        ),
        (
            vec!["perft", "16"],
            "perft depth 16 is too deep (at most 15)",
        ),
        (
            vec!["perft", "2", "stat"],
            "unknown word 'stat' after the depth",
        ),
        (
            vec!["perft", "2", "9/8/8/8/8/8/8/8 w - - 0 1", "stats"],
            "outpost: ",
        ),
        (vec!["perft", "2", "8/8/8/8/8/8/8/8 w - - 0 1"], "outpost: "),
    ] {
        let (out, err, code) = run_full(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn help_and_version() {
    let (out, ok) = run(&["--version"], "");
    assert!(ok);
    assert!(out.starts_with("Outpost "));
    let (out, ok) = run(&["--help"], "");
    assert!(ok);
    assert!(out.contains("outpost perft DEPTH [FEN]"));
}

#[test]
fn piped_input_ending_during_work_still_prints_the_result() {
    let (out, _) = run(&[], "go perft 5\n");
    assert!(out.contains("Nodes searched: 4865609"), "{out}");
    let (out, _) = run(&[], "position startpos\ngo depth 9\n");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
    // An infinite search is stopped at the end of input, with its move.
    let (out, _) = run(&[], "go infinite\n");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
    // xboard: the engine's move is made before exiting.
    let (out, _) = run(&[], "xboard\nprotover 2\nnew\nsd 4\ngo\n");
    assert!(out.lines().any(|l| l.starts_with("move ")), "{out}");
}

/// `datagen` appends to its file and a rerun plays only the games the file lacks; `data-stats`
/// reads what it wrote.
#[test]
fn datagen_resumes_and_data_stats_reads_it() {
    let dir = std::env::temp_dir().join(format!("outpost-cli-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("games.bin");
    let out = out.to_str().unwrap();
    let gen = |games: &str| {
        run(
            &["datagen", "--games", games, "--nodes", "200", "--out", out],
            "",
        )
    };
    assert!(gen("2").1);
    let two = std::fs::read(out).unwrap();
    assert!(gen("3").1);
    let three = std::fs::read(out).unwrap();
    // The first two games are untouched and a third block follows.
    assert!(three.len() > two.len() && three.starts_with(&two));
    assert!(
        three.starts_with(b"OPGAME02"),
        "datagen writes the packed layout"
    );
    let (stats, ok) = run(&["data-stats", out], "");
    assert!(ok, "{stats}");
    assert!(stats.contains("games      3"), "{stats}");
    let (_, ok) = run(
        &["data-stats", dir.join("missing.bin").to_str().unwrap()],
        "",
    );
    assert!(!ok);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `data-convert` turns a store file of 32-byte records into a packed file that `data-stats`
/// reads as the same games; it never overwrites, and datagen refuses to append to a wide file.
#[test]
fn data_convert_keeps_the_games_and_datagen_refuses_old_files() {
    let dir = std::env::temp_dir().join(format!("outpost-cli-convert-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/datagen/store-955d966-s20261203-300games.bin"
    );
    let wide = dir.join("wide.bin");
    std::fs::copy(store, &wide).unwrap();
    let wide = wide.to_str().unwrap();
    let packed = dir.join("packed.bin");
    let packed = packed.to_str().unwrap();
    let (report, ok) = run(&["data-convert", wide, packed], "");
    assert!(ok, "{report}");
    assert!(report.contains("games      300"), "{report}");
    assert!(report.contains("positions  34032"), "{report}");
    assert!(report.contains("verified"), "{report}");
    let (a, ok_a) = run(&["data-stats", wide], "");
    let (b, ok_b) = run(&["data-stats", packed], "");
    assert!(ok_a && ok_b && a == b, "{a}\n{b}");
    // No overwriting, and nothing to do for a packed input.
    let (_, ok) = run(&["data-convert", wide, packed], "");
    assert!(!ok);
    let again = dir.join("again.bin");
    let (_, ok) = run(&["data-convert", packed, again.to_str().unwrap()], "");
    assert!(!ok && !again.exists());
    let (_, ok) = run(&["data-convert", wide], "");
    assert!(!ok);
    // datagen stops at a wide file and leaves it as it was.
    let before = std::fs::read(wide).unwrap();
    let (_, err, code) = run_full(&["datagen", "--games", "1", "--nodes", "100", "--out", wide]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("outpost data-convert"), "{err}");
    assert_eq!(std::fs::read(wide).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}
