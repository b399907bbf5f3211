//! King safety: the pawn shelter and storm around the king, open files next to it, and the king
//! danger built from the enemy's attacks on the king zone.
//!
//! Danger adds up attackers (count times their summed weights), attacked squares next to the king,
//! weak squares in the zone, and the checks the enemy could give safely. It enters the score
//! quadratically in the middlegame: one attacker is rarely dangerous, three usually are.

use crate::evaluate::Info;
use crate::masks::{distance, king_zone};
use crate::pawns::PawnEntry;
use crate::score::{s, Score};
use crate::trace::{Sink, Term};
use crate::weights::{Weights, KING_DANGER_EG_DIV, KING_DANGER_MG_DIV};
use outpost_board::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use outpost_board::{Bitboard, Color, PieceType, Position, Square};

/// The king terms that depend on the pawns alone (cached in the pawn table): shelter and storm,
/// the better of where the king stands and where castling (`rights`: bit 0 king side, bit 1
/// queen side) would take it, and the king's distance to its nearest pawn.
pub(crate) fn king_pawns(
    pos: &Position,
    w: &Weights,
    color: Color,
    king: Square,
    rights: u8,
) -> Score {
    let mut best = shelter(pos, w, color, king);
    let back = Square::make(0, 0).relative(color).rank();
    for (bit, file) in [(1u8, 6u8), (2, 2)] {
        if rights & bit != 0 {
            let castled = shelter(pos, w, color, Square::make(file, back));
            if castled.mg() > best.mg() {
                best = castled;
            }
        }
    }
    let ours = pos.pieces_of(color, PieceType::Pawn);
    if ours.any() {
        let nearest = ours
            .into_iter()
            .map(|p| distance(king, p))
            .min()
            .unwrap_or(0);
        best += w.king_pawn_distance * nearest;
    }
    best
}

/// Shelter and storm of the king of `color` on `king`.
fn shelter(pos: &Position, w: &Weights, color: Color, king: Square) -> Score {
    let ours = pos.pieces_of(color, PieceType::Pawn);
    let theirs = pos.pieces_of(!color, PieceType::Pawn);
    // Pawns level with the king or in front of it; those behind shelter nothing.
    let krank = king.rank() as u32;
    let in_front = match color {
        Color::White => Bitboard(!0u64 << (8 * krank)),
        Color::Black => Bitboard(!0u64 >> (8 * (7 - krank))),
    };
    let center = king.file().clamp(1, 6);
    let mut score = Score::ZERO;
    for file in center - 1..=center + 1 {
        let edge = file.min(7 - file) as usize;
        let mask = Bitboard::file(file);
        let our_rank = nearest_rank(color, ours & mask & in_front);
        let their_rank = nearest_rank(color, theirs & mask & in_front);
        score += w.shelter[edge][our_rank];
        if our_rank != 0 && their_rank == our_rank + 1 {
            score += w.storm_blocked[their_rank];
        } else {
            score += w.storm[edge][their_rank];
        }
        if (ours & mask).is_empty() {
            score += w.king_open_file[(theirs & mask).is_empty() as usize];
        }
    }
    score
}

/// Relative rank (seen from `color`) of the pawn of `pawns` nearest `color`'s first rank, or 0.
#[inline]
fn nearest_rank(color: Color, pawns: Bitboard) -> usize {
    if pawns.is_empty() {
        return 0;
    }
    let sq = match color {
        Color::White => pawns.lsb(),
        Color::Black => Square::from_index(63 - pawns.0.leading_zeros()),
    };
    sq.relative_rank(color) as usize
}

/// Everything about `color`'s king: shelter and danger, and the king's distance to its pawns (an
/// endgame matter, kept here because it is about the king).
#[inline]
pub(crate) fn evaluate<S: Sink>(
    pos: &Position,
    w: &Weights,
    info: &Info,
    entry: &mut PawnEntry,
    color: Color,
    sink: &mut S,
) {
    let them = !color;
    let king = info.king[color.index()];
    let shelter = entry.shelter(pos, w, color, king);
    let mut score = shelter;

    let attackers = info.attackers[them.index()];
    let their_queens = pos.pieces_of(them, PieceType::Queen);
    if attackers > 1 - their_queens.count() as i32 {
        score -= danger_score(danger(pos, w, info, color, shelter));
    }
    sink.add(Term::King, color, score);
}

/// The penalty for a king danger value.
#[inline]
fn danger_score(danger: i32) -> Score {
    if danger <= 0 {
        return Score::ZERO;
    }
    // Capped so that the packed halves cannot overflow on absurd positions.
    let d = danger.min(10_000);
    s(d * d / KING_DANGER_MG_DIV, d / KING_DANGER_EG_DIV)
}

/// The danger to `color`'s king.
fn danger(pos: &Position, w: &Weights, info: &Info, color: Color, shelter: Score) -> i32 {
    let them = !color;
    let (us_i, them_i) = (color.index(), them.index());
    let king = info.king[us_i];
    let occ = info.occ;
    let ours = &info.by_kind[us_i];
    let theirs = &info.by_kind[them_i];

    // Squares the enemy attacks that we defend at most with the king or queen.
    let weak = info.attacked[them_i]
        & !info.attacked2[us_i]
        & (!info.attacked[us_i] | ours[PieceType::King.index()] | ours[PieceType::Queen.index()]);
    // Squares an enemy piece can stand on without being taken for free.
    let safe = !pos.colored(them) & (!info.attacked[us_i] | (weak & info.attacked2[them_i]));

    let knight_rays = knight_attacks(king);
    let bishop_rays = bishop_attacks(king, occ);
    let rook_rays = rook_attacks(king, occ);
    let knight_checks = knight_rays & theirs[PieceType::Knight.index()];
    let bishop_checks = bishop_rays & theirs[PieceType::Bishop.index()];
    let rook_checks = rook_rays & theirs[PieceType::Rook.index()];
    let queen_checks = (bishop_rays | rook_rays)
        & theirs[PieceType::Queen.index()]
        & !ours[PieceType::Queen.index()];

    let mut danger = info.attackers[them_i] * info.attack_weight[them_i]
        + w.king_zone_attack * info.zone_attacks[them_i]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::DEFAULT as W;

    fn pawn_terms(fen: &str, color: Color) -> Score {
        let pos = Position::from_fen(fen).unwrap();
        let rights = (pos.castling_rights() >> (2 * color.index())) & 3;
        king_pawns(&pos, &W, color, pos.king(color), rights)
    }

    #[test]
    fn shelter_adds_up_per_file() {
        // Files f, g, h are 2, 1 and 0 steps from the edge; black's pawns stand on white's
        // seventh rank; the nearest white pawn is one step from the king.
        let got = pawn_terms("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White);
        let expected = W.shelter[2][1]
            + W.shelter[1][1]
            + W.shelter[0][1]
            + W.storm[2][6]
            + W.storm[1][6]
            + W.storm[0][6]
            + W.king_pawn_distance;
        assert_eq!(got, expected);
    }

    #[test]
    fn castling_rights_count_the_castled_shelter() {
        // A king in the centre with open central files, whose king-side castle is still allowed.
        let fen_rights = "4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1";
        let fen_none = "4k3/8/8/8/8/8/5PPP/4K2R w - - 0 1";
        let with = pawn_terms(fen_rights, Color::White);
        let without = pawn_terms(fen_none, Color::White);
        // The castled square's whole shelter is taken, so only the middlegame half is compared.
        assert!(with.mg() > without.mg(), "{with:?} {without:?}");
    }
}
