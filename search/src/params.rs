//! The search's named parameters: every margin, depth limit and divisor of the pruning,
//! reduction and extension steps, and the time manager's plan and scales, with its default and
//! the range a tuner may try, the way Ethereal, Carp and Viridithas list theirs.
//!
//! Each parameter is read through a function of its name, `params::rfp_margin()`. In the normal
//! build that function is a `const fn` returning the default, so the compiled search is the same
//! as with the literal in place. With the cargo feature `tune` the values live in atomics that
//! `set` changes at run time, and the engine offers each parameter as a UCI spin option of the
//! same name, which is the convention of SPSA tuners (OpenBench, fastchess): they set
//! `setoption name <name> value <v>` and play games. `openbench_spsa()` prints the parameter
//! lines OpenBench's SPSA form takes (`docs/testing.md` says how to run a tune).
//!
//! Where the same step uses a parameter, the step's comment (in `alphabeta.rs`, `qsearch.rs`,
//! `iterate.rs`, `lmr.rs`, `history.rs`, `timeman.rs`) says why it is there; this file says only
//! how far it may move.

use std::fmt;

/// One tunable parameter: its name (also its UCI option name under `tune`), its default, the
/// range a tuner may try, and the step an SPSA tuner starts with (OpenBench's `c_end`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub step: i32,
}

/// Why `set` refused a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown(String),
    /// The value is outside the parameter's range.
    OutOfRange {
        name: &'static str,
        value: i32,
        min: i32,
        max: i32,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search parameter named '{name}'"),
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "search parameter '{name}': {value} is outside {min}..{max}"
            ),
        }
    }
}

impl std::error::Error for ParamError {}

