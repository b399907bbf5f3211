//! The engine: the game, the options, the search and what feeds it (book, network, tables),
//! and the life of one search at a time. Both dialogs ([`crate::uci`], [`crate::xboard`]) drive
//! it through the same methods: [`Engine::start_search`], [`Engine::stop`],
//! [`Engine::ponderhit`], [`Engine::finish`], [`Engine::abort`], [`Engine::set_option`]; the
//! commands both dialects share (`perft`, `bench`, `d`, `eval`) are carried out here too.
//!
//! The engine knows nothing of either dialog: every search's answer, the book's included,
//! goes out through the search's sink ([`crate::best_move`], which prints UCI's `bestmove`) and
//! comes back to the main loop as an event; [`Engine::accept`] hands it ([`BestMove`]) to
//! whoever asked ([`crate::session`] passes it to the dialog in use), and what else that move
//! means (play it in the game, ponder) is the dialog's business.

pub use crate::best_move::BestMove;
use crate::best_move::{BestMoveSink, Event};
use crate::errors::{DebugLogError, NetworkError, SettingError};
use crate::game::Game;
use crate::options::{Action, Options, BOOK_FILE, DEBUG_LOG_FILE, EVAL_FILE, HASH, THREADS};
use crate::options::{
    BOOK_BEST_MOVE, BOOK_DEPTH, CHESS960, MOVE_OVERHEAD, MULTIPV, OWN_BOOK, SHOW_WDL, SYZYGY_PATH,
    SYZYGY_PROBE_DEPTH, SYZYGY_PROBE_LIMIT,
};
use crate::output::Output;
use crate::report::GuiReporter;
use crossbeam_channel::{unbounded, Receiver, Sender};
use outpost_board::{CastleSide, Color, Move, Position, Square};
use outpost_eval::nnue::{self, Network};
use outpost_protocol::{Dialect, Features, Handshake, OptionSetting, Reply};
use outpost_search::{SearchError, SearchLimits, SearchOptions, Skill, ThreadPool};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub const NAME: &str = "Outpost";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub const AUTHOR: &str = "The Outpost developers";

/// The search in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Running {
    id: u64,
    /// `go infinite`, `go ponder` or analysis: the search waits for `stop` before it answers.
    open_ended: bool,
    /// `stop` was sent; the best move is on its way.
    stopping: bool,
}

pub struct Engine {
    out: Arc<Output>,
    search: ThreadPool,
    options: Options,
    /// The game the dialogs play or analyse; `d`, `eval`, `perft` and the book read its
    /// position. The dialogs change it through [`Engine::new_game`], [`Engine::set_position`],
    /// [`Engine::play`] and [`Engine::take_back`].
    game: Game,
    /// The opening book (`OwnBook`, `BookFile`...).
    book: outpost_book::BookPlayer,
    /// The network the search evaluates with: `EvalFile`'s, or the built-in one.
    network: Arc<Network>,
    /// Its name in messages: the file's path, or the built-in file's name.
    network_name: String,
    /// The Syzygy tables, when `SyzygyPath` found some.
    #[cfg(feature = "syzygy")]
    tables: Option<Arc<outpost_tablebase::Tablebases>>,
    running: Option<Running>,
    next_id: u64,
    /// The number of the search whose reports and best move still count.
    current: Arc<AtomicU64>,
    events_tx: Sender<Event>,
    events_rx: Receiver<Event>,
}

impl Engine {
    /// An engine with every option at its default, writing to `out`.
    pub fn new(out: Arc<Output>) -> Result<Engine, SearchError> {
        let options = Options::default();
        let search = ThreadPool::new(options.get(THREADS) as usize, options.get(HASH) as usize)?;
        let (events_tx, events_rx) = unbounded();
        Ok(Engine {
            out,
            search,
            options,
            game: Game::default(),
            book: outpost_book::BookPlayer::default(),
            network: nnue::embedded(),
            network_name: builtin_network_name(),
            #[cfg(feature = "syzygy")]
            tables: None,
            running: None,
            next_id: 0,
            current: Arc::new(AtomicU64::new(0)),
            events_tx,
            events_rx,
        })
    }

