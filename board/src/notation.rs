//! UCI move text: `e2e4`, `e7e8q`, castling as `e1g1` (standard) or `e1h1` (king takes rook,
//! Chess960). Parsing accepts both castling forms in either mode, because GUIs differ, and only
//! ever returns a legal move.

use crate::{Move, MoveList, PieceType, Position, Square};
use std::fmt;

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the shape `<from><to>[promotion]`.
    Syntax(String),
    /// Well formed but not legal in the position.
    Illegal(String),
    /// SAN that matches more than one legal move.
    Ambiguous(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "invalid move text '{s}'"),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}'"),
            MoveError::Ambiguous(s) => write!(f, "ambiguous move '{s}'"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Position {
    /// Parses a UCI move and returns it only if it is legal here.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        let b = text.as_bytes();
        let syntax = || MoveError::Syntax(text.to_string());
        if !(4..=5).contains(&b.len()) || !text.is_ascii() {
            return Err(syntax());
        }
        let from = Square::parse(&text[0..2]).ok_or_else(syntax)?;
        let to = Square::parse(&text[2..4]).ok_or_else(syntax)?;
        let promo = match b.get(4) {
            None => None,
            Some(&c) => match PieceType::from_char(c as char) {
                Some(
                    p
                    @ (PieceType::Knight | PieceType::Bishop | PieceType::Rook | PieceType::Queen),
                ) => Some(p),
                _ => return Err(syntax()),
            },
        };
        let moves: MoveList = self.legal_moves();
        let found = moves.iter().copied().find(|m| {
            m.from() == from
                && m.promotion_piece() == promo
                && (m.to() == to
                    || (m.is_castling()
                        && m.castling_king_to() == to
                        && self.king_step_is_castling(*m)))
        });
        found.ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// `e1g1` means castling only when the king does not already stand next to its destination
    /// as an ordinary legal step would (in Chess960 a king on f1 may step to g1).
    fn king_step_is_castling(&self, m: Move) -> bool {
        let king_to = m.castling_king_to();
        let ordinary = Move::normal(m.from(), king_to);
        // If the same text is also an ordinary king move, prefer the ordinary move.
        !(self.legal_moves().contains(ordinary)) && king_to != m.from()
    }
}
