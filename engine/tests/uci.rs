//! End-to-end tests of the UCI dialog, driving the real binary through pipes.

mod common;

use common::*;
use outpost_board::Position;
use std::collections::HashMap;
use std::time::{Duration, Instant};

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    e
}

fn no_errors(e: &Engine, lines: &[String]) {
    if let Some(bad) = lines
        .iter()
        .find(|l| l.contains("Error") || l.contains("Illegal"))
    {
        e.fail(&format!("unexpected error line: {bad}"));
    }
}

#[test]
fn handshake_lists_every_option_with_its_default_before_uciok() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(LONG, |l| l == "uciok");
    assert!(lines[0].starts_with("id name Outpost "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    for name in [
        "Hash",
        "Clear Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "UCI_Chess960",
        "OwnBook",
        "BookFile",
        "BookBestMove",
        "BookDepth",
        #[cfg(feature = "syzygy")]
        "SyzygyPath",
        #[cfg(feature = "syzygy")]
        "SyzygyProbeDepth",
        #[cfg(feature = "syzygy")]
        "SyzygyProbeLimit",
        #[cfg(feature = "syzygy")]
        "Syzygy50MoveRule",
    ] {
        let line = options
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} type ")))
            .unwrap_or_else(|| panic!("no option {name}: {lines:?}"));
        assert!(
            line.contains(" default ") || line.ends_with("type button"),
            "{line}"
        );
    }
    assert!(options
        .iter()
        .any(|l| *l == "option name Hash type spin default 16 min 1 max 65536"));
    // Nothing between the options and uciok but options.
    assert_eq!(lines.len(), 2 + options.len() + 1);
}

#[test]
fn a_full_game_by_clock_against_itself() {
    let _heavy = heavy();
    let mut e = uci();
    e.send("setoption name Hash value 8");
    e.send("ucinewgame");
    e.sync_uci();
    let mut pos = Position::startpos();
    let mut moves: Vec<String> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let (mut wtime, mut btime, inc) = (5000i64, 5000i64, 50i64);
    let mut ended = false;
    for _ply in 0..160 {
        let cmd = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&cmd);
        let t = Instant::now();
        e.send(&format!(
            "go wtime {wtime} btime {btime} winc {inc} binc {inc}"
        ));
        let line = e.expect("bestmove", LONG);
        let spent = t.elapsed().as_millis() as i64;
        let clock = if moves.len().is_multiple_of(2) {
            &mut wtime
        } else {
            &mut btime
        };
        *clock -= spent;
        if *clock <= 0 {
            e.fail(&format!("lost on time: {spent} ms spent, clock {clock}"));
        }
        *clock += inc;
        let (mv, _) = bestmove(&line);
        let (next, _) = play(&pos, &mv);
        pos = next;
        moves.push(mv);
        let count = seen.entry(pos.key()).or_insert(0);
        *count += 1;
        if over_by_rule(&pos) || *count >= 3 {
            ended = true;
            break;
        }
    }
    eprintln!(
        "game of {} plies, clocks left {wtime}/{btime} ms, ended by rule: {ended}",
        moves.len()
    );
    assert!(moves.len() >= 20, "the game is too short to mean much");
}

