//! Threats: enemy pieces attacked by pawns, by minors and rooks, by the king; hanging pieces; and
//! pawn pushes that would attack a piece.
//!
//! An enemy piece is "weak" when we attack it and it is not strongly protected (by a pawn, or by
//! two defenders against our one). Minor pieces also threaten defended pieces worth more than
//! themselves, which the by-kind weights express.

use crate::attack_maps::AttackMaps;
use crate::masks::{forward, relative_rank};
use crate::pawns::PawnEntry;
use crate::tapered::Tapered;
use crate::trace::{Sink, Term};
use crate::weights::Weights;
use outpost_board::{attacks, Color, PieceType, Position, Square};

#[inline(always)]
fn kind_on(pos: &Position, sq: Square) -> usize {
    pos.piece_on(sq).map_or(0, |p| p.kind().index())
}

/// Threats made by `color`.
#[inline]
pub(crate) fn evaluate<S: Sink>(
    pos: &Position,
    w: &Weights,
    maps: &AttackMaps,
    entry: &PawnEntry,
    color: Color,
    sink: &mut S,
) {
    let them = !color;
    let (us, th) = (color.index(), them.index());
    let occ = maps.occ;
    let enemies = pos.colored(them) & !pos.pieces(PieceType::King);
    let their_pawns = pos.pieces_of(them, PieceType::Pawn);
    let non_pawns = enemies & !their_pawns;
    let mut score = Tapered::ZERO;

    let by_pawn = entry.attacks[us] & non_pawns;
    for sq in by_pawn {
        score += w.threat_by_pawn[kind_on(pos, sq)];
    }

    let strongly_protected = entry.attacks[th] | (maps.attacked2[th] & !maps.attacked2[us]);
    let defended = non_pawns & strongly_protected;
    let weak = enemies & !strongly_protected & maps.attacked[us];

    if (defended | weak).any() {
        let minors = maps.by_kind[us][PieceType::Knight.index()]
            | maps.by_kind[us][PieceType::Bishop.index()];
        for sq in (defended | weak) & minors {
            score += w.threat_by_minor[kind_on(pos, sq)];
        }
        for sq in weak & maps.by_kind[us][PieceType::Rook.index()] {
            score += w.threat_by_rook[kind_on(pos, sq)];
        }
        if (weak & maps.by_kind[us][PieceType::King.index()]).any() {
            score += w.threat_by_king;
        }
        let hanging = weak & (!maps.attacked[th] | (non_pawns & maps.attacked2[us]));
        score += w.hanging * hanging.count() as i32;
    }

    // Pawn pushes (single, or double from the start rank) to squares that are safe enough.
    let own_pawns = pos.pieces_of(color, PieceType::Pawn);
    let mut pushes = forward(color, own_pawns) & !occ;
    pushes |= forward(color, pushes & relative_rank(color, 2)) & !occ;
    pushes &= !entry.attacks[th] & (maps.attacked[us] | !maps.attacked[th]);
    let push_threats = attacks::pawn_set_attacks(color, pushes) & non_pawns;
    score += w.threat_pawn_push * push_threats.count() as i32;

    sink.add(Term::Threats, color, score);
}
