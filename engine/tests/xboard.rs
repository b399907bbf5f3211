//! End-to-end tests of the CECP (xboard protocol 2) dialog, driving the real binary.

mod common;

use common::*;
use outpost_board::{Move, Position};
use std::collections::HashMap;
use std::time::{Duration, Instant};

fn xboard() -> Engine {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1", LONG);
    e
}

/// Reads a CECP move sent by the engine (coordinates, or O-O/O-O-O in Chess960).
fn parse_move(pos: &Position, text: &str) -> Move {
    let m = pos
        .parse_uci_move(text)
        .or_else(|_| pos.parse_san(text))
        .unwrap_or_else(|e| panic!("engine move {text} in {}: {e}", pos.to_fen()));
    m
}

#[test]
fn handshake_features() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until(LONG, |l| l == "feature done=1");
    assert_eq!(lines[0], "feature done=0");
    let all = lines.join(" ");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "time=1",
        "draw=0",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "colors=0",
        "myname=\"Outpost ",
        "variants=\"normal,fischerandom\"",
        "name=1",
        "memory=1",
        "smp=1",
        "option=\"Hash -spin 16 1 65536\"",
        "option=\"ClearHash -button\"",
        "option=\"MoveOverhead -spin 30 0 5000\"",
        "option=\"BookFile -file\"",
        #[cfg(feature = "syzygy")]
        "option=\"SyzygyPath -path\"",
        #[cfg(feature = "syzygy")]
        "egt=\"syzygy\"",
    ] {
        assert!(all.contains(f), "missing {f}: {all}");
    }
}

/// Two engine processes play a game by clock; returns the number of plies and the end.
fn play_game(variant: &str, setup: Option<&str>, max_plies: usize) -> (usize, String, usize) {
    let _heavy = heavy();
    let mut sides = [xboard(), xboard()];
    let start = match setup {
        Some(fen) => Position::from_fen(fen).unwrap(),
        None => Position::startpos(),
    };
    let level = "level 0 0:05 0.05";
    let mut clocks = [500i64, 500i64]; // centiseconds
    for e in sides.iter_mut() {
        e.send("new");
        if variant != "normal" {
            e.send(&format!("variant {variant}"));
        }
        e.send("force");
        if let Some(fen) = setup {
            e.send(&format!("setboard {fen}"));
        }
        e.send(level);
        e.send("post");
        // Pondering has its own test; here it would make both engines compete for the cores.
        e.send("easy");
        e.sync_xboard(1);
    }
    let mut pos = start;
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut castlings = 0;
    let mut end = String::from("ply limit");
    let mut plies = 0;
    for ply in 0..max_plies {
        let me = ply % 2;
        let e = &mut sides[me];
        e.send(&format!("time {}", clocks[me]));
        e.send(&format!("otim {}", clocks[1 - me]));
        let t = Instant::now();
        if ply < 2 {
            e.send("go");
        }
        let line = e.expect("move ", LONG);
        let spent = t.elapsed().as_millis() as i64 / 10;
        clocks[me] -= spent;
        if clocks[me] <= 0 {
            e.fail(&format!("lost on time at ply {ply}"));
        }
        clocks[me] += 5;
        let text = line["move ".len()..].to_string();
        let m = parse_move(&pos, &text);
        if m.is_castling() {
            castlings += 1;
            if variant == "fischerandom" {
                assert!(text.starts_with("O-O"), "960 castling sent as {text}");
            }
        }
        pos = pos.play(m);
        plies += 1;
        let other = &mut sides[1 - me];
        if ply >= 1 {
            other.send(&format!("time {}", clocks[1 - me]));
            other.send(&format!("otim {}", clocks[me]));
        }
        other.send(&format!("usermove {text}"));
        let count = seen.entry(pos.key()).or_insert(0);
        *count += 1;
        if over_by_rule(&pos) || *count >= 3 {
            // The mover claims the result right after its move.
            let claim = sides[me]
                .until(Duration::from_secs(5), |l| l.contains(" {"))
                .pop()
                .unwrap();
            assert!(
                ["1-0 {", "0-1 {", "1/2-1/2 {"]
                    .iter()
                    .any(|r| claim.starts_with(r)),
                "expected a result claim, got {claim}"
            );
            end = claim;
            break;
        }
    }
    for e in sides.iter_mut() {
        e.send("result * {test over}");
        e.sync_xboard(9);
        e.send("quit");
        assert!(e.wait_exit(Duration::from_secs(5)).is_some());
    }
    (plies, end, castlings)
}

