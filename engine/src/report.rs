//! The bridge from the search threads to the GUI: a [`Reporter`] that prints each search report
//! as a UCI `info` line or a CECP thinking line, and hands the final best move to the main loop
//! as an [`Event`] (the main loop owns the game, which the best move may change).
//!
//! Every search gets a number. When the engine abandons a search (CECP `force`, `undo`, a
//! pondering miss...) it moves on to a new number, and reports from the old search are dropped,
//! so a GUI never sees output of a search it cancelled.

use crate::notation;
use crate::output::Output;
use crossbeam_channel::Sender;
use outpost_board::Move;
use outpost_protocol::{Bound, Dialect, Info, Reply, Score};
use outpost_search::{CurrMove, Reporter, ScoreBound, SearchInfo};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What the search threads tell the main loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Search number `id` finished with `best` (`Move::NONE`: no legal move).
    BestMove {
        id: u64,
        best: Move,
        ponder: Option<Move>,
    },
}

/// The reporter of one search.
pub struct GuiReporter {
    pub id: u64,
    /// The number of the search the engine currently cares about.
    pub current: Arc<AtomicU64>,
    pub out: Arc<Output>,
    pub events: Sender<Event>,
    pub chess960: bool,
    /// Print search reports (UCI always; CECP after `post` and in analysis).
    pub show: bool,
}

impl GuiReporter {
    fn live(&self) -> bool {
        self.show && self.current.load(Ordering::SeqCst) == self.id
    }

    fn move_text(&self, dialect: Dialect, m: Move) -> String {
        match dialect {
            Dialect::Uci => notation::uci(m, self.chess960),
            Dialect::Xboard => notation::xboard(m, self.chess960),
        }
    }
}

impl Reporter for GuiReporter {
    fn info(&self, i: &SearchInfo) {
        if !self.live() {
            return;
        }
        let dialect = self.out.dialect();
        let info = Info {
            depth: Some(i.depth.max(0) as u32),
            seldepth: Some(i.seldepth.max(0) as u32),
            multipv: Some(i.multipv as u32),
            score: Some(match i.score {
                outpost_search::Score::Cp(cp) => Score::Cp(cp),
                outpost_search::Score::Mate(m) => Score::Mate(m),
            }),
            bound: match i.bound {
                ScoreBound::Exact => None,
                ScoreBound::Lower => Some(Bound::Lower),
                ScoreBound::Upper => Some(Bound::Upper),
            },
            nodes: Some(i.nodes),
            nps: Some(i.nps),
            hashfull: Some(i.hashfull),
            tbhits: Some(i.tbhits),
            time_ms: Some(i.time_ms),
            pv: i.pv.iter().map(|&m| self.move_text(dialect, m)).collect(),
            ..Info::default()
        };
        self.out.send(&Reply::Info(info));
    }

    fn currmove(&self, c: &CurrMove) {
        // CECP has no line for this.
        if !self.live() || self.out.dialect() != Dialect::Uci {
            return;
        }
        let info = Info {
            depth: Some(c.depth.max(0) as u32),
            currmove: Some(self.move_text(Dialect::Uci, c.mv)),
            currmovenumber: Some(c.number as u32),
            ..Info::default()
        };
        self.out.send(&Reply::Info(info));
    }

    fn bestmove(&self, best: Move, ponder: Option<Move>) {
        let _ = self.events.send(Event::BestMove {
            id: self.id,
            best,
            ponder,
        });
    }
}
