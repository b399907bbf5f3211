//! FEN input: malformed and impossible positions are rejected with the right error, never a
//! panic; positions that are legal to set up (even unreachable ones) and the FEN dialects we
//! promise (no counters, X-FEN, Shredder-FEN) are accepted.

use outpost_board::{FenError, Position, Square};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Which field a rejection must blame (the `FenError` variant, without its message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Empty,
    Count,
    Placement,
    Side,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
    /// Parses, but the position is impossible.
    Illegal,
}

fn field_of(e: &FenError) -> Field {
    match e {
        FenError::Empty => Field::Empty,
        FenError::WrongFieldCount(_) => Field::Count,
        FenError::Placement(_) => Field::Placement,
        FenError::SideToMove(_) => Field::Side,
        FenError::Castling(_) => Field::Castling,
        FenError::EnPassant(_) => Field::EnPassant,
        FenError::HalfmoveClock(_) => Field::Halfmove,
        FenError::FullmoveNumber(_) => Field::Fullmove,
        FenError::Illegal(_) => Field::Illegal,
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// (what is wrong, FEN, the field the error must name).
const MALFORMED: &[(&str, &str, Field)] = &[
    // Nothing there.
    ("empty", "", Field::Empty),
    ("blanks", "   ", Field::Empty),
    ("tabs and newlines", "\t\n\r\n", Field::Empty),
    // Field count.
    ("placement only", START, Field::Count),
    (
        "three fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        Field::Count,
    ),
    (
        "seven fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
        Field::Count,
    ),
    // Placement syntax.
    (
        "9 empty squares",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "9 pieces in a rank",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "piece after 8 squares",
        "rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "7 squares in a rank",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "zero empty squares",
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "7 ranks",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "9 ranks",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "trailing slash",
        "8/8/8/8/8/8/8/4K2k/ w - - 0 1",
        Field::Placement,
    ),
    (
        "unknown piece letter",
        "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "unicode chess piece",
        "rnbqkbnr/pppppppp/8/8/4\u{265e}3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Field::Placement,
    ),
    (
        "NUL byte",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB\0R w KQkq - 0 1",
        Field::Placement,
    ),
    ("garbage words", "hello world foo bar", Field::Placement),
    // Side to move.
    (
        "bad side letter",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        Field::Side,
    ),
    (
        "side as a word",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        Field::Side,
    ),
    (
        "side as a dash",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - KQkq - 0 1",
        Field::Side,
    ),
    (
        "unicode side",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \u{2654} KQkq - 0 1",
        Field::Side,
    ),
    // Material that cannot be.
    (
        "missing white king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b kq - 0 1",
        Field::Illegal,
    ),
    (
        "missing black king",
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        Field::Illegal,
    ),
    ("no kings", "8/8/8/8/8/8/8/8 w - - 0 1", Field::Illegal),
    (
        "two white kings",
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        Field::Illegal,
    ),
    (
        "two black kings",
        "3kk3/8/8/8/8/8/8/4K3 w - - 0 1",
        Field::Illegal,
    ),
    (
        "white pawn on rank 1",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        Field::Illegal,
    ),
    (
        "black pawn on rank 1",
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        Field::Illegal,
    ),
    (
        "white pawn on rank 8",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        Field::Illegal,
    ),
    (
        "black pawn on rank 8",
        "p3k3/8/8/8/8/8/8/4K3 b - - 0 1",
        Field::Illegal,
    ),
    (
        "nine white pawns",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        Field::Illegal,
    ),
    (
        "seventeen white pieces",
        "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1",
        Field::Illegal,
    ),
    // Castling.
    (
        "bad castling letter",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        Field::Castling,
    ),
    (
        "castling digits",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1 - 0 1",
        Field::Castling,
    ),
    (
        "castling with a trailing dash",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq- - 0 1",
        Field::Castling,
    ),
    (
        "castling rights without rooks",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        Field::Castling,
    ),
    (
        "king side right, h1 rook missing",
        "r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1",
        Field::Castling,
    ),
    (
        "right with the king off its back rank",
        "r3k2r/8/8/8/8/8/4K3/R6R w KQ - 0 1",
        Field::Castling,
    ),
    (
        "right repeated",
        "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
        Field::Castling,
    ),
    (
        "Shredder letter on a knight's file",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w GAga - 0 1",
        Field::Castling,
    ),
    (
        "Shredder letter on the king's file",
        "r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1",
        Field::Castling,
    ),
    (
        "white right with a black rook",
        "4k3/8/8/8/8/8/8/4K2r w K - 0 1",
        Field::Castling,
    ),
    // En passant.
    (
        "en-passant square on the wrong rank",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        Field::EnPassant,
    ),
    (
        "en-passant square with no pawn in front",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        Field::EnPassant,
    ),
    (
        "en-passant pawn's origin occupied",
        "rnbqk1nr/ppppbppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        Field::EnPassant,
    ),
    (
        "en-passant square garbage",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        Field::EnPassant,
    ),
    (
        "en-passant file only",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1",
        Field::EnPassant,
    ),
    // Counters.
    (
        "negative half-move clock",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        Field::Halfmove,
    ),
    (
        "garbage half-move clock",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        Field::Halfmove,
    ),
    (
        "huge half-move clock",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
        Field::Halfmove,
    ),
    (
        "non-ASCII digit in the half-move clock",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - \u{0661} 1",
        Field::Halfmove,
    ),
    (
        "negative full-move number",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
        Field::Fullmove,
    ),
    (
        "fractional full-move number",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
        Field::Fullmove,
    ),
    (
        "garbage full-move number",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 abc",
        Field::Fullmove,
    ),
    // Checks that cannot be.
    (
        "black in check with white to move",
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
        Field::Illegal,
    ),
    (
        "white in check with black to move",
        "4k3/8/8/8/8/8/8/r3K3 b - - 0 1",
        Field::Illegal,
    ),
    (
        "kings touching",
        "8/8/8/3kK3/8/8/8/8 w - - 0 1",
        Field::Illegal,
    ),
    (
        "three pieces giving check",
        "k3r3/7b/3n4/8/4K3/8/8/8 w - - 0 1",
        Field::Illegal,
    ),
];

/// Parses without letting a panic escape, so one bad case cannot hide the others.
fn parse(fen: &str) -> Result<Result<Position, FenError>, String> {
    catch_unwind(AssertUnwindSafe(|| Position::from_fen(fen))).map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    })
}

