//! The CECP (xboard protocol version 2) dialog: the engine's side of the state machine that
//! the protocol crate leaves to us — force mode, which side the engine plays, clocks and time
//! controls, analysis, pondering — and the moves and game-end claims it sends.
//!
//! Choices made here:
//! - After its own move ends the game by rule, the engine claims the result (`1-0 {White
//!   mates}`, `1/2-1/2 {Draw by repetition}`...). When it is asked to move in a position with no
//!   legal move it sends the result instead of a move.
//! - Pondering (`hard`): after its move the engine searches the position after the reply it
//!   expects; if that reply comes, the search goes on under the clock, otherwise it is dropped
//!   and a new search starts.
//! - In `fischerandom`, castling is sent as `O-O`/`O-O-O`; moves are read as coordinates (both
//!   castling notations), `O-O`/`O-O-O` or SAN.

use crate::engine::{Engine, SearchKind};
use crate::game::Game;
use crate::notation;
use outpost_board::{Color, Move, Position};
use outpost_protocol::{OptionSetting, Reply, XbCommand};
use outpost_search::score::MAX_DEPTH;
use outpost_search::SearchLimits;

/// How the GUI asked the engine to spend its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// `level MPS BASE INC`: MPS moves (0: the whole game) in BASE, plus INC per move.
    Level {
        moves_per_session: u32,
        base_ms: u64,
        increment_ms: u64,
    },
    /// `st SECONDS`: this long per move.
    PerMove { ms: u64 },
}

/// The CECP session state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XbState {
    pub force: bool,
    /// The side the engine plays (when not in force mode).
    pub engine_side: Color,
    pub post: bool,
    pub ponder: bool,
    pub analyzing: bool,
    pub time_control: TimeControl,
    /// The engine's and the opponent's clocks from `time` and `otim`, in centiseconds.
    pub time_cs: Option<i64>,
    pub otim_cs: Option<i64>,
    pub depth: Option<u32>,
}

impl Default for XbState {
    fn default() -> Self {
        XbState {
            force: false,
            engine_side: Color::Black,
            post: true,
            ponder: false,
            analyzing: false,
            time_control: TimeControl::Level {
                moves_per_session: 40,
                base_ms: 5 * 60_000,
                increment_ms: 0,
            },
            time_cs: None,
            otim_cs: None,
            depth: None,
        }
    }
}

