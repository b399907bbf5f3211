//! Attack sets of every piece, and the geometry tables (between, line) that pins and checks use.
//!
//! Leaper and geometry tables are computed by `const fn` at compile time; slider tables come from
//! `build.rs`. Sliders are looked up by PEXT when `cpu` selected it, by fancy magics otherwise.

use crate::{cpu, Bitboard, Color, PieceType, Square};

mod generated {
    include!(concat!(env!("OUT_DIR"), "/slider_tables.rs"));
}
use generated::*;

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

const fn sign(x: i8) -> i8 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

/// `BETWEEN[a][b]`: squares strictly between two aligned squares; `LINE[a][b]`: the full line
/// through both (edge to edge). Both are empty when the squares are not aligned.
const fn geometry() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (af, ar, bf, br) = ((a % 8) as i8, (a / 8) as i8, (b % 8) as i8, (b / 8) as i8);
            let (df, dr) = (bf - af, br - ar);
            let aligned = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
            if aligned {
                let (sf, sr) = (sign(df), sign(dr));
                let (mut f, mut r) = (af + sf, ar + sr);
                while f != bf || r != br {
                    between[a][b] |= 1 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                // Walk back to the edge, then forward across the whole board.
                let (mut f, mut r) = (af, ar);
                while f - sf >= 0 && f - sf < 8 && r - sr >= 0 && r - sr < 8 {
                    f -= sf;
                    r -= sr;
                }
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    line[a][b] |= 1 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static GEOMETRY: ([[u64; 64]; 64], [[u64; 64]; 64]) = geometry();

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares the pawns `pawns` of `color` attack, all at once.
#[inline(always)]
pub fn pawn_set_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let ahead = match color {
        Color::White => pawns.north(),
        Color::Black => pawns.south(),
    };
    ahead.east() | ahead.west()
}

#[inline(always)]
fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let out: u64;
        // SAFETY: only reached when `cpu::pext_enabled()` is true, which `cpu` allows only after
        // CPUID reported BMI2. Inline asm (rather than the intrinsic) lets this be inlined into
        // code compiled for baseline x86-64; it reads and writes registers only.
        unsafe {
            std::arch::asm!("pext {out}, {x}, {mask}", x = in(reg) x, mask = in(reg) mask,
                out = lateout(reg) out, options(pure, nomem, nostack, preserves_flags));
        }
        out
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (x, mask);
        unreachable!("PEXT is only enabled on x86-64")
    }
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let mask = ROOK_MASKS[s];
    if cpu::pext_enabled() {
        let idx = ROOK_OFFSETS[s] as usize + pext(occupied.0, mask) as usize;
        Bitboard(ROOK_PEXT_TABLE[idx])
    } else {
        let idx = ((occupied.0 & mask).wrapping_mul(ROOK_MAGICS[s]) >> ROOK_SHIFTS[s]) as usize;
        Bitboard(ROOK_MAGIC_TABLE[ROOK_OFFSETS[s] as usize + idx])
    }
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let mask = BISHOP_MASKS[s];
    if cpu::pext_enabled() {
        let idx = BISHOP_OFFSETS[s] as usize + pext(occupied.0, mask) as usize;
        Bitboard(BISHOP_PEXT_TABLE[idx])
    } else {
        let idx = ((occupied.0 & mask).wrapping_mul(BISHOP_MAGICS[s]) >> BISHOP_SHIFTS[s]) as usize;
        Bitboard(BISHOP_MAGIC_TABLE[BISHOP_OFFSETS[s] as usize + idx])
    }
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Attacks of a non-pawn piece type.
#[inline(always)]
pub fn piece_attacks(kind: PieceType, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceType::Pawn => Bitboard::EMPTY,
        PieceType::Knight => knight_attacks(sq),
        PieceType::Bishop => bishop_attacks(sq, occupied),
        PieceType::Rook => rook_attacks(sq, occupied),
        PieceType::Queen => queen_attacks(sq, occupied),
        PieceType::King => king_attacks(sq),
    }
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(GEOMETRY.0[a.index()][b.index()])
}

/// The whole line through `a` and `b` when they share one, else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(GEOMETRY.1[a.index()][b.index()])
}

/// Whether three squares lie on one line.
#[inline(always)]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).has(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

    fn slow_slider(sq: Square, occ: Bitboard, dirs: [(i8, i8); 4]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for (df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let s = Square::make(f as u8, r as u8);
                out = out.with(s);
                if occ.has(s) {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn magic_and_pext_agree_with_ray_walk() {
        let mut x = 0x1234_5678_9abc_def1u64;
        let pext_ok = cpu::set_pext(true);
        for backend in [false, true] {
            if backend && !pext_ok {
                continue;
            }
            cpu::set_pext(backend);
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let occ = Bitboard(x & x.rotate_left(17));
                let sq = Square::from_index((x >> 58) as u32);
                assert_eq!(rook_attacks(sq, occ), slow_slider(sq, occ, ROOK_DIRS));
                assert_eq!(bishop_attacks(sq, occ), slow_slider(sq, occ, BISHOP_DIRS));
            }
        }
        cpu::init();
    }

    #[test]
    fn geometry() {
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert_eq!(line(Square::B1, Square::C1), Bitboard::RANK_1);
        assert!(between(Square::A1, Square::B1.shift(16)).is_empty());
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E1).count(), 5);
    }
}