#[test]
fn a_full_game_by_clock_between_two_engines() {
    let (plies, end, _) = play_game("normal", None, 200);
    eprintln!("xboard game: {plies} plies, {end}");
    assert!(plies >= 20);
}

/// A Chess960 game whose first move must be O-O: White's king stands on g1 beside its h1 rook
/// (the h-file right), the rook on f8 covers f1 and f2, the pawn on h3 covers g2 and blocks
/// h2, so castling (the rook to f1, the king staying) is White's only legal move. The engine
/// must send it as `O-O` and the other engine must take it as the opponent's move; the game then
/// goes on by clock.
#[test]
fn a_chess960_game_with_o_o_castling() {
    const ONLY_O_O: &str = "k4r2/8/8/8/8/7p/7P/6KR w H - 0 1";
    let start = Position::from_fen(ONLY_O_O).unwrap();
    let legal = start.legal_moves();
    assert_eq!(legal.len(), 1, "{ONLY_O_O}");
    assert!(legal[0].is_castling(), "{ONLY_O_O}");
    let (plies, end, castlings) = play_game("fischerandom", Some(ONLY_O_O), 100);
    eprintln!("xboard 960 game: {plies} plies, {castlings} castlings, {end}");
    // `play_game` fails unless each castling is sent as O-O/O-O-O and the other engine takes it
    // as `usermove O-O` (one that refused it would answer `go` with a White move, which does
    // not parse in the position after O-O). Here the first move can only be O-O.
    assert!(castlings >= 1, "no castling in {plies} plies ({end})");
    assert!(
        plies >= 2,
        "Black never answered O-O: {plies} plies ({end})"
    );
}

#[test]
fn chess960_castling_both_ways_is_accepted() {
    let mut e = xboard();
    e.send("new");
    e.send("variant fischerandom");
    e.send("force");
    e.send("setboard 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
    e.send("usermove O-O");
    e.send("usermove O-O-O");
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Fen: 2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w ")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")));
    // King-takes-rook coordinates too.
    e.send("setboard 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
    e.send("usermove f1b1");
    e.send("usermove f8g8");
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Fen: 1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 w ")),
        "{lines:?}"
    );
}

#[test]
fn analysis_with_multipv_3_until_exit() {
    let mut e = xboard();
    e.send("option MultiPV=3");
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    // Thinking lines: depth score time nodes ... pv. Collect until depth 6 shows 3 lines.
    let mut by_depth: HashMap<u32, Vec<String>> = HashMap::new();
    let deadline = Instant::now() + LONG;
    while Instant::now() < deadline {
        let l = e.next_line(LONG).unwrap();
        let words: Vec<&str> = l.split_whitespace().collect();
        if let Some(d) = words.first().and_then(|w| w.parse::<u32>().ok()) {
            let pv = l.split('\t').nth(1).unwrap_or("").to_string();
            let first = pv.split_whitespace().next().unwrap_or("").to_string();
            by_depth.entry(d).or_default().push(first);
            if d == 6 && by_depth[&6].len() >= 3 {
                break;
            }
        }
    }
    let mut firsts = by_depth[&6].clone();
    firsts.sort();
    firsts.dedup();
    assert!(firsts.len() >= 3, "{firsts:?}");
    // A move in analysis mode restarts the analysis of the new position.
    e.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(200));
    e.send("exit");
    let (_, t) = e.sync_xboard(5);
    eprintln!("pong after exit in {t:?}");
    // Nothing more after leaving analysis.
    let after = e.collect_for(Duration::from_millis(300));
    assert!(after.is_empty(), "{after:?}");
}

