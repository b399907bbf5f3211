//! The human-readable board for the engine's `d` command: an ASCII diagram in the layout
//! Stockfish users know (white at the bottom, FEN letters, rank and file labels), followed by the
//! FEN, the Zobrist (Polyglot) key and the squares of the pieces giving check.

use crate::{file_char, Position, Square};
use std::fmt::Write;

const RULE: &str = " +---+---+---+---+---+---+---+---+\n";

impl Position {
    /// The board diagram and the `Fen:`, `Key:` and `Checkers:` lines, each ending in a newline.
    pub fn pretty(&self) -> String {
        let mut out = String::with_capacity(800);
        out.push_str(RULE);
        for rank in (0..8u8).rev() {
            out.push(' ');
            for file in 0..8u8 {
                let c = self
                    .piece_on(Square::make(file, rank))
                    .map_or(' ', |p| p.char());
                out.push_str("| ");
                out.push(c);
                out.push(' ');
            }
            out.push_str("| ");
            out.push((b'1' + rank) as char);
            out.push('\n');
            out.push_str(RULE);
        }
        for file in 0..8u8 {
            out.push_str("   ");
            out.push(file_char(file));
        }
        out.push_str("\n\n");
        // Writing to a String cannot fail.
        let _ = writeln!(out, "Fen: {}", self.to_fen());
        let _ = writeln!(out, "Key: {:016X}", self.key());
        out.push_str("Checkers:");
        for sq in self.checkers() {
            let _ = write!(out, " {sq}");
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn start_position_diagram() {
        let text = Position::startpos().pretty();
        let expected = " +---+---+---+---+---+---+---+---+
 | r | n | b | q | k | b | n | r | 8
 +---+---+---+---+---+---+---+---+
 | p | p | p | p | p | p | p | p | 7
 +---+---+---+---+---+---+---+---+
 |   |   |   |   |   |   |   |   | 6
 +---+---+---+---+---+---+---+---+
 |   |   |   |   |   |   |   |   | 5
 +---+---+---+---+---+---+---+---+
 |   |   |   |   |   |   |   |   | 4
 +---+---+---+---+---+---+---+---+
 |   |   |   |   |   |   |   |   | 3
 +---+---+---+---+---+---+---+---+
 | P | P | P | P | P | P | P | P | 2
 +---+---+---+---+---+---+---+---+
 | R | N | B | Q | K | B | N | R | 1
 +---+---+---+---+---+---+---+---+
   a   b   c   d   e   f   g   h

Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
Key: 463B96181691FC9C
Checkers:
";
        assert_eq!(text, expected);
    }

    #[test]
    fn checkers_and_key_line() {
        // Double check by the rook on e1 and the knight on f6; the key is compared with the one
        // computed from scratch.
        let p = Position::from_fen("4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1").expect("valid FEN");
        let text = p.pretty();
        assert!(text.ends_with("Checkers: e1 f6\n"), "{text}");
        let key_line = format!("Key: {:016X}\n", p.compute_keys().0);
        assert!(text.contains(&key_line), "{text}");
        assert!(text.contains("Fen: 4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1\n"));
        assert!(text.contains(" |   |   |   |   | R | K |   |   | 1\n"));
    }

    #[test]
    fn polyglot_key_is_printed_in_upper_case_hex() {
        let p = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
            .expect("valid FEN");
        assert!(p.pretty().contains("Key: 22A48B5A8E47FF78\n"));
    }
}
