//! The staged move picker: hands the search one move at a time, best guesses first, generating
//! lazily so that a cutoff on the hash move costs no move generation at all.
//!
//! Order: `| TT MOVE | GOOD NOISY | KILLER 1 | KILLER 2 | COUNTER | QUIETS | BAD NOISY |`.
//!
//! * The TT move, killers and countermove come from tables that other positions wrote, so each is
//!   checked with `is_legal` (and killers/counter must be quiet) before being handed out; every
//!   special move is remembered so the generated lists skip it and no move is yielded twice.
//! * Noisy moves (captures, promotions) are ordered MVV-LVA; those losing material by static
//!   exchange, and under-promotions, are postponed to the end.
//! * Quiets are ordered by butterfly + continuation history. The butterfly history depends on the
//!   squares the opponent attacks, which the picker computes once, when it first needs them
//!   (`threats`): a node cut off by a noisy table move or a good capture never pays for them.
//! * Quiescence mode yields the TT move (if noisy) and the noisy moves that do not lose material,
//!   nothing else. In check the full picker is used by both searches, because every evasion must
//!   be tried before declaring mate.

use crate::history::{Continuations, History, PieceTo};
use outpost_board::{
    Bitboard, GenKind, Move, MoveList, PieceType, Position, MAX_MOVES, SEE_VALUES,
};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Stage {
    TtMove,
    GenNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    GenQuiet,
    Quiets,
    BadNoisy,
    Done,
}

pub struct MovePicker {
    stage: Stage,
    qsearch: bool,
    skip_quiets: bool,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    prev: Continuations,
    /// The squares the opponent attacks, once computed.
    threats: Option<Bitboard>,
    /// The special moves actually yielded, which the generated lists must skip.
    yielded: [Move; 4],
    yielded_len: usize,
    /// The generated moves. The noisy moves postponed as bad are moved to the front, over moves
    /// already handed out, and the quiets are generated after them: one list, no second one to
    /// clear at every node.
    list: MoveList,
    scores: [i32; MAX_MOVES],
    index: usize,
    /// The bad noisy moves are `list[..bad_len]`; `bad_index` is the next one to hand out.
    bad_len: usize,
    bad_index: usize,
}

impl MovePicker {
    /// A picker for the main search.
    #[inline]
    pub fn new(tt_move: Move, killers: [Move; 2], counter: Move, prev: Continuations) -> Self {
        MovePicker {
            stage: Stage::TtMove,
            qsearch: false,
            skip_quiets: false,
            tt_move,
            killers,
            counter,
            prev,
            threats: None,
            yielded: [Move::NONE; 4],
            yielded_len: 0,
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
            index: 0,
            bad_len: 0,
            bad_index: 0,
        }
    }

    /// A picker for quiescence search out of check: good noisy moves only.
    #[inline]
    pub fn new_qsearch(tt_move: Move) -> Self {
        let mut p = MovePicker::new(tt_move, [Move::NONE; 2], Move::NONE, [PieceTo::NONE; 3]);
        p.qsearch = true;
        p.skip_quiets = true;
        p
    }

    /// From now on yields no more quiet moves (late move pruning, futility pruning).
    #[inline]
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// The stage of the move most recently yielded.
    #[inline]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The squares the opponent of the side to move in `pos` (this picker's position) attacks,
    /// for the quiet moves' history.
    #[inline]
    pub fn threats(&mut self, pos: &Position) -> Bitboard {
        *self
            .threats
            .get_or_insert_with(|| pos.attacks_by(!pos.side_to_move()))
    }

    #[inline(always)]
    fn was_yielded(&self, m: Move) -> bool {
        self.yielded[..self.yielded_len].contains(&m)
    }

    #[inline(always)]
    fn remember(&mut self, m: Move) -> Move {
        self.yielded[self.yielded_len] = m;
        self.yielded_len += 1;
        m
    }

    /// Whether a table move is a legal quiet move not yet yielded.
    #[inline(always)]
    fn usable_quiet(&self, pos: &Position, m: Move) -> bool {
        !m.is_none() && !self.was_yielded(m) && pos.is_legal(m) && !pos.is_noisy(m)
    }

    /// MVV-LVA, with queen promotions counted as winning a queen less the pawn.
    #[inline(always)]
    fn noisy_score(pos: &Position, m: Move) -> i32 {
        let victim = pos.captured_kind(m).map_or(0, |k| SEE_VALUES[k.index()]);
        let promo = match m.promotion_piece() {
            Some(PieceType::Queen) => SEE_VALUES[4] - SEE_VALUES[0],
            Some(_) => -10_000,
            None => 0,
        };
        let attacker = pos.moved_piece(m).map_or(0, |p| p.kind().index() as i32);
        16 * (victim + promo) - attacker
    }

    /// The best-scored move at or after `self.index` (the first of equals), swapped into
    /// `self.index`. The best score is kept in a register rather than read back each step: this
    /// loop had 28% of the picker's samples in a profile of the datagen (docs/results/speed.md).
    #[inline(always)]
    fn select_best(&mut self) -> Option<Move> {
        let n = self.list.len();
        let start = self.index;
        if start >= n {
            return None;
        }
        let scores = &self.scores[start..n];
        let mut best_score = scores[0];
        let mut best = 0;
        for (i, &s) in scores.iter().enumerate().skip(1) {
            if s > best_score {
                best_score = s;
                best = i;
            }
        }
        let best = start + best;
        let moves = self.list.as_mut_slice();
        moves.swap(self.index, best);
        self.scores.swap(self.index, best);
        let m = moves[self.index];
        self.index += 1;
        Some(m)
    }

