//! `outpost datagen`: training data for the evaluation tuner from our own self-play.
//!
//! Worker threads each own a one-thread `Search` and play whole games at a fixed node count or
//! depth. A game opens with a few uniformly random legal moves (so games differ), then both sides
//! play the search's best move until the game ends by the rules or by adjudication: a resignation
//! when the last `RESIGN_PLIES` scores all exceed `RESIGN_CP` for the same side (both engines
//! agree), a draw when after `DRAW_AFTER_PLY` the last `DRAW_PLIES` scores all stay within
//! `DRAW_CP`, and a draw at `MAX_PLIES`. Every quiet position (side to move not in check, best
//! move neither a capture nor a promotion, no mate score) is kept with the search score from
//! white's view, and when the game is over each is written as `fen | score | result` with the
//! result from white's view (1.0, 0.5, 0.0). The labels are only ever our own search and games.
//!
//! Each game draws its randomness from the seed and its game number alone, and the search is
//! cleared before every game, so the games are the same whatever the thread count; with one
//! thread the file is identical run to run.

use outpost_board::{Color, Move, Position, Rng};
use outpost_search::{
    CurrMove, Reporter, Score, ScoreBound, Search, SearchInfo, SearchLimits, SearchOptions,
};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Instant;

const RESIGN_CP: i32 = 1000;
const RESIGN_PLIES: usize = 4;
const DRAW_CP: i32 = 10;
const DRAW_PLIES: usize = 12;
const DRAW_AFTER_PLY: usize = 80;
const MAX_PLIES: usize = 400;
/// Openings whose first search already shows this much advantage are replayed with new moves.
const OPENING_MAX_CP: i32 = 400;
/// Scores beyond this (tablebase-like or near-mate) are not kept as labels.
const SCORE_LIMIT: i32 = 3000;

const USAGE: &str = "usage: outpost datagen [--games N] [--threads T] [--nodes N | --depth D] \
[--random-plies K] [--seed S] [--hash MB] [--out FILE]";

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub games: u64,
    pub threads: usize,
    pub nodes: Option<u64>,
    pub depth: Option<i32>,
    pub random_plies: usize,
    pub seed: u64,
    pub hash_mb: usize,
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
            seed: 1,
            hash_mb: 4,
            out: "datagen.txt".to_string(),
        }
    }
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<&String>) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("datagen: {flag} needs a value\n{USAGE}"))?;
    v.parse()
        .map_err(|_| format!("datagen: {flag} expects a number, got '{v}'"))
}

impl Config {
    /// Reads the command-line options (the words after `datagen`).
    pub fn parse(args: &[String]) -> Result<Config, String> {
        let mut c = Config::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            match flag.as_str() {
                "--games" => c.games = number(flag, it.next())?,
                "--threads" => c.threads = number(flag, it.next())?,
                "--nodes" => {
                    c.nodes = Some(number(flag, it.next())?);
                    c.depth = None;
                }
                "--depth" => {
                    c.depth = Some(number(flag, it.next())?);
                    c.nodes = None;
                }
                "--random-plies" => c.random_plies = number(flag, it.next())?,
                "--seed" => c.seed = number(flag, it.next())?,
                "--hash" => c.hash_mb = number(flag, it.next())?,
                "--out" => {
                    c.out = it
                        .next()
                        .ok_or_else(|| format!("datagen: --out needs a file name\n{USAGE}"))?
                        .clone()
                }
                "-h" | "--help" => return Err(USAGE.to_string()),
                other => return Err(format!("datagen: unknown option '{other}'\n{USAGE}")),
            }
        }
        if c.threads == 0 || c.threads > 256 {
            return Err(format!(
                "datagen: --threads {} is not in 1..=256",
                c.threads
            ));
        }
        if c.nodes == Some(0) || c.depth.is_some_and(|d| !(1..=60).contains(&d)) {
            return Err("datagen: --nodes must be positive and --depth in 1..=60".to_string());
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
pub fn run(args: &[String]) -> Result<(), String> {
    let config = Config::parse(args)?;
    let file = File::create(&config.out)
        .map_err(|e| format!("datagen: cannot create '{}': {e}", config.out))?;
    let mut out = BufWriter::new(file);
    let started = Instant::now();
    let stats = generate(&config, |game| {
        for line in &game.lines {
            writeln!(out, "{line}")
                .map_err(|e| format!("datagen: writing '{}': {e}", config.out))?;
        }
        Ok(())
    })?;
    out.flush()
        .map_err(|e| format!("datagen: writing '{}': {e}", config.out))?;
    eprintln!(
        "datagen: {} games (+{} ={} -{}), {} positions in {:.1} s, written to {}",
        stats.games,
        stats.white_wins,
        stats.draws,
        stats.black_wins,
        stats.positions,
        started.elapsed().as_secs_f64(),
        config.out
    );
    Ok(())
}

/// One finished game: its kept positions as output lines, and its result from white's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub number: u64,
    pub lines: Vec<String>,
    pub result: f64,
}

/// Totals of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: u64,
    pub positions: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
}

