//! Reading real books: our entries against python-chess's `chess.polyglot` reader for thousands
//! of positions, the Lasker-trap underpromotion, and the book move choice.

mod common;

use common::{data, entries_text, open, read_text, rows};
use outpost_board::{PieceType, Position, Rng};
use outpost_book::{Book, RawEntry};
use std::collections::HashMap;

#[test]
fn entries_equal_python_chess_on_thousands_of_positions() {
    let mut books: HashMap<String, Book> = HashMap::new();
    let (mut checked, mut with_moves, mut performance) = (0, 0, 0);
    for row in rows("reader-positions.tsv") {
        let book = books
            .entry(row.book.clone())
            .or_insert_with(|| open(&format!("{}.bin", row.book)));
        let pos = Position::from_fen(&row.fen).unwrap_or_else(|e| panic!("{}: {e}", row.fen));
        assert_eq!(pos.key(), row.key, "key of {}", row.fen);
        let ours = entries_text(&book.entries(&pos), false);
        assert_eq!(ours, row.entries, "{} {}", row.book, row.fen);
        checked += 1;
        with_moves += usize::from(row.entries != "-");
        performance += usize::from(row.book == "performance");
    }
    assert!(
        performance >= 2000,
        "only {performance} performance.bin positions"
    );
    assert!(
        with_moves >= 1500,
        "only {with_moves} positions with book moves"
    );
    assert!(checked > performance, "lasker-trap.bin rows missing");
}

#[test]
fn shared_expectations_tsv() {
    let book = open("performance.bin");
    let mut n = 0;
    for line in read_text("performance_bin_expectations.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let key = u64::from_str_radix(f[0], 16).unwrap();
        let pos = Position::from_fen(f[1]).unwrap();
        assert_eq!(pos.key(), key, "{}", f[1]);
        // The same position reached by playing the listed moves.
        let mut walked = Position::startpos();
        if f[2] != "-" {
            for m in f[2].split_whitespace() {
                walked = walked.play(walked.parse_uci_move(m).unwrap());
            }
        }
        assert_eq!(walked.key(), key, "moves {}", f[2]);
        // The file lists raw moves as 0x%04x: the same text as ours.
        assert_eq!(entries_text(&book.entries(&pos), false), f[3], "{}", f[1]);
        n += 1;
    }
    assert_eq!(n, 8);
}

#[test]
fn lasker_trap_ends_in_knight_underpromotion() {
    let book = open("lasker-trap.bin");
    assert_eq!(book.len(), 7);
    let line = "d2d4 d7d5 c2c4 e7e5 d4e5 d5d4 e2e3 f8b4 c1d2 d4e3 d2b4 e3f2 e1e2";
    let mut pos = Position::startpos();
    for m in line.split_whitespace() {
        pos = pos.play(pos.parse_uci_move(m).unwrap());
    }
    let entries = book.entries(&pos);
    assert_eq!(entries.len(), 1);
    let e = entries[0];
    assert_eq!(e.mv.to_uci(false).to_string(), "f2g1n");
    assert_eq!(e.mv.promotion_piece(), Some(PieceType::Knight));
    assert_eq!(e.raw_move, 0x1346);
    assert_eq!(pos.to_san(e.mv), "fxg1=N+");
    let mut rng = Rng::new(1);
    assert_eq!(book.pick(&pos, true, &mut rng), Some(e.mv));
    assert_eq!(book.pick(&pos, false, &mut rng), Some(e.mv));
}

fn after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        pos = pos.play(pos.parse_uci_move(m).unwrap());
    }
    pos
}

