//! The engine's state and its main loop: the game, the options, the search and the dialect,
//! and the dispatch of each input line to the UCI or CECP handlers ([`crate::uci`],
//! [`crate::xboard`]) or to the commands both dialects share (options, `perft`, `bench`, `d`,
//! `eval`, `quit`).
//!
//! Only this thread changes state. The main loop waits on two channels: input lines from the
//! reader thread and best moves from the search threads, so it stays free to answer `isready`,
//! `ping`, `stop` and `ponderhit` while a search runs. Every command except a search is carried
//! out before the next line is read, which is what makes `readyok` and `pong` mean "everything
//! before me has taken effect".

use crate::game::Game;
use crate::input::Input;
use crate::options::{self, Effect, Options};
use crate::output::Output;
use crate::report::{Event, GuiReporter};
use crate::xboard::XbState;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use outpost_board::{Move, Position};
use outpost_eval::nnue::Network;
use outpost_protocol::{Command, Dialect, Features, Handshake, OptionSetting, OptionSpec, Reply};
use outpost_search::{Search, SearchLimits, SearchOptions, Skill};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub const NAME: &str = "Outpost";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub const AUTHOR: &str = "The Outpost developers";

/// What a running search is for, which decides what its best move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchKind {
    /// UCI `go`: print `bestmove`.
    Uci,
    /// CECP: the engine's move in the game.
    Think,
    /// CECP: pondering on the position after the expected reply.
    Ponder(Move),
    /// CECP `analyze`.
    Analyze,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running {
    pub id: u64,
    pub kind: SearchKind,
    /// `go infinite`, `go ponder` or analysis: the search waits for `stop` before it answers.
    pub open_ended: bool,
    /// `stop` was sent; the best move is on its way.
    pub stopping: bool,
}

/// Whether to keep reading input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub struct Engine {
    pub out: Arc<Output>,
    pub search: Search,
    pub options: Options,
    pub game: Game,
    pub debug: bool,
    pub running: Option<Running>,
    pub xb: XbState,
    /// The opening book (`OwnBook`, `BookFile`...).
    pub book: outpost_book::BookPlayer,
    /// The network to evaluate with (`EvalFile`); `None`: the hand-crafted evaluation.
    pub network: Option<Arc<Network>>,
    /// The Syzygy tables, when `SyzygyPath` found some.
    #[cfg(feature = "syzygy")]
    pub tables: Option<Arc<outpost_tablebase::Tablebases>>,
    /// When the engine's last CECP move search started (to estimate its clock when pondering).
    pub think_started: Option<std::time::Instant>,
    next_id: u64,
    current: Arc<AtomicU64>,
    events_tx: Sender<Event>,
    events_rx: Receiver<Event>,
}

impl Engine {
    pub fn new(out: Arc<Output>) -> Result<Engine, String> {
        let options = Options::default();
        let search = Search::new(options.threads, options.hash_mb).map_err(|e| e.to_string())?;
        let (events_tx, events_rx) = unbounded();
        Ok(Engine {
            out,
            search,
            options,
            game: Game::default(),
            debug: false,
            running: None,
            xb: XbState::default(),
            book: outpost_book::BookPlayer::default(),
            #[cfg(feature = "syzygy")]
            network: None,
            tables: None,
            think_started: None,
            next_id: 0,
            current: Arc::new(AtomicU64::new(0)),
            events_tx,
            events_rx,
        })
    }

    /// Reads commands until `quit` or the end of input, then lets a running search finish.
    pub fn run(&mut self, lines: Receiver<Input>) {
        loop {
            select! {
                recv(lines) -> input => match input {
                    Ok(Input::Line(line)) => {
                        if self.handle_line(&line) == Flow::Quit {
                            self.quit();
                            return;
                        }
                    }
                    Ok(Input::Eof) | Err(_) => break,
                },
                recv(self.events_rx) -> event => {
                    if let Ok(event) = event {
                        self.handle_event(event);
                    }
                }
            }
        }
        self.end_of_input();
    }

