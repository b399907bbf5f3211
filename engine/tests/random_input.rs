//! Random command lines in both dialects: thousands of lines drawn from the protocol's own words
//! plus garbage (seeded, so a failure can be replayed), sent as fast as the pipe takes them. The
//! engine must never die and must afterwards answer `isready`/`ping` and play a legal move.
//! Heavy commands (`perft`, `bench`, big `Hash`, `quit`) are left out of the vocabulary on
//! purpose: they are correct but slow.

mod common;

use common::*;
use outpost_board::{Position, Rng};

const UCI_WORDS: &[&str] = &[
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "1",
    "2",
    "3",
    "e2e4",
    "e7e5",
    "g1f3",
    "0000",
    "isready",
    "stop",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "MultiPV",
    "Ponder",
    "true",
    "-1",
    "ponderhit",
    "d",
    "eval",
    "xyz",
    "\u{0}",
    "e1g1",
    "8/8/8",
    "w",
    "b",
    "KQkq",
    "-",
    "movetime",
    "10",
    "nodes",
    "100",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "searchmoves",
    "infinite",
    "ponder",
    "mate",
    "debug",
    "on",
    "off",
    "UCI_Chess960",
    "uci",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "4k3/8/8/8/8/8/8/4K3",
    "\u{fffd}",
    "\t",
];

const XBOARD_WORDS: &[&str] = &[
    "new",
    "force",
    "go",
    "usermove",
    "e2e4",
    "e7e5",
    "g1f3",
    "O-O",
    "setboard",
    "level",
    "0",
    "1",
    "0:01",
    "st",
    "sd",
    "2",
    "time",
    "otim",
    "100",
    "-5",
    "analyze",
    "exit",
    ".",
    "?",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "ping",
    "3",
    "variant",
    "fischerandom",
    "normal",
    "memory",
    "8",
    "cores",
    "option",
    "MultiPV=2",
    "result",
    "1-0",
    "1/2-1/2",
    "{x}",
    "xyz",
    "\u{0}",
    "playother",
    "white",
    "black",
    "draw",
    "hint",
    "bk",
    "computer",
    "random",
    "4k3/8/8/8/8/8/8/4K3",
    "w",
    "-",
    "\u{fffd}",
];

fn random_line(rng: &mut Rng, words: &[&str]) -> String {
    let n = 1 + rng.below(6);
    let mut line = String::new();
    for i in 0..n {
        if i > 0 {
            line.push(if rng.below(10) == 0 { '\t' } else { ' ' });
        }
        line.push_str(words[rng.below(words.len())]);
    }
    line
}

#[test]
fn random_uci_lines() {
    let mut rng = Rng::new(20261121);
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    for round in 0..4 {
        for _ in 0..500 {
            let line = random_line(&mut rng, UCI_WORDS);
            e.send(&line);
        }
        e.send("stop");
        e.send("setoption name MultiPV value 1");
        e.send("setoption name UCI_Chess960 value false");
        // The random lines hold `isready` too, so a `readyok` may be theirs; the error reply to
        // a line none of them can produce marks the end of their replies, however far behind a
        // busy machine leaves the engine.
        let marker = format!("sync-marker-{round}");
        e.send(&marker);
        e.until(LONG, |l| l.contains(&marker));
        e.sync_uci();
        // The stopped search's bestmove may still be on its way; let it pass.
        e.collect_for(std::time::Duration::from_millis(300));
        e.send("position startpos moves e2e4");
        e.send("go depth 3");
        let line = e.expect("bestmove", LONG);
        let pos = Position::startpos().play(Position::startpos().parse_uci_move("e2e4").unwrap());
        play(&pos, &bestmove(&line).0);
        eprintln!("UCI round {round}: ok");
    }
}

#[test]
fn random_xboard_lines() {
    let mut rng = Rng::new(4);
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", LONG);
    for round in 0..4 {
        for _ in 0..500 {
            let line = random_line(&mut rng, XBOARD_WORDS);
            e.send(&line);
        }
        e.send("exit");
        e.send("force");
        e.send("easy");
        e.send("new");
        e.send("force");
        e.sync_xboard(round);
        e.send("usermove e2e4");
        e.send("sd 3");
        e.send("go");
        let line = e.expect("move ", LONG);
        let pos = Position::startpos().play(Position::startpos().parse_uci_move("e2e4").unwrap());
        play(&pos, &line[5..]);
        eprintln!("xboard round {round}: ok");
    }
}
