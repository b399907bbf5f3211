//! outpost-eval: the static evaluation, a classical hand-crafted one, and the inference of the
//! neural one in [`nnue`], which an [`Evaluator`] uses instead once it is given a network (the
//! engine's `EvalFile` option).
//!
//! Terms (each a middlegame/endgame pair, blended by the game phase): material, piece-square
//! tables, mobility, pawn structure (doubled, isolated, backward, supported, phalanx), passed pawns
//! (rank, king distances, free and safe path, blockade, rule of the square), king safety (shelter,
//! storm, open files, attackers and safe checks on the king zone), bishop pair, bad bishop pawns,
//! outposts, rooks on open files and the seventh, threats, hanging pieces, mop-up and tempo; the
//! endgame half is scaled down for drawish material, and material that cannot mate scores 0.
//!
//! All weights live in [`weights`] as one table a tuner can rewrite. An [`Evaluator`] belongs to
//! one search thread: it owns its pawn hash table and a copy of the weights.
//!
//! Examples: `eval_trace` prints the term table of FENs, `eval_speed` measures evaluations per
//! second, `nnue_speed` the network's at each SIMD level, `weights_source` prints the weights
//! table as Rust source, and `eval_match` plays a quick fixed-depth self-play match between two
//! weight sets to catch gross mistakes. [`linear`]
//! reads a position's evaluation as a linear function of the weights: what the Texel tuner
//! (`outpost tune`, in the tools crate) fits.

mod attack_maps;
mod endgame;
mod evaluate;
mod king_safety;
pub mod linear;
mod masks;
pub mod nnue;
mod passed;
mod pawns;
mod pieces;
mod shelter;
pub mod tapered;
mod threats;
mod trace;
pub mod wdl;
pub mod weights;

pub use evaluate::{phase, taper, PHASE_MAX};
pub use pawns::PAWN_TABLE_SIZE;
pub use tapered::{s, Tapered};
pub use weights::{Weights, WeightsError, DEFAULT};

use evaluate::PsqTable;
use nnue::{Accumulator, Changes, Network};
use outpost_board::Position;
use pawns::PawnTable;
use std::sync::Arc;
use trace::{Breakdown, Total};

/// The evaluation never leaves `-EVAL_LIMIT..=EVAL_LIMIT`, so the search can keep mate and
/// tablebase scores above it.
pub const EVAL_LIMIT: i32 = 10_000;

/// What the final score is made of, for tuners and win-probability models: the evaluation is 0
/// when `insufficient`, else `taper(white, phase, scale)` clamped to `EVAL_LIMIT`, negated when
/// black is to move. Every term except king danger and the scale is linear in the weights, so a
/// tuner can read a term's coefficients from the change in `white` when it moves one weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Components {
    /// The sum of all terms from white's view, before blending and scaling.
    pub white: Tapered,
    /// `0..=PHASE_MAX`, from the non-pawn material.
    pub phase: i32,
    /// Endgame scale factor, of `weights::SCALE_NORMAL`.
    pub scale: i32,
    /// Neither side can mate: the evaluation is 0.
    pub insufficient: bool,
}

/// Per-thread evaluator: the weights in use, tables derived from them, and the pawn hash table
/// (`PAWN_TABLE_SIZE` entries, about 1.2 MB); and, when a network is set, the stack of its
/// accumulators, which then gives the score instead of the hand-crafted terms.
///
/// The search tells it about the line it is in: [`Evaluator::reset`] at the root,
/// [`Evaluator::push`] before each move it makes ([`Evaluator::push_null`] for a null move) and
/// [`Evaluator::pop`] after unmaking it. For the hand-crafted evaluation these cost nothing.
#[derive(Clone)]
pub struct Evaluator {
    weights: Box<Weights>,
    psqt: Box<PsqTable>,
    pawns: PawnTable,
    nnue: Option<NnueStack>,
}

