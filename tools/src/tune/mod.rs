//! The Texel tuner (`outpost tune <data>`): fits every `Tapered` weight of the evaluation at once
//! to game results, and writes the new table as Rust source.
//!
//! Steps: read the positions (`data`), hold out the last part of the file for validation (with
//! `outpost datagen` output that is whole games, so the check is not fooled by near-duplicate
//! positions of one game), turn each position's evaluation into a linear function of the weights
//! (`outpost_eval::linear`, which also says which weights are frozen and why), find the sigmoid
//! scale `K`, run Adam (`fit`), and report the error before and after on both sets, both under
//! the linear model and re-evaluated by the real evaluation with the rounded new weights. The
//! result goes to `--out` as a copy of `--weights-file` (`eval/src/weights.rs`) with the new
//! table spliced in, or as the table alone when that file cannot be read or spliced; `--write`
//! puts it into that file itself, and then a file that does not splice is an error.

pub mod data;
pub mod fit;
pub mod wdl;

use crate::error::{FileAction, ToolError};
use data::Labelled;
use fit::{Adam, Sample};
use outpost_cli::{CliError, Flags};
use outpost_eval::linear::Linearizer;
use outpost_eval::weights::{splice_source, Weights, WeightsError, DEFAULT};
use outpost_eval::Evaluator;
use std::time::Instant;

const USAGE: &str = "usage: outpost tune <data> [--epochs N] [--rate CP] [--lambda L] [--k K] \
[--reg R] [--min-count N] [--validation FRACTION] [--limit N] [--threads T] [--out FILE] [--write] \
[--weights-file PATH]";

/// What to do, from the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub data: String,
    pub epochs: usize,
    pub rate: f64,
    pub lambda: f64,
    pub k: Option<f64>,
    pub reg: f64,
    pub min_count: usize,
    pub validation: f64,
    pub limit: usize,
    pub threads: usize,
    pub out: String,
    pub write: bool,
    pub weights_file: String,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, CliError> {
        let mut o = Options {
            data: String::new(),
            epochs: 300,
            rate: 1.0,
            lambda: 0.0,
            k: None,
            reg: 0.0,
            min_count: 50,
            validation: 0.1,
            limit: usize::MAX,
            threads: 1,
            out: "tuned-weights.rs".to_string(),
            write: false,
            weights_file: "eval/src/weights.rs".to_string(),
        };
        let mut f = Flags::new("tune", USAGE, args);
        while let Some(flag) = f.next_flag(Some(&mut o.data))? {
            match flag.as_str() {
                "--epochs" => o.epochs = f.value("a number of epochs")?,
                "--rate" => o.rate = f.value_in("a positive rate", |&r: &f64| r > 0.0)?,
                "--lambda" => {
                    o.lambda = f.value_in("a number in 0..=1", |l| (0.0..=1.0).contains(l))?
                }
                "--k" => o.k = Some(f.value("a number")?),
                "--reg" => o.reg = f.value_in("a number >= 0", |&r: &f64| r >= 0.0)?,
                "--min-count" => o.min_count = f.value("a count")?,
                "--validation" => {
                    o.validation = f.value_in("a fraction in 0..1", |v| (0.0..1.0).contains(v))?
                }
                "--limit" => o.limit = f.value("a count")?,
                "--threads" => {
                    o.threads =
                        f.value_in("a thread count in 1..=256", |t| (1..=256).contains(t))?
                }
                "--out" => o.out = f.text()?,
                "--weights-file" => o.weights_file = f.text()?,
                "--write" => o.write = true,
                _ => return Err(f.unexpected(flag)),
            }
        }
        if o.data.is_empty() {
            return Err(f.invalid("no data file given"));
        }
        Ok(o)
    }
}

