//! Correction history: how far the static evaluation has been off, remembered by what the
//! position shares with others.
//!
//! When a node's search result is a trustworthy bound on the other side of its static
//! evaluation (a fail high above it, a fail low below it, or an exact score), the difference is
//! an error of the evaluation in this kind of position. Positions that share part of their
//! makeup share much of their evaluation error, so the error is learned in four tables and their
//! sum is added to later static evaluations:
//! - the pawn structure (side to move, pawn key): a blocked centre, a weak pawn;
//! - each colour's other pieces, king included (side to move, colour, that colour's non-pawn
//!   key): a piece placement the evaluation misjudges;
//! - the last two moves (the moved piece and destination of each): the kind of line that led
//!   here, say a recapture the evaluation still counts as a loss.
//!
//! The tables are fitted together as one linear model: each update moves every table's entry by
//! a share of the *remaining* error (the search result less the corrected evaluation), so a
//! table only takes on what the others have not explained and their sum does not overshoot.
//! Better static evaluations make every eval-based pruning step sharper. Stockfish, Viridithas
//! and Carp all keep such tables.
//!
//! Like the move-ordering tables, each search thread owns one, so none of it is atomic.

use crate::history::Continuations;
use crate::score::TB_WIN_IN_MAX;
use outpost_board::{Color, Position};

/// Entries per side in the keyed tables; a power of two so a key's low bits index it.
const SIZE: usize = 16_384;
/// (moved piece, destination) pairs: the continuation table's side.
const PIECE_TO: usize = 768;
/// Entries hold centipawns times `GRAIN`, so small weighted steps are not lost to rounding.
const GRAIN: i32 = 256;
/// Weights are out of this.
const WEIGHT_SCALE: i32 = 256;
/// The heaviest weight one result gets: a deep search is better evidence than a shallow one.
const WEIGHT_MAX: i32 = 128;
/// The tables that share each update.
const TABLES: i32 = 4;
/// The largest correction, in centipawns: the tables nudge the evaluation, never replace it.
const MAX_CORRECTION: i32 = 48;
/// The largest entry of one table, in centipawns.
const MAX_ENTRY: i32 = 64;

/// The per-thread tables of evaluation errors.
pub struct Correction {
    /// [side to move][pawn key % SIZE], centipawns times GRAIN.
    pawn: Vec<[i32; SIZE]>,
    /// [side to move * 2 + colour][that colour's non-pawn key % SIZE].
    non_pawn: Vec<[i32; SIZE]>,
    /// [piece-to 2 plies back][piece-to 1 ply back]: the first two of the move loop's
    /// `Continuations`.
    continuation: Vec<[i32; PIECE_TO]>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

/// Where one position's entries are.
struct Slots {
    pawn: (usize, usize),
    non_pawn: [(usize, usize); 2],
    continuation: Option<(usize, usize)>,
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            pawn: vec![[0; SIZE]; 2],
            non_pawn: vec![[0; SIZE]; 4],
            continuation: vec![[0; PIECE_TO]; PIECE_TO],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        for t in self.pawn.iter_mut().chain(self.non_pawn.iter_mut()) {
            *t = [0; SIZE];
        }
        for t in self.continuation.iter_mut() {
            *t = [0; PIECE_TO];
        }
    }

    #[inline(always)]
    fn slots(pos: &Position, prev: Continuations) -> Slots {
        let side = pos.side_to_move().index();
        let non_pawn = |c: Color| {
            (
                side * 2 + c.index(),
                (pos.non_pawn_key(c) as usize) & (SIZE - 1),
            )
        };
        Slots {
            pawn: (side, (pos.pawn_key() as usize) & (SIZE - 1)),
            non_pawn: [non_pawn(Color::White), non_pawn(Color::Black)],
            // After a null move or at the root there is no line to learn from.
            continuation: (!prev[0].is_none() && !prev[1].is_none())
                .then(|| (prev[1].index(), prev[0].index())),
        }
    }

    /// The sum of the entries, centipawns times GRAIN.
    #[inline(always)]
    fn sum(&self, s: &Slots) -> i32 {
        self.pawn[s.pawn.0][s.pawn.1]
            + self.non_pawn[s.non_pawn[0].0][s.non_pawn[0].1]
            + self.non_pawn[s.non_pawn[1].0][s.non_pawn[1].1]
            + s.continuation.map_or(0, |(a, b)| self.continuation[a][b])
    }

    /// `raw`, the evaluator's score, corrected by what the tables learned for this position
    /// reached by the moves `prev`; never into the range of tablebase and mate scores.
    #[inline(always)]
    pub fn corrected(&self, pos: &Position, prev: Continuations, raw: i32) -> i32 {
        let correction = (self.sum(&Correction::slots(pos, prev)) / GRAIN)
            .clamp(-MAX_CORRECTION, MAX_CORRECTION);
        (raw + correction).clamp(-TB_WIN_IN_MAX + 1, TB_WIN_IN_MAX - 1)
    }

