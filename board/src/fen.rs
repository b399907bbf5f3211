//! FEN in and out: standard FEN, FEN without the two counters, X-FEN and Shredder-FEN castling.
//!
//! Parsing checks what makes a position impossible to set up (no king, a side not to move in
//! check, pawns on the back ranks, too many pieces, castling or en-passant fields that cannot
//! hold) and says which field is wrong. Positions that are legal to set up but unreachable, such
//! as two bishops checking along one diagonal, are accepted.

use crate::position::{castle_index, CastleSide};
use crate::{Bitboard, Color, Piece, PieceType, Position, Square};
use std::fmt;

pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    WrongFieldCount(usize),
    Placement(String),
    SideToMove(String),
    Castling(String),
    EnPassant(String),
    HalfmoveClock(String),
    FullmoveNumber(String),
    /// The placement parses but the position is impossible.
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "invalid FEN: empty"),
            FenError::WrongFieldCount(n) => {
                write!(f, "invalid FEN: expected 4 to 6 fields, found {n}")
            }
            FenError::Placement(s) => write!(f, "invalid FEN: piece placement: {s}"),
            FenError::SideToMove(s) => write!(f, "invalid FEN: side to move '{s}'"),
            FenError::Castling(s) => write!(f, "invalid FEN: castling field: {s}"),
            FenError::EnPassant(s) => write!(f, "invalid FEN: en-passant field: {s}"),
            FenError::HalfmoveClock(s) => write!(f, "invalid FEN: half-move clock '{s}'"),
            FenError::FullmoveNumber(s) => write!(f, "invalid FEN: full-move number '{s}'"),
            FenError::Illegal(s) => write!(f, "invalid FEN: impossible position: {s}"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Parses a FEN (also X-FEN and Shredder-FEN; the two counters may be missing).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::WrongFieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        parse_placement(&mut pos, fields[0])?;
        pos.side = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            s => return Err(FenError::SideToMove(s.to_string())),
        };
        validate_material(&pos)?;
        parse_castling(&mut pos, fields[2])?;
        let ep = parse_ep(&pos, fields[3])?;
        if let Some(s) = fields.get(4) {
            pos.halfmove = s
                .parse::<u16>()
                .ok()
                .filter(|&n| n <= 9999)
                .ok_or_else(|| FenError::HalfmoveClock(s.to_string()))?;
        }
        if let Some(s) = fields.get(5) {
            let n = s
                .parse::<u16>()
                .ok()
                .filter(|&n| n <= 9999)
                .ok_or_else(|| FenError::FullmoveNumber(s.to_string()))?;
            // Some GUIs write 0; the first move is number 1.
            pos.fullmove = n.max(1);
        }
        if let Some(ep) = ep {
            pos.set_ep_if_capturable(ep);
        }
        pos.finish_setup();
        validate_checks(&pos)?;
        Ok(pos)
    }

    /// Drops the castling rights that standard chess cannot have and returns them (colour,
    /// side, and the rook the right named). A FEN's castling field is read the Chess960 way,
    /// so `4k3/8/8/8/8/8/8/4K1R1 w K` castles with the rook on g1; standard chess castles only
    /// with the king on e1/e8 and the rook in the corner, and its move notation (`e1g1`, the
    /// king's two-square step) cannot name any other castling. A program playing standard
    /// chess calls this after reading a FEN; in Chess960 the rights keep their meaning.
    pub fn drop_non_standard_castling(&mut self) -> Vec<(Color, CastleSide, Square)> {
        let mut dropped = Vec::new();
        for color in Color::BOTH {
            let (king_home, corners) = match color {
                Color::White => (Square::E1, [Square::H1, Square::A1]),
                Color::Black => (Square::E8, [Square::H8, Square::A8]),
            };
            for (side, corner) in [CastleSide::King, CastleSide::Queen]
                .into_iter()
                .zip(corners)
            {
                let Some(rook) = self.castle_rook(color, side) else {
                    continue;
                };
                if self.king(color) != king_home || rook != corner {
                    let bit = 1u8 << castle_index(color, side);
                    self.castling &= !bit;
                    self.key ^= crate::zobrist::castling_set(bit);
                    dropped.push((color, side, rook));
                }
            }
        }
        dropped
    }

    /// FEN with X-FEN castling letters (Shredder file letters only where `KQkq` is ambiguous).
    pub fn to_fen(&self) -> String {
        self.fen_with(false)
    }

    /// FEN with Shredder-FEN castling letters (rook files, e.g. `HAha`).
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut s = String::with_capacity(90);
        write_placement(&mut s, |sq| self.piece_on(sq));
        s.push(' ');
        s.push(self.side.char());
        s.push(' ');
        let before = s.len();
        for color in Color::BOTH {
            for side in [CastleSide::King, CastleSide::Queen] {
                if let Some(rook) = self.castle_rook(color, side) {
                    let c = if shredder || !self.is_outermost_rook(color, side, rook) {
                        crate::square::file_char(rook.file())
                    } else if side == CastleSide::King {
                        'k'
                    } else {
                        'q'
                    };
                    s.push(if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                }
            }
        }
        if s.len() == before {
            s.push('-');
        }
        s.push(' ');
        match self.ep {
            Some(ep) => s.push_str(&ep.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// Whether `rook` is the outermost rook of its colour on that side of the king, so the X-FEN
    /// letter `K`/`Q` names it unambiguously.
    fn is_outermost_rook(&self, color: Color, side: CastleSide, rook: Square) -> bool {
        let rank = rook.rank();
        let rooks = self.pieces_of(color, PieceType::Rook) & Bitboard::rank(rank);
        let beyond = rooks.iter().filter(|r| match side {
            CastleSide::King => r.file() > rook.file(),
            CastleSide::Queen => r.file() < rook.file(),
        });
        beyond.count() == 0
    }
}

/// Appends FEN's first field, the pieces rank 8 to rank 1 with runs of empty squares as digits,
/// for whatever holds a board: a `Position`, or a training record that has no castling rights.
pub fn write_placement(out: &mut String, piece_on: impl Fn(Square) -> Option<Piece>) {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match piece_on(Square::make(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

fn parse_placement(pos: &mut Position, text: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Placement(format!(
            "expected 8 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::Placement(format!("bad empty-square count '{c}'")));
                }
                file += d as u8;
            } else if let Some(p) = Piece::from_char(c) {
                if file >= 8 {
                    return Err(FenError::Placement(format!(
                        "rank {} has more than 8 squares",
                        rank + 1
                    )));
                }
                pos.put(p, Square::make(file, rank));
                file += 1;
            } else {
                return Err(FenError::Placement(format!("unexpected character '{c}'")));
            }
            if file > 8 {
                return Err(FenError::Placement(format!(
                    "rank {} has more than 8 squares",
                    rank + 1
                )));
            }
        }
        if file != 8 {
            return Err(FenError::Placement(format!(
                "rank {} has {} squares, not 8",
                rank + 1,
                file
            )));
        }
    }
    Ok(())
}

fn validate_material(pos: &Position) -> Result<(), FenError> {
    for color in Color::BOTH {
        let name = if color == Color::White {
            "white"
        } else {
            "black"
        };
        let kings = pos.pieces_of(color, PieceType::King).count();
        if kings != 1 {
            return Err(FenError::Illegal(format!("{name} has {kings} kings")));
        }
        if pos.pieces_of(color, PieceType::Pawn).count() > 8 {
            return Err(FenError::Illegal(format!("{name} has more than 8 pawns")));
        }
        if pos.colored(color).count() > 16 {
            return Err(FenError::Illegal(format!("{name} has more than 16 pieces")));
        }
    }
    if (pos.pieces(PieceType::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).any() {
        return Err(FenError::Illegal("pawn on the first or last rank".into()));
    }
    Ok(())
}

fn validate_checks(pos: &Position) -> Result<(), FenError> {
    let them = !pos.side_to_move();
    let their_king = pos.king(them);
    if pos.is_attacked_by(their_king, pos.side_to_move(), pos.occupied()) {
        return Err(FenError::Illegal("the side not to move is in check".into()));
    }
    if pos.checkers().count() > 2 {
        return Err(FenError::Illegal("more than two pieces give check".into()));
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = if color == Color::White { 0 } else { 7 };
        let king = pos.king(color);
        if king.rank() != back_rank {
            return Err(FenError::Castling(format!(
                "'{c}' but the king is not on its back rank"
            )));
        }
        let rooks = pos.pieces_of(color, PieceType::Rook) & Bitboard::rank(back_rank);
        let lower = c.to_ascii_lowercase();
        let rook = match lower {
            'k' => rooks.iter().filter(|r| r.file() > king.file()).last(),
            'q' => rooks.iter().find(|r| r.file() < king.file()),
            'a'..='h' => {
                let sq = Square::make(lower as u8 - b'a', back_rank);
                rooks.has(sq).then_some(sq)
            }
            _ => {
                return Err(FenError::Castling(format!(
                    "unexpected character '{c}' in '{text}'"
                )))
            }
        };
        let Some(rook) = rook else {
            return Err(FenError::Castling(format!(
                "'{c}' but there is no rook to castle with"
            )));
        };
        if rook.file() == king.file() {
            return Err(FenError::Castling(format!("'{c}' names the king's file")));
        }
        let side = if rook.file() > king.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        let i = castle_index(color, side);
        if pos.castling & (1 << i) != 0 {
            return Err(FenError::Castling(format!("'{text}' repeats a right")));
        }
        pos.castling |= 1 << i;
        pos.castle_rooks[i] = rook;
    }
    Ok(())
}

fn parse_ep(pos: &Position, text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let sq = Square::parse(text).ok_or_else(|| FenError::EnPassant(format!("'{text}'")))?;
    let us = pos.side_to_move();
    if sq.relative_rank(us) != 5 {
        return Err(FenError::EnPassant(format!(
            "'{text}' is not on the rank behind a pawn that just moved two squares"
        )));
    }
    let pushed = Square::make(sq.file(), if us == Color::White { 4 } else { 3 });
    let origin = Square::make(sq.file(), if us == Color::White { 6 } else { 1 });
    let ok = pos.piece_on(pushed) == Some(Piece::new(!us, PieceType::Pawn))
        && pos.piece_on(sq).is_none()
        && pos.piece_on(origin).is_none();
    if !ok {
        return Err(FenError::EnPassant(format!(
            "'{text}' but no pawn can have just moved two squares there"
        )));
    }
    Ok(Some(sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_start() {
        let p = Position::startpos();
        assert_eq!(p.to_fen(), STARTPOS_FEN);
        assert_eq!(p.key(), 0x463b96181691fc9c);
    }

    #[test]
    fn standard_chess_drops_the_rights_only_chess960_has() {
        let drop = |fen: &str| {
            let mut pos = Position::from_fen(fen).unwrap();
            let dropped = pos.drop_non_standard_castling();
            // The key must be the one of the position written without those rights.
            let again = Position::from_fen(&pos.to_fen()).unwrap();
            assert_eq!(pos, again, "{fen}");
            assert_eq!(pos.key(), pos.compute_keys().0, "{fen}");
            (pos.to_fen(), dropped)
        };
        // The rook on g1, not h1.
        let (fen, dropped) = drop("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
        assert_eq!(fen, "4k3/8/8/8/8/8/8/4K1R1 w - - 0 1");
        assert_eq!(dropped, [(Color::White, CastleSide::King, Square::G1)]);
        // The king off e8: both of Black's rights go, White's stay.
        let (fen, dropped) = drop("r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(fen, "r2k3r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert_eq!(
            dropped,
            [
                (Color::Black, CastleSide::King, Square::H8),
                (Color::Black, CastleSide::Queen, Square::A8)
            ]
        );
        // Shredder letters naming the corners are standard; the start position keeps all.
        let (fen, dropped) = drop("r3k2r/8/8/8/8/8/8/R3K2R b HAha - 0 1");
        assert_eq!(fen, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        assert!(dropped.is_empty());
        assert!(drop(STARTPOS_FEN).1.is_empty());
        // A Chess960 start: the king on c1 and the rooks on b1 and g1.
        let (fen, dropped) = drop("nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1");
        assert_eq!(fen, "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w - - 0 1");
        assert_eq!(dropped.len(), 4);
    }

    #[test]
    fn shredder_and_xfen() {
        let p =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(p.to_fen(), STARTPOS_FEN);
        assert_eq!(
            p.to_shredder_fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
    }
}
