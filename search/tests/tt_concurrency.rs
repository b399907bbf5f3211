//! The shared table under concurrent writers: whatever a reader gets back for a key is what some
//! writer stored for that key, never a mix of two entries or another key's data.

mod common;

use outpost_board::Move;
use outpost_board::Rng;
use outpost_search::transposition::{Bound, TranspositionTable};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The only data ever stored for `key`, so any hit can be checked.
fn expected(key: u64) -> (Move, i32, i32, i32) {
    let mv = Move::from_raw((key >> 7) as u16);
    let score = ((key >> 23) % 4_000) as i32 - 2_000;
    let eval = ((key >> 35) % 2_000) as i32 - 1_000;
    let depth = ((key >> 50) % 60) as i32;
    (mv, score, eval, depth)
}

#[test]
fn concurrent_writers_never_produce_a_wrong_entry() {
    // A tiny table (1 MB = 16384 buckets) and a key space far larger, so slots are fought over.
    let tt = Arc::new(TranspositionTable::new(1).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let hits = Arc::new(AtomicU64::new(0));
    let checked = Arc::new(AtomicU64::new(0));
    let mut handles = Vec::new();
    for t in 0..4u64 {
        let tt = Arc::clone(&tt);
        let hits = Arc::clone(&hits);
        let checked = Arc::clone(&checked);
        let stop = Arc::clone(&stop);
        handles.push(std::thread::spawn(move || {
            // Writers and readers draw from the same key pool so reads often hit live slots.
            let mut rng = Rng::new(t + 1);
            let pool: Vec<u64> = {
                let mut r = Rng::new(99);
                (0..200_000).map(|_| r.next_u64()).collect()
            };
            let mut i = 0u64;
            while i < 400_000 && !stop.load(Ordering::Relaxed) {
                let key = pool[rng.below(pool.len())];
                if rng.next_u64() & 1 == 0 {
                    let (mv, score, eval, depth) = expected(key);
                    tt.store(key, mv, score, eval, depth, Bound::Exact, 0);
                } else {
                    checked.fetch_add(1, Ordering::Relaxed);
                    if let Some(hit) = tt.probe(key, 0) {
                        hits.fetch_add(1, Ordering::Relaxed);
                        let (mv, score, eval, depth) = expected(key);
                        assert_eq!(
                            (hit.mv, hit.score, hit.eval, hit.depth),
                            (mv, score, eval, depth)
                        );
                        assert_eq!(hit.bound, Bound::Exact);
                    }
                }
                i += 1;
            }
        }));
    }
    for h in handles {
        h.join().expect("a thread saw a wrong entry");
    }
    let hits = hits.load(Ordering::Relaxed);
    assert!(
        hits > 10_000,
        "too few hits ({hits}) for the test to mean anything"
    );
    assert!(
        hits < checked.load(Ordering::Relaxed),
        "some probes must miss"
    );
    assert!(tt.hashfull() > 500);
}

#[test]
fn resize_and_clear_while_idle() {
    let mut tt = TranspositionTable::new(2).unwrap();
    assert_eq!(tt.size_mb(), 2);
    tt.store(5, Move::from_raw(77), 1, 2, 3, Bound::Lower, 0);
    assert!(tt.probe(5, 0).is_some());
    tt.resize(4).unwrap();
    assert_eq!(tt.size_mb(), 4);
    assert!(tt.probe(5, 0).is_none());
    tt.store(5, Move::from_raw(77), 1, 2, 3, Bound::Lower, 0);
    tt.clear();
    assert!(tt.probe(5, 0).is_none());
    // Sizes are clamped, never refused, within the allowed range.
    tt.resize(0).unwrap();
    assert_eq!(tt.size_mb(), 1);
}
