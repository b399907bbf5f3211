//! End-to-end tests of `UCI_ShowWDL` and of the reported centipawns, driving the real binary:
//! the option is offered, its search reports carry `wdl W D L` summing to 1000 exactly when it
//! is on, decided or lopsided positions get the shares a reader expects, and the shown `score
//! cp` is on the normalised scale (+100 = a 50% chance to win at any material, README
//! "Scores") that the `wdl` numbers agree with, in UCI and CECP alike.

mod common;

use common::*;

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    e
}

/// The `info` lines with a score of one fixed-depth search.
fn search(e: &mut Engine, position: &str, depth: u32) -> Vec<String> {
    e.send(position);
    e.send(&format!("go depth {depth}"));
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let scored: Vec<String> = lines
        .into_iter()
        .filter(|l| l.starts_with("info ") && l.contains(" score "))
        .collect();
    if scored.is_empty() {
        e.fail("no info line with a score");
    }
    scored
}

/// The three numbers after `wdl`, or `None` when the line has no `wdl`.
fn wdl(e: &Engine, line: &str) -> Option<(u32, u32, u32)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "wdl")?;
    let number = |k: usize| -> u32 {
        words
            .get(at + k)
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| e.fail(&format!("wdl needs three numbers: {line}")))
    };
    Some((number(1), number(2), number(3)))
}

#[test]
fn the_option_is_listed_after_uci() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(LONG, |l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_ShowWDL type check default false"),
        "{lines:?}"
    );
}

#[test]
fn reports_carry_wdl_only_when_the_option_is_on() {
    let mut e = uci();
    for line in search(&mut e, "position startpos moves e2e4", 6) {
        assert!(wdl(&e, &line).is_none(), "wdl while off: {line}");
    }
    e.send("setoption name UCI_ShowWDL value true");
    let lines = search(&mut e, "position startpos moves e2e4 e7e5", 6);
    for line in &lines {
        let (w, d, l) = wdl(&e, line).unwrap_or_else(|| e.fail(&format!("no wdl: {line}")));
        assert_eq!(w + d + l, 1000, "{line}");
        // The numbers follow the score, before the node count.
        let score = line.find(" score ").unwrap();
        let at = line.find(" wdl ").unwrap();
        assert!(score < at && at < line.find(" nodes ").unwrap(), "{line}");
    }
    e.send("setoption name UCI_ShowWDL value false");
    for line in search(&mut e, "position startpos", 5) {
        assert!(wdl(&e, &line).is_none(), "wdl after switching off: {line}");
    }
}

#[test]
fn winning_losing_and_mated_sides_get_the_right_shares() {
    let mut e = uci();
    e.send("setoption name UCI_ShowWDL value true");
    // The side to move is a queen against a pawn up: it is expected to win...
    let up = search(&mut e, "position fen 3qk3/8/8/8/8/8/4P3/4K3 b - - 0 1", 6);
    let (w, _, l) = wdl(&e, up.last().unwrap()).unwrap();
    assert!(w > 900 && l < 50, "{up:?}");
    // ...and the same position with the other side to move is expected to lose.
    let down = search(&mut e, "position fen 3qk3/8/8/8/8/8/4P3/4K3 w - - 0 1", 6);
    let (w, _, l) = wdl(&e, down.last().unwrap()).unwrap();
    assert!(l > 900 && w < 50, "{down:?}");
    // A mate in one is certain.
    let mate = search(&mut e, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4);
    let last = mate.last().unwrap();
    assert!(last.contains(" score mate 1 "), "{last}");
    assert_eq!(wdl(&e, last), Some((1000, 0, 0)), "{last}");
}

/// The `score cp N` and `wdl` of each line of a search that has both.
fn cp_and_wdl(e: &mut Engine, fen: &str, depth: u32) -> Vec<(i32, (u32, u32, u32), String)> {
    search(e, &format!("position fen {fen}"), depth)
        .into_iter()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.windows(2).position(|w| w == ["score", "cp"])?;
            let cp: i32 = words[at + 2].parse().ok()?;
            let wdl = wdl(e, &line)?;
            Some((cp, wdl, line))
        })
        .collect()
}

