//! Chess960 games in the training data: games from Chess960 and double Fischer random starts,
//! with castling on non-standard rook files, are written as datagen writes them
//! (`outpost_datafile`), read back, and turned into the trainer's samples; the samples'
//! features, in each feature set, are the board's own (`FeatureSet::feature_index` with the
//! position's kings, what the engine evaluates) for the same positions, and the castling moves and the boards after them are
//! stored as played.

use outpost_board::{Color, Move, Piece, PieceType, Position, Rng};
use outpost_datafile::{append, open_for_append, GameBlock, GameHeader, GameReader, Record, Start};
use outpost_eval::nnue::FeatureSet;
use outpost_trainer::data::{load, Filter, Sample};
use outpost_types::GameResult;

/// The features of `pos` in `set` from the side to move's view and from the other side's,
/// sorted.
fn board_features(pos: &Position, set: FeatureSet) -> (Vec<usize>, Vec<usize>) {
    let stm = pos.side_to_move();
    let mut us = Vec::new();
    let mut them = Vec::new();
    for sq in outpost_board::Square::all() {
        if let Some(piece) = pos.piece_on(sq) {
            us.push(set.feature_index(stm, pos.king(stm), piece, sq));
            them.push(set.feature_index(!stm, pos.king(!stm), piece, sq));
        }
    }
    us.sort();
    them.sort();
    (us, them)
}

fn sample_features(s: &Sample, set: FeatureSet) -> (Vec<usize>, Vec<usize>) {
    let f = s.features(set);
    let mut us: Vec<usize> = f.us().iter().map(|&f| usize::from(f)).collect();
    let mut them: Vec<usize> = f.them().iter().map(|&f| usize::from(f)).collect();
    us.sort();
    them.sort();
    (us, them)
}

/// A game from `Position::chess960(white, black)` that castles whenever it can (so both sides
/// castle early, with their own rook files) and otherwise plays random moves: its positions,
/// each with the move played from it.
fn castling_game(white: u16, black: u16, seed: u64) -> Vec<(Position, Move)> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::chess960(white, black).expect("numbers below 960");
    let mut played = Vec::new();
    for _ in 0..60 {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.halfmove_clock() >= 100 {
            break;
        }
        let castles: Vec<Move> = moves.iter().copied().filter(|m| m.is_castling()).collect();
        let m = if castles.is_empty() {
            moves[rng.below(moves.len())]
        } else {
            castles[rng.below(castles.len())]
        };
        played.push((pos, m));
        pos = pos.play(m);
    }
    played
}

#[test]
fn chess960_records_keep_castling_and_the_boards_features() {
    let dir = std::env::temp_dir().join(format!("outpost-960-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.bin");
    let _ = std::fs::remove_file(&path);
    // Ordinary Chess960 and double Fischer random starts, with rooks on many files; 518 is
    // the standard arrangement, paired with others.
    let starts: [(u16, u16); 6] = [
        (0, 0),
        (959, 959),
        (0, 959),
        (518, 17),
        (300, 518),
        (733, 101),
    ];
    let mut games = Vec::new();
    {
        let (mut file, _) = open_for_append(&path).unwrap();
        for (number, &(white, black)) in starts.iter().enumerate() {
            let played = castling_game(white, black, 7 + number as u64);
            let records: Vec<Record> = played
                .iter()
                .enumerate()
                .map(|(ply, (pos, m))| {
                    Record::new(
                        pos,
                        *m,
                        25 - ply as i32,
                        false,
                        GameResult::Draw,
                        ply as u16,
                    )
                })
                .collect();
            let block = GameBlock {
                header: GameHeader {
                    number: number as u64,
                    seed: 1,
                    positions: records.len() as u32,
                    result: GameResult::Draw,
                    start: Start::Chess960 { white, black },
                },
                records,
            };
            append(&mut file, &block).unwrap();
            games.push((block, played));
        }
    }

    let mut reader = GameReader::open(&path).unwrap();
    let mut castles = [0usize; 2];
    let mut odd_rook_castles = 0;
    let mut after_castling = 0;
    let mut quiet = Vec::new();
    for (block, played) in &games {
        let back = reader.next_game().unwrap().expect("a whole game");
        assert_eq!(&back, block);
        for (i, (r, (pos, m))) in back.records.iter().zip(played).enumerate() {
            // The board and its features, from the record as the trainer reads it.
            let board = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
            assert_eq!(board(&r.fen()), board(&pos.to_fen()));
            let sample = Sample::from_record(r);
            for set in FeatureSet::ALL {
                assert_eq!(
                    sample_features(&sample, set),
                    board_features(pos, set),
                    "{set}: {}",
                    pos.to_fen()
                );
            }
            // The move as played, castling king-takes-rook included.
            let best = Move::from_raw(r.best);
            assert_eq!(best, *m);
            if best.is_castling() {
                castles[pos.side_to_move().index()] += 1;
                // A rook that is not on a or h: something only Chess960 castles with.
                if !matches!(best.to().file(), 0 | 7) {
                    odd_rook_castles += 1;
                }
                // The next record holds the king and rook on their castled squares.
                if let Some(next) = back.records.get(i + 1) {
                    let at = |sq| next.pieces().find(|&(s, _)| s == sq).map(|(_, p)| p);
                    let us = pos.side_to_move();
                    let king = Some(Piece::new(us, PieceType::King));
                    assert_eq!(at(best.castling_king_to()), king);
                    let rook = Some(Piece::new(us, PieceType::Rook));
                    assert_eq!(at(best.castling_rook_to()), rook);
                    assert_eq!(next.pieces().count(), r.pieces().count());
                    after_castling += 1;
                }
            }
            if r.is_quiet() {
                quiet.push(sample);
            }
        }
    }
    assert!(
        castles[Color::White.index()] > 0 && castles[Color::Black.index()] > 0,
        "{castles:?}"
    );
    assert!(
        odd_rook_castles > 0,
        "no castling with a rook off the a and h files"
    );
    assert!(after_castling > 0, "no position after a castling");

    // The trainer's loader keeps the quiet positions as the same samples, in game order.
    let filter = Filter {
        min_ply: 0,
        val_every: 0,
        max_positions: 0,
        games_below: 0,
        mirror: false,
    };
    let data = load(&[&path], &filter).unwrap();
    assert_eq!(data.train, quiet);
    std::fs::remove_dir_all(&dir).unwrap();
}