    /// Where everything the engine and the dialogs print goes.
    pub fn out(&self) -> &Arc<Output> {
        &self.out
    }

    /// The channel on which the search threads report; its events go to [`Engine::accept`].
    pub fn events(&self) -> Receiver<Event> {
        self.events_rx.clone()
    }

    /// Chess960 castling and notation (`UCI_Chess960`).
    pub fn chess960(&self) -> bool {
        self.options.get(CHESS960)
    }

    /// CECP `variant fischerandom` / `variant normal` / `new`.
    pub fn set_chess960(&mut self, on: bool) {
        self.options.set(CHESS960, on);
    }

    /// A position from a FEN the GUI sent (`position fen`, `setboard`, `perft ... fen`), or
    /// `None` after saying why it is refused. In standard chess a castling right that only
    /// Chess960 can have (the king off e1/e8, the rook off the corner) is dropped with a
    /// reply naming it: kept, it would be searched and printed as `e1g1`, which a
    /// standard-chess GUI reads as a king move.
    pub fn position_from_fen(&self, fen: &str, line: &str) -> Option<Position> {
        let mut pos = match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(e) => {
                self.out.error(e.to_string(), line);
                return None;
            }
        };
        if !self.chess960() {
            let hint = match self.out.dialect() {
                Dialect::Uci => "setoption name UCI_Chess960 value true",
                Dialect::Xboard => "variant fischerandom",
            };
            for (color, side, rook) in pos.drop_non_standard_castling() {
                let (letter, king_home, corner) = match (color, side) {
                    (Color::White, CastleSide::King) => ('K', Square::E1, Square::H1),
                    (Color::White, CastleSide::Queen) => ('Q', Square::E1, Square::A1),
                    (Color::Black, CastleSide::King) => ('k', Square::E8, Square::H8),
                    (Color::Black, CastleSide::Queen) => ('q', Square::E8, Square::A8),
                };
                let king = pos.king(color);
                self.out.error(
                    format!(
                        "castling right {letter} dropped: standard chess castles with the king \
                         on {king_home} and the rook on {corner}, here they are on {king} and \
                         {rook} (for Chess960: {hint})"
                    ),
                    line,
                );
            }
        }
        Some(pos)
    }

    /// The game the dialogs play or analyse.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// A new game from the start position, searched with an empty transposition table (UCI
    /// `ucinewgame`, CECP `new`). A search still running is abandoned: a dialog that wants its
    /// best move calls [`Engine::finish`] before.
    pub fn new_game(&mut self) {
        self.abort();
        self.search.clear();
        self.game = Game::default();
    }

    /// The game starts again from `start`, with no moves played (UCI `position`, CECP
    /// `setboard`).
    pub fn set_position(&mut self, start: Position) {
        self.game = Game::new(start);
    }

    /// Plays `m` in the game: a legal move of its position, or `Move::NONE` (a null move).
    pub fn play(&mut self, m: Move) {
        self.game.push(m);
    }

    /// Plays a move in UCI text (`e2e4`, castling in either notation, `0000`) in the game, or
    /// says why it cannot be played and leaves the game as it was.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, outpost_board::MoveError> {
        self.game.push_uci(text)
    }

    /// Takes back the game's last half-move; `false` when there is none.
    pub fn take_back(&mut self) -> bool {
        self.game.undo()
    }

    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// A search runs that waits for `stop` (or `ponderhit`) before it answers.
    pub fn is_open_ended(&self) -> bool {
        self.running.is_some_and(|r| r.open_ended)
    }

    /// A search was told to stop and its best move is on its way.
    pub fn is_stopping(&self) -> bool {
        self.running.is_some_and(|r| r.stopping)
    }

    /// Starts a search of `position` (with `history`, the keys before it) under `limits`;
    /// `show` prints its reports. A search still running is abandoned first: a dialog that
    /// wants its best move calls [`Engine::finish`] before. A search that must answer by
    /// itself (not `infinite`, not `ponder`) is answered from the book when `OwnBook` has a
    /// move for `position` among `searchmoves`: at once, without the search threads, through
    /// the same sink as a search's answer, so it ends like any search.
    pub fn start_search(
        &mut self,
        position: Position,
        history: Vec<u64>,
        limits: SearchLimits,
        show: bool,
    ) {
        self.abort();
        self.next_id += 1;
        let id = self.next_id;
        // No older search prints any more: `accept` waited for a finished one, `abort`
        // silenced an abandoned one.
        self.current.store(id, Ordering::SeqCst);
        let sink = BestMoveSink::new(
            id,
            Arc::clone(&self.current),
            Arc::clone(&self.out),
            self.events_tx.clone(),
            self.options.get(CHESS960),
        );
        let open_ended = limits.infinite || limits.ponder;
        self.running = Some(Running {
            id,
            open_ended,
            stopping: false,
        });
        if !open_ended {
            if let Some(m) = self.book_move(&position, &limits.searchmoves) {
                // A book move costs no time.
                sink.book(m);
                return;
            }
        }
        let reporter = Arc::new(GuiReporter {
            sink,
            show,
            show_wdl: self.options.get(SHOW_WDL),
            material: outpost_eval::wdl::material(&position),
            wdl_model: &outpost_eval::wdl::NETWORK,
            #[cfg(feature = "syzygy")]
            tables: self.tables.clone(),
        });
        let options = SearchOptions {
            multipv: self.options.get(MULTIPV) as usize,
            move_overhead_ms: self.options.get(MOVE_OVERHEAD),
            tb_probe_depth: self.options.get(SYZYGY_PROBE_DEPTH) as i32,
            tb_probe_limit: self.options.get(SYZYGY_PROBE_LIMIT) as u32,
            skill: crate::strength::rating(&self.options)
                .map(|elo| Skill::new(elo, skill_seed(id))),
            network: Arc::clone(&self.network),
        };
        log::debug!("search {id}: {limits:?}");
        self.search
            .start(position, history, limits, options, reporter);
    }

    /// Asks the running search to stop; its best move comes as an event.
    pub fn stop(&mut self) {
        if let Some(run) = self.running.as_mut() {
            run.stopping = true;
            self.search.stop();
        }
    }

    /// A handle that stops the running search from another thread (`Session::stop_shortcut`).
    pub fn stop_signal(&self) -> outpost_search::StopSignal {
        self.search.stop_signal()
    }

    /// The expected move was played: a pondering search goes on under the clock.
    pub fn ponderhit(&mut self) {
        if let Some(run) = self.running.as_mut() {
            run.open_ended = false;
            self.search.ponderhit();
        }
    }

    /// Stops the running search and returns its best move.
    pub fn finish(&mut self) -> Option<BestMove> {
        self.running?;
        self.stop();
        self.wait()
    }

    /// Abandons the running search without its result.
    pub fn abort(&mut self) {
        if let Some(r) = self.running.take() {
            // Under the output's lock: no line of this search is printed after this.
            self.out.locked(|| self.current.store(0, Ordering::SeqCst));
            log::debug!("abandoning search {}", r.id);
            self.search.stop();
            self.search.wait();
            // Its best move (and any older event) is stale now; drop it.
            while self.events_rx.try_recv().is_ok() {}
        }
    }

    /// Waits until the search threads are idle and returns the best move of the running
    /// search, if it finished.
    pub fn wait(&mut self) -> Option<BestMove> {
        self.search.wait();
        let mut best = None;
        while let Ok(event) = self.events_rx.try_recv() {
            best = self.accept(event).or(best);
        }
        best
    }

    /// An event from the search threads: the best move of the running search ends it and is
    /// returned; that of an abandoned search is dropped.
    pub fn accept(&mut self, event: Event) -> Option<BestMove> {
        let Event::BestMove { id, answer } = event;
        if self.running.is_none_or(|r| r.id != id) {
            log::debug!("dropping the best move of abandoned search {id}");
            return None;
        }
        // In UCI the sink prints `bestmove` just after sending this (`best_move.rs`), on the
        // search thread (a book move's, on this one, is out already): once that thread is
        // idle, the line is out, so "no search running" also means "its best move is printed"
        // (`isready` after a finished search answers after it). Its last steps take
        // microseconds; helpers still unwinding are not waited for.
        self.search.wait_main();
        self.running = None;
        Some(answer)
    }

    /// The answer to `uci` or `protover 2`.
    pub fn handshake(&self, dialect: Dialect) -> Reply {
        Reply::Handshake(Handshake {
            name: format!("{NAME} {VERSION}"),
            author: AUTHOR.to_string(),
            options: self.options.specs(dialect),
            features: Features {
                egt: if cfg!(feature = "syzygy") {
                    vec!["syzygy".to_string()]
                } else {
                    Vec::new()
                },
                ..Features::default()
            },
        })
    }

    /// `setoption` / CECP `option`, `memory`, `cores` and `egtpath`. What went wrong is sent
    /// to the GUI as an error about `line`.
    pub fn set_option(&mut self, setting: &OptionSetting, line: &str) {
        if let Err(e) = self.change_option(setting, line) {
            self.out.error(e.to_string(), line);
        }
    }

    fn change_option(&mut self, setting: &OptionSetting, line: &str) -> Result<(), SettingError> {
        let replaces_search_state = self
            .options
            .find(&setting.name)
            .is_some_and(|def| def.action.needs_idle_search());
        if replaces_search_state && self.running.is_some() {
            return Err(SettingError::Busy {
                name: setting.name.clone(),
            });
        }
        let applied = self.options.apply(setting)?;
        if let Some(note) = &applied.note {
            // Still an error for the GUI, though the option was set to the nearest value.
            self.out.error(note.to_string(), line);
        }
        let action = applied.def.action;
        if let Err(e) = self.act(action) {
            self.options.restore(applied);
            // Keep the stored values truthful: the search may have kept its table or threads,
            // and a book that fails to load leaves none.
            self.options.set(HASH, self.search.hash_mb() as i64);
            self.options.set(THREADS, self.search.threads() as i64);
            if action == Action::LoadBook {
                self.options.set(BOOK_FILE, String::new());
            }
            // The old log is closed before the new file is tried.
            if action == Action::OpenDebugLog {
                self.options.set(DEBUG_LOG_FILE, String::new());
            }
            return Err(e);
        }
        Ok(())
    }

    /// Carries out what setting an option does beyond storing its value.
    fn act(&mut self, action: Action) -> Result<(), SettingError> {
        match action {
            Action::None => {}
            Action::ResizeHash => self.search.resize_hash(self.options.get(HASH) as usize)?,
            Action::ClearHash => self.search.clear(),
            Action::SetThreads => {
                let threads = self.options.get(THREADS) as usize;
                self.search.set_threads(threads)?;
                self.warn_if_more_threads_than_cores(threads);
            }
            Action::LoadBook => {
                let message = self
                    .book
                    .set_file(self.options.get(BOOK_FILE))
                    .map_err(SettingError::Book)?;
                self.out.note(message);
            }
            Action::LoadTablebases => {
                let path = self.options.get(SYZYGY_PATH).to_string();
                self.load_tablebases(&path);
            }
            Action::RebuildOracle => self.install_oracle(),
            Action::LoadNetwork => {
                let path = self.options.get(EVAL_FILE).to_string();
                self.load_network(&path)?;
            }
            Action::ReportStrength => self.out.note(crate::strength::describe(&self.options)),
            Action::OpenDebugLog => self.open_debug_log()?,
            #[cfg(feature = "tune")]
            Action::SetSearchParam(name) => {
                // The table has clamped the value into the parameter's own `i32` range.
                if let Some(value) = self.options.spin_named(name) {
                    outpost_search::params::set(name, value as i32)?;
                }
            }
        }
        Ok(())
    }

    /// `d`: the board, and the evaluation of it, in its own units and as a search would report
    /// it.
    pub fn display(&self) {
        let pos = *self.game.position();
        let stm = outpost_eval::evaluate_position(&self.network, &pos);
        let white = |stm: i32| f64::from(stm * pos.side_to_move().sign()) / 100.0;
        let mut text = pos.pretty();
        text.push_str(&format!(
            "Evaluation (white side): {:+.2} (network {}), reported as {:+.2}\n",
            white(stm),
            self.network_name,
            white(self.reported_cp(&pos, stm))
        ));
        self.out.send(&Reply::Raw(text));
    }

    /// The centipawns a search's report would show for the side-to-move score `stm` at `pos`
    /// (`report::shown`: +100 is an even chance to win).
    fn reported_cp(&self, pos: &Position, stm: i32) -> i32 {
        match crate::report::shown(
            outpost_search::Score::Cp(stm),
            outpost_eval::wdl::material(pos),
            &outpost_eval::wdl::NETWORK,
        ) {
            outpost_search::Score::Cp(cp) => cp,
            // `shown` keeps a centipawn score in centipawns.
            outpost_search::Score::Mate(_) => stm,
        }
    }

    /// `eval`: the network's score of the position (what a search evaluates it at), and the
    /// same as a search reports it.
    pub fn eval_command(&self) {
        let pos = *self.game.position();
        let stm = outpost_eval::evaluate_position(&self.network, &pos);
        let white = stm * pos.side_to_move().sign();
        let text = format!(
            "Network: {}\n\
             Evaluation: {:+.2} (white side), {:+.2} (side to move), in the network's centipawns\n\
             As a search reports it (+1.00 = 50% to win at this material): {:+.2} (white side)\n",
            self.network_name,
            f64::from(white) / 100.0,
            f64::from(stm) / 100.0,
            f64::from(self.reported_cp(&pos, stm) * pos.side_to_move().sign()) / 100.0
        );
        self.out.send(&Reply::Raw(text));
    }

    /// `EvalFile`: the network in `path` is the one the search evaluates with from the next
    /// search on; an empty path means the built-in network. A file that cannot be used changes
    /// nothing.
    fn load_network(&mut self, path: &str) -> Result<(), NetworkError> {
        if path.is_empty() {
            self.network = nnue::embedded();
            self.network_name = builtin_network_name();
        } else {
            let net = Network::read_file(path).map_err(|error| NetworkError {
                path: path.to_string(),
                error,
                kept: self.network_name.clone(),
            })?;
            self.network = Arc::new(net);
            self.network_name = format!("{path} ({} bytes)", nnue::NET_SIZE);
        }
        self.out
            .note(format!("evaluation: network {}", self.network_name));
        Ok(())
    }

    /// `Debug Log File`: the log in use is closed and the file named is appended to from now
    /// on (empty: no log). The note goes to the new file, so its first line says what opened
    /// it.
    fn open_debug_log(&mut self) -> Result<(), DebugLogError> {
        let path = self.options.get(DEBUG_LOG_FILE);
        let closed = self.out.set_debug_log(path)?;
        if !path.is_empty() {
            self.out.note(format!(
                "Debug Log File: appending every line in (>>) and out (<<) to {path}"
            ));
        } else if let Some(closed) = closed {
            self.out
                .note(format!("Debug Log File: off, {closed} closed"));
        }
        Ok(())
    }

    /// Threads beyond what the machine runs at once only take turns on the cores: each searches
    /// slower and the search gets no stronger. A GUI's `cores` or a typo can ask for that, so
    /// the user is told (`info string` in UCI, a `#` comment in CECP), though it is allowed.
    fn warn_if_more_threads_than_cores(&self, threads: usize) {
        let Ok(cores) = std::thread::available_parallelism() else {
            return;
        };
        if threads > cores.get() {
            self.out.note(format!(
                "Threads {threads} is more than the {cores} threads this machine runs at once; \
                 the extra threads take turns on the cores, which makes the search no stronger"
            ));
        }
    }

    /// `SyzygyPath` / `egtpath syzygy DIR`.
    fn load_tablebases(&mut self, path: &str) {
        #[cfg(feature = "syzygy")]
        {
            let (tables, messages) = crate::syzygy::open(path);
            for m in messages {
                self.out.note(m);
            }
            self.tables = tables;
            self.install_oracle();
        }
        #[cfg(not(feature = "syzygy"))]
        self.out.error(
            "this build has no Syzygy support",
            format!("SyzygyPath {path}"),
        );
    }

    /// Hands the tables (with the current options) to the search.
    fn install_oracle(&mut self) {
        #[cfg(feature = "syzygy")]
        {
            let oracle = self.tables.as_ref().map(|tables| {
                Arc::new(crate::syzygy::Oracle {
                    tables: Arc::clone(tables),
                    fifty_move_rule: self.options.get(crate::options::SYZYGY_50_MOVE_RULE),
                }) as Arc<dyn outpost_search::EndgameOracle>
            });
            self.search.set_oracle(oracle);
        }
    }

    /// A move from the opening book for `position`, if the book options allow one and it is
    /// legal and among `allowed` (UCI `searchmoves`; empty: every move).
    fn book_move(&mut self, position: &Position, allowed: &[Move]) -> Option<Move> {
        self.book.enabled = self.options.get(OWN_BOOK);
        self.book.best_move = self.options.get(BOOK_BEST_MOVE);
        self.book.depth = self.options.get(BOOK_DEPTH) as u32;
        let m = self.book.probe(position)?;
        // Only ever play a legal move, whatever the file says.
        let legal = position.legal_moves().contains(m);
        (legal && (allowed.is_empty() || allowed.contains(&m))).then_some(m)
    }

    /// `perft N [stats] [fen F]`: counts from F, or from the current position; with `stats`,
    /// the leaf statistics by root move (`perft_stats.rs`) instead of the plain counts.
    pub fn perft(&mut self, depth: u32, fen: Option<&str>, stats: bool, line: &str) {
        if self.running.is_some() {
            self.out
                .error("cannot run perft while searching; stop first", line);
            return;
        }
        let pos = match fen {
            None => *self.game.position(),
            Some(fen) => match self.position_from_fen(fen, line) {
                Some(pos) => pos,
                None => return,
            },
        };
        let threads = self.options.get(THREADS) as usize;
        let chess960 = self.options.get(CHESS960);
        let report = if stats {
            crate::perft_stats::run(&pos, depth, threads, chess960)
        } else {
            let hash_mb = self.options.get(HASH) as usize;
            crate::perft::run(&pos, depth, threads, hash_mb, chess960)
        };
        match report {
            Ok(report) => {
                self.out.send(&Reply::Raw(report.text));
                self.out.note(report.summary);
            }
            Err(e) => self.out.error(e.to_string(), line),
        }
    }

    /// `bench [N]`.
    pub fn bench(&mut self, depth: Option<u32>) {
        if self.running.is_some() {
            self.out
                .error("cannot run bench while searching; stop first", "bench");
            return;
        }
        match crate::bench::run(depth, Arc::clone(&self.network)) {
            Ok(report) => self.out.send(&Reply::Raw(report.text)),
            Err(e) => self.out.error(e.to_string(), "bench"),
        }
    }
}

