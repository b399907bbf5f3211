//! The transposition table: one table shared by every search thread, without locks.
//!
//! Layout: the table is an array of 64-byte buckets (one cache line), each holding four entries of
//! two `AtomicU64` words. The second word packs the data:
//!
//! ```text
//! bits  0..16  move (raw 16-bit move)
//! bits 16..32  score (i16, stored relative to the node: mates are "mate in N from here")
//! bits 32..48  static evaluation (i16)
//! bits 48..56  depth + DEPTH_OFFSET (u8)
//! bits 56..58  bound (0 = empty, 1 = upper, 2 = lower, 3 = exact)
//! bits 58..64  age (the search generation that wrote it, modulo 64)
//! ```
//!
//! The first word is `key ^ data`. Threads write the two words without any lock, so another
//! thread may see a torn pair (one word from each of two writes); such a pair fails the check
//! `first ^ second == key` and is treated as absent, so a torn or foreign entry is never trusted.
//! The move it yields is still only a hint: the search checks it with `is_legal` before playing it.
//!
//! Replacement: an entry for the same key is overwritten when the new result is exact, comes from
//! a newer search, or is not much shallower; otherwise the victim is the entry whose depth, less a
//! penalty for each generation of age, is lowest, so stale deep entries eventually make way.

use crate::score::{NO_SCORE, TB_WIN_IN_MAX};
use outpost_board::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value; its discriminants (1, 2, 3) are the two bits
/// packed at bit 56, 0 marking an empty slot.
pub use outpost_types::Bound;

/// Stored depths are offset so that quiescence entries (depth 0 and -1) fit in a `u8`.
const DEPTH_OFFSET: i32 = 2;
const ENTRIES_PER_BUCKET: usize = 4;
const AGE_MASK: u8 = 63;
/// How much one generation of age counts against depth when choosing a victim.
const AGE_WEIGHT: i32 = 8;
/// Largest size in MB (the `Hash` option's maximum).
pub const MAX_HASH_MB: usize = 65_536;

/// Why a table could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TtError {
    /// The memory for `mb` megabytes was not available.
    Allocation {
        mb: usize,
        reason: std::collections::TryReserveError,
    },
}

impl std::fmt::Display for TtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TtError::Allocation { mb, reason } => {
                write!(f, "cannot allocate a hash table of {mb} MB: {reason}")
            }
        }
    }
}

impl std::error::Error for TtError {}

/// One probe result, with the score already made relative to the root.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TtHit {
    pub mv: Move,
    pub score: i32,
    /// Static evaluation when it was stored, or `NO_SCORE`.
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

/// The shared hash table. All probes and stores take `&self`.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

#[inline(always)]
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let depth = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
    u64::from(mv.raw())
        | (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (depth << 48)
        | ((bound as u64) << 56)
        | (u64::from(age & AGE_MASK) << 58)
}

#[inline(always)]
fn data_bound(data: u64) -> Option<Bound> {
    Bound::from_bits(data >> 56)
}

#[inline(always)]
fn data_depth(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32 - DEPTH_OFFSET
}

#[inline(always)]
fn data_age(data: u64) -> u8 {
    (data >> 58) as u8 & AGE_MASK
}

