//! The endgame-tablebase interface the search consults. The search does not depend on any
//! tablebase crate: the engine wraps its Syzygy prober in an adapter implementing
//! `EndgameOracle` and hands it over with `ThreadPool::set_oracle`.

use outpost_board::{Move, Position};
pub use outpost_types::Wdl;

/// An endgame oracle, typically Syzygy tablebases.
pub trait EndgameOracle: Send + Sync {
    /// Largest number of pieces (kings included) the oracle knows.
    fn max_pieces(&self) -> u32;

    /// Win/draw/loss of a position, or `None` when it is not in the tables. Called inside the
    /// search, so it must be fast and must not allocate much.
    fn probe_wdl(&self, pos: &Position) -> Option<Wdl>;

    /// Ranks every legal root move (higher is better: the adapter should put wins first and among
    /// them the moves that keep the fifty-move rule satisfied / reach a conversion soonest, then
    /// draws, then losses, the longest resistance first). `None` when the root is not in the
    /// tables. The search plays only a best-ranked move, picking among them by searching; with
    /// MultiPV the further lines come from the next ranks, best first.
    fn rank_root_moves(&self, pos: &Position) -> Option<Vec<RankedMove>>;
}

/// One legal root move as the oracle ranks it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RankedMove {
    pub mv: Move,
    /// Higher is better; moves of equal rank are equally good for the oracle.
    pub rank: i32,
    /// The result the move keeps for the side to move at the root, as the oracle judges it
    /// (with the fifty-move rule when that is played).
    pub wdl: Wdl,
    /// Plies from the root to the next capture, pawn move or mate when both sides follow the
    /// tables after this move; 0 for a draw.
    pub plies: u32,
}

/// The score shown for a root line that keeps `wdl` with its next zeroing move `plies` plies
/// away: a win or loss in the tablebase band at that distance (capped at `MAX_PLY`, so it stays
/// below every mate score), the small draw scores otherwise. Never a mate score: only the search
/// can prove a mate.
pub fn tb_root_score(wdl: Wdl, plies: u32) -> i32 {
    tb_score(wdl, (plies as usize).min(crate::score::MAX_PLY))
}

/// The search score of the tablebase result `wdl` at `ply`. Tablebase wins sit in the band just
/// below mate scores; fifty-move-rule results are draws, nudged by one centipawn so the search
/// still prefers the side of the draw with chances.
#[inline]
pub fn tb_score(wdl: Wdl, ply: usize) -> i32 {
    use crate::score::TB_WIN;
    match wdl {
        Wdl::Win => TB_WIN - ply as i32,
        Wdl::Loss => -TB_WIN + ply as i32,
        Wdl::CursedWin => 1,
        Wdl::BlessedLoss => -1,
        Wdl::Draw => 0,
    }
}
