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
//! - `ping N` while the engine thinks on its own move is answered after the move (and after a
//!   result claim that follows it), as the protocol asks; the lines after the ping are carried
//!   out meanwhile, so `?` still moves at once. When the move is abandoned instead (`force`,
//!   `new`, `setboard`...), the ping is answered then. While pondering or analysing no move is
//!   owed, and `pong` comes at once.
//!
//! The dialog drives the engine through the methods the UCI dialog uses; what its searches are
//! for ([`Purpose`]) and the CECP session state are its own.

use crate::engine::{BestMove, Engine};
use crate::notation;
use crate::options::{Key, HASH, SYZYGY_PATH, THREADS};
use crate::output::Output;
use outpost_board::{Color, GameEnd, Move, Position};
use outpost_protocol::{GameResult, OptionSetting, Reply, XbCommand};
use outpost_search::score::MAX_DEPTH;
use outpost_search::SearchLimits;
use std::sync::Arc;
use std::time::Instant;

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

/// What a CECP search is for, which decides what its best move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's move in the game.
    Think,
    /// Pondering on the position after the expected reply.
    Ponder(Move),
    /// `analyze`.
    Analyze,
}

/// The CECP side of a session.
pub struct XboardDialog {
    out: Arc<Output>,
    force: bool,
    /// The side the engine plays (when not in force mode).
    engine_side: Color,
    post: bool,
    ponder: bool,
    analyzing: bool,
    time_control: TimeControl,
    /// The engine's and the opponent's clocks from `time` and `otim`, in centiseconds.
    time_cs: Option<i64>,
    otim_cs: Option<i64>,
    depth: Option<u32>,
    /// What the engine's running search is for (`None`: no search of this dialog runs).
    search: Option<Purpose>,
    /// When the engine's last move search started (to estimate its clock when pondering).
    think_started: Option<Instant>,
    /// `ping`s received while the engine thinks on its own move, oldest first. The protocol
    /// asks for `pong N` only once every command before the ping is carried out, which for a
    /// `go` (or a move that made it the engine's turn) means once its move is sent; they are
    /// answered when that search ends ([`XboardDialog::answer_pings`]). Later commands are
    /// still carried out meanwhile, so `?`, `force` and `quit` keep working.
    pings: Vec<i64>,
}

impl XboardDialog {
    /// A dialog just after `xboard`.
    pub fn new(out: Arc<Output>) -> XboardDialog {
        XboardDialog {
            out,
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
            search: None,
            think_started: None,
            pings: Vec::new(),
        }
    }