/// A network and one accumulator per ply of the current line; `top` is the current position's.
#[derive(Clone)]
struct NnueStack {
    net: Arc<Network>,
    stack: Vec<Accumulator>,
    top: usize,
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::new()
    }
}

impl Evaluator {
    /// An evaluator with the built-in weights. Allocates its pawn table here, never later.
    pub fn new() -> Evaluator {
        Evaluator::with_weights(DEFAULT)
    }

    /// An evaluator with other weights (for tuning and experiments).
    pub fn with_weights(weights: Weights) -> Evaluator {
        let psqt = Box::new(evaluate::build_psqt(&weights));
        Evaluator {
            weights: Box::new(weights),
            psqt,
            pawns: PawnTable::new(),
            nnue: None,
        }
    }

    /// Evaluates with `net` from the next [`Evaluator::reset`] on, or with the hand-crafted
    /// terms when `None`.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        let same = match (&self.nnue, &net) {
            (Some(s), Some(n)) => Arc::ptr_eq(&s.net, n),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.nnue = net.map(|net| NnueStack {
                net,
                // Room for a full-depth line; `push` grows it if a line is ever longer.
                stack: vec![Accumulator::default(); 256],
                top: 0,
            });
        }
    }

    /// The network in use, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.nnue.as_ref().map(|s| &s.net)
    }

    /// Starts a new line at `pos` (the root of a search).
    #[inline]
    pub fn reset(&mut self, pos: &Position) {
        if let Some(s) = &mut self.nnue {
            s.top = 0;
            s.stack[0].refresh(&s.net, pos);
        }
    }

    /// A move is about to be played whose input changes are `changes` ([`Changes::of_move`] of
    /// the position before it): the next ply's accumulator follows from this one. The caller
    /// computes the changes itself so that it can make the move and start loading the child's
    /// hash entry before this update runs.
    #[inline]
    pub fn push(&mut self, changes: &Changes) {
        if let Some(s) = &mut self.nnue {
            s.push(changes);
        }
    }

    /// A null move is about to be played: the next ply's accumulator is this one.
    #[inline]
    pub fn push_null(&mut self) {
        if let Some(s) = &mut self.nnue {
            s.push(&Changes::NONE);
        }
    }

    /// The last pushed move has been unmade.
    #[inline]
    pub fn pop(&mut self) {
        if let Some(s) = &mut self.nnue {
            s.top = s.top.saturating_sub(1);
        }
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the weights (and forgets cached pawn entries computed with the old ones).
    pub fn set_weights(&mut self, weights: Weights) {
        *self.psqt = evaluate::build_psqt(&weights);
        *self.weights = weights;
        self.pawns.clear();
    }

    /// Forgets cached entries (on `ucinewgame`).
    pub fn clear(&mut self) {
        self.pawns.clear();
    }

    /// Tapered in centipawns from the side to move's point of view: the network's when one is
    /// set (of the line's current position, which must be `pos`), else the hand-crafted one.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        if pos.is_insufficient_material() {
            return 0;
        }
        if let Some(s) = &self.nnue {
            let acc = &s.stack[s.top];
            let cp = s
                .net
                .evaluate(acc, pos.side_to_move(), pos.occupied().count());
            return cp.clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        let mut sink = Total(Tapered::ZERO);
        let (white, _, _) =
            evaluate::evaluate(pos, &self.weights, &self.psqt, &mut self.pawns, &mut sink);
        white.clamp(-EVAL_LIMIT, EVAL_LIMIT) * pos.side_to_move().sign()
    }

    /// The parts of the evaluation of `pos` (see `Components`).
    pub fn components(&mut self, pos: &Position) -> Components {
        let b = self.breakdown(pos);
        Components {
            white: b.total,
            phase: b.phase,
            scale: b.scale,
            insufficient: b.insufficient,
        }
    }

    /// The breakdown of the evaluation of `pos`, rendered as a table.
    pub fn trace(&mut self, pos: &Position) -> String {
        self.breakdown(pos).render(pos)
    }

    fn breakdown(&mut self, pos: &Position) -> Breakdown {
        let mut b = Breakdown::default();
        let (white, phase, scale) =
            evaluate::evaluate(pos, &self.weights, &self.psqt, &mut self.pawns, &mut b);
        b.phase = phase;
        b.scale = scale;
        b.insufficient = pos.is_insufficient_material();
        b.white_view = if b.insufficient {
            0
        } else {
            white.clamp(-EVAL_LIMIT, EVAL_LIMIT)
        };
        b
    }
}

