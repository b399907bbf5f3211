//! The `perft` extension (`perft N`, UCI `go perft N`, `outpost perft N [FEN]`): counts the
//! leaves of the legal move tree and prints them in the format Stockfish users and tools know —
//! one `<move>: <count>` line per root move, a blank line, `Nodes searched: <total>` — followed
//! by the time and speed in an `info string`.
//!
//! It runs on the `Threads` threads with a shared table of subtree counts (from depth 5 on,
//! sized like `Hash` but at most [`MAX_TABLE_MB`]), in the main thread's time: like Stockfish,
//! the engine answers again once the count is done.

use outpost_board::perft::{divide, PerftTable};
use outpost_board::Position;
use std::fmt::{self, Write};
use std::time::Instant;

/// Deeper counts would run for days; refusing them keeps a typo from hanging the engine.
pub const MAX_DEPTH: u32 = 15;
pub const MAX_TABLE_MB: usize = 1024;

pub struct PerftReport {
    /// The per-move lines, the blank line and `Nodes searched`.
    pub text: String,
    /// Depth, time and speed, for an `info string`.
    pub summary: String,
}

pub fn run(
    pos: &Position,
    depth: u32,
    threads: usize,
    hash_mb: usize,
    chess960: bool,
) -> Result<PerftReport, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::TooDeep { depth });
    }
    let start = Instant::now();
    let table = (depth >= 5).then(|| PerftTable::new(hash_mb.clamp(1, MAX_TABLE_MB)));
    let counts = divide(pos, depth, threads, table.as_ref());
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|&(_, n)| n).sum()
    };
    let ms = start.elapsed().as_millis() as u64;
    let mut text = String::new();
    for (m, n) in &counts {
        let _ = writeln!(text, "{}: {n}", m.to_uci(chess960));
    }
    let _ = write!(text, "\nNodes searched: {total}");
    let summary = format!(
        "perft depth {depth}: {total} nodes in {ms} ms, {} nps",
        total * 1000 / ms.max(1)
    );
    Ok(PerftReport { text, summary })
}

/// Why a count was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PerftError {
    /// Deeper than [`MAX_DEPTH`].
    TooDeep { depth: u32 },
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::TooDeep { depth } => {
                write!(f, "perft depth {depth} is too deep (at most {MAX_DEPTH})")
            }
        }
    }
}

impl std::error::Error for PerftError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_lines_and_total() {
        let r = run(&Position::startpos(), 3, 1, 16, false).unwrap();
        let lines: Vec<&str> = r.text.lines().collect();
        assert_eq!(lines.len(), 20 + 2);
        assert!(lines.contains(&"e2e4: 600"));
        assert_eq!(lines[20], "");
        assert_eq!(lines[21], "Nodes searched: 8902");
        assert!(r.summary.starts_with("perft depth 3: 8902 nodes"));
    }

    #[test]
    fn hashed_and_threaded_counts_agree() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let r = run(&pos, 5, 2, 4, false).unwrap();
        assert!(r.text.ends_with("Nodes searched: 193690690"));
        assert!(r.text.contains("e1g1: "));
        let r960 = run(&pos, 1, 1, 1, true).unwrap();
        assert!(r960.text.contains("e1h1: 1"));
    }

    #[test]
    fn depth_zero_and_too_deep() {
        let r = run(&Position::startpos(), 0, 1, 1, false).unwrap();
        assert_eq!(r.text, "\nNodes searched: 1");
        let too_deep = run(&Position::startpos(), 99, 1, 1, false).err();
        assert_eq!(too_deep, Some(PerftError::TooDeep { depth: 99 }));
        assert_eq!(
            too_deep.unwrap().to_string(),
            "perft depth 99 is too deep (at most 15)"
        );
    }
}
