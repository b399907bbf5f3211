//! A session with one GUI (or script): the main loop, the dialect the GUI speaks, and where
//! each input goes. A line goes to the engine when both dialects share the command (options,
//! `perft`, `bench`, `d`, `eval`), otherwise to the dialog of the dialect in use
//! ([`UciDialog`] or [`XboardDialog`]); a finished search's best move goes to that dialog too.
//! The session starts in UCI, so `echo "go depth 10" | outpost` works, and switches on `uci` or
//! `xboard`; a switch abandons the other dialog's search.
//!
//! Only this thread changes state. The main loop waits on two channels: input lines from the
//! reader thread and best moves from the search threads, so it stays free to answer `isready`,
//! `ping`, `stop` and `ponderhit` while a search runs. Every command except a search is carried
//! out before the next line is read, which is what makes `readyok` and `pong` mean "everything
//! before me has taken effect"; a CECP `ping` while the engine thinks on its own move is
//! answered after that move ([`XboardDialog`] keeps it), as the protocol asks. One shortcut:
//! the reader thread itself stops the search on a UCI `stop` ([`Session::stop_shortcut`]), and
//! in UCI the search's sink prints `bestmove` on the search thread (`best_move.rs`), so neither
//! waits for this thread to be scheduled.

use crate::engine::{BestMove, Engine};
use crate::input::Input;
use crate::output::Output;
use crate::uci::UciDialog;
use crate::xboard::XboardDialog;
use crossbeam_channel::{select, Receiver};
use outpost_protocol::{Command, Dialect};
use std::sync::Arc;

/// Whether to keep reading input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The dialog of the dialect in use.
enum Dialog {
    Uci(UciDialog),
    Xboard(XboardDialog),
}

pub struct Session {
    engine: Engine,
    dialog: Dialog,
    /// UCI `debug on`: parser warnings are shown to the GUI, not only logged.
    debug: bool,
}

impl Session {
    pub fn new(out: Arc<Output>) -> Result<Session, outpost_search::SearchError> {
        let engine = Engine::new(Arc::clone(&out))?;
        out.set_dialect(Dialect::Uci);
        Ok(Session {
            engine,
            dialog: Dialog::Uci(UciDialog::new(out)),
            debug: false,
        })
    }

    /// Reads commands until `quit` or the end of input, then lets a running search finish.
    pub fn run(&mut self, lines: Receiver<Input>) {
        let events = self.engine.events();
        loop {
            select! {
                recv(lines) -> input => match input {
                    Ok(Input::Line(line)) => {
                        // A best move the GUI may have seen (UCI prints it from the search
                        // thread, after queueing its event) ends its search before the GUI's
                        // answer to it is handled: `setoption` must not find a search running.
                        // A CECP move (a book move too) is played and printed here.
                        while let Ok(event) = events.try_recv() {
                            self.event(event);
                        }
                        if self.handle_line(&line) == Flow::Quit {
                            self.quit();
                            return;
                        }
                    }
                    Ok(Input::Eof) | Err(_) => break,
                },
                recv(events) -> event => {
                    if let Ok(event) = event {
                        self.event(event);
                    }
                }
            }
        }
        self.end_of_input();
    }

