//! Playing one game. From its opening (`openings.rs`) both sides play the search's best move at
//! a fixed node count or depth until the game ends by the rules (`Position::game_end`, the
//! engine's own) or by adjudication: a resignation when the last `RESIGN_PLIES` scores all
//! exceed `RESIGN_CP` for the same side (both engines agree), a draw when after
//! `DRAW_AFTER_PLY` the last `DRAW_PLIES` scores all stay within `DRAW_CP`, and a draw at
//! `MAX_PLIES`. Every searched position becomes a record with its white-view score, best move
//! and flags.

use super::config::Config;
use super::openings::{game_rng, game_start, opening};
use super::think::think;
use outpost_board::Move;
use outpost_datafile::{GameBlock, GameHeader, Record};
use outpost_search::ThreadPool;
use outpost_types::GameResult;

const RESIGN_CP: i32 = 1000;
const RESIGN_PLIES: usize = 4;
const DRAW_CP: i32 = 10;
const DRAW_PLIES: usize = 12;
const DRAW_AFTER_PLY: usize = 80;
const MAX_PLIES: usize = 400;

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

/// Plays game `number` of the run on `search` (cleared before its opening and again before its
/// first move, so the game does not depend on the games played before it).
pub(super) fn play_game(search: &mut ThreadPool, config: &Config, number: u64) -> PlayedGame {
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
    use crate::datagen::tests::collect;
    use outpost_board::Position;
    use std::collections::HashSet;

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
}
