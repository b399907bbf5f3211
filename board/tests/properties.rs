//! Property tests over random legal games, standard chess and Chess960.
//!
//! Games are played with a deterministic xorshift generator (no external crate: the properties
//! need nothing more than "pick one of these"), biased towards castling, en passant, double
//! pushes and promotions so the rare rules come up often. After every move the position is
//! checked against its invariants: keys against a from-scratch computation, make/unmake and
//! copy-make against each other for every legal move, FEN round trips, the staged generators
//! against the full one, `is_legal` against the generated list for random 16-bit moves, and
//! `gives_check` against the position after the move, each side's attack map against the
//! square-by-square test, and SAN and UCI text round trips.

mod common;

use common::read_data;
use outpost_board::{
    Bitboard, Color, GenKind, Move, MoveKind, MoveList, PieceType, Position, Rng, Square,
    FIFTY_MOVE_PLIES,
};

/// Random 16-bit moves tried against `is_legal` in every position.
const RAW_SAMPLES: usize = 192;

/// Every how many plies every (from, to, flags) move of the side to move is tried.
const EXHAUSTIVE_EVERY: usize = 8;

/// Counts of what the games exercised, so a test run shows the rare rules really came up.
#[derive(Default, Debug)]
struct Coverage {
    games: usize,
    plies: usize,
    moves_checked: usize,
    castles_played: usize,
    en_passant_played: usize,
    promotions_played: usize,
    checks: usize,
    raw_moves_tried: usize,
}

fn chess960_starts() -> Vec<String> {
    let starts: Vec<String> = read_data("chess960/chess960.epd")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(
        starts.len(),
        960,
        "chess960.epd lists the 960 start positions"
    );
    starts
}

/// A random legal move, preferring the rare kinds when they are available.
fn pick(pos: &Position, moves: &MoveList, rng: &mut Rng) -> Move {
    let of = |f: &dyn Fn(Move) -> bool| -> Vec<Move> {
        moves.iter().copied().filter(|&m| f(m)).collect()
    };
    let ep = of(&|m| m.is_en_passant());
    let castles = of(&|m| m.is_castling());
    let promos = of(&|m| m.is_promotion());
    let doubles = of(&|m| {
        pos.moved_piece(m).map(|p| p.kind()) == Some(PieceType::Pawn)
            && m.from().index().abs_diff(m.to().index()) == 16
    });
    let captures = of(&|m| pos.is_capture(m));
    for (list, num, den) in [
        (&ep, 7, 10),
        (&castles, 1, 2),
        (&promos, 3, 5),
        (&doubles, 1, 4),
        (&captures, 1, 4),
    ] {
        if !list.is_empty() && rng.below(den) < num {
            return list[rng.below(list.len())];
        }
    }
    moves[rng.below(moves.len())]
}

