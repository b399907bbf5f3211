//! Broken books and broken input: clear errors, never a panic, and only legal moves out.

mod common;

use common::{data, read_text};
use outpost_board::{Position, Rng};
use outpost_book::{
    decode_move, make_book, Book, BookErrorKind, MakeOptions, RawEntry, ENTRY_SIZE,
};

/// A deterministic byte stream for garbage inputs.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

#[test]
fn odd_sizes_are_rejected_with_the_size() {
    let full = std::fs::read(data("performance.bin")).unwrap();
    for len in [1, 15, 17, 1000, 16 * 1000 + 5, full.len() - 1] {
        let err = Book::from_bytes(full[..len].to_vec()).unwrap_err();
        assert!(
            matches!(err.kind, BookErrorKind::BadSize { len: l, .. } if l == len as u64),
            "{err}"
        );
        assert!(err.to_string().contains("not a multiple of 16"), "{err}");
    }
}

#[test]
fn a_truncated_book_at_a_record_boundary_still_works() {
    let full = std::fs::read(data("performance.bin")).unwrap();
    // The start position's records are near the middle; keep everything up to them.
    let whole = Book::from_bytes(full.clone()).unwrap();
    let start = Position::startpos();
    let cut = whole.records().position(|e| e.key > start.key()).unwrap();
    let book = Book::from_bytes(full[..cut * ENTRY_SIZE].to_vec()).unwrap();
    assert_eq!(book.entries(&start), whole.entries(&start));
    let book = Book::from_bytes(full[..(cut - 3) * ENTRY_SIZE].to_vec()).unwrap();
    assert!(book.entries(&start).is_empty());
}

#[test]
fn unsorted_books_report_the_first_bad_record() {
    let rec = |key| {
        RawEntry {
            key,
            raw_move: 0x031c,
            weight: 1,
            learn: 0,
        }
        .to_bytes()
    };
    let bytes: Vec<u8> = [1u64, 5, 5, 9, 7, 10]
        .iter()
        .flat_map(|&k| rec(k))
        .collect();
    let err = Book::from_bytes(bytes).unwrap_err();
    assert!(
        matches!(err.kind, BookErrorKind::Unsorted { index: 4, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("entry 4 (byte offset 64)"),
        "{err}"
    );
}

#[test]
fn random_bytes_are_rejected_without_panic() {
    for seed in 0..50 {
        let bytes = noise(seed, 16 * (1 + seed as usize * 7));
        match Book::from_bytes(bytes) {
            Err(e) => assert!(matches!(e.kind, BookErrorKind::Unsorted { .. })),
            // One record is always sorted: then lookups must simply work.
            Ok(book) => {
                assert_eq!(book.len(), 1);
                let _ = book.dump(&Position::startpos(), false);
            }
        }
    }
}

#[test]
fn text_files_get_a_hint() {
    let pgn = read_text("kasparov-deep-blue-1997.pgn").into_bytes();
    let err = Book::from_bytes(pgn.clone()).unwrap_err();
    assert!(err.to_string().contains("looks like a text file"), "{err}");
    let err = Book::from_bytes(pgn[..pgn.len() / 16 * 16].to_vec()).unwrap_err();
    assert!(matches!(err.kind, BookErrorKind::Unsorted { .. }), "{err}");
    assert!(err.to_string().contains("looks like a text file"), "{err}");
    let err = Book::open(data("kasparov-deep-blue-1997.pgn")).unwrap_err();
    assert!(err.to_string().starts_with("book '"), "{err}");
}

#[test]
fn empty_and_missing_files() {
    let empty = Book::from_bytes(Vec::new()).unwrap();
    assert!(empty.is_empty());
    let start = Position::startpos();
    assert!(empty.entries(&start).is_empty());
    assert_eq!(empty.pick(&start, false, &mut Rng::new(1)), None);
    assert!(empty.dump(&start, false).contains("no book moves"));
    let err = Book::open(data("no-such-book.bin")).unwrap_err();
    assert!(matches!(err.kind, BookErrorKind::Io(_)));
    assert!(err.to_string().contains("no-such-book.bin"), "{err}");
}

#[test]
fn garbage_moves_never_come_out() {
    // Sorted records under real keys with random move fields: every returned move is legal.
    let positions: Vec<Position> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/P6k/8/8/8/8/6p1/K7 b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ]
    .iter()
    .map(|f| Position::from_fen(f).unwrap())
    .collect();
    let mut rng = Rng::new(77);
    let mut records: Vec<RawEntry> = Vec::new();
    for pos in &positions {
        for _ in 0..4000 {
            records.push(RawEntry {
                key: pos.key(),
                raw_move: rng.next_u64() as u16,
                weight: rng.next_u64() as u16,
                learn: rng.next_u64() as u32,
            });
        }
    }
    records.sort_by_key(|e| e.key);
    let book = Book::from_bytes(records.iter().flat_map(|e| e.to_bytes()).collect()).unwrap();
    let mut found = 0;
    for pos in &positions {
        let legal = pos.legal_moves();
        let entries = book.entries(pos);
        for e in &entries {
            assert!(legal.contains(e.mv), "{} in {}", e.mv, pos.to_fen());
            assert_eq!(decode_move(pos, e.raw_move), Some(e.mv));
        }
        found += entries.len();
        if let Some(m) = book.pick(pos, false, &mut rng) {
            assert!(legal.contains(m));
        }
        let _ = book.dump(pos, true);
    }
    // About 1 in 200 random 16-bit moves is legal somewhere here; some must have been found.
    assert!(found > 0);
}

#[test]
fn garbage_pgn_never_panics() {
    for seed in 0..30 {
        let bytes = noise(seed, 3000);
        let text = String::from_utf8_lossy(&bytes);
        let _ = make_book(&text, &MakeOptions::default());
    }
    // Real PGN cut at every few bytes: whatever is left must be handled.
    let pgn = read_text("cutechess-fischerrandom.pgn");
    let mut cut = 0;
    while cut < pgn.len() {
        if pgn.is_char_boundary(cut) {
            let _ = make_book(&pgn[..cut], &MakeOptions::default());
        }
        cut += 97;
    }
}