    /// Carries out a CECP command: one line per command, grouped by what it concerns, each
    /// group's work in the methods below.
    pub fn command(&mut self, engine: &mut Engine, command: XbCommand, line: &str) {
        use XbCommand as X;
        match command {
            // The session with the GUI.
            X::Protover(n) => self.protover(engine, n),
            X::Accepted(_) => {}
            X::Rejected(feature) => log::info!("the GUI rejected feature {feature}"),
            X::Ping(n) => self.ping(n),
            // The game: its position, its moves, the side the engine plays.
            X::New => self.new_game(engine),
            X::Variant(name) => self.variant(engine, &name, line),
            X::SetBoard(fen) => self.set_board(engine, &fen, line),
            X::UserMove(text) => self.user_move(engine, &text),
            X::Undo => self.take_back(engine, 1, line),
            X::Remove => self.take_back(engine, 2, line),
            X::Force => self.enter_force_mode(engine),
            X::Go => self.go(engine),
            X::PlayOther => self.play_other(engine),
            X::White => self.engine_side = Color::Black,
            X::Black => self.engine_side = Color::White,
            X::MoveNow => self.move_now(engine),
            X::Result { result, comment } => self.game_over(engine, result, comment.as_deref()),
            // Clocks and limits.
            X::Level {
                moves_per_session,
                base_ms,
                increment_ms,
            } => self.level(moves_per_session, base_ms, increment_ms),
            X::St { ms } => self.time_control = TimeControl::PerMove { ms },
            X::Sd(depth) => self.set_depth(depth, line),
            X::Time(cs) => self.time_cs = Some(cs),
            X::Otim(cs) => self.otim_cs = Some(cs),
            X::Nps(_) => self.out.error("nps is not supported", line),
            // Thinking output, pondering and analysis.
            X::Post => self.post = true,
            X::NoPost => self.post = false,
            X::Hard => self.ponder = true,
            X::Easy => self.easy(engine),
            X::Analyze => self.enter_analysis(engine),
            X::ExitAnalyze => self.exit_analysis(engine),
            X::AnalyzeUpdate => {}
            // Engine options set by commands of their own.
            X::Memory(mb) => set_option(engine, HASH, mb.to_string(), line),
            X::Cores(n) => set_option(engine, THREADS, n.to_string(), line),
            X::EgtPath { kind, path } => self.egt_path(engine, &kind, path, line),
            // Nothing to do: offers, information about the opponent, unsupported modes.
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

    // The session with the GUI.

    /// `protover N`: the features (and options) of version 2 and later.
    fn protover(&self, engine: &Engine, version: u32) {
        if version >= 2 {
            self.out
                .send(&engine.handshake(outpost_protocol::Dialect::Xboard));
        }
    }

    /// `ping N`: `pong N` once everything before it is carried out. While the engine thinks on
    /// its own move, that is after the move; while pondering or analysing nothing before the
    /// ping is pending, so it is answered at once.
    fn ping(&mut self, n: i64) {
        if self.search == Some(Purpose::Think) {
            self.pings.push(n);
        } else {
            self.out.send(&Reply::Pong(n));
        }
    }

    // The game.

    /// `new`: the start position in standard chess, the engine playing black, no depth limit
    /// and no clock readings.
    fn new_game(&mut self, engine: &mut Engine) {
        self.abort_search(engine);
        engine.new_game();
        engine.set_chess960(false);
        self.force = false;
        self.engine_side = Color::Black;
        self.depth = None;
        self.time_cs = None;
        self.otim_cs = None;
        self.after_position_change(engine);
    }

    /// `variant NAME`: standard chess or Chess960; others are refused.
    fn variant(&self, engine: &mut Engine, name: &str, line: &str) {
        match name.trim() {
            "normal" => engine.set_chess960(false),
            "fischerandom" => engine.set_chess960(true),
            other => self
                .out
                .error(format!("unsupported variant '{other}'"), line),
        }
    }

    /// `setboard FEN`: a new game from the position; a bad FEN changes nothing.
    fn set_board(&mut self, engine: &mut Engine, fen: &str, line: &str) {
        if let Some(pos) = engine.position_from_fen(fen, line) {
            self.abort_search(engine);
            engine.set_position(pos);
            self.after_position_change(engine);
        }
    }

    /// The opponent's move (or, in force mode and analysis, any move to enter).
    fn user_move(&mut self, engine: &mut Engine, text: &str) {
        let parsed = notation::parse_xboard(engine.game().position(), text);
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
        if let Some(purpose) = self.search {
            match purpose {
                Purpose::Ponder(expected) if expected == m => {
                    // Pondering hit: the search already looks at the position after `m`.
                    engine.play(m);
                    self.search = Some(Purpose::Think);
                    engine.ponderhit();
                    return;
                }
                Purpose::Think => {
                    self.out.send(&Reply::IllegalMove {
                        mv: outpost_protocol::text::excerpt(text),
                        reason: Some("it is the engine's turn".into()),
                    });
                    return;
                }
                _ => self.abort_search(engine),
            }
        }
        engine.play(m);
        self.after_position_change(engine);
    }

    /// `undo` (one half-move) and `remove` (two): taken back, in a position the engine may
    /// then have to move or analyse.
    fn take_back(&mut self, engine: &mut Engine, plies: usize, line: &str) {
        self.abort_search(engine);
        for _ in 0..plies {
            if !engine.take_back() {
                self.out.error("no move to take back", line);
                break;
            }
        }
        self.after_position_change(engine);
    }

    /// `force`: the engine plays neither side; moves are only entered.
    fn enter_force_mode(&mut self, engine: &mut Engine) {
        self.abort_search(engine);
        self.force = true;
    }

    /// `go`: the engine plays the side to move, and moves now.
    fn go(&mut self, engine: &mut Engine) {
        self.abort_search(engine);
        self.force = false;
        self.engine_side = engine.game().position().side_to_move();
        self.think(engine);
    }

    /// `playother`: the engine plays the side not to move, and waits for its move.
    fn play_other(&mut self, engine: &mut Engine) {
        self.abort_search(engine);
        self.force = false;
        self.engine_side = !engine.game().position().side_to_move();
    }

    /// `?`: move now, when thinking on the engine's own move.
    fn move_now(&self, engine: &mut Engine) {
        if self.search == Some(Purpose::Think) {
            engine.stop();
        }
    }

    /// `result`: the game is over; the engine stops and waits in force mode.
    fn game_over(
        &mut self,
        engine: &mut Engine,
        result: Option<GameResult>,
        comment: Option<&str>,
    ) {
        let token = result.map_or(outpost_types::NO_RESULT, GameResult::token);
        log::info!("game over: {token} {comment:?}");
        self.abort_search(engine);
        self.force = true;
    }

    // Clocks and limits.

    /// `level MPS BASE INC`.
    fn level(&mut self, moves_per_session: u32, base_ms: u64, increment_ms: u64) {
        self.time_control = TimeControl::Level {
            moves_per_session,
            base_ms,
            increment_ms,
        };
    }

    /// `sd DEPTH`, limited to what the search can reach (with a note).
    fn set_depth(&mut self, depth: u32, line: &str) {
        let limited = depth.clamp(1, MAX_DEPTH as u32);
        if limited != depth {
            self.out.error(
                format!("depth {depth} is outside 1..{MAX_DEPTH}, using {limited}"),
                line,
            );
        }
        self.depth = Some(limited);
    }

    /// Search limits for the engine to move in `pos` under the current time control.
    fn limits(&self, pos: &Position, ponder: bool) -> SearchLimits {
        let mut limits = SearchLimits {
            depth: self.depth.map(|d| d as i32),
            ponder,
            ..SearchLimits::default()
        };
        match self.time_control {
            TimeControl::PerMove { ms } => limits.movetime = Some(ms as i64),
            TimeControl::Level {
                moves_per_session,
                base_ms,
                increment_ms,
            } => {
                let mine = self.time_cs.map_or(base_ms as i64, |cs| cs * 10);
                let theirs = self.otim_cs.map_or(mine, |cs| cs * 10);
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

    // Pondering and analysis.

    /// `easy`: no pondering from now on, and a pondering search is dropped.
    fn easy(&mut self, engine: &mut Engine) {
        self.ponder = false;
        if matches!(self.search, Some(Purpose::Ponder(_))) {
            self.abort_search(engine);
        }
    }

    /// `analyze`: analyse the position, and every position entered after it.
    fn enter_analysis(&mut self, engine: &mut Engine) {
        self.abort_search(engine);
        self.analyzing = true;
        self.analyze(engine);
    }

    /// `exit`: analysis ends.
    fn exit_analysis(&mut self, engine: &mut Engine) {
        self.abort_search(engine);
        self.analyzing = false;
    }

    // Options.

    /// `egtpath KIND PATH`: Syzygy tables, when this build has them; other kinds are refused.
    fn egt_path(&self, engine: &mut Engine, kind: &str, path: String, line: &str) {
        if kind.eq_ignore_ascii_case("syzygy") && cfg!(feature = "syzygy") {
            set_option(engine, SYZYGY_PATH, path, line);
        } else {
            self.out
                .error(format!("no support for '{kind}' tablebases"), line);
        }
    }

    // The dialog's searches and their moves.

    /// Abandons the running search of this dialog, if any, without acting on its result. The
    /// `ping`s that waited for its move are answered: the `go` before them is now carried out,
    /// as far as it ever will be.
    pub fn abort_search(&mut self, engine: &mut Engine) {
        self.search = None;
        engine.abort();
        self.answer_pings();
    }

    /// Sends the `pong`s of the `ping`s that waited for the engine's move, in the order the
    /// pings came.
    fn answer_pings(&mut self) {
        for n in self.pings.drain(..) {
            self.out.send(&Reply::Pong(n));
        }
    }

    /// After the position changed: analyse it, or move if it is the engine's turn.
    fn after_position_change(&mut self, engine: &mut Engine) {
        if self.analyzing {
            self.analyze(engine);
        } else if !self.force && self.engine_side == engine.game().position().side_to_move() {
            self.think(engine);
        }
    }

    /// Starts a search of this dialog; its reports are shown after `post` and in analysis.
    fn start_search(
        &mut self,
        engine: &mut Engine,
        position: Position,
        history: Vec<u64>,
        limits: SearchLimits,
        purpose: Purpose,
    ) {
        let show = self.post || purpose == Purpose::Analyze;
        engine.start_search(position, history, limits, show);
        self.search = Some(purpose);
    }

    fn analyze(&mut self, engine: &mut Engine) {
        let limits = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        let pos = *engine.game().position();
        let history = engine.game().history_keys();
        self.start_search(engine, pos, history, limits, Purpose::Analyze);
    }

    /// Starts the engine's move (a search, or the book's move: `Engine::start_search`), or
    /// claims the result if there is no move to make.
    fn think(&mut self, engine: &mut Engine) {
        if engine.game().position().legal_moves().is_empty() {
            if let Some(end) = engine.game().end() {
                self.claim(end);
            }
            return;
        }
        let limits = self.limits(engine.game().position(), false);
        let pos = *engine.game().position();
        let history = engine.game().history_keys();
        self.think_started = Some(Instant::now());
        self.start_search(engine, pos, history, limits, Purpose::Think);
    }

    /// The best move of this dialog's search: played if the search was the engine's move.
    pub fn best_move(&mut self, engine: &mut Engine, best: BestMove) {
        if self.search.take() == Some(Purpose::Think) {
            self.play(engine, best.best, best.ponder);
        }
        // Whatever the search was, it is over: no ping waits for it any more.
        self.answer_pings();
    }

    /// Claims the result of a game the rules have ended: `1-0 {White mates}`.
    fn claim(&self, end: GameEnd) {
        self.out.send(&Reply::GameOver {
            result: end.result(),
            comment: end.to_string(),
        });
    }

    /// Plays the engine's move `best`, claims the result if it ends the game, answers the
    /// `ping`s that waited for the move, and ponders on `ponder` if allowed.
    fn play(&mut self, engine: &mut Engine, best: Move, ponder: Option<Move>) {
        if best.is_none() {
            if let Some(end) = engine.game().end() {
                self.claim(end);
            }
            return;
        }
        let text = notation::xboard(best, engine.chess960());
        engine.play(best);
        self.out.send(&Reply::BestMove {
            mv: text,
            ponder: None,
        });
        if let Some(end) = engine.game().end() {
            self.claim(end);
            return;
        }
        // Before pondering starts: a ping that comes while pondering is answered at once, so
        // one that came before must not be answered after it.
        self.answer_pings();
        let legal = |p: &Move| engine.game().position().legal_moves().contains(*p);
        if let Some(p) = ponder.filter(|p| self.ponder && legal(p)) {
            let mut after = engine.game().clone();
            after.push(p);
            if after.end().is_none() {
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
                let history = after.history_keys();
                self.start_search(engine, pos, history, limits, Purpose::Ponder(p));
            }
        }
    }
}

/// Sets the option `key` to `value` for a CECP command that names it (`memory`, `cores`,
/// `egtpath`), as `option NAME=VALUE` would: the same checks and error replies.
fn set_option<K: Key>(engine: &mut Engine, key: K, value: String, line: &str) {
    let setting = OptionSetting {
        name: key.def().name.into(),
        value: Some(value),
    };
    engine.set_option(&setting, line);
}
