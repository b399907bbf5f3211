//! The search parameters as UCI options: offered, and changing play, only in a build with the
//! cargo feature `tune` (`cargo test -p outpost --features tune`); absent otherwise.

mod common;

use common::*;
use outpost_search::params::PARAMS;

/// The UCI handshake's `option` lines.
fn option_lines(e: &mut Engine) -> Vec<String> {
    e.send("uci");
    e.until(LONG, |l| l == "uciok")
        .into_iter()
        .filter(|l| l.starts_with("option "))
        .collect()
}

/// The row of the parameter `name` in the search's table, where its default and range are.
#[cfg(feature = "tune")]
fn param(name: &str) -> &'static outpost_search::params::Param {
    PARAMS
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no search parameter {name}"))
}

/// The node count of `bench <depth>`.
fn bench_nodes(e: &mut Engine, depth: u32) -> u64 {
    e.send(&format!("bench {depth}"));
    let line = e.expect("Nodes searched: ", LONG);
    // The last line of the report.
    e.expect("Nodes/second: ", LONG);
    line["Nodes searched: ".len()..]
        .trim()
        .parse()
        .unwrap_or_else(|_| e.fail(&format!("not a node count: {line}")))
}

#[cfg(feature = "tune")]
#[test]
fn every_parameter_is_a_spin_option_and_setting_one_changes_play() {
    let mut e = Engine::start();
    let options = option_lines(&mut e);
    for p in PARAMS {
        let line = format!(
            "option name {} type spin default {} min {} max {}",
            p.name, p.default, p.min, p.max
        );
        if !options.contains(&line) {
            e.fail(&format!("missing: {line}"));
        }
    }
    let before = bench_nodes(&mut e, 6);
    // The largest base reduction for every late move: a different tree for sure.
    let lmr = param("lmr_base");
    assert!(lmr.max > lmr.default, "{lmr:?}");
    e.send(&format!("setoption name lmr_base value {}", lmr.max));
    let (lines, _) = e.sync_uci();
    if !lines.is_empty() {
        e.fail(&format!("setting a parameter printed {lines:?}"));
    }
    let changed = bench_nodes(&mut e, 6);
    assert_ne!(
        before, changed,
        "lmr_base {} must change the search",
        lmr.max
    );
    e.send(&format!("setoption name lmr_base value {}", lmr.default));
    assert_eq!(
        bench_nodes(&mut e, 6),
        before,
        "the default restores the search"
    );
    // A value out of range is clamped and said, as for every spin option.
    let rfp = param("rfp_margin");
    e.send(&format!(
        "setoption name rfp_margin value {}",
        i64::from(rfp.max) * 1000
    ));
    let (lines, _) = e.sync_uci();
    let note = format!("using {}", rfp.max);
    if !lines.iter().any(|l| l.contains(&note)) {
        e.fail(&format!("no clamping note '{note}' in {lines:?}"));
    }
}

#[cfg(not(feature = "tune"))]
#[test]
fn without_the_tune_feature_no_parameter_is_an_option() {
    let mut e = Engine::start();
    let options = option_lines(&mut e);
    for p in PARAMS {
        let prefix = format!("option name {} ", p.name);
        if let Some(line) = options.iter().find(|l| l.starts_with(&prefix)) {
            e.fail(&format!("a parameter offered without `tune`: {line}"));
        }
    }
    let before = bench_nodes(&mut e, 6);
    e.send("setoption name lmr_base value 200");
    let (lines, _) = e.sync_uci();
    if !lines.iter().any(|l| l.contains("no such option")) {
        e.fail(&format!("setting a parameter was not refused: {lines:?}"));
    }
    assert_eq!(bench_nodes(&mut e, 6), before, "nothing changed");
}
