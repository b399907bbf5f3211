//! The trainer's net file, loaded by the engine's inference (`outpost_eval::nnue`), evaluates
//! every position exactly as the trainer's own integer forward pass does: the two halves of the
//! pipeline were written apart from one spec (docs/nnue.md), and this is where they meet.

use outpost_board::{Move, Position, Rng};
use outpost_datafile::Record;
use outpost_eval::nnue::Network;
use outpost_trainer::data::Sample;
use outpost_trainer::net::Net;
use outpost_trainer::quant::QuantNet;
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

#[test]
fn engine_and_trainer_give_the_same_centipawns() {
    for seed in [1, 2, 3] {
        let q = QuantNet::from_float(&Net::new(256, seed));
        let engine =
            Network::from_bytes(&q.to_bytes()).expect("the engine loads the trainer's file");
        let mut nonzero = 0;
        for pos in positions(seed, 3000) {
            let record = Record::new(&pos, Move::NONE, 0, false, GameResult::Draw, 0);
            let trainer_cp = q.eval_cp(&Sample::from_record(&record));
            let engine_cp = engine.evaluate_position(&pos);
            assert_eq!(trainer_cp, engine_cp, "{}", pos.to_fen());
            nonzero += usize::from(engine_cp != 0);
        }
        // A net whose every evaluation is 0 would agree trivially.
        assert!(nonzero > 1000, "{nonzero}");
    }
}
