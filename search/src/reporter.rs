//! What the search tells the outside world while it runs: `SearchInfo` after each iteration (and
//! on aspiration failures), `CurrMove` updates, and the final best move, all through the
//! `Reporter` trait that the engine implements (formatting is the protocol crate's job). The
//! report types are defined once in `outpost-types`; here they carry board moves.

use outpost_board::Move;
pub use outpost_types::{Bound, Score};

/// Centipawns shown for a tablebase win at the root.
pub const TB_CP: i32 = 20_000;

/// The tablebase band of reported centipawns starts here: [`reported`] writes a tablebase win
/// `plies` away as `TB_CP - plies`, and the search keeps `plies` at most `MAX_PLY`
/// (`oracle::tb_root_score`), so centipawns this large in size are a tablebase result, a
/// convention rather than an evaluation. A reader that rescales evaluations (the engine's
/// shown scores) keeps them short of it.
pub const TB_DECIDED_CP: i32 = TB_CP - crate::score::MAX_PLY as i32;

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

    #[test]
    fn every_tablebase_result_reports_inside_the_band() {
        use crate::oracle::{tb_root_score, tb_score, Wdl};
        use crate::score::{MAX_PLY, TB_WIN_IN_MAX};
        // The band's edges: the nearest and the farthest tablebase win the search keeps.
        assert_eq!(reported(TB_WIN), Score::Cp(TB_CP));
        assert_eq!(reported(TB_WIN_IN_MAX), Score::Cp(TB_DECIDED_CP));
        assert_eq!(reported(-TB_WIN_IN_MAX), Score::Cp(-TB_DECIDED_CP));
        for ply in [0, 1, 60, MAX_PLY] {
            for (wdl, sign) in [(Wdl::Win, 1), (Wdl::Loss, -1)] {
                let Score::Cp(cp) = reported(tb_score(wdl, ply)) else {
                    panic!("a tablebase result became a mate");
                };
                assert!(
                    cp * sign >= TB_DECIDED_CP && cp * sign <= TB_CP,
                    "{wdl:?} {ply}: {cp}"
                );
            }
        }
        // A root move's table score, however far its conversion, stays in the band too.
        let far = reported(tb_root_score(Wdl::Win, 1_000));
        assert_eq!(far, Score::Cp(TB_DECIDED_CP));
    }
}
