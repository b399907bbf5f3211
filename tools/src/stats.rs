//! `outpost data-stats FILE...`: what a training-data file holds, before hours go into training
//! on it: games and positions, the result split, how many positions the usual training filters
//! drop, and a histogram of the scores.

use crate::error::ToolError;
use outpost_cli::CliError;
use outpost_datafile::{DataError, GameReader, Record, SCORE_BOUND};
use outpost_types::GameResult;
use std::fmt::Write as _;
use std::path::Path;

const USAGE: &str = "usage: outpost data-stats FILE... (files written by outpost datagen)";

/// Histogram buckets of 100 cp from -1000 to +1000, and a bucket on either side for the rest.
const BUCKET_CP: i32 = 100;
const BUCKETS_EACH_SIDE: i32 = 10;

/// Totals over one or more files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    /// Games from Chess960 starts, and how many of those double Fischer random.
    pub chess960: u64,
    pub double960: u64,
    pub positions: u64,
    /// Games won by white, drawn, won by black.
    pub game_results: [u64; 3],
    /// Positions by their game's result: white wins, draws, black wins.
    pub position_results: [u64; 3],
    pub in_check: u64,
    pub noisy_best: u64,
    pub extreme: u64,
    /// Positions that pass all three filters above.
    pub quiet: u64,
    /// Counts per score bucket, lowest first (see [`bucket_label`]).
    pub histogram: Vec<u64>,
    /// Bytes after the last whole game (a torn tail a rerun of datagen cuts).
    pub torn_bytes: u64,
}

fn bucket(score: i16) -> usize {
    let s = (score as i32).clamp(
        -BUCKET_CP * BUCKETS_EACH_SIDE - 1,
        BUCKET_CP * BUCKETS_EACH_SIDE,
    );
    // -1001 and below -> 0; [-1000, -900) -> 1; ...; [900, 1000) -> 20; 1000 and up -> 21.
    ((s + BUCKET_CP * BUCKETS_EACH_SIDE).div_euclid(BUCKET_CP) + 1).max(0) as usize
}

/// The score range of histogram bucket `i`.
pub fn bucket_label(i: usize) -> String {
    let last = (2 * BUCKETS_EACH_SIDE + 1) as usize;
    let lo = (i as i32 - 1) * BUCKET_CP - BUCKET_CP * BUCKETS_EACH_SIDE;
    if i == 0 {
        format!("< {lo}", lo = -BUCKET_CP * BUCKETS_EACH_SIDE)
    } else if i == last {
        format!(">= {}", BUCKET_CP * BUCKETS_EACH_SIDE)
    } else {
        format!("{lo}..{}", lo + BUCKET_CP)
    }
}

impl Summary {
    pub fn new() -> Summary {
        Summary {
            histogram: vec![0; (2 * BUCKETS_EACH_SIDE + 2) as usize],
            ..Summary::default()
        }
    }

    /// Adds one file.
    pub fn add_file(&mut self, path: &Path) -> Result<(), DataError> {
        let len = std::fs::metadata(path)
            .map_err(|e| DataError::Io(path.display().to_string(), e))?
            .len();
        let mut reader = GameReader::open(path)?;
        while let Some(game) = reader.next_game()? {
            self.games += 1;
            self.chess960 += u64::from(game.header.start.is_chess960());
            self.double960 += u64::from(game.header.start.is_double());
            self.game_results[result_index(game.header.result)] += 1;
            for r in &game.records {
                self.add_record(r);
            }
        }
        self.torn_bytes += len - reader.offset();
        Ok(())
    }

    fn add_record(&mut self, r: &Record) {
        self.positions += 1;
        self.position_results[result_index(r.result)] += 1;
        let flag = |f: u8| u64::from(r.flags & f != 0);
        self.in_check += flag(Record::FLAG_IN_CHECK);
        self.noisy_best += flag(Record::FLAG_NOISY_BEST);
        self.extreme += flag(Record::FLAG_EXTREME);
        self.quiet += u64::from(r.is_quiet());
        self.histogram[bucket(r.score)] += 1;
    }

    /// The report `outpost data-stats` prints.
    pub fn report(&self) -> String {
        let pct = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
        let mut s = String::new();
        let [w, d, b] = self.game_results;
        let _ = writeln!(s, "games      {}", self.games);
        let _ = writeln!(
            s,
            "chess960   {} ({:.1}%) from Chess960 starts, {} of them double Fischer random",
            self.chess960,
            pct(self.chess960, self.games),
            self.double960
        );
        let _ = writeln!(
            s,
            "results    white {w} ({:.1}%), draw {d} ({:.1}%), black {b} ({:.1}%)",
            pct(w, self.games),
            pct(d, self.games),
            pct(b, self.games)
        );
        let _ = writeln!(
            s,
            "positions  {} ({:.1} per game)",
            self.positions,
            self.positions as f64 / self.games.max(1) as f64
        );
        let [w, d, b] = self.position_results;
        let _ = writeln!(
            s,
            "by result  white {w} ({:.1}%), draw {d} ({:.1}%), black {b} ({:.1}%)",
            pct(w, self.positions),
            pct(d, self.positions),
            pct(b, self.positions)
        );
        for (name, n) in [
            ("in check", self.in_check),
            ("noisy best move", self.noisy_best),
            (&format!("|score| >= {SCORE_BOUND} or mate"), self.extreme),
            ("kept by all three filters", self.quiet),
        ] {
            let _ = writeln!(s, "{name:<27}{n} ({:.1}%)", pct(n, self.positions));
        }
        if self.torn_bytes > 0 {
            let _ = writeln!(
                s,
                "torn tail  {} bytes after the last whole game (datagen cuts it on resume)",
                self.torn_bytes
            );
        }
        let _ = writeln!(s, "score (white view, cp)   positions");
        let most = self.histogram.iter().copied().max().unwrap_or(0).max(1);
        for (i, &n) in self.histogram.iter().enumerate() {
            let bar = "#".repeat((50 * n / most) as usize);
            let _ = writeln!(s, "{:>13} {n:>12} {bar}", bucket_label(i));
        }
        s
    }
}

fn result_index(result: GameResult) -> usize {
    match result {
        GameResult::WhiteWins => 0,
        GameResult::Draw => 1,
        GameResult::BlackWins => 2,
    }
}

/// Entry point of `outpost data-stats FILE...`.
pub fn run(args: &[String]) -> Result<String, ToolError> {
    if args.is_empty() || args.iter().any(|a| a.starts_with('-')) {
        return Err(CliError::Usage { usage: USAGE }.into());
    }
    let mut summary = Summary::new();
    for a in args {
        summary
            .add_file(Path::new(a))
            .map_err(|error| ToolError::Data {
                tool: "data-stats",
                error,
            })?;
    }
    Ok(summary.report())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_every_score() {
        assert_eq!(bucket(i16::MIN), 0);
        assert_eq!(bucket(-1001), 0);
        assert_eq!(bucket(-1000), 1);
        assert_eq!(bucket(-1), 10);
        assert_eq!(bucket(0), 11);
        assert_eq!(bucket(999), 20);
        assert_eq!(bucket(1000), 21);
        assert_eq!(bucket(i16::MAX), 21);
        assert_eq!(bucket_label(0), "< -1000");
        assert_eq!(bucket_label(11), "0..100");
        assert_eq!(bucket_label(21), ">= 1000");
    }
}
