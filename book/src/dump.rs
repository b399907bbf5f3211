//! The text listing of a position's book moves, for `outpost book <file> [fen]`: each move in SAN
//! and UCI with its weight, share of the total weight and learn value, heaviest first, in the
//! spirit of Polyglot's book display.

use crate::book::Book;
use outpost_board::Position;
use std::fmt::Write;

impl Book {
    /// Lists the book moves of `pos`. `chess960` selects the UCI castling text (`e1h1` instead
    /// of `e1g1`). Entries whose move is illegal here are counted at the end.
    pub fn dump(&self, pos: &Position, chess960: bool) -> String {
        let key = pos.key();
        let mut entries = self.entries(pos);
        let stored = self.raw_entries(key).count();
        // Stable: equal weights stay in file order.
        entries.sort_by_key(|e| std::cmp::Reverse(e.weight));
        let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();

        let mut out = String::new();
        let _ = writeln!(out, "position {}", pos.to_fen());
        let _ = writeln!(out, "key      {key:016x}");
        if entries.is_empty() {
            out.push_str("no book moves\n");
        } else {
            let _ = writeln!(
                out,
                "{:<8} {:<6} {:>6} {:>8} {:>10}",
                "move", "uci", "weight", "share", "learn"
            );
            for e in &entries {
                let share = if total == 0 {
                    0.0
                } else {
                    100.0 * f64::from(e.weight) / total as f64
                };
                let _ = writeln!(
                    out,
                    "{:<8} {:<6} {:>6} {:>7.2}% {:>10}",
                    pos.to_san(e.mv),
                    e.mv.to_uci(chess960).to_string(),
                    e.weight,
                    share,
                    e.learn
                );
            }
            let _ = writeln!(out, "{} moves, total weight {total}", entries.len());
        }
        if stored > entries.len() {
            let _ = writeln!(
                out,
                "{} stored entries skipped: their moves are not legal here",
                stored - entries.len()
            );
        }
        out
    }
}
