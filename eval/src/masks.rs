//! Square-set tables the evaluation looks up: files, forward spans, king zones, distances.
//!
//! All are built at compile time so that an evaluation never computes a fill or a span loop.

use outpost_board::{attacks, Bitboard, Color, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;

const fn north_fill(mut b: u64) -> u64 {
    b |= b << 8;
    b |= b << 16;
    b |= b << 32;
    b
}

const fn south_fill(mut b: u64) -> u64 {
    b |= b >> 8;
    b |= b >> 16;
    b |= b >> 32;
    b
}

const fn adjacent(file: usize) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= FILE_A << (file - 1);
    }
    if file < 7 {
        m |= FILE_A << (file + 1);
    }
    m
}

/// `[color][square]`: squares strictly in front on the same file; the same plus the adjacent
/// files (where an enemy pawn stops a passer); the adjacent files only (where enemy pawns stand
/// that may one day attack the square). "In front" is seen from `color`'s side.
struct Spans {
    front: [[u64; 64]; 2],
    passed: [[u64; 64]; 2],
    attack: [[u64; 64]; 2],
}

const fn spans() -> Spans {
    let mut s = Spans {
        front: [[0; 64]; 2],
        passed: [[0; 64]; 2],
        attack: [[0; 64]; 2],
    };
    let mut sq = 0;
    while sq < 64 {
        let bit = 1u64 << sq;
        // The adjacent squares on the same rank, then filled forward for each colour.
        let row = adjacent(sq % 8) & (0xFFu64 << (sq / 8 * 8));
        s.front[0][sq] = north_fill(bit << 8);
        s.front[1][sq] = south_fill(bit >> 8);
        s.attack[0][sq] = north_fill(row << 8);
        s.attack[1][sq] = south_fill(row >> 8);
        s.passed[0][sq] = s.attack[0][sq] | s.front[0][sq];
        s.passed[1][sq] = s.attack[1][sq] | s.front[1][sq];
        sq += 1;
    }
    s
}

static SPANS: Spans = spans();

static ADJACENT: [u64; 8] = {
    let mut t = [0; 8];
    let mut f = 0;
    while f < 8 {
        t[f] = adjacent(f);
        f += 1;
    }
    t
};

/// Files next to `file`.
#[inline(always)]
pub fn adjacent_files(file: u8) -> Bitboard {
    Bitboard(ADJACENT[file as usize & 7])
}

/// Squares in front of `sq` on its file, seen from `color`.
#[inline(always)]
pub fn front(color: Color, sq: Square) -> Bitboard {
    Bitboard(SPANS.front[color.index()][sq.index()])
}

/// Squares in front of `sq` on its file and the adjacent files: a pawn of `color` on `sq` is
/// passed when no enemy pawn stands there.
#[inline(always)]
pub fn passed_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(SPANS.passed[color.index()][sq.index()])
}

/// Squares in front of `sq` on the adjacent files: enemy pawns there may one day attack `sq`
/// (seen from `color`, the owner of whatever stands on `sq`).
#[inline(always)]
pub fn attack_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(SPANS.attack[color.index()][sq.index()])
}

/// Every square in front of the pawns `b` of `color`, on their files.
#[inline(always)]
pub fn fill_forward(color: Color, b: Bitboard) -> Bitboard {
    match color {
        Color::White => Bitboard(north_fill(b.0 << 8)),
        Color::Black => Bitboard(south_fill(b.0 >> 8)),
    }
}

/// `b` moved one rank forward for `color`.
#[inline(always)]
pub fn forward(color: Color, b: Bitboard) -> Bitboard {
    match color {
        Color::White => b.north(),
        Color::Black => b.south(),
    }
}

/// Squares attacked by two pawns of `color` at once.
#[inline(always)]
pub fn pawn_double_attacks(color: Color, b: Bitboard) -> Bitboard {
    let f = forward(color, b);
    f.east() & f.west()
}

/// A rank seen from `color`'s side (0 = its first rank).
#[inline(always)]
pub fn relative_rank(color: Color, rank: u8) -> Bitboard {
    Bitboard::rank(rank ^ (7 * color as u8))
}

/// The king zone of a king of `color` on `sq`: its square, its neighbours, and one more rank
/// towards the enemy.
#[inline(always)]
pub fn king_zone(color: Color, sq: Square) -> Bitboard {
    let near = attacks::king_attacks(sq).with(sq);
    near | forward(color, near)
}

/// Chebyshev (king-move) distance.
#[inline(always)]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_have_the_expected_shape() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(front(Color::White, e4).count(), 4);
        assert_eq!(front(Color::Black, e4).count(), 3);
        assert_eq!(passed_span(Color::White, e4).count(), 12);
        assert_eq!(attack_span(Color::Black, e4).count(), 6);
        assert!(attack_span(Color::White, e4).has(Square::parse("d5").unwrap()));
        assert!(!attack_span(Color::White, e4).has(Square::parse("d4").unwrap()));
        let a1 = Square::A1;
        assert_eq!(passed_span(Color::White, a1).count(), 14);
        assert_eq!(king_zone(Color::White, Square::G1).count(), 9);
        assert_eq!(king_zone(Color::Black, Square::E8).count(), 9);
        assert_eq!(king_zone(Color::White, e4).count(), 12);
        assert_eq!(distance(Square::A1, Square::H8), 7);
    }
}