impl Engine {
    /// Carries out a CECP command.
    pub fn xboard_command(&mut self, command: XbCommand, line: &str) {
        use XbCommand as X;
        match command {
            X::Protover(n) => {
                if n >= 2 {
                    self.out
                        .send(&self.handshake(outpost_protocol::Dialect::Xboard));
                }
            }
            X::Accepted(_) => {}
            X::Rejected(feature) => log::info!("the GUI rejected feature {feature}"),
            X::New => {
                self.abort_search();
                self.search.clear();
                self.game = Game::default();
                self.options.chess960 = false;
                let xb = &mut self.xb;
                xb.force = false;
                xb.engine_side = Color::Black;
                xb.depth = None;
                xb.time_cs = None;
                xb.otim_cs = None;
                self.after_position_change();
            }
            X::Variant(name) => match name.trim() {
                "normal" => self.options.chess960 = false,
                "fischerandom" => self.options.chess960 = true,
                other => self
                    .out
                    .error(format!("unsupported variant '{other}'"), line),
            },
            X::Force => {
                self.abort_search();
                self.xb.force = true;
            }
            X::Go => {
                self.abort_search();
                self.xb.force = false;
                self.xb.engine_side = self.game.position().side_to_move();
                self.think();
            }
            X::PlayOther => {
                self.abort_search();
                self.xb.force = false;
                self.xb.engine_side = !self.game.position().side_to_move();
            }
            X::White => self.xb.engine_side = Color::Black,
            X::Black => self.xb.engine_side = Color::White,
            X::UserMove(text) => self.user_move(&text),
            X::SetBoard(fen) => match Position::from_fen(&fen) {
                Ok(pos) => {
                    self.abort_search();
                    self.game = Game::new(pos);
                    self.after_position_change();
                }
                Err(e) => self.out.error(e.to_string(), line),
            },
            X::Undo => self.take_back(1, line),
            X::Remove => self.take_back(2, line),
            X::Level {
                moves_per_session,
                base_ms,
                increment_ms,
            } => {
                self.xb.time_control = TimeControl::Level {
                    moves_per_session,
                    base_ms,
                    increment_ms,
                }
            }
            X::St { ms } => self.xb.time_control = TimeControl::PerMove { ms },
            X::Sd(depth) => {
                let limited = depth.clamp(1, MAX_DEPTH as u32);
                if limited != depth {
                    self.out.error(
                        format!("depth {depth} is outside 1..{MAX_DEPTH}, using {limited}"),
                        line,
                    );
                }
                self.xb.depth = Some(limited);
            }
            X::Time(cs) => self.xb.time_cs = Some(cs),
            X::Otim(cs) => self.xb.otim_cs = Some(cs),
            X::Ping(n) => self.out.send(&Reply::Pong(n)),
            X::Post => self.xb.post = true,
            X::NoPost => self.xb.post = false,
            X::Hard => self.xb.ponder = true,
            X::Easy => {
                self.xb.ponder = false;
                if matches!(self.running, Some(r) if matches!(r.kind, SearchKind::Ponder(_))) {
                    self.abort_search();
                }
            }
            X::Analyze => {
                self.abort_search();
                self.xb.analyzing = true;
                self.analyze();
            }
            X::ExitAnalyze => {
                self.abort_search();
                self.xb.analyzing = false;
            }
            X::AnalyzeUpdate => {}
            X::MoveNow => {
                if matches!(self.running, Some(r) if r.kind == SearchKind::Think) {
                    self.search.stop();
                }
            }
            X::Result { result, comment } => {
                log::info!("game over: {} {comment:?}", result.as_str());
                self.abort_search();
                self.xb.force = true;
            }
            X::Memory(mb) => {
                let setting = OptionSetting {
                    name: "Hash".into(),
                    value: Some(mb.to_string()),
                };
                self.set_option(&setting, line);
            }
            X::Cores(n) => {
                let setting = OptionSetting {
                    name: "Threads".into(),
                    value: Some(n.to_string()),
                };
                self.set_option(&setting, line);
            }
            X::EgtPath { kind, path } => {
                if kind.eq_ignore_ascii_case("syzygy") && cfg!(feature = "syzygy") {
                    let setting = OptionSetting {
                        name: "SyzygyPath".into(),
                        value: Some(path),
                    };
                    self.set_option(&setting, line);
                } else {
                    self.out
                        .error(format!("no support for '{kind}' tablebases"), line);
                }
            }
            X::Nps(_) => self.out.error("nps is not supported", line),
            X::Draw
            | X::Hint
            | X::Bk
            | X::Computer
            | X::Name(_)
            | X::Rating { .. }
            | X::Ics(_)
            | X::Random
            | X::Pause
            | X::Resume => {}
        }
    }

    /// The opponent's move (or, in force mode and analysis, any move to enter).
    fn user_move(&mut self, text: &str) {
        let parsed = notation::parse_xboard(self.game.position(), text);
        let m = match parsed {
            Ok(m) => m,
            Err(_) => {
                self.out.send(&Reply::IllegalMove {
                    mv: outpost_protocol::text::excerpt(text),
                    reason: None,
                });
                return;
            }
        };
        if let Some(run) = self.running {
            match run.kind {
                SearchKind::Ponder(expected) if expected == m => {
                    // Pondering hit: the search already looks at the position after `m`.
                    self.game.push(m);
                    if let Some(r) = self.running.as_mut() {
                        r.kind = SearchKind::Think;
                        r.open_ended = false;
                    }
                    self.search.ponderhit();
                    return;
                }
                SearchKind::Think => {
                    self.out.send(&Reply::IllegalMove {
                        mv: outpost_protocol::text::excerpt(text),
                        reason: Some("it is the engine's turn".into()),
                    });
                    return;
                }
                _ => self.abort_search(),
            }
        }
        self.game.push(m);
        self.after_position_change();
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        self.abort_search();
        for _ in 0..plies {
            if !self.game.undo() {
                self.out.error("no move to take back", line);
                break;
            }
        }
        self.after_position_change();
    }

