//! The NNUE inference against docs/nnue.md: incremental accumulator updates equal a refresh
//! after every kind of move at every SIMD level, the loader refuses each kind of bad file with
//! the matching error, the score equals an independent transcription of the spec's formula, and
//! swapping colours keeps it.

mod common;

use common::{colour_flipped, positions};
use outpost_board::{Color, Move, MoveKind, PieceType, Position, Rng, Square};
use outpost_eval::nnue::{
    simd, Accumulator, Changes, FeatureSet, NetError, Network, HEADER_LEN, HIDDEN, NET_SIZE,
    W1_LIMIT, W2_LIMIT,
};

// ---------------------------------------------------------------------------------------------
// Incremental updates

/// A Chess960 start position in Shredder-FEN: bishops on opposite colours, the king between
/// the rooks, the rest anywhere.
fn chess960_fen(rng: &mut Rng) -> String {
    let mut rank = [' '; 8];
    rank[2 * rng.below(4)] = 'B';
    rank[2 * rng.below(4) + 1] = 'B';
    for piece in ['Q', 'N', 'N'] {
        let empty: Vec<usize> = (0..8).filter(|&f| rank[f] == ' ').collect();
        rank[empty[rng.below(empty.len())]] = piece;
    }
    let rest: Vec<usize> = (0..8).filter(|&f| rank[f] == ' ').collect();
    let (queen_rook, king, king_rook) = (rest[0], rest[1], rest[2]);
    rank[queen_rook] = 'R';
    rank[king] = 'K';
    rank[king_rook] = 'R';
    let white: String = rank.iter().collect();
    let file = |f: usize| (b'A' + f as u8) as char;
    let castling = format!("{}{}", file(king_rook), file(queen_rook));
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling}{} - 0 1",
        white.to_ascii_lowercase(),
        castling.to_ascii_lowercase()
    )
}

/// How often each kind of move was checked, so the test proves it met the rare ones.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    captures: usize,
    castling: usize,
    /// Chess960 castling where the king or the rook does not move.
    castling_in_place: usize,
    en_passant: usize,
    promotions: usize,
    capture_promotions: usize,
    null_moves: usize,
    /// King moves that changed their side's king bucket or reflection (king-bucket sets only).
    view_changes: usize,
}

impl Seen {
    fn record(&mut self, pos: &Position, m: Move) {
        self.moves += 1;
        self.captures += pos.is_capture(m) as usize;
        match m.kind() {
            MoveKind::Castling => {
                self.castling += 1;
                self.castling_in_place +=
                    (m.from() == m.castling_king_to() || m.to() == m.castling_rook_to()) as usize;
            }
            MoveKind::EnPassant => self.en_passant += 1,
            MoveKind::Promotion => {
                self.promotions += 1;
                self.capture_promotions += pos.is_capture(m) as usize;
            }
            MoveKind::Normal => {}
        }
    }
}

/// A random move biased towards the rare kinds: castling, en passant and promotions when there
/// are any, then captures and pawn moves (which lead to promotions).
fn biased_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    let moves = moves.as_slice();
    let pick =
        |list: Vec<Move>, rng: &mut Rng| (!list.is_empty()).then(|| list[rng.below(list.len())]);
    let special: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.kind() != MoveKind::Normal)
        .collect();
    let captures: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m))
        .collect();
    let pawn_moves: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            pos.moved_piece(m)
                .is_some_and(|p| p.kind() == PieceType::Pawn)
        })
        .collect();
    let roll = rng.below(8);
    let chosen = match roll {
        0..=4 => pick(special, rng),
        5 => pick(captures, rng),
        6 => pick(pawn_moves, rng),
        _ => None,
    };
    chosen.or_else(|| pick(moves.to_vec(), rng))
}

