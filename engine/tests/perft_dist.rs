//! `outpost perft-split` and `outpost perft-jobs` as the distributed driver runs them: separate
//! processes joined by text. The split's jobs, counted by the worker command and weighted by
//! their path counts, must give the count of the root; bad arguments must give a message and a
//! failing exit code.

mod common;

use common::run_once;

/// The value of `"name":` in one JSON line of perft-split (numbers and strings without quotes
/// inside, which is all it writes).
fn field<'a>(line: &'a str, name: &str) -> &'a str {
    let start = line.find(&format!("\"{name}\":")).unwrap() + name.len() + 3;
    let rest = &line[start..];
    match rest.strip_prefix('"') {
        Some(s) => &s[..s.find('"').unwrap()],
        None => &rest[..rest.find([',', '}']).unwrap()],
    }
}

fn split_and_count(depth: &str, split: &str, fen: &str) -> u64 {
    let out = run_once(
        &[
            "perft-split",
            "--depth",
            depth,
            "--split",
            split,
            "--fen",
            fen,
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let jobs: Vec<&str> = text.lines().skip(1).collect();
    let input: String = jobs
        .iter()
        .map(|j| {
            format!(
                "{} {} {}\n",
                field(j, "id"),
                field(j, "depth"),
                field(j, "fen")
            )
        })
        .collect();
    let out = run_once(&["perft-jobs", "--hash", "8"], &input);
    assert!(out.status.success(), "{out:?}");
    let counts = String::from_utf8(out.stdout).unwrap();
    assert_eq!(counts.lines().count(), jobs.len());
    counts
        .lines()
        .zip(&jobs)
        .map(|(line, job)| {
            let (id, nodes) = line.split_once(' ').unwrap();
            assert_eq!(id, field(job, "id"));
            nodes.parse::<u64>().unwrap() * field(job, "count").parse::<u64>().unwrap()
        })
        .sum()
}

#[test]
fn split_then_count_gives_the_root_count() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(split_and_count("5", "3", start), 4_865_609);
    // Chess960 (fischer.epd line 1): the jobs' Shredder-FEN castling must read back.
    let fischer = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_eq!(split_and_count("5", "2", fischer), 8_146_062);
}

#[test]
fn bad_arguments_fail_with_a_message() {
    for (args, message) in [
        (
            &["perft-split", "--depth", "deep"][..],
            "perft-split: --depth expects a depth in 1..=16, got 'deep'",
        ),
        (
            &["perft-split", "--depth", "4", "--fen", "8/8 w - -"][..],
            "invalid FEN",
        ),
        (
            &["perft-jobs", "--threads", "0"][..],
            "perft-jobs: --threads expects a thread count in 1..=256, got '0'",
        ),
    ] {
        let out = run_once(args, "");
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let out = run_once(&["perft-jobs"], "1 3 not a fen\n");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("perft-jobs: job line 1: 'not a fen': invalid FEN"));
}
