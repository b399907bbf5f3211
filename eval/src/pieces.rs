//! Knights, bishops, rooks and queens: mobility and the terms tied to where a piece stands
//! (outposts, bishop pair and pawns on the bishop's colour, rooks on open files and the seventh).
//!
//! This pass also builds the attack maps that king safety and threats read afterwards, so it
//! runs for both sides before them. Bishops see through queens and rooks through queens and
//! their own rooks, since a battery's back piece controls the squares the front one attacks.
//! A pinned piece only counts moves along its pin.

use crate::attack_maps::AttackMaps;
use crate::masks::{forward, relative_rank};
use crate::pawns::PawnEntry;
use crate::tapered::Tapered;
use crate::trace::{Sink, Term};
use crate::weights::Weights;
use outpost_board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, line, queen_attacks, rook_attacks,
};
use outpost_board::{Bitboard, Color, PieceType, Position, Square};

/// Records `attacks` of a piece of `kind` and `color` in the attack maps and the king attack.
#[inline(always)]
fn record(maps: &mut AttackMaps, w: &Weights, color: Color, kind: PieceType, attacks: Bitboard) {
    let c = color.index();
    maps.attacked2[c] |= maps.attacked[c] & attacks;
    maps.attacked[c] |= attacks;
    maps.by_kind[c][kind.index()] |= attacks;
    let them = (!color).index();
    if (attacks & maps.zone[them]).any() {
        maps.attackers[c] += 1;
        maps.attack_weight[c] += w.king_attacker_weight[kind.index() - 1];
        maps.zone_attacks[c] += (attacks & king_attacks(maps.king[them])).count() as i32;
    }
}

#[inline]
pub(crate) fn evaluate<S: Sink>(
    pos: &Position,
    w: &Weights,
    maps: &mut AttackMaps,
    entry: &PawnEntry,
    color: Color,
    sink: &mut S,
) {
    let them = !color;
    let occ = maps.occ;
    let king = maps.king[color.index()];
    let area = maps.mobility_area[color.index()];
    let pinned = pos.slider_blockers(king, them) & pos.colored(color);
    let pawns = pos.pieces(PieceType::Pawn);
    let own_pawns = pos.pieces_of(color, PieceType::Pawn);
    let outposts = entry.outposts[color.index()];
    let queens = pos.pieces(PieceType::Queen);
    let shielded = forward(!color, pawns);
    let mut mobility = Tapered::ZERO;
    let mut score = Tapered::ZERO;

    // A pinned piece keeps only the squares on the line through its king.
    let restrict = |sq: Square, attacks: Bitboard| {
        if pinned.has(sq) {
            attacks & line(king, sq)
        } else {
            attacks
        }
    };

    for sq in pos.pieces_of(color, PieceType::Knight) {
        let attacks = if pinned.has(sq) {
            Bitboard::EMPTY
        } else {
            knight_attacks(sq)
        };
        record(maps, w, color, PieceType::Knight, attacks);
        mobility += w.knight_mobility[(attacks & area).count() as usize];
        if outposts.has(sq) {
            score += w.minor_outpost[0];
        } else if (attacks & outposts & !pos.colored(color)).any() {
            score += w.knight_reachable_outpost;
        }
        if shielded.has(sq) {
            score += w.minor_behind_pawn;
        }
    }

    let bishops = pos.pieces_of(color, PieceType::Bishop);
    if bishops.more_than_one() {
        score += w.bishop_pair;
    }
    for sq in bishops {
        let attacks = restrict(sq, bishop_attacks(sq, occ ^ queens));
        record(maps, w, color, PieceType::Bishop, attacks);
        mobility += w.bishop_mobility[(attacks & area).count() as usize];
        if outposts.has(sq) {
            score += w.minor_outpost[1];
        }
        if shielded.has(sq) {
            score += w.minor_behind_pawn;
        }
        let colour = if Bitboard::LIGHT_SQUARES.has(sq) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        score += w.bishop_pawns * (own_pawns & colour).count() as i32;
    }

    let own_rooks = pos.pieces_of(color, PieceType::Rook);
    let seventh = relative_rank(color, 6);
    let enemy_on_seventh = (pos.pieces_of(them, PieceType::Pawn) & seventh).any()
        || maps.king[them.index()].relative_rank(color) == 7;
    for sq in own_rooks {
        let attacks = restrict(sq, rook_attacks(sq, occ ^ queens ^ own_rooks));
        record(maps, w, color, PieceType::Rook, attacks);
        mobility += w.rook_mobility[(attacks & area).count() as usize];
        if entry.file_pawnless(color, sq.file()) {
            if entry.file_pawnless(them, sq.file()) {
                score += w.rook_open_file;
            } else {
                score += w.rook_semi_open_file;
            }
        }
        if seventh.has(sq) && enemy_on_seventh {
            score += w.rook_seventh;
        }
    }

    for sq in pos.pieces_of(color, PieceType::Queen) {
        let attacks = restrict(sq, queen_attacks(sq, occ));
        record(maps, w, color, PieceType::Queen, attacks);
        mobility += w.queen_mobility[(attacks & area).count() as usize];
    }

    sink.add(Term::Mobility, color, mobility);
    sink.add(Term::Pieces, color, score);
}
