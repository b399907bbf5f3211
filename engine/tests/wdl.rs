//! End-to-end tests of `UCI_ShowWDL`, driving the real binary: the option is offered, its
//! search reports carry `wdl W D L` summing to 1000 exactly when it is on, and decided or lopsided
//! positions get the shares a reader expects.

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

#[test]
fn each_evaluation_reports_through_its_own_model() {
    use outpost_board::Position;
    use outpost_eval::wdl::{material, Scale};
    let fen = "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP3PPP/R1BQKB1R w KQkq - 0 8";
    let on_board = material(&Position::from_fen(fen).unwrap());
    let mut e = uci();
    e.send("setoption name UCI_ShowWDL value true");
    for network in [false, true] {
        e.send(&format!("setoption name UseNNUE value {network}"));
        let model = Scale::of(network).model();
        let mut checked = 0;
        for line in search(&mut e, &format!("position fen {fen}"), 7) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(at) = words.windows(2).position(|w| w == ["score", "cp"]) else {
                continue;
            };
            let cp: i32 = words[at + 2].parse().unwrap();
            assert_eq!(
                wdl(&e, &line),
                Some(model.wdl(cp, on_board)),
                "UseNNUE {network}: {line}"
            );
            checked += 1;
        }
        assert!(checked > 0, "no centipawn score with UseNNUE {network}");
    }
    // The two models differ where it matters, so the check above can tell them apart.
    assert_ne!(
        Scale::HandCrafted.model().wdl(60, on_board),
        Scale::Network.model().wdl(60, on_board)
    );
}
