//! Building a Polyglot book from PGN games, with the weighting of Polyglot's `make-book`.
//!
//! The rule, read from Polyglot's `book_make.c` and checked against Debian's `polyglot` 2.0.4:
//! every main-line move played before `max_ply` is counted per (position, move): `n` games and
//! `sum` = 2 per win + 1 per draw for the side that played it (a game without a known result
//! counts as a draw, as in Polyglot). When any move of a position reaches 16384 games, the counts
//! of all its moves are halved (rounding up), which keeps every weight within 16 bits. A move is
//! kept when `n >= min_games`, `sum > 0` (a move that only lost is dropped), its score
//! `sum / n / 2` is at least `min_score` percent, and its side passes the colour filter. Its weight
//! is `sum` (or 1 with `uniform`), learn is 0. Records are sorted by key, then by weight
//! descending, ties keeping the order in which the moves first appeared in the PGN.
//!
//! Intentional differences from Polyglot 2.0.4, which otherwise writes the same bytes: a
//! malformed game (broken text, illegal or ambiguous move within `max_ply`, unknown variant, bad
//! FEN) is skipped with a warning instead of stopping the whole run; a main-line null move ends
//! the game's moves instead of stopping the run; a game without a `Result` tag takes its result
//! from the token that ends its moves (Polyglot treats it as unknown); a UTF-8 byte-order mark
//! and Chess960 games are read (Polyglot stops at both).

use crate::entry::{encode_move, RawEntry};
use crate::pgn;
use outpost_board::Color;
use outpost_types::GameResult;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Polyglot's cap on a move's game count before the position's counts are halved.
const COUNT_MAX: u32 = 16384;

/// How many warning texts a report keeps (the count of skipped games is always exact).
const MAX_WARNINGS: usize = 100;

/// Settings of `make_book`, with Polyglot's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct MakeOptions {
    /// Moves at ply `max_ply` and later are not counted (Polyglot `-max-ply`, default 1024).
    pub max_ply: u32,
    /// A move needs at least this many games (Polyglot `-min-game`, default 3).
    pub min_games: u32,
    /// Minimum score of a move in percent, 0..=100 (Polyglot `-min-score`, default 0).
    pub min_score: f64,
    /// Keep only the moves of this side (Polyglot `-only-white` / `-only-black`).
    pub only: Option<Color>,
    /// Every kept move gets weight 1 (Polyglot `-uniform`).
    pub uniform: bool,
}

impl Default for MakeOptions {
    fn default() -> MakeOptions {
        MakeOptions {
            max_ply: 1024,
            min_games: 3,
            min_score: 0.0,
            only: None,
            uniform: false,
        }
    }
}

/// A built book and what happened while building it.
#[derive(Clone, Debug, Default)]
pub struct MadeBook {
    /// The book file's bytes.
    pub bytes: Vec<u8>,
    /// Games read and counted.
    pub games: usize,
    /// Games skipped because they are malformed.
    pub skipped: usize,
    /// Distinct (position, move) pairs seen before filtering.
    pub moves_seen: usize,
    /// Records written.
    pub entries: usize,
    /// Why games were skipped (the first `MAX_WARNINGS`).
    pub warnings: Vec<String>,
}

impl MadeBook {
    /// A short account for the user, like Polyglot's progress lines.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} games read, {} skipped; {} moves seen, {} book entries",
            self.games, self.skipped, self.moves_seen, self.entries
        );
        for w in &self.warnings {
            s.push_str("\nwarning: ");
            s.push_str(w);
        }
        if self.skipped > self.warnings.len() {
            s.push_str(&format!(
                "\n({} more skipped games not listed)",
                self.skipped - self.warnings.len()
            ));
        }
        s
    }
}

/// Why no book could be made.
#[derive(Clone, Debug, PartialEq)]
pub enum MakeError {
    /// Reading the PGN or writing the book failed.
    Io { path: PathBuf, message: String },
    /// An option is out of range.
    BadOption(String),
    /// The text holds no readable game.
    NoGames {
        skipped: usize,
        first_problem: Option<String>,
    },
}

