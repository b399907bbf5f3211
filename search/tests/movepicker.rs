//! The move picker hands out every legal move exactly once, whatever the table move, killers
//! and countermove are (legal, illegal, noisy, garbage), in and out of check; in quiescence mode
//! it hands out a duplicate-free subset of the noisy moves.

mod common;

use common::random_position;
use outpost_board::{GenKind, Move, MoveList, Rng};
use outpost_search::history::{History, PieceTo};
use outpost_search::movepicker::MovePicker;

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<u16> {
    let mut v: Vec<u16> = moves.into_iter().map(|m| m.raw()).collect();
    v.sort_unstable();
    v
}

/// A table move, killer or countermove as the search might hold: none, garbage, or legal here.
fn pick_some(rng: &mut Rng, legal: &MoveList) -> Move {
    match rng.below(4) {
        0 => Move::NONE,
        1 => Move::from_raw(rng.next_u64() as u16),
        _ if !legal.is_empty() => legal[rng.below(legal.len())],
        _ => Move::NONE,
    }
}

#[test]
fn every_legal_move_exactly_once() {
    let mut rng = Rng::new(7);
    let mut history = History::new();
    let mut in_check_seen = 0;
    for round in 0..3_000 {
        let pos = random_position(&mut rng, 60);
        let legal = pos.legal_moves();
        if pos.in_check() {
            in_check_seen += 1;
        }
        let tt = pick_some(&mut rng, &legal);
        let killers = [pick_some(&mut rng, &legal), pick_some(&mut rng, &legal)];
        let counter = pick_some(&mut rng, &legal);
        let prev = [PieceTo::NONE; 3];
        let threats = pos.attacks_by(!pos.side_to_move());
        // Vary history so the quiet ordering changes from position to position.
        if legal.len() >= 2 && round % 3 == 0 {
            let quiets: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| !pos.is_noisy(m))
                .collect();
            if let Some(&best) = quiets.first() {
                history.update_quiets(&pos, best, &quiets, 1 + round % 10, prev, threats);
            }
        }
        let mut picker = MovePicker::new(tt, killers, counter, prev);
        assert_eq!(picker.threats(&pos), threats);
        let mut got = Vec::new();
        while let Some(m) = picker.next(&pos, &history) {
            got.push(m);
            assert!(got.len() <= 256, "picker does not end");
        }
        assert_eq!(
            sorted(got.clone()),
            sorted(legal.iter().copied()),
            "{}",
            pos.to_fen()
        );
        if pos.is_legal(tt) {
            assert_eq!(got[0], tt, "the legal table move comes first");
        }
    }
    assert!(
        in_check_seen > 20,
        "too few positions in check ({in_check_seen})"
    );
}

#[test]
fn skipping_quiets_still_yields_all_noisy_moves_once() {
    let mut rng = Rng::new(11);
    let history = History::new();
    for _ in 0..1_000 {
        let pos = random_position(&mut rng, 60);
        let legal = pos.legal_moves();
        let tt = pick_some(&mut rng, &legal);
        let mut picker = MovePicker::new(tt, [Move::NONE; 2], Move::NONE, [PieceTo::NONE; 3]);
        picker.skip_quiets();
        let mut got = Vec::new();
        while let Some(m) = picker.next(&pos, &history) {
            got.push(m);
        }
        let mut noisy = MoveList::new();
        pos.generate(GenKind::Noisy, &mut noisy);
        let mut expected: Vec<Move> = noisy.iter().copied().collect();
        if pos.is_legal(tt) && !pos.is_noisy(tt) {
            expected.push(tt);
        }
        assert_eq!(sorted(got), sorted(expected), "{}", pos.to_fen());
    }
}

#[test]
fn quiescence_mode_yields_good_noisy_moves_once() {
    let mut rng = Rng::new(13);
    let history = History::new();
    let mut total = 0;
    for _ in 0..1_000 {
        let pos = random_position(&mut rng, 60);
        if pos.in_check() {
            continue;
        }
        let legal = pos.legal_moves();
        let tt = pick_some(&mut rng, &legal);
        let mut picker = MovePicker::new_qsearch(tt);
        let mut got = Vec::new();
        while let Some(m) = picker.next(&pos, &history) {
            assert!(
                pos.is_legal(m) && pos.is_noisy(m),
                "{m} in {}",
                pos.to_fen()
            );
            if m != tt {
                assert!(pos.see_ge(m, 0), "losing capture {m} in {}", pos.to_fen());
            }
            got.push(m);
        }
        total += got.len();
        let n = got.len();
        let mut d = sorted(got);
        d.dedup();
        assert_eq!(d.len(), n, "duplicate in {}", pos.to_fen());
    }
    assert!(total > 500);
}