    /// The next move to search, or `None` when there are no more.
    pub fn next(&mut self, pos: &Position, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenNoisy;
                    let m = self.tt_move;
                    if !m.is_none()
                        && pos.is_legal(m)
                        && (!self.qsearch || (pos.is_noisy(m) && Self::qsearch_worthy(m)))
                    {
                        return Some(self.remember(m));
                    }
                }
                Stage::GenNoisy => {
                    self.list.clear();
                    pos.generate(GenKind::Noisy, &mut self.list);
                    for i in 0..self.list.len() {
                        self.scores[i] = Self::noisy_score(pos, self.list[i]);
                    }
                    self.index = 0;
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => match self.select_best() {
                    Some(m) => {
                        if self.was_yielded(m) {
                            continue;
                        }
                        let under = matches!(m.promotion_piece(), Some(k) if k != PieceType::Queen);
                        if under || !pos.see_ge(m, 0) {
                            if !self.qsearch {
                                // Slot `bad_len` <= `index - 1` was already handed out or postponed.
                                self.list.as_mut_slice()[self.bad_len] = m;
                                self.bad_len += 1;
                            }
                            continue;
                        }
                        return Some(m);
                    }
                    None => {
                        self.stage = if self.qsearch {
                            Stage::Done
                        } else {
                            Stage::Killer1
                        };
                    }
                },
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    let m = self.killers[0];
                    if !self.skip_quiets && self.usable_quiet(pos, m) {
                        return Some(self.remember(m));
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    let m = self.killers[1];
                    if !self.skip_quiets && self.usable_quiet(pos, m) {
                        return Some(self.remember(m));
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenQuiet;
                    let m = self.counter;
                    if !self.skip_quiets && self.usable_quiet(pos, m) {
                        return Some(self.remember(m));
                    }
                }
                Stage::GenQuiet => {
                    self.stage = Stage::BadNoisy;
                    if !self.skip_quiets {
                        self.list.truncate(self.bad_len);
                        pos.generate(GenKind::Quiet, &mut self.list);
                        let threats = self.threats(pos);
                        for i in self.bad_len..self.list.len() {
                            self.scores[i] =
                                history.quiet_score(pos, self.list[i], self.prev, threats);
                        }
                        self.index = self.bad_len;
                        self.stage = Stage::Quiets;
                    }
                }
                Stage::Quiets => {
                    if self.skip_quiets {
                        self.stage = Stage::BadNoisy;
                        continue;
                    }
                    match self.select_best() {
                        Some(m) if self.was_yielded(m) => continue,
                        Some(m) => return Some(m),
                        None => self.stage = Stage::BadNoisy,
                    }
                }
                Stage::BadNoisy => {
                    if self.bad_index < self.bad_len {
                        let m = self.list[self.bad_index];
                        self.bad_index += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Quiescence search looks only at captures and queen promotions.
    #[inline(always)]
    fn qsearch_worthy(m: Move) -> bool {
        matches!(m.promotion_piece(), None | Some(PieceType::Queen))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_yields_every_move_once_with_the_tt_move_first() {
        let pos = Position::startpos();
        let tt = pos.parse_uci_move("g1f3").unwrap();
        let killer = pos.parse_uci_move("e2e4").unwrap();
        let hist = History::new();
        let mut p = MovePicker::new(tt, [killer, tt], Move::NONE, [PieceTo::NONE; 3]);
        let mut seen = Vec::new();
        while let Some(m) = p.next(&pos, &hist) {
            seen.push(m);
        }
        assert_eq!(seen[0], tt);
        assert_eq!(seen[1], killer);
        assert_eq!(seen.len(), 20);
        let mut sorted: Vec<u16> = seen.iter().map(|m| m.raw()).collect();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 20);
    }

    #[test]
    fn losing_captures_come_last_after_the_quiets() {
        // After 1.e4 e5 2.Nf3 Nc6 3.Bc4 both of White's captures lose material (Nxe5 to ...Nxe5,
        // Bxf7+ to ...Kxf7): they are postponed past every quiet move, MVV-LVA between them.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3 3";
        let pos = Position::from_fen(fen).unwrap();
        let hist = History::new();
        let mut p = MovePicker::new(Move::NONE, [Move::NONE; 2], Move::NONE, [PieceTo::NONE; 3]);
        let mut seen = Vec::new();
        while let Some(m) = p.next(&pos, &hist) {
            seen.push(m);
        }
        let legal = pos.legal_moves();
        assert_eq!(seen.len(), legal.len());
        let mut a: Vec<u16> = seen.iter().map(|m| m.raw()).collect();
        let mut b: Vec<u16> = legal.iter().map(|m| m.raw()).collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        let n = seen.len();
        assert_eq!(seen[n - 2], pos.parse_uci_move("f3e5").unwrap());
        assert_eq!(seen[n - 1], pos.parse_uci_move("c4f7").unwrap());
    }
}