/// Sends `ping`s while the engine thinks on its own move (with `st 30`, far from its end) and
/// checks that within `window` neither a `pong` nor a move comes (thinking lines may).
fn pings_wait(e: &mut Engine, numbers: &[u32], window: Duration) {
    for n in numbers {
        e.send(&format!("ping {n}"));
    }
    let early = e.collect_for(window);
    if early
        .iter()
        .any(|l| l.starts_with("pong ") || l.starts_with("move "))
    {
        e.fail(&format!("answered before the move: {early:?}"));
    }
}

/// Reads up to the last expected `pong` and checks the order: the move first, then each `pong`
/// in the order of the pings.
fn move_then_pongs(e: &mut Engine, numbers: &[u32], timeout: Duration) -> String {
    let last = format!("pong {}", numbers.last().unwrap());
    let lines = e.until(timeout, |l| l == last);
    let mut wanted: Vec<String> = numbers.iter().map(|n| format!("pong {n}")).collect();
    let got: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("move ") || l.starts_with("pong "))
        .collect();
    let mv = got.first().filter(|l| l.starts_with("move ")).cloned();
    let Some(mv) = mv else {
        e.fail(&format!("no move before the pongs: {got:?}"));
    };
    wanted.insert(0, mv.clone());
    let got: Vec<String> = got.into_iter().cloned().collect();
    if got != wanted {
        e.fail(&format!("expected {wanted:?}, got {got:?}"));
    }
    mv[5..].to_string()
}

/// CECP: `pong N` only once every command before `ping N` is carried out; after a `go` that is
/// once its move is sent. `?` still moves at once, and both pongs follow it, in order.
#[test]
fn ping_while_thinking_is_answered_after_the_move_and_move_now_works() {
    let mut e = xboard();
    e.send("new");
    e.send("st 30");
    e.send("go");
    std::thread::sleep(Duration::from_millis(300));
    pings_wait(&mut e, &[100, 101], Duration::from_millis(500));
    let t = Instant::now();
    e.send("?");
    let mv = move_then_pongs(&mut e, &[100, 101], Duration::from_secs(2));
    eprintln!("move and pongs {:?} after '?'", t.elapsed());
    parse_move(&Position::startpos(), &mv);
    // The search is over: a ping is answered at once again (after `force`, no pondering).
    e.send("force");
    let (lines, t) = e.sync_xboard(102);
    assert!(lines.is_empty(), "{lines:?}");
    assert!(t < Duration::from_millis(500), "{t:?}");
}

/// A search that ends by itself: the move comes before the `pong` of a ping sent right after
/// `go`, and a ping while the engine ponders on the opponent's time is answered at once.
#[test]
fn ping_after_go_waits_for_a_short_search_and_not_for_pondering() {
    let mut e = xboard();
    e.send("new");
    e.send("hard");
    e.send("st 0.5");
    e.send("go");
    e.send("ping 1");
    let mv = move_then_pongs(&mut e, &[1], LONG);
    parse_move(&Position::startpos(), &mv);
    // Now it ponders (st 0.5 leaves it no depth limit): nothing of the game is pending.
    let (lines, t) = e.sync_xboard(2);
    assert!(!lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    assert!(
        t < Duration::from_millis(500),
        "pong while pondering after {t:?}"
    );
    e.send("easy");
    e.send("force");
    e.sync_xboard(3);
}

/// A `usermove` that makes it the engine's turn starts its move the way `go` does.
#[test]
fn ping_after_a_usermove_that_starts_the_engines_move_waits_for_it() {
    let mut e = xboard();
    e.send("new");
    e.send("st 30");
    e.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(200));
    pings_wait(&mut e, &[7], Duration::from_millis(500));
    e.send("?");
    let mv = move_then_pongs(&mut e, &[7], Duration::from_secs(2));
    let pos = Position::startpos();
    parse_move(&pos.play(pos.parse_uci_move("e2e4").unwrap()), &mv);
}

