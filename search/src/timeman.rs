//! Time management: how long one move may take.
//!
//! Two limits come out of the clock: the *soft* limit is the time we aim to spend; it is judged
//! between iterations, scaled by what the completed iterations say (`Progress`). The *hard*
//! limit is checked inside the search (every 1024 nodes) and is never exceeded, so the engine
//! never loses on time; it always leaves `Move Overhead` milliseconds in reserve for the GUI, and
//! `STALL_RESERVE_MS` more (or 40% of the clock, whichever is more) for the operating system.
//! The scales move only the soft limit, never past the hard one.
//!
//! The soft limit's scale is the product of four factors, each named in `params.rs` with a value
//! that turns it off (a factor of 1), so a match can judge each alone:
//! - *node share* (`tm_node_weight`, 0 is off): the less of the search the best move took, the
//!   more its rivals are worth a look; a best move that took nearly every node is clear.
//! - *score trend* (`tm_trend_fall`, `tm_trend_rise`, compared over `tm_trend_span` iterations):
//!   a falling score means trouble that more time may solve, a rising one that the search is
//!   getting what it wanted. `tm_trend_rise` 0 saves nothing on a rise, as before issue 68 (with
//!   `tm_trend_fall` 75 and `tm_trend_span` 1 it is the earlier rule exactly).
//! - *stability* (`tm_stability_min_depth`, 1 counts from the first iteration as before issue
//!   68): iterations the best move stayed, counted from a depth where best moves stop changing
//!   for noise; 1.5 times the soft limit for a new best move down to 0.8 for a stable one.
//! - *fail low* (`tm_fail_low_bonus`, 0 is off): the root failed low in the last iteration, so
//!   the best move is worse than it looked and the next iteration may find a better one.
//!
//! Besides, a mate for us proven over `tm_mate_iterations` iterations in a row ends a clock
//! search at once (0 is off); a `go depth`, `go mate`, `go movetime`, `go infinite` or ponder
//! search is never cut so. And `go ... movestogo 0` is read as no moves-to-go (sudden death), as
//! Stockfish reads it: "zero moves to the control" means nothing a clock can plan for, and reading
//! it as the last move before the control would spend half the clock on one move.
//!
//! A `TimeManager` is the plan of one search, computed once when it starts (`ThreadPool::start`
//! in `thread_pool.rs`); the clock it is measured against, which `ponderhit` starts anew, is the
//! shared `Deadline` (`deadline.rs`). `Progress` is the main thread's own record of its
//! iterations, kept by iterative deepening (`iterate.rs`).

use crate::limits::SearchLimits;
use crate::params::{
    tm_fail_low_bonus, tm_fail_low_max, tm_inc_percent, tm_mate_iterations, tm_moves_to_go,
    tm_node_max, tm_node_min, tm_node_pivot, tm_node_weight, tm_stability_min,
    tm_stability_min_depth, tm_stability_new, tm_stability_step, tm_trend_cap, tm_trend_fall,
    tm_trend_floor, tm_trend_rise, tm_trend_span,
};
use crate::score::is_mate;
use outpost_board::{Color, Move};

/// Never plan for more moves than this, even if the GUI says more.
const MAX_MOVES_TO_GO: i64 = 50;
/// Milliseconds of the clock, beyond `Move Overhead`, that a search never touches: a reserve
/// for stalls the process cannot see. In the 1 046 games of sprt.md rows 40 and 42 (fastchess,
/// a 2-core VM), 21 searches answered 50-99 ms after their hard limit, in both builds alike,
/// while 3 000 searches on a quiet core had none beyond 10 ms (docs/results/time-losses.md);
/// one such stall lost a game with 165 ms on the clock. On long clocks the 40% the hard limit
/// leaves covers them; this floor covers the short ones.
const STALL_RESERVE_MS: i64 = 100;

