//! `Worker`: one search on one thread, and what it keeps along the current line.
//!
//! It borrows the shared transposition table, the job and the thread's own history tables and
//! evaluator; everything else it needs (stacks, PV table, root moves, the key history for
//! repetitions) it owns. This file holds its state and the moves along the line (making and
//! unmaking them, draws, the PV table, tablebase probes in the tree). The work is in the files
//! named after it: `iterate.rs` (iterative deepening and aspiration windows), `alphabeta.rs`
//! and `qsearch.rs` (the tree search), `clock.rs` (node counting and the limits), `info_lines.rs`
//! (what the GUI is told), with the root moves in `root.rs` and the final choice in `choose.rs`.

use crate::correction::Correction;
use crate::history::{Continuations, History, PieceTo};
use crate::oracle::{EndgameOracle, Wdl};
use crate::root::{RootMove, RootMoves, RootTables};
use crate::score::*;
use crate::shared::{Job, Shared, ThreadData};
use crate::transposition::TranspositionTable;
use outpost_board::{Move, PieceType, Position, FIFTY_MOVE_PLIES};
use outpost_eval::nnue::Changes;
use outpost_eval::Evaluator;

/// Plies of stack kept before the root so that `ply - 2` needs no bounds test.
pub(crate) const STACK_OFFSET: usize = 4;
pub(crate) const PV_LEN: usize = MAX_PLY + 2;

/// What each ply of the current line remembers.
#[derive(Clone, Copy)]
pub(crate) struct StackEntry {
    pub static_eval: i32,
    pub killers: [Move; 2],
    /// The move played from this ply (`NONE` for a null move).
    pub mv: Move,
    pub piece_to: PieceTo,
    /// Plies since the last null move: repetitions may not be looked for across one.
    pub plies_from_null: usize,
    /// The move a singular-extension search leaves out (`NONE` in a normal search).
    pub excluded: Move,
    /// How many moves of the line before this ply were extended by two plies or more (double
    /// and triple singular extensions): `Step [extensions]` gives no more than
    /// `se_multi_max`, so that the line cannot keep growing.
    pub multi_extensions: i32,
}

impl StackEntry {
    const EMPTY: StackEntry = StackEntry {
        static_eval: NO_SCORE,
        killers: [Move::NONE; 2],
        mv: Move::NONE,
        piece_to: PieceTo::NONE,
        plies_from_null: 0,
        excluded: Move::NONE,
        multi_extensions: 0,
    };
}

/// One search on one thread.
pub(crate) struct Worker<'a> {
    pub tt: &'a TranspositionTable,
    pub shared: &'a Shared,
    pub job: &'a Job,
    pub td: &'a ThreadData,
    pub history: &'a mut History,
    pub correction: &'a mut Correction,
    pub eval: &'a mut Evaluator,
    pub oracle: Option<&'a dyn EndgameOracle>,
    pub is_main: bool,
    /// Odd helpers search one ply deeper than the iteration count, so the threads spread over
    /// two depths and fill the table for each other (the usual Lazy SMP depth staggering).
    pub depth_offset: i32,
    pub pos: Position,
    /// Keys of the game before the root, then the root and the current line.
    pub keys: Vec<u64>,
    pub root_index: usize,
    pub stack: Vec<StackEntry>,
    pub pv: Vec<[Move; PV_LEN]>,
    pub pv_len: [usize; PV_LEN],
    pub root: RootMoves,
    pub root_depth: i32,
    pub completed_depth: i32,
    pub seldepth: usize,
    pub nodes: u64,
    pub tbhits: u64,
    /// Null-move verification: no null move for the side being verified below this ply.
    pub nmp_min_ply: usize,
    pub stopped: bool,
    /// Whether tablebases are probed inside the tree (off when the root was already ranked).
    pub probe_tb: bool,
    pub tb_limit: u32,
    /// The best line so far (last completed iteration, or a new best move of the running one).
    pub best_pv: Vec<Move>,
    pub best_score: i32,
    /// Node budget: `go nodes` and the strength handicap's, whichever is smaller.
    pub node_limit: Option<u64>,
    /// The node budget counts only once this depth is complete (a handicapped search always
    /// finishes depth 1, so it has lines to choose from).
    pub node_limit_after: i32,
    /// One thread counts nodes exactly; with helpers the sum is checked periodically.
    pub exact_nodes: bool,
    /// With a handicap: the lines of the last completed iteration, best first.
    pub skill_lines: Vec<RootMove>,
    /// First move of the last reported first line: when the move played differs (a new best
    /// move in an unfinished iteration), its line is reported before the answer.
    pub reported_best: Move,
    /// The lines of the last completed report, so a final report can restate the others.
    pub reported_lines: Vec<RootMove>,
}

