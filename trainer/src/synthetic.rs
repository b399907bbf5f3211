//! Test data: random games written as a real datagen file, scored by material so that a network
//! has something learnable, and read back through the same loader the trainer uses.

use crate::data::{load, Dataset, Filter};
use outpost_board::{Color, PieceType, Position, Rng};
use outpost_datafile::{append, open_for_append, GameBlock, GameHeader, Record, Start};
use outpost_types::GameResult;
use std::path::{Path, PathBuf};

/// A fresh directory under the system temp dir, unique per process and `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("outpost-trainer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn material(pos: &Position) -> i32 {
    const VALUE: [i32; 6] = [100, 300, 320, 500, 900, 0];
    let mut cp = 0;
    for kind in PieceType::ALL {
        let v = VALUE[kind.index()];
        cp += v * pos.pieces_of(Color::White, kind).0.count_ones() as i32;
        cp -= v * pos.pieces_of(Color::Black, kind).0.count_ones() as i32;
    }
    cp
}

/// Writes `games` random games of up to 60 plies to `path`.
pub fn write_games(path: &Path, games: u64, seed: u64) {
    let (mut file, _) = open_for_append(path).unwrap();
    let mut rng = Rng::new(seed);
    for number in 0..games {
        let mut pos = Position::startpos();
        let mut positions = Vec::new();
        for ply in 0..60u16 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            positions.push((pos, m, ply));
            pos = pos.play(m);
        }
        let end = material(&pos);
        let result = match end {
            e if e > 150 => GameResult::WhiteWins,
            e if e < -150 => GameResult::BlackWins,
            _ => GameResult::Draw,
        };
        let records: Vec<Record> = positions
            .iter()
            .map(|(p, m, ply)| Record::new(p, *m, material(p), false, result, *ply))
            .collect();
        let game = GameBlock {
            header: GameHeader {
                number,
                seed,
                positions: records.len() as u32,
                result,
                start: Start::Standard,
            },
            records,
        };
        append(&mut file, &game).unwrap();
    }
}

/// A loaded synthetic data set: `games` games, every 10th held out, no ply filter.
pub fn dataset(dir: &Path, games: u64, seed: u64) -> Dataset {
    let path = dir.join("games.bin");
    write_games(&path, games, seed);
    let filter = Filter {
        min_ply: 0,
        val_every: 10,
        max_positions: 0,
        games_below: 0,
        mirror: false,
    };
    load(&[path], &filter).unwrap()
}
