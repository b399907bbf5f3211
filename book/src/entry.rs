//! The 16-byte Polyglot book record and the Polyglot move encoding.
//!
//! A record is `key: u64, move: u16, weight: u16, learn: u32`, all big-endian. The move packs
//! `to` file/rank in bits 0-5, `from` file/rank in bits 6-11 and the promotion piece in bits
//! 12-14 (1 knight .. 4 queen). Castling is "king takes own rook" (`e1h1`), which is our own
//! internal castling encoding, so standard chess and Chess960 decode the same way.

use outpost_board::{Move, MoveList, PieceType, Position, Square};

/// Bytes per record.
pub const ENTRY_SIZE: usize = 16;

/// One record exactly as stored, before the move is checked against a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RawEntry {
    pub key: u64,
    pub raw_move: u16,
    pub weight: u16,
    pub learn: u32,
}

impl RawEntry {
    /// Reads a record from exactly 16 bytes.
    #[inline]
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> RawEntry {
        RawEntry {
            key: u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }

    /// The 16 stored bytes of this record.
    pub fn to_bytes(self) -> [u8; ENTRY_SIZE] {
        let mut b = [0u8; ENTRY_SIZE];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }
}

/// Polyglot promotion code: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen.
fn promotion_code(piece: Option<PieceType>) -> u16 {
    match piece {
        None => 0,
        Some(p) => p as u16 - PieceType::Knight as u16 + 1,
    }
}

/// The Polyglot encoding of one of our moves. Castling keeps its king-takes-rook form.
pub fn encode_move(m: Move) -> u16 {
    m.to().index() as u16
        | (m.from().index() as u16) << 6
        | promotion_code(m.promotion_piece()) << 12
}

/// The legal move of `pos` that `raw` stands for, or `None` when no legal move matches.
///
/// Bit 15 is ignored and promotion codes above 4 match nothing, as in python-chess. Besides the
/// standard king-takes-rook castling, the king's two-square step (`e1g1`) written by some
/// non-conforming tools is accepted for a king on the e-file castling with an a- or h-file rook,
/// because python-chess reads such entries as castling too.
pub fn decode_move(pos: &Position, raw: u16) -> Option<Move> {
    decode_among(&pos.legal_moves(), raw)
}

/// `decode_move` against a position's legal moves generated once by the caller.
pub(crate) fn decode_among(moves: &MoveList, raw: u16) -> Option<Move> {
    let to = Square::from_index(u32::from(raw & 63));
    let from = Square::from_index(u32::from((raw >> 6) & 63));
    let promotion = match (raw >> 12) & 7 {
        0 => None,
        code @ 1..=4 => Some(PieceType::from_index(usize::from(code))),
        _ => return None,
    };
    let exact = moves
        .iter()
        .copied()
        .find(|m| m.from() == from && m.to() == to && m.promotion_piece() == promotion);
    if exact.is_some() {
        return exact;
    }
    if promotion.is_some() || from.file() != 4 || from.rank() != to.rank() {
        return None;
    }
    moves.iter().copied().find(|m| {
        m.is_castling()
            && m.from() == from
            && m.castling_king_to() == to
            && (m.to().file() == 0 || m.to().file() == 7)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_round_trip() {
        let e = RawEntry {
            key: 0x463b_9618_1691_fc9c,
            raw_move: 0x031c,
            weight: 7,
            learn: 0xdead_beef,
        };
        assert_eq!(RawEntry::from_bytes(&e.to_bytes()), e);
        assert_eq!(
            &e.to_bytes()[..8],
            &[0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c]
        );
    }

    #[test]
    fn encodes_like_the_spec() {
        let pos = Position::startpos();
        let e4 = pos.parse_uci_move("e2e4").unwrap();
        assert_eq!(encode_move(e4), 0x031c);
        assert_eq!(decode_move(&pos, 0x031c), Some(e4));
        // White castles king side: e1h1 = from 4, to 7.
        let castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let m = castle.parse_uci_move("e1g1").unwrap();
        assert!(m.is_castling());
        assert_eq!(encode_move(m), 0x0107);
        assert_eq!(decode_move(&castle, 0x0107), Some(m));
        // The non-standard e1g1 form still decodes to castling.
        assert_eq!(decode_move(&castle, 4 << 6 | 6), Some(m));
        // Promotions: a7a8 with each piece.
        let promo = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
        for (code, text) in [(1u16, "a7a8n"), (2, "a7a8b"), (3, "a7a8r"), (4, "a7a8q")] {
            let m = promo.parse_uci_move(text).unwrap();
            let raw = 56 | 48 << 6 | code << 12;
            assert_eq!(encode_move(m), raw, "{text}");
            assert_eq!(decode_move(&promo, raw), Some(m), "{text}");
        }
        // A promotion without its piece, or with a code above 4, is no move.
        assert_eq!(decode_move(&promo, 56 | 48 << 6), None);
        assert_eq!(decode_move(&promo, 56 | 48 << 6 | 5 << 12), None);
    }

    #[test]
    fn chess960_castling_decodes() {
        // King b1, rooks a1 and h1 (Shredder castling letters): b1a1 is queen-side castling.
        let pos = Position::from_fen("1k5r/8/8/8/8/8/8/RK5R w HA - 0 1").unwrap();
        let raw = 1 << 6; // from b1 (1) to a1 (0)
        let m = decode_move(&pos, raw).expect("b1a1 castles");
        assert!(m.is_castling());
        assert_eq!(encode_move(m), raw);
    }
}
