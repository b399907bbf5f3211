//! End-to-end tests of `Debug Log File`, driving the real binary in both dialects: every line
//! in and out reaches the file with a timestamp and a direction mark, exactly as read or
//! written; a second run appends; switching files or setting it empty stops writing to the
//! old one; a file that cannot be opened is reported and the engine plays on.

mod common;

use common::*;
use std::path::PathBuf;

/// A fresh directory of this test process (a test's own name keeps tests apart).
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("outpost-debug-log-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One line of the log, split into its time, mark and text; fails on any other shape.
fn parse(line: &str) -> (&str, &str, &str) {
    let (time, rest) = line
        .split_once(' ')
        .unwrap_or_else(|| panic!("no time in {line:?}"));
    // 2026-11-27T09:58:03.127Z
    let digits_at = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22];
    let shape = time.len() == 24
        && digits_at
            .iter()
            .all(|&i| time.as_bytes()[i].is_ascii_digit())
        && [
            (4, b'-'),
            (7, b'-'),
            (10, b'T'),
            (13, b':'),
            (16, b':'),
            (19, b'.'),
            (23, b'Z'),
        ]
        .iter()
        .all(|&(i, c)| time.as_bytes()[i] == c);
    assert!(shape, "not an ISO 8601 UTC time: {line:?}");
    let (mark, text) = rest
        .split_once(' ')
        .unwrap_or_else(|| panic!("no mark in {line:?}"));
    assert!(mark == ">>" || mark == "<<", "bad mark in {line:?}");
    (time, mark, text)
}

/// The log's lines with the given mark, in order (every line's shape is checked).
fn logged(path: &PathBuf, wanted: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(parse)
        .filter(|(_, mark, _)| *mark == wanted)
        .map(|(_, _, text)| text.to_string())
        .collect()
}

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    e
}

/// Sends `lines` and reads the engine's answers up to and including `readyok`.
fn dialog(e: &mut Engine, lines: &[&str]) -> Vec<String> {
    for line in lines {
        e.send(line);
    }
    e.send("isready");
    e.until(LONG, |l| l == "readyok")
}