/// Lines after a waiting ping are still carried out: `force` abandons the move (no move is
/// sent) and the waiting pong follows at once; `quit` sends the move, then the pongs, and exits.
#[test]
fn force_and_quit_after_a_waiting_ping() {
    let mut e = xboard();
    e.send("new");
    e.send("st 30");
    e.send("go");
    pings_wait(&mut e, &[1], Duration::from_millis(300));
    e.send("force");
    let lines = e.until(Duration::from_secs(2), |l| l == "pong 1");
    assert!(!lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    e.send("go");
    pings_wait(&mut e, &[2, 3], Duration::from_millis(300));
    e.send("quit");
    move_then_pongs(&mut e, &[2, 3], Duration::from_secs(5));
    assert!(e.wait_exit(Duration::from_secs(5)).is_some());
}

/// While analysing, `ping` is answered at once: no move is pending.
#[test]
fn ping_while_analysing_is_answered_at_once() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("post");
    e.send("analyze");
    std::thread::sleep(Duration::from_millis(300));
    let (_, t) = e.sync_xboard(1);
    eprintln!("ping while analysing: pong after {t:?}");
    assert!(
        t < Duration::from_millis(500),
        "pong in analysis after {t:?}"
    );
    e.send("exit");
    e.sync_xboard(2);
}

#[test]
fn pondering_hit_and_miss() {
    let _heavy = heavy();
    let mut e = xboard();
    e.send("new");
    e.send("hard");
    e.send("post");
    e.send("level 0 0:05 0.05");
    e.send("time 500");
    e.send("otim 500");
    e.send("go");
    let lines = e.until(LONG, |l| l.starts_with("move "));
    let mv = &lines.last().unwrap()[5..];
    let mut pos = Position::startpos();
    pos = pos.play(parse_move(&pos, mv));
    // The expected reply is the second move of the last PV.
    let last_pv = lines
        .iter()
        .rev()
        .find(|l| l.contains('\t'))
        .expect("a thinking line");
    let predicted = last_pv
        .split('\t')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    e.send("time 480");
    e.send("otim 470");
    e.send(&format!("usermove {predicted}"));
    let line = e.expect("move ", LONG);
    pos = pos.play(parse_move(&pos, predicted));
    pos = pos.play(parse_move(&pos, &line[5..]));
    // A miss: play some other legal move.
    let lines = e.collect_for(Duration::from_millis(300));
    assert!(!lines.iter().any(|l| l.starts_with("move")));
    let other = pos.legal_moves().as_slice()[0];
    e.send("time 450");
    e.send("otim 440");
    e.send(&format!("usermove {}", other.to_uci(false)));
    pos = pos.play(other);
    let line = e.expect("move ", LONG);
    parse_move(&pos, &line[5..]);
    e.send("easy");
    e.send("force");
    e.sync_xboard(3);
}

#[test]
fn claims_mate_and_draws_after_its_move() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("sd 4");
    e.send("go");
    assert_eq!(e.expect("move ", LONG), "move d1d8");
    assert_eq!(e.next_line(LONG).unwrap(), "1-0 {White mates}");
    // Asked to move when already mated: the result instead of a move.
    e.send("new");
    e.send("force");
    e.send("setboard 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go");
    let (lines, _) = e.sync_xboard(1);
    assert_eq!(lines, ["1-0 {White mates}"]);
}

#[test]
fn undo_remove_and_setboard() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("usermove g1f3");
    e.send("undo");
    e.send("remove");
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ")));
    e.send("setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    e.send("sd 3");
    e.send("go");
    let line = e.expect("move ", LONG);
    parse_move(
        &Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap(),
        &line[5..],
    );
}