#[test]
fn multipv_3_analysis_until_stop() {
    let mut e = uci();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    let lines = e.until(LONG, |l| {
        l.starts_with("info") && field(l, "depth") == Some("6") && field(l, "multipv") == Some("3")
    });
    e.send("stop");
    let t = Instant::now();
    e.expect("bestmove", Duration::from_secs(5));
    eprintln!("bestmove {:?} after stop", t.elapsed());
    let at_depth: Vec<&String> = lines
        .iter()
        .filter(|l| field(l, "depth") == Some("6") && field(l, "score").is_some())
        .collect();
    let mut firsts = Vec::new();
    for k in ["1", "2", "3"] {
        let l = at_depth
            .iter()
            .find(|l| field(l, "multipv") == Some(k))
            .unwrap_or_else(|| e.fail(&format!("no multipv {k} at depth 6")));
        firsts.push(field(l, "pv").unwrap().to_string());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three distinct first moves");
}

#[test]
fn isready_is_answered_at_once_during_a_search() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let mut worst = Duration::ZERO;
    for _ in 0..10 {
        let (_, t) = e.sync_uci();
        worst = worst.max(t);
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("isready during search: worst round trip {worst:?}");
    assert!(worst < Duration::from_millis(500), "{worst:?}");
    e.send("stop");
    e.expect("bestmove", Duration::from_secs(5));
}

#[test]
fn ponder_then_ponderhit_and_ponder_then_stop() {
    let _heavy = heavy();
    let mut e = uci();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    let early = e.collect_for(Duration::from_millis(700));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove while pondering: {early:?}"
    );
    e.send("ponderhit");
    let t = Instant::now();
    let (mv, _) = bestmove(&e.expect("bestmove", Duration::from_secs(10)));
    eprintln!("bestmove {:?} after ponderhit", t.elapsed());
    let pos = Position::startpos();
    let (pos, _) = play(&pos, "e2e4");
    let (pos, _) = play(&pos, "e7e5");
    play(&pos, &mv);

    e.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    let (mv, _) = bestmove(&e.expect("bestmove", Duration::from_secs(2)));
    play(&pos, &mv);
}

/// A `ponderhit` that is not for a ponder search (a GUI's stray or repeated one) must not move
/// the clock: the hard limit of `go wtime 2000` is about 225 ms. Before the deadline had one
/// owner, each `ponderhit` restarted the main thread's clock, so a stream of them kept a
/// one-thread search going past its limit for as long as they came.
#[test]
fn a_stray_ponderhit_does_not_extend_a_timed_search() {
    let _heavy = heavy();
    let mut e = uci();
    e.send("position startpos");
    let t = Instant::now();
    e.send("go wtime 2000 btime 2000");
    let mut answered = None;
    while t.elapsed() < Duration::from_secs(4) {
        e.send("ponderhit");
        let got = e.collect_for(Duration::from_millis(20));
        if got.iter().any(|l| l.starts_with("bestmove")) {
            answered = Some(t.elapsed());
            break;
        }
    }
    match answered {
        Some(after) => assert!(
            after < Duration::from_millis(1_500),
            "bestmove after {after:?}"
        ),
        None => e.fail("no bestmove within 4 s of a 225 ms hard limit while ponderhit kept coming"),
    }
}

/// The lines of a `go` in `position` up to its `bestmove`, and how long the answer took.
fn timed_go(position: &str, go: &str) -> (Vec<String>, Duration) {
    let mut e = uci();
    e.send(position);
    e.sync_uci();
    let t = Instant::now();
    e.send(go);
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    (lines, t.elapsed())
}

/// `go wtime 10000 btime 10000 movestogo 0` is sudden death, as Stockfish reads it: the plan of
/// `go wtime 10000 btime 10000`, whose hard limit is about 1.1 s. Read as the last move before
/// the control, as it once was, it planned on half the clock and took about 4 s.
#[test]
fn movestogo_zero_is_sudden_death_not_the_last_move() {
    let _heavy = heavy();
    let (_, took) = timed_go(
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "go wtime 10000 btime 10000 movestogo 0",
    );
    assert!(
        took < Duration::from_millis(2_500),
        "bestmove after {took:?}"
    );
}

/// A mate for us that holds over a few iterations ends a clock search: the king and queen
/// against the king mate in about ten moves, found in a fraction of a second, while the plan of a
/// 300 s clock is 8.6 s a move (at least 2.4 s whatever else the iterations say).
#[test]
fn a_proven_mate_is_played_without_spending_the_plan() {
    let _heavy = heavy();
    let (lines, took) = timed_go(
        "position fen 8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "go wtime 300000 btime 300000",
    );
    assert!(took < Duration::from_secs(2), "bestmove after {took:?}");
    let last = lines.iter().rev().find(|l| l.starts_with("info depth"));
    assert!(
        last.is_some_and(|l| l.contains(" score mate ")),
        "{lines:?}"
    );
}