impl NnueStack {
    #[inline]
    fn push(&mut self, changes: &Changes) {
        if self.top + 1 == self.stack.len() {
            self.stack.push(Accumulator::default());
        }
        let (done, next) = self.stack.split_at_mut(self.top + 1);
        next[0].update(&done[self.top], &self.net, changes);
        self.top += 1;
    }
}

/// Human-readable breakdown of the evaluation, for the `eval` command: each group of terms for
/// white, black and their difference, middlegame and endgame, then phase, scale and the result.
pub fn trace(pos: &Position) -> String {
    Evaluator::new().trace(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_total_equals_evaluate() {
        let fens = [
            outpost_board::STARTPOS_FEN,
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 9",
            "8/5pk1/6p1/3B4/1b6/6P1/5PK1/8 b - - 0 40",
            "8/8/8/4k3/8/8/3KB3/7N w - - 0 1",
            "6k1/8/8/8/8/8/8/3QK3 w - - 0 1",
            "8/8/4k3/8/8/8/3K1B2/8 w - - 0 1",
        ];
        let mut ev = Evaluator::new();
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let b = ev.breakdown(&pos);
            let stm = b.white_view * pos.side_to_move().sign();
            assert_eq!(stm, ev.evaluate(&pos), "{fen}");
            let c = ev.components(&pos);
            let white = if c.insufficient {
                0
            } else {
                taper(c.white, c.phase, c.scale).clamp(-EVAL_LIMIT, EVAL_LIMIT)
            };
            assert_eq!(white * pos.side_to_move().sign(), stm, "{fen}");
            let text = ev.trace(&pos);
            assert!(text.contains("Mobility") && text.contains("Final evaluation"));
        }
    }

    /// The evaluator's pushed and popped accumulators give what a fresh evaluation of each
    /// position gives, down a random line and back up it.
    #[test]
    fn network_evaluator_follows_the_line() {
        let net = Arc::new(Network::random(11));
        // Material that cannot mate scores 0 whichever evaluation is in use.
        let fresh = |pos: &Position| match pos.is_insufficient_material() {
            true => 0,
            false => net.evaluate_position(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT),
        };
        let mut ev = Evaluator::new();
        ev.set_network(Some(net.clone()));
        let mut rng = outpost_board::Rng::new(3);
        for _ in 0..20 {
            let mut pos = Position::startpos();
            ev.reset(&pos);
            let mut line = vec![pos];
            for ply in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if ply % 17 == 5 && !pos.in_check() {
                    ev.push_null();
                    let mut null = pos;
                    null.make_null();
                    assert_eq!(ev.evaluate(&null), fresh(&null));
                    ev.pop();
                }
                let m = moves[rng.below(moves.len())];
                ev.push(&Changes::of_move(&pos, m));
                pos = pos.play(m);
                line.push(pos);
                assert_eq!(ev.evaluate(&pos), fresh(&pos), "{}", pos.to_fen());
            }
            // Back up the line: each position's accumulator is still there.
            while line.len() > 1 {
                line.pop();
                ev.pop();
                let pos = line.last().unwrap();
                assert_eq!(ev.evaluate(pos), fresh(pos));
            }
        }
        ev.set_network(None);
        assert_eq!(
            ev.evaluate(&Position::startpos()),
            Evaluator::new().evaluate(&Position::startpos())
        );
    }

    #[test]
    fn evaluator_is_send() {
        fn send<T: Send + Default>() {}
        send::<Evaluator>();
    }
}