/// Seed of a handicapped search's choices: the clock makes games differ from run to run.
fn skill_seed(search_id: u64) -> u64 {
    outpost_board::Rng::from_clock(search_id).next_u64()
}

/// How messages name the built-in network.
fn builtin_network_name() -> String {
    format!("{} (built in)", nnue::EMBEDDED_NAME)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::def::Kind;
    use crate::options::{table, OptionDef};

    /// The line a UCI GUI must see for `def`, written out here by the UCI spec's grammar.
    fn uci_line(def: &OptionDef) -> String {
        let name = def.name;
        match def.kind {
            Kind::Check { default } => format!("option name {name} type check default {default}"),
            Kind::Spin { default, min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            Kind::Button => format!("option name {name} type button"),
            Kind::File { default } | Kind::Path { default } => {
                let default = if default.is_empty() {
                    "<empty>"
                } else {
                    default
                };
                format!("option name {name} type string default {default}")
            }
        }
    }

    /// The line a CECP GUI must see for `def`, written out here by the CECP spec's grammar.
    fn cecp_line(def: &OptionDef) -> String {
        let name = def.name.replace(' ', "");
        let body = match def.kind {
            Kind::Check { default } => format!("{name} -check {}", u8::from(default)),
            Kind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
            Kind::Button => format!("{name} -button"),
            Kind::File { default } => format!("{name} -file {default}"),
            Kind::Path { default } => format!("{name} -path {default}"),
        };
        format!("feature option=\"{}\"", body.trim_end())
    }

    fn advertised(engine: &Engine, dialect: Dialect, prefix: &str) -> Vec<String> {
        let lines = engine.handshake(dialect).lines(dialect);
        lines
            .into_iter()
            .filter(|l| l.starts_with(prefix))
            .collect()
    }

    #[test]
    fn both_advertisements_are_the_option_table() {
        let engine = Engine::new(Output::to(Box::new(std::io::sink()))).unwrap();
        let rows: Vec<OptionDef> = table::all().into_iter().filter(|d| d.available).collect();
        assert!(rows.len() >= 15, "{rows:?}");
        let uci: Vec<String> = rows.iter().map(uci_line).collect();
        assert_eq!(advertised(&engine, Dialect::Uci, "option "), uci);
        let cecp: Vec<String> = rows.iter().filter(|d| !d.uci_only).map(cecp_line).collect();
        assert_eq!(
            advertised(&engine, Dialect::Xboard, "feature option="),
            cecp
        );
        // Spot checks against what GUIs have always been shown.
        assert!(uci.contains(&"option name Hash type spin default 16 min 1 max 65536".into()));
        assert!(uci.contains(&"option name EvalFile type string default <empty>".into()));
        assert!(cecp.contains(&"feature option=\"ClearHash -button\"".into()));
        assert!(cecp.contains(&"feature option=\"EvalFile -file\"".into()));
        assert!(!cecp.iter().any(|l| l.contains("UCI_Chess960")));
    }

    #[test]
    fn option_errors_reach_the_gui_with_their_reason() {
        let mut engine = Engine::new(Output::to(Box::new(std::io::sink()))).unwrap();
        let setting = |name: &str, value: &str| OptionSetting {
            name: name.into(),
            value: Some(value.into()),
        };
        let refused = |engine: &mut Engine, name, value| {
            engine
                .change_option(&setting(name, value), "test")
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused(&mut engine, "Threads", "many"),
            "option 'Threads': 'many' is not an integer"
        );
        let missing = "/nonexistent/outpost-test.nnue";
        let text = refused(&mut engine, "EvalFile", missing);
        assert!(
            text.starts_with(&format!("EvalFile '{missing}': "))
                && text.ends_with(&format!(
                    "; keeping network {} (built in)",
                    outpost_eval::nnue::EMBEDDED_NAME
                )),
            "{text}"
        );
        assert_eq!(
            engine.options.get(EVAL_FILE),
            "",
            "a failed file is not kept"
        );
        let text = refused(&mut engine, "BookFile", missing);
        assert!(text.ends_with("; playing without a book"), "{text}");
        engine.start_search(
            Position::startpos(),
            Vec::new(),
            SearchLimits::default(),
            false,
        );
        assert_eq!(
            refused(&mut engine, "clear_hash", ""),
            "cannot change 'clear_hash' while searching; stop first"
        );
        // A value the search reads at its next start may change while one runs.
        engine
            .change_option(&setting("MultiPV", "3"), "test")
            .unwrap();
        assert!(engine.finish().is_some());
        assert_eq!(engine.options.get(MULTIPV), 3);
    }
}
