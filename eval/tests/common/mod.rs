//! Helpers for the network's tests: deterministic random positions and the colour flip.

use outpost_board::{Position, Rng, STARTPOS_FEN};

/// Positions hard-coded to cover what random play rarely reaches: castled kings, passers,
/// opposite bishops, bare kings.
pub const FENS: [&str; 12] = [
    STARTPOS_FEN,
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 9",
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1Q3/PPP2PPP/2KR3R b - - 3 12",
    "2r3k1/5pp1/p3p2p/1p1nP3/3P4/P4N1P/1P3PP1/2R3K1 w - - 0 28",
    "8/5pk1/6p1/3B4/1b6/6P1/5PK1/8 b - - 0 40",
    "8/P7/8/8/8/8/5k2/K7 w - - 0 1",
    "8/8/8/4k3/8/8/3KB3/7N w - - 0 1",
    "6k1/8/8/8/8/8/8/3QK3 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "1k6/1pp5/p7/8/8/P6P/1P3PP1/6K1 b - - 0 30",
    "5rk1/1p3ppp/p1n5/3N4/2Q5/8/PPq2PPP/4R1K1 w - - 0 20",
];

/// Positions from random legal playouts of the start position plus `FENS`, `count` in all.
pub fn positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Position> = FENS
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    while out.len() < count {
        let mut pos = Position::startpos();
        for _ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.halfmove_clock() >= 100 || out.len() >= count {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            pos = pos.play(m);
            out.push(pos);
        }
    }
    out
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The same position with colours swapped: ranks mirrored, pieces and side to move exchanged.
pub fn colour_flipped(pos: &Position) -> Position {
    let fen = pos.to_fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(swap_case).collect())
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" {
        "-".to_string()
    } else {
        f[2].chars().map(swap_case).collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
    };
    let flipped = format!(
        "{} {side} {castling} {ep} {} {}",
        placement.join("/"),
        f[4],
        f[5]
    );
    Position::from_fen(&flipped).unwrap_or_else(|e| panic!("{flipped}: {e}"))
}
