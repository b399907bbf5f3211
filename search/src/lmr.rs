//! Late move reductions by depth and move number: `0.75 + ln(d) ln(m) / 2.25`, the long-standing
//! Ethereal formula; deeper nodes and later moves are reduced more. The two constants are the
//! parameters `lmr_base` and `lmr_divisor` (in hundredths). The table is built once; under the
//! `tune` feature it is rebuilt after a parameter changed.

#[cfg(not(feature = "tune"))]
use std::sync::OnceLock;

/// The table for the current parameters.
fn build() -> [[u8; 64]; 64] {
    let base = f64::from(crate::params::lmr_base()) / 100.0;
    let divisor = f64::from(crate::params::lmr_divisor()) / 100.0;
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            let v = base + (d as f64).ln() * (m as f64).ln() / divisor;
            *r = v as u8;
        }
    }
    t
}

/// The reduction of the `move_count`th move at `depth`, before the adjustments of
/// `Step [lmr]` (`alphabeta.rs`).
#[cfg(not(feature = "tune"))]
#[inline(always)]
pub(crate) fn lmr(depth: i32, move_count: usize) -> i32 {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(build);
    i32::from(table[(depth as usize).min(63)][move_count.min(63)])
}

/// The reduction of the `move_count`th move at `depth`, before the adjustments of
/// `Step [lmr]` (`alphabeta.rs`). The table is rebuilt when a parameter was set since it was built; threads that rebuild at the
/// same moment write the same values.
#[cfg(feature = "tune")]
#[inline(always)]
pub(crate) fn lmr(depth: i32, move_count: usize) -> i32 {
    use std::sync::atomic::{AtomicU32, AtomicU8, Ordering};
    static TABLE: [[AtomicU8; 64]; 64] = [const { [const { AtomicU8::new(0) }; 64] }; 64];
    /// The parameter generation the table was built for (none yet: `u32::MAX`).
    static BUILT: AtomicU32 = AtomicU32::new(u32::MAX);
    let generation = crate::params::generation();
    if BUILT.load(Ordering::Acquire) != generation {
        for (row, values) in TABLE.iter().zip(build()) {
            for (slot, v) in row.iter().zip(values) {
                slot.store(v, Ordering::Relaxed);
            }
        }
        BUILT.store(generation, Ordering::Release);
    }
    i32::from(TABLE[(depth as usize).min(63)][move_count.min(63)].load(Ordering::Relaxed))
}
