//! Move text in each dialect. UCI writes `e1g1` for castling, or `e1h1` (king takes rook) when
//! `UCI_Chess960` is on. CECP writes coordinates, but castling in `fischerandom` is `O-O` /
//! `O-O-O`, the only spelling that is unambiguous there and the one XBoard and CuteChess use.
//! Incoming CECP moves are read in any of these forms and, failing that, as SAN.

use outpost_board::{Move, MoveError, Position};

/// A move as UCI text.
pub fn uci(m: Move, chess960: bool) -> String {
    m.to_uci(chess960).to_string()
}

/// A move as CECP text.
pub fn xboard(m: Move, chess960: bool) -> String {
    if chess960 && m.is_castling() {
        let king_side = m.castling_king_to().file() == 6;
        return if king_side { "O-O" } else { "O-O-O" }.to_string();
    }
    m.to_uci(false).to_string()
}

/// Reads a CECP move: coordinates (castling as king-to or king-takes-rook), `O-O`/`O-O-O`, or
/// SAN as a last resort.
pub fn parse_xboard(pos: &Position, text: &str) -> Result<Move, MoveError> {
    match pos.parse_uci_move(text) {
        Ok(m) => Ok(m),
        Err(uci_error) => match pos.parse_san(text) {
            Ok(m) => Ok(m),
            Err(MoveError::Syntax(_)) => Err(uci_error),
            Err(e) => Err(e),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_in_both_dialects() {
        let pos = Position::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").unwrap();
        let short = pos.parse_uci_move("e1g1").unwrap();
        let long = pos.parse_uci_move("e1a1").unwrap();
        assert_eq!(uci(short, false), "e1g1");
        assert_eq!(uci(short, true), "e1h1");
        assert_eq!(xboard(short, false), "e1g1");
        assert_eq!(xboard(short, true), "O-O");
        assert_eq!(xboard(long, true), "O-O-O");
        for text in ["O-O", "e1g1", "e1h1"] {
            assert_eq!(parse_xboard(&pos, text).unwrap(), short, "{text}");
        }
        assert_eq!(parse_xboard(&pos, "O-O-O").unwrap(), long);
        assert_eq!(
            parse_xboard(&pos, "Rb1").unwrap(),
            pos.parse_uci_move("a1b1").unwrap()
        );
        assert!(parse_xboard(&pos, "e2e5").is_err());
        assert!(parse_xboard(&pos, "Qh5").is_err());
    }
}