#[test]
fn infinite_search_waits_for_stop_even_at_mate() {
    let mut e = uci();
    // White mates in one with Qh7 (h5h7)... or any mate; the search finds it at once.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go infinite");
    let early = e.collect_for(Duration::from_millis(800));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    assert!(
        early.iter().any(|l| l.contains("score mate 1")),
        "{early:?}"
    );
    e.send("stop");
    let (mv, _) = bestmove(&e.expect("bestmove", Duration::from_secs(2)));
    assert_eq!(mv, "d1d8");
    // stop when idle: no second bestmove.
    e.send("stop");
    let (lines, _) = e.sync_uci();
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn no_legal_move_gives_bestmove_0000() {
    let mut e = uci();
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", // checkmate
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 5");
        assert_eq!(e.expect("bestmove", LONG), "bestmove 0000");
    }
}

#[test]
fn go_before_position_searches_the_start_position_and_negative_clocks_are_accepted() {
    let mut e = uci();
    e.send("go depth 4");
    let (mv, _) = bestmove(&e.expect("bestmove", LONG));
    play(&Position::startpos(), &mv);
    e.send("go wtime -50 btime 1000 winc 0 binc 0");
    let (mv, _) = bestmove(&e.expect("bestmove", Duration::from_secs(5)));
    play(&Position::startpos(), &mv);
}

#[test]
fn chess960_castling_both_ways_in_and_out() {
    let mut e = uci();
    e.send("setoption name UCI_Chess960 value true");
    // King f1/f8, rooks b and g: castling is king-takes-rook in UCI_Chess960 notation.
    let fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1";
    e.send(&format!("position fen {fen} moves f1g1 f8b8"));
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    let fen_line = lines.iter().find(|l| l.starts_with("Fen:")).unwrap();
    assert!(
        fen_line.starts_with("Fen: 2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w "),
        "{fen_line}"
    );
    // Shredder-FEN castling letters as CuteChess sends them.
    e.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 1");
    e.send("go depth 3 searchmoves e1h1");
    assert_eq!(bestmove(&e.expect("bestmove", LONG)).0, "e1h1");
    e.send("go depth 3 searchmoves e1a1");
    assert_eq!(bestmove(&e.expect("bestmove", LONG)).0, "e1a1");
    // The standard notation is accepted in Chess960 mode too.
    e.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves e1g1 e8c8");
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Fen: 2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w ")));
    // Back to standard output.
    e.send("setoption name UCI_Chess960 value false");
    e.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    e.send("go depth 3 searchmoves e1g1");
    assert_eq!(bestmove(&e.expect("bestmove", LONG)).0, "e1g1");
}

