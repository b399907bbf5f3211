//! Zobrist keys. The main key is exactly the Polyglot book key; pawn and material keys serve the
//! evaluation caches.

use crate::polyglot_random::RANDOM64;
use crate::rng::splitmix;
use crate::{Color, Piece, Square};

/// Polyglot orders pieces black pawn, white pawn, black knight, ... (kind = 2 * type + white).
#[inline(always)]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    let kind = 2 * piece.kind().index() + (piece.color() == Color::White) as usize;
    RANDOM64[64 * kind + sq.index()]
}

/// Castling right `i`: 0 white king side, 1 white queen side, 2 black king side, 3 black queen side.
#[inline(always)]
pub fn castling(i: usize) -> u64 {
    RANDOM64[768 + (i & 3)]
}

/// Keys for all set rights of a castling bit set.
#[inline(always)]
pub fn castling_set(rights: u8) -> u64 {
    CASTLING_SETS[(rights & 15) as usize]
}

#[inline(always)]
pub fn en_passant_file(file: u8) -> u64 {
    RANDOM64[772 + (file & 7) as usize]
}

/// Polyglot XORs this in when white is to move.
#[inline(always)]
pub fn white_to_move() -> u64 {
    RANDOM64[780]
}

/// Material key term for the `count`-th piece (0-based) of a kind: the key of a material
/// configuration is the XOR over every piece present, independent of squares.
#[inline(always)]
pub fn material(piece: Piece, count: u32) -> u64 {
    MATERIAL[piece.index()][(count & 15) as usize]
}

const fn castling_sets() -> [u64; 16] {
    let mut out = [0u64; 16];
    let mut set = 0;
    while set < 16 {
        let mut i = 0;
        while i < 4 {
            if set & (1 << i) != 0 {
                out[set] ^= RANDOM64[768 + i];
            }
            i += 1;
        }
        set += 1;
    }
    out
}

static CASTLING_SETS: [u64; 16] = castling_sets();

const fn material_table() -> [[u64; 16]; 12] {
    let mut out = [[0u64; 16]; 12];
    let mut state = 0x0075_7470_6F73_7400_u64;
    let mut p = 0;
    while p < 12 {
        let mut c = 0;
        while c < 16 {
            let (s, v) = splitmix(state);
            state = s;
            out[p][c] = v;
            c += 1;
        }
        p += 1;
    }
    out
}

static MATERIAL: [[u64; 16]; 12] = material_table();
