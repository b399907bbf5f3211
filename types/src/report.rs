//! What a search reports while it runs: a [`SearchInfo`] per line after each iteration (and on
//! aspiration failures), and [`CurrMove`] updates. The search sends them with board moves; the
//! engine turns the moves into text for the protocol crate, which prints them.

use crate::score::{Bound, Score};

/// One line of search output (a UCI `info` line, a CECP thinking line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    /// The iteration this line comes from.
    pub depth: i32,
    /// The deepest ply reached.
    pub seldepth: i32,
    /// 1-based index of the line (`multipv`).
    pub multipv: usize,
    pub score: Score,
    /// [`Bound::Exact`] unless an aspiration window failed.
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    /// Per mille of the hash table used by this search.
    pub hashfull: u32,
    pub tbhits: u64,
    pub time_ms: u64,
    /// A legal sequence of moves from the root, never empty when a legal move exists.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// The same report with each move of the principal variation converted by `f`.
    pub fn map_moves<N>(&self, f: impl FnMut(&M) -> N) -> SearchInfo<N> {
        SearchInfo {
            depth: self.depth,
            seldepth: self.seldepth,
            multipv: self.multipv,
            score: self.score,
            bound: self.bound,
            nodes: self.nodes,
            nps: self.nps,
            hashfull: self.hashfull,
            tbhits: self.tbhits,
            time_ms: self.time_ms,
            pv: self.pv.iter().map(f).collect(),
        }
    }
}

/// The move being searched at the root (UCI `currmove`, `currmovenumber`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurrMove<M> {
    pub depth: i32,
    pub mv: M,
    /// 1-based.
    pub number: usize,
}

impl<M> CurrMove<M> {
    /// The same update with its move converted by `f`.
    pub fn map_move<N>(&self, f: impl FnOnce(&M) -> N) -> CurrMove<N> {
        CurrMove {
            depth: self.depth,
            mv: f(&self.mv),
            number: self.number,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_moves_keeps_the_rest_of_the_report() {
        let info = SearchInfo {
            depth: 9,
            seldepth: 14,
            multipv: 2,
            score: Score::Mate(-3),
            bound: Bound::Lower,
            nodes: 10,
            nps: 20,
            hashfull: 30,
            tbhits: 40,
            time_ms: 50,
            pv: vec![1u16, 2, 3],
        };
        let text = info.map_moves(|m| format!("m{m}"));
        assert_eq!(text.pv, ["m1", "m2", "m3"]);
        assert_eq!(text.map_moves(|m| m[1..].parse::<u16>().unwrap()), info);
        let current = CurrMove {
            depth: 4,
            mv: 7u16,
            number: 2,
        };
        assert_eq!(
            current.map_move(|m| m.to_string()),
            CurrMove {
                depth: 4,
                mv: "7".to_string(),
                number: 2
            }
        );
    }
}
