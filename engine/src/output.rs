//! Everything the engine prints goes through one [`Output`]: a single locked writer that prints
//! whole lines and flushes after each one, so lines from the search threads and from the main
//! loop never interleave and a GUI sees every line as soon as it is written. It also remembers
//! the dialect the GUI speaks, which decides how a [`Reply`] is printed.
//!
//! It also keeps the `Debug Log File` ([`DebugLog`]): being the one place every line out
//! passes, it copies each one there, and the session hands it each line in
//! ([`Output::log_input`]), so one lock orders the log's lines whichever thread writes them.

use crate::debug_log::{DebugLog, Direction};
use crate::errors::DebugLogError;
use outpost_protocol::{Dialect, Reply};
use parking_lot::{Mutex, MutexGuard};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The engine's standard output (or any writer, for tests), shared by all threads.
pub struct Output {
    writer: Mutex<Box<dyn Write + Send>>,
    /// The `Debug Log File` when one is open. Whoever holds both locks takes `writer` first.
    log: Mutex<Option<DebugLog>>,
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
            log: Mutex::new(None),
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
            self.write_lines(&mut w, &lines);
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
        self.write_lines(&mut self.writer.lock(), lines);
    }

    /// Writes and flushes each line, copying it to the debug log first: a GUI that answers a
    /// line can only have read it after it is logged, so its answer is logged after it.
    fn write_lines(&self, w: &mut MutexGuard<'_, Box<dyn Write + Send>>, lines: &[String]) {
        for line in lines {
            log::debug!("> {line}");
            self.log(Direction::Out, line);
            // A closed stdout means the GUI is gone; the read side sees EOF and ends the
            // session, so a failed write is only logged.
            if let Err(e) = writeln!(w, "{line}").and_then(|()| w.flush()) {
                log::warn!("cannot write to stdout: {e}");
                return;
            }
        }
    }

    /// A line read from the GUI, for the debug log (the session calls this before parsing).
    pub fn log_input(&self, line: &str) {
        self.log(Direction::In, line);
    }

    fn log(&self, direction: Direction, line: &str) {
        let mut open = self.log.lock();
        if let Some(file) = open.as_mut() {
            if let Err(e) = file.write(direction, line) {
                // A full disk or a removed drive must not stop the engine: the log ends here.
                log::warn!(
                    "Debug Log File '{}': {e}; not logging any more",
                    file.path()
                );
                *open = None;
            }
        }
    }

    /// Starts logging to `path` (appending), after closing the log in use; an empty `path`
    /// only closes it. Returns the path of the log closed, if there was one. A file that
    /// cannot be opened leaves nothing open.
    pub fn set_debug_log(&self, path: &str) -> Result<Option<String>, DebugLogError> {
        let mut open = self.log.lock();
        let closed = open.take().map(|old| old.path().to_string());
        if !path.is_empty() {
            *open = Some(DebugLog::open(path)?);
        }
        Ok(closed)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_debug_log_gets_lines_in_and_the_lines_printed_only() {
        let path = std::env::temp_dir().join(format!("outpost-output-{}.log", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let out = Output::to(Box::new(std::io::sink()));
        assert_eq!(out.set_debug_log(path.to_str().unwrap()).unwrap(), None);
        out.log_input("isready");
        out.lines(&["readyok".to_string()]);
        // A line of an abandoned search is neither printed nor logged.
        out.send_if(&Reply::InfoString("stale".into()), || false);
        out.note("kept");
        assert_eq!(out.set_debug_log("").unwrap().as_deref(), path.to_str());
        out.log_input("after");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().map(|l| l.split_once(' ').unwrap().1).collect();
        assert_eq!(lines, [">> isready", "<< readyok", "<< info string kept"]);
        let _ = std::fs::remove_file(&path);
    }
}