    /// What the stdin reader calls on each line it reads (`input::spawn`): a UCI `stop` stops
    /// the running search at once, from the reader thread. Going through the main loop would
    /// add a thread wake-up to the time from `stop` to `bestmove`, which on a machine whose
    /// cores all search can be a scheduler time slice. The line is still queued, and the main
    /// loop handles it as usual. A `stop` read ahead of a queued `go` raises the flag while no
    /// search runs; that search starts with it lowered and is stopped when the main loop
    /// reaches the `stop`, as before.
    pub fn stop_shortcut(&self) -> impl Fn(&str) + Send + 'static {
        let out = Arc::clone(self.engine.out());
        let signal = self.engine.stop_signal();
        move |line| {
            // Only a line that starts with `stop` is parsed here; every other line (a long
            // `position ... moves` included) is parsed once, by the main loop.
            let starts_with_stop = line
                .trim_start()
                .get(..4)
                .is_some_and(|w| w.eq_ignore_ascii_case("stop"));
            if starts_with_stop
                && out.dialect() == Dialect::Uci
                && outpost_protocol::parse(Dialect::Uci, line).command == Command::Stop
            {
                signal.raise();
            }
        }
    }

    /// A search's event: its best move ends it.
    fn event(&mut self, event: crate::best_move::Event) {
        if let Some(best) = self.engine.accept(event) {
            self.best_move(best);
        }
    }

    /// End of input (or of the command-line arguments): a search with a limit runs to its end
    /// and prints its move, so `echo "go depth 10" | outpost` works; a search that would wait
    /// for `stop` forever (infinite, ponder, analysis) is stopped.
    pub fn end_of_input(&mut self) {
        if self.engine.is_open_ended() {
            self.engine.stop();
        }
        self.settle();
    }

    /// `quit`: stop at once.
    fn quit(&mut self) {
        self.engine.stop();
        self.settle();
    }

    /// Waits for a search with a limit to finish and handles its best move (command-line mode
    /// runs its arguments one after the other this way). Open-ended searches are left running.
    pub fn wait_for_limited_search(&mut self) {
        if self.engine.is_searching() && !self.engine.is_open_ended() {
            self.settle();
        }
    }

    /// Waits until the search threads are idle and hands the best move to the dialog,
    /// repeating if the dialog started another search (CECP pondering); an open-ended one is
    /// stopped.
    fn settle(&mut self) {
        loop {
            if let Some(best) = self.engine.wait() {
                self.best_move(best);
            }
            if !self.engine.is_searching() {
                return;
            }
            if self.engine.is_open_ended() {
                self.engine.stop();
            }
        }
    }

    /// A finished search's best move: CECP plays it in its game and prints it; in UCI the
    /// search's sink has printed it already (`best_move.rs`).
    fn best_move(&mut self, best: BestMove) {
        if let Dialog::Xboard(xboard) = &mut self.dialog {
            xboard.best_move(&mut self.engine, best);
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("< {line}");
        let out = Arc::clone(self.engine.out());
        // As read, before parsing, so the log shows what the GUI really sent. Logged here
        // rather than by the reader thread, which reads ahead: a line read before the
        // `setoption` that opens the log is handled, and so logged, after it.
        out.log_input(line);
        let parsed = outpost_protocol::parse(out.dialect(), line);
        for warning in &parsed.warnings {
            if self.debug {
                out.note(warning.clone());
            } else {
                log::info!("{warning}");
            }
        }
        for correction in &parsed.corrections {
            out.note(correction.clone());
        }
        let engine = &mut self.engine;
        match parsed.command {
            Command::Empty | Command::Register => {}
            Command::Quit => return Flow::Quit,
            Command::Uci => {
                if let Dialog::Xboard(xboard) = &mut self.dialog {
                    // Answers, in CECP, the pings that waited for the abandoned move.
                    xboard.abort_search(engine);
                    self.dialog = Dialog::Uci(UciDialog::new(Arc::clone(&out)));
                }
                out.set_dialect(Dialect::Uci);
                out.send(&engine.handshake(Dialect::Uci));
            }
            Command::Xboard => {
                match &mut self.dialog {
                    Dialog::Xboard(xboard) => xboard.abort_search(engine),
                    Dialog::Uci(_) => engine.abort(),
                }
                out.set_dialect(Dialect::Xboard);
                self.dialog = Dialog::Xboard(XboardDialog::new(Arc::clone(&out)));
            }
            Command::Debug(on) => self.debug = on,
            Command::SetOption(setting) => engine.set_option(&setting, line),
            Command::Perft { depth, fen, stats } => {
                engine.perft(depth, fen.as_deref(), stats, line)
            }
            Command::Bench { depth } => engine.bench(depth),
            Command::Display => engine.display(),
            Command::Eval => engine.eval_command(),
            Command::Unknown { input, reason } => out.error(reason, input),
            Command::Xb(command) => match &mut self.dialog {
                Dialog::Xboard(xboard) => xboard.command(engine, command, line),
                // The UCI parser makes no CECP commands.
                Dialog::Uci(_) => out.error("not a UCI command", line),
            },
            command => match &mut self.dialog {
                Dialog::Uci(uci) => uci.command(engine, command, line),
                // The CECP parser makes no UCI commands.
                Dialog::Xboard(_) => out.error("not an xboard command", line),
            },
        }
        Flow::Continue
    }
}
