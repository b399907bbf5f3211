//! Pawn structure and the pawn hash table that caches it.
//!
//! Everything here depends on the pawns alone, so it is computed once per pawn configuration and
//! kept in a fixed-size table indexed by the low bits of `Position::pawn_key` (the full key is
//! stored and compared, so a collision only costs a recomputation). An entry also keeps what the
//! rest of the evaluation needs from the pawns (passed pawns, pawn attacks, outpost squares, files
//! without pawns) and the king shelter of the last king square (and castling rights) seen for each
//! side, since the king moves far less often than the pieces.

use crate::masks::{
    adjacent_files, attack_span, fill_forward, forward, front, passed_span, relative_rank,
};
use crate::tapered::Tapered;
use crate::weights::Weights;
use outpost_board::{attacks, Bitboard, Color, PieceType, Position, Square};

/// Entries in each evaluator's pawn table (a power of two).
pub const PAWN_TABLE_SIZE: usize = 16 * 1024;

/// What the evaluation keeps about one pawn configuration.
#[derive(Clone, Copy, Default)]
pub(crate) struct PawnEntry {
    key: u64,
    filled: bool,
    /// Structure score of each side (doubled, isolated, backward, connected), its own view.
    pub score: [Tapered; 2],
    /// Passed pawns of both sides.
    pub passed: Bitboard,
    /// Squares attacked by each side's pawns.
    pub attacks: [Bitboard; 2],
    /// Outpost squares of each side: ranks 4 to 6, defended by an own pawn, out of reach of
    /// every enemy pawn.
    pub outposts: [Bitboard; 2],
    /// Bit f set when the side has no pawn on file f.
    pub pawnless_files: [u8; 2],
    /// For which king square and castling rights `shelter` holds, per side (0 = not yet).
    shelter_tag: [u16; 2],
    shelter: [Tapered; 2],
}

impl PawnEntry {
    /// Whether `color` has no pawn on `file`.
    #[inline(always)]
    pub fn file_pawnless(&self, color: Color, file: u8) -> bool {
        self.pawnless_files[color.index()] >> file & 1 != 0
    }

    /// The pawn-dependent king terms of `color` with its king on `king` (shelter, storm, open
    /// files, distance to its pawns), computed on first use per king square and castling rights.
    #[inline]
    pub fn shelter(&mut self, pos: &Position, w: &Weights, color: Color, king: Square) -> Tapered {
        let rights = (pos.castling_rights() >> (2 * color.index())) & 3;
        let tag = 1 + king.index() as u16 + 64 * rights as u16;
        if self.shelter_tag[color.index()] != tag {
            self.shelter[color.index()] = crate::shelter::king_pawns(pos, w, color, king, rights);
            self.shelter_tag[color.index()] = tag;
        }
        self.shelter[color.index()]
    }
}

/// A per-evaluator pawn hash table, allocated once.
#[derive(Clone)]
pub(crate) struct PawnTable {
    entries: Box<[PawnEntry]>,
}

