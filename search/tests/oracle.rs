//! The search consults an endgame oracle: the best line takes a move of the best rank, further
//! MultiPV lines the next ranks, each showing its table result; positions reached by a capture
//! inside the tree take the oracle's win/draw/loss verdict (counted as tbhits).

mod common;

use common::run;
use outpost_board::{Color, Move, PieceType, Position};
use outpost_search::{
    EndgameOracle, RankedMove, Score, SearchLimits, SearchOptions, ThreadPool, Wdl,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A toy three-piece "tablebase": whoever has the queen wins; anything else is a draw. Its root
/// ranking prefers one chosen move.
struct Toy {
    preferred: Move,
    probes: AtomicU64,
}

impl EndgameOracle for Toy {
    fn max_pieces(&self) -> u32 {
        3
    }
    fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        if pos.occupied().count() > 3 {
            return None;
        }
        self.probes.fetch_add(1, Ordering::Relaxed);
        let us = pos.side_to_move();
        Some(if pos.pieces_of(us, PieceType::Queen).any() {
            Wdl::Win
        } else if pos.pieces_of(!us, PieceType::Queen).any() {
            Wdl::Loss
        } else {
            Wdl::Draw
        })
    }
    fn rank_root_moves(&self, pos: &Position) -> Option<Vec<RankedMove>> {
        if pos.occupied().count() > 3 {
            return None;
        }
        // The preferred move "wins" in 3 plies, every other move draws.
        Some(
            pos.legal_moves()
                .iter()
                .map(|&mv| {
                    let best = mv == self.preferred;
                    RankedMove {
                        mv,
                        rank: i32::from(best),
                        wdl: if best { Wdl::Win } else { Wdl::Draw },
                        plies: if best { 3 } else { 0 },
                    }
                })
                .collect(),
        )
    }
}

#[test]
fn root_moves_are_filtered_by_the_ranking() {
    let pos = Position::from_fen("8/8/8/4k3/8/8/3Q4/4K3 w - - 0 1").unwrap();
    let preferred = pos.parse_uci_move("e1f1").unwrap();
    let mut search = ThreadPool::new(1, 16).unwrap();
    search.set_oracle(Some(Arc::new(Toy {
        preferred,
        probes: AtomicU64::new(0),
    })));
    let c = run(
        &search,
        pos,
        Vec::new(),
        SearchLimits::depth(6),
        SearchOptions::default(),
    );
    assert_eq!(c.bestmove().unwrap().0, preferred);
    assert!(c
        .infos
        .lock()
        .iter()
        .all(|i| i.tbhits >= 1 && i.pv[0] == preferred));
}

#[test]
fn captures_into_the_tables_take_the_oracle_verdict() {
    let pos = Position::from_fen("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1").unwrap();
    assert_eq!(pos.side_to_move(), Color::White);
    let toy = Arc::new(Toy {
        preferred: Move::NONE,
        probes: AtomicU64::new(0),
    });
    let mut search = ThreadPool::new(1, 16).unwrap();
    search.set_oracle(Some(toy.clone()));
    let c = run(
        &search,
        pos,
        Vec::new(),
        SearchLimits::depth(5),
        SearchOptions::default(),
    );
    assert_eq!(c.bestmove().unwrap().0, pos.parse_uci_move("d2d5").unwrap());
    assert!(toy.probes.load(Ordering::Relaxed) > 0);
    let last = c.infos.lock().last().cloned().unwrap();
    assert!(last.tbhits > 0);
    // A tablebase win is shown as about 20000 centipawns, less the plies to reach it.
    assert!(
        matches!(last.score, Score::Cp(cp) if cp > 19_000 && cp < 20_000),
        "{:?}",
        last.score
    );
    // Without the oracle it is just a queen-for-rook win in centipawns.
    search.set_oracle(None);
    let c = run(
        &search,
        pos,
        Vec::new(),
        SearchLimits::depth(5),
        SearchOptions::default(),
    );
    assert!(matches!(c.last_score(), Some(Score::Cp(cp)) if cp < 5_000));
}

/// MultiPV at a root in the tables: as many lines as asked for (up to the number of legal moves),
/// the best-ranked move first whatever the search thinks of the others, and each line scored by
/// its own table result, never as a mate.
#[test]
fn multipv_lines_follow_the_ranking_and_show_their_table_result() {
    let pos = Position::from_fen("8/8/8/4k3/8/8/3Q4/4K3 w - - 0 1").unwrap();
    let legal = pos.legal_moves().len();
    let preferred = pos.parse_uci_move("e1f1").unwrap();
    let mut search = ThreadPool::new(1, 16).unwrap();
    search.set_oracle(Some(Arc::new(Toy {
        preferred,
        probes: AtomicU64::new(0),
    })));
    for multipv in [3, 500] {
        let c = run(
            &search,
            pos,
            Vec::new(),
            SearchLimits::depth(5),
            SearchOptions {
                multipv,
                ..SearchOptions::default()
            },
        );
        assert_eq!(c.bestmove().unwrap().0, preferred);
        let infos = c.infos.lock();
        let last: Vec<_> = infos.iter().filter(|i| i.depth == 5).collect();
        let want = multipv.min(legal);
        assert_eq!(last.len(), want, "multipv {multipv}: {last:?}");
        let mut firsts: Vec<Move> = last.iter().map(|i| i.pv[0]).collect();
        for (k, info) in last.iter().enumerate() {
            assert_eq!(info.multipv, k + 1);
            let expected = if info.pv[0] == preferred {
                Score::Cp(outpost_search::reporter::TB_CP - 3)
            } else {
                Score::Cp(0)
            };
            assert_eq!(info.score, expected, "{info:?}");
        }
        assert_eq!(last[0].pv[0], preferred);
        firsts.sort_by_key(|m| format!("{m:?}"));
        firsts.dedup();
        assert_eq!(firsts.len(), want, "distinct first moves");
    }
}
