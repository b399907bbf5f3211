//! Our `Position` as shakmaty's `Chess`, built straight from the bitboards.
//!
//! Both crates number squares a1 = 0 .. h8 = 63, so the bitboards carry over unchanged and the
//! conversion is twelve copies and shakmaty's own validation, with no allocation and no FEN text.
//! Callers convert only positions without castling rights (Syzygy tables hold none), so castling
//! is always passed as empty. Our en-passant square is set only when a capture there is
//! pseudo-legal; shakmaty decides from it whether the capture is legal.

use outpost_board::{Color, PieceType, Position};
use shakmaty::{Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, FromSetup, Setup};
use std::num::NonZeroU32;

#[inline]
fn bb(pos: &Position, kind: PieceType) -> Bitboard {
    Bitboard(pos.pieces(kind).0)
}

/// The same position for the prober, or `None` when shakmaty refuses it (it never should for a
/// position our FEN parser accepted; positions with an impossible check, such as two bishops
/// checking along one diagonal, are let through as our parser lets them through).
#[inline]
pub fn to_chess(pos: &Position) -> Option<Chess> {
    let by_role = ByRole {
        pawn: bb(pos, PieceType::Pawn),
        knight: bb(pos, PieceType::Knight),
        bishop: bb(pos, PieceType::Bishop),
        rook: bb(pos, PieceType::Rook),
        queen: bb(pos, PieceType::Queen),
        king: bb(pos, PieceType::King),
    };
    let by_color = ByColor {
        white: Bitboard(pos.colored(Color::White).0),
        black: Bitboard(pos.colored(Color::Black).0),
    };
    let board = Board::try_from_bitboards(by_role, by_color).ok()?;
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: match pos.side_to_move() {
            Color::White => shakmaty::Color::White,
            Color::Black => shakmaty::Color::Black,
        },
        castling_rights: Bitboard::EMPTY,
        ep_square: pos
            .ep_square()
            .map(|sq| shakmaty::Square::new(sq.index() as u32)),
        remaining_checks: None,
        halfmoves: u32::from(pos.halfmove_clock()),
        fullmoves: NonZeroU32::new(u32::from(pos.fullmove_number())).unwrap_or(NonZeroU32::MIN),
    };
    match Chess::from_setup(setup, CastlingMode::Standard) {
        Ok(chess) => Some(chess),
        Err(e) => e.ignore_impossible_check().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, EnPassantMode, Position as _};

    fn fen_of(chess: &Chess) -> String {
        Fen::from_position(chess, EnPassantMode::Legal).to_string()
    }

    #[test]
    fn converts_placement_side_and_en_passant() {
        for fen in [
            "8/8/8/8/4k3/8/8/R3K3 w - - 0 1",
            "8/8/8/3k4/8/8/8/3QK3 b - - 7 40",
            // Black may take e3 en passant.
            "8/8/8/8/3pP3/8/8/k3K3 b - e3 0 1",
            // Two bishops checking along one diagonal: impossible, accepted by both.
            "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
        ] {
            let ours = Position::from_fen(fen).expect("valid FEN");
            let chess = to_chess(&ours).expect("converts");
            let ep_legal = fen.contains(" e3 ");
            assert_eq!(chess.legal_ep_square().is_some(), ep_legal, "{fen}");
            assert_eq!(fen_of(&chess), ours.to_fen(), "{fen}");
            assert_eq!(chess.legal_moves().len(), ours.legal_moves().len(), "{fen}");
        }
    }
}
