//! `perft_lean`'s generator against `Position`'s own (`movegen`), position by position.
//!
//! The perft suites (`board/tests/perft_suites.rs`) prove the lean generator's totals; this test
//! says which move or which board is wrong when they would differ. In every position of random
//! legal games it checks that
//!
//! - both generators give the same set of moves (the lean one as it plays them, in `Move`'s
//!   encoding, castling as king-takes-rook), none twice;
//! - the bulk count of the last ply (`Count`) is the number of legal moves;
//! - after each move, the lean board equals the `Position` after it (pieces, castling rights, the
//!   en-passant square), and its bulk count equals that position's number of legal moves.
//!
//! The games start from the standard start, from every position of the perft suites
//! (`tests/data/perft/perftsuite.epd`, `fischer.epd`, `tricky.perft`), and from Chess960 and
//! double Fischer random starts (`Position::chess960`); their moves are steered towards castling,
//! en passant and promotions (`pick`), so the rare rules come up often. Fixed seeds: a failure
//! repeats, with the position's FEN in its message.

use super::*;
use crate::{MoveList, Rng};
use std::collections::BTreeSet;

/// Games from the standard start and from Chess960 starts, plies at most in each.
const GAMES: usize = 250;
const GAME_PLIES: usize = 120;
/// Plies played from each perft-suite position.
const SUITE_PLIES: usize = 12;

/// The lean board as a `Position` would hold it: `Position` keeps an en-passant square only when a
/// pawn of the side to move stands beside the pushed pawn, the lean board after every double push
/// (its generator tests the capture itself).
fn comparable(mut b: Board, mover: Color) -> Board {
    if b.ep != NO_EP {
        let takers = b.kinds[PAWN] & b.colors[1 - mover.index()];
        if pawn_attacks(mover, sq(u32::from(b.ep))).0 & takers == 0 {
            b.ep = NO_EP;
        }
    }
    b
}

/// Every move the lean generator plays in `b`, with the board after it.
fn children(b: &Board, ctx: &Ctx, side: Color) -> Vec<(Move, Board)> {
    let mut out = Vec::new();
    let record = |m: Move, c: &Board| out.push((m, *c));
    match side {
        Color::White => gen::<White, _>(b, ctx, &mut Play::<White, _>::new(ctx, record)),
        Color::Black => gen::<Black, _>(b, ctx, &mut Play::<Black, _>::new(ctx, record)),
    }
    out
}

/// The lean count of the moves in `b`, `side` to move (perft's last ply).
fn bulk_count(b: &Board, ctx: &Ctx, side: Color) -> u64 {
    match side {
        Color::White => node::<White>(b, ctx, 1),
        Color::Black => node::<Black>(b, ctx, 1),
    }
}

/// What the games compared, so the test shows the rare rules really came up.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    /// Positions where the side to move still has a castling right (castling legal or not).
    with_rights: usize,
    moves: usize,
    checks: usize,
    castles: usize,
    /// Castling moves whose king or rook stays on its square (Chess960 only).
    castles_in_place: usize,
    en_passant: usize,
    promotions: usize,
}

/// Sorted moves in Chess960 notation, for failure messages.
fn text(moves: &BTreeSet<u16>) -> String {
    let uci: Vec<String> = moves
        .iter()
        .map(|&raw| Move::from_raw(raw).to_string())
        .collect();
    uci.join(" ")
}

/// Compares both generators in `pos`; see the module's comment.
fn compare(pos: &Position, cov: &mut Coverage) {
    let fen = pos.to_fen();
    let us = pos.side_to_move();
    let board = Board::new(pos);
    let ctx = Ctx::new(pos);
    let lean = children(&board, &ctx, us);
    let legal = pos.legal_moves();

    let lean_set: BTreeSet<u16> = lean.iter().map(|(m, _)| m.raw()).collect();
    let legal_set: BTreeSet<u16> = legal.iter().map(|m| m.raw()).collect();
    assert_eq!(
        lean_set,
        legal_set,
        "in {fen}: only the lean generator gives [{}], only Position gives [{}]",
        text(&lean_set.difference(&legal_set).copied().collect()),
        text(&legal_set.difference(&lean_set).copied().collect()),
    );
    assert_eq!(
        lean.len(),
        lean_set.len(),
        "lean generator repeats a move in {fen}"
    );
    assert_eq!(
        bulk_count(&board, &ctx, us),
        legal.len() as u64,
        "lean bulk count in {fen}"
    );

    for &(m, after_lean) in &lean {
        let after = pos.play(m);
        assert_eq!(
            comparable(after_lean, us),
            Board::new(&after),
            "lean board after {m} in {fen}"
        );
        assert_eq!(
            bulk_count(&after_lean, &ctx, !us),
            after.count_legal_moves(),
            "lean bulk count after {m} in {fen}"
        );
        if m.is_castling() {
            cov.castles += 1;
            let (king, rook) = (m.from(), m.to());
            if king == m.castling_king_to() || rook == m.castling_rook_to() {
                cov.castles_in_place += 1;
            }
        }
        cov.en_passant += usize::from(m.is_en_passant());
        cov.promotions += usize::from(m.is_promotion());
    }
    cov.positions += 1;
    cov.with_rights += usize::from(board.castling & (3 << (2 * us.index())) != 0);
    cov.moves += lean.len();
    cov.checks += usize::from(pos.in_check());
}