#[derive(Clone, Debug)]
pub struct TimeManager {
    /// Target time in ms, `None` when no clock applies.
    soft: Option<u64>,
    /// Absolute limit in ms, `None` when no clock applies.
    hard: Option<u64>,
    /// Whether the limits came from a clock (so forced moves may be played at once).
    clock: bool,
    /// Whether a proven mate may end the search early: a clock search without `go depth` or
    /// `go mate` (who gives a depth or a mate asked for that search, not for the clock's).
    mate_stop: bool,
}

/// `pct` percent of `ms`, rounded down, for any clock a GUI may send (up to `i64::MAX`).
fn percent(ms: i64, pct: i64) -> i64 {
    (i128::from(ms) * i128::from(pct) / 100) as i64
}

impl TimeManager {
    /// Limits for `side` to move under `limits` (none in `go infinite`).
    pub fn new(limits: &SearchLimits, side: Color, overhead_ms: i64) -> TimeManager {
        if limits.infinite {
            return TimeManager::unlimited();
        }
        let overhead = overhead_ms.max(0);
        if let Some(mt) = limits.movetime {
            // A fixed time: use it all, less the reserve, and no soft stop.
            let hard = mt.saturating_sub(overhead).max(1) as u64;
            return TimeManager {
                hard: Some(hard),
                ..TimeManager::unlimited()
            };
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else {
            return TimeManager::unlimited();
        };
        let inc = inc.unwrap_or(0).max(0);
        let available = time.saturating_sub(overhead).max(0);
        // `movestogo 0` is no moves-to-go at all (see the module's comment).
        let (soft, hard) = match limits.movestogo.filter(|&m| m > 0) {
            // The last move before the time control: most of what is left is ours.
            Some(1) => (available / 2, percent(available, 85)),
            mtg => {
                let mtg = mtg.map_or(i64::from(tm_moves_to_go()), |m| {
                    i64::from(m).min(MAX_MOVES_TO_GO)
                });
                let share = (available / mtg.max(1))
                    .saturating_add(percent(inc, i64::from(tm_inc_percent())));
                (share, share.saturating_mul(4).min(percent(available, 60)))
            }
        };
        let hard = hard.min(available.saturating_sub(STALL_RESERVE_MS));
        TimeManager {
            soft: Some(soft.min(hard).max(0) as u64),
            hard: Some(hard.max(0) as u64),
            clock: true,
            mate_stop: limits.depth.is_none() && limits.mate.is_none(),
        }
    }

    /// No limit at all (depth, nodes, infinite).
    pub fn unlimited() -> TimeManager {
        TimeManager {
            soft: None,
            hard: None,
            clock: false,
            mate_stop: false,
        }
    }

    pub fn soft_ms(&self) -> Option<u64> {
        self.soft
    }

    pub fn hard_ms(&self) -> Option<u64> {
        self.hard
    }

    /// Decides after a completed iteration whether to start another one, `clock_ms` into our
    /// time for this move. `progress` is what the iterations so far say (the latest recorded);
    /// `forced`: only one legal root move.
    pub fn iteration_done(&self, clock_ms: u64, progress: &Progress, forced: bool) -> bool {
        let Some(soft) = self.soft else {
            return false;
        };
        if forced && self.clock {
            // Nothing to think about: answer at once, keeping the time for later moves.
            return true;
        }
        if self.mate_stop && progress.proven_mate() {
            return true;
        }
        let budget = (soft as f64 * progress.scale()) as u64;
        clock_ms >= budget.min(self.hard.unwrap_or(u64::MAX))
    }
}

/// One completed iteration of the main thread, as the time manager sees it.
#[derive(Clone, Copy, Debug)]
pub struct Iteration {
    pub depth: i32,
    pub best: Move,
    /// The best move's score.
    pub score: i32,
    /// Nodes the main thread searched below the best move since the search began...
    pub best_nodes: u64,
    /// ...and in all.
    pub nodes: u64,
    /// Lines searched (MultiPV): with more than one, every line takes a full share of the
    /// nodes, and the best move's share says nothing.
    pub lines: usize,
    /// Root fail lows of the first line in this iteration.
    pub fail_lows: u32,
}

/// What the completed iterations say about the best move: the time manager's input between
/// iterations, one `record` per completed iteration of the main thread.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// The best score of every completed iteration, the latest last.
    scores: Vec<i32>,
    /// The latest best move.
    best: Move,
    /// Iterations the best move has stayed the best, counted from `tm_stability_min_depth`.
    stable: u32,
    /// Iterations in a row whose best score is a mate for us.
    mating: u32,
    /// The best move's share of the main thread's nodes (`None` with MultiPV).
    node_share: Option<f64>,
    /// Root fail lows of the first line in the latest iteration.
    fail_lows: u32,
}

