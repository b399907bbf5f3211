//! The trainer's net file, loaded by the engine's inference (`outpost_eval::nnue`), evaluates
//! every position exactly as the trainer's own integer forward pass does: the two halves of the
//! forward passes were written apart (the file and the network's definition are shared,
//! `outpost_network`), and this is where they meet: for the shipped shape and another hidden
//! size.

use outpost_board::{Move, Position, Rng};
use outpost_datafile::Record;
use outpost_eval::nnue::{Network, HIDDEN};
use outpost_trainer::data::Sample;
use outpost_trainer::net::Net;
use outpost_trainer::quant::{eval_cp, quantise};
use outpost_types::GameResult;

/// Positions from random games, both sides to move, openings to bare endgames.
fn positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
            out.push(pos);
        }
    }
    out.truncate(count);
    out
}

/// Nets of hidden size `H` from a few seeds: the engine instantiated for `H` reads the
/// trainer's file and gives its centipawns on every position.
fn engine_and_trainer_agree<const H: usize>() {
    for seed in [1, 2, 3] {
        let q = quantise(&Net::new(H, seed));
        let engine =
            Network::<H>::from_bytes(&q.to_bytes()).expect("the engine loads the trainer's file");
        let mut nonzero = 0;
        for pos in positions(seed, 3000) {
            let record = Record::new(&pos, Move::NONE, 0, false, GameResult::Draw, 0);
            let trainer_cp = eval_cp(&q, &Sample::from_record(&record));
            let engine_cp = engine.evaluate_position(&pos);
            assert_eq!(trainer_cp, engine_cp, "H {H}: {}", pos.to_fen());
            nonzero += usize::from(engine_cp != 0);
        }
        // A net whose every evaluation is 0 would agree trivially.
        assert!(nonzero > 1000, "H {H}: {nonzero}");
    }
}

#[test]
fn engine_and_trainer_give_the_same_centipawns_for_the_shipped_shape() {
    engine_and_trainer_agree::<HIDDEN>();
}

#[test]
fn engine_and_trainer_give_the_same_centipawns_for_another_hidden_size() {
    engine_and_trainer_agree::<128>();
}
