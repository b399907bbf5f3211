//! End-to-end tests of the Syzygy tables through the real binary: MultiPV at a root in the
//! tables (every line scored by its own table result), and damaged table files, named at load
//! time or, when they fail later, once while probing.

#![cfg(feature = "syzygy")]

mod common;

use common::*;
use outpost_board::{Move, Position};
use outpost_tablebase::{Tablebases, Wdl};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const SYZYGY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/syzygy/regular");

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    e
}

/// KRvK from the issue, a KRvKR position where some moves draw and others lose the rook, and a
/// lost KRvKP position where the moves lose at different distances.
const TB_POSITIONS: [&str; 3] = [
    "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    "8/8/8/3k4/8/8/3r4/R3K3 b - - 0 1",
    "8/8/8/8/8/2k5/1p6/1K2R3 b - - 0 1",
];

/// Each legal move's table result at `pos`, as the engine's own ranking judges it.
fn move_results(pos: &Position) -> HashMap<Move, Wdl> {
    let (tb, warnings) = Tablebases::open(SYZYGY);
    assert!(warnings.is_empty(), "{warnings:?}");
    tb.rank_root_moves(pos, true)
        .expect("in the tables")
        .into_iter()
        .map(|(m, r)| (m, r.wdl))
        .collect()
}

/// A parsed `info ... multipv K score ... pv M ...` line.
struct Line {
    depth: u32,
    multipv: usize,
    first: Move,
    score: (String, i32),
    bound: bool,
}

fn lines(pos: &Position, out: &[String]) -> Vec<Line> {
    out.iter()
        .filter(|l| l.starts_with("info ") && field(l, "multipv").is_some())
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "score").expect("a score");
            Line {
                depth: field(l, "depth").unwrap().parse().unwrap(),
                multipv: field(l, "multipv").unwrap().parse().unwrap(),
                first: pos.parse_uci_move(field(l, "pv").unwrap()).unwrap(),
                score: (words[at + 1].to_string(), words[at + 2].parse().unwrap()),
                bound: l.contains("lowerbound") || l.contains("upperbound"),
            }
        })
        .collect()
}

/// Every line's score agrees with the table result of its first move: a win is a large
/// positive score in the tablebase band (`cp 20000` less at most 128 plies) or a mate the
/// search found, a draw 0 (1 for a win or loss the fifty-move rule spoils), a loss the mirror.
/// A mate is never claimed for a move the tables do not call decisive.
fn check_scores(e: &Engine, fen: &str, results: &HashMap<Move, Wdl>, lines: &[Line]) {
    for l in lines {
        let wdl = results[&l.first];
        let (kind, v) = (l.score.0.as_str(), l.score.1);
        let ok = match (wdl, kind) {
            (Wdl::Win, "cp") => (19_872..=20_000).contains(&v),
            (Wdl::Win, "mate") => v > 0,
            (Wdl::Loss, "cp") => (-20_000..=-19_872).contains(&v),
            (Wdl::Loss, "mate") => v <= 0,
            (Wdl::Draw, "cp") => v == 0,
            (Wdl::CursedWin, "cp") => v == 1,
            (Wdl::BlessedLoss, "cp") => v == -1,
            _ => false,
        };
        if !ok {
            e.fail(&format!(
                "{fen}: multipv {} depth {} scores {kind} {v} for a {wdl} move",
                l.multipv, l.depth
            ));
        }
        if kind == "cp" && l.bound {
            e.fail(&format!("{fen}: a table score is exact, not a bound"));
        }
    }
}

/// The lines of the deepest iteration that reported all `n` of them.
fn last_complete(lines: &[Line], n: usize) -> Vec<&Line> {
    let depth = lines
        .iter()
        .filter(|l| l.multipv == n && !l.bound)
        .map(|l| l.depth)
        .max()
        .unwrap_or(0);
    let mut last: Vec<&Line> = Vec::new();
    for k in 1..=n {
        if let Some(l) = lines
            .iter()
            .rev()
            .find(|l| l.depth == depth && l.multipv == k && !l.bound)
        {
            last.push(l);
        }
    }
    last
}