/// In standard chess a castling right needs the king on e1/e8 and the rook in the corner: any
/// other is dropped with a note, or `e1g1` would be searched and sent as castling with the rook
/// on g1, which a standard-chess GUI reads as a king move. In Chess960 the same FEN keeps it.
#[test]
fn castling_rights_only_chess960_has_are_dropped_in_standard_chess() {
    let mut e = uci();
    // The rook on g1: the king's moves and the rook's, no castling.
    e.send("position fen 4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
    e.send("go perft 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert!(
        lines.iter().any(|l| l.starts_with("info string")
            && l.contains("castling right K dropped")
            && l.contains("g1")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("e1g1")), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 14", "{lines:?}");
    // The king off e1 (and `perft N fen F` reads its FEN the same way): neither right stays.
    e.send("position fen 4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1");
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    let notes = lines.iter().filter(|l| l.contains("dropped")).count();
    assert_eq!(notes, 2, "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: 4k3/8/8/8/8/8/8/R2K3R w - - 0 1"),
        "{lines:?}"
    );
    e.send("perft 1 fen 4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert!(
        lines.iter().any(|l| l.contains("castling right K dropped")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "Nodes searched: 14", "{lines:?}");
    e.expect("info string perft depth 1", LONG);
    // Standard rights stay, without a note.
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let (lines, _) = e.sync_uci();
    assert!(lines.is_empty(), "{lines:?}");
    // In Chess960 the g1 rook castles (king-takes-rook e1g1, here also the king's square).
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen 4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
    e.send("go perft 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert!(!lines.iter().any(|l| l.contains("dropped")), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 15", "{lines:?}");
}

/// A Chess960 game by a running clock from a start array (Shredder-FEN castling field), which
/// must pass through castling on both sides and show it is written king-takes-rook. The opening
/// is fixed so that queen-side castling is legal at the fourth move of each side, and there its
/// two notations differ (king-takes-rook `f1e1`, the king's destination `f1c1`); the engine is
/// asked for that move with `searchmoves`, prints it, and reads it back in the next `position`
/// line. The rest is the engine's own play, each move legal and within its clock.
#[test]
fn a_chess960_game_by_clock() {
    let _heavy = heavy();
    let mut e = uci();
    e.send("setoption name UCI_Chess960 value true");
    e.send("setoption name Hash value 8");
    e.send("ucinewgame");
    e.sync_uci();
    let start = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
    // Knights and bishops leave c1/d1 and c8/d8, so the e-file rooks can castle queen-side.
    let opening = ["c1b3", "c8b6", "e2e3", "e7e6", "d1e2", "d8e7"];
    let mut pos = Position::from_fen(start).unwrap();
    let mut moves: Vec<String> = Vec::new();
    for mv in opening {
        let (next, _) = play(&pos, mv);
        pos = next;
        moves.push(mv.to_string());
    }
    // A clock that lasts the 60 plies on a loaded two-core machine, where a move's wall time
    // includes waiting for a core.
    let (mut wtime, mut btime, inc) = (8000i64, 8000i64, 80i64);
    let mut castlings = 0;
    for ply in moves.len()..60 {
        e.send(&format!("position fen {start} moves {}", moves.join(" ")));
        // The first move of each side after the opening: only queen-side castling, the king
        // from the f-file taking its e-file rook.
        let only = match ply {
            6 => " searchmoves f1e1",
            7 => " searchmoves f8e8",
            _ => "",
        };
        let t = Instant::now();
        e.send(&format!(
            "go wtime {wtime} btime {btime} winc {inc} binc {inc}{only}"
        ));
        let line = e.expect("bestmove", LONG);
        let spent = t.elapsed().as_millis() as i64;
        let clock = if ply % 2 == 0 { &mut wtime } else { &mut btime };
        *clock -= spent;
        if *clock <= 0 {
            e.fail(&format!("lost on time at ply {ply}: {spent} ms spent"));
        }
        *clock += inc;
        let (mv, _) = bestmove(&line);
        let (next, m) = play(&pos, &mv);
        if m.is_castling() {
            castlings += 1;
            // King-takes-rook: the text names the rook's square, never the king's destination
            // (the two coincide only when the king lands on its rook's square).
            assert_eq!(mv[2..4], m.to().to_string(), "960 castling sent as {mv}");
        }
        if !only.is_empty() {
            assert!(m.is_castling(), "asked for castling, got {mv}");
        }
        pos = next;
        moves.push(mv);
        if over_by_rule(&pos) {
            break;
        }
    }
    eprintln!(
        "960 game: {} plies, {castlings} castlings, clocks left {wtime}/{btime} ms",
        moves.len()
    );
    assert!(castlings >= 2, "{castlings} castlings");
    assert!(moves.len() >= 20, "the game is too short to mean much");
}

#[test]
fn setoption_of_every_option_then_search() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(LONG, |l| l == "uciok");
    let mut count = 0;
    for l in lines.iter().filter(|l| l.starts_with("option name ")) {
        let rest = &l["option name ".len()..];
        let (name, kind) = rest.split_once(" type ").unwrap();
        let value = if kind.starts_with("spin") {
            let min: i64 = field(kind, "min").unwrap().parse().unwrap();
            let max: i64 = field(kind, "max").unwrap().parse().unwrap();
            let default: i64 = field(kind, "default").unwrap().parse().unwrap();
            // A value other than the default that the machine can afford (a small step above
            // the minimum: `Hash` and `Threads` start at 1, `UCI_Elo` at 1320).
            Some(
                if default < max {
                    (default + 1).min(max).min(min + 63)
                } else {
                    min
                }
                .to_string(),
            )
        } else if kind.starts_with("check") {
            Some((field(kind, "default") == Some("false")).to_string())
        } else if kind.starts_with("button") {
            None
        } else {
            Some("<empty>".to_string())
        };
        match value {
            Some(v) => e.send(&format!("setoption name {name} value {v}")),
            None => e.send(&format!("setoption name {name}")),
        }
        count += 1;
        let (out, _) = e.sync_uci();
        no_errors(&e, &out);
    }
    assert!(count >= 11);
    // Case-insensitive names.
    e.send("setoption name multipv value 2");
    e.send("setoption name THREADS value 2");
    let (out, _) = e.sync_uci();
    no_errors(&e, &out);
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| field(l, "multipv") == Some("2")));
}

