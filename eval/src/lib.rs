//! outpost-eval: the static evaluation, a neural network ([`nnue`]: its file format, inference
//! and the network built into the binary), and the [`Evaluator`] through which the search uses
//! it; [`wdl`] turns its scores into win/draw/loss chances and into the centipawns a GUI is
//! shown.
//!
//! The hand-crafted evaluation that came before the network, with its Texel tuner, was retired
//! once the network had beaten it by about 280 Elo (README, "One evaluation").
//!
//! Example: `nnue_speed` measures the network's evaluations per second at each SIMD level.

pub mod nnue;
pub mod wdl;

use nnue::{Accumulator, Changes, Network};
use outpost_board::Position;
use std::sync::Arc;

/// The evaluation never leaves `-EVAL_LIMIT..=EVAL_LIMIT`, so the search can keep mate and
/// tablebase scores above it.
pub const EVAL_LIMIT: i32 = 10_000;

/// Per-thread evaluator: a network and one accumulator per ply of the line the search is in;
/// `top` is the current position's.
///
/// The search tells it about the line: [`Evaluator::reset`] at the root, [`Evaluator::push`]
/// before each move it makes ([`Evaluator::push_null`] for a null move) and [`Evaluator::pop`]
/// after unmaking it.
#[derive(Clone)]
pub struct Evaluator {
    net: Arc<Network>,
    stack: Vec<Accumulator>,
    top: usize,
}

impl Default for Evaluator {
    /// An evaluator with the network built into the binary.
    fn default() -> Self {
        Evaluator::new(nnue::embedded())
    }
}

impl Evaluator {
    /// An evaluator with `net`. Allocates its accumulators here, never during a search.
    pub fn new(net: Arc<Network>) -> Evaluator {
        Evaluator {
            net,
            // Room for a full-depth line; `push` grows it if a line is ever longer.
            stack: vec![Accumulator::default(); 256],
            top: 0,
        }
    }

    /// Evaluates with `net` from the next [`Evaluator::reset`] on.
    pub fn set_network(&mut self, net: Arc<Network>) {
        self.net = net;
    }

    /// Starts a new line at `pos` (the root of a search).
    #[inline]
    pub fn reset(&mut self, pos: &Position) {
        self.top = 0;
        self.stack[0].refresh(&self.net, pos);
    }

    /// A move whose input changes are `changes` ([`Changes::of_move`] of the position before
    /// it) has been played, reaching `pos`: the next ply's accumulator follows from this one. The
    /// caller computes the changes before making the move, so that it can make it and start
    /// loading the child's hash entry before this update runs.
    #[inline]
    pub fn push(&mut self, changes: &Changes, pos: &Position) {
        let (done, next) = next_slot(&mut self.stack, self.top);
        next.update(done, &self.net, changes, pos);
        self.top += 1;
    }

    /// A null move has been played: the next ply's accumulator is this one.
    #[inline]
    pub fn push_null(&mut self) {
        let (done, next) = next_slot(&mut self.stack, self.top);
        next.clone_from(done);
        self.top += 1;
    }

    /// The last pushed move has been unmade.
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// In centipawns from the side to move's point of view, of the line's current position,
    /// which must be `pos`.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        bounded(pos, || {
            let acc = &self.stack[self.top];
            self.net
                .evaluate(acc, pos.side_to_move(), pos.occupied().count())
        })
    }
}

/// The accumulator of ply `top` and the next ply's slot, which is made if the line never was
/// this long.
#[inline(always)]
fn next_slot(stack: &mut Vec<Accumulator>, top: usize) -> (&Accumulator, &mut Accumulator) {
    if top + 1 == stack.len() {
        stack.push(Accumulator::default());
    }
    let (done, next) = stack.split_at_mut(top + 1);
    (&done[top], &mut next[0])
}

/// `net`'s evaluation of `pos` on its own, as an [`Evaluator`] would give it there (for the
/// `eval` and `d` commands, which evaluate one position outside any search).
pub fn evaluate_position(net: &Network, pos: &Position) -> i32 {
    bounded(pos, || net.evaluate_position(pos))
}

/// What the search gets of a network's `score` of `pos`: 0 for material that cannot mate,
/// whatever the network says, and never beyond `EVAL_LIMIT`.
#[inline(always)]
fn bounded(pos: &Position, score: impl FnOnce() -> i32) -> i32 {
    if pos.is_insufficient_material() {
        return 0;
    }
    score().clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The evaluator's pushed and popped accumulators give what a fresh evaluation of each
    /// position gives, down a random line and back up it.
    #[test]
    fn the_evaluator_follows_the_line() {
        let net: Arc<Network> = Arc::new(Network::random(11));
        let fresh = |pos: &Position| evaluate_position(&net, pos);
        let mut ev = Evaluator::new(net.clone());
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
                let changes = Changes::of_move(&pos, m);
                pos = pos.play(m);
                ev.push(&changes, &pos);
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
        // Another network from the next root on.
        let built_in = nnue::embedded();
        ev.set_network(built_in.clone());
        let start = Position::startpos();
        ev.reset(&start);
        assert_eq!(ev.evaluate(&start), evaluate_position(&built_in, &start));
        assert_ne!(ev.evaluate(&start), fresh(&start));
    }

    /// Material that cannot mate scores 0 whatever the network says.
    #[test]
    fn bare_material_scores_zero() {
        let net = Network::random(4);
        for fen in [
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/5N2/8 b - - 0 1",
            "8/8/4k3/8/8/3K4/5B2/8 w - - 0 1",
            "8/3b4/4k3/8/8/3K4/4B3/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_ne!(net.evaluate_position(&pos), 0, "{fen}: pick another seed");
            assert_eq!(evaluate_position(&net, &pos), 0, "{fen}");
            let mut ev = Evaluator::new(Arc::new(net.clone()));
            ev.reset(&pos);
            assert_eq!(ev.evaluate(&pos), 0, "{fen}");
        }
    }

    #[test]
    fn evaluator_is_send() {
        fn send<T: Send + Default>() {}
        send::<Evaluator>();
    }
}
