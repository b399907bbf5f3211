//! The final move: which thread's line is played, the strength handicap's choice among the main
//! thread's lines (`UCI_LimitStrength`/`UCI_Elo`, see `skill.rs`), and the ponder move.
//!
//! The main thread's own line is played unless a helper completed a deeper iteration with a
//! better score (or, under `go depth N`, reached N). Under a handicap the main thread searched
//! alone, and the handicap may play one of its other lines.

use crate::root::{legal_prefix, RootMove};
use crate::score::INFINITE;
use crate::shared::{Job, ThreadResult};
use crate::transposition::TranspositionTable;
use outpost_board::{Move, Position};

/// What the main thread knows at the end of its search.
pub(crate) struct SearchEnd<'a> {
    /// Its last completed iteration (or a new best move of the unfinished one).
    pub own: ThreadResult,
    /// With a handicap: the lines of the last completed iteration, best first.
    pub skill_lines: &'a [RootMove],
    /// The first root move: played when no line is legal (it always is).
    pub fallback: Move,
    /// First move of the last line reported.
    pub reported_best: Move,
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    pub result: ThreadResult,
    /// The line played: the legal prefix of `result.pv`, never empty.
    pub pv: Vec<Move>,
    /// The line must be reported before the answer: it is not the last one shown (another
    /// thread's, the handicap's choice, or a new best move of the unfinished iteration).
    pub report: bool,
}

impl Choice {
    pub fn best_move(&self) -> Move {
        self.pv[0]
    }
}

/// Chooses the line to play once every thread has stopped publishing.
pub(crate) fn final_move(job: &Job, end: SearchEnd<'_>) -> Choice {
    let mut best = end.own;
    let mut report = false;
    if job.options.multipv == 1 {
        for td in job.threads.iter().skip(1) {
            let r = td.result.lock().clone();
            // A deeper iteration that also scores better wins; under `go depth N` a helper that
            // completed depth N (and so ended the search) wins over a shallower main thread.
            let reached_limit = job.limits.depth.is_some_and(|d| r.depth >= d);
            if r.depth > best.depth && (r.score > best.score || reached_limit) && !r.pv.is_empty() {
                best = r;
                report = true;
            }
        }
    }
    if let Some(skill) = job.options.skill {
        // At a root in the tables only the best-ranked lines (a prefix) are candidates: a
        // handicap may play a weaker move, never one that throws away the table's result.
        let top = end.skill_lines.first().map(|rm| rm.tb_rank);
        let lines: Vec<(Move, i32)> = end
            .skill_lines
            .iter()
            .take_while(|rm| Some(rm.tb_rank) == top)
            .map(|rm| (rm.mv, rm.score))
            .collect();
        // Index 0 keeps the search's own answer, which may be a better move found in the
        // unfinished iteration.
        let index = skill.pick(&lines);
        if let Some(chosen) = end.skill_lines.get(index).filter(|_| index > 0) {
            if chosen.mv != best.pv.first().copied().unwrap_or(Move::NONE) {
                best = ThreadResult {
                    depth: best.depth,
                    score: chosen.score,
                    pv: chosen.pv.clone(),
                };
                report = true;
            }
        }
    }
    let mut pv = legal_prefix(&job.position, &best.pv, end.fallback);
    if pv.is_empty() {
        pv.push(end.fallback);
    }
    let unreported = pv.first() != Some(&end.reported_best) && best.score > -INFINITE;
    Choice {
        result: best,
        pv,
        report: report || unreported,
    }
}

