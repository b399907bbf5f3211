//! The one route of a best move. Every `go` (UCI `go`, CECP's move, pondering and analysis)
//! gets a number and a [`BestMoveSink`], and its answer goes through that sink whoever found it:
//! the search's main thread (through `GuiReporter`, `report.rs`), or [`Engine::start_search`]
//! at once when the book has a move. The sink sends at most one answer, and every `go` sends
//! one (the search calls `Reporter::bestmove` once per start; a book move is sent at once), so
//! "a `go` ends in exactly one best move" is kept here.
//!
//! What happens to the answer depends on the protocol, each with one printer:
//! - UCI: the sink prints `bestmove` itself, on the thread that found the move, right after
//!   queueing the [`Event`] for the main loop. The GUI gets it without waiting for the main
//!   loop to be scheduled (which on a machine whose cores all search can be a time slice), and
//!   since the event is queued first, the main loop has it before any line the GUI sends in
//!   reply (`Session::run` takes events first).
//! - CECP: the sink only queues the event; the main loop hands the move to the dialog
//!   (`XboardDialog::best_move`), which plays it in its game before printing `move`, claims the
//!   result it may reach and may start pondering.
//!
//! A sink prints only while its search is the current one, judged under the output's lock
//! (`Output::send_if`): the engine moves on to a new number when it abandons a search, so a
//! GUI never sees the answer of a search it cancelled.
//!
//! [`Engine::start_search`]: crate::engine::Engine::start_search

use crate::notation;
use crate::output::Output;
use crossbeam_channel::Sender;
use outpost_board::Move;
use outpost_protocol::{Dialect, Reply};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The answer of a finished search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestMove {
    /// `Move::NONE` when the position has no legal move.
    pub best: Move,
    /// The reply the search expects, if it has one.
    pub ponder: Option<Move>,
}

/// What the search threads (and a book answer) tell the main loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Search number `id` finished with `answer`.
    BestMove { id: u64, answer: BestMove },
}

/// Where the answer of search number `id` goes.
pub struct BestMoveSink {
    id: u64,
    /// The number of the search the engine currently cares about.
    current: Arc<AtomicU64>,
    out: Arc<Output>,
    events: Sender<Event>,
    chess960: bool,
    /// Set by the first answer: a second one is dropped.
    answered: AtomicBool,
}

impl BestMoveSink {
    pub fn new(
        id: u64,
        current: Arc<AtomicU64>,
        out: Arc<Output>,
        events: Sender<Event>,
        chess960: bool,
    ) -> BestMoveSink {
        BestMoveSink {
            id,
            current,
            out,
            events,
            chess960,
            answered: AtomicBool::new(false),
        }
    }

    /// Whether this is still the search the engine cares about.
    pub fn is_current(&self) -> bool {
        self.current.load(Ordering::SeqCst) == self.id
    }

    /// Where this search's lines are printed.
    pub fn out(&self) -> &Output {
        &self.out
    }

    /// Prints `reply` if this search is still current when the output is ours.
    pub fn send_if_current(&self, reply: &Reply) {
        self.out.send_if(reply, || self.is_current());
    }

    /// `m` as the GUI writes moves in `dialect`.
    pub fn move_text(&self, dialect: Dialect, m: Move) -> String {
        match dialect {
            Dialect::Uci => notation::uci(m, self.chess960),
            Dialect::Xboard => notation::xboard(m, self.chess960),
        }
    }

    /// The search's answer (`best` is `Move::NONE` when the root has no legal move): queued
    /// for the main loop, then in UCI printed as `bestmove`.
    pub fn answer(&self, answer: BestMove) {
        if self.answered.swap(true, Ordering::SeqCst) {
            log::warn!("search {} answered twice; {answer:?} dropped", self.id);
            return;
        }
        let _ = self.events.send(Event::BestMove {
            id: self.id,
            answer,
        });
        if self.out.dialect() == Dialect::Uci {
            let text = |m: Move| self.move_text(Dialect::Uci, m);
            self.send_if_current(&Reply::BestMove {
                mv: text(answer.best),
                ponder: answer.ponder.filter(|p| !p.is_none()).map(text),
            });
        }
    }

    /// A move from the opening book as the answer, named in a note first.
    pub fn book(&self, m: Move) {
        let text = self.move_text(self.out.dialect(), m);
        self.send_if_current(&Reply::InfoString(format!("book move {text}")));
        self.answer(BestMove {
            best: m,
            ponder: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossbeam_channel::unbounded;
    use outpost_board::Position;
    use parking_lot::Mutex;
    use std::io::Write;

    /// An output whose lines the test reads back.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        fn lines(&self) -> Vec<String> {
            String::from_utf8_lossy(&self.0.lock())
                .lines()
                .map(str::to_string)
                .collect()
        }
    }

    fn mv(text: &str) -> Move {
        Position::startpos().parse_uci_move(text).unwrap()
    }

    /// A sink of search 7 (current unless `current` says otherwise), printing in `dialect`.
    fn sink_of(
        dialect: Dialect,
        current: u64,
    ) -> (BestMoveSink, Captured, crossbeam_channel::Receiver<Event>) {
        let captured = Captured::default();
        let out = Output::to(Box::new(captured.clone()));
        out.set_dialect(dialect);
        let (events, received) = unbounded();
        let sink = BestMoveSink::new(7, Arc::new(AtomicU64::new(current)), out, events, false);
        (sink, captured, received)
    }

    #[test]
    fn a_uci_answer_is_queued_then_printed_once() {
        let (sink, captured, events) = sink_of(Dialect::Uci, 7);
        let answer = BestMove {
            best: mv("e2e4"),
            ponder: Some(mv("g1f3")),
        };
        sink.answer(answer);
        sink.answer(BestMove {
            best: mv("d2d4"),
            ponder: None,
        });
        assert_eq!(captured.lines(), ["bestmove e2e4 ponder g1f3"]);
        assert_eq!(events.try_recv(), Ok(Event::BestMove { id: 7, answer }));
        assert!(events.try_recv().is_err(), "a second answer is dropped");
    }

    #[test]
    fn a_book_move_is_named_then_answered_in_either_protocol() {
        let (sink, captured, events) = sink_of(Dialect::Uci, 7);
        sink.book(mv("e2e4"));
        assert_eq!(
            captured.lines(),
            ["info string book move e2e4", "bestmove e2e4"]
        );
        let answer = BestMove {
            best: mv("e2e4"),
            ponder: None,
        };
        assert_eq!(events.try_recv(), Ok(Event::BestMove { id: 7, answer }));
        // CECP: the dialog prints the move once it has played it.
        let (sink, captured, events) = sink_of(Dialect::Xboard, 7);
        sink.book(mv("e2e4"));
        assert_eq!(captured.lines(), ["# book move e2e4"]);
        assert_eq!(events.try_recv(), Ok(Event::BestMove { id: 7, answer }));
    }

    #[test]
    fn an_abandoned_search_is_not_printed_but_still_queued() {
        let (sink, captured, events) = sink_of(Dialect::Uci, 8);
        sink.answer(BestMove {
            best: Move::NONE,
            ponder: None,
        });
        assert!(captured.lines().is_empty());
        // The engine drops it: its search is not the running one (`Engine::accept`).
        assert!(matches!(
            events.try_recv(),
            Ok(Event::BestMove { id: 7, .. })
        ));
    }
}
