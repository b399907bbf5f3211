//! `perft N stats` (UCI `go perft N stats`, CECP `perft N stats`, `outpost perft N [FEN] stats`):
//! the leaf statistics of `outpost_board::perft_stats`, the chess-programming wiki's columns,
//! one row per root move and a total row, then the `Nodes searched` line plain perft ends with
//! (so scripts that read the total work on both), and the time and speed for an `info string`.

use crate::perft::{PerftError, PerftReport, MAX_DEPTH};
use outpost_board::perft_stats::{divide_stats, perft_stats, PerftStats};
use outpost_board::Position;
use std::fmt::Write;
use std::time::Instant;

pub fn run(
    pos: &Position,
    depth: u32,
    threads: usize,
    chess960: bool,
) -> Result<PerftReport, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::TooDeep { depth });
    }
    let start = Instant::now();
    let rows: Vec<(String, PerftStats)> = divide_stats(pos, depth, threads)
        .into_iter()
        .map(|(m, s)| (m.to_uci(chess960).to_string(), s))
        .collect();
    // Depth 0 has no root moves; its one leaf is the position itself.
    let total = if depth == 0 {
        perft_stats(pos, 0)
    } else {
        let mut total = PerftStats::default();
        for (_, s) in &rows {
            total += *s;
        }
        total
    };
    let ms = start.elapsed().as_millis() as u64;
    let text = format!("{}\nNodes searched: {}", table(&rows, &total), total.nodes);
    let summary = format!(
        "perft stats depth {depth}: {} nodes in {ms} ms, {} nps",
        total.nodes,
        total.nodes * 1000 / ms.max(1)
    );
    Ok(PerftReport { text, summary })
}

/// The header, one row per root move and the total, columns right-aligned to their widest cell.
fn table(rows: &[(String, PerftStats)], total: &PerftStats) -> String {
    let all: Vec<(&str, [u64; 9])> = rows
        .iter()
        .map(|(m, s)| (m.as_str(), s.values()))
        .chain(std::iter::once(("total", total.values())))
        .collect();
    let first = all.iter().map(|(m, _)| m.len()).max().unwrap_or(0).max(4);
    let widths: Vec<usize> = PerftStats::COLUMNS
        .iter()
        .enumerate()
        .map(|(i, name)| {
            all.iter()
                .map(|(_, v)| v[i].to_string().len())
                .max()
                .unwrap_or(0)
                .max(name.len())
        })
        .collect();
    let mut out = format!("{:<first$}", "move");
    for (name, w) in PerftStats::COLUMNS.iter().zip(&widths) {
        let _ = write!(out, "  {name:>w$}");
    }
    out.push('\n');
    for (m, values) in &all {
        let _ = write!(out, "{m:<first$}");
        for (v, w) in values.iter().zip(&widths) {
            let _ = write!(out, "  {v:>w$}");
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whitespace-separated cells of the line that starts with `first`.
    fn row<'a>(text: &'a str, first: &str) -> Vec<&'a str> {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|cells| cells.first() == Some(&first))
            .unwrap_or_else(|| panic!("no row {first} in\n{text}"))
    }

    #[test]
    fn one_row_per_root_move_a_total_and_the_nodes_line() {
        let r = run(&Position::startpos(), 4, 2, false).unwrap();
        let lines: Vec<&str> = r.text.lines().collect();
        // Header, 20 moves, total, blank, Nodes searched.
        assert_eq!(lines.len(), 1 + 20 + 1 + 2, "{}", r.text);
        let header: Vec<&str> = lines[0].split_whitespace().collect();
        assert_eq!(header[0], "move");
        assert_eq!(header[1..], PerftStats::COLUMNS);
        assert_eq!(
            row(&r.text, "total"),
            ["total", "197281", "1576", "0", "0", "0", "469", "0", "0", "8"]
        );
        // e2e4's subtree: its own perft(3) count, and every row has all ten cells.
        assert_eq!(row(&r.text, "e2e4")[1], "13160");
        assert!(lines[1..21]
            .iter()
            .all(|l| l.split_whitespace().count() == 10));
        assert_eq!(lines[22], "");
        assert_eq!(lines[23], "Nodes searched: 197281");
        assert!(r
            .summary
            .starts_with("perft stats depth 4: 197281 nodes in "));
    }

    #[test]
    fn depth_zero_chess960_and_too_deep() {
        let r = run(&Position::startpos(), 0, 1, false).unwrap();
        assert_eq!(
            row(&r.text, "total"),
            ["total", "1", "0", "0", "0", "0", "0", "0", "0", "0"]
        );
        assert!(r.text.ends_with("\nNodes searched: 1"));
        let kiwipete = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let r = run(&kiwipete, 1, 1, true).unwrap();
        // Castling as king-takes-rook in Chess960 notation; a castle is one leaf and one castle.
        assert_eq!(
            row(&r.text, "e1h1"),
            ["e1h1", "1", "0", "0", "1", "0", "0", "0", "0", "0"]
        );
        assert_eq!(
            run(&kiwipete, 16, 1, false).err(),
            Some(PerftError::TooDeep { depth: 16 })
        );
    }
}
