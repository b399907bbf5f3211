//! `outpost datagen`: training data from our own self-play, for the network trainer and the
//! WDL fit.
//!
//! Worker threads each own a one-thread `ThreadPool` and play whole games at a fixed node count or
//! depth: each game from its opening (`openings.rs`: an openings file, a Chess960 or double
//! Fischer random start, then random plies until a short search finds the position balanced) to
//! its end by the rules or by adjudication (`play.rs`); both ask the engine through `think.rs`
//! (one search of one position). The options are read in `config.rs` (the openings file in
//! `opening_file.rs`), and `progress.rs` counts the games and reports on stderr. This file wires them: [`run`] (the
//! command: the output file) and [`generate`] (the workers).
//!
//! The binary format (the default: [`outpost_datafile`]'s packed layout) keeps every searched
//! position with its white-view score, best move and flags, and leaves filtering to the
//! trainer; it is appended and flushed game by game, and a rerun with the same `--out` plays
//! only the games the file lacks. A file of the old wide layout is not appended to: datagen
//! stops and says to convert it (`outpost data-convert`). The text format (`--format text`,
//! for `outpost wdl`) writes `fen | score | result` lines of the quiet positions only, the ones
//! the WDL fit reads.
//!
//! Each game draws its randomness from the seed and its game number alone, and the search is
//! cleared before every game, so the games are the same whatever the thread count or however
//! often the run was interrupted.

mod config;
mod opening_file;
mod openings;
mod play;
mod progress;
mod think;

pub use config::{Config, Format, CHESS960_PERCENT, DFRC_PERCENT};
pub use play::PlayedGame;
pub use progress::Stats;

use crate::error::{FileAction, ToolError};
use outpost_datafile::DataError;
use outpost_search::ThreadPool;
use progress::Progress;
use std::collections::HashSet;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

/// Entry point of `outpost datagen ...`: plays the games, writes the file, reports on stderr.
pub fn run(args: &[String]) -> Result<(), ToolError> {
    let config = Config::parse(args)?;
    let failed = |action, error| ToolError::file("datagen", action, &config.out, error);
    let started = Instant::now();
    let stats = match config.format {
        Format::Binary => {
            let path = Path::new(&config.out);
            let (mut file, held) =
                outpost_datafile::open_for_append(path).map_err(|error| ToolError::Append {
                    path: config.out.clone(),
                    error,
                })?;
            if !held.games.is_empty() {
                eprintln!(
                    "datagen: {} already holds {} games ({} positions); playing the rest",
                    config.out,
                    held.games.len(),
                    held.positions
                );
            }
            let done: HashSet<u64> = held.games.into_iter().collect();
            generate(&config, &done, |game| {
                outpost_datafile::append(&mut file, &game.block).map_err(|error| match error {
                    DataError::Io(_, e) => failed(FileAction::Write, e),
                    error => ToolError::Data {
                        tool: "datagen",
                        error,
                    },
                })
            })?
        }
        Format::Text => {
            let file = File::create(&config.out).map_err(|e| failed(FileAction::Create, e))?;
            let mut out = BufWriter::new(file);
            let stats = generate(&config, &HashSet::new(), |game| {
                for line in game.text_lines() {
                    writeln!(out, "{line}").map_err(|e| failed(FileAction::Write, e))?;
                }
                Ok(())
            })?;
            out.flush().map_err(|e| failed(FileAction::Write, e))?;
            stats
        }
    };
    stats.report(started, &config.out);
    Ok(())
}

