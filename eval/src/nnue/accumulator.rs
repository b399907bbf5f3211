//! The accumulator: the first layer's output `b1 + sum of W1 columns of the active features`,
//! kept for both perspectives so that after a move only the moved pieces' columns change.

use super::simd::Backend;
use super::{feature_index, Changes, Column, Network, HIDDEN};
use outpost_board::{Color, Position};

/// Both perspectives' first-layer sums, indexed by `Color`, before the SCReLU: `4 * H` bytes
/// (1 KB for the shipped hidden size), 64-byte aligned. A search keeps one per ply: each is derived from its parent with `update`, so
/// unmaking a move needs no work.
#[derive(Clone, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator<const H: usize = HIDDEN> {
    halves: [Column<H>; 2],
}

impl<const H: usize> Default for Accumulator<H> {
    /// All zeros: not the accumulator of any position until `refresh` or `update` fills it.
    fn default() -> Self {
        Accumulator {
            halves: [Column::ZERO; 2],
        }
    }
}

/// A legal position has at most 32 pieces.
const MAX_PIECES: usize = 32;

impl<const H: usize> Accumulator<H> {
    /// The accumulator of `pos`.
    pub fn new(net: &Network<H>, pos: &Position) -> Accumulator<H> {
        let mut acc = Accumulator::default();
        acc.refresh(net, pos);
        acc
    }

    /// Recomputes both perspectives from the pieces of `pos`.
    #[inline]
    pub fn refresh(&mut self, net: &Network<H>, pos: &Position) {
        let mut features = [[0u16; MAX_PIECES]; 2];
        let mut n = 0;
        for sq in pos.occupied() {
            // Unreachable guards: an occupied square has a piece, a position <= 32 of them.
            let Some(piece) = pos.piece_on(sq) else {
                continue;
            };
            if n == MAX_PIECES {
                break;
            }
            for c in Color::BOTH {
                features[c.index()][n] = feature_index(c, piece, sq) as u16;
            }
            n += 1;
        }
        let backend = Backend::current();
        for c in Color::BOTH {
            backend.sum_columns(
                &mut self.halves[c.index()],
                net.b1(),
                net.w1(),
                &features[c.index()][..n],
            );
        }
    }

    /// Makes `self` the accumulator of the position after a move: `parent`'s (the position
    /// before it) with the move's `changes` applied, in one pass over each perspective.
    #[inline]
    pub fn update(&mut self, parent: &Accumulator<H>, net: &Network<H>, changes: &Changes) {
        let backend = Backend::current();
        let w1 = net.w1();
        let (added, removed) = (changes.added(), changes.removed());
        for c in Color::BOTH {
            let out = &mut self.halves[c.index()];
            let parent = &parent.halves[c.index()];
            let col = |&(piece, sq)| &w1[feature_index(c, piece, sq)];
            // The shapes legal moves produce, each its own unrolled loop.
            match (added, removed) {
                ([a], [r]) => backend.update(out, parent, [col(a)], [col(r)]),
                ([a], [r1, r2]) => backend.update(out, parent, [col(a)], [col(r1), col(r2)]),
                ([a1, a2], [r1, r2]) => {
                    backend.update(out, parent, [col(a1), col(a2)], [col(r1), col(r2)])
                }
                _ => {
                    // A null move, or a shape no legal move has: one column at a time.
                    *out = *parent;
                    for a in added {
                        let prev = *out;
                        backend.update(out, &prev, [col(a)], []);
                    }
                    for r in removed {
                        let prev = *out;
                        backend.update(out, &prev, [], [col(r)]);
                    }
                }
            }
        }
    }

    /// One perspective's sums.
    #[inline(always)]
    pub fn perspective(&self, c: Color) -> &Column<H> {
        &self.halves[c.index()]
    }
}
