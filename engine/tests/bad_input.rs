//! Table-driven robustness test: bad input of every kind, in both dialects. Each line must get
//! the dialect's error reply (UCI `info string Error (...)` / `info string Illegal move...`,
//! CECP `Error (...): ...` / `Illegal move...`), or nothing where silence is right (an empty
//! line); afterwards the engine must still answer `isready`/`ping` and still play legal moves.

mod common;

use common::*;
use outpost_board::Position;
use std::time::Duration;

/// What a bad line must produce before the next `readyok`/`pong`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// An error reply.
    Error,
    /// An illegal-move reply.
    Illegal,
    /// Nothing at all.
    Nothing,
    /// An error reply, and a search starts that the test stops.
    ErrorThenSearch,
    /// An `info string` saying what was dropped from a `go`, then a `bestmove` with no `stop`:
    /// the GUI that sent it is waiting for one.
    NoteThenMove,
}

use Expect::*;

fn megabyte_line(unit: &str) -> String {
    let mut s = String::with_capacity(1 << 20);
    while s.len() < 1 << 20 {
        s.push_str(unit);
    }
    s
}

fn uci_cases() -> Vec<(String, Expect)> {
    let mut cases: Vec<(String, Expect)> = [
        // Malformed and impossible FENs.
        ("position fen", Error),
        ("position fen    ", Error),
        ("position", Error),
        ("position foo", Error),
        ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", Error),
        ("position fen kk6/8/8/8/8/8/8/K7 w - - 0 1", Error),
        ("position fen 4k3/8/8/8/8/8/8/P3K3 w - - 0 1", Error),
        ("position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", Error),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            Error,
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            Error,
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            Error,
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - abc 1",
            Error,
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
            Error,
        ),
        ("position fen 9/8/8/8/8/8/8/8 w - - 0 1", Error),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            Error,
        ),
        (
            "position fen pppppppp/pppppppp/pppppppp/8/8/8/8/4K2k w - - 0 1",
            Error,
        ),
        ("position fen 4k3/8/8/8/8/8/8/4K3 w K - 0 1", Error),
        // Illegal and impossible moves.
        ("position startpos moves e2e5", Illegal),
        ("position startpos moves e7e5", Illegal),
        ("position startpos moves zz99", Illegal),
        ("position startpos moves e2e4 e2e4", Illegal),
        ("position startpos moves e1g1", Illegal),
        (
            "position startpos moves e2e4 e7e5 e1e2 e8e7 e2e3 e7e6 e3e4",
            Illegal,
        ),
        ("position startpos moves e7e8q", Illegal),
        (
            "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves a1a2",
            Illegal,
        ),
        ("position startpos moves e2e4 \u{0}\u{1}", Illegal),
        ("position startpos moves f2f3 e7e5 g2g4 d8h4 0000", Illegal),
        ("go depth 2 searchmoves e2e5 a1a1", Illegal),
        // Unknown commands, garbage.
        ("foo", Error),
        ("xyzzy plugh", Error),
        ("GO DEPTH", NoteThenMove),
        ("\u{fffd}\u{fffd}\u{1}\u{2}\u{7f}", Error),
        ("protover 2", Error),
        ("usermove e2e4", Error),
        ("ping 7", Error),
        ("", Nothing),
        ("   \t  ", Nothing),
        // Options.
        ("setoption name Hash value 0", Error),
        ("setoption name Hash value -5", Error),
        ("setoption name Hash value 99999999", Error),
        ("setoption name Hash value abc", Error),
        ("setoption name Threads value 0", Error),
        ("setoption name Threads value 100000", Error),
        ("setoption name MultiPV value 0", Error),
        ("setoption name MultiPV value 1000", Error),
        ("setoption name Move Overhead value -1", Error),
        ("setoption name Move Overhead value 1e9", Error),
        ("setoption name Ponder value maybe", Error),
        ("setoption name UCI_Chess960 value 2", Error),
        ("setoption name NoSuchOption value 3", Error),
        ("setoption", Error),
        ("setoption name", Error),
        ("setoption value 5", Error),
        ("setoption name Hash", Error),
        // go with bad numbers: reported, and the search still ends in bestmove by itself.
        ("go depth -1", NoteThenMove),
        ("go movetime abc", NoteThenMove),
        ("go wtime", NoteThenMove),
        ("go nodes -5", NoteThenMove),
        ("go mate x", NoteThenMove),
        ("go mate -3", NoteThenMove),
        ("go mate 0", NoteThenMove),
        ("go wtime abc btime def", NoteThenMove),
        ("go depth x movetime -", NoteThenMove),
        (
            "go wtime 99999999999999999999999 btime 99999999999999999999999 depth 2",
            NoteThenMove,
        ),
        // extensions with bad numbers.
        ("go perft", Error),
        ("go perft -1", Error),
        ("perft 100", Error),
        ("perft abc", Error),
        // perft statistics: a bad depth, an unknown word, a FEN that does not parse.
        ("go perft 99999999999 stats", Error),
        ("go perft 16 stats", Error),
        ("go perft x stats", Error),
        ("go perft 2 statz", Error),
        ("perft 2 stats fen 9/8/8/8/8/8/8/8 w - - 0 1", Error),
        ("perft 2 stats fen 8/8/8/8/8/8/8/8 w - -", Error),
        ("perft 2 stats garbage", Error),
        ("bench 0", Error),
        ("bench 100000", Error),
        ("debug maybe", Error),
        ("go depth 100000", ErrorThenSearch),
    ]
    .iter()
    .map(|(s, e)| (s.to_string(), *e))
    .collect();
    cases.push((megabyte_line("x"), Error));
    cases.push((
        format!("position startpos moves {}", megabyte_line("e2e4 ")),
        Illegal,
    ));
    cases.push((format!("position fen {}", megabyte_line("8/")), Error));
    cases
}