/// Plays the games of `0..config.games` not in `done` on `config.threads` workers and hands
/// each finished game to `sink` on the calling thread, in the order the games finish (game order
/// with one thread).
pub fn generate(
    config: &Config,
    done: &HashSet<u64>,
    mut sink: impl FnMut(&PlayedGame) -> Result<(), ToolError>,
) -> Result<Stats, ToolError> {
    let todo: Arc<Vec<u64>> = Arc::new((0..config.games).filter(|n| !done.contains(n)).collect());
    let next = Arc::new(AtomicU64::new(0));
    let (tx, rx) = mpsc::channel::<Result<PlayedGame, ToolError>>();
    let mut workers = Vec::new();
    for _ in 0..config.threads {
        let (next, tx, config, todo) = (next.clone(), tx.clone(), config.clone(), todo.clone());
        workers.push(std::thread::spawn(move || {
            let mut search = match ThreadPool::new(1, config.hash_mb) {
                Ok(s) => s,
                Err(e) => {
                    let _ = tx.send(Err(ToolError::Search(e.to_string())));
                    return;
                }
            };
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                let Some(&number) = todo.get(i) else { break };
                let game = play::play_game(&mut search, &config, number);
                if tx.send(Ok(game)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let mut stats = Stats::default();
    let mut progress = Progress::new();
    let mut failure = None;
    for message in rx {
        let game = match message.and_then(|game| sink(&game).map(|()| game)) {
            Ok(game) => game,
            Err(e) => {
                failure = Some(e);
                break;
            }
        };
        stats.count(&game, config.format);
        progress.show(&stats, todo.len() as u64, false);
    }
    progress.show(&stats, todo.len() as u64, true);
    if failure.is_some() {
        next.store(u64::MAX / 2, Ordering::Relaxed);
    }
    for w in workers {
        let _ = w.join();
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(stats),
    }
}

#[cfg(test)]
mod tests {
    use super::think::SCORE_LIMIT;
    use super::*;
    use outpost_board::Position;

    /// The words of a command line.
    pub(super) fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    /// The games `generate` plays, in game order.
    pub(super) fn collect(c: &Config, done: &HashSet<u64>) -> Vec<PlayedGame> {
        let mut games = Vec::new();
        generate(c, done, |g| {
            games.push(g.clone());
            Ok(())
        })
        .unwrap();
        games.sort_by_key(|g| g.number());
        games
    }

    #[test]
    fn games_are_reproducible_and_text_lines_quiet() {
        let config = Config {
            games: 2,
            nodes: Some(300),
            ..Config::default()
        };
        let a = collect(&config, &HashSet::new());
        let b = collect(
            &Config {
                threads: 2,
                ..config.clone()
            },
            &HashSet::new(),
        );
        assert_eq!(a, b);
        assert!(a.iter().any(|g| !g.text_lines().is_empty()));
        for line in a.iter().flat_map(|g| g.text_lines()) {
            let parts: Vec<&str> = line.split(" | ").collect();
            assert_eq!(parts.len(), 3, "{line}");
            let pos = Position::from_fen(parts[0]).unwrap();
            assert!(!pos.in_check(), "{line}");
            assert!(parts[1].parse::<i32>().unwrap().abs() < SCORE_LIMIT);
            assert!(["1.0", "0.5", "0.0"].contains(&parts[2]));
        }
    }

    #[test]
    fn the_wdl_fit_reads_the_same_positions_from_binary_and_text() {
        let config = Config {
            games: 3,
            nodes: Some(300),
            ..Config::default()
        };
        let games = collect(&config, &HashSet::new());
        let dir = std::env::temp_dir().join(format!("outpost-datagen-wdl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (bin, txt) = (dir.join("games.bin"), dir.join("games.txt"));
        let packed = |g: &PlayedGame| g.block.to_packed_bytes().unwrap();
        let mut bytes: Vec<u8> = games.iter().flat_map(packed).collect();
        let text: String = games
            .iter()
            .flat_map(|g| g.text_lines())
            .map(|l| l + "\n")
            .collect();
        std::fs::write(&txt, text).unwrap();
        // A torn last block, as a run still writing leaves it, is not read.
        bytes.extend_from_slice(&packed(&games[0])[..outpost_datafile::packed::HEADER_BYTES + 30]);
        std::fs::write(&bin, bytes).unwrap();
        let read = |p: &std::path::Path, limit| {
            crate::wdl::read_samples(p.to_str().unwrap(), limit).unwrap()
        };
        let from_text = read(&txt, usize::MAX);
        assert!(from_text.len() > 10);
        assert_eq!(read(&bin, usize::MAX), from_text);
        assert_eq!(read(&bin, 7), from_text[..7]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_rerun_plays_only_the_missing_games() {
        let config = Config {
            games: 3,
            nodes: Some(200),
            ..Config::default()
        };
        let all = collect(&config, &HashSet::new());
        let rest = collect(&config, &[0, 2].into_iter().collect());
        assert_eq!(rest.len(), 1);
        assert_eq!(rest[0], all[1]);
    }
}