impl Progress {
    /// Takes in a completed iteration.
    pub fn record(&mut self, it: Iteration) {
        // At `tm_stability_min_depth` the count is 0: its best move is the first one counted.
        self.stable = if it.depth > tm_stability_min_depth() && it.best == self.best {
            self.stable.saturating_add(1)
        } else {
            0
        };
        self.best = it.best;
        self.mating = if is_mate(it.score) && it.score > 0 {
            self.mating.saturating_add(1)
        } else {
            0
        };
        self.scores.push(it.score);
        self.node_share = (it.lines == 1 && it.nodes > 0)
            .then(|| (it.best_nodes as f64 / it.nodes as f64).min(1.0));
        self.fail_lows = it.fail_lows;
    }

    /// Whether a mate for us has held long enough to play it without further thought.
    pub fn proven_mate(&self) -> bool {
        let needed = tm_mate_iterations();
        needed > 0 && self.mating >= needed as u32
    }

    /// How much the best score fell over the last `tm_trend_span` iterations (fewer at the
    /// start; negative when it rose).
    fn fall(&self) -> i32 {
        let Some(&now) = self.scores.last() else {
            return 0;
        };
        let back = (tm_trend_span().max(1) as usize).min(self.scores.len() - 1);
        self.scores[self.scores.len() - 1 - back] - now
    }

    /// The soft limit's scale: the product of the four factors.
    pub fn scale(&self) -> f64 {
        node_factor(self.node_share)
            * trend_factor(self.fall())
            * stability_factor(self.stable)
            * fail_low_factor(self.fail_lows)
    }
}

/// The node-share factor: above 1 when the best move took less than `tm_node_pivot` hundredths
/// of the nodes, below when it took more; 1 without a share.
fn node_factor(share: Option<f64>) -> f64 {
    let Some(share) = share else {
        return 1.0;
    };
    let weight = f64::from(tm_node_weight()) / 100.0;
    let pivot = f64::from(tm_node_pivot()) / 100.0;
    // The parameters' ranges keep the floor at most 1 and the cap at least 1.
    (1.0 + weight * (pivot - share)).clamp(
        f64::from(tm_node_min()) / 100.0,
        f64::from(tm_node_max()) / 100.0,
    )
}

/// The score-trend factor of a fall of `fall` centipawns (negative: a rise).
fn trend_factor(fall: i32) -> f64 {
    let per_cp = if fall > 0 {
        tm_trend_fall()
    } else {
        tm_trend_rise()
    };
    (1.0 + f64::from(fall) * f64::from(per_cp) / 10_000.0).clamp(
        f64::from(tm_trend_floor()) / 100.0,
        f64::from(tm_trend_cap()) / 100.0,
    )
}

/// The stability factor after `stable` iterations with the same best move.
fn stability_factor(stable: u32) -> f64 {
    let stable = stable.min(100) as i32;
    let percent = (tm_stability_new() - tm_stability_step() * stable).max(tm_stability_min());
    f64::from(percent) / 100.0
}

