//! The alpha-beta search: a principal variation search (null windows for every move after the
//! first) with the usual selectivity. The steps come in the order they happen, each with the
//! reason it is sound (or sound enough), and with its measured Elo where `docs/results/sprt.md`
//! records a match for it. Each step has a name in brackets, `Step [null move]`, by which the
//! other files (`params.rs`, `lmr.rs`, `qsearch.rs`) cite it: a new step is added here alone,
//! with a name of its own, and nothing is renumbered.

use crate::best_so_far::NodeBest;
use crate::history::PieceTo;
use crate::lmr::lmr;
use crate::movepicker::{MovePicker, Stage};
use crate::oracle::{tb_score, Wdl};
use crate::params::*;
use crate::score::*;
use crate::transposition::Bound;
use crate::worker::{Worker, STACK_OFFSET};
use outpost_board::{Move, MoveList};

/// `Step [table]` takes no cutoff from this half-move clock on: ten moves short of the
/// fifty-move rule a stored score may hide a draw by the rule within its line.
const TT_CUTOFF_MAX_CLOCK: u16 = 90;

/// `Step [tablebases]` stores a table's result this many plies deeper than the node: the result
/// is exact at any depth, so deeper searches of the position should take it from the table too.
const TB_STORE_DEPTH_BONUS: i32 = 6;

/// `Step [extensions]` extends only within this many times the iteration's depth from the root,
/// so that a line of checks and singular moves cannot grow the tree without end.
const EXTENSION_PLY_FACTOR: usize = 2;

