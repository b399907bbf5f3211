//! `outpost datagen`: training data from our own self-play, for the network trainer and the
//! WDL fit.
//!
//! Worker threads each own a one-thread `ThreadPool` and play whole games at a fixed node count or
//! depth. A game opens with a position from `--openings` (if given: FEN or EPD lines, or a PGN
//! file whose games' last positions are taken) and a few uniformly random legal moves, replayed
//! until a short search finds the result balanced; then both sides play the search's best move
//! until the game ends by the rules (`Position::game_end`, the engine's own) or by adjudication:
//! a resignation when the last `RESIGN_PLIES` scores all exceed `RESIGN_CP` for the same side
//! (both engines agree), a draw when after `DRAW_AFTER_PLY` the last `DRAW_PLIES` scores all stay
//! within `DRAW_CP`, and a draw at `MAX_PLIES`.
//!
//! The binary format (the default: [`outpost_datafile`]'s packed layout) keeps every searched
//! position with its white-view score, best move and flags, and leaves filtering to the
//! trainer; it is appended and flushed game by game, and a rerun with the same `--out` plays
//! only the games the file lacks. A file of the old wide layout is not appended to: datagen
//! stops and says to convert it (`outpost data-convert`). The text format (`--format text`,
//! for `outpost wdl`) writes `fen | score | result` lines of the quiet positions only, the ones
//! the WDL fit reads.
//!
//! A share of the games (`--chess960 PERCENT`, 15 by default) starts from a Chess960 position
//! instead, drawn uniformly from the 960 (`outpost_board::chess960`), and a share of those
//! (`--dfrc PERCENT` of them, 50 by default) is double Fischer random: black's back rank from
//! another arrangement than white's. The random plies and the balance check follow as for any
//! game; the openings file is not used for them. The game header records the start
//! ([`outpost_datafile::Start`]).
//!
//! Each game draws its randomness from the seed and its game number alone, and the search is
//! cleared before every game, so the games are the same whatever the thread count or however
//! often the run was interrupted. Whether a game starts from Chess960 is drawn from a stream of
//! its own, so a game that does not is the same game as with `--chess960 0` (the games of
//! runs made before Chess960 starts existed).

use crate::error::{FileAction, OpeningsError, ToolError};
use outpost_board::{chess960, Color, Move, Position, Rng};
use outpost_cli::{CliError, Flags};
use outpost_datafile::{DataError, GameBlock, GameHeader, Record, Start};
use outpost_eval::nnue::{self, Network};
use outpost_search::{
    Bound, CurrMove, Reporter, Score, SearchInfo, SearchLimits, SearchOptions, ThreadPool,
};
use outpost_types::GameResult;
use std::collections::HashSet;
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

const RESIGN_CP: i32 = 1000;
const RESIGN_PLIES: usize = 4;
const DRAW_CP: i32 = 10;
const DRAW_PLIES: usize = 12;
const DRAW_AFTER_PLY: usize = 80;
const MAX_PLIES: usize = 400;
/// Openings whose first search already shows this much advantage are replayed with new moves.
const OPENING_MAX_CP: i32 = 400;
/// Scores beyond this (tablebase-like or near-mate) are not kept as text labels.
const SCORE_LIMIT: i32 = outpost_datafile::SCORE_BOUND;

const USAGE: &str = "usage: outpost datagen [--games N] [--threads T] [--nodes N | --depth D] \
[--random-plies K] [--openings FILE] [--chess960 PERCENT] [--dfrc PERCENT] [--seed S] \
[--hash MB] [--net builtin|FILE] [--format binary|text] [--out FILE]";

/// The default share of games from Chess960 starts, in percent: enough for the network to see
/// Chess960 openings and middlegames (it saw none before and played Chess960 12 points worse
/// than standard chess against Ethereal, issue 31), little enough that standard chess, what
/// most games are, keeps most of the data.
pub const CHESS960_PERCENT: u32 = 15;
/// The default share of the Chess960 games whose sides get different arrangements, in
/// percent: half, so both kinds of Chess960 a GUI may set up are covered.
pub const DFRC_PERCENT: u32 = 50;

