//! End-to-end tests on synthetic datagen files: training lowers the loss, resume continues
//! exactly, the net file is the spec's, and the integer pass follows the float one.

use crate::checkpoint::{self, Checkpoint};
use crate::data::{load, Filter};
use crate::quant::{agreement, dequantise, eval_cp, quantise};
use crate::synthetic::{dataset, temp_dir, write_games};
use crate::train::{mean_loss, train, Config};
use outpost_network::{Shape, HEADER_LEN};

fn config(dir: &std::path::Path, epochs: u32) -> Config {
    Config {
        hidden: 32,
        epochs,
        batch: 256,
        lr: 0.01,
        lr_end: 0.001,
        lambda: 1.0,
        threads: 2,
        seed: 9,
        out_dir: dir.to_path_buf(),
        ..Config::default()
    }
}

#[test]
fn training_lowers_the_loss() {
    let dir = temp_dir("lowers");
    let data = dataset(&dir, 300, 1);
    assert!(data.train.len() > 10_000 && !data.validation.is_empty());
    let cfg = config(&dir.join("out"), 4);
    let before = mean_loss(
        &crate::net::Net::new(cfg.hidden, cfg.seed),
        &data.validation,
        cfg.lambda,
        2,
    );
    let (_, reports) = train(&cfg, &data, &mut std::io::sink()).unwrap();
    let after = reports.last().unwrap().val_loss;
    assert!(after < 0.5 * before, "validation loss {before} -> {after}");
    assert!(reports[0].train_loss > reports[3].train_loss);
    for name in [
        "net.nnue",
        "net-epoch4.nnue",
        "checkpoint-epoch4.bin",
        "loss.png",
    ] {
        assert!(dir.join("out").join(name).exists(), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn checkpoint_round_trips_and_resume_continues_exactly() {
    let dir = temp_dir("resume");
    let data = dataset(&dir, 60, 2);
    // Two epochs straight...
    let straight = dir.join("straight");
    let (net_a, _) = train(&config(&straight, 2), &data, &mut std::io::sink()).unwrap();
    // ...and a run killed after its first epoch: only its first checkpoint survives.
    let split = dir.join("split");
    std::fs::create_dir_all(&split).unwrap();
    std::fs::copy(checkpoint::path(&straight, 1), checkpoint::path(&split, 1)).unwrap();
    let path = checkpoint::newest(&split).unwrap().unwrap();
    assert!(path.ends_with("checkpoint-epoch1.bin"));
    let ck = Checkpoint::read(&path).unwrap();
    assert_eq!(ck.epoch, 1);
    assert_eq!(ck.history.len(), 1);
    assert!(ck.opt.step > 0);
    assert!(Checkpoint::from_bytes(&ck.to_bytes(), &path).unwrap() == ck);
    let mut log = Vec::new();
    let cfg = Config {
        resume: true,
        ..config(&split, 2)
    };
    let (net_b, reports) = train(&cfg, &data, &mut log).unwrap();
    assert!(String::from_utf8(log).unwrap().starts_with("resuming from"));
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].epoch, 2);
    // Same batches, same schedule, same optimizer state: the same weights, bit for bit.
    assert!(
        net_a == net_b,
        "a resumed run differs from an uninterrupted one"
    );
    let ck2 = Checkpoint::read(&checkpoint::path(&split, 2)).unwrap();
    assert_eq!(ck2.history.len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn net_file_has_the_spec_size_and_header() {
    let dir = temp_dir("file");
    let data = dataset(&dir, 40, 3);
    let (net, _) = train(&config(&dir.join("out"), 1), &data, &mut std::io::sink()).unwrap();
    let path = dir.join("out").join("net.nnue");
    let bytes = std::fs::read(&path).unwrap();
    let h = 32;
    assert_eq!(
        bytes.len(),
        32 + 2 * 768 * h + 2 * h + 2 * 8 * 2 * h + 4 * 8
    );
    assert_eq!(bytes.len(), Shape::with_hidden(h).file_size());
    let words: Vec<u32> = bytes[4..HEADER_LEN]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(&bytes[..4], b"OPNN");
    // Version 3, the last word the feature set (1, standard768).
    assert_eq!(words, [3, h as u32, 8, 255, 128, 400, 1]);
    let q = crate::quant::read(&path).unwrap();
    assert_eq!(q, quantise(&net));
    // Spot-check the layout: W1's feature 5, neuron 3 sits at 32 + 2 * (5 * H + 3).
    let at = HEADER_LEN + 2 * (5 * h + 3);
    assert_eq!(
        i16::from_le_bytes([bytes[at], bytes[at + 1]]),
        q.w1[5 * h + 3]
    );
    let b2_at = bytes.len() - 4 * 8;
    assert_eq!(
        i32::from_le_bytes(bytes[b2_at..b2_at + 4].try_into().unwrap()),
        q.b2[0]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The quantise check, on held-out positions. Two parts:
/// - the integer pass computes exactly what its integers stand for: within 1 cp (its two
///   truncating divisions) of the float pass run on the dequantised weights, for every position;
/// - against the float net it was quantised from, rounding W2 to 1/128 and W1 to 1/255 costs a
///   few centipawns: at least 99% of positions within 16 cp and a mean |difference| of at most
///   6 cp (measured: 4.4 cp mean, 19 max on this synthetic net, whose material scores run to
///   thousands of cp; on real data after 3 epochs, 2.0 cp mean and 98.6% within 8 cp).
#[test]
fn quantised_pass_follows_the_float_pass() {
    let dir = temp_dir("quant");
    let data = dataset(&dir, 300, 4);
    let cfg = Config {
        hidden: 64,
        ..config(&dir.join("out"), 3)
    };
    let (net, _) = train(&cfg, &data, &mut std::io::sink()).unwrap();
    let q = quantise(&net);
    let exact = agreement(&dequantise(&q), &q, &data.validation, 1);
    assert!(exact.positions > 1000);
    assert_eq!(exact.within, 1.0, "{exact}");
    let a = agreement(&net, &q, &data.validation, 16);
    assert!(a.within >= 0.99 && a.mean_abs <= 6.0, "{a}");
    // The net is not trivially flat: the check compares real evaluations.
    let spread = data
        .validation
        .iter()
        .map(|s| eval_cp(&q, s))
        .fold((i32::MAX, i32::MIN), |(lo, hi), c| (lo.min(c), hi.max(c)));
    assert!(spread.1 - spread.0 > 500, "{spread:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// King buckets with their factoriser train end to end: the loss falls, the file is the set's
/// (id 2, 3 072 rows of W1) with the factor folded in, the integer pass follows the float one
/// as closely as without buckets, and a checkpoint of them resumes only as them.
#[test]
fn king_buckets_train_with_their_factoriser() {
    use outpost_network::FeatureSet;
    let dir = temp_dir("king-buckets");
    let data = dataset(&dir, 300, 6);
    let set = FeatureSet::KingMirrored4;
    let cfg = Config {
        features: set,
        hidden: 64,
        ..config(&dir.join("out"), 4)
    };
    let before = mean_loss(
        &crate::net::Net::with_features(set, cfg.hidden, cfg.seed),
        &data.validation,
        cfg.lambda,
        2,
    );
    let (net, reports) = train(&cfg, &data, &mut std::io::sink()).unwrap();
    let after = reports.last().unwrap().val_loss;
    assert!(after < 0.5 * before, "validation loss {before} -> {after}");
    // The factor learned something: folding it in matters.
    let l = net.layout();
    let factor = &net.params[l.w1.start + set.inputs() * cfg.hidden..l.w1.end];
    assert!(factor.iter().any(|&w| w.abs() > 0.01));
    let bytes = std::fs::read(dir.join("out").join("net.nnue")).unwrap();
    let shape = Shape {
        features: set,
        ..Shape::with_hidden(cfg.hidden)
    };
    assert_eq!(bytes.len(), shape.file_size());
    assert_eq!(u32::from_le_bytes(bytes[28..32].try_into().unwrap()), 2);
    let q = crate::quant::read(&dir.join("out").join("net.nnue")).unwrap();
    assert_eq!(q, quantise(&net));
    let exact = agreement(&dequantise(&q), &q, &data.validation, 1);
    assert_eq!(exact.within, 1.0, "{exact}");
    let a = agreement(&net, &q, &data.validation, 16);
    assert!(a.within >= 0.99 && a.mean_abs <= 6.0, "{a}");
    // Resuming its checkpoint as the standard set is refused, by name.
    let standard = Config {
        resume: true,
        ..config(&dir.join("out"), 5)
    };
    let err = train(
        &Config {
            hidden: 64,
            ..standard
        },
        &data,
        &mut std::io::sink(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("king-mirrored4"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two datagen threads finish games out of order; loading puts them back in number order, so
/// the same games train the same net. `games_below` keeps a prefix of the numbers.
#[test]
fn games_load_in_number_order_and_can_be_limited() {
    let dir = temp_dir("order");
    let path = dir.join("games.bin");
    write_games(&path, 30, 7);
    let mut reader = outpost_datafile::GameReader::open(&path).unwrap();
    let mut games = Vec::new();
    while let Some(g) = reader.next_game().unwrap() {
        games.push(g);
    }
    games.reverse();
    let reversed = dir.join("reversed.bin");
    std::fs::write(
        &reversed,
        games
            .iter()
            .flat_map(|g| g.to_packed_bytes().unwrap())
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let filter = Filter {
        min_ply: 0,
        val_every: 10,
        max_positions: 0,
        games_below: 0,
        mirror: false,
    };
    let a = load(&[&path], &filter).unwrap();
    let b = load(&[&reversed], &filter).unwrap();
    assert!(!a.train.is_empty() && !a.validation.is_empty());
    assert!(a.train == b.train && a.validation == b.validation);
    let first = load(
        &[&reversed],
        &Filter {
            games_below: 12,
            ..filter
        },
    )
    .unwrap();
    assert_eq!((first.stats.games, first.stats.val_games), (12, 2));
    assert!(first.train[..] == a.train[..first.train.len()]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn filters_count_and_games_are_held_out_whole() {
    let dir = temp_dir("filter");
    let path = dir.join("games.bin");
    write_games(&path, 40, 5);
    let all = load(
        &[&path],
        &Filter {
            min_ply: 0,
            val_every: 0,
            max_positions: 0,
            games_below: 0,
            mirror: false,
        },
    )
    .unwrap();
    let s = &all.stats;
    assert_eq!(s.games, 40);
    assert!(s.in_check > 0 && s.noisy > 0 && s.early == 0 && s.validation == 0);
    assert_eq!(
        s.positions,
        s.in_check + s.noisy + s.extreme + s.early + s.train
    );
    let split = load(
        &[&path],
        &Filter {
            min_ply: 16,
            val_every: 20,
            max_positions: 0,
            games_below: 0,
            mirror: false,
        },
    )
    .unwrap();
    let s = &split.stats;
    // Games 0 and 20 are held out.
    assert_eq!(s.val_games, 2);
    assert!(s.early > 0);
    assert_eq!(
        s.positions,
        s.in_check + s.noisy + s.extreme + s.early + s.train + s.validation
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--mirror` doubles the training set with each position reflected left to right, and leaves
/// validation as played.
#[test]
fn mirroring_doubles_training_only() {
    let dir = temp_dir("mirror");
    let path = dir.join("games.bin");
    write_games(&path, 20, 3);
    let filter = Filter {
        min_ply: 0,
        val_every: 5,
        max_positions: 0,
        games_below: 0,
        mirror: false,
    };
    let plain = load(&[&path], &filter).unwrap();
    let both = load(
        &[&path],
        &Filter {
            mirror: true,
            ..filter
        },
    )
    .unwrap();
    let n = plain.train.len();
    assert_eq!(both.train.len(), 2 * n);
    assert_eq!(both.stats.mirrored, n as u64);
    assert!(both.train[..n] == plain.train[..]);
    assert!(both.validation == plain.validation);
    for (a, m) in plain.train.iter().zip(&both.train[n..]) {
        assert_eq!(*m, a.mirrored());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
