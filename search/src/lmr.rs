//! Late move reductions by depth and move number: `0.75 + ln(d) ln(m) / 2.25`, the long-standing
//! Ethereal formula; deeper nodes and later moves are reduced more. The table is built once.

use std::sync::OnceLock;

fn lmr_table() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.75 + (d as f64).ln() * (m as f64).ln() / 2.25;
                *r = v as u8;
            }
        }
        t
    })
}

/// The reduction of the `move_count`th move at `depth`, before the adjustments of Step 14.
#[inline(always)]
pub(crate) fn lmr(depth: i32, move_count: usize) -> i32 {
    i32::from(lmr_table()[(depth as usize).min(63)][move_count.min(63)])
}