    /// End of input (or of the command-line arguments): a search with a limit runs to its end
    /// and prints its move, so `echo "go depth 10" | outpost` works; a search that would wait
    /// for `stop` forever (infinite, ponder, analysis) is stopped.
    pub fn end_of_input(&mut self) {
        if self.running.is_some_and(|r| r.open_ended) {
            self.search.stop();
        }
        self.settle();
    }

    /// `quit`: stop at once.
    fn quit(&mut self) {
        if self.running.is_some() {
            self.search.stop();
        }
        self.settle();
    }

    /// Waits for a search with a limit to finish and handles its best move (command-line mode
    /// runs its arguments one after the other this way). Open-ended searches are left running.
    pub fn wait_for_limited_search(&mut self) {
        if self.running.is_some_and(|r| !r.open_ended) {
            self.settle();
        }
    }

    /// Waits until the search threads are idle and handles the events they left, repeating if
    /// handling them started another search with a limit.
    fn settle(&mut self) {
        loop {
            self.search.wait();
            self.drain_events();
            match self.running {
                Some(r) if r.open_ended => {
                    self.search.stop();
                }
                Some(_) => {}
                None => return,
            }
        }
    }

    pub fn drain_events(&mut self) {
        while let Ok(event) = self.events_rx.try_recv() {
            self.handle_event(event);
        }
    }

    /// Stops a running search and handles its best move as usual (UCI prints `bestmove`).
    pub fn finish_search(&mut self) {
        if self.running.is_some() {
            self.search.stop();
            self.search.wait();
            self.drain_events();
        }
    }

    /// Abandons a running search without acting on its result (CECP).
    pub fn abort_search(&mut self) {
        if let Some(r) = self.running.take() {
            self.current.store(0, Ordering::SeqCst);
            log::debug!("abandoning search {}", r.id);
            self.search.stop();
            self.search.wait();
            // Its best move (and any older event) is stale now; drop it.
            while self.events_rx.try_recv().is_ok() {}
        }
    }

    /// Starts a search of `position` (with `history`, the keys before it) for `kind`.
    pub fn start_search(
        &mut self,
        position: Position,
        history: Vec<u64>,
        limits: SearchLimits,
        kind: SearchKind,
    ) {
        if self.running.is_some() {
            self.finish_search();
        }
        self.next_id += 1;
        let id = self.next_id;
        self.current.store(id, Ordering::SeqCst);
        let show = match self.out.dialect() {
            Dialect::Uci => true,
            Dialect::Xboard => self.xb.post || kind == SearchKind::Analyze,
        };
        let reporter = Arc::new(GuiReporter {
            id,
            current: Arc::clone(&self.current),
            out: Arc::clone(&self.out),
            events: self.events_tx.clone(),
            chess960: self.options.chess960,
            show,
            show_wdl: self.options.show_wdl,
            material: outpost_eval::wdl::material(&position),
            #[cfg(feature = "syzygy")]
            tables: self.tables.clone(),
        });
        let options = SearchOptions {
            multipv: self.options.multipv,
            move_overhead_ms: self.options.move_overhead_ms,
            chess960: self.options.chess960,
            tb_probe_depth: self.options.syzygy_probe_depth,
            tb_probe_limit: self.options.syzygy_probe_limit,
            skill: self
                .options
                .limit_strength
                .then(|| Skill::new(self.options.elo, skill_seed(id))),
            network: self.network.clone(),
        };
        let open_ended = limits.infinite || limits.ponder;
        log::debug!("search {id} ({kind:?}): {limits:?}");
        self.search
            .start(position, history, limits, options, reporter);
        self.running = Some(Running {
            id,
            kind,
            open_ended,
            stopping: false,
        });
    }

