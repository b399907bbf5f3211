//! Training samples: datagen records turned into compact boards, filtered and split, and the
//! network's sparse inputs of both perspectives computed from a board when a batch needs them.
//!
//! A [`Sample`] keeps the record's board (occupancy and piece nibbles, 24 bytes) rather than
//! feature lists: 32 bytes where two lists took 134, and both perspectives' features come from
//! the shared definition (`outpost_network`'s `FeatureSet`), king buckets included: the kings'
//! squares are on the board too.

use crate::TrainError;
use outpost_board::{Color, Piece, PieceType, Rng, Square};
use outpost_datafile::{board_pieces, GameReader, Record};
use outpost_network::{bucket, FeatureSet, Shape};
use std::path::Path;

/// The inputs the trainer trains unless told `--features`: the shipped network's.
pub const FEATURES: FeatureSet = Shape::SHIPPED.features;
/// Centipawns per unit of network output, as the float the sigmoid divides by.
pub const SCALE: f32 = outpost_network::SCALE as f32;

/// One training position: the board, and the score and result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Occupied squares, a1 = bit 0 (the record's).
    pub occupancy: u64,
    /// The pieces of the occupied squares, lowest square first, 4 bits each (the record's
    /// codes: colour * 8 + piece type).
    pub pieces: [u8; 16],
    /// Search score in centipawns for the side to move.
    pub score: i16,
    /// Game result for the side to move: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// `BLACK_TO_MOVE` and `MIRRORED`.
    pub flags: u8,
}

/// Both perspectives' active features of a sample, in the same piece order; with a factoriser,
/// each piece's factor input follows the pieces' inputs ([`Features::factorised`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    us: [u16; 64],
    them: [u16; 64],
    count: usize,
}

impl Features {
    pub const EMPTY: Features = Features {
        us: [0; 64],
        them: [0; 64],
        count: 0,
    };

    /// The side to move's features.
    #[inline(always)]
    pub fn us(&self) -> &[u16] {
        &self.us[..self.count]
    }

    /// The other side's features.
    #[inline(always)]
    pub fn them(&self) -> &[u16] {
        &self.them[..self.count]
    }

    /// The features with each piece's factor input added: for a set with king buckets, the
    /// trainer keeps 768 more columns after the set's inputs, shared by every bucket, which
    /// learn what a piece on a square is worth whatever the bucket (and are folded into every
    /// bucket's columns when the net file is written, `quant::quantise`). A set without king
    /// buckets has no factor: the features come back as they are.
    #[inline]
    pub fn factorised(mut self, set: FeatureSet) -> Features {
        if set.king_buckets() > 1 {
            let n = self.count;
            let base = set.inputs() as u16;
            for i in 0..n {
                self.us[n + i] = base + self.us[i] % 768;
                self.them[n + i] = base + self.them[i] % 768;
            }
            self.count = 2 * n;
        }
        self
    }
}

/// Inputs a net of `set` has in training: the set's, and the factor's 768 with king buckets.
pub const fn training_inputs(set: FeatureSet) -> usize {
    if set.king_buckets() > 1 {
        set.inputs() + 768
    } else {
        set.inputs()
    }
}

impl Sample {
    pub const BLACK_TO_MOVE: u8 = 1;
    /// The board is to be read reflected left to right ([`Sample::mirrored`]).
    pub const MIRRORED: u8 = 2;

    pub fn from_record(r: &Record) -> Sample {
        let stm = r.side_to_move();
        let white_result = r.result.white_half_points();
        let (score, result) = match stm {
            Color::White => (r.score, white_result),
            Color::Black => (r.score.saturating_neg(), 2 - white_result),
        };
        Sample {
            occupancy: r.occupancy,
            pieces: r.pieces,
            score,
            result,
            flags: if stm == Color::Black {
                Self::BLACK_TO_MOVE
            } else {
                0
            },
        }
    }

