//! The trainer's net file, loaded by the engine's inference (`outpost_eval::nnue`), evaluates
//! every position exactly as the trainer's own integer forward pass does: the two halves of the
//! forward passes were written apart (the file and the network's definition are shared,
//! `outpost_network`), and this is where they meet: for the shipped shape, another hidden
//! size, and king buckets (whose factoriser the trainer folds into the file).

use outpost_board::{Move, Position, Rng};
use outpost_datafile::Record;
use outpost_eval::nnue::{Network, HIDDEN, SHIPPED_FEATURES};
use outpost_network::FeatureSet;
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

/// Nets of hidden size `H` and feature set `F` from a few seeds: the engine instantiated for
/// them reads the trainer's file and gives its centipawns on every position. A factoriser, which
/// a new net has at zero, gets random weights first, so that the fold is what is checked.
fn engine_and_trainer_agree<const H: usize, const F: u32>() {
    let set = FeatureSet::from_known_id(F);
    for seed in [1, 2, 3] {
        let mut net = Net::with_features(set, H, seed);
        let factor = net.layout().w1.start + set.inputs() * H..net.layout().w1.end;
        let mut rng = Rng::new(seed);
        for w in &mut net.params[factor] {
            *w = 0.05 * (rng.below(2001) as f32 / 1000.0 - 1.0);
        }
        let q = quantise(&net);
        let engine = Network::<H, F>::from_bytes(&q.to_bytes())
            .expect("the engine loads the trainer's file");
        let mut nonzero = 0;
        for pos in positions(seed, 3000) {
            let record = Record::new(&pos, Move::NONE, 0, false, GameResult::Draw, 0);
            let trainer_cp = eval_cp(&q, &Sample::from_record(&record));
            let engine_cp = engine.evaluate_position(&pos);
            assert_eq!(trainer_cp, engine_cp, "{set}, H {H}: {}", pos.to_fen());
            nonzero += usize::from(engine_cp != 0);
        }
        // A net whose every evaluation is 0 would agree trivially.
        assert!(nonzero > 1000, "H {H}: {nonzero}");
    }
}

#[test]
fn engine_and_trainer_give_the_same_centipawns_for_the_shipped_shape() {
    engine_and_trainer_agree::<HIDDEN, SHIPPED_FEATURES>();
}

#[test]
fn engine_and_trainer_give_the_same_centipawns_for_another_hidden_size() {
    engine_and_trainer_agree::<128, SHIPPED_FEATURES>();
}

#[test]
fn engine_and_trainer_give_the_same_centipawns_with_king_buckets() {
    engine_and_trainer_agree::<128, { FeatureSet::KingMirrored4.id() }>();
}
