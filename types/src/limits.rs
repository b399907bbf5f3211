//! What a `go` asks for: the limits of one search, whichever protocol or tool asked.

/// Limits of one search. Every field is optional; with none set the search runs until `stop`.
///
/// Clock values are milliseconds and may be negative: some GUIs report a clock that has already
/// run below zero (a flag fall or lag), and the time manager treats that as "move at once"
/// rather than the parser rejecting the command. `M` is how a move is written: text as the GUI
/// sent it in `outpost-protocol`, `outpost_board::Move` in the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLimits<M> {
    /// Deepest iteration to finish (`go depth N`).
    pub depth: Option<i32>,
    /// Node budget summed over all threads (`go nodes N`).
    pub nodes: Option<u64>,
    /// Exact time to spend (`go movetime N`).
    pub movetime: Option<i64>,
    /// Stop once a mate in at most this many moves is found (`go mate N`).
    pub mate: Option<i32>,
    /// Search until `stop`, and never report a best move before it (`go infinite`).
    pub infinite: bool,
    /// Pondering: search until `stop` or `ponderhit`; after `ponderhit` the clocks apply.
    pub ponder: bool,
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<i32>,
    /// Restrict the root to these moves (`go searchmoves ...`); empty means all moves.
    pub searchmoves: Vec<M>,
}

// By hand: the derive would ask for `M: Default`, which neither `String` nor `Move` needs here.
impl<M> Default for SearchLimits<M> {
    fn default() -> Self {
        SearchLimits {
            depth: None,
            nodes: None,
            movetime: None,
            mate: None,
            infinite: false,
            ponder: false,
            wtime: None,
            btime: None,
            winc: None,
            binc: None,
            movestogo: None,
            searchmoves: Vec::new(),
        }
    }
}

impl<M> SearchLimits<M> {
    /// Limits of a fixed-depth search.
    pub fn depth(depth: i32) -> Self {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Limits of a fixed-time search.
    pub fn movetime(ms: i64) -> Self {
        SearchLimits {
            movetime: Some(ms),
            ..SearchLimits::default()
        }
    }

    /// Whether a clock (time left for either side) was given.
    pub fn has_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some()
    }

    /// Whether anything bounds the search other than `stop`: a depth, nodes, mate, a time, a
    /// clock, or an open-ended mode (`infinite`, `ponder`) that a later command ends.
    pub fn is_limited(&self) -> bool {
        self.infinite
            || self.ponder
            || self.depth.is_some()
            || self.nodes.is_some()
            || self.mate.is_some()
            || self.movetime.is_some()
            || self.has_clock()
    }

    /// The same limits with each `searchmoves` entry converted by `resolve`; an entry it returns
    /// `None` for is left out (the caller reports why). The engine uses this to turn the text
    /// moves of a parsed `go` into board moves.
    pub fn filter_map_moves<N>(self, resolve: impl FnMut(M) -> Option<N>) -> SearchLimits<N> {
        SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            mate: self.mate,
            infinite: self.infinite,
            ponder: self.ponder,
            wtime: self.wtime,
            btime: self.btime,
            winc: self.winc,
            binc: self.binc,
            movestogo: self.movestogo,
            searchmoves: self.searchmoves.into_iter().filter_map(resolve).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolving_moves_keeps_every_other_limit() {
        let text = SearchLimits {
            depth: Some(7),
            nodes: Some(1000),
            movetime: Some(-5),
            mate: Some(3),
            infinite: true,
            ponder: true,
            wtime: Some(1),
            btime: Some(2),
            winc: Some(3),
            binc: Some(4),
            movestogo: Some(5),
            searchmoves: vec!["e2e4".to_string(), "bad".to_string(), "d2d4".to_string()],
        };
        let resolved = text
            .clone()
            .filter_map_moves(|m| (m != "bad").then_some(m.len()));
        assert_eq!(resolved.searchmoves, [4, 4]);
        let back = resolved.filter_map_moves(|_| None::<String>);
        assert_eq!(
            back,
            SearchLimits {
                searchmoves: Vec::new(),
                ..text
            }
        );
    }

    #[test]
    fn limited_means_something_other_than_stop_ends_the_search() {
        assert!(!SearchLimits::<u16>::default().is_limited());
        assert!(SearchLimits::<u16>::depth(3).is_limited());
        assert!(SearchLimits::<u16>::movetime(0).is_limited());
        let clock = SearchLimits::<u16> {
            btime: Some(5),
            ..SearchLimits::default()
        };
        assert!(clock.has_clock() && clock.is_limited());
        let increments_only = SearchLimits::<u16> {
            winc: Some(5),
            binc: Some(5),
            movestogo: Some(3),
            ..SearchLimits::default()
        };
        assert!(!increments_only.has_clock() && !increments_only.is_limited());
    }
}