    pub fn side_to_move(&self) -> Color {
        if self.flags & Self::BLACK_TO_MOVE != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Pieces on the board, kings included.
    #[inline]
    pub fn piece_count(&self) -> u32 {
        self.occupancy.count_ones()
    }

    /// The output bucket.
    #[inline]
    pub fn bucket(&self) -> usize {
        bucket(self.piece_count())
    }

    /// The pieces with their squares (reflected if the sample is mirrored), in the record's
    /// order: lowest square of the board as played first.
    #[inline]
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        // `^ 7` flips the file bits of a square and nothing else.
        let reflect = if self.flags & Self::MIRRORED != 0 {
            7
        } else {
            0
        };
        board_pieces(self.occupancy, &self.pieces)
            .map(move |(sq, piece)| (Square::from_index(sq.index() as u32 ^ reflect), piece))
    }

    /// Both perspectives' features in `set`, by the shared definition.
    #[inline]
    pub fn features(&self, set: FeatureSet) -> Features {
        let stm = self.side_to_move();
        let mut kings = [Square::E1; 2];
        if set.king_buckets() > 1 {
            for (sq, piece) in self.pieces() {
                if piece.kind() == PieceType::King {
                    kings[piece.color().index()] = sq;
                }
            }
        }
        let (view_us, view_them) = (
            set.view(stm, kings[stm.index()]),
            set.view(!stm, kings[(!stm).index()]),
        );
        let mut f = Features::EMPTY;
        // A record holds at most 32 pieces (the data file checks it); `take` keeps any more out.
        for (sq, piece) in self.pieces().take(32) {
            f.us[f.count] = view_us.index(stm, piece, sq) as u16;
            f.them[f.count] = view_them.index(!stm, piece, sq) as u16;
            f.count += 1;
        }
        f
    }

    /// The same position reflected left to right (file a <-> h). Chess is symmetric that way
    /// except for castling, which the features do not see, so a mirrored position is a second,
    /// nearly free training sample (with mirrored king buckets it has the same inputs: no new
    /// sample, only more weight on the one). Mirroring twice gives the sample back.
    pub fn mirrored(&self) -> Sample {
        Sample {
            flags: self.flags ^ Self::MIRRORED,
            ..*self
        }
    }

    /// The training target: `lambda * sigmoid(score / SCALE) + (1 - lambda) * result`.
    #[inline]
    pub fn target(&self, lambda: f32) -> f32 {
        lambda * sigmoid(self.score as f32 / SCALE) + (1.0 - lambda) * (self.result as f32 * 0.5)
    }
}

#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Which positions the trainer keeps and which games it holds out.
#[derive(Clone, Debug)]
pub struct Filter {
    pub min_ply: u16,
    /// Games whose number is a multiple of this go to validation; 0 holds out nothing.
    pub val_every: u64,
    /// Stop after this many kept positions (train and validation together); 0 = no limit.
    pub max_positions: usize,
    /// Only games numbered below this (what `outpost datagen --games N` writes); 0 = all.
    pub games_below: u64,
    /// Also train on every training position mirrored left to right ([`Sample::mirrored`]);
    /// validation stays as played.
    pub mirror: bool,
}

/// What loading read and dropped. Each dropped position is counted once, under the first reason
/// in this order: in check, noisy best move, extreme score, early ply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadStats {
    pub games: u64,
    pub positions: u64,
    pub in_check: u64,
    pub noisy: u64,
    pub extreme: u64,
    pub early: u64,
    pub train: u64,
    pub validation: u64,
    pub val_games: u64,
    /// Mirrored copies added to the training set (counted in `train` too).
    pub mirrored: u64,
}

impl std::fmt::Display for LoadStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games, {} positions; dropped {} in check, {} noisy best move, {} extreme score, \
             {} early ply; kept {} train ({} of them mirrored copies), {} validation (from {} games)",
            self.games,
            self.positions,
            self.in_check,
            self.noisy,
            self.extreme,
            self.early,
            self.train,
            self.mirrored,
            self.validation,
            self.val_games
        )
    }
}

/// Training and validation samples.
#[derive(Default)]
pub struct Dataset {
    pub train: Vec<Sample>,
    pub validation: Vec<Sample>,
    pub stats: LoadStats,
}

