//! `EvalFile`: the search evaluates with the built-in network or a file's; a missing, empty,
//! truncated or random file is refused with a message and the engine keeps its network and keeps
//! playing; a network of another shape or feature set is refused with a message that names the
//! difference. `UseNNUE`, the switch to the retired hand-crafted evaluation, is no option any more.

mod common;

use common::*;
use outpost_eval::nnue::{FeatureSet, Network, EMBEDDED_NAME, HIDDEN};

fn temp(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("outpost-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

/// The nodes of a fixed-depth search: a different evaluation searches a different tree.
fn nodes(e: &mut Engine) -> String {
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 6");
    let lines = e.until(LONG, |l| l.starts_with("bestmove"));
    let last = lines.iter().rev().find(|l| l.contains(" nodes ")).unwrap();
    field(last, "nodes").unwrap().to_string()
}

#[test]
fn bad_files_are_refused_and_a_good_one_is_used() {
    let net = Network::<HIDDEN>::random(5).to_bytes();
    let mut random = vec![0u8; net.len()];
    let mut rng = outpost_board::Rng::new(9);
    random.iter_mut().for_each(|b| *b = rng.next_u64() as u8);
    let good = temp("good.nnue", &net);
    let bad = [
        ("/nonexistent/net.nnue".to_string(), "No such file"),
        (temp("empty.nnue", &[]), "EvalFile"),
        (temp("truncated.nnue", &net[..net.len() / 2]), "EvalFile"),
        (temp("random.nnue", &random), "EvalFile"),
    ];
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    // A GUI that still offers the old switch is told there is none, and nothing changes.
    let built_in = nodes(&mut e);
    e.send("setoption name UseNNUE value false");
    let (lines, _) = e.sync_uci();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("no such option 'UseNNUE'")),
        "{lines:?}"
    );
    assert_eq!(nodes(&mut e), built_in);
    for (path, says) in &bad {
        e.send(&format!("setoption name EvalFile value {path}"));
        let (lines, _) = e.sync_uci();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string Error (") && l.contains(says)),
            "{path}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("keeping network {EMBEDDED_NAME} (built in)"))),
            "{path}: {lines:?}"
        );
        // Still the built-in network, still searching.
        assert_eq!(nodes(&mut e), built_in);
    }
    e.send(&format!("setoption name EvalFile value {good}"));
    let (lines, _) = e.sync_uci();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("evaluation: network {good}"))),
        "{lines:?}"
    );
    let from_file = nodes(&mut e);
    assert_ne!(from_file, built_in, "the file's network is not used");
    e.send("eval");
    let (lines, _) = e.sync_uci();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("Network: {good} ("))),
        "{lines:?}"
    );
    // A bad file now keeps the file's network.
    e.send(&format!("setoption name EvalFile value {}", bad[3].0));
    let (lines, _) = e.sync_uci();
    assert!(lines
        .iter()
        .any(|l| l.contains(&format!("keeping network {good}"))));
    assert_eq!(nodes(&mut e), from_file);
    // Back to the built-in network: the same trees.
    e.send("setoption name EvalFile value <empty>");
    let (lines, _) = e.sync_uci();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("evaluation: network {EMBEDDED_NAME}"))),
        "{lines:?}"
    );
    assert_eq!(nodes(&mut e), built_in);
}

#[test]
fn xboard_option_loads_a_network() {
    let good = temp("xb.nnue", &Network::<HIDDEN>::random(6).to_bytes());
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let features = e.until(LONG, |l| l == "feature done=1").join(" ");
    assert!(features.contains("option=\"EvalFile -file\""), "{features}");
    assert!(!features.contains("UseNNUE"), "{features}");
    e.send(&format!("option EvalFile={good}"));
    let (lines, _) = e.sync_xboard(1);
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("evaluation: network {good}"))),
        "{lines:?}"
    );
    e.send("option EvalFile=/nonexistent");
    let (lines, _) = e.sync_xboard(2);
    assert!(lines.iter().any(|l| l.starts_with("Error (")), "{lines:?}");
    e.send("new");
    e.send("sd 4");
    e.send("go");
    e.expect("move ", LONG);
}

/// A valid net file of another hidden size, one of another feature set, and one whose header
/// names a feature set this engine does not know: each is refused by what differs, and the engine plays on with the
/// built-in network.
#[test]
fn other_shapes_and_feature_sets_are_refused_by_name() {
    let other_hidden = Network::<128>::random(7).to_bytes();
    let king_buckets = Network::<HIDDEN, { FeatureSet::KingMirrored4.id() }>::random(8).to_bytes();
    let mut unknown_features = Network::<HIDDEN>::random(9).to_bytes();
    // The header's last word (bytes 28..32) is the feature-set id.
    unknown_features[28..32].copy_from_slice(&9u32.to_le_bytes());
    let cases = [
        (
            temp("hidden128.nnue", &other_hidden),
            format!("hidden size 128: this engine is built for {HIDDEN}"),
        ),
        (
            temp("king-buckets.nnue", &king_buckets),
            "network inputs are king-mirrored4, this engine's are standard768".to_string(),
        ),
        (
            temp("features9.nnue", &unknown_features),
            "network inputs are feature set 9, unknown to this engine".to_string(),
        ),
    ];
    let mut e = Engine::start();
    e.send("uci");
    e.expect("uciok", LONG);
    for (path, says) in &cases {
        e.send(&format!("setoption name EvalFile value {path}"));
        let (lines, _) = e.sync_uci();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string Error (") && l.contains(says.as_str())),
            "{path}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("keeping network {EMBEDDED_NAME} (built in)"))),
            "{path}: {lines:?}"
        );
        e.send("position startpos");
        e.send("go depth 5");
        e.expect("bestmove ", LONG);
    }
}