/// The move to ponder on: the line's second move, or the table's move in the position after the
/// best move.
pub(crate) fn ponder_move(tt: &TranspositionTable, root: &Position, pv: &[Move]) -> Option<Move> {
    if let Some(&m) = pv.get(1) {
        return Some(m);
    }
    let best = *pv.first()?;
    if !root.is_legal(best) {
        return None;
    }
    let next = root.play(best);
    let hit = tt.probe(next.key(), 1)?;
    next.is_legal(hit.mv).then_some(hit.mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::{SearchLimits, SearchOptions};
    use crate::reporter::NullReporter;
    use crate::shared::ThreadData;
    use crate::timeman::TimeManager;
    use std::sync::Arc;
    use std::time::Instant;

    fn mv(pos: &Position, uci: &str) -> Move {
        *pos.legal_moves()
            .iter()
            .find(|m| m.to_string() == uci)
            .expect("a legal move")
    }

    /// A job on the start position with `helpers` published results after the main thread's.
    fn job(limits: SearchLimits, helpers: &[ThreadResult]) -> Job {
        let mut threads = vec![Arc::new(ThreadData::default())];
        for r in helpers {
            let td = ThreadData::default();
            *td.result.lock() = r.clone();
            threads.push(Arc::new(td));
        }
        Job {
            position: Position::startpos(),
            history: Vec::new(),
            time: TimeManager::unlimited(),
            limits,
            options: SearchOptions::default(),
            reporter: Arc::new(NullReporter),
            oracle: None,
            threads,
            started: Instant::now(),
        }
    }

    fn end(own: ThreadResult, fallback: Move) -> SearchEnd<'static> {
        SearchEnd {
            reported_best: own.pv.first().copied().unwrap_or(Move::NONE),
            own,
            skill_lines: &[],
            fallback,
        }
    }

    #[test]
    fn a_deeper_and_better_helper_is_played_and_reported() {
        let pos = Position::startpos();
        let (e4, d4) = (mv(&pos, "e2e4"), mv(&pos, "d2d4"));
        let own = ThreadResult {
            depth: 8,
            score: 20,
            pv: vec![e4],
        };
        let helper = ThreadResult {
            depth: 9,
            score: 30,
            pv: vec![d4],
        };
        let job = job(SearchLimits::default(), std::slice::from_ref(&helper));
        let choice = final_move(&job, end(own, e4));
        assert_eq!(choice.result, helper);
        assert_eq!(choice.best_move(), d4);
        assert!(choice.report, "the GUI last saw e2e4");
    }

    #[test]
    fn a_deeper_but_worse_helper_is_not_played_unless_it_reached_the_depth_limit() {
        let pos = Position::startpos();
        let (e4, d4) = (mv(&pos, "e2e4"), mv(&pos, "d2d4"));
        let own = ThreadResult {
            depth: 8,
            score: 20,
            pv: vec![e4],
        };
        let helper = ThreadResult {
            depth: 9,
            score: 10,
            pv: vec![d4],
        };
        let free = job(SearchLimits::default(), std::slice::from_ref(&helper));
        let choice = final_move(&free, end(own.clone(), e4));
        assert_eq!((choice.best_move(), choice.report), (e4, false));
        let limited = job(SearchLimits::depth(9), &[helper]);
        let choice = final_move(&limited, end(own, e4));
        assert_eq!((choice.best_move(), choice.report), (d4, true));
    }

    #[test]
    fn an_illegal_line_is_cut_to_its_legal_prefix_or_the_fallback() {
        let pos = Position::startpos();
        let (e4, e5, nf3) = (
            mv(&pos, "e2e4"),
            mv(&pos.play(mv(&pos, "e2e4")), "e7e5"),
            mv(&pos, "g1f3"),
        );
        // e2e4 e7e5 e7e5: the third move is illegal (no pawn on e7 any more).
        let own = ThreadResult {
            depth: 5,
            score: 0,
            pv: vec![e4, e5, e5],
        };
        let job = job(SearchLimits::default(), &[]);
        let choice = final_move(&job, end(own, nf3));
        assert_eq!(choice.pv, vec![e4, e5]);
        let none = ThreadResult {
            depth: 5,
            score: 0,
            pv: vec![e5],
        };
        let choice = final_move(&job, end(none, nf3));
        assert_eq!(choice.pv, vec![nf3]);
    }
}
