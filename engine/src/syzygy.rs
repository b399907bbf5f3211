//! The bridge from the `outpost-tablebase` crate to the search's `EndgameOracle` trait, and the
//! loading of tables for `SyzygyPath` / CECP `egtpath syzygy DIR`. Compiled only with the
//! `syzygy` feature (on by default).

use outpost_board::Position;
use outpost_search::{EndgameOracle, RankedMove, Wdl};
use outpost_tablebase::Tablebases;
use std::sync::Arc;

/// The tables as the search sees them, with the `Syzygy50MoveRule` setting applied.
pub struct Oracle {
    pub tables: Arc<Tablebases>,
    pub fifty_move_rule: bool,
}

impl EndgameOracle for Oracle {
    fn max_pieces(&self) -> u32 {
        self.tables.max_pieces()
    }

    #[inline]
    fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        let wdl = self.tables.probe_wdl(pos).ok()??;
        let wdl = if self.fifty_move_rule {
            wdl
        } else {
            wdl.without_fifty_move_rule()
        };
        Some(wdl)
    }

    fn rank_root_moves(&self, pos: &Position) -> Option<Vec<RankedMove>> {
        let ranked = self.tables.rank_root_moves(pos, self.fifty_move_rule)?;
        Some(
            ranked
                .into_iter()
                .map(|(mv, r)| RankedMove {
                    mv,
                    rank: r.rank,
                    wdl: r.wdl,
                    plies: r.dtz.0.unsigned_abs(),
                })
                .collect(),
        )
    }
}

/// Opens the tables of a `SyzygyPath` value. Returns `None` for an empty path or when no table
/// was found, with the messages to show either way.
pub fn open(path: &str) -> (Option<Arc<Tablebases>>, Vec<String>) {
    if outpost_tablebase::is_empty_value(path) {
        return (None, vec!["syzygy: no tablebases".to_string()]);
    }
    let (tables, mut messages) = Tablebases::open(path);
    let (wdl, dtz) = tables.table_counts();
    if tables.is_empty() {
        if messages.is_empty() {
            messages.push(format!("syzygy: no tables found in '{path}'"));
        }
        return (None, messages);
    }
    messages.push(format!(
        "syzygy: {wdl} WDL and {dtz} DTZ tables, up to {} pieces",
        tables.max_pieces()
    ));
    (Some(Arc::new(tables)), messages)
}
