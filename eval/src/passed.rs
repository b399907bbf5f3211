//! Passed pawns: the bonus by rank and what decides whether a passer runs: the distance of both
//! kings to its stop square, an empty or unattacked path, a blockader, and the rule of the square
//! when the enemy has only its king left.
//!
//! Which pawns are passed comes from the pawn table; everything here depends on the pieces too,
//! so it is computed on every evaluation.

use crate::attack_maps::AttackMaps;
use crate::masks::{distance, front};
use crate::pawns::PawnEntry;
use crate::tapered::Tapered;
use crate::trace::{Sink, Term};
use crate::weights::Weights;
use outpost_board::{Color, PieceType, Position, Square};

#[inline]
pub(crate) fn evaluate<S: Sink>(
    pos: &Position,
    w: &Weights,
    maps: &AttackMaps,
    entry: &PawnEntry,
    color: Color,
    sink: &mut S,
) {
    let passers = entry.passed & pos.colored(color);
    if passers.is_empty() {
        return;
    }
    let them = !color;
    let own_king = maps.king[color.index()];
    let their_king = maps.king[them.index()];
    let lone_king =
        (pos.colored(them) & !pos.pieces(PieceType::Pawn) & !pos.pieces(PieceType::King))
            .is_empty();
    // The enemy king gains a move in the race when it is its turn.
    let their_tempo = (pos.side_to_move() == them) as i32;
    let mut score = Tapered::ZERO;
    for sq in passers {
        let rank = sq.relative_rank(color) as usize;
        score += w.passed_rank[rank];
        let path = front(color, sq);
        let Some(stop) = sq.forward(color) else {
            continue;
        };
        if rank >= 3 {
            score += w.passed_own_king[rank] * distance(own_king, stop).min(5);
            score += w.passed_enemy_king[rank] * distance(their_king, stop).min(5);
        }
        let free = (path & maps.occ).is_empty();
        if free {
            score += w.passed_free[rank];
        }
        if (path & maps.attacked[them.index()]).is_empty() {
            score += w.passed_safe_path[rank];
        }
        if pos.colored(them).has(stop) {
            score += w.passed_blocked[rank];
        }
        if lone_king && free {
            let promotion = Square::make(sq.file(), 7).relative(color);
            // From the second rank the first move is a double step.
            let moves = (7 - rank as i32).min(5);
            if distance(their_king, promotion) - their_tempo > moves {
                score += w.passed_unstoppable[rank];
            }
        }
    }
    sink.add(Term::Passed, color, score);
}
