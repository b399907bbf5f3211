//! Perft: counting the leaf nodes of the legal move tree, the standard proof that move generation
//! is right to the last node.
//!
//! The last ply is bulk-counted (moves counted, not played). Deep counts can use a shared hash
//! table; each entry stores the full 64-bit key next to the count and depth, XOR-locked so that a
//! torn write by another thread is detected rather than trusted. The root moves can be split over
//! several threads.

use crate::{Move, MoveList, Position};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Leaf count to `depth`, on the perft-only board and generator of `perft_lean` (copy-make of
/// eight bitboards, side to move a compile-time parameter, no move lists); docs/perft.md has what
/// each of its techniques gained.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    crate::perft_lean::perft(pos, depth)
}

/// Leaf count with make/unmake on one position.
pub fn perft_make_unmake(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let moves = pos.legal_moves();
            let mut total = 0;
            for &m in moves.iter() {
                let undo = pos.make_move(m);
                total += perft_make_unmake(pos, depth - 1);
                pos.unmake_move(m, &undo);
            }
            total
        }
    }
}

/// Leaf count with copy-make (a fresh copy per child), kept to measure against make/unmake.
pub fn perft_copy_make(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let moves = pos.legal_moves();
            let mut total = 0;
            for &m in moves.iter() {
                total += perft_copy_make(&pos.play(m), depth - 1);
            }
            total
        }
    }
}

/// A lock-free table of subtree counts shared by all perft threads.
pub struct PerftTable {
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl PerftTable {
    /// A table of about `mb` megabytes (rounded down to a power of two entries, at least one).
    pub fn new(mb: usize) -> PerftTable {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let wanted = (bytes / 16).max(1);
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let entries = (0..len)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        PerftTable {
            entries,
            mask: len - 1,
        }
    }

    // Data packs the count (56 bits, enough for any perft that finishes) and the depth (8 bits);
    // the stored lock is key ^ data so a half-written entry never matches.
    fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let e = &self.entries[key as usize & self.mask];
        let lock = e[0].load(Ordering::Relaxed);
        let data = e[1].load(Ordering::Relaxed);
        (lock ^ data == key && data & 0xFF == depth as u64).then_some(data >> 8)
    }

    fn store(&self, key: u64, depth: u32, count: u64) {
        let e = &self.entries[key as usize & self.mask];
        let data = count << 8 | depth as u64 & 0xFF;
        e[0].store(key ^ data, Ordering::Relaxed);
        e[1].store(data, Ordering::Relaxed);
    }
}

fn perft_hashed(pos: &mut Position, depth: u32, table: &PerftTable) -> u64 {
    if depth <= 2 {
        return perft(pos, depth);
    }
    if let Some(n) = table.probe(pos.key(), depth) {
        return n;
    }
    let moves = pos.legal_moves();
    let mut total = 0;
    for &m in moves.iter() {
        let undo = pos.make_move(m);
        total += perft_hashed(pos, depth - 1, table);
        pos.unmake_move(m, &undo);
    }
    table.store(pos.key(), depth, total);
    total
}

/// Runs `work(i)` for every root move index `i < moves` on up to `threads` threads, each
/// taking the next index when done with one: subtrees differ widely in size, so a fixed share
/// per thread would leave threads idle. Shared by `divide` and the statistics' `divide_stats`.
pub(crate) fn for_each_root_move(moves: usize, threads: usize, work: impl Fn(usize) + Sync) {
    let next = AtomicUsize::new(0);
    let run = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= moves {
            break;
        }
        work(i);
    };
    let threads = threads.clamp(1, 1024).min(moves.max(1));
    if threads == 1 {
        run();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(run);
            }
        });
    }
}

/// Per-root-move counts (`divide`), computed on `threads` threads with an optional hash table.
pub fn divide(
    pos: &Position,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> Vec<(Move, u64)> {
    let moves: MoveList = pos.legal_moves();
    if depth == 0 {
        return Vec::new();
    }
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    for_each_root_move(moves.len(), threads, |i| {
        let mut child = pos.play(moves[i]);
        let n = match table {
            Some(t) => perft_hashed(&mut child, depth - 1, t),
            None => perft(&child, depth - 1),
        };
        counts[i].store(n, Ordering::Relaxed);
    });
    moves
        .iter()
        .zip(&counts)
        .map(|(&m, c)| (m, c.load(Ordering::Relaxed)))
        .collect()
}

/// Total leaf count with root split over `threads` and an optional table.
pub fn perft_parallel(
    pos: &Position,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide(pos, depth, threads, table)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}