/// Linearises every position on `threads` threads; positions whose evaluation cannot depend on
/// the weights are dropped. The order of the input is kept.
pub fn linearize(base: &Weights, positions: &[Labelled], threads: usize) -> Vec<(usize, Sample)> {
    let chunk = positions.len().div_ceil(threads.max(1)).max(1);
    let mut out = Vec::with_capacity(positions.len());
    std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                scope.spawn(move || {
                    let mut lin = Linearizer::new(base);
                    part.iter()
                        .enumerate()
                        .filter_map(|(i, l)| {
                            lin.linear(&l.position).map(|linear| {
                                let sample = Sample {
                                    linear,
                                    result: l.result,
                                    score: l.score,
                                };
                                (c * chunk + i, sample)
                            })
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            if let Ok(part) = h.join() {
                out.extend(part);
            }
        }
    });
    out
}

/// The error of the real evaluation with `weights` (rounded, as the engine would play them).
pub fn true_loss(weights: &Weights, positions: &[&Labelled], k: f64, lambda: f64) -> f64 {
    let mut ev = Evaluator::with_weights(weights.clone());
    let sum: f64 = positions
        .iter()
        .map(|l| {
            let white = ev.evaluate(&l.position) * l.position.side_to_move().sign();
            let target = match l.score {
                Some(s) if lambda > 0.0 => (1.0 - lambda) * l.result + lambda * fit::sigmoid(k, s),
                _ => l.result,
            };
            (target - fit::sigmoid(k, white as f64)).powi(2)
        })
        .sum();
    sum / positions.len().max(1) as f64
}

/// The starting weights moved by `delta`, rounded to whole centipawns.
pub fn apply(base: &Weights, delta: &[f64]) -> Result<Weights, WeightsError> {
    let flat: Vec<i32> = base
        .to_vec()
        .iter()
        .zip(delta)
        .map(|(&w, &d)| (w as f64 + d).round() as i32)
        .collect();
    Weights::from_slice(&flat)
}

/// Entry point of `outpost tune ...`: progress and the error table go to stderr.
pub fn run(args: &[String]) -> Result<(), ToolError> {
    let o = Options::parse(args)?;
    let started = Instant::now();
    let positions = data::read_file("tune", &o.data, o.limit)?;
    let split = positions.len() - (positions.len() as f64 * o.validation).round() as usize;
    if split == 0 {
        return Err(ToolError::NoPositions {
            tool: "tune",
            path: o.data.clone(),
            wanted: "training positions",
        });
    }
    eprintln!(
        "tune: {} positions ({} training, {} held out), linearising on {} thread(s)...",
        positions.len(),
        split,
        positions.len() - split,
        o.threads
    );
    let base = DEFAULT;
    let params = base.to_vec().len();
    let samples = linearize(&base, &positions, o.threads);
    let (train, valid): (Vec<_>, Vec<_>) = samples.into_iter().partition(|(i, _)| *i < split);
    let train: Vec<Sample> = train.into_iter().map(|(_, s)| s).collect();
    let valid: Vec<Sample> = valid.into_iter().map(|(_, s)| s).collect();
    eprintln!(
        "tune: linearised in {:.1} s ({} usable training positions, {} held out)",
        started.elapsed().as_secs_f64(),
        train.len(),
        valid.len()
    );
    let k = o.k.unwrap_or_else(|| fit::find_k(&train, params));
    let zero = vec![0.0; params];
    let before = (
        fit::loss(&train, &zero, k, o.lambda),
        fit::loss(&valid, &zero, k, o.lambda),
    );
    eprintln!(
        "tune: K = {k:.4}; error before: training {:.6}, held out {:.6}",
        before.0, before.1
    );
    let cfg = Adam {
        epochs: o.epochs,
        rate: o.rate,
        reg: o.reg,
        lambda: o.lambda,
        min_count: o.min_count,
    };
    let used = fit::usage(&train, params);
    eprintln!(
        "tune: {} of {} numbers tuned (in at least {} training positions); the rest frozen",
        used.iter().filter(|&&n| n >= o.min_count.max(1)).count(),
        params,
        o.min_count.max(1)
    );
    let delta = fit::fit(&train, params, k, &cfg, |epoch, l| {
        eprintln!("tune: epoch {epoch}: training error {l:.6}");
    });
    let after = (
        fit::loss(&train, &delta, k, o.lambda),
        fit::loss(&valid, &delta, k, o.lambda),
    );
    // `delta` has one entry per number of `base`, so the table always refills exactly.
    let tuned = apply(&base, &delta).expect("one delta per weight");
    let (train_pos, valid_pos): (Vec<&Labelled>, Vec<&Labelled>) = {
        let (a, b) = positions.split_at(split);
        (a.iter().collect(), b.iter().collect())
    };
    let real_before = (
        true_loss(&base, &train_pos, k, o.lambda),
        true_loss(&base, &valid_pos, k, o.lambda),
    );
    let real_after = (
        true_loss(&tuned, &train_pos, k, o.lambda),
        true_loss(&tuned, &valid_pos, k, o.lambda),
    );
    eprintln!("tune: error          training   held out");
    eprintln!("tune: linear before  {:.6}   {:.6}", before.0, before.1);
    eprintln!("tune: linear after   {:.6}   {:.6}", after.0, after.1);
    eprintln!(
        "tune: real before    {:.6}   {:.6}",
        real_before.0, real_before.1
    );
    eprintln!(
        "tune: real after     {:.6}   {:.6}",
        real_after.0, real_after.1
    );
    report_changes(&base, &tuned);

    let table = tuned.to_rust_source();
    // Without --write a missing or marker-less weights file is no error: the table alone is
    // written to --out. With --write the file itself must be rewritten, so it must splice.
    let source = std::fs::read_to_string(&o.weights_file)
        .map_err(|e| ToolError::file("tune", FileAction::Read, &o.weights_file, e))
        .and_then(|file| {
            splice_source(&file, &table).map_err(|error| ToolError::WeightsSource {
                path: o.weights_file.clone(),
                error,
            })
        });
    let target = if o.write { &o.weights_file } else { &o.out };
    let (contents, spliced) = match source {
        Ok(s) => (s, true),
        Err(e) if o.write => return Err(e),
        Err(_) => (table, false),
    };
    std::fs::write(target, contents)
        .map_err(|e| ToolError::file("tune", FileAction::Write, target, e))?;
    eprintln!(
        "tune: wrote {} ({}) in {:.1} s",
        target,
        if spliced {
            "weights.rs with the new table"
        } else {
            "the table alone"
        },
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints the largest weight changes.
fn report_changes(base: &Weights, tuned: &Weights) {
    let names = base.names();
    let mut changes: Vec<(i32, usize, i32, i32)> = base
        .to_vec()
        .into_iter()
        .zip(tuned.to_vec())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| ((b - a).abs(), i, a, b))
        .collect();
    eprintln!("tune: {} numbers changed; the largest:", changes.len());
    changes.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    for (_, i, a, b) in changes.iter().take(12) {
        eprintln!("tune:   {:<32} {a:>6} -> {b:>6}", names[*i]);
    }
}

#[cfg(test)]
mod tests;