/// Why a record is not trained on, if it is not.
fn dropped(r: &Record, filter: &Filter, stats: &mut LoadStats) -> bool {
    let counter = if r.flags & Record::FLAG_IN_CHECK != 0 {
        &mut stats.in_check
    } else if r.flags & Record::FLAG_NOISY_BEST != 0 {
        &mut stats.noisy
    } else if r.flags & Record::FLAG_EXTREME != 0 {
        &mut stats.extreme
    } else if r.ply < filter.min_ply {
        &mut stats.early
    } else {
        return false;
    };
    *counter += 1;
    true
}

/// Reads every whole game of `paths` (a file still being written is read up to its last whole
/// block) and keeps what the filter lets through. Within a file the games are taken in the
/// order of their numbers, not the order datagen's threads finished them in, so the same games
/// give the same dataset, and so the same training, however the file was written.
pub fn load(paths: &[impl AsRef<Path>], filter: &Filter) -> Result<Dataset, TrainError> {
    let mut ds = Dataset::default();
    'files: for path in paths {
        let mut reader = GameReader::open(path.as_ref())?;
        let mut games = Vec::new();
        while let Some(game) = reader.next_game()? {
            if filter.games_below == 0 || game.header.number < filter.games_below {
                games.push(game);
            }
        }
        games.sort_by_key(|g| g.header.number);
        for game in games {
            ds.stats.games += 1;
            // Whole games go to validation so that a game's near-identical neighbouring
            // positions are never on both sides of the split.
            let val = filter.val_every > 0 && game.header.number % filter.val_every == 0;
            ds.stats.val_games += val as u64;
            for r in &game.records {
                ds.stats.positions += 1;
                if dropped(r, filter, &mut ds.stats) {
                    continue;
                }
                let s = Sample::from_record(r);
                if val {
                    ds.validation.push(s);
                } else {
                    ds.train.push(s);
                }
            }
            if filter.max_positions > 0
                && ds.train.len() + ds.validation.len() >= filter.max_positions
            {
                break 'files;
            }
        }
    }
    if filter.mirror {
        let played = ds.train.len();
        ds.train.reserve(played);
        for i in 0..played {
            let m = ds.train[i].mirrored();
            ds.train.push(m);
        }
        ds.stats.mirrored = played as u64;
    }
    ds.stats.train = ds.train.len() as u64;
    ds.stats.validation = ds.validation.len() as u64;
    Ok(ds)
}

