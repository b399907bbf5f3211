//! Time management: how long one move may take.
//!
//! Two limits come out of the clock: the *soft* limit is the time we aim to spend; it is checked
//! between iterations and scaled up when the best move keeps changing or the score drops, and
//! down when the best move is stable. The *hard* limit is checked inside the search (every 1024
//! nodes) and is never exceeded, so the engine never loses on time; it always leaves
//! `Move Overhead` milliseconds in reserve for the GUI, and `STALL_RESERVE_MS` more (or 40% of
//! the clock, whichever is more) for the operating system.
//!
//! A `TimeManager` is the plan of one search, computed once when it starts (`ThreadPool::start`
//! in `thread_pool.rs`); the clock it is measured against, which `ponderhit` starts anew, is the
//! shared `Deadline` (`deadline.rs`).

use crate::limits::SearchLimits;
use outpost_board::Color;

/// Moves to plan for when the GUI does not say (sudden death).
const DEFAULT_MOVES_TO_GO: i64 = 35;
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
                soft: None,
                hard: Some(hard),
                clock: false,
            };
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else {
            return TimeManager {
                soft: None,
                hard: None,
                clock: false,
            };
        };
        let inc = inc.unwrap_or(0).max(0);
        let available = time.saturating_sub(overhead).max(0);
        // `movestogo 0` is no moves-to-go at all, as Stockfish reads it: "zero moves to the
        // control" is nothing a clock can plan for, and read as the last move before the control
        // it would spend half the clock on one move.
        let mtg = limits
            .movestogo
            .filter(|&m| m > 0)
            .map_or(DEFAULT_MOVES_TO_GO, |m| i64::from(m).min(MAX_MOVES_TO_GO));
        let (soft, hard) = if mtg == 1 {
            // The last move before the time control: most of what is left is ours.
            (available / 2, percent(available, 85))
        } else {
            let soft = (available / mtg).saturating_add(percent(inc, 75));
            let hard = soft.saturating_mul(4).min(percent(available, 60));
            (soft, hard)
        };
        let hard = hard.min(available.saturating_sub(STALL_RESERVE_MS));
        TimeManager {
            soft: Some(soft.min(hard).max(0) as u64),
            hard: Some(hard.max(0) as u64),
            clock: true,
        }
    }

    /// No limit at all (depth, nodes, infinite).
    pub fn unlimited() -> TimeManager {
        TimeManager {
            soft: None,
            hard: None,
            clock: false,
        }
    }

    pub fn soft_ms(&self) -> Option<u64> {
        self.soft
    }

    pub fn hard_ms(&self) -> Option<u64> {
        self.hard
    }

    /// Decides after a completed iteration whether to start another one, `clock_ms` into our
    /// time for this move.
    ///
    /// `stable_iterations`: iterations the best move has stayed the same; `score_drop`: how much
    /// the score fell since the previous iteration (negative when it rose); `forced`: only one
    /// legal root move.
    pub fn iteration_done(
        &self,
        clock_ms: u64,
        stable_iterations: u32,
        score_drop: i32,
        forced: bool,
    ) -> bool {
        let Some(soft) = self.soft else {
            return false;
        };
        if forced && self.clock {
            // Nothing to think about: answer at once, keeping the time for later moves.
            return true;
        }
        // A new best move deserves a closer look; a stable one can be played sooner.
        let stability = [1.5, 1.25, 1.0, 0.9, 0.8][stable_iterations.min(4) as usize];
        // A falling score means trouble that more time may solve.
        let falling = 1.0 + 0.75 * f64::from(score_drop.clamp(0, 100)) / 100.0;
        let budget = (soft as f64 * stability * falling) as u64;
        let budget = budget.min(self.hard.unwrap_or(u64::MAX));
        clock_ms >= budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(!tm.iteration_done(10_000, 0, 0, true));
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
}
