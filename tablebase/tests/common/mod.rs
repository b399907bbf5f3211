//! Shared by the integration tests: where the test tables and fixtures live, and opening them.

#![allow(dead_code)]

use outpost_tablebase::Tablebases;
use std::path::PathBuf;

/// `tests/data/syzygy` of the workspace.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("tests")
        .join("data")
        .join("syzygy")
}

/// The directory holding the 3-4 piece tables.
pub fn tables_dir() -> PathBuf {
    data_dir().join("regular")
}

/// The 3-4 piece tables, asserting that they open without a warning.
pub fn open_tables() -> Tablebases {
    let dir = tables_dir();
    let (tb, warnings) = Tablebases::open(&dir.to_string_lossy());
    assert!(warnings.is_empty(), "warnings: {warnings:?}");
    assert_eq!(tb.max_pieces(), 4);
    tb
}

/// The lines of a fixture file, without comments and blank lines.
pub fn fixture_lines(name: &str) -> Vec<String> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}