/// A permutation of `0..n` that depends only on `seed`: an epoch's order is the same whether the
/// run was resumed or not.
pub fn permutation(n: usize, seed: u64) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    let mut rng = Rng::new(seed);
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Position;
    use outpost_types::GameResult;

    /// The features of both perspectives computed from the record equal those computed from
    /// the position itself, square by square, with the spec's formula.
    #[test]
    fn features_follow_the_spec() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 0 1",
            "8/8/8/4k3/8/8/8/R3K3 b - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let r = Record::new(
                &pos,
                pos.legal_moves()[0],
                150,
                false,
                GameResult::WhiteWins,
                20,
            );
            let s = Sample::from_record(&r);
            let stm = pos.side_to_move();
            let mut want_us = Vec::new();
            let mut want_them = Vec::new();
            for sq in outpost_board::Square::all() {
                if let Some(p) = pos.piece_on(sq) {
                    let side_w = p.color().index();
                    let white = (side_w * 6 + p.kind().index()) * 64 + sq.index();
                    let black = ((1 - side_w) * 6 + p.kind().index()) * 64 + (sq.index() ^ 56);
                    let (u, t) = if stm == Color::White {
                        (white, black)
                    } else {
                        (black, white)
                    };
                    want_us.push(u as u16);
                    want_them.push(t as u16);
                }
            }
            let f = s.features(FeatureSet::Standard768);
            // Square order, the same piece at the same place in both lists.
            assert_eq!(f.us(), want_us, "{fen}");
            assert_eq!(f.them(), want_them, "{fen}");
            let sign = if stm == Color::White { 1 } else { -1 };
            assert_eq!(s.score, 150 * sign);
            assert_eq!(s.result, if stm == Color::White { 2 } else { 0 });
            assert_eq!(s.bucket(), bucket(pos.occupied().count()));
        }
    }

    /// A mirrored sample has the features of the board reflected file by file (FEN ranks read
    /// backwards), for both perspectives, and the same score, result and bucket.
    #[test]
    fn mirrored_sample_is_the_reflected_board() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let (board, rest) = fen.split_once(' ').unwrap();
            let reflected: Vec<String> = board
                .split('/')
                .map(|rank| rank.chars().rev().collect())
                .collect();
            let mirror = Position::from_fen(&format!("{} {rest}", reflected.join("/"))).unwrap();
            let record =
                |p: &Position| Record::new(p, p.legal_moves()[0], -70, false, GameResult::Draw, 30);
            let m = Sample::from_record(&record(&pos)).mirrored();
            let want = Sample::from_record(&record(&mirror));
            let sorted = |f: &[u16]| {
                let mut f = f.to_vec();
                f.sort();
                f
            };
            let set = FeatureSet::Standard768;
            let (mf, wf) = (m.features(set), want.features(set));
            assert_eq!(sorted(mf.us()), sorted(wf.us()), "{fen}");
            assert_eq!(sorted(mf.them()), sorted(wf.them()), "{fen}");
            assert_eq!(
                (m.score, m.result, m.bucket()),
                (want.score, want.result, want.bucket())
            );
            assert_eq!(m.mirrored(), Sample::from_record(&record(&pos)));
        }
    }

    /// King-bucket features of a sample are the set's for the position's own king squares,
    /// and the factor inputs are each piece's standard input after the set's.
    #[test]
    fn king_bucket_features_and_their_factor() {
        let set = FeatureSet::KingMirrored4;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let r = Record::new(&pos, pos.legal_moves()[0], 30, false, GameResult::Draw, 20);
            let s = Sample::from_record(&r);
            let stm = pos.side_to_move();
            let want = |c: Color| -> Vec<u16> {
                outpost_board::Square::all()
                    .filter_map(|sq| pos.piece_on(sq).map(|p| (sq, p)))
                    .map(|(sq, p)| set.feature_index(c, pos.king(c), p, sq) as u16)
                    .collect()
            };
            let f = s.features(set);
            assert_eq!(f.us(), want(stm), "{fen}");
            assert_eq!(f.them(), want(!stm), "{fen}");
            let n = f.us().len();
            let g = f.factorised(set);
            assert_eq!(&g.us()[..n], f.us());
            for i in 0..n {
                assert_eq!(
                    g.us()[n + i] as usize,
                    set.inputs() + f.us()[i] as usize % 768
                );
                assert_eq!(
                    g.them()[n + i] as usize,
                    set.inputs() + f.them()[i] as usize % 768
                );
            }
            assert_eq!(training_inputs(set), set.inputs() + 768);
            // A mirrored king-bucket sample has the same inputs as the one played.
            let sorted = |f: &[u16]| {
                let mut f = f.to_vec();
                f.sort();
                f
            };
            let m = s.mirrored().features(set);
            assert_eq!(sorted(m.us()), sorted(f.us()));
            assert_eq!(sorted(m.them()), sorted(f.them()));
            // The standard set has no factor.
            let plain = s.features(FeatureSet::Standard768);
            assert_eq!(plain.factorised(FeatureSet::Standard768), plain);
        }
    }

    #[test]
    fn a_sample_is_32_bytes() {
        assert_eq!(std::mem::size_of::<Sample>(), 32);
    }

    #[test]
    fn permutation_is_one() {
        let mut p = permutation(1000, 7);
        assert_eq!(p, permutation(1000, 7));
        assert_ne!(p, permutation(1000, 8));
        p.sort();
        assert!(p.iter().enumerate().all(|(i, &x)| i as u32 == x));
    }
}
