//! What datagen tells the person running it, on stderr: the running totals of a run ([`Stats`]),
//! the live progress line while the games are played, and the closing line.

use super::config::Format;
use super::play::PlayedGame;
use outpost_types::GameResult;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Totals of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: u64,
    pub positions: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// Games from Chess960 starts, and how many of them double Fischer random.
    pub chess960: u64,
    pub double960: u64,
}

impl Stats {
    /// Counts one finished game: its positions as `format` writes them (every record, or the
    /// text lines of the quiet ones), its result and its start.
    pub(super) fn count(&mut self, game: &PlayedGame, format: Format) {
        self.games += 1;
        self.positions += match format {
            Format::Binary => game.block.records.len(),
            Format::Text => game.text_lines().len(),
        } as u64;
        match game.block.header.result {
            GameResult::WhiteWins => self.white_wins += 1,
            GameResult::BlackWins => self.black_wins += 1,
            GameResult::Draw => self.draws += 1,
        }
        let start = game.block.header.start;
        self.chess960 += u64::from(start.is_chess960());
        self.double960 += u64::from(start.is_double());
    }

    /// The closing line of a run that took `started` until now and wrote to `out`.
    pub(super) fn report(&self, started: Instant, out: &str) {
        eprintln!(
            "datagen: {} games (+{} ={} -{}; {} from Chess960 starts, {} of them double), {} \
             positions in {:.1} s, written to {}",
            self.games,
            self.white_wins,
            self.draws,
            self.black_wins,
            self.chess960,
            self.double960,
            self.positions,
            started.elapsed().as_secs_f64(),
            out
        );
    }
}

/// The live progress line: rewritten in place on a terminal, a plain line now and then in a log.
pub(super) struct Progress {
    started: Instant,
    last: Instant,
    every: Duration,
    terminal: bool,
}

impl Progress {
    pub(super) fn new() -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let now = Instant::now();
        Progress {
            started: now,
            last: now,
            every: Duration::from_secs(if terminal { 1 } else { 60 }),
            terminal,
        }
    }

    pub(super) fn show(&mut self, stats: &Stats, total: u64, force: bool) {
        if !force && self.last.elapsed() < self.every {
            return;
        }
        self.last = Instant::now();
        let secs = self.started.elapsed().as_secs_f64();
        let line = format!(
            "datagen: {}/{} games, {} positions, {:.0} positions/s, {:.0} s",
            stats.games,
            total,
            stats.positions,
            stats.positions as f64 / secs.max(1e-9),
            secs
        );
        if self.terminal {
            eprint!("\r{line}   ");
            if force {
                eprintln!();
            }
        } else {
            eprintln!("{line}");
        }
    }
}
