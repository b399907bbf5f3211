//! End-to-end tests of the Syzygy tables through the real binary: damaged table files are named
//! at load time or, when they fail later, once while probing.

#![cfg(feature = "syzygy")]

mod common;

use common::*;
use std::path::{Path, PathBuf};

const SYZYGY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/syzygy/regular");

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    e
}

/// A fresh directory holding copies of the named test tables.
fn table_dir(name: &str, tables: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("outpost-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for table in tables {
        std::fs::copy(Path::new(SYZYGY).join(table), dir.join(table)).unwrap();
    }
    dir
}

/// Keeps the magic bytes of a table file and replaces the rest with seeded random bytes of the
/// same length.
fn scramble_body(path: &Path) {
    let mut bytes = std::fs::read(path).unwrap();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for b in &mut bytes[4..] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        *b = seed as u8;
    }
    std::fs::write(path, &bytes).unwrap();
}

fn info_strings<'a>(lines: &'a [String], what: &str) -> Vec<&'a String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string") && l.contains(what))
        .collect()
}

/// Files with the right magic bytes and a random body used to count as tables ("2 WDL and 2 DTZ
/// tables") and then give no hits; now each is named when `SyzygyPath` is set.
#[test]
fn tables_with_a_random_body_are_named_at_load() {
    let dir = table_dir(
        "random-body",
        &["KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"],
    );
    scramble_body(&dir.join("KRvK.rtbw"));
    scramble_body(&dir.join("KRvK.rtbz"));
    let mut e = uci();
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let (out, _) = e.sync_uci();
    for table in ["KRvK.rtbw", "KRvK.rtbz"] {
        let named = info_strings(&out, table);
        if !named.iter().any(|l| l.contains("corrupt")) {
            e.fail(&format!("{table} is not reported as corrupt"));
        }
    }
    if info_strings(&out, "1 WDL and 1 DTZ tables").is_empty() {
        e.fail("the damaged files are still counted as tables");
    }
    // The sound tables still play: KQvK is won, and the search answers in KRvK too.
    for fen in [
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 6");
        let (mv, _) = bestmove(&e.expect("bestmove", LONG));
        play(&outpost_board::Position::from_fen(fen).unwrap(), &mv);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table damaged after loading (the file replaced, a disk going bad) fails when probed: the
/// engine says so once, in an `info string`, and keeps playing.
#[test]
fn a_table_that_fails_while_probing_is_reported_once() {
    let dir = table_dir("late-damage", &["KRvK.rtbw", "KRvK.rtbz"]);
    let mut e = uci();
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let (out, _) = e.sync_uci();
    if info_strings(&out, "1 WDL and 1 DTZ tables").is_empty() {
        e.fail("the tables did not load");
    }
    // The files are opened on their first probe, so this damage is what the probes will see.
    scramble_body(&dir.join("KRvK.rtbw"));
    let mut reports = 0;
    for fen in [
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        "8/8/3k4/8/8/8/8/R3K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 6");
        let lines = e.until(LONG, |l| l.starts_with("bestmove"));
        reports += info_strings(&lines, "KRvK.rtbw").len();
        let (mv, _) = bestmove(lines.last().unwrap());
        play(&outpost_board::Position::from_fen(fen).unwrap(), &mv);
    }
    if reports != 1 {
        e.fail(&format!(
            "the failing table is reported {reports} times, not once"
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