/// CECP's `perft N stats`: the same table as in UCI, errors as `Error (...)`.
#[test]
fn perft_stats_and_its_errors() {
    let mut e = xboard();
    e.send("new");
    e.send("perft 4 stats");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    let total: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("total"))
        .unwrap()
        .split_whitespace()
        .collect();
    // The start position at depth 4: 469 checks, 8 of them mates.
    assert_eq!(
        total,
        ["total", "197281", "1576", "0", "0", "0", "469", "0", "0", "8"]
    );
    for bad in [
        "perft 2 stats fen 9/8/8/8/8/8/8/8 w - - 0 1",
        "perft 2 statistics",
        "perft 99 stats",
    ] {
        e.send(bad);
        let line = e.expect("Error (", LONG);
        assert!(line.ends_with(bad), "{line}");
    }
    e.send("ping 3");
    e.expect("pong 3", LONG);
}

#[test]
fn memory_cores_and_options() {
    let mut e = xboard();
    e.send("memory 32");
    e.send("cores 2");
    e.send("option Move Overhead=50");
    e.send("option MoveOverhead=40");
    e.send("option Clear Hash");
    e.send("option MultiPV=1");
    let (mut lines, _) = e.sync_xboard(1);
    // On a one-core machine `cores 2` draws a comment about sharing the core; that is all.
    lines.retain(|l| !l.starts_with("# Threads 2 is more than"));
    assert!(lines.is_empty(), "{lines:?}");
    e.send("new");
    e.send("sd 5");
    e.send("go");
    e.expect("move ", LONG);
}

#[cfg(feature = "syzygy")]
#[test]
fn egtpath_and_book_options() {
    let mut e = xboard();
    let syzygy = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/syzygy/regular");
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/polyglot/performance.bin"
    );
    e.send(&format!("egtpath syzygy {syzygy}"));
    e.send("option OwnBook=1");
    e.send(&format!("option BookFile={book}"));
    let (lines, _) = e.sync_xboard(1);
    assert!(
        lines.iter().any(|l| l.contains("up to 4 pieces")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("92954 entries")),
        "{lines:?}"
    );
    e.send("new");
    e.send("go");
    // The book's move is the engine's move like a search's: a ping after `go` is answered
    // after it.
    e.send("ping 7");
    let lines = e.until(LONG, |l| l.starts_with("move "));
    assert!(
        lines.iter().any(|l| l.starts_with("# book move")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l == "pong 7"), "{lines:?}");
    parse_move(&Position::startpos(), &lines.last().unwrap()[5..]);
    e.expect("pong 7", LONG);
    e.send("egtpath gaviota /tmp");
    let (lines, _) = e.sync_xboard(2);
    assert!(lines.iter().any(|l| l.starts_with("Error (")), "{lines:?}");
}

#[test]
fn every_offered_option_can_be_set_and_memory_changes_mid_session() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until(LONG, |l| l == "feature done=1");
    let mut count = 0;
    for l in lines.iter().filter(|l| l.starts_with("feature option=\"")) {
        let body = l["feature option=\"".len()..].trim_end_matches('"');
        let (name, kind) = body.split_once(" -").unwrap();
        let value = match kind.split_whitespace().next().unwrap() {
            "spin" => {
                let nums: Vec<i64> = kind
                    .split_whitespace()
                    .skip(1)
                    .map(|n| n.parse().unwrap())
                    .collect();
                Some(
                    // default, min, max: a small step above the minimum (UCI_Elo starts at
                    // 1320), never more than the machine can afford for memory or cores.
                    if nums[0] < nums[2] {
                        (nums[0] + 1).min(nums[2]).min(nums[1] + 63)
                    } else {
                        nums[1]
                    }
                    .to_string(),
                )
            }
            "check" => Some(if kind.ends_with('0') { "1" } else { "0" }.to_string()),
            "button" => None,
            _ => Some(String::new()),
        };
        match value {
            Some(v) => e.send(&format!("option {name}={v}")),
            None => e.send(&format!("option {name}")),
        }
        count += 1;
        let (out, _) = e.sync_xboard(count);
        assert!(
            !out.iter().any(|l| l.starts_with("Error")),
            "{name}: {out:?}"
        );
    }
    assert!(count >= 9, "{count} options");
    e.send("new");
    e.send("sd 6");
    e.send("go");
    let line = e.expect("move ", LONG);
    let mut pos = Position::startpos();
    pos = pos.play(parse_move(&pos, &line[5..]));
    e.send("force");
    e.send("memory 64");
    e.send("cores 2");
    let (out, t) = e.sync_xboard(1000);
    eprintln!("memory 64 + cores 2: pong after {t:?}");
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    let reply = pos.legal_moves().as_slice()[0];
    e.send(&format!("usermove {}", reply.to_uci(false)));
    pos = pos.play(reply);
    e.send("go");
    let line = e.expect("move ", LONG);
    parse_move(&pos, &line[5..]);
}

