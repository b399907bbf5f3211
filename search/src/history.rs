//! Move-ordering statistics learned during the search: the butterfly history (side, from, to,
//! and whether the opponent attacks the from and the to square),
//! continuation histories (this move following the move one, two and four plies back, indexed
//! by the moved piece and destination of both) and countermoves. Killer moves belong to a ply of
//! the current line, not to the thread, so they live in the `Worker`'s stack (`worker.rs`).
//!
//! Every counter uses the "gravity" update `h += bonus - h * |bonus| / MAX`, which keeps values in
//! `-MAX..=MAX` and lets recent results outweigh old ones without periodic rescaling.
//! Each search thread owns one `History`, so none of this needs to be shared or atomic.

use crate::params::{hist_bonus_base, hist_bonus_linear, hist_bonus_max, hist_bonus_quad};
use outpost_board::{Bitboard, Move, Piece, Position};

/// Bound of every history counter.
pub const HISTORY_MAX: i32 = 16_384;

/// A (moved piece, destination) pair: what continuation histories are indexed by. Index 0..768;
/// `PieceTo::NONE` stands for "no previous move" (root or after a null move).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceTo(u16);

impl PieceTo {
    pub const NONE: PieceTo = PieceTo(768);

    #[inline(always)]
    pub fn new(piece: Piece, m: Move) -> PieceTo {
        // Castling is stored king-takes-rook; the king's real destination is what repeats.
        let to = if m.is_castling() {
            m.castling_king_to()
        } else {
            m.to()
        };
        PieceTo((piece.index() * 64 + to.index()) as u16)
    }

    #[inline(always)]
    pub fn of(pos: &Position, m: Move) -> PieceTo {
        match pos.moved_piece(m) {
            Some(p) => PieceTo::new(p, m),
            None => PieceTo::NONE,
        }
    }

    #[inline(always)]
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub fn is_none(self) -> bool {
        self.0 == 768
    }
}

/// Bonus for a move that caused a cutoff at `depth` (and the malus for the quiets tried before it).
#[inline(always)]
pub fn stat_bonus(depth: i32) -> i32 {
    (hist_bonus_quad() * depth * depth + hist_bonus_linear() * depth + hist_bonus_base())
        .min(hist_bonus_max())
}

/// Which of the four butterfly tables a move belongs to: whether its from square and its to
/// square are attacked by the opponent.
#[inline(always)]
fn threat_index(m: Move, threats: Bitboard) -> usize {
    2 * usize::from(threats.has(m.from())) + usize::from(threats.has(m.to()))
}