/// Everything that must hold in `pos`; `prev` holds the legal moves of the position before, which
/// are mostly illegal here and make good `is_legal` probes (like a killer move from a sibling).
fn check_position(
    pos: &Position,
    prev: &MoveList,
    chess960: bool,
    rng: &mut Rng,
    ply: usize,
    cov: &mut Coverage,
) {
    let fen = pos.to_fen();
    let us = pos.side_to_move();
    let them = !us;

    // Keys kept incrementally equal keys computed from scratch.
    assert_eq!(
        (pos.key(), pos.pawn_key(), pos.material_key()),
        pos.compute_keys(),
        "incremental keys differ from scratch in {fen}"
    );
    assert_eq!(
        [
            pos.non_pawn_key(Color::White),
            pos.non_pawn_key(Color::Black)
        ],
        pos.compute_non_pawn_keys(),
        "incremental non-pawn keys differ from scratch in {fen}"
    );

    // Check information.
    let ksq = pos.king(us);
    let checkers = pos.attackers_to(ksq, pos.occupied()) & pos.colored(them);
    assert_eq!(pos.checkers(), checkers, "checkers wrong in {fen}");
    assert_eq!(pos.in_check(), checkers.any(), "in_check wrong in {fen}");
    assert!(
        !pos.is_attacked_by(pos.king(them), us, pos.occupied()),
        "side not to move is in check in {fen}"
    );
    cov.checks += pos.in_check() as usize;

    // The attack map of each side agrees with the square-by-square attack test.
    for side in [us, them] {
        let map = pos.attacks_by(side);
        for sq in Square::all() {
            assert_eq!(
                map.has(sq),
                pos.is_attacked_by(sq, side, pos.occupied()),
                "attacks_by({side:?}) wrong on {sq} in {fen}"
            );
        }
    }

    // FEN round trips, in both castling styles.
    for text in [pos.to_fen(), pos.to_shredder_fen()] {
        let back =
            Position::from_fen(&text).unwrap_or_else(|e| panic!("own FEN {text} rejected: {e}"));
        assert_eq!(
            back, *pos,
            "FEN round trip through {text} changes the position"
        );
        assert_eq!(back.to_fen(), fen, "FEN text not stable for {text}");
    }

    // Full generator: counts agree, no duplicates.
    let legal = pos.legal_moves();
    assert_eq!(
        pos.count_legal_moves(),
        legal.len() as u64,
        "count_legal_moves in {fen}"
    );
    assert_eq!(
        pos.has_legal_move(),
        !legal.is_empty(),
        "has_legal_move in {fen}"
    );
    let mut sorted: Vec<u16> = legal.iter().map(|m| m.raw()).collect();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        legal.len(),
        "duplicate moves generated in {fen}"
    );

    // Staged generators: noisy and quiet split the legal moves exactly.
    let mut noisy = MoveList::new();
    pos.generate(GenKind::Noisy, &mut noisy);
    let mut quiet = MoveList::new();
    pos.generate(GenKind::Quiet, &mut quiet);
    let mut all = MoveList::new();
    pos.generate(GenKind::All, &mut all);
    assert_eq!(
        all.as_slice(),
        legal.as_slice(),
        "generate(All) != legal_moves in {fen}"
    );
    for &m in noisy.iter() {
        assert!(pos.is_noisy(m), "Noisy generated quiet move {m} in {fen}");
        assert!(!quiet.contains(m), "{m} is both noisy and quiet in {fen}");
        assert!(
            legal.contains(m),
            "Noisy generated {m}, not in All, in {fen}"
        );
    }
    for &m in quiet.iter() {
        assert!(!pos.is_noisy(m), "Quiet generated noisy move {m} in {fen}");
        assert!(
            legal.contains(m),
            "Quiet generated {m}, not in All, in {fen}"
        );
    }
    assert_eq!(
        noisy.len() + quiet.len(),
        legal.len(),
        "Noisy + Quiet misses moves in {fen}"
    );
    if pos.in_check() {
        let mut evasions = MoveList::new();
        pos.generate_evasions(&mut evasions);
        assert_eq!(
            evasions.as_slice(),
            legal.as_slice(),
            "evasions differ in {fen}"
        );
    }

    // Every legal move: legal, consistent classification, make/unmake, copy-make, gives_check.
    for &m in legal.iter() {
        cov.moves_checked += 1;
        assert!(
            pos.is_legal(m),
            "generated move {m} fails is_legal in {fen}"
        );
        let piece = pos
            .moved_piece(m)
            .unwrap_or_else(|| panic!("{m} moves nothing in {fen}"));
        assert_eq!(piece.color(), us, "{m} moves an enemy piece in {fen}");
        assert_eq!(
            pos.captured_kind(m).is_some(),
            pos.is_capture(m),
            "captured_kind vs is_capture for {m} in {fen}"
        );
        assert_eq!(
            pos.is_noisy(m),
            pos.is_capture(m) || m.is_promotion(),
            "is_noisy for {m} in {fen}"
        );

        let mut made = *pos;
        let undo = made.make_move(m);
        let copied = pos.play(m);
        assert_eq!(made, copied, "play({m}) != make_move({m}) in {fen}");
        assert_eq!(
            (made.key(), made.pawn_key(), made.material_key()),
            made.compute_keys(),
            "keys after {m} differ from scratch, from {fen}"
        );
        assert_eq!(
            [
                made.non_pawn_key(Color::White),
                made.non_pawn_key(Color::Black)
            ],
            made.compute_non_pawn_keys(),
            "non-pawn keys after {m} differ from scratch, from {fen}"
        );
        assert_eq!(made.side_to_move(), them);
        let lost = pos.colored(them).count() - made.colored(them).count();
        assert_eq!(
            lost,
            pos.is_capture(m) as u32,
            "capture count for {m} in {fen}"
        );
        assert_eq!(
            pos.gives_check(m),
            made.in_check(),
            "gives_check({m}) wrong in {fen}"
        );
        made.unmake_move(m, &undo);
        assert_eq!(made, *pos, "unmake_move({m}) does not restore {fen}");

        // SAN: reads back to the same move; the check suffix matches the position after it.
        let san = pos.to_san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "SAN {san} for {m} in {fen}");
        let suffix = if made_in_check_and_mated(pos, m) {
            Some('#')
        } else if pos.gives_check(m) {
            Some('+')
        } else {
            None
        };
        assert_eq!(
            san.chars().last().filter(|c| "+#".contains(*c)),
            suffix,
            "SAN {san} suffix in {fen}"
        );

        // UCI text: the king-takes-rook form always names this move; the standard form does
        // too except for castling that could be read as a king step.
        let text = m.to_uci(true).to_string();
        assert_eq!(pos.parse_uci_move(&text), Ok(m), "UCI {text} in {fen}");
        if !m.is_castling() || !chess960 {
            let text = m.to_uci(false).to_string();
            assert_eq!(pos.parse_uci_move(&text), Ok(m), "UCI {text} in {fen}");
        }
    }

    // Moves of the previous position, and random 16-bit values, are legal exactly when generated.
    let probe = |m: Move, cov: &mut Coverage| {
        cov.raw_moves_tried += 1;
        assert_eq!(
            pos.is_legal(m),
            legal.contains(m),
            "is_legal({m}, raw {:#06x}) in {fen}",
            m.raw()
        );
    };
    for &m in prev.iter() {
        probe(m, cov);
    }
    let ours: Vec<Square> = pos.colored(us).iter().collect();
    for i in 0..RAW_SAMPLES {
        let raw = rng.next_u64() as u16;
        let m = if i % 2 == 0 {
            Move::from_raw(raw)
        } else {
            // Aim at our own pieces so the probes reach deep into the generator.
            let from = ours[rng.below(ours.len())];
            Move::from_raw(raw & !63 | from.index() as u16)
        };
        probe(m, cov);
    }
    if ply.is_multiple_of(EXHAUSTIVE_EVERY) {
        for &from in &ours {
            for to in 0..64u16 {
                for flags in 0..16u16 {
                    probe(
                        Move::from_raw(from.index() as u16 | to << 6 | flags << 12),
                        cov,
                    );
                }
            }
        }
    }

    // Null move: only when not in check, restores everything.
    if !pos.in_check() {
        let mut p = *pos;
        let undo = p.make_null();
        assert_eq!(p.side_to_move(), them);
        assert_eq!(p.ep_square(), None);
        assert_eq!(
            (p.key(), p.pawn_key(), p.material_key()),
            p.compute_keys(),
            "keys after null move in {fen}"
        );
        p.unmake_null(&undo);
        assert_eq!(p, *pos, "unmake_null does not restore {fen}");
    }
}