/// `variant normal`: a castling right without the king on e1/e8 or the rook in the corner is
/// dropped with an `Error (...)` naming it; `variant fischerandom` keeps it.
#[test]
fn setboard_drops_castling_rights_only_chess960_has_in_variant_normal() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
    e.send("d");
    let lines = e.until(LONG, |l| l.starts_with("Checkers"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (castling right K dropped") && l.contains("g1")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: 4k3/8/8/8/8/8/8/4K1R1 w - - 0 1"),
        "{lines:?}"
    );
    e.send("perft 1");
    assert_eq!(e.expect("Nodes searched", LONG), "Nodes searched: 14");
    e.send("new");
    e.send("variant fischerandom");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
    e.send("perft 1");
    let lines = e.until(LONG, |l| l.starts_with("Nodes searched"));
    assert!(!lines.iter().any(|l| l.contains("dropped")), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 15", "{lines:?}");
}

/// Chess960 positions where castling is the only mate in one, so the engine must send it: the
/// king already stands on its castled square and the rook alone moves (O-O-O: Kc1 Ra1; O-O:
/// Kg1 Rh1).
const CASTLING_MATES: [(&str, &str, &str); 2] = [
    ("2rkr3/2p1p3/8/8/8/8/8/R1K5 w A - 0 1", "O-O-O", "c1a1"),
    ("4rkr1/4p1p1/8/8/8/8/8/6KR w H - 0 1", "O-O", "g1h1"),
];

#[test]
fn chess960_castling_both_ways_is_sent_as_o_o() {
    let mut e = xboard();
    for (fen, san, _) in CASTLING_MATES {
        e.send("new");
        e.send("variant fischerandom");
        e.send("force");
        e.send(&format!("setboard {fen}"));
        e.send("sd 4");
        e.send("go");
        assert_eq!(e.expect("move ", LONG), format!("move {san}"));
        assert_eq!(e.next_line(LONG).unwrap(), "1-0 {White mates}");
    }
}

/// Bad time and depth settings are refused with `Error (...)` and leave the earlier settings in
/// force, so `go` and a `usermove` still get a move: an xboard GUI waits for one.
#[test]
fn bad_limits_still_give_a_move() {
    for bad in [
        "st abc",
        "st -1",
        "sd -1",
        "sd x",
        "time abc",
        "otim def",
        "time 99999999999999999999999",
        "level 40 abc 0",
        "level x y z",
    ] {
        let mut e = xboard();
        e.send("new");
        e.send("st 0.2");
        e.send(bad);
        let (lines, _) = e.sync_xboard(1);
        assert!(
            lines.iter().any(|l| l.starts_with("Error (")),
            "{bad}: {lines:?}"
        );
        e.send("go");
        let mv = e.expect("move ", Duration::from_secs(20));
        let pos = Position::startpos();
        let m = parse_move(&pos, mv.trim_start_matches("move "));
        // Answer it, and the engine must reply to our move as well.
        let pos = pos.play(m);
        let reply = pos.legal_moves()[0];
        e.send(&format!("usermove {}", reply.to_uci(false)));
        let mv = e.expect("move ", Duration::from_secs(20));
        parse_move(&pos.play(reply), mv.trim_start_matches("move "));
    }
}