#[test]
fn hash_resize_mid_session() {
    let mut e = uci();
    e.send("position startpos");
    for mb in ["64", "1", "32", "16"] {
        e.send("go depth 7");
        e.expect("bestmove", LONG);
        e.send(&format!("setoption name Hash value {mb}"));
        let (out, t) = e.sync_uci();
        no_errors(&e, &out);
        eprintln!("Hash {mb}: readyok after {t:?}");
    }
    // Resizing while searching is refused with a message; the search goes on.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("setoption name Hash value 128");
    let (out, _) = e.sync_uci();
    assert!(
        out.iter().any(|l| l.starts_with("info string Error")),
        "{out:?}"
    );
    e.send("stop");
    e.expect("bestmove", Duration::from_secs(5));
    e.send("ucinewgame");
    e.send("go depth 6");
    e.expect("bestmove", LONG);
}

#[test]
fn extensions_perft_d_eval() {
    let mut e = uci();
    e.send("go perft 3");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"g1f3: 440".to_string()));
    assert_eq!(lines[21], "Nodes searched: 8902");
    assert!(e
        .next_line(LONG)
        .unwrap()
        .starts_with("info string perft depth 3"));
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("perft 3");
    assert_eq!(e.expect("Nodes searched", LONG), "Nodes searched: 97862");
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    assert!(lines.iter().any(|l| l.starts_with("Fen: r3k2r/p1ppqpb1/")));
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
    let evaluation = e.expect("Evaluation", LONG);
    assert!(
        evaluation.contains("network") && evaluation.contains("(built in)"),
        "{evaluation}"
    );
    // `d` and `eval` agree on the score a search would report.
    let reported = evaluation.split("reported as ").nth(1).unwrap().to_string();
    e.send("eval");
    e.send("isready");
    let lines = e.until(LONG, |l| l == "readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("Network: ")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Evaluation: ")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("As a search reports it") && l.contains(&reported)),
        "{reported}: {lines:?}"
    );
}

/// `go perft N stats` from the current position: a header, a row per root move, the total row,
/// `Nodes searched`, the summary; a misspelt word is refused and the engine goes on.
#[test]
fn go_perft_stats_rows_and_bad_words() {
    let mut e = uci();
    e.send("position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    e.send("go perft 3 stats");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    let cells = |l: &String| l.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    assert_eq!(cells(&lines[0])[0], "move");
    assert_eq!(lines.len(), 1 + 14 + 1 + 2, "{lines:?}");
    // The wiki's position 3, depth 3: 2812 nodes, 209 captures, 2 e.p., 267 checks, 3 discovery.
    assert_eq!(
        cells(&lines[15]),
        ["total", "2812", "209", "2", "0", "0", "267", "3", "0", "0"]
    );
    assert_eq!(lines[17], "Nodes searched: 2812");
    assert!(e
        .next_line(LONG)
        .unwrap()
        .starts_with("info string perft stats depth 3: 2812 nodes"));
    e.send("go perft 3 statz");
    assert_eq!(
        e.expect("info string", LONG),
        "info string Error (go perft: unknown word 'statz' after the depth (expected 'stats', \
         'fen' or a FEN)): go perft 3 statz"
    );
    e.send("perft 1 stats");
    assert_eq!(e.expect("Nodes searched", LONG), "Nodes searched: 14");
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let mut e = uci();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("quit");
    assert!(e.wait_exit(Duration::from_secs(3)).is_some());
}

const BOOK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/polyglot/performance.bin"
);
#[cfg(feature = "syzygy")]
const SYZYGY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/syzygy/regular");