    fn handle_event(&mut self, event: Event) {
        let Event::BestMove { id, best, ponder } = event;
        let Some(run) = self.running.filter(|r| r.id == id) else {
            log::debug!("dropping the best move of abandoned search {id}");
            return;
        };
        self.running = None;
        match run.kind {
            SearchKind::Uci => {
                let chess960 = self.options.chess960;
                let text = |m: Move| crate::notation::uci(m, chess960);
                self.out.send(&Reply::BestMove {
                    mv: text(best),
                    ponder: ponder.filter(|p| !p.is_none()).map(text),
                });
            }
            kind => self.xboard_best_move(kind, best, ponder),
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("< {line}");
        let parsed = outpost_protocol::parse(self.out.dialect(), line);
        for warning in &parsed.warnings {
            if self.debug {
                self.out.note(warning.clone());
            } else {
                log::info!("{warning}");
            }
        }
        for correction in &parsed.corrections {
            self.out.note(correction.clone());
        }
        match parsed.command {
            Command::Empty | Command::Register => {}
            Command::Quit => return Flow::Quit,
            Command::Uci => {
                self.out.set_dialect(Dialect::Uci);
                self.out.send(&self.handshake(Dialect::Uci));
            }
            Command::Xboard => {
                self.abort_search();
                self.out.set_dialect(Dialect::Xboard);
                self.xb = XbState::default();
            }
            Command::Debug(on) => self.debug = on,
            Command::SetOption(setting) => self.set_option(&setting, line),
            Command::Perft { depth, fen } => self.perft(depth, fen.as_deref(), line),
            Command::Bench { depth } => self.bench(depth),
            Command::Display => self.out.send(&Reply::Raw(self.game.position().pretty())),
            Command::Eval => self.eval_command(),
            Command::Unknown { input, reason } => self.out.error(reason, input),
            Command::Xb(xb) => self.xboard_command(xb, line),
            uci => self.uci_command(uci, line),
        }
        Flow::Continue
    }

    /// The answer to `uci` or `protover 2`.
    pub fn handshake(&self, dialect: Dialect) -> Reply {
        Reply::Handshake(Handshake {
            name: format!("{NAME} {VERSION}"),
            author: AUTHOR.to_string(),
            options: self.option_specs(dialect),
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

    fn option_specs(&self, dialect: Dialect) -> Vec<OptionSpec> {
        options::specs(dialect)
    }

    /// `setoption` / CECP `option`, `memory` and `cores`.
    pub fn set_option(&mut self, setting: &OptionSetting, line: &str) {
        if options::needs_idle_search(&setting.name) && self.running.is_some() {
            self.out.error(
                format!(
                    "cannot change '{}' while searching; stop first",
                    setting.name
                ),
                line,
            );
            return;
        }
        let applied = match self.options.apply(setting) {
            Ok(applied) => applied,
            Err(reason) => {
                self.out.error(reason, line);
                return;
            }
        };
        if let Some(note) = applied.note {
            // Still an error for the GUI, though the option was set to the nearest value.
            self.out.error(note, line);
        }
        let result = match applied.effect {
            Effect::None => Ok(()),
            Effect::ResizeHash(mb) => self.search.resize_hash(mb).map_err(|e| e.to_string()),
            Effect::ClearHash => {
                self.search.clear();
                Ok(())
            }
            Effect::SetThreads(n) => {
                let set = self.search.set_threads(n).map_err(|e| e.to_string());
                if set.is_ok() {
                    self.warn_if_more_threads_than_cores(n);
                }
                set
            }
            Effect::LoadBook(path) => match self.book.set_file(&path) {
                Ok(message) => {
                    self.out.note(message);
                    Ok(())
                }
                Err(e) => Err(format!("{e}; playing without a book")),
            },
            Effect::LoadTablebases(path) => {
                self.load_tablebases(&path);
                Ok(())
            }
            Effect::RebuildOracle => {
                self.install_oracle();
                Ok(())
            }
            Effect::LoadNetwork(path) => self.load_network(&path),
        };
        if let Err(reason) = result {
            self.out.error(reason, line);
            // Keep the stored values truthful.
            self.options.hash_mb = self.search.hash_mb();
            self.options.threads = self.search.threads();
        }
    }

    /// `eval`: the hand-crafted terms, and the network's score when one is in use.
    fn eval_command(&mut self) {
        let pos = *self.game.position();
        let mut text = outpost_eval::trace(&pos);
        if let Some(net) = &self.network {
            let stm = net.evaluate_position(&pos);
            let white = stm * pos.side_to_move().sign();
            text.push_str(&format!(
                "\nNetwork evaluation: {:+.2} (white side), {:+.2} (side to move); the search uses it\n",
                f64::from(white) / 100.0,
                f64::from(stm) / 100.0
            ));
        }
        self.out.send(&Reply::Raw(text));
    }

    /// `EvalFile`: the network in `path` evaluates from the next search on; an empty path means
    /// the hand-crafted evaluation. A file that cannot be used changes nothing.
    fn load_network(&mut self, path: &str) -> Result<(), String> {
        if path.is_empty() {
            self.network = None;
            self.out.note("evaluation: hand-crafted");
            return Ok(());
        }
        let keep = match &self.network {
            Some(_) => "keeping the network in use",
            None => "keeping the hand-crafted evaluation",
        };
        let bytes = std::fs::read(path).map_err(|e| format!("EvalFile '{path}': {e}; {keep}"))?;
        let net =
            Network::from_bytes(&bytes).map_err(|e| format!("EvalFile '{path}': {e}; {keep}"))?;
        self.network = Some(Arc::new(net));
        self.out.note(format!(
            "evaluation: network {path} ({} bytes)",
            bytes.len()
        ));
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
    pub fn load_tablebases(&mut self, path: &str) {
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
                    fifty_move_rule: self.options.syzygy_50_move_rule,
                }) as Arc<dyn outpost_search::EndgameOracle>
            });
            self.search.set_oracle(oracle);
        }
    }