/// How the games are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every searched position, game by game, in the packed layout ([`outpost_datafile::packed`]).
    Binary,
    /// `fen | score | result` lines of quiet positions, for the WDL fit.
    Text,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub games: u64,
    pub threads: usize,
    pub nodes: Option<u64>,
    pub depth: Option<i32>,
    pub random_plies: usize,
    /// FEN/EPD lines to start games from (before the random plies); empty: the start position.
    pub openings: Vec<String>,
    /// Percent of the games that start from a Chess960 position (`--chess960`).
    pub chess960_percent: u32,
    /// Percent of those whose sides get different arrangements (`--dfrc`).
    pub dfrc_percent: u32,
    pub seed: u64,
    pub hash_mb: usize,
    /// The network the searches evaluate with (`--net`; the built-in one by default).
    pub network: Arc<Network>,
    pub format: Format,
    pub out: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 100,
            threads: 1,
            nodes: Some(5000),
            depth: None,
            random_plies: 8,
            openings: Vec::new(),
            chess960_percent: CHESS960_PERCENT,
            dfrc_percent: DFRC_PERCENT,
            seed: 1,
            hash_mb: 4,
            network: nnue::embedded(),
            format: Format::Binary,
            out: "datagen.bin".to_string(),
        }
    }
}

/// The positions of an openings file: a PGN file (name ending in `.pgn`) gives the position at
/// the end of each game's main line, anything else is read as one FEN or EPD per line (EPD
/// operations are dropped).
fn read_openings(path: &str) -> Result<Vec<String>, OpeningsError> {
    let text = std::fs::read_to_string(path).map_err(OpeningsError::Read)?;
    if path.to_ascii_lowercase().ends_with(".pgn") {
        return pgn_openings(&text);
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        // EPD has four position fields and then operations; FEN has six.
        let fen = if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
            fields[..6].join(" ")
        } else {
            format!("{} 0 1", fields[..fields.len().min(4)].join(" "))
        };
        Position::from_fen(&fen).map_err(|error| OpeningsError::Fen { line: i + 1, error })?;
        out.push(fen);
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// The last position of every game of a PGN text, as FEN with its move counters, so that the
/// records of a game played from it carry the real ply (16 after an 8-move line). A game that
/// cannot be replayed is an error: an openings file is meant to be used whole.
fn pgn_openings(text: &str) -> Result<Vec<String>, OpeningsError> {
    let mut out = Vec::new();
    for game in outpost_book::pgn::games(text) {
        let (start, moves) = game
            .replay(usize::MAX)
            .map_err(|error| OpeningsError::Pgn {
                game: game.number,
                line: game.line,
                error,
            })?;
        let end = moves.iter().fold(start, |pos, &m| pos.play(m));
        out.push(end.to_fen());
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// `--net`: `builtin` is the network inside the binary, anything else a net file.
fn read_network(path: &str) -> Result<Arc<Network>, ToolError> {
    if path == "builtin" {
        return Ok(nnue::embedded());
    }
    let net = Network::read_file(path).map_err(|error| ToolError::Network {
        path: path.to_string(),
        error,
    })?;
    Ok(Arc::new(net))
}

impl Config {
    /// Reads the command-line options (the words after `datagen`) and the openings file.
    pub fn parse(args: &[String]) -> Result<Config, ToolError> {
        let mut c = Config::default();
        let mut out_given = false;
        let mut f = Flags::new("datagen", USAGE, args);
        while let Some(flag) = f.next_flag(None)? {
            match flag.as_str() {
                "--games" => c.games = f.value("a number of games")?,
                "--threads" => {
                    c.threads =
                        f.value_in("a thread count in 1..=256", |t| (1..=256).contains(t))?
                }
                "--nodes" => {
                    c.nodes = Some(f.value_in("a positive node count", |&n: &u64| n > 0)?);
                    c.depth = None;
                }
                "--depth" => {
                    c.depth = Some(f.value_in("a depth in 1..=60", |d| (1..=60).contains(d))?);
                    c.nodes = None;
                }
                "--random-plies" => c.random_plies = f.value("a number of plies")?,
                "--chess960" => {
                    c.chess960_percent = f.value_in("a percentage in 0..=100", |p| *p <= 100)?
                }
                "--dfrc" => {
                    c.dfrc_percent = f.value_in("a percentage in 0..=100", |p| *p <= 100)?
                }
                "--seed" => c.seed = f.value("a whole number")?,
                "--hash" => c.hash_mb = f.value("megabytes")?,
                "--net" => {
                    let path = f.text()?;
                    c.network = read_network(&path)?;
                }
                "--openings" => {
                    let path = f.text()?;
                    c.openings = read_openings(&path)
                        .map_err(|error| ToolError::Openings { path, error })?;
                }
                "--format" => {
                    c.format = match f.text()?.as_str() {
                        "binary" => Format::Binary,
                        "text" => Format::Text,
                        other => {
                            return Err(CliError::BadValue {
                                tool: "datagen",
                                flag,
                                value: other.to_string(),
                                expected: "binary or text",
                            }
                            .into())
                        }
                    }
                }
                "--out" => {
                    out_given = true;
                    c.out = f.text()?;
                }
                _ => return Err(f.unexpected(flag).into()),
            }
        }
        if !out_given && c.format == Format::Text {
            c.out = "datagen.txt".to_string();
        }
        Ok(c)
    }

    fn limits(&self) -> SearchLimits {
        SearchLimits {
            nodes: self.nodes,
            depth: self.depth,
            ..SearchLimits::default()
        }
    }
}

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
    eprintln!(
        "datagen: {} games (+{} ={} -{}; {} from Chess960 starts, {} of them double), {} \
         positions in {:.1} s, written to {}",
        stats.games,
        stats.white_wins,
        stats.draws,
        stats.black_wins,
        stats.chess960,
        stats.double960,
        stats.positions,
        started.elapsed().as_secs_f64(),
        config.out
    );
    Ok(())
}

/// One finished self-play game: its block of records, and the full FEN of each record (castling
/// rights and all, for the text format). Not the engine's `Game` (a game being played in a GUI).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    pub block: GameBlock,
    pub fens: Vec<String>,
}

impl PlayedGame {
    pub fn number(&self) -> u64 {
        self.block.header.number
    }

    /// The `fen | score | result` lines of the quiet positions, as the WDL fit reads them.
    pub fn text_lines(&self) -> Vec<String> {
        let label = format!("{:.1}", self.block.header.result.white_score());
        self.block
            .records
            .iter()
            .zip(&self.fens)
            .filter(|(r, _)| r.is_quiet())
            .map(|(r, fen)| format!("{fen} | {} | {label}", r.score))
            .collect()
    }
}

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

/// The live progress line: rewritten in place on a terminal, a plain line now and then in a log.
struct Progress {
    started: Instant,
    last: Instant,
    every: Duration,
    terminal: bool,
}

impl Progress {
    fn new() -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let now = Instant::now();
        Progress {
            started: now,
            last: now,
            every: Duration::from_secs(if terminal { 1 } else { 60 }),
            terminal,
        }
    }

    fn show(&mut self, stats: &Stats, total: u64, force: bool) {
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
                let game = play_game(&mut search, &config, number);
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
        stats.games += 1;
        stats.positions += match config.format {
            Format::Binary => game.block.records.len(),
            Format::Text => game.text_lines().len(),
        } as u64;
        match game.block.header.result {
            GameResult::WhiteWins => stats.white_wins += 1,
            GameResult::BlackWins => stats.black_wins += 1,
            GameResult::Draw => stats.draws += 1,
        }
        let start = game.block.header.start;
        stats.chess960 += u64::from(start.is_chess960());
        stats.double960 += u64::from(start.is_double());
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

/// The opening moves of game `game`: its own stream, so a game does not depend on which
/// thread played the games before it.
fn game_rng(seed: u64, game: u64) -> Rng {
    let mut r = Rng::new(seed ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64();
    r
}

/// Where game `game` starts: drawn from a stream of its own (not `game_rng`'s), so that the
/// games that do not start from Chess960 are those `--chess960 0` plays, draw for draw.
fn game_start(config: &Config, game: u64) -> Start {
    let mut r =
        Rng::new(config.seed ^ game.wrapping_mul(0x9E6C_63D0_676A_9A99) ^ 0x0960_0960_0960_0960);
    r.next_u64();
    if r.below(100) >= config.chess960_percent as usize {
        return Start::Standard;
    }
    let count = usize::from(chess960::COUNT);
    let white = r.below(count) as u16;
    let black = if r.below(100) < config.dfrc_percent as usize {
        // Any arrangement but white's.
        let other = r.below(count - 1) as u16;
        other + u16::from(other >= white)
    } else {
        white
    };
    Start::Chess960 { white, black }
}

/// The last exact score and the best move of one search, in the search's own centipawns: the
/// labels are training targets and WDL-fit inputs, so they must not be the normalised numbers a
/// GUI is shown (that rescaling is the engine's reporter's, which datagen does not use).
#[derive(Default)]
struct Capture {
    last: Mutex<(Option<Score>, Move)>,
}

impl Reporter for Capture {
    fn info(&self, info: &SearchInfo) {
        if info.multipv == 1 && info.bound == Bound::Exact {
            if let Ok(mut last) = self.last.lock() {
                last.0 = Some(info.score);
            }
        }
    }
    fn currmove(&self, _: &CurrMove) {}
    fn bestmove(&self, best: Move, _: Option<Move>) {
        if let Ok(mut last) = self.last.lock() {
            last.1 = best;
        }
    }
}

/// A search's verdict from white's view: centipawns, or a mate (as a large number, flagged).
#[derive(Clone, Copy)]
struct Verdict {
    best: Move,
    white_cp: i32,
    mate: bool,
}

fn think(search: &ThreadPool, pos: &Position, history: &[u64], config: &Config) -> Verdict {
    let capture = Arc::new(Capture::default());
    search.start(
        *pos,
        history.to_vec(),
        config.limits(),
        SearchOptions {
            network: Arc::clone(&config.network),
            ..SearchOptions::default()
        },
        capture.clone(),
    );
    search.wait();
    let (score, best) = capture
        .last
        .lock()
        .map(|l| *l)
        .unwrap_or((None, Move::NONE));
    let sign = match pos.side_to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    let (cp, mate) = match score {
        Some(Score::Cp(cp)) => (cp, cp.abs() >= SCORE_LIMIT),
        Some(Score::Mate(n)) => (if n > 0 { 30_000 } else { -30_000 }, true),
        None => (0, true),
    };
    Verdict {
        best,
        white_cp: cp * sign,
        mate,
    }
}

/// The game's start: `start`'s position (for a standard start an openings line if any, else
/// the start position) and random legal moves, replayed until they lead somewhere playable and
/// a short search finds it balanced. Returns the position, the keys before it and its ply.
fn opening(
    search: &ThreadPool,
    config: &Config,
    start: Start,
    rng: &mut Rng,
) -> (Position, Vec<u64>, usize) {
    let base = match start {
        Start::Chess960 { white, black } => Position::chess960(white, black),
        Start::Standard => None,
    };
    for _ in 0..100 {
        let mut pos = if let Some(base) = base {
            base
        } else if config.openings.is_empty() {
            Position::startpos()
        } else {
            let fen = &config.openings[rng.below(config.openings.len())];
            Position::from_fen(fen).unwrap_or_else(|_| Position::startpos())
        };
        let mut history = Vec::new();
        let mut ok = true;
        for _ in 0..config.random_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            let m = moves[rng.below(moves.len())];
            history.push(pos.key());
            pos = pos.play(m);
        }
        if ok && pos.game_end(&history).is_none() {
            let v = think(search, &pos, &history, config);
            if !v.mate && v.white_cp.abs() <= OPENING_MAX_CP {
                let ply = 2 * (pos.fullmove_number() as usize - 1)
                    + usize::from(pos.side_to_move() == Color::Black);
                return (pos, history, ply);
            }
        }
    }
    (base.unwrap_or_else(Position::startpos), Vec::new(), 0)
}

fn play_game(search: &mut ThreadPool, config: &Config, number: u64) -> PlayedGame {
    let mut rng = game_rng(config.seed, number);
    let start = game_start(config, number);
    search.clear();
    let (mut pos, mut history, mut ply) = opening(search, config, start, &mut rng);
    search.clear();
    // Records are written with a placeholder result, set once the game is over.
    let mut records: Vec<Record> = Vec::new();
    let mut fens: Vec<String> = Vec::new();
    let mut scores: Vec<i32> = Vec::new();
    let mut moves_played = 0;
    let result = loop {
        if let Some(end) = pos.game_end(&history) {
            break end.result();
        }
        if moves_played >= MAX_PLIES {
            break GameResult::Draw;
        }
        let v = think(search, &pos, &history, config);
        if v.best == Move::NONE {
            // Only on a root without moves, where `game_end` has already ended the game; stop
            // safely.
            break GameResult::Draw;
        }
        scores.push(v.white_cp);
        let ply16 = ply.min(u16::MAX as usize) as u16;
        records.push(Record::new(
            &pos,
            v.best,
            v.white_cp,
            v.mate,
            GameResult::Draw,
            ply16,
        ));
        fens.push(pos.to_fen());
        if let Some(r) = adjudicate(&scores, moves_played + config.random_plies) {
            break r;
        }
        history.push(pos.key());
        pos = pos.play(v.best);
        ply += 1;
        moves_played += 1;
    };
    for r in &mut records {
        r.result = result;
    }
    PlayedGame {
        block: GameBlock {
            header: GameHeader {
                number,
                seed: config.seed,
                positions: records.len() as u32,
                result,
                start,
            },
            records,
        },
        fens,
    }
}

/// Resignation or draw by agreement, from the recent white-view scores.
fn adjudicate(scores: &[i32], ply: usize) -> Option<GameResult> {
    if scores.len() >= RESIGN_PLIES {
        let recent = &scores[scores.len() - RESIGN_PLIES..];
        if recent.iter().all(|&s| s > RESIGN_CP) {
            return Some(GameResult::WhiteWins);
        }
        if recent.iter().all(|&s| s < -RESIGN_CP) {
            return Some(GameResult::BlackWins);
        }
    }
    if ply >= DRAW_AFTER_PLY && scores.len() >= DRAW_PLIES {
        let recent = &scores[scores.len() - DRAW_PLIES..];
        if recent.iter().all(|&s| s.abs() <= DRAW_CP) {
            return Some(GameResult::Draw);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_parse_and_reject() {
        let c = Config::parse(&args(
            "--games 3 --threads 2 --depth 4 --seed 9 --out x.txt",
        ))
        .unwrap();
        assert_eq!(
            (c.games, c.threads, c.depth, c.nodes),
            (3, 2, Some(4), None)
        );
        assert_eq!((c.seed, c.out.as_str()), (9, "x.txt"));
        assert!(Config::parse(&args("--games")).is_err());
        assert!(Config::parse(&args("--games many")).is_err());
        assert!(Config::parse(&args("--threads 0")).is_err());
        assert!(Config::parse(&args("--frobnicate 1")).is_err());
        let d = Config::parse(&args("")).unwrap();
        assert_eq!((d.chess960_percent, d.dfrc_percent), (15, 50));
        let c = Config::parse(&args("--chess960 25 --dfrc 0")).unwrap();
        assert_eq!((c.chess960_percent, c.dfrc_percent), (25, 0));
        assert!(Config::parse(&args("--chess960 101")).is_err());
        assert!(Config::parse(&args("--dfrc -1")).is_err());
        assert!(Config::parse(&args("--chess960 0.2")).is_err());
    }

    /// A short run with a Chess960 share, through the file: some games start from Chess960
    /// positions, some of them double Fischer random, each recorded in its header and starting
    /// (with no random plies) from exactly that position, castling rights included; the other
    /// games are the ones a run without Chess960 plays.
    #[test]
    fn a_chess960_share_starts_games_from_chess960_positions() {
        let dir = std::env::temp_dir().join(format!("outpost-datagen-960-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("games.bin");
        let flags = "--games 12 --nodes 200 --random-plies 0 --seed 3";
        run(&args(&format!(
            "{flags} --chess960 50 --dfrc 50 --out {}",
            out.display()
        )))
        .unwrap();
        let mut reader = outpost_datafile::GameReader::open(&out).unwrap();
        let mut blocks = Vec::new();
        while let Some(game) = reader.next_game().unwrap() {
            blocks.push(game);
        }
        blocks.sort_by_key(|g| g.header.number);
        assert_eq!(blocks.len(), 12);
        let config = Config::parse(&args(&format!("{flags} --chess960 50"))).unwrap();
        let played = collect(&config, &HashSet::new());
        let standard = collect(
            &Config {
                chess960_percent: 0,
                ..config.clone()
            },
            &HashSet::new(),
        );
        let board = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
        let (mut chess960, mut double) = (0, 0);
        for ((block, game), plain) in blocks.iter().zip(&played).zip(&standard) {
            assert_eq!(block, &game.block, "the file holds what was played");
            match block.header.start {
                Start::Chess960 { white, black } => {
                    chess960 += 1;
                    double += usize::from(white != black);
                    let start = Position::chess960(white, black).unwrap();
                    assert_eq!(game.fens[0], start.to_fen());
                    assert_eq!(board(&block.records[0].fen()), board(&start.to_fen()));
                    assert_eq!(block.records[0].ply, 0);
                }
                Start::Standard => assert_eq!(game, plain),
            }
        }
        assert!(chess960 > 0 && chess960 < 12, "{chess960} of 12");
        assert!(double > 0 && double < chess960, "{double} of {chess960}");
        assert!(standard
            .iter()
            .all(|g| g.block.header.start == Start::Standard));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn openings_errors_name_the_file_and_line() {
        let dir = std::env::temp_dir().join(format!("outpost-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("o.epd");
        let missing = dir.join("missing.epd");
        let parse =
            |p: &std::path::Path| Config::parse(&args(&format!("--openings {}", p.display())));
        assert!(matches!(
            parse(&missing),
            Err(ToolError::Openings {
                error: OpeningsError::Read(_),
                ..
            })
        ));
        std::fs::write(&path, "# only a comment\n\n").unwrap();
        assert!(matches!(
            parse(&path),
            Err(ToolError::Openings {
                error: OpeningsError::Empty,
                ..
            })
        ));
        std::fs::write(&path, "8/8/8/8/8/8/8/K6k w - -\nnot a fen\n").unwrap();
        let e = parse(&path).unwrap_err();
        assert!(
            matches!(
                e,
                ToolError::Openings {
                    error: OpeningsError::Fen { line: 2, .. },
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().starts_with("datagen: openings '"), "{e}");
        std::fs::write(&path, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n").unwrap();
        assert_eq!(parse(&path).unwrap().openings.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A `.pgn` openings file gives each game's last position with its real move counters
    /// (so records count plies from there); a game that cannot be replayed names its number.
    #[test]
    fn pgn_openings_are_the_lines_end_positions() {
        let dir = std::env::temp_dir().join(format!("outpost-pgn-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("lines.pgn");
        let parse =
            |p: &std::path::Path| Config::parse(&args(&format!("--openings {}", p.display())));
        std::fs::write(
            &path,
            "[Event \"a\"]\r\n\r\n1. e4 c5 2. Nf3 d6 *\r\n\r\n\
             [Event \"b\"]\n\n1. d4 {a comment} Nf6 (1... d5) 2. c4 *\n",
        )
        .unwrap();
        let c = parse(&path).unwrap();
        assert_eq!(
            c.openings,
            [
                "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
                "rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2",
            ]
        );
        std::fs::write(&path, "1. e4 e5 *\n\n1. e4 Ke7 2. Kd3 *\n").unwrap();
        let e = parse(&path).unwrap_err();
        assert!(
            matches!(
                e,
                ToolError::Openings {
                    error: OpeningsError::Pgn { game: 2, .. },
                    ..
                }
            ),
            "{e}"
        );
        std::fs::write(&path, "").unwrap();
        assert!(matches!(
            parse(&path),
            Err(ToolError::Openings {
                error: OpeningsError::Empty,
                ..
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn adjudication_needs_agreement() {
        assert_eq!(
            adjudicate(&[1200, 1300, 1100, 1500], 30),
            Some(GameResult::WhiteWins)
        );
        assert_eq!(adjudicate(&[1200, 900, 1100, 1500], 30), None);
        assert_eq!(
            adjudicate(&[-1200, -1300, -1100, -1500], 30),
            Some(GameResult::BlackWins)
        );
        assert_eq!(adjudicate(&[0; DRAW_PLIES], DRAW_AFTER_PLY - 1), None);
        assert_eq!(
            adjudicate(&[3; DRAW_PLIES], DRAW_AFTER_PLY),
            Some(GameResult::Draw)
        );
    }

    fn collect(c: &Config, done: &HashSet<u64>) -> Vec<PlayedGame> {
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
    fn records_match_their_positions_and_read_back() {
        let config = Config {
            games: 2,
            nodes: Some(300),
            ..Config::default()
        };
        let games = collect(&config, &HashSet::new());
        let mut bytes = Vec::new();
        for g in &games {
            assert_eq!(g.block.records.len(), g.fens.len());
            for (r, fen) in g.block.records.iter().zip(&g.fens) {
                let pos = Position::from_fen(fen).unwrap();
                // The record's board is the FEN's board (castling and en passant aside).
                let board = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
                assert_eq!(board(&r.fen()), board(fen));
                assert_eq!(r.flags & Record::FLAG_IN_CHECK != 0, pos.in_check());
                assert!(pos.legal_moves().contains(Move::from_raw(r.best)));
                assert_eq!(r.result, g.block.header.result);
            }
            bytes.extend(g.block.to_packed_bytes().unwrap());
        }
        // 4 bytes a position after the first board; datagen's entries escape only when the
        // search gave no exact score (flag 3 on a score of 0, `datafile/src/packed.rs`), and then
        // carry 4 bytes more: the score, the tag and the flags.
        let records = || games.iter().flat_map(|g| &g.block.records);
        let positions = records().count();
        let escaped = records()
            .filter(|r| r.flags & Record::FLAG_EXTREME != 0 && r.score == 0)
            .count();
        let boards: usize = games
            .iter()
            .map(|g| 8 + (g.block.records[0].occupancy.count_ones() as usize).div_ceil(2))
            .sum();
        let headers = games.len() * outpost_datafile::packed::HEADER_BYTES;
        assert_eq!(bytes.len(), headers + boards + 4 * positions + 4 * escaped);
        let mut reader = outpost_datafile::GameReader::new(&bytes[..]);
        for g in &games {
            assert_eq!(reader.next_game().unwrap().as_ref(), Some(&g.block));
        }
        assert_eq!(reader.next_game().unwrap(), None);
        assert_eq!(reader.layout(), Some(outpost_datafile::BlockLayout::Packed));
    }

    /// `--net`: the built-in network is the default, and a net file plays other games than it
    /// (the search evaluates with the file's), reproducibly; a file that is not a network is
    /// refused.
    #[test]
    fn a_network_plays_its_own_games() {
        let built_in = Config::parse(&args("--games 1 --nodes 300 --net builtin")).unwrap();
        let default = Config::parse(&args("--games 1 --nodes 300")).unwrap();
        assert!(Arc::ptr_eq(&built_in.network, &default.network));
        let dir = std::env::temp_dir().join(format!("outpost-datagen-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("random.nnue");
        std::fs::write(&file, Network::<{ nnue::HIDDEN }>::random(7).to_bytes()).unwrap();
        let net = Config::parse(&args(&format!(
            "--games 1 --nodes 300 --net {}",
            file.display()
        )))
        .unwrap();
        let games = collect(&net, &HashSet::new());
        assert_eq!(games, collect(&net, &HashSet::new()));
        assert_ne!(games, collect(&built_in, &HashSet::new()));
        let junk = dir.join("junk.nnue");
        std::fs::write(&junk, b"not a network").unwrap();
        let refused = |path: &std::path::Path| {
            Config::parse(&args(&format!("--net {}", path.display())))
                .unwrap_err()
                .to_string()
        };
        assert!(refused(&junk).contains("too short"), "{}", refused(&junk));
        assert!(refused(&dir.join("missing.nnue")).contains("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
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
