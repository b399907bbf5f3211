//! The accumulator: the first layer's output `b1 + sum of W1 columns of the active features`,
//! kept for both perspectives so that after a move only the moved pieces' columns change.

use super::simd::Backend;
use super::{Changes, Column, FeatureSet, KingView, Network, HIDDEN, SHIPPED_FEATURES};
use outpost_board::{Color, Piece, PieceType, Position, Square};

/// Both perspectives' first-layer sums, indexed by `Color`, before the SCReLU: `4 * H` bytes
/// (1 KB for the shipped hidden size), 64-byte aligned, and how each perspective read the board
/// (its king bucket). A search keeps one per ply: each is derived from its parent with `update`,
/// so unmaking a move needs no work. `F` is the feature set's header number.
#[derive(Clone, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator<const H: usize = HIDDEN, const F: u32 = SHIPPED_FEATURES> {
    halves: [Column<H>; 2],
    views: [KingView; 2],
}

impl<const H: usize, const F: u32> Default for Accumulator<H, F> {
    /// All zeros: not the accumulator of any position until `refresh` or `update` fills it.
    fn default() -> Self {
        // Without king buckets these are the views every position has, which `update` then
        // never writes (they would cost it a cache line more).
        let view = |c| Self::FEATURES.view(c, Square::E1);
        Accumulator {
            halves: [Column::ZERO; 2],
            views: [view(Color::White), view(Color::Black)],
        }
    }
}

/// A legal position has at most 32 pieces.
const MAX_PIECES: usize = 32;

impl<const H: usize, const F: u32> Accumulator<H, F> {
    const FEATURES: FeatureSet = FeatureSet::from_known_id(F);

    /// The accumulator of `pos`.
    pub fn new(net: &Network<H, F>, pos: &Position) -> Accumulator<H, F> {
        let mut acc = Accumulator::default();
        acc.refresh(net, pos);
        acc
    }

    /// Recomputes both perspectives from the pieces of `pos`.
    #[inline]
    pub fn refresh(&mut self, net: &Network<H, F>, pos: &Position) {
        for c in Color::BOTH {
            self.refresh_perspective(c, net, pos);
        }
    }

    /// Recomputes one perspective from the pieces of `pos`.
    #[inline]
    fn refresh_perspective(&mut self, c: Color, net: &Network<H, F>, pos: &Position) {
        let view = Self::FEATURES.view(c, pos.king(c));
        let mut features = [0u16; MAX_PIECES];
        let mut n = 0;
        for sq in pos.occupied() {
            // Unreachable guards: an occupied square has a piece, a position <= 32 of them.
            let Some(piece) = pos.piece_on(sq) else {
                continue;
            };
            if n == MAX_PIECES {
                break;
            }
            features[n] = view.index(c, piece, sq) as u16;
            n += 1;
        }
        self.views[c.index()] = view;
        Backend::current().sum_columns(
            &mut self.halves[c.index()],
            net.b1(),
            net.w1(),
            &features[..n],
        );
    }

    /// Makes `self` the accumulator of `pos`, the position after a move: `parent`'s (the
    /// position before it) with the move's `changes` applied, in one pass over each
    /// perspective. A king move that changes its own side's view (another king bucket, or the
    /// board read reflected) moves every input of that side: that perspective is rebuilt from
    /// `pos` instead.
    #[inline]
    pub fn update(
        &mut self,
        parent: &Accumulator<H, F>,
        net: &Network<H, F>,
        changes: &Changes,
        pos: &Position,
    ) {
        let backend = Backend::current();
        let w1 = net.w1();
        let (added, removed) = (changes.added(), changes.removed());
        for c in Color::BOTH {
            // One king bucket: the view is the perspective's alone (a constant once inlined), no
            // king move changes it, and the test below compiles away.
            let view = if Self::FEATURES.king_buckets() > 1 {
                parent.views[c.index()]
            } else {
                Self::FEATURES.view(c, Square::E1)
            };
            if Self::FEATURES.king_buckets() > 1 {
                let king = Piece::new(c, PieceType::King);
                if let Some(&(_, to)) = added.iter().find(|(p, _)| *p == king) {
                    if Self::FEATURES.view(c, to) != view {
                        self.refresh_perspective(c, net, pos);
                        continue;
                    }
                }
            }
            if Self::FEATURES.king_buckets() > 1 {
                self.views[c.index()] = view;
            }
            let out = &mut self.halves[c.index()];
            let parent = &parent.halves[c.index()];
            let col = |&(piece, sq)| &w1[view.index(c, piece, sq)];
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
