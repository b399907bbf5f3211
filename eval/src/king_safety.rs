//! King safety: the king danger built from the enemy's attacks on the king zone, added to the
//! pawn shelter and storm (computed in `shelter.rs` and cached in the pawn table).
//!
//! Danger adds up attackers (count times their summed weights), attacked squares next to the king,
//! weak squares in the zone, and the checks the enemy could give safely. It enters the score
//! quadratically in the middlegame: one attacker is rarely dangerous, three usually are.

use crate::attack_maps::AttackMaps;
use crate::masks::king_zone;
use crate::pawns::PawnEntry;
use crate::tapered::{s, Tapered};
use crate::trace::{Sink, Term};
use crate::weights::{Weights, KING_DANGER_EG_DIV, KING_DANGER_MG_DIV};
use outpost_board::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use outpost_board::{Color, PieceType, Position};

/// Everything about `color`'s king: shelter and danger, and the king's distance to its pawns (an
/// endgame matter, kept here because it is about the king).
#[inline]
pub(crate) fn evaluate<S: Sink>(
    pos: &Position,
    w: &Weights,
    maps: &AttackMaps,
    entry: &mut PawnEntry,
    color: Color,
    sink: &mut S,
) {
    let them = !color;
    let king = maps.king[color.index()];
    let shelter = entry.shelter(pos, w, color, king);
    let mut score = shelter;

    let attackers = maps.attackers[them.index()];
    let their_queens = pos.pieces_of(them, PieceType::Queen);
    if attackers > 1 - their_queens.count() as i32 {
        score -= danger_score(danger(pos, w, maps, color, shelter));
    }
    sink.add(Term::King, color, score);
}

/// The penalty for a king danger value.
#[inline]
fn danger_score(danger: i32) -> Tapered {
    if danger <= 0 {
        return Tapered::ZERO;
    }
    // Capped so that the packed halves cannot overflow on absurd positions.
    let d = danger.min(10_000);
    s(d * d / KING_DANGER_MG_DIV, d / KING_DANGER_EG_DIV)
}

/// The danger to `color`'s king.
fn danger(pos: &Position, w: &Weights, maps: &AttackMaps, color: Color, shelter: Tapered) -> i32 {
    let them = !color;
    let (us_i, them_i) = (color.index(), them.index());
    let king = maps.king[us_i];
    let occ = maps.occ;
    let ours = &maps.by_kind[us_i];
    let theirs = &maps.by_kind[them_i];

    // Squares the enemy attacks that we defend at most with the king or queen.
    let weak = maps.attacked[them_i]
        & !maps.attacked2[us_i]
        & (!maps.attacked[us_i] | ours[PieceType::King.index()] | ours[PieceType::Queen.index()]);
    // Squares an enemy piece can stand on without being taken for free.
    let safe = !pos.colored(them) & (!maps.attacked[us_i] | (weak & maps.attacked2[them_i]));

    let knight_rays = knight_attacks(king);
    let bishop_rays = bishop_attacks(king, occ);
    let rook_rays = rook_attacks(king, occ);
    let knight_checks = knight_rays & theirs[PieceType::Knight.index()];
    let bishop_checks = bishop_rays & theirs[PieceType::Bishop.index()];
    let rook_checks = rook_rays & theirs[PieceType::Rook.index()];
    let queen_checks = (bishop_rays | rook_rays)
        & theirs[PieceType::Queen.index()]
        & !ours[PieceType::Queen.index()];

    let mut danger = maps.attackers[them_i] * maps.attack_weight[them_i]
        + w.king_zone_attack * maps.zone_attacks[them_i]
        + w.king_weak_square * (weak & king_zone(color, king)).count() as i32
        + w.king_shelter_factor * shelter.mg() / 8
        + w.king_danger_base;
    let checks = [knight_checks, bishop_checks, rook_checks, queen_checks];
    let mut unsafe_checks = false;
    for (i, c) in checks.into_iter().enumerate() {
        if (c & safe).any() {
            danger += w.king_safe_check[i];
        } else if c.any() {
            unsafe_checks = true;
        }
    }
    if unsafe_checks {
        danger += w.king_unsafe_check;
    }
    if pos.pieces_of(them, PieceType::Queen).is_empty() {
        danger += w.king_no_queen;
    }
    if (ours[PieceType::Knight.index()] & king_attacks(king)).any() {
        danger += w.king_knight_defender;
    }
    danger
}