#[inline(always)]
fn gravity(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = i32::from(*entry);
    *entry = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// The previous moves a quiet move's continuation histories are read and written against: the
/// moves one, two and four plies back (`PieceTo::NONE` where there is none).
pub type Continuations = [PieceTo; 3];

/// The per-thread ordering tables.
pub struct History {
    /// [side to move][threat index][from][to]: the same move is worth something else when it
    /// takes a piece out of attack, or puts it en prise, than when neither square is attacked
    /// (+23.3 +/- 12.8 Elo over the plain butterfly, docs/results/sprt.md).
    butterfly: Vec<[[[i16; 64]; 64]; 4]>,
    /// [previous piece-to (769 incl. NONE)][current piece-to (768)], shared by the 1-, 2- and
    /// 4-ply continuations as in most modern engines.
    continuation: Vec<[i16; 768]>,
    /// [previous piece-to] -> the quiet reply that refuted it last.
    counter: Vec<Move>,
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    pub fn new() -> History {
        History {
            butterfly: vec![[[[0; 64]; 64]; 4]; 2],
            continuation: vec![[0; 768]; 769],
            counter: vec![Move::NONE; 769],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        for side in self.butterfly.iter_mut() {
            *side = [[[0; 64]; 64]; 4];
        }
        for row in self.continuation.iter_mut() {
            *row = [0; 768];
        }
        self.counter.fill(Move::NONE);
    }

    /// Ordering score of a quiet move: butterfly plus the continuations; the one four plies back
    /// counts half, as it says less about this position than the last two moves do. `threats`
    /// are the squares the opponent attacks (`Position::attacks_by`).
    #[inline(always)]
    pub fn quiet_score(
        &self,
        pos: &Position,
        m: Move,
        prev: Continuations,
        threats: Bitboard,
    ) -> i32 {
        let side = pos.side_to_move().index();
        let here = PieceTo::of(pos, m);
        let mut score = i32::from(
            self.butterfly[side][threat_index(m, threats)][m.from().index()][m.to().index()],
        );
        if !here.is_none() {
            score += i32::from(self.continuation[prev[0].index()][here.index()]);
            score += i32::from(self.continuation[prev[1].index()][here.index()]);
            score += i32::from(self.continuation[prev[2].index()][here.index()]) / 2;
        }
        score
    }

    /// Rewards `best` (which caused a beta cutoff) and punishes the quiets tried before it.
    pub fn update_quiets(
        &mut self,
        pos: &Position,
        best: Move,
        tried: &[Move],
        depth: i32,
        prev: Continuations,
        threats: Bitboard,
    ) {
        let bonus = stat_bonus(depth);
        self.update_one(pos, best, bonus, prev, threats);
        for &m in tried {
            if m != best {
                self.update_one(pos, m, -bonus, prev, threats);
            }
        }
        if !prev[0].is_none() {
            self.counter[prev[0].index()] = best;
        }
    }

    #[inline(always)]
    fn update_one(
        &mut self,
        pos: &Position,
        m: Move,
        bonus: i32,
        prev: Continuations,
        threats: Bitboard,
    ) {
        let side = pos.side_to_move().index();
        gravity(
            &mut self.butterfly[side][threat_index(m, threats)][m.from().index()][m.to().index()],
            bonus,
        );
        let here = PieceTo::of(pos, m);
        if here.is_none() {
            return;
        }
        for p in prev {
            if !p.is_none() {
                gravity(&mut self.continuation[p.index()][here.index()], bonus);
            }
        }
    }

    /// The countermove stored for the previous move, if any.
    #[inline(always)]
    pub fn counter_move(&self, prev: PieceTo) -> Move {
        self.counter[prev.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_stays_in_bounds_and_moves_toward_the_sign() {
        let mut e = 0i16;
        for _ in 0..1000 {
            gravity(&mut e, 1_200);
            assert!(i32::from(e) <= HISTORY_MAX);
        }
        assert!(i32::from(e) > HISTORY_MAX - 200);
        gravity(&mut e, -1_200);
        assert!(i32::from(e) < HISTORY_MAX - 1_000);
        for _ in 0..1000 {
            gravity(&mut e, -1_200);
            assert!(i32::from(e) >= -HISTORY_MAX);
        }
    }

    #[test]
    fn a_rewarded_move_outranks_a_punished_one() {
        let pos = Position::startpos();
        let moves = pos.legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let mut h = History::new();
        let prev = [PieceTo::NONE; 3];
        let none = Bitboard::EMPTY;
        h.update_quiets(&pos, a, &[b, a], 5, prev, none);
        assert!(h.quiet_score(&pos, a, prev, none) > 0);
        assert!(h.quiet_score(&pos, b, prev, none) < 0);
    }

    #[test]
    fn the_move_four_plies_back_counts_at_half_weight() {
        let pos = Position::startpos();
        let m = pos.parse_uci_move("g1f3").unwrap();
        let before = PieceTo::of(&pos, pos.parse_uci_move("e2e4").unwrap());
        let mut h = History::new();
        let butterfly_only = [PieceTo::NONE; 3];
        let none = Bitboard::EMPTY;
        h.update_quiets(
            &pos,
            m,
            &[m],
            6,
            [PieceTo::NONE, PieceTo::NONE, before],
            none,
        );
        let base = h.quiet_score(&pos, m, butterfly_only, none);
        let entry = i32::from(h.continuation[before.index()][PieceTo::of(&pos, m).index()]);
        assert!(entry > 0);
        // The continuation entry was learned only through the ply-4 slot, and is read there at
        // half weight, in the ply-1 slot at full weight.
        let four_back = h.quiet_score(&pos, m, [PieceTo::NONE, PieceTo::NONE, before], none);
        let one_back = h.quiet_score(&pos, m, [before, PieceTo::NONE, PieceTo::NONE], none);
        assert_eq!(four_back - base, entry / 2);
        assert_eq!(one_back - base, entry);
    }

    #[test]
    fn the_butterfly_tells_attacked_squares_apart() {
        // The knight on f6 attacks e4 and g4: Nc3-e4 and a quiet to a safe square differ
        // only in the threat on their destination.
        let pos =
            Position::from_fen("rnbqkb1r/pppppppp/5n2/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2")
                .unwrap();
        let to_attacked = pos.parse_uci_move("c3e4").unwrap();
        let to_safe = pos.parse_uci_move("c3b5").unwrap();
        let threats = pos.attacks_by(!pos.side_to_move());
        assert!(threats.has(to_attacked.to()) && !threats.has(to_safe.to()));
        assert!(!threats.has(to_attacked.from()));
        assert_eq!(threat_index(to_attacked, threats), 1);
        assert_eq!(threat_index(to_safe, threats), 0);
        let prev = [PieceTo::NONE; 3];
        let mut h = History::new();
        // Learned with no threat known, the move is rewarded in the "nothing attacked" table
        // only; under the real threats it is another entry, still unknown.
        h.update_quiets(&pos, to_attacked, &[to_attacked], 8, prev, Bitboard::EMPTY);
        assert!(h.quiet_score(&pos, to_attacked, prev, Bitboard::EMPTY) > 0);
        assert_eq!(h.quiet_score(&pos, to_attacked, prev, threats), 0);
        h.update_quiets(&pos, to_attacked, &[to_safe, to_attacked], 8, prev, threats);
        assert!(h.quiet_score(&pos, to_attacked, prev, threats) > 0);
        assert!(h.quiet_score(&pos, to_safe, prev, threats) < 0);
    }
}
