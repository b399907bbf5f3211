//! The root moves: which moves the search considers at the root, their latest scores and lines,
//! and which of them the MultiPV line being searched may take.
//!
//! At a root in the tablebases the moves are ranked by the tables and stay grouped by rank, best
//! first; a line never takes a move of a worse rank while a better one is left (Stockfish's
//! `pvFirst`/`pvLast`). Without tables every move has rank 0 and there is one group.

use crate::oracle::{tb_root_score, EndgameOracle};
use crate::reporter::Bound;
use crate::score::INFINITE;
use crate::transposition::TranspositionTable;
use outpost_board::{Move, Position};

/// A root move with the result of its latest search.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub prev_score: i32,
    /// The bound of `score` when it came from a failed aspiration window.
    pub bound: Bound,
    pub seldepth: usize,
    pub pv: Vec<Move>,
    /// The move's tablebase rank at a root in the tables (0 for every move otherwise).
    pub tb_rank: i32,
    /// The move's table result as a score (`oracle::tb_root_score`): shown instead of the search's
    /// heuristic score unless the search proves a mate, so each line says "won", "drawn" or
    /// "lost" as the tables do.
    pub tb_score: Option<i32>,
    /// Nodes searched below the move since the search began: the time manager's measure of how
    /// clear the best move is (`timeman.rs`).
    pub nodes: u64,
}

/// The tables at the root: where to probe, and what the probe found.
pub(crate) struct RootTables<'a> {
    pub oracle: &'a dyn EndgameOracle,
    /// Most pieces probed (the tables' and `SyzygyProbeLimit`'s smaller).
    pub limit: u32,
}

/// What setting up the root learned from the tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TableRanking {
    /// The tables were asked (one tablebase hit).
    pub probed: bool,
    /// Every move got its rank: the search need not probe inside the tree.
    pub ranked: bool,
}

/// The root's moves, best first after each iteration, and the MultiPV line being searched.
#[derive(Default)]
pub(crate) struct RootMoves {
    pub moves: Vec<RootMove>,
    /// The line being searched: 0 for the best, then 1.. for the further MultiPV lines.
    pub pv_idx: usize,
    /// End of the rank group of the line being searched: the root searches
    /// `moves[pv_idx..pv_last]` (all remaining moves without tables).
    pub pv_last: usize,
    /// Lines searched each iteration (MultiPV, or more under a strength handicap).
    pub multipv: usize,
    /// Root fail lows of the first line in the running iteration, for the time manager.
    pub fail_lows: u32,
}