/// Converts a root-relative score to a node-relative one before storing: a mate found `ply`
/// plies below the root is stored as "mate from this node", valid wherever the node recurs.
#[inline(always)]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_IN_MAX {
        score + ply as i32
    } else if score <= -TB_WIN_IN_MAX {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of `score_to_tt`: a node-relative stored score made relative to the root again.
#[inline(always)]
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_IN_MAX {
        score - ply as i32
    } else if score <= -TB_WIN_IN_MAX {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of `mb` megabytes (clamped to 1..=MAX_HASH_MB).
    pub fn new(mb: usize) -> Result<TranspositionTable, TtError> {
        let mut tt = TranspositionTable {
            buckets: Vec::new(),
            age: AtomicU8::new(0),
        };
        tt.resize(mb)?;
        Ok(tt)
    }

    /// Replaces the table by an empty one of `mb` megabytes. On allocation failure the old table
    /// is kept and the error says how much was asked for.
    pub fn resize(&mut self, mb: usize) -> Result<(), TtError> {
        let mb = mb.clamp(1, MAX_HASH_MB);
        let count = mb * 1024 * 1024 / std::mem::size_of::<Bucket>();
        let mut buckets: Vec<Bucket> = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|reason| TtError::Allocation { mb, reason })?;
        // Drop the old table first so the peak memory is one table, not two.
        self.buckets = Vec::new();
        buckets.resize_with(count, Bucket::default);
        self.buckets = buckets;
        self.age.store(0, Ordering::Relaxed);
        Ok(())
    }

    /// Size in megabytes.
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Empties every entry. Large tables are cleared by several threads, because one thread
    /// takes seconds for tens of gigabytes.
    pub fn clear(&self) {
        let threads = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .clamp(1, 64);
        let threads = if self.buckets.len() < (1 << 16) {
            1
        } else {
            threads
        };
        let chunk = self.buckets.len().div_ceil(threads).max(1);
        std::thread::scope(|s| {
            for part in self.buckets.chunks(chunk) {
                s.spawn(move || {
                    for bucket in part {
                        for e in &bucket.entries {
                            e.check.store(0, Ordering::Relaxed);
                            e.data.store(0, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search generation, so older entries become preferred victims.
    pub fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & AGE_MASK;
        self.age.store(age, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key uniformly onto any table length, not just powers of two.
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Starts loading `key`'s bucket into the cache without waiting for it, so that a probe soon
    /// after finds it there. A hint only: it changes nothing and costs nothing if ignored.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch never faults and reads or writes nothing; the address is a
            // bucket of this live table. SSE, which it needs, is part of every x86-64 CPU.
            // Measured: docs/results/speed.md, "Prefetching".
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up. `ply` converts stored mate scores back to root-relative ones.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data != key {
                continue;
            }
            let bound = data_bound(data)?;
            let stored_score = (data >> 16) as u16 as i16 as i32;
            let eval = (data >> 32) as u16 as i16 as i32;
            return Some(TtHit {
                mv: Move::from_raw(data as u16),
                score: score_from_tt(stored_score, ply),
                eval: if eval == NO_SCORE as i16 as i32 {
                    NO_SCORE
                } else {
                    eval
                },
                depth: data_depth(data),
                bound,
            });
        }
        None
    }

    /// Stores a search result. `score` is root-relative (converted here); `eval` may be
    /// `NO_SCORE`; a `Move::NONE` keeps the move already stored for this key.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        let mut same: Option<(&Entry, u64)> = None;
        for e in &bucket.entries {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if data_bound(data).is_none() {
                // An empty slot is the cheapest victim of all.
                if victim_worth > i32::MIN {
                    victim = e;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if check ^ data == key {
                same = Some((e, data));
                break;
            }
            let age_distance = i32::from(age.wrapping_sub(data_age(data)) & AGE_MASK);
            let worth = data_depth(data) - AGE_WEIGHT * age_distance;
            if worth < victim_worth {
                victim = e;
                victim_worth = worth;
            }
        }
        let mut mv = mv;
        let target = match same {
            Some((e, old)) => {
                if mv.is_none() {
                    mv = Move::from_raw(old as u16);
                }
                // Keep a deeper result of this search unless the new one is exact.
                if bound != Bound::Exact && data_age(old) == age && depth + 3 < data_depth(old) {
                    return;
                }
                e
            }
            None => victim,
        };
        let stored = score_to_tt(score, ply).clamp(i16::MIN as i32, i16::MAX as i32);
        let eval = if eval == NO_SCORE {
            NO_SCORE as i16 as i32
        } else {
            eval.clamp(-30_000, 30_000)
        };
        let data = pack(mv, stored, eval, depth, bound, age);
        target.check.store(key ^ data, Ordering::Relaxed);
        target.data.store(data, Ordering::Relaxed);
    }

    /// Per-mille of a sample of entries written by the current search (the UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for bucket in &self.buckets[..sample] {
            for e in &bucket.entries {
                let data = e.data.load(Ordering::Relaxed);
                if data_bound(data).is_some() && data_age(data) == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES_PER_BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_allocation_error_says_how_much_was_asked_for() {
        let reason = Vec::<u8>::new().try_reserve(usize::MAX).unwrap_err();
        let text = TtError::Allocation { mb: 5, reason }.to_string();
        assert!(
            text.starts_with("cannot allocate a hash table of 5 MB: "),
            "{text}"
        );
    }
    use crate::score::{mate_in, mated_in, TB_WIN};

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0usize, 1, 7, 40, 100] {
            for score in [
                mate_in(ply + 3),
                mated_in(ply + 2),
                TB_WIN - ply as i32 - 5,
                -TB_WIN + ply as i32 + 5,
                0,
                123,
                -456,
            ] {
                assert_eq!(score_from_tt(score_to_tt(score, ply), ply), score);
            }
        }
        // A mate in 3 plies found at ply 5 is "mate in 3 from here" for the node itself, and read
        // back at ply 9 it becomes a mate 12 plies from that root.
        let stored = score_to_tt(mate_in(5 + 3), 5);
        assert_eq!(stored, mate_in(3));
        assert_eq!(score_from_tt(stored, 9), mate_in(12));
        assert_eq!(score_from_tt(score_to_tt(mated_in(8), 5), 9), mated_in(12));
    }

    #[test]
    fn store_then_probe_gives_back_everything() {
        let tt = TranspositionTable::new(1).unwrap();
        let m = Move::from_raw(0x1234);
        tt.store(
            0xDEAD_BEEF_0000_0001,
            m,
            mate_in(10),
            55,
            7,
            Bound::Lower,
            4,
        );
        let hit = tt.probe(0xDEAD_BEEF_0000_0001, 4).unwrap();
        assert_eq!(hit.mv, m);
        assert_eq!(hit.score, mate_in(10));
        assert_eq!(hit.eval, 55);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Lower);
        assert!(tt.probe(0xDEAD_BEEF_0000_0002, 4).is_none());
        tt.store(0x77, Move::NONE, -5, NO_SCORE, -1, Bound::Upper, 0);
        let hit = tt.probe(0x77, 0).unwrap();
        assert_eq!(hit.eval, NO_SCORE);
        assert_eq!(hit.depth, -1);
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_0000_0001, 4).is_none());
    }

    #[test]
    fn a_move_none_store_keeps_the_old_move_and_shallow_results_do_not_evict_deep_ones() {
        let tt = TranspositionTable::new(1).unwrap();
        let m = Move::from_raw(0x0ABC);
        tt.store(42, m, 10, 0, 10, Bound::Lower, 0);
        tt.store(42, Move::NONE, 20, 0, 2, Bound::Upper, 0);
        assert_eq!(tt.probe(42, 0).unwrap().depth, 10);
        tt.store(42, Move::NONE, 30, 0, 9, Bound::Upper, 0);
        let hit = tt.probe(42, 0).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth), (m, 30, 9));
    }

    #[test]
    fn a_full_bucket_evicts_the_shallowest_or_oldest_entry() {
        let tt = TranspositionTable::new(1).unwrap();
        // Keys with equal high bits land in the same bucket.
        let keys: Vec<u64> = (1..=5).collect();
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, Move::NONE, 0, 0, 10 + i as i32, Bound::Exact, 0);
        }
        tt.store(keys[4], Move::NONE, 0, 0, 1, Bound::Exact, 0);
        assert!(
            tt.probe(keys[0], 0).is_none(),
            "depth 10 was the shallowest"
        );
        for &k in &keys[1..] {
            assert!(tt.probe(k, 0).is_some());
        }
        // After enough new searches even a deep entry becomes the victim.
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(keys[4], Move::NONE, 0, 0, 1, Bound::Exact, 0);
        tt.store(99, Move::NONE, 0, 0, 1, Bound::Exact, 0);
        assert!(tt.probe(99, 0).is_some());
        assert!(tt.probe(keys[4], 0).is_some(), "the fresh entry survives");
    }

    #[test]
    fn hashfull_counts_current_entries() {
        let tt = TranspositionTable::new(1).unwrap();
        assert_eq!(tt.hashfull(), 0);
        let n = tt.buckets.len() as u128;
        for b in 0..250u128 {
            for j in 0..4u128 {
                // A key whose multiply-shift index is bucket `b`.
                let key = (b << 64).div_ceil(n) as u64 + j as u64;
                tt.store(key, Move::NONE, 0, 0, 5, Bound::Exact, 0);
            }
        }
        assert!(tt.hashfull() > 900, "hashfull {}", tt.hashfull());
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