/// The fail-low factor after `fail_lows` root fail lows in the last iteration.
fn fail_low_factor(fail_lows: u32) -> f64 {
    let counted = fail_lows.min(tm_fail_low_max().max(0) as u32);
    1.0 + f64::from(tm_fail_low_bonus()) / 100.0 * f64::from(counted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mate_in, mated_in};
    use outpost_board::Position;

    fn clock(wtime: i64, winc: i64, mtg: Option<i32>) -> TimeManager {
        let limits = SearchLimits {
            wtime: Some(wtime),
            btime: Some(1),
            winc: Some(winc),
            movestogo: mtg,
            ..SearchLimits::default()
        };
        TimeManager::new(&limits, Color::White, 30)
    }

    /// Two different legal moves of the start position.
    fn moves() -> (Move, Move) {
        let legal = Position::startpos().legal_moves();
        (legal[0], legal[1])
    }

    /// An iteration with one line, the best move at `share` of 1 000 000 nodes and no fail low.
    fn iteration(depth: i32, best: Move, score: i32, share: f64) -> Iteration {
        Iteration {
            depth,
            best,
            score,
            best_nodes: (share * 1e6) as u64,
            nodes: 1_000_000,
            lines: 1,
            fail_lows: 0,
        }
    }

    /// Progress after iterations 1, 2, .. with these best moves and scores (node share 0.85).
    fn progress(iterations: &[(Move, i32)]) -> Progress {
        let mut p = Progress::default();
        for (i, &(mv, score)) in iterations.iter().enumerate() {
            p.record(iteration(i as i32 + 1, mv, score, 0.85));
        }
        p
    }

    #[test]
    fn limits_are_sane_for_common_controls() {
        let tm = clock(60_000, 0, None);
        let (s, h) = (tm.soft_ms().unwrap(), tm.hard_ms().unwrap());
        assert!(s > 1_000 && s < 3_000, "soft {s}");
        assert!(h >= s && h < 60_000 / 2, "hard {h}");
        let tm = clock(10_000, 100, None);
        assert!(tm.soft_ms().unwrap() > 250 && tm.hard_ms().unwrap() < 6_000);
        let tm = clock(5_000, 0, Some(1));
        assert!(tm.hard_ms().unwrap() < 5_000 - 30);
    }

    /// `go wtime 10000 btime 10000 movestogo 0` plans as if no moves-to-go were given (sudden
    /// death, as Stockfish reads it), not as the last move before the control, which would
    /// spend half the clock.
    #[test]
    fn movestogo_zero_is_no_moves_to_go() {
        let with_zero = clock(10_000, 0, Some(0));
        let without = clock(10_000, 0, None);
        assert_eq!(with_zero.soft_ms(), without.soft_ms());
        assert_eq!(with_zero.hard_ms(), without.hard_ms());
        let soft = with_zero.soft_ms().unwrap();
        assert!(soft < 1_000, "soft {soft} ms of a 10 s clock");
        assert!(with_zero.hard_ms().unwrap() < 2_500);
        // The last move before the control does take half.
        let last = clock(10_000, 0, Some(1));
        assert_eq!(last.soft_ms(), Some((10_000 - 30) / 2));
        // A negative count, which the parser clamps to 0 anyway, reads the same.
        assert_eq!(clock(10_000, 0, Some(-3)).soft_ms(), without.soft_ms());
    }

    /// A moves-to-go control spreads the clock over the moves left, more per move as the
    /// control nears, and keeps the hard limit within the clock.
    #[test]
    fn a_moves_to_go_control_spends_more_as_the_control_nears() {
        let mut last = 0;
        for mtg in (1..=40).rev() {
            let tm = clock(20_000, 0, Some(mtg));
            let (soft, hard) = (tm.soft_ms().unwrap(), tm.hard_ms().unwrap());
            assert!(soft >= last, "movestogo {mtg}: {soft} after {last}");
            assert!(soft <= hard && hard <= 20_000 * 85 / 100, "movestogo {mtg}");
            last = soft;
        }
        assert_eq!(
            clock(20_000, 0, Some(40)).soft_ms(),
            Some((20_000 - 30) / 40)
        );
    }

    #[test]
    fn no_time_or_negative_time_gives_zero_limits() {
        for t in [-500, 0, 10, 30] {
            let tm = clock(t, 0, None);
            assert_eq!(tm.hard_ms(), Some(0));
            assert_eq!(tm.soft_ms(), Some(0));
        }
    }

    /// A short clock keeps the stall reserve on top of the overhead: row 42's lost game had
    /// 165 ms and an 80 ms increment, planned 81 ms and took 169.
    #[test]
    fn short_clocks_keep_the_stall_reserve() {
        for (t, inc, mtg) in [
            (165, 80, None),
            (300, 10, None),
            (400, 0, Some(1)),
            (130, 80, None),
        ] {
            let hard = clock(t, inc, mtg).hard_ms().unwrap() as i64;
            assert!(
                hard <= (t - 30 - STALL_RESERVE_MS).max(0),
                "{t}+{inc}: hard {hard}"
            );
        }
        // Long clocks are unchanged: there the 40% left over is the larger reserve.
        let tm = clock(10_000, 100, None);
        assert_eq!(tm.hard_ms(), Some(((10_000 - 30) / 35 + 75) as u64 * 4));
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let tm = TimeManager::new(&SearchLimits::movetime(1_000), Color::Black, 30);
        assert_eq!(tm.hard_ms(), Some(970));
        assert_eq!(tm.soft_ms(), None);
        assert!(!tm.iteration_done(10_000, &Progress::default(), true));
    }

    /// `go wtime 99999999999999999999999` reaches here clamped to `i64::MAX`: no overflow, and
    /// a plenty-of-time answer.
    #[test]
    fn extreme_clocks_do_not_overflow() {
        for (t, inc, mtg) in [
            (i64::MAX, i64::MAX, None),
            (i64::MAX, 0, Some(1)),
            (i64::MAX, i64::MAX, Some(1)),
            (i64::MAX, i64::MAX, Some(0)),
            (i64::MIN, i64::MIN, None),
            (1_000, i64::MAX, None),
            (1_000, 0, Some(i32::MAX)),
        ] {
            let tm = clock(t, inc, mtg);
            assert!(tm.hard_ms().unwrap() >= tm.soft_ms().unwrap());
        }
        assert!(clock(i64::MAX, 0, None).soft_ms().unwrap() > 1 << 40);
        for mt in [i64::MIN, i64::MAX] {
            let tm = TimeManager::new(&SearchLimits::movetime(mt), Color::White, i64::MAX);
            assert!(tm.hard_ms().unwrap() >= 1);
        }
    }

    #[test]
    fn the_node_factor_falls_with_the_best_move_s_share() {
        let (lo, hi) = (f64::from(tm_node_min()), f64::from(tm_node_max()));
        let mut last = f64::INFINITY;
        for i in 0..=100 {
            let f = node_factor(Some(f64::from(i) / 100.0));
            assert!(f <= last, "share {i}%: {f} after {last}");
            assert!(f >= lo / 100.0 && f <= hi / 100.0, "share {i}%: {f}");
            last = f;
        }
        let pivot = f64::from(tm_node_pivot()) / 100.0;
        assert!((node_factor(Some(pivot)) - 1.0).abs() < 1e-9);
        assert!(
            node_factor(Some(0.3)) > 1.2,
            "a contested best move gets more time"
        );
        assert!(node_factor(Some(0.99)) < 0.9, "a clear one gets less");
        assert_eq!(node_factor(None), 1.0);
    }

    #[test]
    fn the_trend_factor_moves_both_ways_within_its_bounds() {
        let (floor, cap) = (f64::from(tm_trend_floor()), f64::from(tm_trend_cap()));
        let mut last = 0.0;
        for fall in -1_000..=1_000 {
            let f = trend_factor(fall);
            assert!(f >= last, "fall {fall}: {f} after {last}");
            assert!(f >= floor / 100.0 && f <= cap / 100.0, "fall {fall}: {f}");
            last = f;
        }
        assert_eq!(trend_factor(0), 1.0, "a flat score changes nothing");
        assert!(trend_factor(20) > 1.2, "a falling score gets more time");
        assert!(trend_factor(-20) < 0.85, "a rising one saves time");
        assert_eq!(trend_factor(100_000), cap / 100.0);
        assert_eq!(trend_factor(-100_000), floor / 100.0);
        assert_eq!(trend_factor(i32::MIN), floor / 100.0);
    }

    #[test]
    fn the_stability_factor_falls_to_its_floor() {
        let mut last = f64::INFINITY;
        for stable in 0..200 {
            let f = stability_factor(stable);
            assert!(f <= last && f >= f64::from(tm_stability_min()) / 100.0);
            last = f;
        }
        assert_eq!(stability_factor(0), f64::from(tm_stability_new()) / 100.0);
        assert_eq!(
            stability_factor(u32::MAX),
            f64::from(tm_stability_min()) / 100.0
        );
        assert!(stability_factor(0) > 1.0 && stability_factor(10) < 1.0);
    }

    #[test]
    fn the_fail_low_factor_grows_to_its_cap() {
        assert_eq!(fail_low_factor(0), 1.0);
        assert!(fail_low_factor(1) > 1.0);
        let most = tm_fail_low_max() as u32;
        assert!(fail_low_factor(most) > fail_low_factor(most - 1));
        assert_eq!(fail_low_factor(most + 5), fail_low_factor(most));
    }

    /// Best-move changes below `tm_stability_min_depth` do not count, for or against.
    #[test]
    fn stability_is_counted_from_its_depth() {
        let (a, b) = moves();
        let from = tm_stability_min_depth() as usize;
        // Changes at every iteration up to the first counted one, then the same move.
        let mut line: Vec<(Move, i32)> = (0..from).map(|i| ([a, b][i % 2], 20)).collect();
        let counted = line[from - 1].0;
        assert_eq!(progress(&line).stable, 0);
        for more in 1..=5 {
            line.push((counted, 20));
            assert_eq!(progress(&line).stable, more);
        }
        let other = if counted == a { b } else { a };
        line.push((other, 20));
        assert_eq!(progress(&line).stable, 0, "a change resets the count");
        // The same move all along: stable only from the first counted depth.
        let same: Vec<(Move, i32)> = (0..from + 2).map(|_| (a, 20)).collect();
        assert_eq!(progress(&same).stable, 2);
    }

    /// The trend compares the best score with the one `tm_trend_span` iterations before.
    #[test]
    fn the_trend_compares_with_the_span_s_iteration() {
        let (a, _) = moves();
        let span = tm_trend_span() as usize;
        let mut line: Vec<(Move, i32)> = vec![(a, 50)];
        assert_eq!(progress(&line).fall(), 0, "one iteration has no trend");
        line.extend((0..span).map(|i| (a, 40 - 10 * i as i32)));
        assert_eq!(progress(&line).fall(), 50 - line.last().unwrap().1);
        line.push((a, 200));
        let fall = progress(&line).fall();
        assert_eq!(fall, line[line.len() - 1 - span].1 - 200);
        assert!(progress(&line).scale() < progress(&line[..line.len() - 1]).scale());
    }

    #[test]
    fn node_share_needs_one_line() {
        let (a, _) = moves();
        let mut p = Progress::default();
        p.record(iteration(1, a, 0, 0.3));
        assert_eq!(p.node_share, Some(0.3));
        p.record(Iteration {
            lines: 3,
            ..iteration(2, a, 0, 0.3)
        });
        assert_eq!(p.node_share, None);
        p.record(Iteration {
            nodes: 0,
            best_nodes: 0,
            ..iteration(3, a, 0, 0.3)
        });
        assert_eq!(p.node_share, None);
    }

    /// A mate for us held over `tm_mate_iterations` iterations ends a clock search at once,
    /// and nothing else does: not a shorter run, not being mated, not `go depth`/`go mate`/
    /// `go movetime`.
    #[test]
    fn a_proven_mate_ends_a_clock_search_early() {
        let (a, _) = moves();
        let tm = clock(60_000, 0, None);
        let needed = tm_mate_iterations() as usize;
        let mut line: Vec<(Move, i32)> = vec![(a, 100), (a, 300)];
        line.extend((1..needed).map(|i| (a, mate_in(11 - i))));
        assert!(
            !tm.iteration_done(0, &progress(&line), false),
            "not yet proven"
        );
        line.push((a, mate_in(5)));
        let proven = progress(&line);
        assert!(proven.proven_mate());
        assert!(tm.iteration_done(0, &proven, false));
        // Being mated is no reason to stop.
        let mated: Vec<(Move, i32)> = (0..needed + 2).map(|i| (a, mated_in(9 + i))).collect();
        assert!(!tm.iteration_done(0, &progress(&mated), false));
        // A break in the run starts the count again.
        let mut broken = line.clone();
        broken.insert(line.len() - 1, (a, 500));
        assert!(!progress(&broken).proven_mate());
        // Searches whose user asked for a depth, a mate or a time are never cut by it.
        for limits in [
            SearchLimits {
                depth: Some(30),
                wtime: Some(60_000),
                ..SearchLimits::default()
            },
            SearchLimits {
                mate: Some(10),
                wtime: Some(60_000),
                ..SearchLimits::default()
            },
            SearchLimits::movetime(60_000),
            SearchLimits::depth(30),
        ] {
            let tm = TimeManager::new(&limits, Color::White, 30);
            assert!(!tm.iteration_done(0, &proven, false), "{limits:?}");
        }
    }

    /// A root fail low in the last iteration raises the budget: at a clock past the plain
    /// budget and short of the raised one, the search goes on only after the fail low.
    #[test]
    fn a_root_fail_low_gives_more_time() {
        let (a, _) = moves();
        let tm = clock(60_000, 0, None);
        let soft = tm.soft_ms().unwrap() as f64;
        let mut calm = Progress::default();
        let mut failed = Progress::default();
        for depth in 1..=10 {
            calm.record(iteration(depth, a, 30, 0.9));
            failed.record(Iteration {
                fail_lows: u32::from(depth == 10),
                ..iteration(depth, a, 30, 0.9)
            });
        }
        assert!(failed.scale() > calm.scale());
        let between = (soft * (calm.scale() + failed.scale()) / 2.0) as u64;
        assert!(tm.iteration_done(between, &calm, false));
        assert!(!tm.iteration_done(between, &failed, false));
    }

    /// However many reasons to think longer add up, the hard limit holds; and the scale never
    /// falls to nothing however clear the move.
    #[test]
    fn the_scales_stay_within_the_hard_limit() {
        let (a, b) = moves();
        let tm = clock(10_000, 0, None);
        let hard = tm.hard_ms().unwrap();
        let mut worst = Progress::default();
        for depth in 1..=12 {
            worst.record(Iteration {
                fail_lows: 5,
                ..iteration(depth, [a, b][depth as usize % 2], -100 * depth, 0.05)
            });
        }
        assert!(worst.scale() * tm.soft_ms().unwrap() as f64 > hard as f64);
        assert!(!tm.iteration_done(hard - 1, &worst, false));
        assert!(tm.iteration_done(hard, &worst, false));
        let mut clear = Progress::default();
        for depth in 1..=12 {
            clear.record(iteration(depth, a, 20 * depth, 1.0));
        }
        let least = f64::from(tm_node_min() * tm_trend_floor() * tm_stability_min()) / 1e6;
        assert!(clear.scale() < 1.0 && clear.scale() >= least - 1e-9);
    }

    /// A single legal move is played at once under a clock, and only then.
    #[test]
    fn a_forced_move_is_played_at_once_under_a_clock() {
        let p = progress(&[(moves().0, 0)]);
        assert!(clock(60_000, 0, None).iteration_done(0, &p, true));
        assert!(!clock(60_000, 0, None).iteration_done(0, &p, false));
        assert!(!TimeManager::unlimited().iteration_done(u64::MAX, &p, true));
    }
}
