//! Chess960 start positions by number, and double Fischer random starts (a different Chess960
//! arrangement for each side), for self-play data that covers Chess960 (`outpost datagen
//! --chess960`).
//!
//! Numbers follow Scharnagl's standard numbering, 0..960, the order of the usual start lists
//! (`tests/data/chess960/chess960.epd`, line n + 1 is number n): 0 is `BBQNNRKR`, 518 the
//! standard `RNBQKBNR`. A number is decoded rather than looked up in a table of 960 strings,
//! and a test checks every number against that list.

use crate::{Color, Piece, PieceType, Position};

/// How many Chess960 arrangements there are.
pub const COUNT: u16 = 960;
/// The number of the standard arrangement.
pub const STANDARD: u16 = 518;

/// The eight pieces of a back rank, file a first, of Chess960 start `number`; `None` beyond
/// 959.
pub fn back_rank(number: u16) -> Option<[PieceType; 8]> {
    if number >= COUNT {
        return None;
    }
    let mut rank: [Option<PieceType>; 8] = [None; 8];
    let n = usize::from(number);
    // Light-squared bishop on b, d, f or h; dark-squared one on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(PieceType::Bishop);
    rank[2 * ((n / 4) % 4)] = Some(PieceType::Bishop);
    let rest = n / 16;
    // The queen on one of the six squares left, the two knights on two of the five left then
    // (the ten pairs in Scharnagl's order), and rook, king, rook on the last three: the king
    // always between its rooks, as Chess960 castling needs.
    place(&mut rank, rest % 6, PieceType::Queen);
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[rest / 6];
    // The second knight first: placing it does not move the first one's empty-square index.
    place(&mut rank, second, PieceType::Knight);
    place(&mut rank, first, PieceType::Knight);
    for kind in [PieceType::Rook, PieceType::King, PieceType::Rook] {
        place(&mut rank, 0, kind);
    }
    let mut out = [PieceType::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        *o = r?;
    }
    Some(out)
}

/// Puts `kind` on the `nth` empty square of `rank`, counting from file a.
fn place(rank: &mut [Option<PieceType>; 8], nth: usize, kind: PieceType) {
    if let Some(square) = rank.iter_mut().filter(|s| s.is_none()).nth(nth) {
        *square = Some(kind);
    }
}

impl Position {
    /// The start position with white's back rank from Chess960 arrangement `white` and black's
    /// from `black` (on the same files, ranks mirrored), both sides' pawns on their second
    /// ranks, all four castling rights, white to move. `white == black` is an ordinary Chess960
    /// start, different numbers a double Fischer random one, whose rook files may differ
    /// between the sides: the rights are set by rook file (Shredder-FEN), which says that
    /// unambiguously. `None` if a number is beyond 959.
    pub fn chess960(white: u16, black: u16) -> Option<Position> {
        let row = |number: u16, color: Color| -> Option<String> {
            Some(
                back_rank(number)?
                    .iter()
                    .map(|&kind| Piece::new(color, kind).char())
                    .collect(),
            )
        };
        let rights = |number: u16, color: Color| -> Option<String> {
            let rank = back_rank(number)?;
            let files = (0u8..8).filter(|&f| rank[usize::from(f)] == PieceType::Rook);
            Some(
                files
                    .rev()
                    .map(|f| {
                        let letter = char::from(b'a' + f);
                        match color {
                            Color::White => letter.to_ascii_uppercase(),
                            Color::Black => letter,
                        }
                    })
                    .collect(),
            )
        };
        let fen = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {}{} - 0 1",
            row(black, Color::Black)?,
            row(white, Color::White)?,
            rights(white, Color::White)?,
            rights(black, Color::Black)?
        );
        Position::from_fen(&fen).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastleSide, Square};

    #[test]
    fn known_numbers_and_the_range() {
        use PieceType::*;
        assert_eq!(
            back_rank(0),
            Some([Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook])
        );
        assert_eq!(
            back_rank(STANDARD),
            Some([Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook])
        );
        assert_eq!(
            back_rank(959),
            Some([Rook, King, Rook, Knight, Knight, Queen, Bishop, Bishop])
        );
        assert_eq!(back_rank(COUNT), None);
        assert_eq!(Position::chess960(0, COUNT), None);
        assert_eq!(
            Position::chess960(STANDARD, STANDARD),
            Some(Position::startpos())
        );
    }

    /// Double Fischer random: each side keeps its own rooks as castling rooks, on files that
    /// differ between the sides, and its FEN says so and reads back.
    #[test]
    fn each_side_castles_with_its_own_rooks() {
        // 0: BBQNNRKR (rooks f, h); 959: RKRNNQBB (rooks a, c).
        let pos = Position::chess960(0, 959).unwrap();
        let rook = |color, side| pos.castle_rook(color, side);
        assert_eq!(
            rook(Color::White, CastleSide::King),
            Some(Square::make(7, 0))
        );
        assert_eq!(
            rook(Color::White, CastleSide::Queen),
            Some(Square::make(5, 0))
        );
        assert_eq!(
            rook(Color::Black, CastleSide::King),
            Some(Square::make(2, 7))
        );
        assert_eq!(
            rook(Color::Black, CastleSide::Queen),
            Some(Square::make(0, 7))
        );
        let shredder = pos.to_shredder_fen();
        assert_eq!(
            shredder,
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1"
        );
        assert_eq!(Position::from_fen(&shredder).unwrap(), pos);
        assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
    }
}