/// Plays `config.games` games on `config.threads` workers and hands each finished game to `sink`
/// on the calling thread, in the order the games finish (game order with one thread).
pub fn generate(
    config: &Config,
    mut sink: impl FnMut(&Game) -> Result<(), String>,
) -> Result<Stats, String> {
    let next = Arc::new(AtomicU64::new(0));
    let (tx, rx) = mpsc::channel::<Result<Game, String>>();
    let mut workers = Vec::new();
    for _ in 0..config.threads {
        let (next, tx, config) = (next.clone(), tx.clone(), config.clone());
        workers.push(std::thread::spawn(move || {
            let mut search = match Search::new(1, config.hash_mb) {
                Ok(s) => s,
                Err(e) => {
                    let _ = tx.send(Err(format!("datagen: {e}")));
                    return;
                }
            };
            loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                if number >= config.games {
                    break;
                }
                let game = play_game(&mut search, &config, number);
                if tx.send(Ok(game)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let mut stats = Stats::default();
    let report_every = (config.games / 20).max(1);
    let started = Instant::now();
    let mut failure = None;
    for message in rx {
        let game = match message {
            Ok(game) => game,
            Err(e) => {
                failure = Some(e);
                break;
            }
        };
        sink(&game)?;
        stats.games += 1;
        stats.positions += game.lines.len() as u64;
        match game.result {
            r if r > 0.75 => stats.white_wins += 1,
            r if r < 0.25 => stats.black_wins += 1,
            _ => stats.draws += 1,
        }
        if stats.games % report_every == 0 {
            eprintln!(
                "datagen: {}/{} games, {} positions, {:.0} s",
                stats.games,
                config.games,
                stats.positions,
                started.elapsed().as_secs_f64()
            );
        }
    }
    if failure.is_some() {
        next.store(config.games, Ordering::Relaxed);
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

/// The last exact score and the best move of one search.
#[derive(Default)]
struct Capture {
    last: Mutex<(Option<Score>, Move)>,
}

impl Reporter for Capture {
    fn info(&self, info: &SearchInfo) {
        if info.multipv == 1 && info.bound == ScoreBound::Exact {
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

fn think(search: &Search, pos: &Position, history: &[u64], config: &Config) -> Verdict {
    let capture = Arc::new(Capture::default());
    search.start(
        *pos,
        history.to_vec(),
        config.limits(),
        SearchOptions::default(),
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

/// The result from white's view when the game is over by the rules in `pos`.
fn rules_result(pos: &Position, history: &[u64]) -> Option<f64> {
    if pos.legal_moves().is_empty() {
        return Some(if !pos.in_check() {
            0.5
        } else if pos.side_to_move() == Color::White {
            0.0
        } else {
            1.0
        });
    }
    if pos.halfmove_clock() >= 100 || pos.is_insufficient_material() {
        return Some(0.5);
    }
    // Threefold: the current position seen twice before among the reversible plies.
    let reversible = (pos.halfmove_clock() as usize).min(history.len());
    let seen = history[history.len() - reversible..]
        .iter()
        .filter(|&&k| k == pos.key())
        .count();
    (seen >= 2).then_some(0.5)
}

/// Random legal moves from the start position, replayed until they lead somewhere playable.
fn opening(search: &Search, config: &Config, rng: &mut Rng) -> (Position, Vec<u64>) {
    for _ in 0..100 {
        let mut pos = Position::startpos();
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
        if ok && rules_result(&pos, &history).is_none() {
            let v = think(search, &pos, &history, config);
            if !v.mate && v.white_cp.abs() <= OPENING_MAX_CP {
                return (pos, history);
            }
        }
    }
    (Position::startpos(), Vec::new())
}

fn play_game(search: &mut Search, config: &Config, number: u64) -> Game {
    let mut rng = game_rng(config.seed, number);
    search.clear();
    let (mut pos, mut history) = opening(search, config, &mut rng);
    search.clear();
    let mut kept: Vec<(String, i32)> = Vec::new();
    let mut scores: Vec<i32> = Vec::new();
    let mut ply = config.random_plies;
    let result = loop {
        if let Some(r) = rules_result(&pos, &history) {
            break r;
        }
        if ply >= MAX_PLIES {
            break 0.5;
        }
        let v = think(search, &pos, &history, config);
        if v.best == Move::NONE {
            // Only on a root without moves, which rules_result has excluded; stop safely.
            break 0.5;
        }
        scores.push(v.white_cp);
        if !v.mate && !pos.in_check() && !pos.is_noisy(v.best) {
            kept.push((pos.to_fen(), v.white_cp));
        }
        if let Some(r) = adjudicate(&scores, ply) {
            break r;
        }
        history.push(pos.key());
        pos = pos.play(v.best);
        ply += 1;
    };
    let label = match result {
        r if r > 0.75 => "1.0",
        r if r < 0.25 => "0.0",
        _ => "0.5",
    };
    Game {
        number,
        lines: kept
            .into_iter()
            .map(|(fen, cp)| format!("{fen} | {cp} | {label}"))
            .collect(),
        result,
    }
}

/// Resignation or draw by agreement, from the recent white-view scores.
fn adjudicate(scores: &[i32], ply: usize) -> Option<f64> {
    if scores.len() >= RESIGN_PLIES {
        let recent = &scores[scores.len() - RESIGN_PLIES..];
        if recent.iter().all(|&s| s > RESIGN_CP) {
            return Some(1.0);
        }
        if recent.iter().all(|&s| s < -RESIGN_CP) {
            return Some(0.0);
        }
    }
    if ply >= DRAW_AFTER_PLY && scores.len() >= DRAW_PLIES {
        let recent = &scores[scores.len() - DRAW_PLIES..];
        if recent.iter().all(|&s| s.abs() <= DRAW_CP) {
            return Some(0.5);
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
    }

    #[test]
    fn adjudication_needs_agreement() {
        assert_eq!(adjudicate(&[1200, 1300, 1100, 1500], 30), Some(1.0));
        assert_eq!(adjudicate(&[1200, 900, 1100, 1500], 30), None);
        assert_eq!(adjudicate(&[-1200, -1300, -1100, -1500], 30), Some(0.0));
        assert_eq!(adjudicate(&[0; DRAW_PLIES], DRAW_AFTER_PLY - 1), None);
        assert_eq!(adjudicate(&[3; DRAW_PLIES], DRAW_AFTER_PLY), Some(0.5));
    }

    #[test]
    fn rules_end_games() {
        let mate = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(rules_result(&mate, &[]), Some(1.0));
        let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(rules_result(&stalemate, &[]), Some(0.5));
        let start = Position::startpos();
        assert_eq!(rules_result(&start, &[]), None);
    }

    #[test]
    fn games_are_reproducible_and_quiet() {
        let config = Config {
            games: 2,
            nodes: Some(300),
            ..Config::default()
        };
        let collect = |c: &Config| {
            let mut games = Vec::new();
            generate(c, |g| {
                games.push(g.clone());
                Ok(())
            })
            .unwrap();
            games.sort_by_key(|g| g.number);
            games
        };
        let a = collect(&config);
        let b = collect(&Config {
            threads: 2,
            ..config.clone()
        });
        assert_eq!(a, b);
        assert!(a.iter().any(|g| !g.lines.is_empty()));
        for line in a.iter().flat_map(|g| &g.lines) {
            let parts: Vec<&str> = line.split(" | ").collect();
            assert_eq!(parts.len(), 3, "{line}");
            let pos = Position::from_fen(parts[0]).unwrap();
            assert!(!pos.in_check(), "{line}");
            assert!(parts[1].parse::<i32>().unwrap().abs() < SCORE_LIMIT);
            assert!(["1.0", "0.5", "0.0"].contains(&parts[2]));
        }
    }
}
