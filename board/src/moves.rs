//! Moves and the fixed-capacity move list.
//!
//! A move is 16 bits: `from` (6), `to` (6), kind (2), promotion piece (2). Castling is stored as
//! "king takes own rook" (`to` is the rook's square), so standard chess and Chess960 share one path;
//! only the text form differs (see `to_uci`).

use crate::{PieceType, Square};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal,
    Promotion,
    EnPassant,
    Castling,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const KIND_PROMOTION: u16 = 1 << 12;
const KIND_EN_PASSANT: u16 = 2 << 12;
const KIND_CASTLING: u16 = 3 << 12;

impl Move {
    /// "No move": a1a1, which no real move can be. Also what UCI prints as `0000`.
    pub const NONE: Move = Move(0);

    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }

    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, piece: PieceType) -> Move {
        let p = (piece as u16).wrapping_sub(PieceType::Knight as u16) & 3;
        Move(from.index() as u16 | (to.index() as u16) << 6 | KIND_PROMOTION | p << 14)
    }

    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | KIND_EN_PASSANT)
    }

    /// King on `king` castles with the rook on `rook`.
    #[inline(always)]
    pub const fn castling(king: Square, rook: Square) -> Move {
        Move(king.index() as u16 | (rook.index() as u16) << 6 | KIND_CASTLING)
    }

    /// The raw 16 bits, for the transposition table.
    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from `raw()`. The result may be illegal in a given position: check it with
    /// `Position::is_legal` before playing it.
    #[inline(always)]
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u32)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index(((self.0 >> 6) & 63) as u32)
    }

    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 & 3 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        self.0 & (3 << 12) == KIND_CASTLING
    }

    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.0 & (3 << 12) == KIND_EN_PASSANT
    }

    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & (3 << 12) == KIND_PROMOTION
    }

    /// The promotion piece, if this is a promotion.
    #[inline(always)]
    pub const fn promotion_piece(self) -> Option<PieceType> {
        if self.is_promotion() {
            Some(PieceType::from_index(1 + (self.0 >> 14) as usize))
        } else {
            None
        }
    }

    /// Where the king ends up when castling (g- or c-file of its rank).
    #[inline(always)]
    pub const fn castling_king_to(self) -> Square {
        let (k, r) = (self.from(), self.to());
        Square::make(if r.file() > k.file() { 6 } else { 2 }, k.rank())
    }

    /// Where the rook ends up when castling (f- or d-file of its rank).
    #[inline(always)]
    pub const fn castling_rook_to(self) -> Square {
        let (k, r) = (self.from(), self.to());
        Square::make(if r.file() > k.file() { 5 } else { 3 }, k.rank())
    }

    /// UCI text. Castling prints as king-to-rook (`e1h1`) in Chess960 mode and as the king's
    /// two-square step (`e1g1`) otherwise.
    pub fn to_uci(self, chess960: bool) -> UciMove {
        UciMove { mv: self, chess960 }
    }
}

/// Display adaptor returned by `Move::to_uci`.
pub struct UciMove {
    mv: Move,
    chess960: bool,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.mv;
        if m.is_none() {
            return f.write_str("0000");
        }
        let to = if m.is_castling() && !self.chess960 {
            m.castling_king_to()
        } else {
            m.to()
        };
        write!(f, "{}{}", m.from(), to)?;
        if let Some(p) = m.promotion_piece() {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    /// The Chess960 (king-takes-rook) form; use `to_uci` to choose.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_uci(true).fmt(f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most legal moves any chess position has is 218; 256 leaves room and keeps sizes round.
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves that lives on the stack: move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // Legal positions never exceed MAX_MOVES; the mask keeps even a corrupt call in bounds.
        self.moves[self.len & (MAX_MOVES - 1)] = m;
        self.len += 1;
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` moves (all of them if there are fewer).
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len.min(MAX_MOVES)]
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        let n = self.len.min(MAX_MOVES);
        &mut self.moves[..n]
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl std::ops::Index<usize> for MoveList {
    type Output = Move;
    #[inline(always)]
    fn index(&self, i: usize) -> &Move {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