fn xboard_cases() -> Vec<(String, Expect)> {
    let mut cases: Vec<(String, Expect)> = [
        ("setboard", Error),
        ("setboard 8/8/8/8/8/8/8/8 w - - 0 1", Error),
        ("setboard garbage", Error),
        ("setboard 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", Error),
        (
            "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            Error,
        ),
        ("setboard 1 2 3 4 5 6 7 8", Error),
        ("usermove e2e5", Illegal),
        ("usermove zz", Illegal),
        ("usermove O-O", Illegal),
        ("usermove e7e5", Illegal),
        ("e7e5", Illegal),
        ("e1g1", Illegal),
        ("usermove Qxh7", Illegal),
        ("usermove", Error),
        ("level", Error),
        ("level x y z", Error),
        ("level 40 abc 0", Error),
        ("st abc", Error),
        ("st", Error),
        ("sd abc", Error),
        ("sd -1", Error),
        ("sd 100000", Error),
        ("time abc", Error),
        ("otim", Error),
        ("ping abc", Error),
        ("protover abc", Error),
        ("variant crazyhouse", Error),
        ("variant", Error),
        ("option NoSuch=3", Error),
        ("option Hash=0", Error),
        ("option Hash=abc", Error),
        ("option Threads=99999", Error),
        ("option =5", Error),
        ("option", Error),
        ("memory abc", Error),
        ("memory 0", Error),
        ("cores abc", Error),
        ("cores 0", Error),
        ("result 2-0", Error),
        ("result", Error),
        ("undo", Error),
        ("remove", Error),
        ("edit", Error),
        ("nps 1000", Error),
        ("foo", Error),
        ("isready", Error),
        ("position startpos", Error),
        ("ucinewgame", Error),
        ("\u{fffd}\u{0}\u{1b}[2J", Error),
        ("perft 100", Error),
        ("perft", Error),
        ("perft 100 stats", Error),
        ("perft five stats", Error),
        ("perft 2 stat", Error),
        ("perft 2 stats 4k3/8/8/8/8/8/8/4K3 w K - 0 1", Error),
        ("perft 2 4k3/8/8/8/8/8/8/4K3 q - - 0 1 stats", Error),
        ("bench 0", Error),
        ("", Nothing),
        ("  ", Nothing),
        ("rating abc def", Error),
        ("accepted", Error),
        ("name", Error),
        ("egtpath", Error),
        ("usermove e2e4 e7e5 extra", Nothing),
        ("undo", Nothing),
    ]
    .iter()
    .map(|(s, e)| (s.to_string(), *e))
    .collect();
    cases.push((megabyte_line("x"), Error));
    cases.push((format!("setboard {}", megabyte_line("8/")), Error));
    cases.push((format!("usermove {}", megabyte_line("e")), Illegal));
    cases
}

