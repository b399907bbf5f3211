//! Our move generator against an independent one: python-chess.
//!
//! `tests/data/oracle/legal_moves.txt` holds random positions from random games (standard and
//! Chess960, biased towards en passant, castling and promotions) with python-chess's sorted legal
//! moves and perft(3). It is written by `board/tests/data-gen/legal_moves_fixture.py`; the FENs mix
//! X-FEN and Shredder-FEN castling and en-passant squares that cannot be captured, so the FEN
//! reader is exercised too. Every position must give exactly the same move list and count.

mod common;

use common::read_data;
use outpost_board::{perft, Position};

struct Row<'a> {
    line: usize,
    fen: &'a str,
    perft3: u64,
    moves: Vec<&'a str>,
}

fn rows(text: &str) -> Vec<Row<'_>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(';').collect();
        assert_eq!(f.len(), 4, "line {}: expected 4 fields", i + 1);
        let mut moves: Vec<&str> = f[3].split_whitespace().collect();
        moves.sort_unstable();
        out.push(Row {
            line: i + 1,
            fen: f[0],
            perft3: f[2]
                .parse()
                .unwrap_or_else(|_| panic!("line {}: perft", i + 1)),
            moves,
        });
    }
    out
}

#[test]
fn legal_moves_match_python_chess() {
    let text = read_data("oracle/legal_moves.txt");
    let rows = rows(&text);
    assert!(rows.len() >= 3000, "fixture has {} positions", rows.len());
    let mut failures = Vec::new();
    let (mut with_ep, mut with_castling, mut in_check, mut moves_total) = (0, 0, 0, 0);
    for row in &rows {
        let pos = match Position::from_fen(row.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("line {}: {}: {e}", row.line, row.fen));
                continue;
            }
        };
        let legal = pos.legal_moves();
        with_ep += legal.iter().any(|m| m.is_en_passant()) as usize;
        with_castling += legal.iter().any(|m| m.is_castling()) as usize;
        in_check += pos.in_check() as usize;
        moves_total += legal.len();
        let mut ours: Vec<String> = legal.iter().map(|m| m.to_uci(true).to_string()).collect();
        ours.sort_unstable();
        if ours != row.moves {
            let missing: Vec<_> = row
                .moves
                .iter()
                .filter(|m| !ours.iter().any(|o| o == *m))
                .collect();
            let extra: Vec<_> = ours
                .iter()
                .filter(|o| !row.moves.contains(&o.as_str()))
                .collect();
            failures.push(format!(
                "line {}: {}: missing {missing:?}, extra {extra:?}",
                row.line, row.fen
            ));
            continue;
        }
        let n = perft::perft(&pos, 3);
        if n != row.perft3 {
            failures.push(format!(
                "line {}: {}: perft 3 = {n}, python-chess {}",
                row.line, row.fen, row.perft3
            ));
        }
    }
    println!(
        "python-chess oracle: {} positions, {moves_total} moves; {with_ep} with en passant, \
         {with_castling} with castling, {in_check} in check; {} failures",
        rows.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} positions differ from python-chess:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The fixture is meant to exercise the rare rules; make sure it still does.
    assert!(with_ep >= 300, "only {with_ep} positions with en passant");
    assert!(
        with_castling >= 300,
        "only {with_castling} positions with castling"
    );
}