#[test]
fn own_book_moves_come_at_once_and_not_in_analysis() {
    let mut e = uci();
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {BOOK}"));
    let (out, _) = e.sync_uci();
    assert!(out.iter().any(|l| l.contains("92954 entries")), "{out:?}");
    e.send("position startpos moves e2e4 c7c5");
    let t = Instant::now();
    e.send("go wtime 60000 btime 60000");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let took = t.elapsed();
    assert!(
        lines.iter().any(|l| l.starts_with("info string book move")),
        "{lines:?}"
    );
    assert!(took < Duration::from_millis(500), "book move took {took:?}");
    let pos = Position::startpos();
    let (pos, _) = play(&pos, "e2e4");
    let (pos, _) = play(&pos, "c7c5");
    play(&pos, &bestmove(lines.last().unwrap()).0);
    // BookBestMove: always the heaviest move.
    e.send("setoption name BookBestMove value true");
    e.send("go movetime 5000");
    assert_eq!(e.expect("bestmove", LONG), "bestmove g1f3");
    // A `go` while `go infinite` runs: the running search answers first, then the book, each
    // `go` with one `bestmove`, in order.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("go movetime 5000");
    let searched = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(
        !searched.iter().any(|l| l.contains("book move")),
        "{searched:?}"
    );
    let booked = e.until(LONG, |l| l.starts_with("bestmove"));
    assert_eq!(
        booked,
        ["info string book move g1f3", "bestmove g1f3"],
        "{searched:?}"
    );
    let (out, _) = e.sync_uci();
    assert!(!out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
    // Analysis searches.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.contains("book move")));
    assert!(lines.iter().any(|l| l.starts_with("info depth")));
    // BookDepth 1: out of book after the first ply.
    e.send("setoption name BookDepth value 1");
    e.send("go depth 3");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.contains("book move")));
    // A bad file: an error, no book, still playing.
    e.send("setoption name BookFile value /nonexistent/book.bin");
    let (out, _) = e.sync_uci();
    assert!(
        out.iter().any(|l| l.starts_with("info string Error")),
        "{out:?}"
    );
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.contains("book move")));
}

