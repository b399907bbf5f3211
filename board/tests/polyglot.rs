//! Zobrist keys against the Polyglot book format's published test vectors.
//!
//! `tests/data/polyglot/polyglot_key_test_vectors.txt` lists nine positions with their Polyglot
//! keys and the moves that reach them from the start position. Our key must equal the Polyglot key
//! both when the position is read from its FEN and when it is reached by playing the moves
//! (the en-passant file counts only when a capture is possible, as Polyglot requires).

mod common;

use common::read_data;
use outpost_board::Position;

/// (key, FEN, moves from the start position).
fn vectors() -> Vec<(u64, String, Vec<String>)> {
    let text = read_data("polyglot/polyglot_key_test_vectors.txt");
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() >= 2, "bad test vector line '{line}'");
        let key = u64::from_str_radix(f[0].trim(), 16).expect("hex key");
        let moves = f
            .get(2)
            .map(|m| m.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default();
        out.push((key, f[1].trim().to_string(), moves));
    }
    out
}

#[test]
fn polyglot_keys_from_fen() {
    let v = vectors();
    assert_eq!(v.len(), 9, "the spec has nine test positions");
    for (key, fen, _) in &v {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            pos.key(),
            *key,
            "{fen}: key {:016x}, expected {key:016x}",
            pos.key()
        );
    }
}

#[test]
fn polyglot_keys_by_playing_moves() {
    for (key, fen, moves) in vectors() {
        let mut pos = Position::startpos();
        for text in &moves {
            let m = pos
                .parse_uci_move(text)
                .unwrap_or_else(|e| panic!("{text} before {fen}: {e}"));
            pos.make_move(m);
        }
        assert_eq!(
            pos.key(),
            key,
            "after {moves:?}: key {:016x}, expected {key:016x}",
            pos.key()
        );
        assert_eq!(
            pos.compute_keys().0,
            key,
            "key from scratch after {moves:?}"
        );
        // Same placement, side, castling and en passant as the FEN (the spec's clocks differ).
        let want = Position::from_fen(&fen).expect("valid FEN");
        assert_eq!(
            pos.to_fen().split(' ').take(4).collect::<Vec<_>>(),
            want.to_fen().split(' ').take(4).collect::<Vec<_>>(),
            "position after {moves:?}"
        );
    }
}
