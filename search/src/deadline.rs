//! The hard time limit of the running search: one value in the pool's shared state, set in one
//! place (`ThreadPool::start`), moved in one place (`ThreadPool::ponderhit`), and read by every
//! thread (`clock.rs`), the main thread included.
//!
//! Times are milliseconds after `go` arrived (`Job::started`). Our clock normally starts then;
//! in a ponder search it starts at `ponderhit`, because the GUI starts our clock only when the
//! opponent has played the expected move. Until then there is no hard limit at all.

use parking_lot::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// `Deadline::stop_at_ms` when no hard limit applies.
const NONE: u64 = u64::MAX;

/// Whole milliseconds since `since`: the unit of every time the search keeps (the limits of
/// `go`, the deadline, the reports, bench).
#[inline]
pub(crate) fn elapsed_ms(since: Instant) -> u64 {
    since.elapsed().as_millis() as u64
}

pub(crate) struct Deadline {
    /// When `go` arrived, and the hard limit's length that a ponder search keeps for
    /// `ponderhit` (taken by the first one: a second `ponderhit` moves nothing).
    pending: Mutex<(Instant, Option<u64>)>,
    /// When our clock started: 0, or the moment of `ponderhit`.
    origin_ms: AtomicU64,
    /// When every thread stops (`NONE` without a hard limit, and while pondering).
    stop_at_ms: AtomicU64,
}

impl Default for Deadline {
    fn default() -> Self {
        Deadline {
            pending: Mutex::new((Instant::now(), None)),
            origin_ms: AtomicU64::new(0),
            stop_at_ms: AtomicU64::new(NONE),
        }
    }
}

impl Deadline {
    /// A new search that started at `started` with the hard limit `hard_ms` (none in `go
    /// infinite` or without a clock); a ponder search keeps it for `ponderhit`.
    pub fn arm(&self, started: Instant, hard_ms: Option<u64>, pondering: bool) {
        let mut pending = self.pending.lock();
        *pending = (started, hard_ms.filter(|_| pondering));
        self.origin_ms.store(0, Ordering::SeqCst);
        let stop_at = hard_ms.filter(|_| !pondering).unwrap_or(NONE);
        self.stop_at_ms.store(stop_at, Ordering::SeqCst);
    }

    /// The opponent played the expected move: our clock starts now, and the hard limit counts
    /// from here. Only the first `ponderhit` of a ponder search does anything.
    pub fn ponderhit(&self) {
        let mut pending = self.pending.lock();
        let (started, hard) = *pending;
        if let Some(hard) = hard {
            pending.1 = None;
            let now = elapsed_ms(started);
            self.origin_ms.store(now, Ordering::SeqCst);
            self.stop_at_ms
                .store(now.saturating_add(hard), Ordering::SeqCst);
        }
    }

    /// Whether the hard limit has passed, `elapsed_ms` after `go`.
    #[inline]
    pub fn passed(&self, elapsed_ms: u64) -> bool {
        let stop_at = self.stop_at_ms.load(Ordering::Relaxed);
        stop_at != NONE && elapsed_ms >= stop_at
    }

    /// The time on our clock, `elapsed_ms` after `go`: what the soft limit is measured against.
    #[inline]
    pub fn clock_ms(&self, elapsed_ms: u64) -> u64 {
        elapsed_ms.saturating_sub(self.origin_ms.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_timed_search_stops_at_its_hard_limit() {
        let d = Deadline::default();
        d.arm(Instant::now(), Some(100), false);
        assert!(!d.passed(99));
        assert!(d.passed(100));
        assert_eq!(d.clock_ms(40), 40);
        // A `ponderhit` outside a ponder search moves nothing.
        d.ponderhit();
        assert!(d.passed(100));
        assert_eq!(d.clock_ms(40), 40);
    }

    #[test]
    fn without_a_hard_limit_nothing_passes() {
        let d = Deadline::default();
        d.arm(Instant::now(), None, false);
        assert!(!d.passed(u64::MAX - 1));
        d.arm(Instant::now(), None, true);
        d.ponderhit();
        assert!(!d.passed(u64::MAX - 1));
    }

    #[test]
    fn a_ponder_search_gets_its_limit_at_the_first_ponderhit() {
        let d = Deadline::default();
        let started = Instant::now() - Duration::from_millis(500);
        d.arm(started, Some(100), true);
        assert!(!d.passed(10_000), "no limit while pondering");
        d.ponderhit();
        // The clock started about 500 ms after `go`.
        assert!(!d.passed(500));
        assert!(d.passed(700));
        assert!(d.clock_ms(600) <= 100);
        let stop_at = d.stop_at_ms.load(Ordering::Relaxed);
        // A second `ponderhit` does not move it.
        std::thread::sleep(Duration::from_millis(5));
        d.ponderhit();
        assert_eq!(d.stop_at_ms.load(Ordering::Relaxed), stop_at);
    }
}