    /// A move from the opening book for the current position, if the book options allow one.
    /// Callers skip this in analysis, `go infinite` and `go ponder`.
    pub fn book_move(&mut self) -> Option<Move> {
        self.book.enabled = self.options.own_book;
        self.book.best_move = self.options.book_best_move;
        self.book.depth = self.options.book_depth;
        let m = self.book.probe(self.game.position())?;
        // Only ever play a legal move, whatever the file says.
        self.game.position().legal_moves().contains(m).then_some(m)
    }

    fn perft(&mut self, depth: u32, fen: Option<&str>, line: &str) {
        if self.running.is_some() {
            self.out
                .error("cannot run perft while searching; stop first", line);
            return;
        }
        let pos = match fen {
            None => *self.game.position(),
            Some(fen) => match Position::from_fen(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    self.out.error(e.to_string(), line);
                    return;
                }
            },
        };
        match crate::perft::run(
            &pos,
            depth,
            self.options.threads,
            self.options.hash_mb,
            self.options.chess960,
        ) {
            Ok(report) => {
                self.out.send(&Reply::Raw(report.text));
                self.out.note(report.summary);
            }
            Err(reason) => self.out.error(reason, line),
        }
    }

    fn bench(&mut self, depth: Option<u32>) {
        if self.running.is_some() {
            self.out
                .error("cannot run bench while searching; stop first", "bench");
            return;
        }
        match crate::bench::run(depth, self.network.clone()) {
            Ok(report) => self.out.send(&Reply::Raw(report.text)),
            Err(reason) => self.out.error(reason, "bench"),
        }
    }
}

/// Seed of a handicapped search's choices: the clock makes games differ from run to run.
fn skill_seed(search_id: u64) -> u64 {
    outpost_board::Rng::from_clock(search_id).next_u64()
}
