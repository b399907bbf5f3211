//! What the search tells the outside world while it runs: `SearchInfo` after each iteration (and
//! on aspiration failures), `CurrMove` updates, and the final best move, all through the
//! `Reporter` trait that the engine implements (formatting is the protocol crate's job). The
//! report types are defined once in `outpost-types`; here they carry board moves.

use outpost_board::Move;
pub use outpost_types::{Bound, Score};

/// Centipawns shown for a tablebase win at the root.
pub const TB_CP: i32 = 20_000;

/// One line of search output, with board moves (the shared `outpost_types::SearchInfo`).
pub type SearchInfo = outpost_types::SearchInfo<Move>;

/// The move being searched at the root (`currmove`, `currmovenumber`), sent after one second.
pub type CurrMove = outpost_types::CurrMove<Move>;

/// The reported [`Score`] of an internal search score (`crate::score`): mates in moves, and
/// tablebase wins and losses as centipawns around +-20000 (less the distance in plies), the
/// convention GUIs recognise.
pub fn reported(score: i32) -> Score {
    use crate::score::{is_decisive, is_mate, mate_moves, TB_WIN};
    if is_mate(score) {
        Score::Mate(mate_moves(score))
    } else if is_decisive(score) {
        Score::Cp(score.signum() * (TB_CP - (TB_WIN - score.abs())))
    } else {
        Score::Cp(score)
    }
}

/// Receiver of search events. Called from search threads, so it must be `Send + Sync`.
pub trait Reporter: Send + Sync {
    fn info(&self, info: &SearchInfo);
    fn currmove(&self, current: &CurrMove);
    /// The final answer of a search: exactly one call per `start`. `best` is `Move::NONE` only
    /// when the root has no legal move (the engine prints `0000`).
    fn bestmove(&self, best: Move, ponder: Option<Move>);
}

/// A reporter that ignores everything (for bench and tests).
pub struct NullReporter;

impl Reporter for NullReporter {
    fn info(&self, _: &SearchInfo) {}
    fn currmove(&self, _: &CurrMove) {}
    fn bestmove(&self, _: Move, _: Option<Move>) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mate_in, mated_in, TB_WIN};

    #[test]
    fn internal_scores_convert_to_reported_ones() {
        assert_eq!(reported(37), Score::Cp(37));
        assert_eq!(reported(mate_in(1)), Score::Mate(1));
        assert_eq!(reported(mate_in(5)), Score::Mate(3));
        assert_eq!(reported(mated_in(2)), Score::Mate(-1));
        assert_eq!(reported(mated_in(0)), Score::Mate(0));
        assert_eq!(reported(TB_WIN - 3), Score::Cp(TB_CP - 3));
        assert_eq!(reported(-TB_WIN + 4), Score::Cp(-TB_CP + 4));
    }
}