impl<'a> Worker<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        tt: &'a TranspositionTable,
        shared: &'a Shared,
        job: &'a Job,
        td: &'a ThreadData,
        history: &'a mut History,
        correction: &'a mut Correction,
        eval: &'a mut Evaluator,
        thread_id: usize,
    ) -> Worker<'a> {
        let pos = job.position;
        // The evaluator follows the line from this root (a network's accumulators need it).
        eval.set_network(job.options.network.clone());
        eval.reset(&pos);
        let mut keys = Vec::with_capacity(job.history.len() + MAX_PLY + 8);
        keys.extend_from_slice(&job.history);
        let root_index = keys.len();
        keys.push(pos.key());
        let mut stack = vec![StackEntry::EMPTY; MAX_PLY + STACK_OFFSET + 4];
        // The game history counts for repetitions as far back as the fifty-move counter allows.
        stack[STACK_OFFSET].plies_from_null = usize::MAX / 2;
        Worker {
            tt,
            shared,
            job,
            td,
            history,
            correction,
            eval,
            oracle: job.oracle.as_deref(),
            is_main: thread_id == 0,
            depth_offset: (thread_id & 1) as i32,
            pos,
            keys,
            root_index,
            stack,
            pv: vec![[Move::NONE; PV_LEN]; PV_LEN],
            pv_len: [0; PV_LEN],
            root: RootMoves::default(),
            root_depth: 0,
            completed_depth: 0,
            seldepth: 0,
            nodes: 0,
            tbhits: 0,
            nmp_min_ply: 0,
            stopped: false,
            probe_tb: false,
            tb_limit: 0,
            best_pv: Vec::new(),
            best_score: -INFINITE,
            node_limit: match (job.limits.nodes, job.options.skill) {
                (Some(n), Some(s)) => Some(n.min(s.nodes())),
                (n, s) => n.or(s.map(|s| s.nodes())),
            },
            node_limit_after: i32::from(job.options.skill.is_some()),
            exact_nodes: job.threads.len() == 1 || job.options.skill.is_some(),
            skill_lines: Vec::new(),
            reported_best: Move::NONE,
            reported_lines: Vec::new(),
        }
    }

    /// Sets up the root moves (see `RootMoves::new`) and whether the tree probes the tables.
    pub(crate) fn setup_root(&mut self) {
        let tables = self.oracle.map(|oracle| RootTables {
            oracle,
            limit: oracle.max_pieces().min(self.job.options.tb_probe_limit),
        });
        if let Some(t) = &tables {
            self.tb_limit = t.limit;
            self.probe_tb = t.limit > 0;
        }
        let lines = match self.job.options.skill {
            Some(skill) => self.job.options.multipv.max(skill.lines()),
            None => self.job.options.multipv,
        };
        let (root, ranking) = RootMoves::new(
            &self.pos,
            &self.job.limits.searchmoves,
            tables,
            self.tt,
            lines,
        );
        self.tbhits += u64::from(ranking.probed);
        if ranking.ranked {
            // The ranking already decided; inside the tree the search looks for the fastest
            // way to realise it rather than seeing every line as "TB win".
            self.probe_tb = false;
        }
        self.root = root;
        if let Some(first) = self.root.moves.first() {
            self.best_pv = vec![first.mv];
        }
    }

    #[inline(always)]
    pub(crate) fn ss(&self, ply: usize) -> &StackEntry {
        &self.stack[ply + STACK_OFFSET]
    }

    /// The moves one, two and four plies before `ply` as continuation tables index them
    /// (`NONE` for a null move or before the root).
    #[inline(always)]
    pub(crate) fn prev_moves(&self, ply: usize) -> Continuations {
        [
            self.stack[ply + STACK_OFFSET - 1].piece_to,
            self.stack[ply + STACK_OFFSET - 2].piece_to,
            self.stack[ply + STACK_OFFSET - 4].piece_to,
        ]
    }

    #[inline(always)]
    pub(crate) fn ss_mut(&mut self, ply: usize) -> &mut StackEntry {
        &mut self.stack[ply + STACK_OFFSET]
    }

    // Making moves

    #[inline(always)]
    pub(crate) fn make(&mut self, m: Move, ply: usize) -> outpost_board::Undo {
        let piece_to = PieceTo::of(&self.pos, m);
        let from_null = self.ss(ply).plies_from_null;
        {
            let ss = self.ss_mut(ply);
            ss.mv = m;
            ss.piece_to = piece_to;
        }
        self.ss_mut(ply + 1).plies_from_null = from_null.saturating_add(1);
        let changes = Changes::of_move(&self.pos, m);
        let undo = self.pos.make_move(m);
        // The child's first step is the hash probe, whose load of the bucket took 13% of a
        // bench profile: it starts now and overlaps the accumulator update.
        self.tt.prefetch(self.pos.key());
        self.eval.push(&changes, &self.pos);
        self.keys.push(self.pos.key());
        undo
    }

    #[inline(always)]
    pub(crate) fn unmake(&mut self, m: Move, undo: &outpost_board::Undo) {
        self.keys.pop();
        self.pos.unmake_move(m, undo);
        self.eval.pop();
    }

    // Draws

    /// Repetition: a position seen before within the fifty-move window. A repetition of a
    /// position inside the search (the root included) counts at once, because the side that
    /// could avoid it would; one from the game before the root needs to be a third occurrence.
    #[inline]
    pub(crate) fn is_repetition(&self, ply: usize) -> bool {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let back = (self.pos.halfmove_clock() as usize)
            .min(self.ss(ply).plies_from_null)
            .min(n);
        let mut count = 0;
        let mut dist = 4;
        while dist <= back {
            let i = n - dist;
            if self.keys[i] == key {
                if i >= self.root_index {
                    return true;
                }
                count += 1;
                if count >= 2 {
                    return true;
                }
            }
            dist += 2;
        }
        false
    }

    /// Step [draws] of both searches: the score of a node that ends here, a draw by the rules,
    /// or the static evaluation at the maximum ply (a draw in check, where the evaluation would
    /// be read in a position that has to escape first).
    #[inline(always)]
    pub(crate) fn draw_or_max_ply(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if self.is_draw(ply) {
            return Some(DRAW);
        }
        if ply >= MAX_PLY - 1 {
            return Some(if in_check {
                DRAW
            } else {
                self.eval.evaluate(&self.pos)
            });
        }
        None
    }

    /// Draw by repetition, fifty moves (unless it is mate) or insufficient material.
    #[inline]
    pub(crate) fn is_draw(&self, ply: usize) -> bool {
        if self.pos.halfmove_clock() >= FIFTY_MOVE_PLIES
            && (!self.pos.in_check() || self.pos.has_legal_move())
        {
            return true;
        }
        self.is_repetition(ply) || self.pos.is_insufficient_material()
    }

    #[inline(always)]
    pub(crate) fn has_non_pawn_material(&self) -> bool {
        let us = self.pos.colored(self.pos.side_to_move());
        let pawns_and_king = self.pos.pieces(PieceType::Pawn) | self.pos.pieces(PieceType::King);
        (us & !pawns_and_king).any()
    }

    #[inline(always)]
    pub(crate) fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[ply] = m;
        row[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Tablebase probe inside the tree: only right after a capture or pawn move (when the
    /// fifty-move counter is zero, so the WDL result is exact) and deep enough to pay for it.
    #[inline]
    pub(crate) fn probe_wdl(&mut self, depth: i32) -> Option<Wdl> {
        let oracle = self.oracle?;
        if !self.probe_tb
            || self.pos.halfmove_clock() != 0
            || depth < self.job.options.tb_probe_depth
            || self.pos.castling_rights() != 0
            || self.pos.occupied().count() > self.tb_limit
        {
            return None;
        }
        let wdl = oracle.probe_wdl(&self.pos)?;
        self.tbhits += 1;
        Some(wdl)
    }
}
