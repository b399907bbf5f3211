//! The bench signature: `outpost bench` must search exactly the node count that `bench.signature`
//! at the workspace root records. A change to the search or the evaluation changes the count on
//! purpose and updates that file in the same commit (docs/testing.md); any other change that
//! alters it is a bug this test catches.

mod common;

use common::BIN;
use std::path::Path;
use std::process::{Command, Stdio};

/// The number in `bench.signature`: its one line that is neither blank nor a `#` comment.
fn recorded() -> u64 {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench.signature");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    match lines[..] {
        [number] => number
            .parse()
            .unwrap_or_else(|e| panic!("bench.signature: '{number}' is not a node count: {e}")),
        _ => panic!("bench.signature must hold one node count, not {lines:?}"),
    }
}

// A debug build searches the same nodes (checked at depths 8, 10 and 16) but 30 to 100 times
// slower, a quarter of an hour for the whole bench on a busy machine: there the test runs only when
// asked (`-- --ignored`).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the bench takes minutes in a debug build; cargo test --release runs it"
)]
fn bench_searches_the_recorded_signature() {
    let expected = recorded();
    let out = Command::new(BIN)
        .arg("bench")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "outpost bench failed: {stdout}");
    let nodes: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no `Nodes searched` line in: {stdout}"));
    assert_eq!(
        nodes, expected,
        "outpost bench searched {nodes} nodes, bench.signature records {expected}. A commit that \
         changes the search or the evaluation writes the new count in bench.signature and says \
         `Bench: {nodes}` in its message (docs/testing.md); any other commit must not change it"
    );
}
