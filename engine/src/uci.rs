//! The UCI dialog: `isready`, `ucinewgame`, `position`, `go`, `stop` and `ponderhit` (the
//! commands both dialects share are in [`crate::engine`]).
//!
//! Choices the UCI spec leaves open:
//! - `position` with a bad FEN keeps the previous position; with an illegal move it keeps the
//!   position reached before that move, and names the move in an `info string`. A GUI never
//!   sends either, so the point is to stay usable and say what happened.
//! - `go` before any `position` searches the start position.
//! - `go depth N` above the search's maximum depth is searched to that maximum (with a note);
//!   `searchmoves` that are not legal are named and left out.
//! - `stop` and `ponderhit` when no search runs are ignored, as the spec asks.

use crate::engine::{Engine, SearchKind};
use crate::game::Game;
use outpost_board::Position;
use outpost_protocol::{Command, Reply, StartPos};
use outpost_search::score::MAX_DEPTH;
use outpost_search::SearchLimits;

impl Engine {
    /// Carries out a UCI command.
    pub fn uci_command(&mut self, command: Command, line: &str) {
        match command {
            Command::IsReady => {
                // After `stop`, let the best move (milliseconds away) go out first, so a GUI
                // that syncs with `isready` sees it before `readyok`. A running search is not
                // waited for.
                if self.running.is_some_and(|r| r.stopping) {
                    self.search.wait();
                    self.drain_events();
                }
                self.out.send(&Reply::ReadyOk)
            }
            Command::NewGame => {
                self.finish_search();
                self.search.clear();
                self.game = Game::default();
            }
            Command::Position { start, moves } => self.set_position(start, &moves, line),
            Command::Go(params) => self.go(params, line),
            Command::Stop => {
                if let Some(run) = self.running.as_mut() {
                    run.stopping = true;
                    self.search.stop();
                }
            }
            Command::PonderHit => {
                if let Some(run) = self.running.as_mut() {
                    run.open_ended = false;
                    self.search.ponderhit();
                }
            }
            other => {
                log::warn!("unexpected command in UCI: {other:?}");
                self.out.error("not a UCI command", line);
            }
        }
    }

    fn set_position(&mut self, start: StartPos, moves: &[String], line: &str) {
        let start = match start {
            StartPos::Startpos => Position::startpos(),
            StartPos::Fen(fen) => match Position::from_fen(&fen) {
                Ok(pos) => pos,
                Err(e) => {
                    self.out.error(e.to_string(), line);
                    return;
                }
            },
        };
        let mut game = Game::new(start);
        for text in moves {
            if let Err(e) = game.push_uci(text) {
                self.out.send(&Reply::IllegalMove {
                    mv: outpost_protocol::text::excerpt(text),
                    reason: Some(format!(
                        "{e} in {}; position kept before it",
                        game.position().to_fen()
                    )),
                });
                break;
            }
        }
        self.game = game;
    }

    /// Resolves the text moves of `searchmoves` against the position (naming and leaving out
    /// those that are not legal), limits the depth to what the search can reach, and searches.
    fn go(&mut self, go: outpost_protocol::SearchLimits<String>, line: &str) {
        let pos = *self.game.position();
        let mut limits: SearchLimits = go.filter_map_moves(|text| {
            pos.parse_uci_move(&text)
                .map_err(|e| {
                    self.out.send(&Reply::IllegalMove {
                        mv: outpost_protocol::text::excerpt(&text),
                        reason: Some(format!("{e}; left out of searchmoves")),
                    })
                })
                .ok()
        });
        if let Some(d) = limits.depth {
            let limited = d.clamp(1, MAX_DEPTH);
            if limited != d {
                self.out.error(
                    format!("depth {d} is outside 1..{MAX_DEPTH}, using {limited}"),
                    line,
                );
            }
            limits.depth = Some(limited);
        }
        if !limits.infinite && !limits.ponder {
            let allowed = |m| limits.searchmoves.is_empty() || limits.searchmoves.contains(&m);
            if let Some(m) = self.book_move().filter(|&m| allowed(m)) {
                // A book move costs no time: answer at once, without searching.
                let text = crate::notation::uci(m, self.options.chess960);
                self.out.note(format!("book move {text}"));
                self.out.send(&Reply::BestMove {
                    mv: text,
                    ponder: None,
                });
                return;
            }
        }
        let history = self.game.history_keys();
        self.start_search(pos, history, limits, SearchKind::Uci);
    }
}
