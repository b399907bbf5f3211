//! Endgame knowledge: the scale factor that pulls drawish endgames towards zero, and the mop-up
//! term that helps the side with a mating force drive a bare king to the edge.
//!
//! The scale applies to the endgame half of the score only (out of `SCALE_NORMAL`), for the side
//! the endgame score favours. Material that cannot mate at all never reaches here: the evaluation
//! returns 0 for it directly.

use crate::masks::distance;
use crate::tapered::s;
use crate::trace::{Sink, Term};
use crate::weights::{Weights, SCALE_NORMAL};
use outpost_board::{Bitboard, Color, PieceType, Position, Square};

/// Non-pawn material in pawn units (3, 3, 5, 9), for the scaling rules.
#[inline]
fn units(pos: &Position, color: Color) -> i32 {
    let c = pos.colored(color);
    3 * ((pos.pieces(PieceType::Knight) | pos.pieces(PieceType::Bishop)) & c).count() as i32
        + 5 * (pos.pieces(PieceType::Rook) & c).count() as i32
        + 9 * (pos.pieces(PieceType::Queen) & c).count() as i32
}

/// The scale factor (of `SCALE_NORMAL`) for an endgame score `eg` from white's view.
pub(crate) fn scale(pos: &Position, w: &Weights, eg: i32) -> i32 {
    let strong = if eg > 0 { Color::White } else { Color::Black };
    let weak = !strong;
    let strong_pawns = pos.pieces_of(strong, PieceType::Pawn).count();
    let (strong_units, weak_units) = (units(pos, strong), units(pos, weak));

    // Without pawns, a minor piece more is not enough to win, and a lone minor never wins.
    if strong_pawns == 0 && strong_units - weak_units <= 3 {
        return if strong_units < 5 {
            0
        } else {
            w.scale_pawnless_small_edge
        };
    }
    // Two knights cannot force mate; against pawns the win is rare and very deep.
    let strong_pieces =
        pos.colored(strong) & !pos.pieces(PieceType::Pawn) & !pos.pieces(PieceType::King);
    if strong_pawns == 0 && strong_pieces == pos.pieces_of(strong, PieceType::Knight) {
        return if weak_units == 0 && pos.pieces_of(weak, PieceType::Pawn).is_empty() {
            0
        } else {
            w.scale_pawnless_small_edge
        };
    }
    if wrong_bishop_rook_pawns(pos, strong) {
        return 0;
    }

    let bishops = pos.pieces(PieceType::Bishop);
    let white_bishops = pos.pieces_of(Color::White, PieceType::Bishop);
    let black_bishops = pos.pieces_of(Color::Black, PieceType::Bishop);
    if white_bishops.count() == 1
        && black_bishops.count() == 1
        && (bishops & Bitboard::LIGHT_SQUARES).count() == 1
    {
        return if strong_units == 3 && weak_units == 3 {
            w.scale_opposite_bishops
        } else {
            w.scale_opposite_bishops_pieces
        };
    }

    if strong_pawns == 1 && weak_units > 0 && weak_units >= strong_units {
        return w.scale_one_pawn_v_piece;
    }
    SCALE_NORMAL
}

/// King, bishop and rook pawns on one edge file against a king that holds the promotion corner,
/// which the bishop does not control: a dead draw however many pawns there are.
fn wrong_bishop_rook_pawns(pos: &Position, strong: Color) -> bool {
    let weak = !strong;
    let pawns = pos.pieces_of(strong, PieceType::Pawn);
    let bishops = pos.pieces_of(strong, PieceType::Bishop);
    let pieces = pos.colored(strong) & !pos.pieces(PieceType::King);
    if pieces != (pawns | bishops) || bishops.count() != 1 || pos.colored(weak).more_than_one() {
        return false;
    }
    let file = if (pawns & !Bitboard::FILE_A).is_empty() {
        0
    } else if (pawns & !Bitboard::FILE_H).is_empty() {
        7
    } else {
        return false;
    };
    let corner = Square::make(file, 7).relative(strong);
    let corner_light = Bitboard::LIGHT_SQUARES.has(corner);
    let bishop_light = (bishops & Bitboard::LIGHT_SQUARES).any();
    corner_light != bishop_light && distance(pos.king(weak), corner) <= 1
}

/// Whether `color`'s pieces can force mate against a bare king.
fn mating_force(pos: &Position, color: Color) -> bool {
    let c = pos.colored(color);
    let knights = (pos.pieces(PieceType::Knight) & c).count();
    let bishops = pos.pieces(PieceType::Bishop) & c;
    (pos.orthogonal_sliders() & c).any()
        || (bishops.any() && knights > 0)
        || ((bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any())
}

/// How far `sq` is from the centre (0 in the middle four squares, 3 in a corner).
#[inline]
fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    (f.max(7 - f) - 4) + (r.max(7 - r) - 4)
}

/// Mop-up: against a bare king, push it to the edge (to a corner of the bishop's colour when
/// mating with bishop and knight) and bring our king close.
pub(crate) fn mop_up<S: Sink>(pos: &Position, w: &Weights, sink: &mut S) {
    for color in Color::BOTH {
        let weak = !color;
        if pos.colored(weak).more_than_one() || !mating_force(pos, color) {
            continue;
        }
        let their_king = pos.king(weak);
        let own_king = pos.king(color);
        let mut bonus = w.mop_up_edge * centre_distance(their_king)
            + w.mop_up_kings * (7 - distance(own_king, their_king));
        let bishops = pos.pieces_of(color, PieceType::Bishop);
        let knights = pos.pieces_of(color, PieceType::Knight);
        if bishops.count() == 1 && knights.any() && pos.orthogonal_sliders().is_empty() {
            // Only the two corners of the bishop's colour can be mated in.
            let corners = if (bishops & Bitboard::DARK_SQUARES).any() {
                [Square::A1, Square::H8]
            } else {
                [Square::H1, Square::A8]
            };
            let corner = corners
                .iter()
                .map(|&c| distance(their_king, c))
                .min()
                .unwrap_or(0);
            bonus += w.mop_up_corner * (7 - corner);
        }
        sink.add(Term::Endgame, color, s(0, bonus));
    }
}