impl RootMoves {
    /// Builds the root move list: legal moves, restricted to `searchmoves`. When the root is in
    /// the tablebases the moves are sorted by their rank, best first, and carry their table
    /// result; every move stays, so MultiPV can show as many lines as there are moves. The TT
    /// move goes first (within its rank) so that a search stopped before its first iteration
    /// completes still answers with the best guess available. `lines` is how many lines are
    /// wanted (clamped to the number of moves).
    pub fn new(
        pos: &Position,
        searchmoves: &[Move],
        tables: Option<RootTables<'_>>,
        tt: &TranspositionTable,
        lines: usize,
    ) -> (RootMoves, TableRanking) {
        let legal = pos.legal_moves();
        let mut moves: Vec<Move> = legal.iter().copied().collect();
        if !searchmoves.is_empty() {
            let kept: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| searchmoves.contains(m))
                .collect();
            if !kept.is_empty() {
                moves = kept;
            }
        }
        let mut ranking = TableRanking::default();
        let mut tb: Vec<(i32, Option<i32>)> = vec![(0, None); moves.len()];
        if let Some(RootTables { oracle, limit }) = tables {
            let pieces = pos.occupied().count();
            if pieces <= limit && pos.castling_rights() == 0 {
                if let Some(ranked) = oracle.rank_root_moves(pos) {
                    ranking.probed = true;
                    // Every move must be ranked; a partial ranking is no ranking.
                    let found: Option<Vec<(i32, Option<i32>)>> = moves
                        .iter()
                        .map(|m| {
                            let r = ranked.iter().find(|r| r.mv == *m)?;
                            Some((r.rank, Some(tb_root_score(r.wdl, r.plies))))
                        })
                        .collect();
                    if let Some(found) = found.filter(|f| !f.is_empty()) {
                        tb = found;
                        ranking.ranked = true;
                    }
                }
            }
        }
        let mut root = RootMoves {
            moves: moves
                .into_iter()
                .zip(tb)
                .map(|(mv, (tb_rank, tb_score))| RootMove {
                    mv,
                    score: -INFINITE,
                    prev_score: -INFINITE,
                    bound: Bound::Exact,
                    seldepth: 0,
                    pv: vec![mv],
                    tb_rank,
                    tb_score,
                    nodes: 0,
                })
                .collect(),
            pv_idx: 0,
            pv_last: 0,
            multipv: 1,
            fail_lows: 0,
        };
        // Stable: within a rank (all moves without tables) the generator's order stays.
        root.moves.sort_by_key(|rm| std::cmp::Reverse(rm.tb_rank));
        if let Some(hit) = tt.probe(pos.key(), 0) {
            if let Some(i) = root.moves.iter().position(|rm| rm.mv == hit.mv) {
                let rank = root.moves[i].tb_rank;
                let first = root
                    .moves
                    .iter()
                    .position(|rm| rm.tb_rank == rank)
                    .unwrap_or(i);
                root.moves[first..=i].rotate_right(1);
            }
        }
        root.multipv = lines.clamp(1, root.moves.len().max(1));
        root.pv_last = root.group_end(0);
        (root, ranking)
    }

    /// The end of the rank group that `moves[start]` belongs to (groups are contiguous).
    pub fn group_end(&self, start: usize) -> usize {
        let Some(rank) = self.moves.get(start).map(|rm| rm.tb_rank) else {
            return self.moves.len();
        };
        self.moves[start..]
            .iter()
            .position(|rm| rm.tb_rank != rank)
            .map_or(self.moves.len(), |n| start + n)
    }

    /// The move the line being searched tries first.
    #[inline]
    pub fn current(&self) -> &RootMove {
        &self.moves[self.pv_idx]
    }

    /// Whether the line being searched may take `m` (earlier lines took theirs, and a worse
    /// rank group waits for this one).
    #[inline]
    pub fn in_line(&self, m: Move) -> bool {
        self.moves[self.pv_idx..self.pv_last]
            .iter()
            .any(|rm| rm.mv == m)
    }

    /// Adds `nodes` searched below the root move `m`.
    pub fn spent(&mut self, m: Move, nodes: u64) {
        if let Some(rm) = self.moves.iter_mut().find(|rm| rm.mv == m) {
            rm.nodes += nodes;
        }
    }

    /// Counts a fail low of the line being searched when it is the first (the best move's).
    pub fn failed_low(&mut self) {
        if self.pv_idx == 0 {
            self.fail_lows = self.fail_lows.saturating_add(1);
        }
    }

    /// Records a root move's score: the first move and any move that raised alpha get their
    /// score and line (`m` then `child_pv`); the others are marked as searched-and-worse.
    /// Returns the move when it is a new best move of the unfinished iteration, which is
    /// already better than the old one.
    pub fn update(
        &mut self,
        m: Move,
        score: i32,
        alpha: i32,
        move_count: usize,
        seldepth: usize,
        child_pv: &[Move],
    ) -> Option<&RootMove> {
        let i = self.moves.iter().position(|rm| rm.mv == m)?;
        if move_count == 1 || score > alpha {
            let mut pv = vec![m];
            pv.extend_from_slice(child_pv);
            let rm = &mut self.moves[i];
            rm.score = score;
            rm.seldepth = seldepth;
            rm.pv = pv;
            (self.pv_idx == 0 && move_count > 1 && score > alpha).then_some(&self.moves[i])
        } else {
            self.moves[i].score = -INFINITE;
            None
        }
    }
}

/// The longest legal prefix of `pv` from `root`; never empty when `fallback` is legal.
pub(crate) fn legal_prefix(root: &Position, pv: &[Move], fallback: Move) -> Vec<Move> {
    let mut pos = *root;
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.is_legal(m) {
            break;
        }
        out.push(m);
        pos = pos.play(m);
    }
    if out.is_empty() && root.is_legal(fallback) {
        out.push(fallback);
    }
    out
}
