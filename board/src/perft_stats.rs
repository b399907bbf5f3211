//! Perft statistics: what the leaves of the legal move tree are, counted as the
//! chess-programming wiki's "Perft Results" tables count them (docs/perft.md, "Statistics").
//!
//! Every counter is about the leaves at the given depth and the move that reached each leaf:
//!
//! - **captures** include en-passant captures; **en passant**, **castles** and **promotions**
//!   count moves (a pawn reaching the last rank is four promotions);
//! - **checks** are the leaves where the side to move is in check, checkmates included;
//! - **checkmates** are the checks with no legal reply;
//! - **discovery checks** and **double checks** classify the checks that are *not* mates, as the
//!   wiki's breakdown of checks does (its four kinds of check add up to the checks without the
//!   mates). A double check has two checkers. A discovery check has one checker, which is not the
//!   piece that moved (for castling, the rook) and whose line to the king runs through the square
//!   the moving piece left: a check opened only by removing a pawn captured en passant is neither.
//!   With the mates in, Kiwipete's depth 5 would have 2645 double checks; the wiki prints 2637.
//!
//! The last ply is bulk-counted: the move kinds come from the move list, and only the moves that
//! give check (`Position::gives_check`) are played to classify the check and look for a reply.
//! There is no hash table: plain perft's table stores one count per entry, and these would need
//! nine, which is not worth its complexity at the depths this is used for (the start position's
//! depth 6 takes about a second on one core). The root moves can be split over threads.

use crate::attacks::between;
use crate::perft::for_each_root_move;
use crate::{Move, Position};
use std::ops::AddAssign;
use std::sync::Mutex;

/// Counts over the leaves of a perft tree (see the module documentation for the definitions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftStats {
    pub nodes: u64,
    pub captures: u64,
    pub en_passant: u64,
    pub castles: u64,
    pub promotions: u64,
    pub checks: u64,
    pub discovery_checks: u64,
    pub double_checks: u64,
    pub checkmates: u64,
}

impl PerftStats {
    /// The column names, in the wiki's order, as `perft N stats` prints them.
    pub const COLUMNS: [&'static str; 9] = [
        "nodes",
        "captures",
        "ep",
        "castles",
        "promotions",
        "checks",
        "discovery_checks",
        "double_checks",
        "checkmates",
    ];

    /// The counters in the order of [`PerftStats::COLUMNS`].
    pub fn values(&self) -> [u64; 9] {
        [
            self.nodes,
            self.captures,
            self.en_passant,
            self.castles,
            self.promotions,
            self.checks,
            self.discovery_checks,
            self.double_checks,
            self.checkmates,
        ]
    }
}

impl AddAssign for PerftStats {
    fn add_assign(&mut self, o: PerftStats) {
        self.nodes += o.nodes;
        self.captures += o.captures;
        self.en_passant += o.en_passant;
        self.castles += o.castles;
        self.promotions += o.promotions;
        self.checks += o.checks;
        self.discovery_checks += o.discovery_checks;
        self.double_checks += o.double_checks;
        self.checkmates += o.checkmates;
    }
}

/// Statistics of the leaves `depth` plies below `pos`.
///
/// Depth 0 is the position itself, reached by no move: one node, and its check, mate and double
/// check if it has them (a discovery check needs the move, so it is never counted there).
pub fn perft_stats(pos: &Position, depth: u32) -> PerftStats {
    let mut stats = PerftStats::default();
    if depth == 0 {
        stats.nodes = 1;
        if pos.in_check() {
            stats.checks = 1;
            if !pos.has_legal_move() {
                stats.checkmates = 1;
            } else if pos.checkers().more_than_one() {
                stats.double_checks = 1;
            }
        }
        return stats;
    }
    let mut pos = *pos;
    subtree(&mut pos, depth, &mut stats);
    stats
}

/// Per-root-move statistics (`divide`), the root moves shared out over `threads` threads.
/// Empty at depth 0 and when there is no legal move.
pub fn divide_stats(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, PerftStats)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    let results: Vec<Mutex<PerftStats>> = moves
        .iter()
        .map(|_| Mutex::new(PerftStats::default()))
        .collect();
    for_each_root_move(moves.len(), threads, |i| {
        let mut stats = PerftStats::default();
        if depth == 1 {
            leaf(pos, moves[i], &mut stats);
        } else {
            let mut child = pos.play(moves[i]);
            subtree(&mut child, depth - 1, &mut stats);
        }
        // Each slot is written once, by the thread that took its index.
        if let Ok(mut slot) = results[i].lock() {
            *slot = stats;
        }
    });
    moves
        .iter()
        .zip(results)
        .map(|(&m, r)| (m, r.into_inner().unwrap_or_default()))
        .collect()
}

/// Adds the leaves `depth >= 1` plies below `pos`.
fn subtree(pos: &mut Position, depth: u32, stats: &mut PerftStats) {
    let moves = pos.legal_moves();
    if depth == 1 {
        for &m in moves.iter() {
            leaf(pos, m, stats);
        }
        return;
    }
    for &m in moves.iter() {
        let undo = pos.make_move(m);
        subtree(pos, depth - 1, stats);
        pos.unmake_move(m, &undo);
    }
}