#[test]
fn pick_follows_the_weights() {
    let book = open("performance.bin");
    // After 1.e4 c5: Nf3 306, Nc3 12, c3 10.
    let pos = after("e2e4 c7c5");
    let mut rng = Rng::new(2026);
    assert_eq!(
        book.pick(&pos, true, &mut rng)
            .map(|m| m.to_uci(false).to_string()),
        Some("g1f3".into())
    );
    let mut counts: HashMap<String, u32> = HashMap::new();
    let draws = 32_800;
    for _ in 0..draws {
        let m = book.pick(&pos, false, &mut rng).expect("in book");
        *counts.entry(m.to_uci(false).to_string()).or_default() += 1;
    }
    let share = |m: &str| f64::from(counts.get(m).copied().unwrap_or(0)) / f64::from(draws);
    assert!((share("g1f3") - 306.0 / 328.0).abs() < 0.01, "{counts:?}");
    assert!((share("b1c3") - 12.0 / 328.0).abs() < 0.005, "{counts:?}");
    assert!((share("c2c3") - 10.0 / 328.0).abs() < 0.005, "{counts:?}");
    // Same seed, same choices.
    let seq = |seed| {
        let mut r = Rng::new(seed);
        (0..20)
            .map(|_| book.pick(&pos, false, &mut r).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(seq(9), seq(9));
    // Out of book.
    let out = after("g2g4 e7e5 f2f3");
    assert_eq!(book.pick(&out, false, &mut rng), None);
    assert!(book.entries(&out).is_empty());
}

fn book_of(entries: &[(u64, u16, u16)]) -> Book {
    let bytes: Vec<u8> = entries
        .iter()
        .flat_map(|&(key, raw_move, weight)| {
            RawEntry {
                key,
                raw_move,
                weight,
                learn: 0,
            }
            .to_bytes()
        })
        .collect();
    Book::from_bytes(bytes).unwrap()
}

#[test]
fn weight_zero_is_never_played_and_illegal_moves_are_skipped() {
    let start = Position::startpos();
    let key = start.key();
    // e2e5 is not a legal move; d2d4 weighs 0; e2e4 weighs 5.
    let e2e5 = 12 << 6 | 36;
    let book = book_of(&[
        (key - 1, 0x031c, 9),
        (key, e2e5, 50),
        (key, 0x02db, 0),
        (key, 0x031c, 5),
        (key + 1, 0x02db, 9),
    ]);
    let entries = book.entries(&start);
    assert_eq!(
        entries_text(&entries, false),
        "d2d4:0x02db:0:0 e2e4:0x031c:5:0"
    );
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        assert_eq!(
            book.pick(&start, false, &mut rng).unwrap().to_string(),
            "e2e4"
        );
    }
    assert_eq!(
        book.pick(&start, true, &mut rng).unwrap().to_string(),
        "e2e4"
    );
    let listing = book.dump(&start, false);
    assert!(listing.contains("1 stored entries skipped"), "{listing}");
    assert!(
        listing.contains("e4       e2e4        5  100.00%"),
        "{listing}"
    );
    // All weights 0: no book move, though the entries are listed.
    let zero = book_of(&[(key, 0x031c, 0), (key, 0x02db, 0)]);
    assert_eq!(zero.entries(&start).len(), 2);
    assert_eq!(zero.pick(&start, false, &mut rng), None);
    assert_eq!(zero.pick(&start, true, &mut rng), None);
}

#[test]
fn best_pick_takes_the_first_of_equal_weights() {
    let start = Position::startpos();
    let key = start.key();
    let book = book_of(&[(key, 0x02db, 3), (key, 0x031c, 7), (key, 0x029a, 7)]);
    let mut rng = Rng::new(0);
    assert_eq!(
        book.pick(&start, true, &mut rng).unwrap().to_string(),
        "e2e4"
    );
}

#[test]
fn dump_lists_san_uci_weight_and_share() {
    let book = open("performance.bin");
    let text = book.dump(&after("e2e4 c7c5"), false);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].contains("644d4afe02564aeb"), "{text}");
    assert!(
        lines[3].starts_with("Nf3      g1f3      306   93.29%"),
        "{text}"
    );
    assert!(
        lines[4].starts_with("Nc3      b1c3       12    3.66%"),
        "{text}"
    );
    assert!(
        lines[5].starts_with("c3       c2c3       10    3.05%"),
        "{text}"
    );
    assert!(text.contains("3 moves, total weight 328"), "{text}");
    assert!(book
        .dump(&after("g2g4 e7e5 f2f3"), false)
        .contains("no book moves"));
    // A castling entry prints as O-O with e1g1, or e1h1 as Chess960 text (Berlin, 4.O-O).
    let castle =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .unwrap();
    assert!(book.dump(&castle, false).contains("O-O      e1g1     1193"));
    assert!(book.dump(&castle, true).contains("O-O      e1h1     1193"));
    assert!(data("performance.bin").exists());
}
