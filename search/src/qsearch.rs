//! The quiescence search: at the horizon, captures (and evasions in check) are searched until
//! the position is quiet, so the static evaluation is only trusted where no exchange is pending.

use crate::best_so_far::NodeBest;
use crate::history::PieceTo;
use crate::movepicker::MovePicker;
use crate::params::qs_delta_margin;
use crate::score::*;
use crate::transposition::Bound;
use crate::worker::Worker;
use outpost_board::Move;

impl Worker<'_> {
    /// The value of the position within `alpha..beta` once the captures are resolved. The steps
    /// are named in brackets (`Step [stand pat]`), as in `alphabeta.rs`.
    pub(crate) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);
        let in_check = self.pos.in_check();
        if let Some(score) = self.draw_or_max_ply(ply, in_check) {
            return score;
        }

        // Step [qs table]: the table, as in the main search; any depth will do here.
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            if !pv_node
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                }
            {
                return h.score;
            }
        }
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);

        // Step [stand pat]: out of check the side to move may decline every capture, so the
        // static evaluation is a lower bound. In check every evasion must be searched.
        // The evaluation is corrected as in the main search (step [static eval]); the table
        // keeps the raw one.
        let (raw_eval, static_eval, best_score) = if in_check {
            (NO_SCORE, NO_SCORE, -INFINITE)
        } else {
            let raw = match hit {
                Some(h) if h.eval != NO_SCORE => h.eval,
                _ => self.eval.evaluate(&self.pos),
            };
            let se = self
                .correction
                .corrected(&self.pos, self.prev_moves(ply), raw);
            let mut stand = se;
            if let Some(h) = hit {
                if !is_decisive(h.score)
                    && match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => h.score > se,
                        Bound::Upper => h.score < se,
                    }
                {
                    stand = h.score;
                }
            }
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            (raw, se, stand)
        };

        let mut picker = if in_check {
            MovePicker::new(tt_move, [Move::NONE; 2], Move::NONE, [PieceTo::NONE; 3])
        } else {
            MovePicker::new_qsearch(tt_move)
        };
        let mut node = NodeBest {
            score: best_score,
            mv: Move::NONE,
            alpha,
        };
        let mut move_count = 0;
        while let Some(m) = picker.next(&self.pos, self.history) {
            move_count += 1;
            if !in_check {
                // Step [delta pruning]: even winning the piece outright would not reach alpha.
                let gain = self
                    .pos
                    .captured_kind(m)
                    .map_or(0, |k| outpost_board::SEE_VALUES[k.index()]);
                if !m.is_promotion() && static_eval + gain + qs_delta_margin() <= node.alpha {
                    node.score = node.score.max(static_eval + gain + qs_delta_margin());
                    continue;
                }
                // The table move skipped the picker's exchange test.
                if m == tt_move && !self.pos.see_ge(m, 0) {
                    continue;
                }
            }
            let undo = self.make(m, ply);
            let score = -self.qsearch(-beta, -node.alpha, ply + 1);
            self.unmake(m, &undo);
            if self.stopped {
                return 0;
            }
            if self.raise_best(&mut node, m, score, beta, ply, pv_node) {
                break;
            }
        }
        let NodeBest {
            score: best_score,
            mv: best_move,
            ..
        } = node;
        if in_check && move_count == 0 {
            return mated_in(ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if pv_node && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, best_score, raw_eval, 0, bound, ply);
        best_score
    }
}