    /// Learns from a search at `depth` that found `score` where the evaluator said `raw`; the
    /// caller has checked that the score's bound makes the difference meaningful.
    #[inline]
    pub fn update(
        &mut self,
        pos: &Position,
        prev: Continuations,
        raw: i32,
        score: i32,
        depth: i32,
    ) {
        let s = Correction::slots(pos, prev);
        let weight = (depth * depth + 2 * depth + 1).min(WEIGHT_MAX);
        let target = (score - raw).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let remaining = target
            - self
                .sum(&s)
                .clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN);
        let step = remaining * weight / (WEIGHT_SCALE * TABLES);
        let learn = |entry: &mut i32| {
            *entry = (*entry + step).clamp(-MAX_ENTRY * GRAIN, MAX_ENTRY * GRAIN);
        };
        learn(&mut self.pawn[s.pawn.0][s.pawn.1]);
        for (t, i) in s.non_pawn {
            learn(&mut self.non_pawn[t][i]);
        }
        if let Some((a, b)) = s.continuation {
            learn(&mut self.continuation[a][b]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::PieceTo;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    const NO_LINE: Continuations = [PieceTo::NONE; 3];

    /// A line of two moves played from `fen`, as the search's stack records it.
    fn line(fen: &str, moves: [&str; 2]) -> Continuations {
        let mut p = pos(fen);
        let mut out = [PieceTo::NONE; 3];
        for (i, uci) in moves.iter().enumerate() {
            let m = p.parse_uci_move(uci).unwrap();
            out[1 - i] = PieceTo::of(&p, m);
            p = p.play(m);
        }
        out
    }

    #[test]
    fn an_empty_table_changes_nothing() {
        let c = Correction::new();
        let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(c.corrected(&p, NO_LINE, 37), 37);
        assert_eq!(c.corrected(&p, NO_LINE, -5), -5);
    }

    #[test]
    fn errors_move_the_evaluation_toward_the_results_and_stay_bounded() {
        let mut c = Correction::new();
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        // Searches keep finding +100 where the evaluator says 0.
        for _ in 0..200 {
            c.update(&p, NO_LINE, 0, 100, 12);
        }
        let v = c.corrected(&p, NO_LINE, 0);
        // Integer steps stop a little short of the bound.
        assert!((MAX_CORRECTION - 2..=MAX_CORRECTION).contains(&v), "{v}");
        // Same pawns, other pieces: part of it is shared; other side to move: none.
        let q = pos("4k3/pp6/8/3n4/8/8/PP6/4K1N1 w - - 0 1");
        let shared = c.corrected(&q, NO_LINE, 10) - 10;
        assert!(shared > 0 && shared < v, "{shared} of {v}");
        let b = pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1");
        assert_eq!(c.corrected(&b, NO_LINE, 10), 10);
        // A shallow result moves the entries less than a deep one.
        let mut shallow = Correction::new();
        let mut deep = Correction::new();
        shallow.update(&p, NO_LINE, 0, -20, 1);
        deep.update(&p, NO_LINE, 0, -20, 10);
        assert!(deep.corrected(&p, NO_LINE, 0) < shallow.corrected(&p, NO_LINE, 0));
        c.clear();
        assert_eq!(c.corrected(&p, NO_LINE, 0), 0);
    }

    /// The tables together converge on the error, not on a multiple of it.
    #[test]
    fn the_tables_share_the_error_without_overshooting() {
        let mut c = Correction::new();
        let p = pos("r3k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1");
        for _ in 0..300 {
            c.update(&p, NO_LINE, 0, 20, 12);
        }
        assert!((18..=20).contains(&c.corrected(&p, NO_LINE, 0)));
    }

    /// The line that led to a position is learned on its own: the same two moves before another
    /// position carry part of the error over, another line does not.
    #[test]
    fn the_last_two_moves_are_remembered() {
        let start = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
        let a = line(start, ["a1a7", "e8f8"]);
        let b = line(start, ["h1h7", "e8d8"]);
        let mut c = Correction::new();
        let p = pos("5k2/R7/8/8/8/8/8/4K2R w - - 2 2");
        for _ in 0..50 {
            c.update(&p, a, 0, 40, 12);
        }
        let other = pos("5k2/R7/8/8/8/8/8/3K3R w - - 2 2");
        let with_line = c.corrected(&other, a, 0);
        let without = c.corrected(&other, b, 0);
        assert!(with_line > without, "{with_line} vs {without}");
        // A null move or the root: no line, no continuation entry.
        assert_eq!(
            c.corrected(&other, [PieceTo::NONE, a[1], a[2]], 0),
            c.corrected(&other, NO_LINE, 0)
        );
    }

    #[test]
    fn never_reaches_decisive_scores() {
        let mut c = Correction::new();
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        for _ in 0..50 {
            c.update(&p, NO_LINE, 0, 100, 12);
        }
        assert_eq!(
            c.corrected(&p, NO_LINE, TB_WIN_IN_MAX - 3),
            TB_WIN_IN_MAX - 1
        );
    }
}