#[cfg(feature = "syzygy")]
#[test]
fn syzygy_tables_are_used_and_bad_paths_reported() {
    let mut e = uci();
    e.send(&format!("setoption name SyzygyPath value {SYZYGY}"));
    let (out, _) = e.sync_uci();
    assert!(out.iter().any(|l| l.contains("up to 4 pieces")), "{out:?}");
    // KQ v K: in the tables.
    e.send("position fen 8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
    e.send("go depth 8");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let tbhits: u64 = lines
        .iter()
        .filter_map(|l| field(l, "tbhits"))
        .map(|v| v.parse::<u64>().unwrap())
        .max()
        .unwrap();
    assert!(tbhits > 0, "{lines:?}");
    e.send("setoption name SyzygyProbeDepth value 4");
    e.send("setoption name SyzygyProbeLimit value 3");
    e.send("setoption name Syzygy50MoveRule value false");
    let (out, _) = e.sync_uci();
    no_errors(&e, &out);
    e.send("setoption name SyzygyPath value /nonexistent/tables");
    let (out, _) = e.sync_uci();
    assert!(
        out.iter().any(|l| l.contains("/nonexistent/tables")),
        "{out:?}"
    );
    e.send("go depth 6");
    let (mv, _) = bestmove(&e.expect("bestmove", LONG));
    play(
        &Position::from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1").unwrap(),
        &mv,
    );
}

/// Damaged table files in the path: the engine says so and keeps playing legal moves, using the
/// intact tables and searching where the damaged ones would have answered.
#[cfg(feature = "syzygy")]
#[test]
fn damaged_tables_are_reported_and_play_goes_on() {
    let dir = std::env::temp_dir().join(format!("outpost-bad-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        std::fs::copy(format!("{SYZYGY}/{name}"), dir.join(name)).unwrap();
    }
    // A garbage WDL table and a truncated DTZ table for KRvK.
    std::fs::write(dir.join("KRvK.rtbw"), vec![0x5Au8; 1000]).unwrap();
    let dtz = std::fs::read(format!("{SYZYGY}/KRvK.rtbz")).unwrap();
    std::fs::write(dir.join("KRvK.rtbz"), &dtz[..dtz.len() / 3]).unwrap();

    let mut e = uci();
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let (out, _) = e.sync_uci();
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string") && l.contains("KRvK")),
        "no message about the damaged KRvK files: {out:?}"
    );
    for fen in [
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 6");
        let (mv, _) = bestmove(&e.expect("bestmove", LONG));
        play(&Position::from_fen(fen).unwrap(), &mv);
    }
    // Still answering after both searches.
    e.sync_uci();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chess960_castling_both_ways_is_sent_king_takes_rook() {
    let mut e = uci();
    e.send("setoption name UCI_Chess960 value true");
    // Castling is the only mate in one (the king is already on its castled square).
    for (fen, uci) in [
        ("2rkr3/2p1p3/8/8/8/8/8/R1K5 w A - 0 1", "c1a1"),
        ("4rkr1/4p1p1/8/8/8/8/8/6KR w H - 0 1", "g1h1"),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 4");
        assert_eq!(bestmove(&e.expect("bestmove", LONG)).0, uci);
    }
}

#[test]
fn bestmove_after_stop_comes_before_readyok() {
    let mut e = uci();
    // Many rounds: the best move is printed by the search thread, and `readyok` by the main
    // loop, so an ordering slip would show up only now and then.
    for _ in 0..30 {
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(20));
        e.send("stop");
        e.send("isready");
        let lines = e.until(LONG, |l| l == "readyok");
        assert!(lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    }
}

/// The search thread prints `bestmove` itself (no wait for the main loop); a GUI that answers
/// it at once, with a `setoption` that needs an idle search, must not find one still running.
#[test]
fn an_option_set_right_after_bestmove_finds_the_search_over() {
    let mut e = uci();
    for round in 0..100 {
        e.send("go depth 1");
        e.expect("bestmove", LONG);
        // Alternating values: each one really resizes the table.
        e.send(&format!("setoption name Hash value {}", 1 + round % 2));
        let (lines, _) = e.sync_uci();
        no_errors(&e, &lines);
    }
}

/// The reader thread stops the search on `stop` before the main loop reaches the line. A
/// `stop` read while the `go` before it is still queued, or while no search runs, must not stop
/// the next search early.
#[test]
fn stop_read_ahead_does_not_cut_short_a_later_search() {
    let mut e = uci();
    e.send("stop");
    e.send("go depth 6");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let depth = |lines: &[String]| {
        lines
            .iter()
            .filter_map(|l| field(l, "depth"))
            .filter_map(|d| d.parse::<i32>().ok())
            .max()
    };
    assert_eq!(depth(&lines), Some(6), "{lines:?}");
    // Both lines in one write: the reader sees `stop` before the main loop starts the search.
    e.send_bytes(b"go infinite\nstop\n");
    e.expect("bestmove", LONG);
    e.send("go depth 6");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    assert_eq!(depth(&lines), Some(6), "{lines:?}");
}

/// A UTF-8 byte-order mark at the head of the input (a command file saved by a Windows editor)
/// does not spoil the first command.
#[test]
fn byte_order_mark_at_the_start_is_skipped() {
    let mut e = Engine::start();
    e.send_bytes(b"\xef\xbb\xbfuci\n");
    let lines = e.until(LONG, |l| l == "uciok");
    assert!(
        !lines.iter().any(|l| l.contains("unknown command")),
        "{lines:?}"
    );
}

/// KRvK is a win the search needs about 30 plies to see as a mate. Before that, failed
/// aspiration windows used to print fail-soft bounds such as `score mate 45 lowerbound` (shown
/// by GUIs as "#45") that no search had proved; a bound line now shows its window edge in
/// centipawns, and only a proven mate is printed as one.
#[cfg(feature = "syzygy")]
#[test]
fn no_unproven_mate_bounds_in_krvk() {
    let _heavy = heavy();
    for tables in [false, true] {
        let mut e = Engine::start();
        e.send("uci");
        e.expect("uciok", LONG);
        e.send("setoption name Threads value 2");
        if tables {
            e.send(&format!("setoption name SyzygyPath value {SYZYGY}"));
        }
        e.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
        e.send("go movetime 2500");
        let lines = e.until(LONG, |l| l.starts_with("bestmove"));
        for l in &lines {
            if let Some(n) = field(l, "mate") {
                assert!(!l.contains("bound"), "unproven mate bound: {l}");
                // KRvK is won for white from here: never a mate against the side to move.
                assert!(n.parse::<i32>().unwrap() > 0, "{l}");
            }
        }
    }
}
