//! Fixture loading shared by the integration tests: paths under tests/data/polyglot and the TSV
//! rows written by book/tests/data-gen/gen_fixtures.py.

#![allow(dead_code)]

use outpost_book::{Book, BookEntry};
use std::path::PathBuf;

pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/polyglot")
        .join(name)
}

pub fn read_text(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn open(name: &str) -> Book {
    Book::open(data(name)).unwrap_or_else(|e| panic!("{e}"))
}

/// One row of reader-positions.tsv / readback.tsv.
pub struct Row {
    pub book: String,
    pub key: u64,
    pub fen: String,
    pub entries: String,
}

pub fn rows(name: &str) -> Vec<Row> {
    read_text(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad fixture line {l}");
            Row {
                book: f[0].to_string(),
                key: u64::from_str_radix(f[1], 16).expect("hex key"),
                fen: f[2].to_string(),
                entries: f[3].to_string(),
            }
        })
        .collect()
}

/// Our entries in the fixture's text form: `uci:0xraw:weight:learn ...`, or `-`.
pub fn entries_text(entries: &[BookEntry], chess960: bool) -> String {
    if entries.is_empty() {
        return "-".into();
    }
    entries
        .iter()
        .map(|e| {
            format!(
                "{}:0x{:04x}:{}:{}",
                e.mv.to_uci(chess960),
                e.raw_move,
                e.weight,
                e.learn
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}