/// Plays one game from `fen`: every ply, each special move and two random ones are checked as
/// siblings from the same parent, then the chosen move (or a null move) extends the line, whose
/// accumulators are only ever updated, never refreshed, so any error would accumulate.
fn check_game<const H: usize, const F: u32>(
    net: &Network<H, F>,
    fen: &str,
    rng: &mut Rng,
    seen: &mut Seen,
) {
    let features = Network::<H, F>::SHAPE.features;
    let mut pos = Position::from_fen(fen).unwrap();
    let mut stack = vec![Accumulator::new(net, &pos)];
    for ply in 0..240 {
        if pos.halfmove_clock() >= 100 {
            break;
        }
        let parent = stack.last().unwrap();
        let legal = pos.legal_moves();
        let mut siblings: Vec<Move> = legal
            .as_slice()
            .iter()
            .copied()
            .filter(|m| m.kind() != MoveKind::Normal)
            .collect();
        for _ in 0..2 {
            if !legal.is_empty() {
                siblings.push(legal.as_slice()[rng.below(legal.len())]);
            }
        }
        let mut child = Accumulator::default();
        for &m in &siblings {
            let after = pos.play(m);
            child.update(parent, net, &Changes::of_move(&pos, m), &after);
            let us = pos.side_to_move();
            if features.king_buckets() > 1
                && features.view(us, pos.king(us)) != features.view(us, after.king(us))
            {
                seen.view_changes += 1;
            }
            assert_eq!(
                child,
                Accumulator::new(net, &after),
                "{m} in {} ({fen}, ply {ply})",
                pos.to_fen()
            );
            seen.record(&pos, m);
        }

        let null = !pos.in_check() && rng.below(10) == 0;
        let (next, changes) = if null {
            let mut next = pos;
            next.make_null();
            seen.null_moves += 1;
            (next, Changes::NONE)
        } else {
            let Some(m) = biased_move(&pos, rng) else {
                break;
            };
            (pos.play(m), Changes::of_move(&pos, m))
        };
        let mut acc = Accumulator::default();
        acc.update(parent, net, &changes, &next);
        assert_eq!(
            acc,
            Accumulator::new(net, &next),
            "line of {fen}, ply {ply}"
        );
        assert_eq!(
            net.evaluate(&acc, next.side_to_move(), next.occupied().count()),
            net.evaluate_position(&next)
        );
        stack.push(acc);
        pos = next;
    }
}

/// `check_game` on `games` games, Chess960 starts and the standard one in turn.
fn check_games<const H: usize, const F: u32>(net: &Network<H, F>, games: usize, seed: u64) -> Seen {
    let mut rng = Rng::new(seed);
    let mut seen = Seen::default();
    for game in 0..games {
        let fen = if game % 2 == 0 {
            chess960_fen(&mut rng)
        } else {
            outpost_board::STARTPOS_FEN.to_string()
        };
        check_game(net, &fen, &mut rng, &mut seen);
    }
    seen
}

#[test]
fn incremental_updates_equal_a_refresh_and_scores_the_spec_at_every_simd_level() {
    let net = Network::<HIDDEN>::random(0x17);
    let (levels, skipped): (Vec<simd::Level>, Vec<simd::Level>) =
        simd::Level::ALL.into_iter().partition(|l| l.is_available());
    // Say which levels this CPU cannot check: a pass on a CPU without AVX-512 says nothing
    // about the AVX-512 path. Written to stderr directly, which `cargo test` shows (a
    // `println!` is captured and shown only when the test fails), as `simd.rs`'s tests do.
    for level in &skipped {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "incremental_updates_equal_a_refresh_and_scores_the_spec_at_every_simd_level: {} \
             skipped, this CPU lacks it",
            level.name()
        );
    }
    for level in &levels {
        println!("{}: checked", level.name());
    }
    for level in levels {
        assert!(simd::set_level(level));
        let seen = check_games(&net, 150, 0x5EED ^ level as u64);
        // Whole evaluations at this level against the spec (and so against the other levels).
        let bytes = net.to_bytes();
        for pos in positions(300, level as u64) {
            assert_eq!(net.evaluate_position(&pos), reference_eval(&bytes, &pos));
        }
        // Other tests of this file never set the level, so it is still ours.
        assert_eq!(simd::level(), level);
        println!("{}: {seen:?}", level.name());
        assert!(seen.moves >= 50_000, "{seen:?}");
        assert!(seen.captures >= 4_000, "{seen:?}");
        assert!(seen.castling >= 150, "{seen:?}");
        assert!(seen.castling_in_place >= 20, "{seen:?}");
        assert!(seen.en_passant >= 40, "{seen:?}");
        assert!(seen.promotions >= 1_000, "{seen:?}");
        assert!(seen.capture_promotions >= 200, "{seen:?}");
        assert!(seen.null_moves >= 2_000, "{seen:?}");
    }
    assert!(simd::set_level(simd::Level::best()));
}