/// Whether `m` mates.
fn made_in_check_and_mated(pos: &Position, m: Move) -> bool {
    let next = pos.play(m);
    next.in_check() && !next.has_legal_move()
}

fn play_games(games: usize, chess960: bool, seed: u64) -> Coverage {
    let starts = if chess960 {
        chess960_starts()
    } else {
        Vec::new()
    };
    let mut rng = Rng::new(seed);
    let mut cov = Coverage::default();
    for _ in 0..games {
        let mut pos = if chess960 {
            let fen = &starts[rng.below(starts.len())];
            Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
        } else {
            Position::startpos()
        };
        let mut prev = MoveList::new();
        let plies = 20 + rng.below(180);
        for ply in 0..plies {
            check_position(&pos, &prev, chess960, &mut rng, ply, &mut cov);
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.halfmove_clock() >= FIFTY_MOVE_PLIES {
                break;
            }
            let m = pick(&pos, &moves, &mut rng);
            match m.kind() {
                MoveKind::Castling => cov.castles_played += 1,
                MoveKind::EnPassant => cov.en_passant_played += 1,
                MoveKind::Promotion => cov.promotions_played += 1,
                MoveKind::Normal => {}
            }
            pos.make_move(m);
            prev = moves;
            cov.plies += 1;
        }
        cov.games += 1;
    }
    println!(
        "{} games: {cov:?}",
        if chess960 { "Chess960" } else { "standard" }
    );
    cov
}

