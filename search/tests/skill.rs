//! The strength handicap through the public API: it keeps to its node budget, answers legally
//! from one of the lines it searched, varies its choice at weak levels, and does not depend on
//! the number of threads.

mod common;

use common::{random_position, run, Collector};
use outpost_board::{Move, Position, Rng};
use outpost_search::{SearchLimits, SearchOptions, Skill, ThreadPool};
use std::sync::Arc;

fn handicapped(elo: i32, seed: u64) -> SearchOptions {
    SearchOptions {
        skill: Some(Skill::new(elo, seed)),
        ..SearchOptions::default()
    }
}

/// A search of a fresh table to at most depth 10, so each result depends on its inputs only
/// (the node budgets of the levels used here end it first, except where a test says).
fn play(search: &mut ThreadPool, pos: Position, options: SearchOptions) -> Arc<Collector> {
    play_to(search, pos, options, 10)
}

fn play_to(
    search: &mut ThreadPool,
    pos: Position,
    options: SearchOptions,
    depth: i32,
) -> Arc<Collector> {
    search.clear();
    let limits = SearchLimits::depth(depth);
    let c = run(search, pos, Vec::new(), limits, options);
    let (best, _) = c.bestmove().expect("a best move");
    assert!(pos.is_legal(best), "illegal {best} in {}", pos.to_fen());
    c
}

fn best(c: &Collector) -> Move {
    c.bestmove().expect("a best move").0
}

#[test]
fn the_node_budget_holds_once_depth_one_is_done() {
    let mut search = ThreadPool::new(1, 16).unwrap();
    let mut rng = Rng::new(11);
    let skill = Skill::new(1800, 1);
    for _ in 0..20 {
        let pos = random_position(&mut rng, 30);
        let c = play_to(&mut search, pos, handicapped(1800, 1), 64);
        let infos = c.infos.lock();
        let last = infos.last().expect("a report");
        // Depth 1 is finished whatever it costs; the budget applies from then on.
        let depth_one = infos.iter().filter(|i| i.depth == 1).map(|i| i.nodes).max();
        let budget = skill.nodes().max(depth_one.unwrap_or(0));
        assert!(
            last.nodes <= budget + 1,
            "{} nodes for a budget of {} in {}",
            last.nodes,
            budget,
            pos.to_fen()
        );
        assert!(infos.iter().all(|i| i.depth >= 1));
    }
}

#[test]
fn the_move_played_is_one_of_the_lines_searched_and_reported_last() {
    let mut search = ThreadPool::new(1, 16).unwrap();
    let mut rng = Rng::new(12);
    for seed in 0..20 {
        let pos = random_position(&mut rng, 30);
        let c = play(&mut search, pos, handicapped(1500, seed));
        let played = best(&c);
        let infos = c.infos.lock();
        let depth = infos.last().unwrap().depth;
        assert!(
            infos.iter().any(|i| i.depth == depth && i.pv[0] == played),
            "{played} was not among the lines of depth {depth}"
        );
        let last_first_line = infos.iter().rev().find(|i| i.multipv == 1).unwrap();
        assert_eq!(last_first_line.pv[0], played, "last first line differs");
    }
}

#[test]
fn weak_levels_vary_their_choice_and_full_strength_does_not() {
    let mut search = ThreadPool::new(1, 16).unwrap();
    let pos =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
    let mut weak = Vec::new();
    let mut strong = Vec::new();
    for seed in 0..12 {
        weak.push(best(&play(&mut search, pos, handicapped(1320, seed))));
        strong.push(best(&play_to(&mut search, pos, handicapped(2800, seed), 6)));
    }
    weak.sort_by_key(|m| m.to_uci(false).to_string());
    weak.dedup();
    strong.dedup();
    assert!(weak.len() >= 3, "1320 played only {weak:?}");
    assert_eq!(strong.len(), 1, "2800 varied: {strong:?}");
}

#[test]
fn threads_do_not_change_a_handicapped_answer() {
    let mut one = ThreadPool::new(1, 16).unwrap();
    let mut two = ThreadPool::new(2, 16).unwrap();
    let mut rng = Rng::new(13);
    for seed in 0..10 {
        let pos = random_position(&mut rng, 30);
        let a = play(&mut one, pos, handicapped(2000, seed));
        let b = play(&mut two, pos, handicapped(2000, seed));
        assert_eq!(best(&a), best(&b), "in {}", pos.to_fen());
    }
}