fn check(e: &Engine, case: &str, expect: Expect, lines: &[String], xboard: bool) {
    let is_error = |l: &String| {
        if xboard {
            l.starts_with("Error (")
        } else {
            l.starts_with("info string Error (")
        }
    };
    let is_illegal = |l: &String| {
        if xboard {
            l.starts_with("Illegal move")
        } else {
            l.starts_with("info string Illegal move")
        }
    };
    let ok = match expect {
        Error | ErrorThenSearch => lines.iter().any(is_error),
        Illegal => lines.iter().any(is_illegal),
        Nothing => lines.is_empty(),
        NoteThenMove => {
            lines.iter().any(|l| l.starts_with("info string go"))
                && lines.last().is_some_and(|l| l.starts_with("bestmove"))
        }
    };
    if !ok {
        let short: String = case.chars().take(80).collect();
        e.fail(&format!(
            "case {short:?}: expected {expect:?}, got {lines:?}"
        ));
    }
    for l in lines {
        assert!(
            l.len() < 1000,
            "an error reply should not echo a whole 1 MB line"
        );
    }
}

#[test]
fn uci_bad_input_table() {
    let cases = uci_cases();
    assert!(cases.len() >= 60, "{} cases", cases.len());
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    for (i, (case, expect)) in cases.iter().enumerate() {
        e.send(case);
        if *expect == NoteThenMove {
            // No stop: the fallback search (1 s) or the line's own limit must end it.
            let mut lines = e.until(LONG, |l| l.starts_with("bestmove"));
            lines.retain(|l| !l.starts_with("info depth") && !l.starts_with("info currmove"));
            check(&e, case, *expect, &lines, false);
            continue;
        }
        if *expect == ErrorThenSearch {
            std::thread::sleep(Duration::from_millis(100));
            e.send("stop");
        }
        let (mut lines, _) = e.sync_uci();
        if *expect == ErrorThenSearch || case.starts_with("go depth 2") {
            match lines.iter().position(|l| l.starts_with("bestmove")) {
                Some(at) => lines.truncate(at),
                None => {
                    e.expect("bestmove", LONG);
                }
            }
        }
        lines.retain(|l| !l.starts_with("info depth") && !l.starts_with("info currmove"));
        check(&e, case, *expect, &lines, false);
        if i % 10 == 9 {
            legal_uci_move(&mut e);
        }
    }
    legal_uci_move(&mut e);
    eprintln!("{} UCI bad inputs handled", cases.len());
}

fn legal_uci_move(e: &mut Engine) {
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let line = e.expect("bestmove", LONG);
    let (mv, _) = bestmove(&line);
    let pos = Position::startpos().play(Position::startpos().parse_uci_move("e2e4").unwrap());
    play(&pos, &mv);
}

#[test]
fn xboard_bad_input_table() {
    let cases = xboard_cases();
    assert!(cases.len() >= 60, "{} cases", cases.len());
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", LONG);
    e.send("new");
    e.send("force");
    for (i, (case, expect)) in cases.iter().enumerate() {
        e.send(case);
        let (lines, _) = e.sync_xboard(i as u32);
        check(&e, case, *expect, &lines, true);
        if i % 10 == 9 {
            legal_xboard_move(&mut e);
        }
    }
    legal_xboard_move(&mut e);
    eprintln!("{} xboard bad inputs handled", cases.len());
}

fn legal_xboard_move(e: &mut Engine) {
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("sd 3");
    e.send("go");
    let line = e.expect("move ", LONG);
    let pos = Position::startpos().play(Position::startpos().parse_uci_move("e2e4").unwrap());
    play(&pos, &line[5..]);
    e.send("force");
    e.send("new");
    e.send("force");
    e.sync_xboard(999);
}
