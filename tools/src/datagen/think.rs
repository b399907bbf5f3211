//! One search of one position with datagen's limits, and its verdict from white's view: what
//! both the players of a game (`play.rs`) and the balance check of an opening (`openings.rs`)
//! ask of the engine.

use super::config::Config;
use outpost_board::{Color, Move, Position};
use outpost_search::{Bound, CurrMove, Reporter, Score, SearchInfo, SearchOptions, ThreadPool};
use std::sync::{Arc, Mutex};

/// Scores beyond this (tablebase-like or near-mate) are not kept as text labels.
pub(super) const SCORE_LIMIT: i32 = outpost_datafile::SCORE_BOUND;

/// The last exact score and the best move of one search, in the search's own centipawns: the
/// labels are training targets and WDL-fit inputs, so they must not be the normalised numbers a
/// GUI is shown (that rescaling is the engine's reporter's, which datagen does not use).
#[derive(Default)]
struct Capture {
    last: Mutex<(Option<Score>, Move)>,
}

impl Reporter for Capture {
    fn info(&self, info: &SearchInfo) {
        if info.multipv == 1 && info.bound == Bound::Exact {
            if let Ok(mut last) = self.last.lock() {
                last.0 = Some(info.score);
            }
        }
    }
    fn currmove(&self, _: &CurrMove) {}
    fn bestmove(&self, best: Move, _: Option<Move>) {
        if let Ok(mut last) = self.last.lock() {
            last.1 = best;
        }
    }
}

/// A search's verdict from white's view: centipawns, or a mate (as a large number, flagged).
#[derive(Clone, Copy)]
pub(super) struct Verdict {
    pub(super) best: Move,
    pub(super) white_cp: i32,
    pub(super) mate: bool,
}

pub(super) fn think(
    search: &ThreadPool,
    pos: &Position,
    history: &[u64],
    config: &Config,
) -> Verdict {
    let capture = Arc::new(Capture::default());
    search.start(
        *pos,
        history.to_vec(),
        config.limits(),
        SearchOptions {
            network: Arc::clone(&config.network),
            ..SearchOptions::default()
        },
        capture.clone(),
    );
    search.wait();
    let (score, best) = capture
        .last
        .lock()
        .map(|l| *l)
        .unwrap_or((None, Move::NONE));
    let sign = match pos.side_to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    let (cp, mate) = match score {
        Some(Score::Cp(cp)) => (cp, cp.abs() >= SCORE_LIMIT),
        Some(Score::Mate(n)) => (if n > 0 { 30_000 } else { -30_000 }, true),
        None => (0, true),
    };
    Verdict {
        best,
        white_cp: cp * sign,
        mate,
    }
}
