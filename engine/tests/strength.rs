//! End-to-end tests of `UCI_LimitStrength` / `UCI_Elo`, driving the real binary: the options
//! are offered with the documented range, an absurd rating is clamped with a message, and a
//! handicapped engine plays legal moves quickly at every level, in both dialects' option names.

mod common;

use common::*;
use outpost_board::Position;

#[test]
fn the_options_are_listed_with_their_range() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(LONG, |l| l == "uciok");
    for wanted in [
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1320 min 1320 max 2800",
    ] {
        assert!(
            lines.iter().any(|l| l == wanted),
            "{wanted} missing: {lines:?}"
        );
    }
}

#[test]
fn an_absurd_rating_is_clamped_and_said() {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    e.send("setoption name UCI_Elo value 99999");
    let note = e.expect("info string", LONG);
    assert!(note.contains("2800"), "{note}");
    e.send("setoption name UCI_Elo value -5");
    let note = e.expect("info string", LONG);
    assert!(note.contains("1320"), "{note}");
}

#[test]
fn handicapped_games_are_legal_at_every_level() {
    for elo in [1320, 1800, 2400, 2800] {
        let mut e = Engine::start();
        e.send("uci");
        e.expect("uciok", LONG);
        e.send("setoption name UCI_LimitStrength value true");
        e.send(&format!("setoption name UCI_Elo value {elo}"));
        e.send("ucinewgame");
        let mut pos = Position::startpos();
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..40 {
            if pos.legal_moves().is_empty() {
                break;
            }
            e.send(&format!("position startpos moves {}", moves.join(" ")));
            e.send("go wtime 20000 btime 20000 winc 100 binc 100");
            let line = e.expect("bestmove", LONG);
            let (text, _) = bestmove(&line);
            let (next, _) = play(&pos, &text);
            pos = next;
            moves.push(text);
        }
        assert!(moves.len() >= 10, "{elo}: only {moves:?}");
    }
}