#[test]
fn chess960_castlings_where_squares_overlap() {
    let net = Network::<HIDDEN>::random(3);
    for fen in [
        // King b1, rook a1: O-O-O puts the king on c1, the rook on d1.
        "1k6/8/8/8/8/8/8/RK6 w A - 0 1",
        // King f1, rook g1: O-O swaps them (king to the rook's square and back).
        "1k6/8/8/8/8/8/8/5KR1 w G - 0 1",
        // King e1, rook d1: O-O-O moves the king to c1; the rook stays on d1.
        "1k6/8/8/8/8/8/8/3RK3 w D - 0 1",
        // King g1, rook h1: O-O leaves the king on g1; the rook goes to f1.
        "1k6/8/8/8/8/8/8/6KR w H - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let castles: Vec<Move> = pos
            .legal_moves()
            .as_slice()
            .iter()
            .copied()
            .filter(|m| m.is_castling())
            .collect();
        assert_eq!(castles.len(), 1, "{fen}");
        let parent = Accumulator::new(&net, &pos);
        let mut child = Accumulator::default();
        let after = pos.play(castles[0]);
        child.update(&parent, &net, &Changes::of_move(&pos, castles[0]), &after);
        assert_eq!(child, Accumulator::new(&net, &after), "{fen}");
    }
}

// ---------------------------------------------------------------------------------------------
// The forward pass against the spec

/// docs/nnue.md's layout and formula, transcribed without the engine's code: weights read by
/// offset from the file, accumulators in i32, the output in i64.
#[allow(non_snake_case)]
fn reference_eval(bytes: &[u8], pos: &Position) -> i32 {
    let word = |i: usize| u32::from_le_bytes(bytes[4 * i..4 * i + 4].try_into().unwrap());
    // The hidden size is the header's third word, the feature set its eighth: 1 the 768 inputs,
    // 2 the same per king bucket (4), the board reflected when the own king is on files e-h.
    let H = word(2) as usize;
    let king_buckets = word(7) == 2;
    let inputs = if king_buckets { 4 * 768 } else { 768 };
    let i16_at = |i: usize| i16::from_le_bytes([bytes[i], bytes[i + 1]]) as i64;
    let w1 = |feature: usize, i: usize| i16_at(32 + 2 * (feature * H + i));
    let b1 = |i: usize| i16_at(32 + 2 * inputs * H + 2 * i);
    let w2_base = 32 + 2 * inputs * H + 2 * H;
    let w2 = |bucket: usize, i: usize| i16_at(w2_base + 2 * (bucket * 2 * H + i));
    let b2_base = w2_base + 2 * 8 * 2 * H;
    let b2 = |bucket: usize| {
        let o = b2_base + 4 * bucket;
        i32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]) as i64
    };

    let accumulate = |perspective: Color| -> Vec<i64> {
        let mut acc: Vec<i64> = (0..H).map(b1).collect();
        // The own king's file and rank as the perspective sees them (black's board turned).
        let king = pos.king(perspective);
        let king_rank = if perspective == Color::White {
            king.rank()
        } else {
            7 - king.rank()
        };
        let reflect = king_buckets && king.file() >= 4;
        let king_file = if reflect {
            7 - king.file()
        } else {
            king.file()
        };
        let bucket = match (king_rank, king_file) {
            _ if !king_buckets => 0,
            (0, 0..=2) => 0,
            (0, _) => 1,
            (1, _) => 2,
            _ => 3,
        };
        for sq in Square::all() {
            if let Some(p) = pos.piece_on(sq) {
                let side = (p.color() != perspective) as usize;
                let rank = if perspective == Color::White {
                    sq.rank()
                } else {
                    7 - sq.rank()
                };
                let file = if reflect { 7 - sq.file() } else { sq.file() };
                let square = 8 * rank as usize + file as usize;
                let feature = bucket * 768 + (side * 6 + p.kind().index()) * 64 + square;
                for (i, a) in acc.iter_mut().enumerate() {
                    *a += w1(feature, i);
                }
            }
        }
        acc
    };
    let pieces = pos.occupied().count() as usize;
    let bucket = ((pieces - 2) / 4).min(7);
    let us = accumulate(pos.side_to_move());
    let them = accumulate(!pos.side_to_move());
    let mut sum = 0i64;
    for i in 0..H {
        let (a, b) = (us[i].clamp(0, 255), them[i].clamp(0, 255));
        sum += a * w2(bucket, i) * a + b * w2(bucket, H + i) * b;
    }
    ((sum / 255 + b2(bucket)) * 400 / (255 * 128)) as i32
}

