//! The evaluation is exactly symmetric: swapping colours (with the side to move) or mirroring
//! the board between the wings (without castling rights, which are not symmetric between the
//! wings) never changes the score for the side to move.

mod common;

use common::{colour_flipped, mirrored, positions, without_castling};
use outpost_eval::Evaluator;

#[test]
fn colour_flip_keeps_the_score() {
    let mut ev = Evaluator::new();
    let mut nonzero = 0;
    for pos in positions(10_000, 0x5EED) {
        let a = ev.evaluate(&pos);
        let flipped = colour_flipped(&pos);
        let b = ev.evaluate(&flipped);
        assert_eq!(a, b, "{} vs {}", pos.to_fen(), flipped.to_fen());
        nonzero += (a != 0) as usize;
    }
    // Guards against a degenerate evaluation passing trivially.
    assert!(nonzero > 9_000, "only {nonzero} non-zero scores");
}

#[test]
fn mirror_keeps_the_score() {
    let mut ev = Evaluator::new();
    for pos in positions(10_000, 0xFACE) {
        let pos = without_castling(&pos);
        let a = ev.evaluate(&pos);
        let m = mirrored(&pos);
        assert_eq!(a, ev.evaluate(&m), "{} vs {}", pos.to_fen(), m.to_fen());
    }
}

#[test]
fn the_pawn_cache_changes_nothing() {
    // A fresh evaluator per position computes every pawn entry; one shared evaluator mostly hits.
    let mut shared = Evaluator::new();
    for pos in positions(2_000, 0xCAFE) {
        let cached = shared.evaluate(&pos);
        let fresh = Evaluator::new().evaluate(&pos);
        assert_eq!(cached, fresh, "{}", pos.to_fen());
    }
}
