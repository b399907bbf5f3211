//! Tests of the tuner: the linear model is the evaluation, and the fit lowers the error.

use super::*;
use outpost_board::Position;
use outpost_eval::weights::DEFAULT;

/// Positions from seeded random playouts (a few plies apart, none finished).
fn playout_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut state = seed;
    let mut rand = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        for ply in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.halfmove_clock() >= 100 {
                break;
            }
            pos = pos.play(moves[rand(moves.len())]);
            if ply % 7 == 6 && out.len() < count {
                out.push(pos);
            }
        }
    }
    out
}

/// Weights read through king danger or the castled-shelter choice, where the model is only a
/// local slope (see `linear`).
fn is_local(name: &str) -> bool {
    [
        "shelter",
        "storm",
        "storm_blocked",
        "king_pawn_distance",
        "king_open_file",
    ]
    .iter()
    .any(|p| name.starts_with(&format!("{p}[")) || name.starts_with(&format!("{p}.")))
}

#[test]
fn coefficients_reproduce_the_evaluation() {
    let names = DEFAULT.names();
    let base = DEFAULT.to_vec();
    let mut lin = Linearizer::new(&DEFAULT);
    let positions = playout_positions(60, 7);
    let mut seed = 99u64;
    for (n, pos) in positions.iter().enumerate() {
        // Move every linear `Tapered` weight by a pseudo-random amount in -20..=20.
        let moved: Vec<i32> = base
            .iter()
            .zip(&names)
            .map(|(&w, name)| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(n as u64 | 1);
                let is_score = name.ends_with(".mg") || name.ends_with(".eg");
                if is_score && !is_local(name) {
                    w + ((seed >> 40) % 41) as i32 - 20
                } else {
                    w
                }
            })
            .collect();
        let weights = Weights::from_slice(&moved).unwrap();
        let raw = lin.raw(pos);
        let (mut mg, mut eg) = (raw.white.mg() as f64, raw.white.eg() as f64);
        for &(i, c) in &raw.coeffs {
            let d = (moved[i as usize] - base[i as usize]) as f64 * c as f64;
            if names[i as usize].ends_with(".mg") {
                mg += d;
            } else {
                eg += d;
            }
        }
        let real = Evaluator::with_weights(weights).components(pos);
        let fen = pos.to_fen();
        assert_eq!(mg.round() as i32, real.white.mg(), "mg of {fen}");
        assert_eq!(eg.round() as i32, real.white.eg(), "eg of {fen}");
        assert!(
            (mg - mg.round()).abs() < 1e-3 && (eg - eg.round()).abs() < 1e-3,
            "{fen}"
        );
        assert_eq!((raw.phase, raw.scale), (real.phase, real.scale), "{fen}");
        // And the base of the blended model is the evaluation itself, up to integer rounding.
        if let Some(l) = lin.linear(pos) {
            let white = Evaluator::new().evaluate(pos) * pos.side_to_move().sign();
            assert!(
                (l.base - white as f64).abs() <= 2.0,
                "{fen}: {} vs {white}",
                l.base
            );
        }
    }
}

#[test]
fn fit_lowers_the_error_and_finds_a_changed_weight() {
    // A teacher whose knights are worth 150 more labels positions with soft results; the tuner
    // starts from the defaults and must lower the error and raise the knight value.
    let mut teacher = DEFAULT.clone();
    teacher.material[1] += outpost_eval::s(150, 150);
    let mut ev = Evaluator::with_weights(teacher);
    let positions: Vec<Labelled> = playout_positions(400, 3)
        .into_iter()
        .map(|position| {
            let white = ev.evaluate(&position) * position.side_to_move().sign();
            Labelled {
                result: fit::sigmoid(1.0, white as f64),
                score: None,
                position,
            }
        })
        .collect();
    let params = DEFAULT.to_vec().len();
    let samples: Vec<Sample> = linearize(&DEFAULT, &positions, 2)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    let cfg = Adam {
        epochs: 1000,
        rate: 2.0,
        reg: 0.0,
        lambda: 0.0,
        min_count: 1,
    };
    let zero = vec![0.0; params];
    let before = fit::loss(&samples, &zero, 1.0, 0.0);
    let delta = fit::fit(&samples, params, 1.0, &cfg, |_, _| {});
    let after = fit::loss(&samples, &delta, 1.0, 0.0);
    assert!(after < before * 0.5, "error {before} -> {after}");
    let tuned = apply(&DEFAULT, &delta).unwrap();
    // Material and the knight's piece-square table are interchangeable (every knight stands on
    // some square), so the knight's worth is its material plus its average square.
    let worth = |w: &Weights| {
        let squares: i32 = w.psqt_knight.iter().flatten().map(|s| s.mg()).sum();
        w.material[1].mg() as f64 + squares as f64 / 32.0
    };
    assert!(
        worth(&tuned) > worth(&DEFAULT) + 75.0,
        "knight worth {} -> {}",
        worth(&DEFAULT),
        worth(&tuned)
    );
    let refs: Vec<&Labelled> = positions.iter().collect();
    assert!(true_loss(&tuned, &refs, 1.0, 0.0) < true_loss(&DEFAULT, &refs, 1.0, 0.0));
}

#[test]
fn k_search_finds_the_labelling_scale() {
    let positions: Vec<Labelled> = playout_positions(200, 5)
        .into_iter()
        .map(|position| {
            let white = Evaluator::new().evaluate(&position) * position.side_to_move().sign();
            Labelled {
                result: fit::sigmoid(0.7, white as f64),
                score: None,
                position,
            }
        })
        .collect();
    let samples: Vec<Sample> = linearize(&DEFAULT, &positions, 1)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    let k = fit::find_k(&samples, DEFAULT.to_vec().len());
    assert!((k - 0.7).abs() < 0.05, "K = {k}");
}

#[test]
fn options_need_data_and_sane_values() {
    let a = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let o = Options::parse(&a("d.txt --epochs 5 --lambda 0.5 --write")).unwrap();
    assert_eq!(
        (o.data.as_str(), o.epochs, o.lambda, o.write),
        ("d.txt", 5, 0.5, true)
    );
    assert!(Options::parse(&a("--epochs 5")).is_err());
    assert!(Options::parse(&a("d.txt --lambda 2")).is_err());
    assert!(Options::parse(&a("d.txt --bogus")).is_err());
    assert!(Options::parse(&a("d.txt e.txt")).is_err());
}