#[test]
fn malformed_fens_are_rejected_with_the_right_field() {
    assert!(MALFORMED.len() >= 40, "at least 40 malformed cases");
    let mut failures = Vec::new();
    for &(what, fen, field) in MALFORMED {
        match parse(fen) {
            Err(panic) => failures.push(format!("{what}: {fen:?} panicked: {panic}")),
            Ok(Ok(pos)) => failures.push(format!("{what}: {fen:?} accepted as {}", pos.to_fen())),
            Ok(Err(e)) => {
                let message = e.to_string();
                if field_of(&e) != field {
                    failures.push(format!(
                        "{what}: {fen:?} blamed {:?} ({message}), expected {field:?}",
                        field_of(&e)
                    ));
                } else if !message.starts_with("invalid FEN") {
                    failures.push(format!("{what}: message '{message}' does not say FEN"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases wrong:\n{}",
        failures.len(),
        MALFORMED.len(),
        failures.join("\n")
    );
}

/// Truncating or corrupting a good FEN at every byte never panics (errors are fine).
#[test]
fn mutilated_fens_never_panic() {
    let good = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    let replacements = [
        "", " ", "/", "9", "K", "k", "p", "-", "w", "\u{e9}", "0", "Q",
    ];
    let mut count = 0;
    for fen in good {
        for (i, _) in fen.char_indices() {
            let prefix = &fen[..i];
            let rest = &fen[i..];
            let tail = rest.get(1..).unwrap_or("");
            for r in replacements {
                let text = format!("{prefix}{r}{tail}");
                let result = parse(&text);
                assert!(result.is_ok(), "{text:?} panicked: {:?}", result.err());
                if let Ok(Ok(pos)) = result {
                    // Whatever is accepted must be usable.
                    let again = Position::from_fen(&pos.to_fen());
                    assert!(
                        again.is_ok(),
                        "{text:?} -> {} not re-readable",
                        pos.to_fen()
                    );
                    let _ = pos.legal_moves();
                }
                count += 1;
            }
            let truncated = parse(prefix);
            assert!(truncated.is_ok(), "{prefix:?} panicked");
        }
    }
    assert!(count > 1000);
}

fn accept(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen} rejected: {e}"))
}

#[test]
fn legal_setups_are_accepted() {
    // perftsuite line 51: two bishops check along one diagonal. Unreachable, but legal to set up.
    let p = accept("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert_eq!(p.legal_moves().len(), 6);

    // Without the two counters: defaults 0 and 1.
    let p = accept("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (0, 1));
    // The ep square e3 cannot be captured: dropped, so the key is Polyglot's.
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.key(), 0x823c_9b50_fd11_4196);
    let with_ep = accept("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(with_ep, p, "an uncapturable ep square changes nothing");

    // A capturable ep square is kept.
    let p = accept("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(p.ep_square(), Square::parse("f6"));
    assert_eq!(p.key(), 0x22a4_8b5a_8e47_ff78);

    // Shredder-FEN and X-FEN for the start position.
    let start = Position::startpos();
    assert_eq!(accept(&format!("{START} w HAha - 0 1")), start);
    assert_eq!(accept(&format!("{START} w KQkq - 0 1")), start);
    assert_eq!(start.to_shredder_fen(), format!("{START} w HAha - 0 1"));

    // Chess960, both castling dialects, and both printed forms.
    let x = accept("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    let s = accept("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert_eq!(x, s);
    assert_eq!(
        s.to_fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    assert_eq!(
        x.to_shredder_fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    );

    // X-FEN names an inner rook by its file when K/Q would mean the outer one.
    let inner = accept("4k3/8/8/8/8/8/8/R3KR1R w F - 0 1");
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/R3KR1R w F - 0 1");
    let outer = accept("4k3/8/8/8/8/8/8/R3KR1R w K - 0 1");
    assert_eq!(outer.to_fen(), "4k3/8/8/8/8/8/8/R3KR1R w K - 0 1");
    assert_ne!(inner, outer);

    // Extra blanks between fields; a full-move number of 0 (some GUIs write it) reads as 1.
    let p = accept(&format!("  {START}   w  KQkq  -  0  0 "));
    assert_eq!(p.fullmove_number(), 1);
}

/// A Chess960 castling right lost by a rook move must not leave a trace that makes the position
/// differ from the same position read back from its FEN.
#[test]
fn lost_960_right_round_trips() {
    let pos = Position::from_fen("1r2k2r/8/8/8/8/8/8/1R2K2R b KQkq - 0 1").unwrap();
    let m = pos.parse_uci_move("b8b7").unwrap();
    let after = pos.play(m);
    assert_eq!(Position::from_fen(&after.to_fen()).unwrap(), after);
}
