//! Draw detection seen through whole searches: threefold repetition through the game history,
//! the fifty-move rule (and mate on the hundredth ply still counting), insufficient material.

mod common;

use common::run;
use outpost_board::Position;
use outpost_search::{Score, SearchLimits, SearchOptions, ThreadPool};

fn score_of(search: &ThreadPool, fen: &str, history: Vec<u64>, depth: i32) -> Score {
    let pos = Position::from_fen(fen).unwrap();
    let c = run(
        search,
        pos,
        history,
        SearchLimits::depth(depth),
        SearchOptions::default(),
    );
    c.bestmove().expect("a best move is reported");
    c.last_score().expect("an info line is reported")
}

#[test]
fn threefold_through_the_game_history() {
    // White, a queen down and in check, has one move (Ka2). If the position after it already
    // occurred twice in the game, that move draws; otherwise White is lost.
    let fen = "8/8/8/8/8/2k5/8/K6q w - - 20 60";
    let pos = Position::from_fen(fen).unwrap();
    let after = pos.play(pos.parse_uci_move("a1a2").unwrap()).key();
    let search = ThreadPool::new(1, 16).unwrap();
    let lost = score_of(&search, fen, Vec::new(), 8);
    match lost {
        Score::Cp(cp) => assert!(cp < -500, "{lost:?}"),
        Score::Mate(m) => assert!(m < 0, "{lost:?}"),
    }
    // The repeated position is 3 and 7 plies before the root's child.
    let history = vec![after, 11, 12, 13, after, 14, 15];
    let mut s2 = ThreadPool::new(1, 16).unwrap();
    s2.clear();
    assert_eq!(score_of(&s2, fen, history.clone(), 8), Score::Cp(0));
    // A single earlier occurrence is only a twofold: still lost.
    let once = vec![1, 2, 3, 4, after, 14, 15];
    s2.clear();
    assert_ne!(score_of(&s2, fen, once, 8), Score::Cp(0));
}

#[test]
fn fifty_move_rule_draws_but_mate_on_the_last_move_counts() {
    let search = ThreadPool::new(1, 16).unwrap();
    // A queen up with nothing to capture and no mate in one: the next move ends the game drawn.
    assert_eq!(
        score_of(&search, "7k/8/8/8/8/3K4/8/1Q6 w - - 99 80", Vec::new(), 6),
        Score::Cp(0)
    );
    // The same clock, but Qb8 (or Qh7) is mate: mate wins over the fifty-move draw.
    assert_eq!(
        score_of(&search, "7k/8/6K1/8/8/8/8/1Q6 w - - 99 80", Vec::new(), 6),
        Score::Mate(1)
    );
    // With a fresh clock the first position is a clear win.
    match score_of(&search, "7k/8/8/8/8/3K4/8/1Q6 w - - 0 80", Vec::new(), 6) {
        Score::Cp(cp) => assert!(cp > 500),
        Score::Mate(m) => assert!(m > 0),
    }
}

#[test]
fn insufficient_material_is_a_draw() {
    let search = ThreadPool::new(1, 16).unwrap();
    for fen in [
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1",
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        // Bishops on squares of one colour only.
        "1b6/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert_eq!(
            score_of(&search, fen, Vec::new(), 10),
            Score::Cp(0),
            "{fen}"
        );
    }
}
