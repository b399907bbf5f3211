//! What a searched move's score does to its node, the same rule in `alpha_beta` and `qsearch`:
//! kept here once so that the two searches cannot drift apart.

use crate::worker::Worker;
use outpost_board::Move;

/// A node's running values while its moves are searched: the best score and move so far, and
/// alpha, the score a move must beat to become the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeBest {
    pub score: i32,
    pub mv: Move,
    pub alpha: i32,
}

/// How far a move's score moved its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Raised {
    /// Not above alpha: at most the best score rose (a fail-low node still returns its best).
    Nothing,
    /// Above alpha and below beta: the move is the new best and heads the principal variation.
    Alpha,
    /// At or above beta: the move refutes the node, which stops searching (a cutoff).
    Beta,
}

impl NodeBest {
    /// Step [best so far]: a score above the best so far becomes the best score; above alpha,
    /// `m` becomes the best move and alpha rises to the score, unless the score reaches beta,
    /// when the node is cut off and alpha no longer matters.
    #[inline(always)]
    pub(crate) fn raise(&mut self, m: Move, score: i32, beta: i32) -> Raised {
        if score <= self.score {
            return Raised::Nothing;
        }
        self.score = score;
        if score <= self.alpha {
            return Raised::Nothing;
        }
        self.mv = m;
        if score >= beta {
            return Raised::Beta;
        }
        self.alpha = score;
        Raised::Alpha
    }
}

impl Worker<'_> {
    /// [`NodeBest::raise`], and in a PV node a new best move heads the principal variation.
    /// True at a cutoff.
    #[inline(always)]
    pub(crate) fn raise_best(
        &mut self,
        node: &mut NodeBest,
        m: Move,
        score: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> bool {
        let raised = node.raise(m, score, beta);
        if raised != Raised::Nothing && pv_node {
            self.update_pv(ply, m);
        }
        raised == Raised::Beta
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Position;

    fn two_moves() -> (Move, Move) {
        let pos = Position::startpos();
        let moves = pos.legal_moves();
        (moves[0], moves[1])
    }

    fn fresh() -> NodeBest {
        NodeBest {
            score: -100,
            mv: Move::NONE,
            alpha: 0,
        }
    }

    #[test]
    fn below_alpha_raises_only_the_best_score() {
        let (a, _) = two_moves();
        let mut node = fresh();
        assert_eq!(node.raise(a, -20, 50), Raised::Nothing);
        assert_eq!((node.score, node.mv, node.alpha), (-20, Move::NONE, 0));
        // A worse score changes nothing.
        assert_eq!(node.raise(a, -30, 50), Raised::Nothing);
        assert_eq!(node.score, -20);
    }

    #[test]
    fn inside_the_window_raises_alpha_and_the_best_move() {
        let (a, b) = two_moves();
        let mut node = fresh();
        assert_eq!(node.raise(a, 10, 50), Raised::Alpha);
        assert_eq!((node.score, node.mv, node.alpha), (10, a, 10));
        assert_eq!(node.raise(b, 10, 50), Raised::Nothing);
        assert_eq!(
            node.mv, a,
            "an equal score does not replace the first best move"
        );
    }

    #[test]
    fn at_beta_the_node_is_cut_off_and_alpha_stays() {
        let (a, _) = two_moves();
        let mut node = fresh();
        assert_eq!(node.raise(a, 50, 50), Raised::Beta);
        assert_eq!((node.score, node.mv, node.alpha), (50, a, 0));
    }
}
