//! SAN (standard algebraic notation), the move text of PGN games and EPD test suites: `Nbd7`,
//! `exd6`, `e8=Q+`, `O-O-O#`.
//!
//! Writing follows the PGN standard: the piece letter, the least disambiguation the legal moves
//! need (file, else rank, else both), `x` for captures, `=Q` for promotions, `O-O`/`O-O-O` for
//! castling in standard chess and Chess960 alike, and `+`/`#` for check and mate.
//! Reading accepts what real files hold besides: annotation marks (`!`, `?!`), zeros in castling
//! (`0-0`), promotions without `=`, over-disambiguated moves (`Ng1f3`, `Ng1-f3`) and a missing
//! capture mark. It only ever returns a legal move, and says whether text that is not one was
//! malformed, matched no move or matched several.

use crate::{file_char, Bitboard, Move, MoveError, PieceType, Position, Square};

/// Marks that may follow a move: check, mate and the annotation glyphs.
const SUFFIX_MARKS: [char; 4] = ['+', '#', '!', '?'];

impl Position {
    /// The SAN text of the legal move `m`. A move that is not legal here (a caller's bug) comes
    /// back as its UCI text rather than a panic, so that logging it is always safe.
    pub fn to_san(&self, m: Move) -> String {
        let legal = self.legal_moves();
        let mut out = String::with_capacity(8);
        let piece = match self.moved_piece(m) {
            Some(p) if legal.contains(m) => p,
            _ => return m.to_uci(true).to_string(),
        };
        let (from, to) = (m.from(), m.to());
        if m.is_castling() {
            // King takes own rook: the rook's side of the king names the castling.
            out.push_str(if to.file() > from.file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else if piece.kind() == PieceType::Pawn {
            if self.is_capture(m) {
                out.push(file_char(from.file()));
                out.push('x');
            }
            push_square(&mut out, to);
            if let Some(p) = m.promotion_piece() {
                out.push('=');
                out.push(p.char().to_ascii_uppercase());
            }
        } else {
            out.push(piece.kind().char().to_ascii_uppercase());
            // Other pieces of the same kind that can also go to `to`.
            let mut rivals = Bitboard::EMPTY;
            for &other in legal.iter() {
                if other.to() == to
                    && other.from() != from
                    && !other.is_castling()
                    && self.moved_piece(other) == Some(piece)
                {
                    rivals |= Bitboard::from_square(other.from());
                }
            }
            if rivals.any() {
                if (rivals & Bitboard::file(from.file())).is_empty() {
                    out.push(file_char(from.file()));
                } else if (rivals & Bitboard::rank(from.rank())).is_empty() {
                    out.push(rank_char(from.rank()));
                } else {
                    push_square(&mut out, from);
                }
            }
            if self.is_capture(m) {
                out.push('x');
            }
            push_square(&mut out, to);
        }
        if self.gives_check(m) {
            out.push(if self.play(m).has_legal_move() {
                '+'
            } else {
                '#'
            });
        }
        out
    }

    /// Reads a SAN move and returns it if it names exactly one legal move here.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        let illegal = || MoveError::Illegal(text.to_string());

        let mut s = text.trim().trim_end_matches(SUFFIX_MARKS);
        // Some old sources mark en passant captures explicitly.
        if let Some(rest) = s.strip_suffix("e.p.") {
            s = rest.trim_end().trim_end_matches(SUFFIX_MARKS);
        }
        if s.is_empty() || !s.is_ascii() {
            return Err(syntax());
        }

        let castle_king_side = match s {
            "O-O" | "0-0" | "o-o" => Some(true),
            "O-O-O" | "0-0-0" | "o-o-o" => Some(false),
            _ => None,
        };
        if let Some(king_side) = castle_king_side {
            return self
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.is_castling() && (m.to().file() > m.from().file()) == king_side)
                .ok_or_else(illegal);
        }

        let b = s.as_bytes();
        // Piece letters are upper case only: a lower-case `b` is the b-file.
        let (kind, mut rest) = match b[0] {
            b'N' => (PieceType::Knight, &b[1..]),
            b'B' => (PieceType::Bishop, &b[1..]),
            b'R' => (PieceType::Rook, &b[1..]),
            b'Q' => (PieceType::Queen, &b[1..]),
            b'K' => (PieceType::King, &b[1..]),
            b'P' => (PieceType::Pawn, &b[1..]),
            _ => (PieceType::Pawn, b),
        };

        // Promotion: a piece letter after the destination's rank digit, with or without `=`.
        let mut promotion = None;
        if let [head @ .., before, last] = rest {
            if matches!(before, b'1'..=b'8' | b'=') {
                if let Some(
                    p
                    @ (PieceType::Knight | PieceType::Bishop | PieceType::Rook | PieceType::Queen),
                ) = PieceType::from_char(*last as char)
                {
                    promotion = Some(p);
                    rest = if *before == b'=' {
                        head
                    } else {
                        &rest[..rest.len() - 1]
                    };
                }
            }
        }
        if promotion.is_some() && kind != PieceType::Pawn {
            return Err(syntax());
        }

        let [head @ .., file, rank] = rest else {
            return Err(syntax());
        };
        let to = square_from_bytes(*file, *rank).ok_or_else(syntax)?;
        let head = match head {
            [h @ .., b'x' | b':' | b'-'] => h,
            h => h,
        };
        let (from_file, from_rank) = match *head {
            [] => (None, None),
            [c @ b'a'..=b'h'] => (Some(c - b'a'), None),
            [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
            [c @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(c - b'a'), Some(r - b'1')),
            _ => return Err(syntax()),
        };
        // A pawn move without a file is a push: `d5` never means `exd5`.
        let from_file = match (kind, from_file) {
            (PieceType::Pawn, None) => Some(to.file()),
            (_, f) => f,
        };

        let mut found = None;
        for &m in self.legal_moves().iter() {
            let matches = !m.is_castling()
                && m.to() == to
                && m.promotion_piece() == promotion
                && self.moved_piece(m).map(|p| p.kind()) == Some(kind)
                && from_file.is_none_or(|f| m.from().file() == f)
                && from_rank.is_none_or(|r| m.from().rank() == r);
            if matches {
                if found.is_some() {
                    return Err(MoveError::Ambiguous(text.to_string()));
                }
                found = Some(m);
            }
        }
        found.ok_or_else(illegal)
    }
}

fn rank_char(rank: u8) -> char {
    (b'1' + (rank & 7)) as char
}

fn push_square(out: &mut String, sq: Square) {
    out.push(file_char(sq.file()));
    out.push(rank_char(sq.rank()));
}

fn square_from_bytes(file: u8, rank: u8) -> Option<Square> {
    let (f, r) = (file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'));
    (f < 8 && r < 8).then(|| Square::make(f, r))
}

#[cfg(test)]
mod tests {
    use crate::{Move, MoveError, MoveList, Position};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn uci(p: &Position, text: &str) -> Move {
        p.parse_uci_move(text)
            .unwrap_or_else(|e| panic!("{} {text}: {e}", p.to_fen()))
    }

    fn san_of(fen: &str, move_uci: &str) -> String {
        let p = pos(fen);
        p.to_san(uci(&p, move_uci))
    }

    fn parses_to(fen: &str, san: &str, move_uci: &str) {
        let p = pos(fen);
        assert_eq!(p.parse_san(san), Ok(uci(&p, move_uci)), "{fen} '{san}'");
    }

    fn data_file(name: &str) -> String {
        let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn piece_pawn_and_capture_text() {
        let start = crate::STARTPOS_FEN;
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(san_of(fen, "e4d5"), "exd5");
        assert_eq!(san_of(fen, "e1e2"), "Ke2");
        assert_eq!(san_of(fen, "f1b5"), "Bb5+");
        // King captures.
        assert_eq!(san_of("8/8/8/8/8/8/5q2/4K2k w - - 0 1", "e1f2"), "Kxf2");
        // En passant is a capture.
        assert_eq!(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    }

    #[test]
    fn disambiguation_by_file_rank_and_both() {
        // Knights on b1 and f3 both reach d2: by file.
        let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
        assert_eq!(san_of(fen, "b1d2"), "Nbd2");
        assert_eq!(san_of(fen, "f3d2"), "Nfd2");
        // Only one of them reaches d4.
        assert_eq!(san_of(fen, "f3d4"), "Nd4");
        // Rooks on one file: by rank.
        let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(fen, "a1a3"), "R1a3");
        assert_eq!(san_of(fen, "a5a3"), "R5a3");
        // Three queens reach e1: h4 shares the file with h1 and the rank with e4: both.
        let fen = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
        assert_eq!(san_of(fen, "h4e1"), "Qh4e1");
        assert_eq!(san_of(fen, "e4e1"), "Qee1");
        assert_eq!(san_of(fen, "h1e1"), "Q1e1");
        // Captures keep the disambiguation before the x.
        let fen = "4k3/8/8/3p4/8/2N1N3/8/4K3 w - - 0 1";
        assert_eq!(san_of(fen, "c3d5"), "Ncxd5");
        // A pinned knight cannot go to e2, so the other one needs no disambiguation.
        let fen = "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1";
        assert_eq!(san_of(fen, "g1e2"), "Ne2");
        // Pawns never need more than their file.
        let fen = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(fen, "c4d5"), "cxd5");
        assert_eq!(san_of(fen, "e4d5"), "exd5");
    }

    #[test]
    fn check_and_mate_suffixes() {
        // Scholar's mate.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
        assert_eq!(san_of(fen, "f3f7"), "Qxf7#");
        assert_eq!(san_of(fen, "c4f7"), "Bxf7+");
        // Back-rank mate and a discovered check.
        assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
        assert_eq!(san_of("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c5"), "Nc5+");
        // Mate by promotion; the knight gives neither check nor mate.
        assert_eq!(san_of("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8q"), "c8=Q#");
        assert_eq!(san_of("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8r"), "c8=R#");
        assert_eq!(san_of("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8n"), "c8=N");
        // Castling with check.
        assert_eq!(san_of("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
        // Mate in the corner, and a stalemating move that gets no mark at all.
        assert_eq!(san_of("k7/2Q5/1K6/8/8/8/8/8 w - - 0 1", "c7c8"), "Qc8#");
        assert_eq!(san_of("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "c1c7"), "Qc7");
    }

    #[test]
    fn promotions() {
        let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(fen, "e7e8q"), "e8=Q+");
        assert_eq!(san_of(fen, "e7e8n"), "e8=N");
        assert_eq!(san_of(fen, "e7d8q"), "exd8=Q+");
        assert_eq!(san_of(fen, "e7d8b"), "exd8=B");
        for (text, expected) in [
            ("e8=Q", "e7e8q"),
            ("e8Q", "e7e8q"),
            ("e8q", "e7e8q"),
            ("e8=Q+", "e7e8q"),
            ("e8=N", "e7e8n"),
            ("exd8=R", "e7d8r"),
            ("exd8R", "e7d8r"),
            ("ed8=B", "e7d8b"),
            ("e7d8=Q", "e7d8q"),
            ("e7e8=N", "e7e8n"),
        ] {
            parses_to(fen, text, expected);
        }
        let p = pos(fen);
        // A promotion must name its piece; kings and pawns are no promotion pieces.
        assert!(matches!(p.parse_san("e8"), Err(MoveError::Illegal(_))));
        assert!(matches!(p.parse_san("e8=K"), Err(MoveError::Syntax(_))));
        assert!(matches!(p.parse_san("e8=P"), Err(MoveError::Syntax(_))));
        assert!(matches!(p.parse_san("Ke8=Q"), Err(MoveError::Syntax(_))));
    }

    #[test]
    fn castling_standard_and_chess960() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1c1"), "O-O-O");
        for (text, expected) in [
            ("O-O", "e1h1"),
            ("0-0", "e1h1"),
            ("O-O-O", "e1a1"),
            ("0-0-0", "e1a1"),
            ("O-O-O!?", "e1a1"),
            ("O-O+", "e1h1"),
        ] {
            parses_to(fen, text, expected);
        }
        // Castling is only ever written as O-O: `Kg1` is an ordinary king move or nothing.
        let p = pos(fen);
        assert!(matches!(p.parse_san("Kg1"), Err(MoveError::Illegal(_))));
        assert!(matches!(p.parse_san("Kxh1"), Err(MoveError::Illegal(_))));

        // Chess960: rooks on b1 and g1, king on e1.
        let fen = "1r2k1r1/pppppppp/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1b1"), "O-O-O");
        parses_to(fen, "O-O", "e1g1");
        parses_to(fen, "O-O-O", "e1b1");
        // The king already stands on g1: castling only moves the rook (h1 -> f1).
        let fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
        assert_eq!(san_of(fen, "g1h1"), "O-O");
        parses_to(fen, "O-O", "g1h1");
        // King on b1, rook on a1: the king goes to c1 and the rook jumps over it to d1.
        let fen = "4k3/8/8/8/8/8/8/RK6 w A - 0 1";
        assert_eq!(san_of(fen, "b1a1"), "O-O-O");
        parses_to(fen, "O-O-O", "b1a1");
        assert!(matches!(
            pos(fen).parse_san("O-O"),
            Err(MoveError::Illegal(_))
        ));
        // Black castles too.
        let fen = "rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1";
        assert_eq!(san_of(fen, "b8h8"), "O-O");
        assert_eq!(san_of(fen, "b8a8"), "O-O-O");
    }

    #[test]
    fn lenient_input() {
        let start = crate::STARTPOS_FEN;
        for (text, expected) in [
            ("Nf3", "g1f3"),
            ("Nf3!", "g1f3"),
            ("Nf3?", "g1f3"),
            ("Nf3!!", "g1f3"),
            ("Nf3??", "g1f3"),
            ("Nf3!?", "g1f3"),
            ("Nf3?!", "g1f3"),
            ("  Nf3 ", "g1f3"),
            ("Ngf3", "g1f3"),
            ("N1f3", "g1f3"),
            ("Ng1f3", "g1f3"),
            ("Ng1-f3", "g1f3"),
            ("e4", "e2e4"),
            ("Pe4", "e2e4"),
            ("e2e4", "e2e4"),
            ("e2-e4", "e2e4"),
            ("ee4", "e2e4"),
        ] {
            parses_to(start, text, expected);
        }
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        for (text, expected) in [
            ("exd5", "e4d5"),
            ("ed5", "e4d5"),
            ("e:d5", "e4d5"),
            ("e4xd5", "e4d5"),
            ("Bb5+", "f1b5"),
            ("Bb5", "f1b5"),
            ("Bf1b5", "f1b5"),
        ] {
            parses_to(fen, text, expected);
        }
        parses_to("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6");
        parses_to("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "e5d6");
        parses_to("8/8/8/8/8/8/5q2/4K2k w - - 0 1", "Kxf2", "e1f2");
    }

    #[test]
    fn pawn_push_text_is_not_a_capture() {
        // `d5` is the push; the capture must be written exd5.
        let fen = "4k3/8/8/3p4/3PP3/8/8/4K3 w - - 0 1";
        assert!(matches!(
            pos(fen).parse_san("d5"),
            Err(MoveError::Illegal(_))
        ));
        parses_to(fen, "exd5", "e4d5");
        parses_to(fen, "e5", "e4e5");
    }

    #[test]
    fn errors_are_classified() {
        let start = pos(crate::STARTPOS_FEN);
        let syntax = [
            "", " ", "+", "!!", "x", "N", "Nf", "Nf9", "Xe4", "e9", "i4", "Ke4e5e6", "Nbb1d2",
            "nf3", "O-O-O-O", "00", "--", "0000", "Z0", "e4=", "Q=e4",
        ];
        for text in syntax {
            assert!(
                matches!(start.parse_san(text), Err(MoveError::Syntax(_))),
                "'{text}': {:?}",
                start.parse_san(text)
            );
        }
        for text in [
            "Nf6", "e5", "Ke2", "Bb5", "O-O", "O-O-O", "exd5", "Nc3d5", "e2e5",
        ] {
            assert!(
                matches!(start.parse_san(text), Err(MoveError::Illegal(_))),
                "'{text}': {:?}",
                start.parse_san(text)
            );
        }
        let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        assert_eq!(
            knights.parse_san("Nd2"),
            Err(MoveError::Ambiguous("Nd2".to_string()))
        );
        assert!(knights.parse_san("Nbd2").is_ok());
        let queens = pos("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
        assert!(matches!(
            queens.parse_san("Qe1"),
            Err(MoveError::Ambiguous(_))
        ));
        assert!(matches!(
            queens.parse_san("Qhe1"),
            Err(MoveError::Ambiguous(_))
        ));
        assert!(matches!(
            queens.parse_san("Q4e1"),
            Err(MoveError::Ambiguous(_))
        ));
        assert!(queens.parse_san("Qh4e1").is_ok());
        // The error text names the input.
        let e = start.parse_san("Nf6").unwrap_err();
        assert!(e.to_string().contains("Nf6"), "{e}");
    }

    #[test]
    fn odd_text_never_panics() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for text in [
            "♘f3",
            "Ｎf3",
            "e4\u{301}",
            "é4",
            "Nf3\0",
            "\u{feff}e4",
            "ё",
            "𝄞",
            "e\u{200b}4",
            "Ｏ-Ｏ",
            "O-O\u{2019}",
            "Nf3ü",
            "xx",
            "=",
            "=Q",
            "8=Q",
            "a",
            "1",
            "a1=",
            "\t\n",
            "ÿÿÿÿ",
        ] {
            assert!(p.parse_san(text).is_err(), "'{text}'");
        }
        // Random strings over an alphabet of SAN characters, other ASCII and multi-byte text.
        let alphabet: Vec<char> = "NBRQKPabcdefgh12345678x:-=+#!?O0 e.p.ü♘€\u{301}\0"
            .chars()
            .collect();
        let mut rng = crate::Rng::new(0xDEAD_BEEF_1234_5678);
        let mut ok = 0;
        for _ in 0..50_000 {
            let len = rng.below(9);
            let text: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            if let Ok(m) = p.parse_san(&text) {
                assert!(p.legal_moves().contains(m), "'{text}' -> {m}");
                ok += 1;
            }
        }
        // Some random strings are real moves, which shows the generator reaches the parser.
        assert!(ok > 0);
    }

    #[test]
    fn illegal_move_prints_as_uci_without_panic() {
        let p = pos(crate::STARTPOS_FEN);
        let e2e5 = Move::normal(crate::Square::make(4, 1), crate::Square::make(4, 4));
        assert_eq!(p.to_san(e2e5), "e2e5");
        assert_eq!(p.to_san(Move::NONE), "0000");
    }

    /// Every legal move of every position along random games (standard and Chess960) writes to
    /// a SAN text that is unique in its position and reads back as the same move.
    #[test]
    fn round_trip_over_random_games() {
        let starts = [
            crate::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
            "nrbbkrqn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKRQN w KQkq - 0 1",
        ];
        let mut rng = crate::Rng::new(0x0123_4567_89AB_CDEF);
        let (mut checked, mut castles, mut mates, mut promotions) = (0, 0, 0, 0);
        for fen in starts {
            for _game in 0..12 {
                let mut p = pos(fen);
                for _ply in 0..200 {
                    let moves: MoveList = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let texts: Vec<String> = moves.iter().map(|&m| p.to_san(m)).collect();
                    for (&m, text) in moves.iter().zip(&texts) {
                        assert_eq!(p.parse_san(text), Ok(m), "{} '{text}'", p.to_fen());
                        assert_eq!(texts.iter().filter(|t| *t == text).count(), 1, "{text}");
                        let next = p.play(m);
                        let suffix = match (next.in_check(), next.has_legal_move()) {
                            (false, _) => None,
                            (true, true) => Some('+'),
                            (true, false) => Some('#'),
                        };
                        let last = text.chars().last();
                        assert_eq!(
                            suffix,
                            last.filter(|c| matches!(c, '+' | '#')),
                            "{} {text}",
                            p.to_fen()
                        );
                        castles += usize::from(m.is_castling());
                        mates += usize::from(suffix == Some('#'));
                        promotions += usize::from(m.is_promotion());
                        checked += 1;
                    }
                    // Prefer captures and promotions so that games reach endings with promotions.
                    let mut noisy = MoveList::new();
                    p.generate(crate::GenKind::Noisy, &mut noisy);
                    let m = if !noisy.is_empty() && rng.below(2) == 0 {
                        noisy[rng.below(noisy.len())]
                    } else {
                        moves[rng.below(moves.len())]
                    };
                    p = p.play(m);
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
        assert!(castles > 100, "{castles}");
        assert!(mates > 5, "{mates}");
        assert!(promotions > 100, "{promotions}");
    }

    /// Every `bm` and `am` move of the Win At Chess and Bratko-Kopec suites parses to a legal
    /// move whose SAN is the suite's text (up to check marks the suites sometimes leave out).
    #[test]
    fn epd_suite_moves_parse() {
        let mut parsed = 0;
        for (file, positions) in [("epd/wac.epd", 300), ("epd/bratko-kopec.epd", 24)] {
            let text = data_file(file);
            let mut lines = 0;
            for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
                lines += 1;
                let fields: Vec<&str> = line.splitn(5, ' ').collect();
                assert_eq!(fields.len(), 5, "{line}");
                let p = pos(&fields[..4].join(" "));
                for op in fields[4].split(';') {
                    let mut words = op.split_whitespace();
                    if !matches!(words.next(), Some("bm" | "am")) {
                        continue;
                    }
                    for san in words {
                        let m = p
                            .parse_san(san)
                            .unwrap_or_else(|e| panic!("{file}: {line}: {e}"));
                        let ours = p.to_san(m);
                        assert_eq!(
                            ours.trim_end_matches(['+', '#']),
                            san.trim_end_matches(['+', '#']),
                            "{line}"
                        );
                        parsed += 1;
                    }
                }
            }
            assert_eq!(lines, positions, "{file}");
        }
        assert!(parsed >= 324, "{parsed}");
    }

    /// Our SAN against python-chess's on 2000 moves of random games (see
    /// `board/tests/data-gen/san_fixture.py`).
    #[test]
    fn matches_python_chess_fixture() {
        let text = data_file("san_fixture.tsv");
        let (mut rows, mut castles_960, mut promotions, mut mates, mut en_passant) =
            (0, 0, 0, 0, 0);
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 3, "{line}");
            let p = pos(cols[0]);
            let m = uci(&p, cols[1]);
            assert_eq!(p.to_san(m), cols[2], "{line}");
            assert_eq!(p.parse_san(cols[2]), Ok(m), "{line}");
            rows += 1;
            // Castling where the king does not start on the e-file or the rook not in a corner.
            castles_960 += usize::from(
                m.is_castling() && (m.from().file() != 4 || !matches!(m.to().file(), 0 | 7)),
            );
            promotions += usize::from(m.is_promotion());
            mates += usize::from(cols[2].ends_with('#'));
            en_passant += usize::from(m.is_en_passant());
        }
        assert_eq!(rows, 2000);
        // The fixture keeps covering the rare cases it was made for.
        assert!(castles_960 >= 10, "{castles_960}");
        assert!(promotions >= 100, "{promotions}");
        assert!(mates >= 10, "{mates}");
        assert!(en_passant >= 5, "{en_passant}");
    }
}