/// Another hidden size runs the same code (generic over it): smaller than one tile of
/// registers in the column sums, and a column of two AVX-512 registers.
fn check_hidden_size<const H: usize>() {
    let net = Network::<H>::random(0x64 + H as u64);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), Network::<H>::SHAPE.file_size());
    assert_eq!(Network::<H>::from_bytes(&bytes).as_ref(), Ok(&net));
    // At the level in use (the best this CPU has: only the test above sets another, and it
    // compares with the spec too); `simd`'s own tests compare the levels at these sizes.
    let seen = check_games(&net, 6, 0x5EED);
    assert!(seen.moves > 1000, "{seen:?}");
    let mut scores = std::collections::HashSet::new();
    for pos in positions(300, H as u64) {
        let score = net.evaluate_position(&pos);
        assert_eq!(
            score,
            reference_eval(&bytes, &pos),
            "H {H}: {}",
            pos.to_fen()
        );
        scores.insert(score);
    }
    assert!(scores.len() > 50, "only {} distinct scores", scores.len());
}

#[test]
fn other_hidden_sizes_follow_the_formula() {
    check_hidden_size::<64>();
    check_hidden_size::<128>();
    check_hidden_size::<512>();
}

/// The king-bucket inputs: incremental updates equal a refresh through king moves that change
/// the bucket or the reflection (the perspective is rebuilt) and those that do not, and the
/// score is the spec's.
#[test]
fn king_buckets_follow_the_formula() {
    const KB: u32 = FeatureSet::KingMirrored4.id();
    let net = Network::<128, KB>::random(0x4B);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), Network::<128, KB>::SHAPE.file_size());
    assert_eq!(Network::<128, KB>::from_bytes(&bytes).as_ref(), Ok(&net));
    let seen = check_games(&net, 40, 0x4B1D);
    assert!(seen.moves > 5000 && seen.castling > 10, "{seen:?}");
    assert!(seen.view_changes > 300, "{seen:?}");
    let mut scores = std::collections::HashSet::new();
    for pos in positions(600, 0x4B) {
        let score = net.evaluate_position(&pos);
        assert_eq!(score, reference_eval(&bytes, &pos), "{}", pos.to_fen());
        scores.insert(score);
    }
    assert!(scores.len() > 100, "only {} distinct scores", scores.len());
    // A net of the other set is refused by name, both ways.
    assert_eq!(
        Network::<128>::from_bytes(&bytes),
        Err(NetError::Features {
            found: FeatureSet::KingMirrored4,
            expected: FeatureSet::Standard768
        })
    );
    assert_eq!(
        Network::<128, KB>::from_bytes(&Network::<128>::random(1).to_bytes()),
        Err(NetError::Features {
            found: FeatureSet::Standard768,
            expected: FeatureSet::KingMirrored4
        })
    );
}

#[test]
fn evaluate_is_the_documented_formula() {
    for seed in [1, 2] {
        let net = Network::<HIDDEN>::random(seed);
        let bytes = net.to_bytes();
        let mut scores = std::collections::HashSet::new();
        for pos in positions(600, seed) {
            let score = net.evaluate_position(&pos);
            assert_eq!(score, reference_eval(&bytes, &pos), "{}", pos.to_fen());
            scores.insert(score);
        }
        // Guards against a degenerate network passing trivially.
        assert!(scores.len() > 100, "only {} distinct scores", scores.len());
    }
}