impl Worker<'_> {
    /// The value of the position within `alpha..beta`, searched `depth` plies deep; `cut_node`
    /// when a fail high is expected (the parent searched it with a null window as a refutation).
    pub(crate) fn alpha_beta(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;

        // Step [horizon]: resolve captures with the quiescence search so that the
        // static evaluation is only trusted in quiet positions.
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.pv_len[ply] = ply;

        // Step [limits]: count the node and check stop, time and node limits.
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        let in_check = self.pos.in_check();

        if !root {
            // Step [draws]: draws and the maximum ply. Fifty moves are a draw unless the move that
            // reached the hundredth ply mated.
            if let Some(score) = self.draw_or_max_ply(ply, in_check) {
                return score;
            }

            // Step [mate distance]: no line from here can beat a mate already found
            // closer to the root, nor be worse than being mated right here.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        // Step [table]: outside PV nodes a deep enough stored bound that settles
        // the window is the answer. Near the fifty-move limit stored scores may be stale draws,
        // so they are not trusted there.
        // A singular-extension search (a move excluded) asks a different question of the same
        // position, so the stored answer is neither used nor replaced.
        let excluded = self.ss(ply).excluded;
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        let tt_move = if root {
            self.root.current().mv
        } else {
            hit.map_or(Move::NONE, |h| h.mv)
        };
        if let Some(h) = hit {
            if !pv_node
                && excluded.is_none()
                && h.depth >= depth
                && self.pos.halfmove_clock() < TT_CUTOFF_MAX_CLOCK
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                }
            {
                return h.score;
            }
        }

        // Step [tablebases]: an exact game-theoretic result, or a bound that settles the
        // window, ends the search of this node.
        let mut max_score = MATE;
        if !root && excluded.is_none() {
            if let Some(wdl) = self.probe_wdl(depth) {
                let score = tb_score(wdl, ply);
                let bound = match wdl {
                    Wdl::Win => Bound::Lower,
                    Wdl::Loss => Bound::Upper,
                    _ => Bound::Exact,
                };
                if bound == Bound::Exact
                    || (bound == Bound::Lower && score >= beta)
                    || (bound == Bound::Upper && score <= alpha)
                {
                    self.tt.store(
                        key,
                        Move::NONE,
                        score,
                        NO_SCORE,
                        (depth + TB_STORE_DEPTH_BONUS).min(MAX_DEPTH),
                        bound,
                        ply,
                    );
                    return score;
                }
                if pv_node {
                    if bound == Bound::Lower {
                        alpha = alpha.max(score);
                    } else {
                        max_score = score;
                    }
                }
            }
        }

        // Step [static eval]: the evaluation, corrected by what the correction history learned of
        // this pawn structure, these pieces and the line that led here, then refined by the
        // table's bound when it points the same way. The table keeps the evaluator's own score:
        // the correction keeps learning after it is stored (+20.3 +/- 11.8 Elo for the pawn
        // table, +10.6 +/- 7.8 for the other three, docs/results/sprt.md).
        let raw_eval = if in_check {
            NO_SCORE
        } else {
            match hit {
                Some(h) if h.eval != NO_SCORE => h.eval,
                _ => self.eval.evaluate(&self.pos),
            }
        };
        let prev = self.prev_moves(ply);
        let static_eval = if in_check {
            NO_SCORE
        } else {
            self.correction.corrected(&self.pos, prev, raw_eval)
        };
        let mut eval = static_eval;
        if let Some(h) = hit {
            if !in_check
                && !is_decisive(h.score)
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score > eval,
                    Bound::Upper => h.score < eval,
                }
            {
                eval = h.score;
            }
        }
        self.ss_mut(ply).static_eval = static_eval;
        // "Improving": better than two plies ago, so pruning can be less eager.
        let improving = !in_check && {
            let two = self.stack[ply + STACK_OFFSET - 2].static_eval;
            let four = self.stack[ply + STACK_OFFSET - 4].static_eval;
            if two != NO_SCORE {
                static_eval > two
            } else if four != NO_SCORE {
                static_eval > four
            } else {
                true
            }
        };
        // Killers are per ply of the current line; the children start fresh.
        self.ss_mut(ply + 1).killers = [Move::NONE; 2];

        if !pv_node && !in_check && excluded.is_none() {
            // Step [reverse futility]: far enough above beta at shallow depth that a
            // quiet move from the opponent is unlikely to bring the score back.
            if depth <= rfp_max_depth()
                && !is_decisive(eval)
                && eval - rfp_margin() * (depth - i32::from(improving)) >= beta
            {
                return eval;
            }

            // Step [null move]: if passing still leaves us above beta after a reduced
            // search, a real move will almost surely do too. Not with pawns and king only
            // (zugzwang), not twice in a row, and verified by a real search at high depth.
            if depth >= nmp_min_depth()
                && eval >= beta
                && static_eval >= beta
                && ply > 0
                && !self.stack[ply + STACK_OFFSET - 1].mv.is_none()
                && ply >= self.nmp_min_ply
                && !is_decisive(beta)
                && self.has_non_pawn_material()
            {
                let r = nmp_base()
                    + depth / nmp_depth_divisor()
                    + ((eval - beta) / nmp_eval_divisor()).min(nmp_eval_max());
                {
                    let ss = self.ss_mut(ply);
                    ss.mv = Move::NONE;
                    ss.piece_to = PieceTo::NONE;
                }
                let multi_extensions = self.ss(ply).multi_extensions;
                {
                    let child = self.ss_mut(ply + 1);
                    child.plies_from_null = 0;
                    child.multi_extensions = multi_extensions;
                }
                let undo = self.pos.make_null();
                self.tt.prefetch(self.pos.key());
                self.eval.push_null();
                self.keys.push(self.pos.key());
                let score = -self.alpha_beta(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.keys.pop();
                self.pos.unmake_null(&undo);
                self.eval.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    let score = if is_decisive(score) { beta } else { score };
                    if depth < nmp_verify_depth() || self.nmp_min_ply != 0 {
                        return score;
                    }
                    // Verification: search without null moves for our side near this depth,
                    // which catches the zugzwangs the material guard misses.
                    self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
                    let v = self.alpha_beta(beta - 1, beta, depth - r, ply, false);
                    self.nmp_min_ply = 0;
                    if self.stopped {
                        return 0;
                    }
                    if v >= beta {
                        return score;
                    }
                }
            }
        }

        // Step [iir], internal iterative reduction: with no hash move this node was never searched
        // well; a shallower search now is cheaper and fills the table for the next iteration.
        if depth >= iir_min_depth() && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }

        // Step [move loop].
        let counter = if prev[0].is_none() {
            Move::NONE
        } else {
            self.history.counter_move(prev[0])
        };
        let killers = self.ss(ply).killers;
        let mut picker = MovePicker::new(tt_move, killers, counter, prev);
        let mut node = NodeBest {
            score: -INFINITE,
            mv: Move::NONE,
            alpha,
        };
        let mut move_count = 0usize;
        let mut quiets_tried = MoveList::new();
        let alpha_orig = alpha;
        let non_pawn = self.has_non_pawn_material();

        while let Some(m) = picker.next(&self.pos, self.history) {
            if m == excluded || (root && !self.root.in_line(m)) {
                continue;
            }
            move_count += 1;
            let quiet = !self.pos.is_noisy(m);
            if root {
                self.report_currmove(m, move_count);
            }

            // Step [move pruning]: pruning of late moves, once a line that is not lost exists.
            // Quiet checks are exempt from late move pruning and futility pruning, since a mating
            // move is usually a quiet check in a position that looks hopeless to the static
            // evaluation; SEE pruning takes them too, as a check that hangs material is seldom
            // the mate.
            let gives_check = self.pos.gives_check(m);
            let hist = if quiet {
                let threats = picker.threats(&self.pos);
                self.history.quiet_score(&self.pos, m, prev, threats)
            } else {
                0
            };
            if !root && node.score > -TB_WIN_IN_MAX && non_pawn {
                if quiet {
                    // Late move pruning: after enough quiet tries at low depth the rest are
                    // very unlikely to matter.
                    let lmp_limit = (lmp_base() + depth * depth) / (2 - i32::from(improving));
                    if depth <= lmp_max_depth() && move_count as i32 > lmp_limit {
                        picker.skip_quiets();
                        if !gives_check {
                            continue;
                        }
                    }
                    let lmr_depth = (depth - 1 - lmr(depth, move_count)).max(0);
                    // History pruning: a quiet move that has failed again and again in this
                    // context is not worth even a reduced search near the leaves (with the
                    // continuation history 4 plies back: +10.8 +- 7.8 Elo, docs/results/sprt.md).
                    if lmr_depth <= hist_prune_max_depth() && hist < -hist_prune_margin() * depth {
                        continue;
                    }
                    // Futility pruning: a quiet move cannot lift a hopeless static score.
                    if !in_check
                        && !gives_check
                        && lmr_depth <= fp_max_depth()
                        && static_eval + fp_base() + fp_margin() * lmr_depth <= node.alpha
                    {
                        continue;
                    }
                    // SEE pruning of quiets that hang material.
                    if depth <= see_quiet_max_depth()
                        && !self.pos.see_ge(m, -see_quiet_margin() * depth)
                    {
                        continue;
                    }
                } else if depth <= see_noisy_max_depth()
                    && !gives_check
                    && !self.pos.see_ge(m, -see_noisy_margin() * depth)
                {
                    // SEE pruning of captures that lose too much (sacrifices with check are
                    // kept: they are how attacks on the king break through).
                    continue;
                }
            }

            // Step [extensions], limited by a ply guard so that forcing lines cannot explode
            // the tree. Singular: when every other move fails well below the table's score,
            // the table move is the only good one and earns a deeper look (singular extensions
            // with multi-cut and the negative extension: +41.4 +- 18.5 Elo,
            // docs/results/sprt.md). Outside PV nodes, alternatives that fail far below the
            // singular bound make the move more singular still: two plies, and three for a
            // quiet move far below it (Stockfish's double and triple extensions; +25.9 +- 9.4
            // Elo at 4+0.04, sprt.md row 44); the line's count of such extensions is capped so
            // that it cannot keep growing.
            // Checks are forcing and often tactical.
            let mut extension = 0;
            if ply < EXTENSION_PLY_FACTOR * self.root_depth as usize {
                if let Some(h) = hit.filter(|h| {
                    !root
                        && m == tt_move
                        && depth >= se_min_depth()
                        && excluded.is_none()
                        && h.depth >= depth - se_tt_depth_margin()
                        && h.bound != Bound::Upper
                        && !is_decisive(h.score)
                }) {
                    let singular_beta = h.score - se_beta_margin() * depth;
                    self.ss_mut(ply).excluded = m;
                    let score = self.alpha_beta(
                        singular_beta - 1,
                        singular_beta,
                        (depth - 1) / 2,
                        ply,
                        cut_node,
                    );
                    self.ss_mut(ply).excluded = Move::NONE;
                    if self.stopped {
                        return 0;
                    }
                    if score < singular_beta {
                        extension = 1;
                        if !pv_node && self.ss(ply).multi_extensions < se_multi_max() {
                            if score < singular_beta - se_triple_margin() && quiet {
                                extension = 3;
                            } else if score < singular_beta - se_double_margin() {
                                extension = 2;
                            }
                        }
                    } else if singular_beta >= beta {
                        // Multi-cut: another move also beats beta, so this node will fail
                        // high whichever move is tried.
                        return singular_beta;
                    } else if h.score >= beta {
                        // Not singular but expected to cut: a shallower look will do.
                        extension = -1;
                    }
                }
                if gives_check {
                    extension = extension.max(1);
                }
            }
            let new_depth = depth - 1 + extension;
            let was_special = m == killers[0] || m == killers[1] || m == counter;
            let late_noisy = picker.stage() == Stage::Done || picker.stage() == Stage::BadNoisy;

            let nodes_before = self.nodes;
            let multi_extensions = self.ss(ply).multi_extensions + i32::from(extension >= 2);
            self.ss_mut(ply + 1).multi_extensions = multi_extensions;
            let undo = self.make(m, ply);
            let mut score = -INFINITE;

            // Step [lmr], late move reductions: later moves are searched shallower with a null
            // window, and again at full depth only if they surprise.
            if depth >= lmr_min_depth()
                && move_count > 1 + usize::from(pv_node)
                && (quiet || late_noisy)
            {
                let mut r = lmr(depth, move_count);
                if quiet {
                    r += i32::from(!pv_node);
                    r += i32::from(!improving);
                    r += i32::from(cut_node);
                    r -= i32::from(was_special);
                    r -= i32::from(gives_check);
                    let most = lmr_history_max();
                    r -= (hist / lmr_history_divisor()).clamp(-most, most);
                } else {
                    r -= 1 + i32::from(gives_check);
                }
                let reduced = (new_depth - r).clamp(1, new_depth.max(1));
                score = -self.alpha_beta(-node.alpha - 1, -node.alpha, reduced, ply + 1, true);
                if score > node.alpha && reduced < new_depth {
                    score = -self.alpha_beta(
                        -node.alpha - 1,
                        -node.alpha,
                        new_depth,
                        ply + 1,
                        !cut_node,
                    );
                }
            } else if !pv_node || move_count > 1 {
                // Step [pvs], principal variation search: prove with a null window that the move
                // is no better than the best so far.
                score =
                    -self.alpha_beta(-node.alpha - 1, -node.alpha, new_depth, ply + 1, !cut_node);
            }
            if pv_node && (move_count == 1 || (score > node.alpha && (root || score < beta))) {
                score = -self.alpha_beta(-beta, -node.alpha, new_depth, ply + 1, false);
            }
            self.unmake(m, &undo);
            if self.stopped {
                return 0;
            }

            if root {
                self.root.spent(m, self.nodes - nodes_before);
                let child_pv = &self.pv[1][1..self.pv_len[1].max(1)];
                if let Some(new_best) =
                    self.root
                        .update(m, score, node.alpha, move_count, self.seldepth, child_pv)
                {
                    self.best_pv = new_best.pv.clone();
                    self.best_score = score;
                }
            }
            if self.raise_best(&mut node, m, score, beta, ply, pv_node) {
                break;
            }
            if quiet && m != node.mv {
                quiets_tried.push(m);
            }
        }
        let NodeBest {
            score: best_score,
            mv: best_move,
            alpha,
        } = node;

        // Step [no legal move]: mate or stalemate. With a move excluded the position has one,
        // so the singular search just failed low.
        if move_count == 0 {
            return if !excluded.is_none() {
                alpha
            } else if in_check {
                mated_in(ply)
            } else {
                DRAW
            };
        }

        // Step [history]: the quiet move that refuted this node becomes a killer, the
        // countermove of the previous move, and gains history; the quiets tried before it lose.
        if best_score >= beta && !best_move.is_none() && !self.pos.is_noisy(best_move) {
            let ss = self.ss_mut(ply);
            if ss.killers[0] != best_move {
                ss.killers[1] = ss.killers[0];
                ss.killers[0] = best_move;
            }
            let threats = picker.threats(&self.pos);
            self.history.update_quiets(
                &self.pos,
                best_move,
                quiets_tried.as_slice(),
                depth,
                prev,
                threats,
            );
        }

        let best_score = best_score.min(max_score);

        // Step [store]: the result. MultiPV lines after the first search a restricted root, so
        // their result is not the node's value.
        if !(root && self.root.pv_idx > 0) && excluded.is_none() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if pv_node && best_score > alpha_orig {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // Step [correction]: learn the static evaluation's error from a result that bounds it
            // from the far side: a fail high above it, a fail low below it, or an exact score. Not
            // after a noisy best move (its gain is tactics, not an error of the evaluation) nor in
            // check.
            if !in_check
                && !is_decisive(best_score)
                && (best_move.is_none() || !self.pos.is_noisy(best_move))
                && match bound {
                    Bound::Exact => true,
                    Bound::Lower => best_score > static_eval,
                    Bound::Upper => best_score < static_eval,
                }
            {
                self.correction
                    .update(&self.pos, prev, raw_eval, best_score, depth);
            }
            self.tt
                .store(key, best_move, best_score, raw_eval, depth, bound, ply);
        }
        best_score
    }
}
