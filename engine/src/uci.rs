//! The UCI dialog: `isready`, `ucinewgame`, `position`, `go`, `stop` and `ponderhit` (the
//! commands both dialects share are in [`crate::engine`]). It keeps no state of its own: the
//! game and the search are the engine's, and the `bestmove` that ends every `go`, a search's
//! or the book's, is printed by the search's sink (`best_move.rs`).
//!
//! Choices the UCI spec leaves open:
//! - With `UCI_Chess960` off, a FEN's castling right that only Chess960 has (the king off
//!   e1/e8, or the rook off its corner) is dropped with an `info string`: standard notation
//!   cannot write that castling (`Engine::position_from_fen`).
//! - `position` with a bad FEN keeps the previous position; with an illegal move it keeps the
//!   position reached before that move, and names the move in an `info string`. A GUI never
//!   sends either, so the point is to stay usable and say what happened.
//! - `go` before any `position` searches the start position.
//! - `go depth N` above the search's maximum depth is searched to that maximum (with a note);
//!   `searchmoves` that are not legal are named and left out.
//! - `stop` and `ponderhit` when no search runs are ignored, as the spec asks.

use crate::engine::Engine;
use crate::output::Output;
use outpost_board::Position;
use outpost_protocol::{Command, Reply, StartPos};
use outpost_search::score::MAX_DEPTH;
use outpost_search::SearchLimits;
use std::sync::Arc;

/// The UCI side of a session.
pub struct UciDialog {
    out: Arc<Output>,
}

impl UciDialog {
    pub fn new(out: Arc<Output>) -> UciDialog {
        UciDialog { out }
    }

    /// Carries out a UCI command.
    pub fn command(&mut self, engine: &mut Engine, command: Command, line: &str) {
        match command {
            Command::IsReady => {
                // After `stop`, let the best move (milliseconds away, printed by the search
                // thread) go out first, so a GUI that syncs with `isready` sees it before
                // `readyok`. A running search is not waited for.
                if engine.is_stopping() {
                    engine.wait();
                }
                self.out.send(&Reply::ReadyOk)
            }
            Command::NewGame => {
                self.finish_search(engine);
                engine.new_game();
            }
            Command::Position { start, moves } => self.set_position(engine, start, &moves, line),
            Command::Go(params) => self.go(engine, params, line),
            Command::Stop => engine.stop(),
            Command::PonderHit => engine.ponderhit(),
            other => {
                log::warn!("unexpected command in UCI: {other:?}");
                self.out.error("not a UCI command", line);
            }
        }
    }

    /// Stops a running search; its sink prints its `bestmove`, which ends every `go`
    /// (`best_move.rs`), before this returns.
    fn finish_search(&mut self, engine: &mut Engine) {
        engine.finish();
    }

    fn set_position(&mut self, engine: &mut Engine, start: StartPos, moves: &[String], line: &str) {
        let start = match start {
            StartPos::Startpos => Position::startpos(),
            StartPos::Fen(fen) => match engine.position_from_fen(&fen, line) {
                Some(pos) => pos,
                None => return,
            },
        };
        engine.set_position(start);
        for text in moves {
            if let Err(e) = engine.play_uci(text) {
                self.out.send(&Reply::IllegalMove {
                    mv: outpost_protocol::text::excerpt(text),
                    reason: Some(format!(
                        "{e} in {}; position kept before it",
                        engine.game().position().to_fen()
                    )),
                });
                break;
            }
        }
    }

    /// Resolves the text moves of `searchmoves` against the position (naming and leaving out
    /// those that are not legal), limits the depth to what the search can reach, and searches
    /// (or answers from the book, `Engine::start_search`).
    fn go(&mut self, engine: &mut Engine, go: outpost_protocol::SearchLimits<String>, line: &str) {
        let pos = *engine.game().position();
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
        // A search still running answers first: every `go` gets its `bestmove`.
        self.finish_search(engine);
        let history = engine.game().history_keys();
        engine.start_search(pos, history, limits, true);
    }
}