/// A random legal move, steered towards the rare rules: en passant and promotions when there are
/// any; castling now and then (castling late tests its conditions in more positions); often a
/// double push (which allows en passant) or a minor piece or queen leaving
/// its first rank (which clears the way to castle); and while castling rights remain, mostly no
/// other king or rook move (which would lose them).
fn pick(pos: &Position, moves: &MoveList, rng: &mut Rng) -> Move {
    let of = |keep: &dyn Fn(Move) -> bool| -> Vec<Move> {
        moves.iter().copied().filter(|&m| keep(m)).collect()
    };
    let kind = |m: Move| pos.moved_piece(m).map(|p| p.kind());
    let home = if pos.side_to_move() == Color::White {
        0
    } else {
        7
    };
    let rare = of(&|m| m.is_en_passant() || m.is_promotion());
    let castles = of(&|m| m.is_castling());
    let doubles = of(&|m| {
        kind(m) == Some(PieceType::Pawn) && m.from().index().abs_diff(m.to().index()) == 16
    });
    let developing = of(&|m| {
        let minor_or_queen = matches!(
            kind(m),
            Some(PieceType::Knight | PieceType::Bishop | PieceType::Queen)
        );
        minor_or_queen && m.from().rank() == home
    });
    let rights = pos.castling_rights() & (3 << (2 * pos.side_to_move().index()));
    let keeping_rights = if rights != 0 {
        of(&|m| !matches!(kind(m), Some(PieceType::King | PieceType::Rook)))
    } else {
        Vec::new()
    };
    for (list, one_in) in [
        (&rare, 1),
        (&castles, 4),
        (&doubles, 3),
        (&developing, 2),
        (&keeping_rights, 1),
    ] {
        if !list.is_empty() && rng.below(one_in) == 0 {
            return list[rng.below(list.len())];
        }
    }
    moves.as_slice()[rng.below(moves.len())]
}

/// Compares the generators in `start` and in each position of a random game of at most `plies`
/// from it.
fn play_game(start: Position, plies: usize, rng: &mut Rng, cov: &mut Coverage) {
    let mut pos = start;
    for _ in 0..=plies {
        compare(&pos, cov);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(pick(&pos, &moves, rng));
    }
}

/// The FENs of a perft suite under `tests/data/perft/`: EPD lines (`FEN ;D1 20 ...`) or
/// python-chess's `.perft` format (`epd FEN`).
fn suite_fens(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/perft")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter_map(|line| {
            if name.ends_with(".perft") {
                line.strip_prefix("epd ")
            } else {
                line.split(';').next().filter(|fen| !fen.trim().is_empty())
            }
        })
        .map(|fen| fen.trim().to_string())
        .collect()
}

#[test]
fn random_games_from_the_standard_start() {
    let mut rng = Rng::new(0x5eed_0001);
    let mut cov = Coverage::default();
    for _ in 0..GAMES {
        play_game(Position::startpos(), GAME_PLIES, &mut rng, &mut cov);
    }
    println!("standard games: {cov:?}");
    // About half of what the seeds give (30 000 positions, 7 300 with castling rights, 2 600
    // castles, 200 en-passant captures, 900 promotions, 1 100 checks).
    assert!(cov.positions > 15_000 && cov.with_rights > 3_500, "{cov:?}");
    assert!(cov.castles > 1_200 && cov.en_passant > 100, "{cov:?}");
    assert!(cov.promotions > 400 && cov.checks > 500, "{cov:?}");
}

#[test]
fn random_games_from_chess960_and_double_fischer_random_starts() {
    let mut rng = Rng::new(0x5eed_0960);
    let mut cov = Coverage::default();
    for game in 0..GAMES {
        let white = rng.below(960) as u16;
        // Every other game double Fischer random: the sides' rooks and kings on different files.
        let black = if game % 2 == 0 {
            white
        } else {
            rng.below(960) as u16
        };
        let start = Position::chess960(white, black).expect("arrangements 0..960 exist");
        play_game(start, GAME_PLIES, &mut rng, &mut cov);
    }
    println!("Chess960 games: {cov:?}");
    // About half of what the seeds give (30 000 positions, 2 300 castles, 640 with the king or
    // the rook staying put, 220 en-passant captures, 790 promotions).
    assert!(cov.positions > 15_000 && cov.with_rights > 3_000, "{cov:?}");
    assert!(cov.castles > 1_100 && cov.castles_in_place > 300, "{cov:?}");
    assert!(cov.en_passant > 100 && cov.promotions > 400, "{cov:?}");
}

#[test]
fn random_games_from_the_perft_suites() {
    let mut rng = Rng::new(0x5eed_5017e);
    let mut cov = Coverage::default();
    let mut starts = 0;
    for suite in ["perftsuite.epd", "fischer.epd", "tricky.perft"] {
        for fen in suite_fens(suite) {
            let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{suite}: {fen}: {e}"));
            play_game(pos, SUITE_PLIES, &mut rng, &mut cov);
            starts += 1;
        }
    }
    println!("perft-suite games: {cov:?}");
    assert_eq!(starts, 126 + 960 + 19, "every suite position read");
    // About half of what the seed gives (14 000 positions, 3 100 castles, 1 000 with the king
    // or the rook staying put, 150 en-passant captures, 300 promotions, 220 checks).
    assert!(cov.castles > 1_500 && cov.castles_in_place > 500, "{cov:?}");
    assert!(cov.en_passant > 75 && cov.promotions > 150, "{cov:?}");
    assert!(cov.checks > 100, "{cov:?}");
}
