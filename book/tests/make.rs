//! Building books from PGN: byte-for-byte against Debian's `polyglot make-book` (fixtures made
//! by book/tests/data-gen/gen_fixtures.py), read back identically by python-chess, and robust
//! against malformed games.

mod common;

use common::{data, entries_text, read_text, rows};
use outpost_board::{Color, Position};
use outpost_book::cli::BookToolError;
use outpost_book::{make_book, make_book_file, Book, MakeError, MakeOptions};
use outpost_cli::CliError;

fn options(min_games: u32) -> MakeOptions {
    MakeOptions {
        min_games,
        ..MakeOptions::default()
    }
}

/// The same games as `halving_pgn()` in book/tests/data-gen/gen_pgn.py: 20 000 games through
/// 1.e4, enough for Polyglot's 16384-game halving of a position's counts.
fn halving_pgn() -> String {
    let replies = ["e5", "c5", "e6", "c6"];
    let results = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"];
    (0..20_000)
        .map(|i| {
            let r = results[i % 5];
            format!("[Result \"{r}\"]\n\n1. e4 {} 2. Nf3 {r}\n", replies[i % 4])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The PGN text and options of each Polyglot fixture (see POLYGLOT_BOOKS in gen_fixtures.py).
fn cases() -> Vec<(&'static str, String, MakeOptions)> {
    let results = read_text("results.pgn");
    vec![
        (
            "kasparov-min1",
            read_text("kasparov-deep-blue-1997.pgn"),
            options(1),
        ),
        ("results", results.clone(), MakeOptions::default()),
        (
            "results-min1-ply10",
            results.clone(),
            MakeOptions {
                max_ply: 10,
                ..options(1)
            },
        ),
        ("halving", halving_pgn(), options(1)),
        (
            "results-white-score60",
            results.clone(),
            MakeOptions {
                only: Some(Color::White),
                min_score: 60.0,
                ..options(2)
            },
        ),
        (
            "chessbase-min1",
            read_text("chessbase-empty-line.pgn"),
            options(1),
        ),
        (
            "results-black-uniform",
            results,
            MakeOptions {
                only: Some(Color::Black),
                uniform: true,
                ..MakeOptions::default()
            },
        ),
    ]
}

#[test]
fn bytes_equal_polyglot_make_book() {
    for (name, pgn, opts) in cases() {
        let made = make_book(&pgn, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = std::fs::read(data(&format!("polyglot-{name}.bin"))).unwrap();
        assert!(!expected.is_empty(), "{name}: empty fixture");
        assert_eq!(made.skipped, 0, "{name}: {:?}", made.warnings);
        assert_eq!(made.entries * 16, made.bytes.len());
        if made.bytes != expected {
            let at = made
                .bytes
                .iter()
                .zip(&expected)
                .position(|(a, b)| a != b)
                .unwrap_or(made.bytes.len().min(expected.len()));
            panic!(
                "{name}: {} bytes vs polyglot's {}, first difference in entry {}",
                made.bytes.len(),
                expected.len(),
                at / 16
            );
        }
    }
}

#[test]
fn halving_kept_the_counts_in_16_bits() {
    let made = make_book(&halving_pgn(), &options(1)).unwrap();
    let book = Book::from_bytes(made.bytes).unwrap();
    let start = Position::startpos();
    let e4 = book.entries(&start);
    assert_eq!(e4.len(), 1);
    // Unhalved, 1.e4 would score 2*8000 + 4000 = 20000 over 20000 games; the halvings at 16384
    // games leave about half that.
    assert!(e4[0].weight < 16384, "weight {}", e4[0].weight);
    assert!(e4[0].weight > 5000, "weight {}", e4[0].weight);
}

#[test]
fn python_chess_reads_our_books_identically() {
    let mut books: Vec<(&str, Book, bool)> = cases()
        .into_iter()
        .map(|(name, pgn, opts)| {
            let made = make_book(&pgn, &opts).unwrap();
            (name, Book::from_bytes(made.bytes).unwrap(), false)
        })
        .collect();
    // Chess960: Polyglot 2.0.4 cannot read these games, so only python-chess checks this one.
    let frc = make_book(&read_text("cutechess-fischerrandom.pgn"), &options(1)).unwrap();
    assert_eq!((frc.games, frc.skipped), (4, 0));
    books.push(("frc-min1", Book::from_bytes(frc.bytes).unwrap(), true));

    let mut per_book = std::collections::HashMap::<String, usize>::new();
    let mut castles960 = 0;
    for row in rows("readback.tsv") {
        let (_, book, chess960) = books
            .iter()
            .find(|(n, _, _)| *n == row.book)
            .unwrap_or_else(|| panic!("unknown book {}", row.book));
        let pos = Position::from_fen(&row.fen).unwrap();
        assert_eq!(pos.key(), row.key, "{}", row.fen);
        let entries = book.entries(&pos);
        castles960 += entries
            .iter()
            .filter(|e| *chess960 && e.mv.is_castling())
            .count();
        assert_eq!(
            entries_text(&entries, *chess960),
            row.entries,
            "{} {}",
            row.book,
            row.fen
        );
        *per_book.entry(row.book).or_default() += usize::from(row.entries != "-");
    }
    for name in ["kasparov-min1", "results", "results-min1-ply10", "frc-min1"] {
        assert!(
            per_book.get(name).copied().unwrap_or(0) >= 20,
            "{name}: {per_book:?}"
        );
    }
    assert!(castles960 >= 1, "no Chess960 castling entry was checked");
}

#[test]
fn malformed_games_are_skipped_with_warnings() {
    let pgn = "[Event \"good\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n\
               [Event \"illegal\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n\n\
               [Event \"variant\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n\
               [Event \"bad fen\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
               [Event \"unclosed\"]\n\n1. e4 (1. d4 *\n";
    let made = make_book(pgn, &options(1)).unwrap();
    assert_eq!(made.games, 1);
    assert_eq!(made.skipped, 4);
    assert_eq!(made.warnings.len(), 4);
    assert!(made.warnings[0].contains("Ke3"), "{:?}", made.warnings);
    assert!(
        made.warnings[1].contains("crazyhouse"),
        "{:?}",
        made.warnings
    );
    let summary = made.summary();
    assert!(summary.contains("1 games read, 4 skipped"), "{summary}");
    // 1.e4 and 2.Nf3 of the won game; Black's 1...e5 lost, so it scores 0 and is dropped.
    let book = Book::from_bytes(made.bytes).unwrap();
    assert_eq!(book.len(), 2);
    // A move beyond max_ply is never parsed, as in Polyglot: the illegal game now counts.
    let made = make_book(
        pgn,
        &MakeOptions {
            max_ply: 2,
            ..options(1)
        },
    )
    .unwrap();
    assert_eq!((made.games, made.skipped), (2, 3));
}

#[test]
fn weights_follow_the_results() {
    // 1.e4 won twice and drew once by White: 2+2+1 = 5; Black's e5 lost twice and drew: 0+0+1.
    // 1.d4 lost once: sum 0, dropped even with min_games 1.
    let pgn = "[Result \"1-0\"]\n1. e4 e5 1-0\n[Result \"1-0\"]\n1. e4 e5 1-0\n\
               [Result \"1/2-1/2\"]\n1. e4 e5 1/2-1/2\n[Result \"0-1\"]\n1. d4 0-1\n";
    let book = Book::from_bytes(make_book(pgn, &options(1)).unwrap().bytes).unwrap();
    let start = Position::startpos();
    assert_eq!(
        entries_text(&book.entries(&start), false),
        "e2e4:0x031c:5:0"
    );
    let after = start.play(start.parse_uci_move("e2e4").unwrap());
    assert_eq!(
        entries_text(&book.entries(&after), false),
        "e7e5:0x0d24:1:0"
    );
    // min_games 4 drops everything; the book is empty but valid.
    let empty = make_book(pgn, &options(4)).unwrap();
    assert!(empty.bytes.is_empty());
    assert!(Book::from_bytes(empty.bytes).unwrap().is_empty());
}

#[test]
fn no_readable_game_is_an_error() {
    for text in [
        "",
        "   \n",
        "[Event \"x\"]\n1. e4 e5 2. Qxf7 *",
        "\u{0}\u{1}garbage{",
    ] {
        match make_book(text, &MakeOptions::default()) {
            Err(MakeError::NoGames { .. }) => {}
            other => panic!("{text:?}: {other:?}"),
        }
    }
    let err = make_book("1. e4 Ke7?? Kxe7 *", &MakeOptions::default()).unwrap_err();
    assert!(
        err.to_string().contains("1 malformed games skipped"),
        "{err}"
    );
    let bad = MakeOptions {
        min_score: 150.0,
        ..MakeOptions::default()
    };
    assert!(matches!(
        make_book("1. e4 *", &bad),
        Err(MakeError::BadOption(_))
    ));
}

#[test]
fn files_and_command_line() {
    let dir = std::env::temp_dir().join(format!("outpost-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("k.bin");
    let made = make_book_file(data("kasparov-deep-blue-1997.pgn"), &out, &options(1)).unwrap();
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(data("polyglot-kasparov-min1.bin")).unwrap()
    );
    assert_eq!(made.games, 6);

    let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let pgn = data("kasparov-deep-blue-1997.pgn").display().to_string();
    let out2 = dir.join("k2.bin").display().to_string();
    let text = outpost_book::cli::make_command(&args(&[&pgn, &out2, "--min-games", "1"])).unwrap();
    assert!(text.contains("6 games read"), "{text}");
    assert_eq!(std::fs::read(&out2).unwrap(), std::fs::read(&out).unwrap());
    assert_eq!(
        outpost_book::cli::make_command(&args(&[&pgn])),
        Err(BookToolError::Cli(CliError::Usage {
            usage: outpost_book::cli::MAKE_USAGE
        }))
    );
    assert!(matches!(
        outpost_book::cli::make_command(&args(&[&pgn, &out2, "--max-ply", "x"])),
        Err(BookToolError::Cli(CliError::BadValue { .. }))
    ));
    assert!(matches!(
        outpost_book::cli::make_command(&args(&[&pgn, &out2, "--bogus"])),
        Err(BookToolError::Cli(CliError::Unexpected { arg, .. })) if arg == "--bogus"
    ));
    assert!(matches!(
        outpost_book::cli::make_command(&args(&[&pgn, &out2, "--min-score", "101"])),
        Err(BookToolError::Cli(CliError::BadValue { .. }))
    ));
    let missing = dir.join("missing.pgn").display().to_string();
    let err = outpost_book::cli::make_command(&args(&[&missing, &out2]))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("missing.pgn") && err.contains("cannot read"),
        "{err}"
    );

    let listing =
        outpost_book::cli::list_command(&args(&[&out2, "startpos", "moves", "e2e4"])).unwrap();
    // Kasparov's 1...c6 drew once; Deep Blue's 1...e5 lost, so it is not in the book.
    assert!(
        listing.contains("c6       c7c6        1  100.00%"),
        "{listing}"
    );
    assert!(!listing.contains("e7e5"), "{listing}");
    let listing = outpost_book::cli::list_command(&args(&[
        &out2,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "w",
        "KQkq",
        "-",
    ]))
    .unwrap();
    assert!(listing.contains("e4       e2e4"), "{listing}");
    assert!(matches!(
        outpost_book::cli::list_command(&args(&[&out2, "fen", "bad"])),
        Err(BookToolError::Fen(_))
    ));
    assert!(matches!(
        outpost_book::cli::list_command(&args(&[&out2, "moves", "e2e5"])),
        Err(BookToolError::Move(_))
    ));
    assert_eq!(
        outpost_book::cli::list_command(&args(&[])),
        Err(BookToolError::Cli(CliError::Usage {
            usage: outpost_book::cli::LIST_USAGE
        }))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pgn_quirks_polyglot_stops_at() {
    // A byte-order mark and two games without moves: Polyglot 2.0.4 reports a lexical error.
    let made = make_book(&read_text("utf8-bom.pgn"), &options(1)).unwrap();
    assert_eq!((made.games, made.skipped, made.entries), (2, 0, 0));
    // A main-line null move (`Z0`, move 41): Polyglot stops with "illegal move"; we keep the 81
    // plies before it and drop the rest of the game.
    let made = make_book(&read_text("anastasian-lewis.pgn"), &options(1)).unwrap();
    assert_eq!((made.games, made.skipped, made.moves_seen), (1, 0, 81));
}
