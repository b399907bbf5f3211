//! Run-time CPU feature selection.
//!
//! The release binary is built for plain x86-64 so that it runs everywhere, yet POPCNT and PEXT are
//! worth a large share of move-generation speed. We detect them once and dispatch with a flag that
//! is read with a relaxed load (a plain `mov`), which the branch predictor hides entirely.
//! Correctness never depends on `init` having run: before it, the portable paths are used.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;

static USE_PEXT: AtomicBool = AtomicBool::new(false);
static USE_POPCNT: AtomicBool = AtomicBool::new(false);
static INIT: Once = Once::new();

/// Detects CPU features once. Set `OUTPOST_NO_PEXT=1` to force magic bitboards (for testing).
pub fn init() {
    INIT.call_once(|| {
        USE_POPCNT.store(has_popcnt(), Ordering::Relaxed);
        let forbid = std::env::var_os("OUTPOST_NO_PEXT").is_some_and(|v| v != "0");
        USE_PEXT.store(!forbid && has_fast_pext(), Ordering::Relaxed);
    });
}

/// Whether slider lookups use PEXT (after `init`).
#[inline(always)]
pub fn pext_enabled() -> bool {
    USE_PEXT.load(Ordering::Relaxed)
}

#[inline(always)]
pub(crate) fn popcnt_enabled() -> bool {
    USE_POPCNT.load(Ordering::Relaxed)
}

/// Switches the slider backend; used by tests that compare both, and by `perft` benchmarks.
/// Asking for PEXT on a CPU without BMI2 is refused (returns false) rather than crashing.
pub fn set_pext(on: bool) -> bool {
    init();
    if on && !has_bmi2() {
        return false;
    }
    USE_PEXT.store(on, Ordering::Relaxed);
    true
}

/// Short description of the selected paths, for `info string` and benchmarks.
pub fn describe() -> &'static str {
    match (pext_enabled(), popcnt_enabled()) {
        (true, _) => "pext",
        (false, true) => "magic+popcnt",
        (false, false) => "magic",
    }
}

#[cfg(target_arch = "x86_64")]
fn has_popcnt() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_popcnt() -> bool {
    false
}

#[cfg(target_arch = "x86_64")]
fn has_bmi2() -> bool {
    std::arch::is_x86_feature_detected!("bmi2")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_bmi2() -> bool {
    false
}

/// AMD before Zen 3 (family 0x19) implements PEXT in microcode, far slower than magic lookups.
#[cfg(target_arch = "x86_64")]
fn has_fast_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    if !has_bmi2() {
        return false;
    }
    let vendor = __cpuid(0);
    let amd = vendor.ebx == u32::from_le_bytes(*b"Auth")
        && vendor.edx == u32::from_le_bytes(*b"enti")
        && vendor.ecx == u32::from_le_bytes(*b"cAMD");
    if !amd {
        return true;
    }
    let eax = __cpuid(1).eax;
    let family = ((eax >> 8) & 0xF) + ((eax >> 20) & 0xFF);
    family >= 0x19
}

#[cfg(not(target_arch = "x86_64"))]
fn has_fast_pext() -> bool {
    false
}