impl PawnTable {
    pub fn new() -> PawnTable {
        PawnTable {
            entries: vec![PawnEntry::default(); PAWN_TABLE_SIZE].into_boxed_slice(),
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
    }

    /// Drops the entry of `pos`'s pawns so the next probe recomputes it (the tuner evaluates the
    /// same position under many weight sets).
    pub fn forget(&mut self, pos: &Position) {
        self.entries[pos.pawn_key() as usize & (PAWN_TABLE_SIZE - 1)].filled = false;
    }

    /// The entry for `pos`'s pawns, computed if it is not already there.
    #[inline]
    pub fn probe(&mut self, pos: &Position, w: &Weights) -> &mut PawnEntry {
        let key = pos.pawn_key();
        let entry = &mut self.entries[key as usize & (PAWN_TABLE_SIZE - 1)];
        if !entry.filled || entry.key != key {
            *entry = compute(pos, w);
            entry.key = key;
            entry.filled = true;
        }
        entry
    }
}

/// Files holding at least one of `pawns`, as a bit per file.
fn occupied_files(pawns: Bitboard) -> u8 {
    let mut m = pawns.0;
    m |= m >> 32;
    m |= m >> 16;
    m |= m >> 8;
    m as u8
}

fn compute(pos: &Position, w: &Weights) -> PawnEntry {
    let mut e = PawnEntry::default();
    for color in Color::BOTH {
        let ours = pos.pieces_of(color, PieceType::Pawn);
        e.attacks[color.index()] = attacks::pawn_set_attacks(color, ours);
        e.pawnless_files[color.index()] = !occupied_files(ours);
    }
    for color in Color::BOTH {
        let them = !color;
        let ours = pos.pieces_of(color, PieceType::Pawn);
        let theirs = pos.pieces_of(them, PieceType::Pawn);
        let mut score = Tapered::ZERO;
        for sq in ours {
            let (s, passed) = pawn(w, color, sq, ours, theirs);
            score += s;
            if passed {
                e.passed = e.passed.with(sq);
            }
        }
        e.score[color.index()] = score;

        let their_attacks = e.attacks[them.index()];
        let reachable = their_attacks | fill_forward(them, their_attacks);
        let ranks = relative_rank(color, 3) | relative_rank(color, 4) | relative_rank(color, 5);
        e.outposts[color.index()] = ranks & e.attacks[color.index()] & !reachable;
    }
    e
}

/// The structure score of one pawn, and whether it is passed.
fn pawn(
    w: &Weights,
    color: Color,
    sq: Square,
    ours: Bitboard,
    theirs: Bitboard,
) -> (Tapered, bool) {
    let mut s = Tapered::ZERO;
    let rank = sq.relative_rank(color) as usize;
    let neighbours = ours & adjacent_files(sq.file());
    let ahead = front(color, sq);
    let opposed = (theirs & ahead).any();
    let phalanx = neighbours & Bitboard::rank(sq.rank());
    let supported = ours & attacks::pawn_attacks(!color, sq);
    let stop = forward(color, Bitboard::from_square(sq));

    if (ours & ahead).any() {
        s += w.pawn_doubled;
    }
    if neighbours.is_empty() {
        s += w.pawn_isolated;
    } else if (neighbours & (attack_span(!color, sq) | phalanx)).is_empty()
        && ((attacks::pawn_set_attacks(color, stop) & theirs).any() || (stop & theirs).any())
    {
        // No neighbour can ever come level with it, and it cannot step up to them safely.
        s += w.pawn_backward[opposed as usize];
    }
    if supported.any() {
        s += w.pawn_supported[rank];
    }
    if phalanx.any() {
        s += w.pawn_phalanx[rank];
    }
    // Only the front pawn of a doubled pair counts as passed.
    let passed = (theirs & passed_span(color, sq)).is_empty() && (ours & ahead).is_empty();
    (s, passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(fen: &str) -> PawnEntry {
        let pos = Position::from_fen(fen).unwrap();
        compute(&pos, &crate::weights::DEFAULT)
    }

    #[test]
    fn finds_passed_pawns_and_outposts() {
        // White: a passer on d5 (no black pawns on c-e ahead); black: a passer on h4.
        let e = entry("4k3/p7/8/3P4/7p/8/P1P5/4K3 w - - 0 1");
        let d5 = Square::parse("d5").unwrap();
        let h4 = Square::parse("h4").unwrap();
        let a2 = Square::parse("a2").unwrap();
        assert!(e.passed.has(d5) && e.passed.has(h4));
        assert!(!e.passed.has(a2));
        assert!(e.file_pawnless(Color::White, 7) && !e.file_pawnless(Color::White, 0));

        // The e5 square, defended by d4 and out of reach of black's pawns, is a white outpost.
        let e = entry("4k3/p6p/8/8/3P4/8/8/4K3 w - - 0 1");
        assert!(e.outposts[0].has(Square::parse("e5").unwrap()));
        let e = entry("4k3/p4p1p/8/8/3P4/8/8/4K3 w - - 0 1");
        assert!(!e.outposts[0].has(Square::parse("e5").unwrap()));
    }

    #[test]
    fn structure_penalties_apply() {
        let w = &crate::weights::DEFAULT;
        // Doubled and isolated c-pawns against a healthy pair.
        let bad = entry("4k3/1pp5/8/8/8/2P5/2P5/4K3 w - - 0 1");
        assert_eq!(bad.score[0], w.pawn_doubled + w.pawn_isolated * 2);
        let good = entry("4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1");
        assert_eq!(good.score[0], w.pawn_phalanx[1] * 2);
    }
}