    /// After the position changed: analyse it, or move if it is the engine's turn.
    fn after_position_change(&mut self) {
        if self.xb.analyzing {
            self.analyze();
        } else if !self.xb.force && self.xb.engine_side == self.game.position().side_to_move() {
            self.think();
        }
    }

    fn analyze(&mut self) {
        let limits = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        let pos = *self.game.position();
        let history = self.game.history_keys();
        self.start_search(pos, history, limits, SearchKind::Analyze);
    }

    /// Starts the engine's move, or claims the result if there is no move to make.
    fn think(&mut self) {
        if self.game.position().legal_moves().is_empty() {
            if let Some(o) = self.game.outcome() {
                self.out.send(&Reply::GameOver {
                    result: o.result,
                    comment: o.reason.to_string(),
                });
            }
            return;
        }
        if let Some(m) = self.book_move() {
            self.out.note(format!(
                "book move {}",
                notation::xboard(m, self.options.chess960)
            ));
            self.xboard_best_move(SearchKind::Think, m, None);
            return;
        }
        let limits = self.limits(self.game.position(), false);
        let pos = *self.game.position();
        let history = self.game.history_keys();
        self.think_started = Some(std::time::Instant::now());
        self.start_search(pos, history, limits, SearchKind::Think);
    }

    /// Search limits for the engine to move in `pos` under the current time control.
    fn limits(&self, pos: &Position, ponder: bool) -> SearchLimits {
        let mut limits = SearchLimits {
            depth: self.xb.depth.map(|d| d as i32),
            ponder,
            ..SearchLimits::default()
        };
        match self.xb.time_control {
            TimeControl::PerMove { ms } => limits.movetime = Some(ms as i64),
            TimeControl::Level {
                moves_per_session,
                base_ms,
                increment_ms,
            } => {
                let mine = self.xb.time_cs.map_or(base_ms as i64, |cs| cs * 10);
                let theirs = self.xb.otim_cs.map_or(mine, |cs| cs * 10);
                let inc = Some(increment_ms as i64);
                let (w, b) = match pos.side_to_move() {
                    Color::White => (mine, theirs),
                    Color::Black => (theirs, mine),
                };
                limits.wtime = Some(w);
                limits.btime = Some(b);
                limits.winc = inc;
                limits.binc = inc;
                if moves_per_session > 0 {
                    let played = u32::from(pos.fullmove_number().max(1)) - 1;
                    limits.movestogo =
                        Some((moves_per_session - played % moves_per_session) as i32);
                }
            }
        }
        limits
    }

    /// The best move of a CECP search.
    pub fn xboard_best_move(&mut self, kind: SearchKind, best: Move, ponder: Option<Move>) {
        if kind != SearchKind::Think {
            return;
        }
        if best.is_none() {
            if let Some(o) = self.game.outcome() {
                self.out.send(&Reply::GameOver {
                    result: o.result,
                    comment: o.reason.to_string(),
                });
            }
            return;
        }
        let text = notation::xboard(best, self.options.chess960);
        self.game.push(best);
        self.out.send(&Reply::BestMove {
            mv: text,
            ponder: None,
        });
        if let Some(o) = self.game.outcome() {
            self.out.send(&Reply::GameOver {
                result: o.result,
                comment: o.reason.to_string(),
            });
            return;
        }
        let legal = |p: &Move| self.game.position().legal_moves().contains(*p);
        if let Some(p) = ponder.filter(|p| self.xb.ponder && legal(p)) {
            let mut after = self.game.clone();
            after.push(p);
            if after.outcome().is_none() {
                let mut limits = self.limits(after.position(), true);
                // The clock the GUI last sent was read before this move was searched.
                let spent = self
                    .think_started
                    .map_or(0, |t| t.elapsed().as_millis() as i64);
                match after.position().side_to_move() {
                    Color::White => limits.wtime = limits.wtime.map(|t| t - spent),
                    Color::Black => limits.btime = limits.btime.map(|t| t - spent),
                }
                let pos = *after.position();
                self.start_search(pos, after.history_keys(), limits, SearchKind::Ponder(p));
            }
        }
    }
}
