//! A test driver for the real `outpost` binary: it talks to the process through pipes, reads
//! its output on a thread, and waits for expected lines with timeouts so a hung engine fails the
//! test instead of hanging it. Every failure message carries the whole transcript.

#![allow(dead_code)]

use outpost_board::{Move, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_outpost");

/// Runs the binary once with `args`, `stdin` as its whole input, and returns what it printed
/// and how it exited (for command-line subcommands, not dialogs).
pub fn run_once(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Generous: the machine running the tests may be busy.
pub const LONG: Duration = Duration::from_secs(60);

/// Tests that keep engines busy for seconds (games by clock) take this lock, so that on a small
/// machine two of them never compete for the cores and a clock test measures the engine, not
/// the scheduler.
pub static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Takes [`HEAVY`], ignoring poisoning by a test that failed while holding it.
pub fn heavy() -> std::sync::MutexGuard<'static, ()> {
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent (`> `) and received (`< `), for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the outpost binary starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
        self.transcript.push(format!("> {}", excerpt(line)));
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush to engine");
    }

    /// Closes the engine's stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
        self.transcript.push("> <EOF>".into());
    }

    pub fn fail(&self, what: &str) -> ! {
        let tail: Vec<&String> = self.transcript.iter().rev().take(60).collect();
        let tail: Vec<&str> = tail.into_iter().rev().map(String::as_str).collect();
        panic!(
            "{what}\n--- transcript (last lines) ---\n{}",
            tail.join("\n")
        );
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("< {}", excerpt(&l)));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns all lines read, the match last.
    pub fn until(&mut self, timeout: Duration, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = pred(&l);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                None => self.fail(&format!("no expected line within {timeout:?}")),
            }
        }
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn expect(&mut self, prefix: &str, timeout: Duration) -> String {
        self.until(timeout, |l| l.starts_with(prefix))
            .pop()
            .unwrap()
    }

    /// Lines that arrive within `window`.
    pub fn collect_for(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut got = Vec::new();
        while let Some(l) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            got.push(l);
        }
        got
    }

    /// `isready` → `readyok`; returns the lines before `readyok` and the round-trip time.
    pub fn sync_uci(&mut self) -> (Vec<String>, Duration) {
        let t = Instant::now();
        self.send("isready");
        let mut lines = self.until(LONG, |l| l == "readyok");
        let elapsed = t.elapsed();
        lines.pop();
        (lines, elapsed)
    }

    /// `ping N` → `pong N`; returns the lines before `pong` and the round-trip time.
    pub fn sync_xboard(&mut self, n: u32) -> (Vec<String>, Duration) {
        let t = Instant::now();
        self.send(&format!("ping {n}"));
        let pong = format!("pong {n}");
        let mut lines = self.until(LONG, |l| l == pong);
        let elapsed = t.elapsed();
        lines.pop();
        (lines, elapsed)
    }

    /// Waits for the process to exit; `None` if it does not within `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Drains the remaining output after exit.
    pub fn rest(&mut self) -> Vec<String> {
        self.collect_for(Duration::from_millis(200))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn excerpt(s: &str) -> String {
    if s.len() > 200 {
        let mut end = 200;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... ({} bytes)", &s[..end], s.len())
    } else {
        s.to_string()
    }
}

/// The move of a `bestmove M [ponder P]` line.
pub fn bestmove(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"bestmove"), "{line}");
    let mv = words.get(1).expect("a move").to_string();
    let ponder = match words.get(2) {
        Some(&"ponder") => Some(words.get(3).expect("ponder move").to_string()),
        _ => None,
    };
    (mv, ponder)
}

/// Plays a UCI move text on `pos`, failing the test when it is not legal.
pub fn play(pos: &Position, text: &str) -> (Position, Move) {
    let m = pos
        .parse_uci_move(text)
        .unwrap_or_else(|e| panic!("engine move {text} in {}: {e}", pos.to_fen()));
    (pos.play(m), m)
}

/// The value after `key` in an info line.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == key {
            return words.next();
        }
    }
    None
}

/// Whether the game is over on the board (mate, stalemate, fifty moves, bare kings) — the test
/// side of the referee; repetitions are tracked by the caller.
pub fn over_by_rule(pos: &Position) -> bool {
    pos.legal_moves().is_empty() || pos.halfmove_clock() >= 100 || pos.is_insufficient_material()
}
