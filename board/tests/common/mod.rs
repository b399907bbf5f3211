//! Helpers shared by the board crate's integration tests: where the data files live and reading
//! the perft suite formats. (Random choices use the crate's own `Rng`.)
//!
//! Each test binary includes this module with `mod common;` and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// `tests/data/` at the workspace root (the board crate sits one level below it).
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("tests")
        .join("data")
}

/// Reads a data file under `tests/data/`, saying which one when it is missing.
pub fn read_data(rel: &str) -> String {
    let path = data_dir().join(rel);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read test data {}: {e}", path.display()))
}

/// One line of an EPD perft suite: the FEN and the `(depth, count)` pairs listed after it.
pub struct PerftCase {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The count listed for `depth`, if any.
    pub fn count_at(&self, depth: u32) -> Option<u64> {
        self.counts
            .iter()
            .find(|&&(d, _)| d == depth)
            .map(|&(_, n)| n)
    }

    /// The deepest listed depth not deeper than `cap`.
    pub fn deepest_up_to(&self, cap: u32) -> Option<(u32, u64)> {
        self.counts
            .iter()
            .copied()
            .filter(|&(d, _)| d <= cap)
            .max_by_key(|&(d, _)| d)
    }
}

/// Parses `FEN ;D1 20 ;D2 400 ...` lines (perftsuite.epd, fischer.epd). CRLF endings are fine.
pub fn parse_epd_suite(text: &str) -> Vec<PerftCase> {
    let mut cases = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut counts = Vec::new();
        for p in parts {
            let p = p.trim();
            let mut words = p.split_whitespace();
            let (Some(d), Some(n)) = (words.next(), words.next()) else {
                panic!("line {}: bad field '{p}'", lineno + 1);
            };
            let depth = d
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("line {}: bad depth '{d}'", lineno + 1));
            let count = n
                .parse()
                .unwrap_or_else(|_| panic!("line {}: bad count '{n}'", lineno + 1));
            counts.push((depth, count));
        }
        cases.push(PerftCase { fen, counts });
    }
    cases
}

/// Parses python-chess's `.perft` format: `id <name>`, `epd <fen>`, `perft <depth> <count>`.
pub fn parse_perft_file(text: &str) -> Vec<(String, PerftCase)> {
    let mut out: Vec<(String, PerftCase)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            out.push((
                id.trim().to_string(),
                PerftCase {
                    fen: String::new(),
                    counts: Vec::new(),
                },
            ));
        } else if let Some(fen) = line.strip_prefix("epd ") {
            out.last_mut().expect("epd before id").1.fen = fen.trim().to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut w = rest.split_whitespace();
            let depth = w.next().and_then(|d| d.parse().ok()).expect("perft depth");
            let count = w.next().and_then(|n| n.parse().ok()).expect("perft count");
            out.last_mut()
                .expect("perft before id")
                .1
                .counts
                .push((depth, count));
        }
    }
    out
}