fn assert_covered(cov: &Coverage) {
    assert!(cov.plies >= 3000, "too few plies: {cov:?}");
    assert!(cov.castles_played >= 20, "castling rarely played: {cov:?}");
    assert!(
        cov.en_passant_played >= 20,
        "en passant rarely played: {cov:?}"
    );
    assert!(
        cov.promotions_played >= 20,
        "promotions rarely played: {cov:?}"
    );
    assert!(cov.checks >= 50, "few positions in check: {cov:?}");
}

#[test]
fn random_standard_games() {
    let cov = play_games(250, false, 0x5EED_0001);
    assert_covered(&cov);
}

#[test]
fn random_chess960_games() {
    let cov = play_games(250, true, 0x5EED_0960);
    assert_covered(&cov);
}

/// Positions with several en-passant and castling subtleties, checked the same way (their whole
/// one-ply neighbourhood is covered by `check_position`).
#[test]
fn special_positions() {
    let fens = [
        // En passant that would expose the king along the rank.
        ("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", false),
        // En passant that evades a check by the double-pushed pawn.
        ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", false),
        // Chess960: king and rook already on their castling squares, rook between.
        ("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", true),
        ("rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", true),
        ("2r1kr2/8/8/8/8/8/8/2R1KR2 w CFcf - 0 1", true),
        // Castling with free and with attacked transit squares.
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false),
        ("r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1", false),
        // A promotion that captures the castling rook; a double check.
        ("4k3/8/8/8/8/8/6p1/4K2R b K - 0 1", false),
        ("4r1k1/8/8/8/8/8/2n5/4K3 w - - 0 1", false),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            false,
        ),
        // Two bishops checking along one diagonal (perftsuite; legal to set up).
        ("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", false),
    ];
    let mut rng = Rng::new(7);
    let mut cov = Coverage::default();
    for (i, &(fen, chess960)) in fens.iter().enumerate() {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        check_position(
            &pos,
            &MoveList::new(),
            chess960,
            &mut rng,
            i * EXHAUSTIVE_EVERY,
            &mut cov,
        );
    }
    assert!(cov.moves_checked > 100);
}

/// The colour helpers the tests above lean on are what they claim.
#[test]
fn test_helpers_sane() {
    let p = Position::startpos();
    assert_eq!(p.colored(Color::White).count(), 16);
    assert_eq!(
        p.colored(Color::White) & p.colored(Color::Black),
        Bitboard::EMPTY
    );
    let mut rng = Rng::new(1);
    let a: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
    let mut rng = Rng::new(1);
    let b: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
    assert_eq!(a, b, "the generator must be deterministic");
    assert!(a.windows(2).all(|w| w[0] != w[1]));
}