#[test]
fn uci_lines_in_and_out_are_logged_exactly_and_a_second_run_appends() {
    let dir = temp_dir("uci");
    let path = dir.join("dialog.log");
    let set = format!("setoption name Debug Log File value {}", path.display());

    let mut e = uci();
    e.send(&set);
    let mut out = vec![e.expect("info string Debug Log File: appending", LONG)];
    // Odd spacing is logged as sent, before the parser tidies it.
    let sent = [
        "position  startpos moves e2e4",
        "go depth 2",
        "isready",
        "nonsense here",
        "isready",
    ];
    e.send(sent[0]);
    e.send(sent[1]);
    out.extend(e.until(LONG, |l| l.starts_with("bestmove")));
    e.send(sent[2]);
    out.extend(e.until(LONG, |l| l == "readyok"));
    e.send(sent[3]);
    e.send(sent[4]);
    out.extend(e.until(LONG, |l| l == "readyok"));
    e.send("quit");
    e.wait_exit(LONG).expect("quit ends the engine");
    out.extend(e.rest());

    let mut expected_in: Vec<String> = sent.iter().map(|s| s.to_string()).collect();
    expected_in.push("quit".into());
    // The line that opened the log came before it.
    assert_eq!(logged(&path, ">>"), expected_in);
    assert_eq!(logged(&path, "<<"), out, "every line out, as written");
    assert!(out.iter().any(|l| l.starts_with("info depth 2")), "{out:?}");
    assert!(
        out.iter().any(|l| l.starts_with("info string Error")),
        "{out:?}"
    );

    // A second run appends to the first.
    let mut e = uci();
    let answers = dialog(&mut e, &[&set]);
    assert!(
        answers[0].starts_with("info string Debug Log File"),
        "{answers:?}"
    );
    let ins = logged(&path, ">>");
    assert_eq!(ins[..expected_in.len()], expected_in[..]);
    assert_eq!(ins[expected_in.len()..], ["isready".to_string()]);
    assert_eq!(logged(&path, "<<").len(), out.len() + answers.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn switching_files_and_empty_stop_writing_to_the_old_one() {
    let dir = temp_dir("switch");
    let (a, b) = (dir.join("a.log"), dir.join("b.log"));
    let mut e = uci();
    dialog(
        &mut e,
        &[&format!(
            "setoption name Debug Log File value {}",
            a.display()
        )],
    );
    dialog(
        &mut e,
        &[&format!(
            "setoption name debug_log_file value {}",
            b.display()
        )],
    );
    let a_lines = std::fs::read_to_string(&a).unwrap();
    // The setting that closed `a` is its last line in.
    assert_eq!(
        logged(&a, ">>"),
        [
            "isready".to_string(),
            format!("setoption name debug_log_file value {}", b.display())
        ]
    );
    let answers = dialog(&mut e, &["setoption name Debug Log File value <empty>"]);
    assert!(
        answers[0].contains(&format!("off, {} closed", b.display())),
        "{answers:?}"
    );
    let b_lines = std::fs::read_to_string(&b).unwrap();
    assert_eq!(
        logged(&b, ">>"),
        ["isready", "setoption name Debug Log File value <empty>"]
    );
    // Nothing more reaches either file.
    e.send("position startpos");
    e.send("go depth 1");
    e.expect("bestmove", LONG);
    dialog(&mut e, &["setoption name Debug Log File value"]);
    assert_eq!(std::fs::read_to_string(&a).unwrap(), a_lines);
    assert_eq!(std::fs::read_to_string(&b).unwrap(), b_lines);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_cannot_be_opened_is_said_and_the_engine_plays_on() {
    let dir = temp_dir("bad");
    let good = dir.join("good.log");
    let missing_folder = dir.join("no such folder").join("x.log");
    let mut e = uci();
    dialog(
        &mut e,
        &[&format!(
            "setoption name Debug Log File value {}",
            good.display()
        )],
    );
    for bad in [dir.clone(), missing_folder] {
        let answers = dialog(
            &mut e,
            &[&format!(
                "setoption name Debug Log File value {}",
                bad.display()
            )],
        );
        let error = &answers[0];
        assert!(
            error.starts_with(&format!(
                "info string Error (Debug Log File '{}': cannot open it: ",
                bad.display()
            )) && error.contains("; not logging)"),
            "{answers:?}"
        );
        e.send("position startpos");
        e.send("go depth 1");
        e.expect("bestmove", LONG);
    }
    // The failed switch closed the good file: its last line in is the first bad setting.
    let ins = logged(&good, ">>");
    assert_eq!(
        ins.last().unwrap(),
        &format!("setoption name Debug Log File value {}", dir.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn xboard() -> (Engine, Vec<String>) {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let features = e.until(LONG, |l| l == "feature done=1");
    (e, features)
}

#[test]
fn xboard_offers_it_logs_both_ways_and_survives_a_bad_file() {
    let dir = temp_dir("xboard");
    let path = dir.join("cecp.log");
    let (mut e, features) = xboard();
    let offered: Vec<&String> = features
        .iter()
        .filter(|l| l.contains("DebugLogFile"))
        .collect();
    assert_eq!(offered, ["feature option=\"DebugLogFile -file\""]);
    // CECP's `option` takes the name with its spaces as well.
    e.send(&format!("option Debug Log File={}", path.display()));
    e.expect("# Debug Log File: appending", LONG);
    for line in ["new", "force", "sd 1", "go"] {
        e.send(line);
    }
    let mv = e.expect("move ", LONG);
    let (answers, _) = e.sync_xboard(7);
    let ins = logged(&path, ">>");
    assert_eq!(ins, ["new", "force", "sd 1", "go", "ping 7"]);
    let outs = logged(&path, "<<");
    assert!(outs.contains(&mv), "{outs:?}");
    assert_eq!(outs.last().unwrap(), "pong 7", "{outs:?} {answers:?}");

    e.send(&format!("option DebugLogFile={}", dir.display()));
    let error = e.expect("Error", LONG);
    assert!(
        error.contains("Debug Log File") && error.contains("not logging"),
        "{error}"
    );
    e.send("new");
    e.send("sd 1");
    e.send("go");
    e.expect("move ", LONG);
    e.sync_xboard(8);
    assert_eq!(
        logged(&path, ">>").last().unwrap(),
        &format!("option DebugLogFile={}", dir.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}