/// MultiPV N at a root in the tables gives min(N, legal moves) lines, with distinct first moves,
/// each scored by its own table result. Before, only the moves of the best rank were searched,
/// so KRvK with MultiPV 3 gave two lines.
#[test]
fn multipv_in_tablebase_positions_gives_every_line_asked_for() {
    let mut e = uci();
    e.send(&format!("setoption name SyzygyPath value {SYZYGY}"));
    for fen in TB_POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let results = move_results(&pos);
        let legal = pos.legal_moves().len();
        assert_eq!(results.len(), legal);
        for (multipv, go) in [(3, "go movetime 1500"), (500, "go depth 6")] {
            e.send(&format!("setoption name MultiPV value {multipv}"));
            e.send("ucinewgame");
            e.send(&format!("position fen {fen}"));
            e.send(go);
            let out = e.until(LONG, |l| l.starts_with("bestmove"));
            let parsed = lines(&pos, &out);
            check_scores(&e, fen, &results, &parsed);
            let want = multipv.min(legal);
            let last = last_complete(&parsed, want);
            let mut firsts: Vec<Move> = last.iter().map(|l| l.first).collect();
            firsts.sort_by_key(|m| m.to_string());
            firsts.dedup();
            if last.len() != want || firsts.len() != want {
                e.fail(&format!(
                    "{fen}: MultiPV {multipv} gave {} lines with {} distinct first moves, not {want}",
                    last.len(),
                    firsts.len()
                ));
            }
            if parsed.iter().any(|l| l.multipv > want) {
                e.fail(&format!("{fen}: a line beyond multipv {want}"));
            }
            // The move played keeps the best result on the board.
            let (mv, _) = bestmove(out.last().unwrap());
            let (_, played) = play(&pos, &mv);
            let best = results.values().max().unwrap();
            if results[&played] != *best {
                e.fail(&format!("{fen}: {mv} gives up the table result"));
            }
        }
    }
}

/// A shallow search proves no mate in these positions, so no line may show one: the table
/// result alone is never turned into a mate score.
#[test]
fn table_results_are_never_shown_as_mates() {
    let mut e = uci();
    e.send(&format!("setoption name SyzygyPath value {SYZYGY}"));
    e.send("setoption name MultiPV value 4");
    for fen in TB_POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        e.send(&format!("position fen {fen}"));
        e.send("go depth 3");
        let out = e.until(LONG, |l| l.starts_with("bestmove"));
        let parsed = lines(&pos, &out);
        assert!(!parsed.is_empty());
        check_scores(&e, fen, &move_results(&pos), &parsed);
        if let Some(l) = parsed.iter().find(|l| l.score.0 == "mate") {
            e.fail(&format!("{fen}: multipv {} shows a mate", l.multipv));
        }
    }
}

/// The same in CECP: analysis at a root in the tables shows MultiPV lines with table scores
/// in centipawns (mates are 100000 and more there), and a game move keeps the win.
#[test]
fn xboard_analysis_and_play_in_tablebase_positions() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", LONG);
    e.send(&format!("egtpath syzygy {SYZYGY}"));
    e.send("option MultiPV=3");
    e.send("new");
    e.send("force");
    e.send("setboard 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    e.send("post");
    e.send("analyze");
    // Thinking lines until depth 7 starts: by then depth 6 has shown all its lines.
    let mut at_depth: HashMap<u32, Vec<(i64, String)>> = HashMap::new();
    let deadline = std::time::Instant::now() + LONG;
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let l = e
            .next_line(left)
            .unwrap_or_else(|| e.fail("no thinking line of depth 7"));
        let words: Vec<&str> = l.split_whitespace().collect();
        let (Some(depth), Some(score)) = (
            words.first().and_then(|w| w.parse::<u32>().ok()),
            words.get(1).and_then(|w| w.parse::<i64>().ok()),
        ) else {
            continue;
        };
        if depth > 6 {
            break;
        }
        let first = l.split('\t').nth(1).unwrap_or("").split_whitespace().next();
        let first = first.unwrap_or("").to_string();
        at_depth.entry(depth).or_default().push((score, first));
    }
    e.send("exit");
    e.sync_xboard(1);
    let lines = &at_depth[&6];
    let mut firsts: Vec<&String> = lines.iter().map(|(_, f)| f).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{lines:?}");
    for (score, first) in lines {
        if !(19_872..=20_000).contains(score) {
            e.fail(&format!("{first} scored {score}, not a table win"));
        }
    }
    e.send("setboard 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    e.send("go");
    let out = e.until(LONG, |l| l.starts_with("move "));
    let pos = Position::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
    let (_, played) = play(&pos, &out.last().unwrap()[5..]);
    assert_eq!(move_results(&pos)[&played], Wdl::Win);
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
