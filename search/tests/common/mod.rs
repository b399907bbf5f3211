//! Helpers shared by the integration tests: a reporter that records everything, a small
//! deterministic random generator and random legal positions.

#![allow(dead_code)]

use outpost_board::{Move, Position, Rng};
use outpost_search::{
    CurrMove, Reporter, Score, SearchInfo, SearchLimits, SearchOptions, ThreadPool,
};
use parking_lot::Mutex;
use std::sync::Arc;

#[derive(Default)]
pub struct Collector {
    pub infos: Mutex<Vec<SearchInfo>>,
    pub best: Mutex<Vec<(Move, Option<Move>)>>,
}

impl Reporter for Collector {
    fn info(&self, info: &SearchInfo) {
        self.infos.lock().push(info.clone());
    }
    fn currmove(&self, _: &CurrMove) {}
    fn bestmove(&self, best: Move, ponder: Option<Move>) {
        self.best.lock().push((best, ponder));
    }
}

impl Collector {
    pub fn bestmove(&self) -> Option<(Move, Option<Move>)> {
        let b = self.best.lock();
        assert!(b.len() <= 1, "more than one bestmove: {:?}", *b);
        b.first().copied()
    }
    pub fn last_score(&self) -> Option<Score> {
        self.infos
            .lock()
            .iter()
            .rev()
            .find(|i| i.multipv == 1)
            .map(|i| i.score)
    }
}

/// Searches to completion and returns the collector.
pub fn run(
    search: &ThreadPool,
    pos: Position,
    history: Vec<u64>,
    limits: SearchLimits,
    options: SearchOptions,
) -> Arc<Collector> {
    let c = Arc::new(Collector::default());
    search.start(pos, history, limits, options, c.clone());
    search.wait();
    c
}

/// A position reached by up to `plies` random legal moves from the start or a few fixed
/// middlegame and endgame positions; never a finished game (one without legal moves is drawn
/// again).
pub fn random_position(rng: &mut Rng, plies: usize) -> Position {
    const STARTS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    loop {
        let mut pos = Position::from_fen(STARTS[rng.below(STARTS.len())]).unwrap();
        let n = rng.below(plies + 1);
        let mut ok = true;
        for _ in 0..n {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
        if ok && !pos.legal_moves().is_empty() {
            return pos;
        }
    }
}
