//! The search consults an endgame oracle: root moves are filtered by its ranking, and positions
//! reached by a capture inside the tree take its win/draw/loss verdict (counted as tbhits).

mod common;

use common::run;
use outpost_board::{Color, Move, PieceType, Position};
use outpost_search::{EndgameOracle, Score, Search, SearchLimits, SearchOptions, Wdl};
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
    fn rank_root_moves(&self, pos: &Position) -> Option<Vec<(Move, i32)>> {
        if pos.occupied().count() > 3 {
            return None;
        }
        Some(
            pos.legal_moves()
                .iter()
                .map(|&m| (m, i32::from(m == self.preferred)))
                .collect(),
        )
    }
}

#[test]
fn root_moves_are_filtered_by_the_ranking() {
    let pos = Position::from_fen("8/8/8/4k3/8/8/3Q4/4K3 w - - 0 1").unwrap();
    let preferred = pos.parse_uci_move("e1f1").unwrap();
    let mut search = Search::new(1, 16).unwrap();
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
    let mut search = Search::new(1, 16).unwrap();
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