#[test]
fn colour_flip_keeps_the_score() {
    let net = Network::<HIDDEN>::random(0xF11);
    for pos in positions(3_000, 0xF11) {
        let flipped = colour_flipped(&pos);
        let (a, b) = (
            Accumulator::new(&net, &pos),
            Accumulator::new(&net, &flipped),
        );
        // Each side's perspective of a position is the other side's of its flip.
        assert_eq!(a.perspective(Color::White), b.perspective(Color::Black));
        assert_eq!(a.perspective(Color::Black), b.perspective(Color::White));
        assert_eq!(
            net.evaluate_position(&pos),
            net.evaluate_position(&flipped),
            "{} vs {}",
            pos.to_fen(),
            flipped.to_fen()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Loading

fn valid_bytes() -> Vec<u8> {
    Network::<HIDDEN>::random(0xB17E).to_bytes()
}

fn with_word(mut bytes: Vec<u8>, word: usize, value: u32) -> Vec<u8> {
    bytes[4 * word..4 * word + 4].copy_from_slice(&value.to_le_bytes());
    bytes
}

#[test]
fn a_valid_file_loads_and_writes_back_the_same_bytes() {
    let net = Network::<HIDDEN>::random(0xB17E);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), NET_SIZE);
    assert_eq!(
        NET_SIZE,
        32 + 2 * 768 * HIDDEN + 2 * HIDDEN + 2 * 8 * 2 * HIDDEN + 4 * 8
    );
    let loaded = Network::<HIDDEN>::from_bytes(&bytes).unwrap();
    assert_eq!(loaded, net);
    assert_eq!(loaded.to_bytes(), bytes);
    // Weights at the clip are legal.
    let mut edge = bytes.clone();
    edge[HEADER_LEN..HEADER_LEN + 2].copy_from_slice(&(-W1_LIMIT).to_le_bytes());
    assert!(Network::<HIDDEN>::from_bytes(&edge).is_ok());
}

#[test]
fn short_and_truncated_files_are_refused() {
    let bytes = valid_bytes();
    assert_eq!(
        Network::<HIDDEN>::from_bytes(&[]),
        Err(NetError::TooShort { len: 0 })
    );
    assert_eq!(
        Network::<HIDDEN>::from_bytes(&bytes[..HEADER_LEN - 1]),
        Err(NetError::TooShort { len: 31 })
    );
    for len in [HEADER_LEN, HEADER_LEN + 1, 1000, NET_SIZE / 2, NET_SIZE - 1] {
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&bytes[..len]),
            Err(NetError::Truncated {
                len,
                expected: NET_SIZE
            })
        );
    }
    let mut long = bytes;
    long.push(0);
    assert_eq!(
        Network::<HIDDEN>::from_bytes(&long),
        Err(NetError::TrailingBytes {
            len: NET_SIZE + 1,
            expected: NET_SIZE
        })
    );
}

#[test]
fn wrong_headers_are_refused_with_what_is_wrong() {
    let bytes = valid_bytes();
    let mut magic = bytes.clone();
    magic[..4].copy_from_slice(b"NNUE");
    assert_eq!(
        Network::<HIDDEN>::from_bytes(&magic),
        Err(NetError::BadMagic { found: *b"NNUE" })
    );
    let cases = [
        (1, 1, NetError::UnsupportedVersion { found: 1 }),
        (1, 4, NetError::UnsupportedVersion { found: 4 }),
        (1, 0, NetError::UnsupportedVersion { found: 0 }),
        (
            2,
            512,
            NetError::HiddenSize {
                found: 512,
                expected: HIDDEN as u32,
            },
        ),
        (
            3,
            16,
            NetError::Buckets {
                found: 16,
                expected: 8,
            },
        ),
        (
            4,
            181,
            NetError::Quantisation {
                name: "QA",
                found: 181,
                expected: 255,
            },
        ),
        (
            5,
            64,
            NetError::Quantisation {
                name: "QB",
                found: 64,
                expected: 128,
            },
        ),
        (
            6,
            410,
            NetError::Quantisation {
                name: "SCALE",
                found: 410,
                expected: 400,
            },
        ),
        (7, 0, NetError::UnknownFeatures { id: 0 }),
        (7, 3, NetError::UnknownFeatures { id: 3 }),
        (
            7,
            2,
            NetError::Features {
                found: FeatureSet::KingMirrored4,
                expected: FeatureSet::Standard768,
            },
        ),
    ];
    for (word, value, expected) in cases {
        let result = Network::<HIDDEN>::from_bytes(&with_word(bytes.clone(), word, value));
        assert_eq!(result, Err(expected.clone()));
        // The header is checked before the size: a header alone gives the same answer.
        let header = with_word(bytes[..HEADER_LEN].to_vec(), word, value);
        assert_eq!(Network::<HIDDEN>::from_bytes(&header), Err(expected));
    }
}

