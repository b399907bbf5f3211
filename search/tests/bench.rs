//! `bench` is deterministic: two runs give the same node count. The count itself is checked
//! against `bench.signature` by `engine/tests/bench_signature.rs`, on the binary OpenBench runs.

use outpost_eval::nnue::embedded;
use outpost_search::bench;

#[test]
fn bench_node_count_is_reproducible() {
    let a = bench::run_with(7, 1, embedded(), |_, _, _| {}).unwrap();
    let b = bench::run_with(7, 1, embedded(), |_, _, _| {}).unwrap();
    assert!(a.nodes > 10_000);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(bench::POSITIONS.len(), 50);
}
