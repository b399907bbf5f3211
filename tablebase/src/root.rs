//! Ranking the root moves by the tables, so the engine plays only moves that keep the best result
//! and converts wins within the fifty-move rule.
//!
//! Each legal move is played and the position after it probed, the way Stockfish's root probe
//! does it: after a capture or pawn move the WDL table is enough (the distance to zeroing is one
//! ply), otherwise the DTZ of the new position plus one ply gives the distance from the root.
//! With the fifty-move rule, a win whose zeroing move would come after the half-move clock passes
//! 100 is only a cursed win from here, and a loss that far away is a blessed loss. Within one
//! result, wins prefer the shortest DTZ (a capture, pawn move or mate first) and losses the
//! longest, which both sides need: the winner makes progress every move, the loser keeps the
//! fifty-move rule's hope alive.

use crate::types::{Dtz, RootRank};
use crate::Tablebases;
use outpost_board::{Move, Position, FIFTY_MOVE_PLIES};
use outpost_types::Wdl;
use std::cmp::Reverse;

/// Rank bases: every result class lies in its own band, far from the others.
const WIN_BASE: i32 = 1_000_000;
const CURSED_BASE: i32 = 500_000;

impl Tablebases {
    /// Every legal move of `pos` with its rank, best first; `None` when `pos` is not in the
    /// tables, has no legal move, or a table needed for one of the moves is missing or corrupt
    /// (then the engine searches as it would without tables). `fifty_move_rule` is the
    /// `Syzygy50MoveRule` option: when off, cursed wins count as wins and blessed losses as losses.
    pub fn rank_root_moves(
        &self,
        pos: &Position,
        fifty_move_rule: bool,
    ) -> Option<Vec<(Move, RootRank)>> {
        if !self.may_probe(pos) {
            return None;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let clock = i32::from(pos.halfmove_clock());
        let mut ranked = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let child = pos.play(m);
            let mut mate = false;
            let (dtz, rounded) = if !child.has_legal_move() {
                mate = child.in_check();
                (Dtz(i32::from(mate)), false)
            } else if child.halfmove_clock() == 0 {
                let wdl = self.probe_wdl(&child).ok()??;
                (Dtz::before_zeroing(wdl.flip()), false)
            } else {
                let (dtz, rounded) = self.probe_dtz_rounding(&child).ok()??;
                (Dtz(-dtz.0).add_ply(), rounded)
            };
            let wdl = classify(dtz, rounded, clock, fifty_move_rule);
            let rank = rank_of(wdl, dtz, mate);
            ranked.push((
                m,
                RootRank {
                    wdl,
                    dtz,
                    rank,
                    mate,
                },
            ));
        }
        // Stable: moves of equal rank keep the generator's order, so the result is deterministic.
        ranked.sort_by_key(|(_, r)| Reverse(r.rank));
        Some(ranked)
    }

    /// The moves the engine should search, best first: those that keep the best result (see
    /// `keep_best`). `repeated` says whether a position has repeated since the last capture or
    /// pawn move in the game; the position itself knows no history.
    pub fn best_root_moves(
        &self,
        pos: &Position,
        fifty_move_rule: bool,
        repeated: bool,
    ) -> Option<Vec<(Move, RootRank)>> {
        let ranked = self.rank_root_moves(pos, fifty_move_rule)?;
        Some(keep_best(&ranked, repeated))
    }
}

/// From moves ranked best first, the moves that keep the best result, in the same order. When
/// winning after a repetition, only the moves with the shortest DTZ are kept, so the winner
/// cannot be drawn into a threefold repetition while it still has time to spare.
pub fn keep_best(ranked: &[(Move, RootRank)], repeated: bool) -> Vec<(Move, RootRank)> {
    let Some((_, best)) = ranked.first() else {
        return Vec::new();
    };
    let winning = best.wdl > Wdl::Draw;
    ranked
        .iter()
        .filter(|(_, r)| r.wdl == best.wdl && !(repeated && winning && r.dtz != best.dtz))
        .copied()
        .collect()
}

/// The result of a root move with root distance `dtz`, given the root's half-move clock.
fn classify(dtz: Dtz, rounded: bool, clock: i32, fifty_move_rule: bool) -> Wdl {
    let plies = dtz.0.abs();
    let limit = i32::from(FIFTY_MOVE_PLIES);
    match dtz.0.signum() {
        0 => Wdl::Draw,
        // A rounded distance may be one ply longer; a win must not be promised on that ply.
        1 if !fifty_move_rule || plies + i32::from(rounded) + clock <= limit => Wdl::Win,
        1 => Wdl::CursedWin,
        _ if !fifty_move_rule || plies + clock <= limit => Wdl::Loss,
        _ => Wdl::BlessedLoss,
    }
}

fn rank_of(wdl: Wdl, dtz: Dtz, mate: bool) -> i32 {
    let plies = dtz.0.abs();
    match wdl {
        Wdl::Win => WIN_BASE - 2 * plies + i32::from(mate),
        Wdl::CursedWin => CURSED_BASE - plies,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -CURSED_BASE + plies,
        Wdl::Loss => -WIN_BASE + plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_half_move_clock_turns_late_wins_into_cursed_wins() {
        assert_eq!(classify(Dtz(10), false, 90, true), Wdl::Win);
        assert_eq!(classify(Dtz(11), false, 90, true), Wdl::CursedWin);
        assert_eq!(classify(Dtz(10), true, 90, true), Wdl::CursedWin);
        assert_eq!(classify(Dtz(11), false, 90, false), Wdl::Win);
        assert_eq!(classify(Dtz(-10), false, 90, true), Wdl::Loss);
        assert_eq!(classify(Dtz(-11), false, 90, true), Wdl::BlessedLoss);
        assert_eq!(classify(Dtz(-11), false, 90, false), Wdl::Loss);
        assert_eq!(classify(Dtz(0), false, 0, true), Wdl::Draw);
    }

    #[test]
    fn ranks_order_results_then_distance() {
        let win_fast = rank_of(Wdl::Win, Dtz(1), false);
        let mate = rank_of(Wdl::Win, Dtz(1), true);
        let win_slow = rank_of(Wdl::Win, Dtz(30), false);
        let cursed = rank_of(Wdl::CursedWin, Dtz(101), false);
        let draw = rank_of(Wdl::Draw, Dtz(0), false);
        let blessed = rank_of(Wdl::BlessedLoss, Dtz(-120), false);
        let loss_slow = rank_of(Wdl::Loss, Dtz(-30), false);
        let loss_fast = rank_of(Wdl::Loss, Dtz(-1), false);
        let order = [
            mate, win_fast, win_slow, cursed, draw, blessed, loss_slow, loss_fast,
        ];
        assert!(order.windows(2).all(|w| w[0] > w[1]), "{order:?}");
    }
}
