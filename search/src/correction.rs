//! Correction history: how far the static evaluation has been off, remembered by pawn structure.
//!
//! When a node's search result is a trustworthy bound on the other side of its static
//! evaluation (a fail high above it, a fail low below it, or an exact score), the difference is
//! an error of the evaluation in this kind of position. Positions with the same pawns share
//! much of their evaluation error (a blocked centre, a weak pawn the evaluation misjudges), so
//! the error is averaged per (side to move, pawn key) and added to later static evaluations
//! with the same pawns. Better static evaluations make every eval-based pruning step sharper.
//! Stockfish, Viridithas and Carp all keep such a table.
//!
//! Like the move-ordering tables, each search thread owns one, so none of it is atomic.

use crate::score::TB_WIN_IN_MAX;
use outpost_board::Position;

/// Entries per side; a power of two so the pawn key's low bits index it.
const SIZE: usize = 16_384;
/// Entries hold centipawns times `GRAIN`, so small weighted steps are not lost to rounding.
const GRAIN: i32 = 256;
/// Weights are out of this.
const WEIGHT_SCALE: i32 = 256;
/// The heaviest weight one result gets: a deep search is better evidence than a shallow one.
const WEIGHT_MAX: i32 = 128;
/// The largest correction, in centipawns: the table nudges the evaluation, never replaces it.
const MAX_CORRECTION: i32 = 32;

/// The per-thread table of evaluation errors.
pub struct Correction {
    /// [side to move][pawn key % SIZE], centipawns times GRAIN.
    pawn: Vec<[i32; SIZE]>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            pawn: vec![[0; SIZE]; 2],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        for side in self.pawn.iter_mut() {
            *side = [0; SIZE];
        }
    }

    #[inline(always)]
    fn slot(pos: &Position) -> (usize, usize) {
        (
            pos.side_to_move().index(),
            (pos.pawn_key() as usize) & (SIZE - 1),
        )
    }

    /// `raw`, the evaluator's score, corrected by what the table learned for this position's
    /// pawns; never into the range of tablebase and mate scores.
    #[inline(always)]
    pub fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        let (side, i) = Correction::slot(pos);
        (raw + self.pawn[side][i] / GRAIN).clamp(-TB_WIN_IN_MAX + 1, TB_WIN_IN_MAX - 1)
    }

    /// Learns from a search at `depth` that found `score` where the evaluator said `raw`; the
    /// caller has checked that the score's bound makes the difference meaningful.
    #[inline]
    pub fn update(&mut self, pos: &Position, raw: i32, score: i32, depth: i32) {
        let (side, i) = Correction::slot(pos);
        let weight = (depth * depth + 2 * depth + 1).min(WEIGHT_MAX);
        let target = (score - raw).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let entry = &mut self.pawn[side][i];
        *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn an_empty_table_changes_nothing() {
        let c = Correction::new();
        let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(c.corrected(&p, 37), 37);
        assert_eq!(c.corrected(&p, -5), -5);
    }

    #[test]
    fn errors_move_the_evaluation_toward_the_results_and_stay_bounded() {
        let mut c = Correction::new();
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        // Searches keep finding +100 where the evaluator says 0.
        for _ in 0..50 {
            c.update(&p, 0, 100, 12);
        }
        let v = c.corrected(&p, 0);
        // Integer steps stop a unit short of the bound.
        assert!((MAX_CORRECTION - 1..=MAX_CORRECTION).contains(&v), "{v}");
        // Same pawns, other pieces: shared; other side to move: not.
        let q = pos("4k3/pp6/8/3n4/8/8/PP6/4K1N1 w - - 0 1");
        assert_eq!(c.corrected(&q, 10), 10 + v);
        let b = pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1");
        assert_eq!(c.corrected(&b, 10), 10);
        // A shallow result moves the entry less than a deep one.
        let mut shallow = Correction::new();
        let mut deep = Correction::new();
        shallow.update(&p, 0, -20, 1);
        deep.update(&p, 0, -20, 10);
        assert!(deep.corrected(&p, 0) < shallow.corrected(&p, 0));
        c.clear();
        assert_eq!(c.corrected(&p, 0), 0);
    }

    #[test]
    fn never_reaches_decisive_scores() {
        let mut c = Correction::new();
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        for _ in 0..50 {
            c.update(&p, 0, 100, 12);
        }
        assert_eq!(c.corrected(&p, TB_WIN_IN_MAX - 3), TB_WIN_IN_MAX - 1);
    }
}
