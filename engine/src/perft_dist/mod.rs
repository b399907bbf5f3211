//! Perft beyond one machine, the engine's half: `outpost perft-split` cuts the move tree of a
//! position at a chosen depth into jobs, and `outpost perft-jobs` counts jobs. A driver outside
//! the engine (`tools/perft_dist/`, on Dask) hands the jobs to workers and sums the counts; see
//! `docs/perft.md`.
//!
//! A job is a position reached at the split depth, the depth left to count from it, and how many
//! paths reach it from each root move: a position reached by several move orders is counted once
//! and its count multiplied, and the per-root-move path counts give `divide`.

mod jobs;
mod split;

pub use jobs::run as run_jobs;
pub use split::run as run_split;

use outpost_board::{CastleSide, Color, Position};
use outpost_cli::CliError;
use std::fmt;

/// The deepest split: the unique positions of a level are all held in memory while the next is
/// built (the start position has 9.4 million at depth 6, about 2 GB here, and ten times as many
/// at depth 7).
pub const MAX_SPLIT: u32 = 6;

/// The deepest count one job may ask for. The perft table keeps 56 bits of a subtree's count,
/// and a busy middle-game position passes 2^56 leaves at about depth 11; a deeper total is
/// reached by splitting deeper, not by longer jobs.
pub const MAX_JOB_DEPTH: u32 = 10;

/// What went wrong in `perft-split` or `perft-jobs`.
#[derive(Debug)]
pub enum DistError {
    /// The command line (flags, values, usage).
    Cli(CliError),
    /// A FEN that does not parse, with what the board crate says is wrong.
    Fen { fen: String, why: String },
    /// A job line of `perft-jobs` that cannot be read.
    Job { line: usize, why: String },
    /// Reading stdin or writing stdout failed (a closed pipe: the driver went away).
    Io {
        tool: &'static str,
        what: &'static str,
        error: std::io::Error,
    },
}

impl fmt::Display for DistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistError::Cli(e) => write!(f, "{e}"),
            DistError::Fen { fen, why } => write!(f, "perft-split: '{fen}': {why}"),
            DistError::Job { line, why } => write!(f, "perft-jobs: job line {line}: {why}"),
            DistError::Io { tool, what, error } => write!(f, "{tool}: cannot {what}: {error}"),
        }
    }
}

impl std::error::Error for DistError {}

impl From<CliError> for DistError {
    fn from(e: CliError) -> Self {
        DistError::Cli(e)
    }
}

/// Whether castling in `pos` can only be written the Chess960 way: some castling right belongs
/// to a king off the e-file or a rook off the a- and h-files. (A Chess960 start that happens to be
/// the standard one is standard chess; `--chess960` asks for its notation anyway.)
pub fn needs_chess960(pos: &Position) -> bool {
    Color::BOTH.into_iter().any(|color| {
        [CastleSide::King, CastleSide::Queen]
            .into_iter()
            .filter_map(|side| pos.castle_rook(color, side))
            .any(|rook| pos.king(color).file() != 4 || !matches!(rook.file(), 0 | 7))
    })
}

/// The FEN of `pos` without the move counters: a job stands for every path to its position, so
/// no single half-move clock or move number belongs to it, and perft does not read them. In
/// Chess960 the castling field names the rooks' files (Shredder-FEN), which reads back the same.
pub fn job_fen(pos: &Position, chess960: bool) -> String {
    let fen = if chess960 {
        pos.to_shredder_fen()
    } else {
        pos.to_fen()
    };
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}