impl fmt::Display for MakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MakeError::Io { path, message } => write!(f, "'{}': {message}", path.display()),
            MakeError::BadOption(s) => write!(f, "book-make: {s}"),
            MakeError::NoGames {
                skipped,
                first_problem,
            } => {
                write!(f, "book-make: no readable game in the PGN")?;
                if *skipped > 0 {
                    write!(f, " ({skipped} malformed games skipped")?;
                    if let Some(p) = first_problem {
                        write!(f, "; first: {p}")?;
                    }
                    write!(f, ")")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for MakeError {}

/// Counts of one (position, move) pair.
struct Stat {
    key: u64,
    raw_move: u16,
    mover: Color,
    games: u32,
    /// 2 per win and 1 per draw for the mover.
    sum: u32,
}

/// Builds a book from the games of a PGN text.
pub fn make_book(pgn_text: &str, options: &MakeOptions) -> Result<MadeBook, MakeError> {
    if !(0.0..=100.0).contains(&options.min_score) {
        return Err(MakeError::BadOption(format!(
            "min-score {} is not a percentage in 0..=100",
            options.min_score
        )));
    }
    let mut made = MadeBook::default();
    let mut stats: Vec<Stat> = Vec::new();
    // Stat indices per key: a position has few moves, so a scan of its list is cheap.
    let mut by_key: HashMap<u64, Vec<u32>> = HashMap::new();
    let max_plies = options.max_ply as usize;

    for game in pgn::games(pgn_text) {
        let (start, moves) = match game.replay(max_plies) {
            Ok(r) => r,
            Err(e) => {
                made.skipped += 1;
                if made.warnings.len() < MAX_WARNINGS {
                    made.warnings.push(format!(
                        "game {} (line {}) skipped: {e}",
                        game.number, game.line
                    ));
                }
                continue;
            }
        };
        made.games += 1;
        // A game without a result still adds its moves, each with a draw's neutral weight.
        let white_score = u32::from(game.result().map_or(1, GameResult::white_half_points));
        let mut pos = start;
        for m in moves {
            let key = pos.key();
            let raw_move = encode_move(m);
            let mover = pos.side_to_move();
            let list = by_key.entry(key).or_default();
            let index = match list
                .iter()
                .copied()
                .find(|&i| stats[i as usize].raw_move == raw_move)
            {
                Some(i) => i as usize,
                None => {
                    list.push(stats.len() as u32);
                    stats.push(Stat {
                        key,
                        raw_move,
                        mover,
                        games: 0,
                        sum: 0,
                    });
                    stats.len() - 1
                }
            };
            let stat = &mut stats[index];
            stat.games += 1;
            stat.sum += match mover {
                Color::White => white_score,
                Color::Black => 2 - white_score,
            };
            if stat.games >= COUNT_MAX {
                for &i in list.iter() {
                    let s = &mut stats[i as usize];
                    s.games = s.games.div_ceil(2);
                    s.sum = s.sum.div_ceil(2);
                }
            }
            pos = pos.play(m);
        }
    }
    if made.games == 0 {
        return Err(MakeError::NoGames {
            skipped: made.skipped,
            first_problem: made.warnings.first().cloned(),
        });
    }
    made.moves_seen = stats.len();

    let mut kept: Vec<RawEntry> = stats
        .iter()
        .filter(|s| keep(s, options))
        .map(|s| RawEntry {
            key: s.key,
            raw_move: s.raw_move,
            weight: if options.uniform { 1 } else { s.sum as u16 },
            learn: 0,
        })
        .collect();
    // Stable, so equal weights keep their first-seen order, as Polyglot's qsort does on glibc.
    kept.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)));
    made.entries = kept.len();
    made.bytes = kept.iter().flat_map(|e| e.to_bytes()).collect();
    Ok(made)
}

/// Polyglot's filter (`keep_entry`), with its floating-point score test.
fn keep(s: &Stat, options: &MakeOptions) -> bool {
    if s.games < options.min_games || s.sum == 0 {
        return false;
    }
    let score = (f64::from(s.sum) / f64::from(s.games)) / 2.0;
    if score < options.min_score / 100.0 {
        return false;
    }
    if options.only.is_some_and(|c| c != s.mover) {
        return false;
    }
    // Key 0 is where Polyglot headers live; no real position has it.
    s.key != 0
}

/// Reads a PGN file, builds the book and writes it to `out`. PGN bytes that are not UTF-8
/// (Latin-1 player names are common) are replaced, which only affects tag texts.
pub fn make_book_file(
    pgn_path: impl AsRef<Path>,
    out: impl AsRef<Path>,
    options: &MakeOptions,
) -> Result<MadeBook, MakeError> {
    let (pgn_path, out) = (pgn_path.as_ref(), out.as_ref());
    let bytes = std::fs::read(pgn_path).map_err(|e| MakeError::Io {
        path: pgn_path.to_path_buf(),
        message: format!("cannot read: {e}"),
    })?;
    let made = make_book(&String::from_utf8_lossy(&bytes), options)?;
    std::fs::write(out, &made.bytes).map_err(|e| MakeError::Io {
        path: out.to_path_buf(),
        message: format!("cannot write: {e}"),
    })?;
    Ok(made)
}