/// Adds the leaf that the legal move `m` reaches from `pos`. Only checking moves are played.
#[inline]
fn leaf(pos: &Position, m: Move, stats: &mut PerftStats) {
    stats.nodes += 1;
    if m.is_castling() {
        stats.castles += 1;
    } else if m.is_en_passant() {
        stats.en_passant += 1;
        stats.captures += 1;
    } else {
        stats.captures += pos.is_capture(m) as u64;
        stats.promotions += m.is_promotion() as u64;
    }
    if pos.gives_check(m) {
        check(pos, m, stats);
    }
}

/// Classifies the check that the legal move `m` gives.
fn check(pos: &Position, m: Move, stats: &mut PerftStats) {
    let child = pos.play(m);
    stats.checks += 1;
    if !child.has_legal_move() {
        stats.checkmates += 1;
        return;
    }
    let checkers = child.checkers();
    if checkers.more_than_one() {
        stats.double_checks += 1;
        return;
    }
    let checker = checkers.lsb();
    // Castling moves two pieces; only the rook can give check.
    let moved_to = if m.is_castling() {
        m.castling_rook_to()
    } else {
        m.to()
    };
    if checker == moved_to {
        return;
    }
    let king = child.king(child.side_to_move());
    if m.is_en_passant() && !between(checker, king).has(m.from()) {
        // Opened by the captured pawn's removal alone, not by the capturing pawn moving away.
        return;
    }
    stats.discovery_checks += 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The single leaf reached by `uci` from `fen`.
    fn after(fen: &str, uci: &str) -> PerftStats {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_uci_move(uci).unwrap();
        let mut s = PerftStats::default();
        leaf(&pos, m, &mut s);
        s
    }

    /// (checks, discovery checks, double checks, checkmates) of one leaf.
    fn kind(fen: &str, uci: &str) -> (u64, u64, u64, u64) {
        let s = after(fen, uci);
        (s.checks, s.discovery_checks, s.double_checks, s.checkmates)
    }

    #[test]
    fn each_kind_of_check() {
        // The rook that moved checks: a plain check.
        assert_eq!(kind("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), (1, 0, 0, 0));
        // The bishop steps off the rook's file: a discovery check; to b5 it checks too: double.
        let bishop = "4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1";
        assert_eq!(kind(bishop, "e2d3"), (1, 1, 0, 0));
        assert_eq!(kind(bishop, "e2b5"), (1, 0, 1, 0));
        let knight = "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1";
        assert_eq!(kind(knight, "e4c5"), (1, 1, 0, 0));
        assert_eq!(kind(knight, "e4d6"), (1, 0, 1, 0));
        // A mate is a check and a checkmate, never a discovery or double check.
        assert_eq!(
            kind("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8"),
            (1, 0, 0, 1)
        );
        assert_eq!(kind(bishop, "f1g1"), (0, 0, 0, 0));
    }

    #[test]
    fn en_passant_checks() {
        // The capturing pawn leaves e5 and uncovers the bishop: a discovery check.
        let s = after("8/6k1/8/3pP3/8/8/1B6/4K3 w - d6 0 1", "e5d6");
        assert_eq!((s.captures, s.en_passant), (1, 1));
        assert_eq!((s.checks, s.discovery_checks), (1, 1));
        // The line runs through d5, the captured pawn's square, only: a check, not a discovery.
        assert_eq!(
            kind("6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1", "e5d6"),
            (1, 0, 0, 0)
        );
        // Both pawns stood between rook and king; the capturing pawn moved out of the way, so it
        // is a discovery (the wiki's position 3 row needs these counted).
        assert_eq!(
            kind("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", "e5d6"),
            (1, 1, 0, 0)
        );
    }

    #[test]
    fn moves_by_kind() {
        let s = after("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1", "b7a8q");
        assert_eq!((s.nodes, s.captures, s.promotions, s.castles), (1, 1, 1, 0));
        let s = after("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
        assert_eq!((s.castles, s.captures, s.checks), (1, 0, 0));
        // The rook of a castling move checks: a plain check (the king cannot give one).
        let s = after("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1");
        assert_eq!((s.castles, s.checks, s.discovery_checks), (1, 1, 0));
    }

    #[test]
    fn depth_zero_and_divide() {
        let one = PerftStats {
            nodes: 1,
            ..PerftStats::default()
        };
        assert_eq!(perft_stats(&Position::startpos(), 0), one);
        let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        let s = perft_stats(&mated, 0);
        assert_eq!((s.nodes, s.checks, s.checkmates), (1, 1, 1));
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        for depth in 1..=3 {
            let mut sum = PerftStats::default();
            for (_, s) in divide_stats(&pos, depth, 2) {
                sum += s;
            }
            assert_eq!(sum, perft_stats(&pos, depth), "depth {depth}");
        }
        assert_eq!(divide_stats(&pos, 1, 1).len(), 48);
        assert!(divide_stats(&pos, 0, 1).is_empty());
    }
}
