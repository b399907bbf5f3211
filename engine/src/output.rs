//! Everything the engine prints goes through one [`Output`]: a single locked writer that prints
//! whole lines and flushes after each one, so lines from the search threads and from the main
//! loop never interleave and a GUI sees every line as soon as it is written. It also remembers
//! the dialect the GUI speaks, which decides how a [`Reply`] is printed.

use outpost_protocol::{Dialect, Reply};
use parking_lot::Mutex;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The engine's standard output (or any writer, for tests), shared by all threads.
pub struct Output {
    writer: Mutex<Box<dyn Write + Send>>,
    xboard: AtomicBool,
}

impl Output {
    /// An output writing to stdout. Until the GUI names a dialect, replies are printed as UCI.
    pub fn stdout() -> Arc<Output> {
        Output::to(Box::new(std::io::stdout()))
    }

    /// An output writing to `writer` (tests pass a sink).
    pub fn to(writer: Box<dyn Write + Send>) -> Arc<Output> {
        Arc::new(Output {
            writer: Mutex::new(writer),
            xboard: AtomicBool::new(false),
        })
    }

    /// The dialect replies are printed in.
    pub fn dialect(&self) -> Dialect {
        if self.xboard.load(Ordering::Relaxed) {
            Dialect::Xboard
        } else {
            Dialect::Uci
        }
    }

    pub fn set_dialect(&self, dialect: Dialect) {
        self.xboard
            .store(dialect == Dialect::Xboard, Ordering::Relaxed);
    }

    /// Prints `reply` in the current dialect.
    pub fn send(&self, reply: &Reply) {
        let lines = reply.lines(self.dialect());
        self.lines(&lines);
    }

    /// Prints `reply` only if `keep()`, which is judged under the writer's lock: a search's
    /// output checks that it is still the one the engine cares about, and [`Output::locked`]
    /// changes that, so a line of an abandoned search is never printed after the abandonment.
    pub fn send_if(&self, reply: &Reply, keep: impl FnOnce() -> bool) {
        let lines = reply.lines(self.dialect());
        let mut w = self.writer.lock();
        if keep() {
            write_lines(&mut w, &lines);
        }
    }

    /// Runs `f` holding the writer's lock (see [`Output::send_if`]).
    pub fn locked<R>(&self, f: impl FnOnce() -> R) -> R {
        let _w = self.writer.lock();
        f()
    }

    /// Prints lines as they are, together (no other thread's line can come between them).
    pub fn lines(&self, lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        write_lines(&mut self.writer.lock(), lines);
    }

    /// A message for people: `info string ...` in UCI, `# ...` in CECP.
    pub fn note(&self, text: impl Into<String>) {
        self.send(&Reply::InfoString(text.into()));
    }

    /// A command that could not be carried out, in the dialect's error form. Both parts are
    /// cut to a short excerpt: the command may be a megabyte of garbage.
    pub fn error(&self, reason: impl Into<String>, command: impl AsRef<str>) {
        use outpost_protocol::text::excerpt;
        self.send(&Reply::Error {
            reason: excerpt(&reason.into()),
            command: excerpt(command.as_ref()),
        });
    }
}

/// Writes and flushes each line.
fn write_lines(w: &mut Box<dyn Write + Send>, lines: &[String]) {
    for line in lines {
        log::debug!("> {line}");
        // A closed stdout means the GUI is gone; the read side sees EOF and ends the session,
        // so a failed write is only logged.
        if let Err(e) = writeln!(w, "{line}").and_then(|()| w.flush()) {
            log::warn!("cannot write to stdout: {e}");
            return;
        }
    }
}
