//! outpost-eval: static evaluation.
//!
//! PROVISIONAL: material only, so that the search crate can be developed against the final API
//! while the real evaluation is written. The API below is the contract:
//! `Evaluator::new()`, `Evaluator::evaluate(&mut self, &Position) -> i32` (centipawns from the
//! side to move's view), `Evaluator::clear()`, and `trace(&Position) -> String` for `eval`.

use outpost_board::{Color, PieceType, Position};

const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Per-thread evaluator (owns caches such as the pawn hash table).
#[derive(Default)]
pub struct Evaluator {}

impl Evaluator {
    pub fn new() -> Evaluator {
        Evaluator {}
    }

    /// Forgets cached entries (on `ucinewgame`).
    pub fn clear(&mut self) {}

    /// Score in centipawns from the side to move's point of view.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let mut score = 0;
        for kind in PieceType::ALL {
            let v = VALUES[kind.index()];
            score += v * pos.pieces_of(Color::White, kind).count() as i32;
            score -= v * pos.pieces_of(Color::Black, kind).count() as i32;
        }
        score * pos.side_to_move().sign()
    }
}

/// Human-readable breakdown of the evaluation, for the `eval` command.
pub fn trace(pos: &Position) -> String {
    format!("material: {}", Evaluator::new().evaluate(pos))
}