/// A version 2 file (net 5's and every net before it) has no feature-set word, and is read as
/// the one set version 2 had; its reserved word must still be 0.
#[test]
fn version_2_files_load_as_standard768() {
    let net = Network::<HIDDEN>::random(0xB17E);
    let v2 = with_word(with_word(net.to_bytes(), 1, 2), 7, 0);
    assert_eq!(Network::<HIDDEN>::from_bytes(&v2), Ok(net));
    assert_eq!(
        Network::<HIDDEN>::from_bytes(&with_word(v2, 7, 1)),
        Err(NetError::Reserved { found: 1 })
    );
}

#[test]
fn weights_beyond_the_training_clip_are_refused() {
    let bytes = valid_bytes();
    let w2_start = HEADER_LEN + 2 * 768 * HIDDEN + 2 * HIDDEN;
    let cases = [
        (HEADER_LEN + 2 * 1000, W1_LIMIT + 1, "W1", 1000, W1_LIMIT),
        (w2_start - 2, -W1_LIMIT - 1, "b1", HIDDEN - 1, W1_LIMIT),
        (w2_start + 2 * 700, W2_LIMIT + 1, "W2", 700, W2_LIMIT),
        (w2_start + 2 * 701, i16::MIN, "W2", 701, W2_LIMIT),
    ];
    for (offset, value, tensor, index, limit) in cases {
        let mut b = bytes.clone();
        b[offset..offset + 2].copy_from_slice(&value.to_le_bytes());
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&b),
            Err(NetError::WeightOutOfRange {
                tensor,
                index,
                value: value as i32,
                limit: limit as i32
            })
        );
    }
}

#[test]
fn random_and_corrupted_bytes_never_panic() {
    let mut rng = Rng::new(0xBAD);
    let mut refused = 0;
    for len in [
        1,
        4,
        31,
        32,
        33,
        64,
        4096,
        NET_SIZE - 1,
        NET_SIZE,
        NET_SIZE + 1,
    ] {
        let noise: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        assert!(
            Network::<HIDDEN>::from_bytes(&noise).is_err(),
            "{len} random bytes"
        );
        refused += 1;
    }
    // A valid header over a random body: some i16 is beyond the clip.
    let mut body: Vec<u8> = valid_bytes()[..HEADER_LEN].to_vec();
    body.extend((HEADER_LEN..NET_SIZE).map(|_| rng.next_u64() as u8));
    assert!(matches!(
        Network::<HIDDEN>::from_bytes(&body),
        Err(NetError::WeightOutOfRange { .. })
    ));
    // Single corrupted bytes anywhere: loaded or refused, never a panic.
    let bytes = valid_bytes();
    for _ in 0..200 {
        let mut b = bytes.clone();
        let i = rng.below(b.len());
        b[i] = rng.next_u64() as u8;
        refused += Network::<HIDDEN>::from_bytes(&b).is_err() as usize;
    }
    assert!(refused > 10);
}

#[test]
fn errors_say_what_is_wrong() {
    let text = |e: NetError| e.to_string();
    assert!(text(NetError::TooShort { len: 3 }).contains("too short"));
    assert!(text(NetError::BadMagic {
        found: *b"\x00ab\xff"
    })
    .contains("OPNN"));
    assert!(text(NetError::UnsupportedVersion { found: 1 }).contains("version 1"));
    assert!(text(NetError::HiddenSize {
        found: 512,
        expected: 256
    })
    .contains("hidden size 512"));
    assert!(text(NetError::Truncated {
        len: 40,
        expected: 400
    })
    .contains("truncated"));
    assert!(text(NetError::TrailingBytes {
        len: 401,
        expected: 400
    })
    .contains("1 bytes after"));
    let e = NetError::WeightOutOfRange {
        tensor: "W2",
        index: 7,
        value: 300,
        limit: 127,
    };
    assert!(text(e).contains("W2[7] = 300"));
}