/// Declares the parameters: the `PARAMS` table, one reading function per parameter (a constant
/// without `tune`, an atomic load with it), and `current`.
macro_rules! params {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $default:literal, $min:literal..=$max:literal, step $step:literal;
    )*) => {
        /// Every parameter, in the order of the steps that use them.
        pub const PARAMS: &[Param] = &[$(
            Param { name: stringify!($name), default: $default, min: $min, max: $max, step: $step },
        )*];

        #[cfg(not(feature = "tune"))]
        mod value {
            $(
                $(#[doc = $doc])*
                #[inline(always)]
                pub const fn $name() -> i32 {
                    $default
                }
            )*
        }

        #[cfg(feature = "tune")]
        mod value {
            use std::sync::atomic::{AtomicI32, Ordering};

            /// The parameters' positions in `PARAMS` and `VALUES`.
            #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
            #[repr(usize)]
            enum Index {
                $($name,)*
            }

            /// The current values, in the order of `PARAMS`.
            pub(super) static VALUES: [AtomicI32; super::PARAMS.len()] = [$(AtomicI32::new($default),)*];

            $(
                $(#[doc = $doc])*
                #[inline(always)]
                pub fn $name() -> i32 {
                    VALUES[Index::$name as usize].load(Ordering::Relaxed)
                }
            )*
        }

        pub use value::*;
    };
}

params! {
    /// Aspiration windows from this depth on (shallower iterations use the full window).
    asp_min_depth: 4, 1..=10, step 1;
    /// The first aspiration window's half width in centipawns...
    asp_delta: 12, 4..=50, step 2;
    /// ...plus the previous score's size (up to `ASP_SCORE_CAP` of `iterate.rs`) divided by this.
    asp_score_divisor: 40, 10..=200, step 8;
    /// `Step [reverse futility]`: reverse futility pruning up to this depth...
    rfp_max_depth: 8, 2..=15, step 1;
    /// ...when the eval exceeds beta by this margin per ply.
    rfp_margin: 75, 30..=150, step 5;
    /// `Step [null move]`: null move pruning from this depth on.
    nmp_min_depth: 2, 1..=6, step 1;
    /// The null move's reduction: this many plies...
    nmp_base: 4, 2..=6, step 1;
    /// ...plus the depth divided by this...
    nmp_depth_divisor: 5, 2..=10, step 1;
    /// ...plus the eval's excess over beta divided by this...
    nmp_eval_divisor: 200, 50..=400, step 15;
    /// ...at most this many plies for the excess.
    nmp_eval_max: 3, 1..=6, step 1;
    /// A null move cutoff from this depth on is verified by a real search.
    nmp_verify_depth: 12, 6..=20, step 1;
    /// `Step [iir]`: internal iterative reduction from this depth on.
    iir_min_depth: 4, 2..=8, step 1;
    /// `Step [move pruning]`: late move pruning up to this depth...
    lmp_max_depth: 8, 3..=12, step 1;
    /// ...after `(lmp_base + depth^2) / 2` quiet moves (twice that when improving).
    lmp_base: 3, 1..=10, step 1;
    /// History pruning of quiet moves up to this reduced depth...
    hist_prune_max_depth: 4, 1..=8, step 1;
    /// ...when their history score is below minus this much per ply of depth.
    hist_prune_margin: 2500, 500..=6000, step 250;
    /// Futility pruning of quiet moves up to this reduced depth...
    fp_max_depth: 8, 3..=12, step 1;
    /// ...when the static eval plus this margin...
    fp_base: 90, 20..=200, step 8;
    /// ...plus this much per ply of reduced depth stays below alpha.
    fp_margin: 100, 40..=200, step 8;
    /// SEE pruning of quiet moves up to this depth...
    see_quiet_max_depth: 8, 3..=12, step 1;
    /// ...when they lose more than this much material per ply.
    see_quiet_margin: 50, 10..=120, step 5;
    /// SEE pruning of captures up to this depth...
    see_noisy_max_depth: 6, 2..=10, step 1;
    /// ...when they lose more than this much material per ply.
    see_noisy_margin: 90, 30..=200, step 8;
    /// `Step [extensions]`: singular extensions from this depth on...
    se_min_depth: 8, 4..=12, step 1;
    /// ...when the table's entry is at most this many plies shallower than the node...
    se_tt_depth_margin: 3, 1..=6, step 1;
    /// ...and every other move fails below the entry's score less this much per ply of depth.
    se_beta_margin: 1, 1..=4, step 1;
    /// Outside PV nodes a singular move whose alternatives fail more than this below the
    /// singular bound is extended two plies...
    se_double_margin: 16, 0..=60, step 3;
    /// ...and three when they fail more than this below it and the move is quiet...
    se_triple_margin: 90, 30..=200, step 8;
    /// ...while the line holds fewer than this many extensions of two plies or more.
    se_multi_max: 10, 2..=24, step 1;
    /// `Step [lmr]`: late move reductions from this depth on.
    lmr_min_depth: 3, 2..=6, step 1;
    /// The reduction table's constant term, in hundredths of a ply (`lmr.rs`).
    lmr_base: 75, 0..=200, step 10;
    /// The reduction table's divisor of `ln(depth) ln(moves)`, in hundredths.
    lmr_divisor: 225, 100..=400, step 15;
    /// A quiet move's history divided by this adjusts its reduction...
    lmr_history_divisor: 6000, 2000..=16000, step 500;
    /// ...by at most this many plies either way.
    lmr_history_max: 2, 1..=4, step 1;
    /// `Step [delta pruning]` of the quiescence search: a capture is skipped when even winning
    /// the captured piece and this margin would not reach alpha.
    qs_delta_margin: 200, 50..=400, step 15;
    /// History bonus of a move at `depth`: `quad * depth^2 + linear * depth + base`...
    hist_bonus_quad: 40, 4..=80, step 4;
    hist_bonus_linear: 80, 0..=200, step 10;
    hist_bonus_base: 40, 0..=100, step 5;
    /// ...at most this much.
    hist_bonus_max: 3000, 400..=6000, step 200;
    /// Time management (`timeman.rs`). Without `movestogo` the clock is planned as if this many
    /// moves were left...
    tm_moves_to_go: 35, 15..=60, step 3;
    /// ...and this percentage of the increment is added to each move's share.
    tm_inc_percent: 75, 40..=100, step 5;
    /// Between iterations the soft limit is scaled by four factors, each 1 when its parameter
    /// says "off". The best move's share of the main thread's nodes: the less of the search it
    /// took, the more the others are worth looking at (Ethereal, Viridithas, Stockfish all
    /// scale by it). The factor is `1 + tm_node_weight / 100 x (tm_node_pivot / 100 - share)`;
    /// 0 turns the rule off...
    tm_node_weight: 150, 0..=300, step 15;
    /// ...so it is 1 at this share in hundredths: at 75 the rule moves time from clear moves to
    /// contested ones and leaves the total as it was (the median share at a search's end is
    /// about 0.8; 50 openings at 10+0.1 took 460 ms a move on average, 457 without the rule)...
    tm_node_pivot: 75, 50..=100, step 3;
    /// ...and it stays between these hundredths: a lopsided share is no reason to stop at once
    /// or to think forever.
    tm_node_min: 50, 20..=100, step 5;
    tm_node_max: 200, 100..=300, step 10;
    /// The score trend: the best score against the one this many iterations before (a longer
    /// span sees past the odd-even swing of one iteration; 1 compares with the last)...
    tm_trend_span: 3, 1..=6, step 1;
    /// ...gives this many percent more time for a fall of 100 cp (trouble that more time may
    /// solve)...
    tm_trend_fall: 150, 0..=400, step 15;
    /// ...and this many percent less for a rise of 100 cp (the search is getting what it wanted;
    /// Stockfish, Berserk and Ethereal all save time on it); 0 saves nothing on a rise...
    tm_trend_rise: 100, 0..=300, step 15;
    /// ...within these hundredths.
    tm_trend_floor: 70, 40..=100, step 5;
    tm_trend_cap: 175, 100..=300, step 10;
    /// The best move's stability: iterations it stayed the best, counted only from this depth
    /// (the first plies' best moves change for noise, and say nothing of the position)...
    tm_stability_min_depth: 4, 1..=8, step 1;
    /// ...gives this percentage of the soft limit when the best move has just changed...
    tm_stability_new: 150, 100..=250, step 10;
    /// ...this many percent less for each iteration it stayed...
    tm_stability_step: 25, 0..=60, step 5;
    /// ...down to this percentage.
    tm_stability_min: 80, 40..=100, step 5;
    /// A root fail low in the last iteration (the best move is worse than it looked) gives this
    /// many percent more time for each fail low (Viridithas: 34); 0 turns the rule off...
    tm_fail_low_bonus: 30, 0..=100, step 5;
    /// ...for at most this many fail lows.
    tm_fail_low_max: 2, 1..=5, step 1;
    /// A mate for us proven in this many iterations in a row ends a clock search at once: more
    /// time only finds a shorter mate, and the clock is worth more later; 0 turns the rule off.
    tm_mate_iterations: 3, 0..=10, step 1;
}

/// Bumped by every `set`, so tables derived from parameters (`lmr.rs`) know to rebuild.
#[cfg(feature = "tune")]
static GENERATION: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// How many times a parameter was set: a table built from the parameters is stale when this
/// moved since.
#[cfg(feature = "tune")]
#[inline]
pub fn generation() -> u32 {
    GENERATION.load(std::sync::atomic::Ordering::Acquire)
}

/// Sets a parameter for the searches that start afterwards (set none while a search runs).
#[cfg(feature = "tune")]
pub fn set(name: &str, value: i32) -> Result<(), ParamError> {
    use std::sync::atomic::Ordering;
    let i = PARAMS
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
    let p = &PARAMS[i];
    if !(p.min..=p.max).contains(&value) {
        return Err(ParamError::OutOfRange {
            name: p.name,
            value,
            min: p.min,
            max: p.max,
        });
    }
    value::VALUES[i].store(value, Ordering::Relaxed);
    GENERATION.fetch_add(1, Ordering::Release);
    Ok(())
}

/// The parameter lines of an OpenBench SPSA tune, one a line:
/// `name, int, default, min, max, c_end, r_end` with `c_end` the parameter's step and `r_end`
/// OpenBench's usual 0.002.
pub fn openbench_spsa() -> String {
    PARAMS
        .iter()
        .map(|p| {
            format!(
                "{}, int, {}, {}, {}, {}, 0.002\n",
                p.name, p.default, p.min, p.max, p.step
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held by the tests that read or set the values, which are global under `tune`.
    static VALUES_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// The parameter named `name` (exactly as in `PARAMS`).
    fn find(name: &str) -> Option<&'static Param> {
        PARAMS.iter().find(|p| p.name == name)
    }

    /// The value `name` has now, read by name as a tuner would see it: its default without
    /// `tune`.
    fn current(name: &str) -> Option<i32> {
        let i = PARAMS.iter().position(|p| p.name == name)?;
        #[cfg(feature = "tune")]
        let value = value::VALUES[i].load(std::sync::atomic::Ordering::Relaxed);
        #[cfg(not(feature = "tune"))]
        let value = PARAMS[i].default;
        Some(value)
    }

    #[test]
    fn every_parameter_has_a_sane_range_and_a_unique_name() {
        let _values = VALUES_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        for (i, p) in PARAMS.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{p:?}");
            assert!(p.step > 0 && p.step <= p.max - p.min, "{p:?}");
            assert!(
                p.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{p:?}: option names are lowercase words"
            );
            // The engine matches option names ignoring case and underscores.
            let plain = |n: &str| n.replace('_', "");
            assert!(
                PARAMS[..i].iter().all(|q| plain(q.name) != plain(p.name)),
                "{p:?}"
            );
            assert_eq!(current(p.name), Some(p.default));
            assert_eq!(find(p.name), Some(p));
        }
        assert_eq!(find("no_such_parameter"), None);
    }

    #[test]
    fn the_reading_functions_give_the_defaults() {
        let _values = VALUES_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        assert_eq!(rfp_margin(), find("rfp_margin").unwrap().default);
        assert_eq!(lmr_history_divisor(), 6000);
        assert_eq!(hist_bonus_max(), 3000);
    }

    #[test]
    fn the_spsa_lines_follow_openbench_s_format() {
        let text = openbench_spsa();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), PARAMS.len());
        assert_eq!(lines[0], "asp_min_depth, int, 4, 1, 10, 1, 0.002");
        for (line, p) in lines.iter().zip(PARAMS) {
            let fields: Vec<&str> = line.split(", ").collect();
            assert_eq!(fields.len(), 7, "{line}");
            assert_eq!(fields[0], p.name);
            assert_eq!(fields[2].parse::<i32>().unwrap(), p.default);
        }
    }

    #[cfg(feature = "tune")]
    #[test]
    fn set_changes_the_value_within_the_range_only() {
        let _values = VALUES_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let before = generation();
        assert_eq!(set("rfp_margin", 80), Ok(()));
        assert_eq!((rfp_margin(), current("rfp_margin")), (80, Some(80)));
        assert!(generation() != before, "derived tables must see the change");
        assert_eq!(
            set("rfp_margin", 1000),
            Err(ParamError::OutOfRange {
                name: "rfp_margin",
                value: 1000,
                min: 30,
                max: 150
            })
        );
        assert_eq!(rfp_margin(), 80, "a refused value changes nothing");
        assert_eq!(
            set("RFP margin", 80),
            Err(ParamError::Unknown("RFP margin".into()))
        );
        assert_eq!(set("rfp_margin", 75), Ok(()));
        assert_eq!(rfp_margin(), 75);
    }
}