/// The convention, stated with the model's own curve rather than the engine's code: a line
/// showing `cp c` has the win (and loss) share of internal score `c * a / 100`, `a` being the
/// centre of the model at the root's material. A shown centipawn spans `a / 100` internal ones
/// (twice that for +-1, which a small non-zero score is floored to), so the share may differ by
/// that much of the curve's steepest slope, `1 / (4 b)`, plus rounding. Positions from the start
/// to a rook ending. Also checks that the old convention (the shown number read as internal
/// centipawns) would fail on some line, so the test can tell the two apart.
#[test]
fn shown_centipawns_and_wdl_follow_the_normalised_curve() {
    use outpost_board::Position;
    use outpost_eval::wdl::{material, material_x, win_chance, NETWORK};
    let fens = [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP3PPP/R1BQKB1R w KQkq - 0 8",
        "r4rk1/pp3ppp/2p5/8/8/2P2N2/PP3PPP/R4RK1 w - - 0 1",
        "8/5k2/8/3R4/8/8/2K2P2/3r4 w - - 0 1",
        "8/5k2/8/3R4/8/8/2K2P2/3r4 b - - 0 1",
    ];
    let mut e = uci();
    e.send("setoption name UCI_ShowWDL value true");
    let mut told_apart = 0;
    let model = &NETWORK;
    for fen in fens {
        let on_board = material(&Position::from_fen(fen).unwrap());
        let (a, b) = model.params(material_x(on_board));
        let lines = cp_and_wdl(&mut e, fen, 7);
        assert!(!lines.is_empty(), "no centipawn line for {fen}");
        for (cp, (w, _, l), line) in lines {
            let v = f64::from(cp) * a / 100.0;
            let spread = if cp.abs() <= 1 { a / 100.0 } else { a / 200.0 };
            let slack = 1000.0 * spread / (4.0 * b) + 1.0;
            let want_w = 1000.0 * win_chance(v, a, b);
            let want_l = 1000.0 * win_chance(-v, a, b);
            assert!(
                (f64::from(w) - want_w).abs() <= slack && (f64::from(l) - want_l).abs() <= slack,
                "material {on_board}: want w {want_w:.1} l {want_l:.1} (+-{slack:.1}): {line}"
            );
            if (f64::from(model.wdl(cp, on_board).0) - f64::from(w)).abs() > slack {
                told_apart += 1;
            }
        }
    }
    assert!(
        told_apart > 0,
        "no line where the convention made a difference"
    );
}

/// CECP thinking lines show the same normalised centipawns as UCI `score cp` for the same
/// search (a fresh engine each, one thread, a fixed depth: the same tree).
#[test]
fn cecp_thinking_lines_show_the_same_centipawns_as_uci() {
    let fen = "8/5k2/8/3R4/8/8/2K2P2/3r4 w - - 0 1";
    let mut u = uci();
    let uci_scores: Vec<(u32, i32)> = search(&mut u, &format!("position fen {fen}"), 7)
        .iter()
        .filter(|l| !l.contains("bound"))
        .filter_map(|l| {
            let depth = field(l, "depth")?.parse().ok()?;
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.windows(2).position(|w| w == ["score", "cp"])?;
            Some((depth, words[at + 2].parse().ok()?))
        })
        .collect();
    let mut x = Engine::start();
    x.send("xboard");
    x.send("protover 2");
    x.expect("feature done=1", LONG);
    x.send("new");
    x.send("force");
    x.send(&format!("setboard {fen}"));
    x.send("sd 7");
    x.send("post");
    x.send("go");
    let lines = x.until(LONG, |l| l.starts_with("move "));
    // Thinking lines: depth score centiseconds nodes ...; CECP has no bound marker, so only
    // the last line of each depth (the exact one) is compared.
    let mut cecp_scores: Vec<(u32, i32)> = Vec::new();
    for l in &lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        let (Some(Ok(depth)), Some(Ok(score))) = (
            words.first().map(|w| w.parse::<u32>()),
            words.get(1).map(|w| w.parse::<i32>()),
        ) else {
            continue;
        };
        cecp_scores.retain(|&(d, _)| d != depth);
        cecp_scores.push((depth, score));
    }
    let mut uci_last: Vec<(u32, i32)> = Vec::new();
    for &(d, cp) in &uci_scores {
        uci_last.retain(|&(ud, _)| ud != d);
        uci_last.push((d, cp));
    }
    assert!(!uci_last.is_empty(), "no exact UCI score");
    assert_eq!(cecp_scores, uci_last, "CECP {lines:?}");
}
