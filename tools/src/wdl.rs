//! `outpost wdl DATA [--write FILE]`: fits the win/draw/loss model of `outpost_eval::wdl` to our own
//! self-play positions: `fen | white-view score | white-view result` lines of
//! `outpost datagen --format text`, or a binary `outpost datagen` file (its quiet positions, the
//! same ones the text format keeps), recognised by its first bytes.
//!
//! Each position becomes a [`WdlSample`]: the score and result turned to the side to move's view,
//! and the material. The eight coefficients (the cubics of the centre and the width) are found by
//! maximum likelihood, that is by minimising the mean log-loss of the observed outcome, with
//! Fisher scoring: Newton steps whose matrix is the expected Hessian, which is never indefinite,
//! halved until the loss falls and the curves stay positive over the whole material range. It
//! starts from the built-in coefficients and runs in a fixed order, so it is deterministic.
//!
//! The tail of the file (`--validation`, whole games as datagen writes them) is held out, and the
//! log-loss before and after is reported on both parts; the coefficients are rounded before the
//! "after" figures so they describe exactly what gets written.

use crate::error::{FileAction, SpliceError, ToolError};
use crate::positions;
use outpost_board::Color;
use outpost_cli::{CliError, Flags};
use outpost_datafile::{BlockLayout, GameReader, Record, MAGIC};
use outpost_eval::wdl::{
    cubic, material, material_x, piece_material, win_chance, Model, MATERIAL_MAX, MATERIAL_MIN,
    NETWORK,
};
use std::io::Read;
use std::path::Path;

const USAGE: &str = "usage: outpost wdl DATA \
[--validation FRACTION] [--limit N] [--write eval/src/wdl.rs]";

/// The lines around the model's block in its source.
const MARKERS: (&str, &str) = ("// BEGIN WDL network", "// END WDL network");

/// Probabilities are kept above this inside logarithms, so one surprising game costs a lot but
/// never infinity.
const P_MIN: f64 = 1e-12;
/// The curves must stay at least this high (centipawns) everywhere in the material range.
const CURVE_MIN: f64 = 1.0;
const MAX_ITERATIONS: usize = 200;
const MAX_HALVINGS: usize = 40;
/// Stop when an iteration lowers the mean log-loss by less than this.
const TOLERANCE: f64 = 1e-12;
/// Decimals kept in the written coefficients.
const DECIMALS: i32 = 3;

/// One position as the model sees it: side-to-move score and result, and material.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlSample {
    /// The polynomial variable of the material ([`material_x`]).
    pub x: f64,
    /// Side-to-move score in centipawns.
    pub v: f64,
    /// How much of the label is a win, a draw and a loss for the side to move (sums to 1; a
    /// result of 0.75 counts as half a win and half a draw).
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

impl WdlSample {
    /// From side-to-move score `cp`, side-to-move result `result` (0..=1) and `material`.
    pub fn new(cp: f64, result: f64, material: u32) -> WdlSample {
        let r = result.clamp(0.0, 1.0);
        let win = (2.0 * r - 1.0).max(0.0);
        let loss = (1.0 - 2.0 * r).max(0.0);
        WdlSample {
            x: material_x(material),
            v: cp,
            win,
            draw: 1.0 - win - loss,
            loss,
        }
    }

    /// From a binary datagen record; `None` unless it is quiet (see [`Record::is_quiet`]).
    pub fn from_record(r: &Record) -> Option<WdlSample> {
        if !r.is_quiet() {
            return None;
        }
        let white = f64::from(r.result.white_score());
        let (cp, result) = match r.side_to_move() {
            Color::White => (f64::from(r.score), white),
            Color::Black => (-f64::from(r.score), 1.0 - white),
        };
        Some(WdlSample::new(cp, result, record_material(r)))
    }

    /// From a white-view labelled position; `None` when the line had no score.
    pub fn from_labelled(l: &positions::Labelled) -> Option<WdlSample> {
        let score = l.score?;
        let white = l.position.side_to_move() == outpost_board::Color::White;
        let (cp, result) = if white {
            (score, l.result)
        } else {
            (-score, 1.0 - l.result)
        };
        Some(WdlSample::new(cp, result, material(&l.position)))
    }
}

/// Both sides' material in a record, as [`material`] counts it on a board.
fn record_material(r: &Record) -> u32 {
    r.pieces().map(|(_, p)| piece_material(p.kind())).sum()
}

/// Mean log-loss (natural log) of `data` under `model`, as the engine would compute it.
pub fn log_loss(model: &Model, data: &[WdlSample]) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|o| {
            let (a, b) = model.params(o.x);
            let pw = win_chance(o.v, a, b);
            let pl = win_chance(-o.v, a, b);
            let pd = 1.0 - pw - pl;
            -(o.win * pw.max(P_MIN).ln()
                + o.draw * pd.max(P_MIN).ln()
                + o.loss * pl.max(P_MIN).ln())
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// Whether both curves stay above `CURVE_MIN` at every material the engine can use; inside that
/// region the floors of [`Model::params`] never act, so the loss is smooth in the coefficients.
fn proper(model: &Model) -> bool {
    (MATERIAL_MIN..=MATERIAL_MAX).all(|m| {
        let x = material_x(m);
        cubic(&model.a, x) >= CURVE_MIN && cubic(&model.b, x) >= CURVE_MIN
    })
}

fn to_vec(m: &Model) -> [f64; 8] {
    let mut t = [0.0; 8];
    t[..4].copy_from_slice(&m.a);
    t[4..].copy_from_slice(&m.b);
    t
}

fn from_vec(t: &[f64; 8]) -> Model {
    let mut m = Model {
        a: [0.0; 4],
        b: [0.0; 4],
    };
    m.a.copy_from_slice(&t[..4]);
    m.b.copy_from_slice(&t[4..]);
    m
}

/// The mean gradient of the log-loss and the mean Fisher information, in the eight coefficients.
fn gradient_and_fisher(model: &Model, data: &[WdlSample]) -> ([f64; 8], [[f64; 8]; 8]) {
    let mut g = [0.0; 8];
    let mut h = [[0.0; 8]; 8];
    for o in data {
        let (a, b) = model.params(o.x);
        let u = (o.v - a) / b;
        let w = (-o.v - a) / b;
        let pw = win_chance(o.v, a, b).max(P_MIN);
        let pl = win_chance(-o.v, a, b).max(P_MIN);
        let pd = (1.0 - pw - pl).max(P_MIN);
        // Derivatives of the three probabilities with respect to (a, b).
        let sw = pw * (1.0 - pw);
        let sl = pl * (1.0 - pl);
        let dw = [-sw / b, -sw * u / b];
        let dl = [-sl / b, -sl * w / b];
        let dd = [-dw[0] - dl[0], -dw[1] - dl[1]];
        let mut grad = [0.0; 2];
        let mut fisher = [[0.0; 2]; 2];
        for (p, y, d) in [(pw, o.win, dw), (pd, o.draw, dd), (pl, o.loss, dl)] {
            for i in 0..2 {
                grad[i] -= y / p * d[i];
                for j in 0..2 {
                    fisher[i][j] += d[i] * d[j] / p;
                }
            }
        }
        let powers = [1.0, o.x, o.x * o.x, o.x * o.x * o.x];
        for i in 0..8 {
            let (pi, ki) = (i / 4, powers[i % 4]);
            g[i] += grad[pi] * ki;
            for j in 0..8 {
                let (pj, kj) = (j / 4, powers[j % 4]);
                h[i][j] += fisher[pi][pj] * ki * kj;
            }
        }
    }
    let n = data.len().max(1) as f64;
    (g.map(|v| v / n), h.map(|row| row.map(|v| v / n)))
}

/// Solves `h x = rhs` by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(mut h: [[f64; 8]; 8], mut rhs: [f64; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&r, &s| h[r][col].abs().total_cmp(&h[s][col].abs()))?;
        if h[pivot][col].abs() < 1e-300 {
            return None;
        }
        h.swap(col, pivot);
        rhs.swap(col, pivot);
        let pivot_row = h[col];
        for row in col + 1..8 {
            let f = h[row][col] / pivot_row[col];
            for (cell, &above) in h[row].iter_mut().zip(&pivot_row).skip(col) {
                *cell -= f * above;
            }
            rhs[row] -= f * rhs[col];
        }
    }
    let mut x = [0.0; 8];
    for row in (0..8).rev() {
        let tail: f64 = (row + 1..8).map(|k| h[row][k] * x[k]).sum();
        x[row] = (rhs[row] - tail) / h[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// A start the fit can always use: a flat curve at 100 cp centre and 100 cp width.
const FLAT: Model = Model {
    a: [100.0, 0.0, 0.0, 0.0],
    b: [100.0, 0.0, 0.0, 0.0],
};

/// Maximum-likelihood coefficients for `data`, starting from `start` (or from a flat model when
/// `start` dips below the allowed curves). Calls `progress(iteration, loss)` after each step.
pub fn fit(start: &Model, data: &[WdlSample], mut progress: impl FnMut(usize, f64)) -> Model {
    let mut model = if proper(start) { *start } else { FLAT };
    let mut loss = log_loss(&model, data);
    for iteration in 1..=MAX_ITERATIONS {
        let (g, mut h) = gradient_and_fisher(&model, data);
        // A touch of damping keeps the solve well posed when a coefficient barely matters.
        let trace: f64 = (0..8).map(|i| h[i][i]).sum();
        for (i, row) in h.iter_mut().enumerate() {
            row[i] += 1e-12 * trace.max(1e-300);
        }
        let Some(step) = solve(h, g.map(|v| -v)) else {
            break;
        };
        let theta = to_vec(&model);
        let mut t = 1.0;
        let mut accepted = None;
        for _ in 0..MAX_HALVINGS {
            let mut next = theta;
            for i in 0..8 {
                next[i] += t * step[i];
            }
            let candidate = from_vec(&next);
            if proper(&candidate) {
                let l = log_loss(&candidate, data);
                if l < loss {
                    accepted = Some((candidate, l));
                    break;
                }
            }
            t *= 0.5;
        }
        let Some((next, next_loss)) = accepted else {
            break;
        };
        let gain = loss - next_loss;
        model = next;
        loss = next_loss;
        progress(iteration, loss);
        if gain < TOLERANCE {
            break;
        }
    }
    model
}

/// `model` with every coefficient rounded to `DECIMALS` places, as it will be written.
pub fn rounded(model: &Model) -> Model {
    let scale = 10f64.powi(DECIMALS);
    let r = |c: [f64; 4]| c.map(|v| (v * scale).round() / scale);
    Model {
        a: r(model.a),
        b: r(model.b),
    }
}

/// The coefficient block of `eval/src/wdl.rs`, markers included.
pub fn block(model: &Model) -> String {
    let list = |c: &[f64; 4]| {
        c.iter()
            .map(|v| format!("{v:.prec$}", prec = DECIMALS as usize))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (begin, end) = MARKERS;
    format!(
        "{begin}\n\
         /// Coefficients of `1, x, x^2, x^3` of the centre `a(x)` and the width `b(x)`, in centipawns.\n\
         pub const NETWORK: Model = Model {{\n    a: [{}],\n    b: [{}],\n}};\n\
         {end}",
        list(&model.a),
        list(&model.b)
    )
}

/// `source` (the text of `eval/src/wdl.rs`) with the model's block replaced by `model`.
pub fn splice(source: &str, model: &Model) -> Result<String, SpliceError> {
    let (begin, end) = MARKERS;
    let start = source.find(begin).ok_or(SpliceError::NoBegin(begin))?;
    let stop = source[start..]
        .find(end)
        .map(|at| start + at + end.len())
        .ok_or(SpliceError::NoEnd { begin, end })?;
    Ok(format!(
        "{}{}{}",
        &source[..start],
        block(model),
        &source[stop..]
    ))
}

/// What `outpost wdl` is to do, from its command line.
#[derive(Clone, Debug, PartialEq)]
pub struct WdlOptions {
    pub data: String,
    pub validation: f64,
    pub limit: usize,
    pub write: Option<String>,
}

impl WdlOptions {
    pub fn parse(args: &[String]) -> Result<WdlOptions, CliError> {
        let mut o = WdlOptions {
            data: String::new(),
            validation: 0.1,
            limit: usize::MAX,
            write: None,
        };
        let mut f = Flags::new("wdl", USAGE, args);
        while let Some(flag) = f.next_flag(Some(&mut o.data))? {
            match flag.as_str() {
                "--validation" => {
                    o.validation = f.value_in("a fraction in 0..1", |v| (0.0..1.0).contains(v))?
                }
                "--limit" => o.limit = f.value("a count")?,
                "--write" => o.write = Some(f.text()?),
                _ => return Err(f.unexpected(flag)),
            }
        }
        if o.data.is_empty() {
            return Err(f.invalid("no data file given"));
        }
        Ok(o)
    }
}

/// Whether `path` starts like a binary datagen file (either layout; their magics are as long).
fn is_binary(path: &str) -> Result<bool, ToolError> {
    let failed = |e| ToolError::file("wdl", FileAction::Read, path, e);
    let mut head = Vec::with_capacity(MAGIC.len());
    std::fs::File::open(path)
        .and_then(|f| f.take(MAGIC.len() as u64).read_to_end(&mut head))
        .map_err(failed)?;
    Ok(BlockLayout::from_magic(&head).is_some())
}

/// The scored positions of `path` (text or binary), in file order, at most `limit` of them.
pub(crate) fn read_samples(path: &str, limit: usize) -> Result<Vec<WdlSample>, ToolError> {
    if !is_binary(path)? {
        let positions = positions::read_file("wdl", path, limit)?;
        return Ok(positions
            .iter()
            .filter_map(WdlSample::from_labelled)
            .collect());
    }
    let data_error = |error| ToolError::Data { tool: "wdl", error };
    let mut reader = GameReader::open(Path::new(path)).map_err(data_error)?;
    let mut out = Vec::new();
    // A torn last block (a run still writing or killed) ends the read like the end of the file.
    while let Some(game) = reader.next_game().map_err(data_error)? {
        out.extend(game.records.iter().filter_map(WdlSample::from_record));
        if out.len() >= limit {
            out.truncate(limit);
            break;
        }
    }
    Ok(out)
}

/// Entry point of `outpost wdl ...`: progress and the loss table go to stderr; the new block is
/// returned (for stdout), and with `--write` also spliced into that file.
pub fn run(args: &[String]) -> Result<String, ToolError> {
    let o = WdlOptions::parse(args)?;
    let samples = read_samples(&o.data, o.limit)?;
    let split = samples.len() - (samples.len() as f64 * o.validation).round() as usize;
    if split == 0 {
        return Err(ToolError::NoPositions {
            tool: "wdl",
            path: o.data.clone(),
            wanted: "positions with a score (expected 'fen | score | result' lines or a binary datagen file)",
        });
    }
    let (train, held) = samples.split_at(split);
    eprintln!(
        "wdl: {} positions with scores ({} for fitting, {} held out)",
        samples.len(),
        train.len(),
        held.len()
    );
    let before = NETWORK;
    let fitted = rounded(&fit(&before, train, |i, l| {
        eprintln!("wdl: iteration {i}: log-loss {l:.6}");
    }));
    eprintln!("wdl: mean log-loss    fitting   held out");
    for (name, m) in [("before", &before), ("after", &fitted)] {
        eprintln!(
            "wdl: {name:<14} {:.6}   {:.6}",
            log_loss(m, train),
            log_loss(m, held)
        );
    }
    eprintln!("wdl: material  centre a  width b  wdl at +100 cp");
    for m in [78, 62, 46, 30, 14, 4] {
        let (a, b) = fitted.params(material_x(m));
        let (w, d, l) = fitted.wdl(100, m);
        eprintln!("wdl: {m:>8}  {a:>8.1}  {b:>7.1}  {w} {d} {l}");
    }
    let block = block(&fitted);
    if let Some(path) = &o.write {
        let source = std::fs::read_to_string(path)
            .map_err(|e| ToolError::file("wdl", FileAction::Read, path, e))?;
        let new = splice(&source, &fitted).map_err(|error| ToolError::WdlSource {
            path: path.clone(),
            error,
        })?;
        std::fs::write(path, new)
            .map_err(|e| ToolError::file("wdl", FileAction::Write, path, e))?;
        eprintln!("wdl: wrote the new coefficients into {path}");
    }
    Ok(block)
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Rng;

    const TRUTH: Model = Model {
        a: [60.0, 250.0, -120.0, 40.0],
        b: [45.0, 110.0, -60.0, 20.0],
    };

    /// Positions with random material and score, each labelled by drawing from `model`.
    fn synthetic(model: &Model, n: usize, seed: u64) -> Vec<WdlSample> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let m = rng.below(79) as u32;
                let cp = (rng.unit() * 1200.0 - 600.0).round() as i32;
                let (pw, _, pl) = model.probabilities(cp, m);
                let r = rng.unit();
                let result = if r < pw {
                    1.0
                } else if r < pw + pl {
                    0.0
                } else {
                    0.5
                };
                WdlSample::new(f64::from(cp), result, m)
            })
            .collect()
    }

    #[test]
    fn fitting_recovers_a_known_model() {
        let data = synthetic(&TRUTH, 40_000, 7);
        let fitted = fit(&FLAT, &data, |_, _| {});
        for m in (MATERIAL_MIN..=MATERIAL_MAX).step_by(6) {
            let x = material_x(m);
            let (a, b) = fitted.params(x);
            let (ta, tb) = TRUTH.params(x);
            assert!((a - ta).abs() < 0.12 * ta, "a({m}) = {a:.1}, truth {ta:.1}");
            assert!((b - tb).abs() < 0.12 * tb, "b({m}) = {b:.1}, truth {tb:.1}");
        }
        // The constant terms are the best pinned down of the coefficients.
        assert!((fitted.a[0] - TRUTH.a[0]).abs() < 25.0, "{fitted:?}");
        assert!((fitted.b[0] - TRUTH.b[0]).abs() < 20.0, "{fitted:?}");
        // Maximum likelihood does at least as well as the truth on its own sample.
        assert!(log_loss(&fitted, &data) <= log_loss(&TRUTH, &data) + 1e-9);
    }

    #[test]
    fn fitting_lowers_the_loss_and_is_deterministic() {
        let data = synthetic(&TRUTH, 8_000, 11);
        let start = Model {
            a: [300.0, 0.0, 0.0, 0.0],
            b: [30.0, 0.0, 0.0, 0.0],
        };
        let mut losses = Vec::new();
        let fitted = fit(&start, &data, |_, l| losses.push(l));
        let before = log_loss(&start, &data);
        let after = log_loss(&fitted, &data);
        assert!(
            after < before - 0.05,
            "before {before:.4}, after {after:.4}"
        );
        assert!(losses.windows(2).all(|w| w[1] < w[0]), "{losses:?}");
        assert!(proper(&fitted));
        assert_eq!(fit(&start, &data, |_, _| {}), fitted);
        // Fresh data from the same model: the fit generalises.
        let fresh = synthetic(&TRUTH, 8_000, 12);
        assert!(log_loss(&fitted, &fresh) < log_loss(&start, &fresh));
    }

    #[test]
    fn results_turn_to_the_side_to_move() {
        let line = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 | 250 | 1.0";
        let l = positions::parse_line(line).unwrap().unwrap();
        let o = WdlSample::from_labelled(&l).unwrap();
        assert_eq!((o.v, o.win, o.draw, o.loss), (-250.0, 0.0, 0.0, 1.0));
        assert_eq!(o.x, material_x(1));
        let half = WdlSample::new(0.0, 0.75, 40);
        assert_eq!((half.win, half.draw, half.loss), (0.5, 0.5, 0.0));
        let epd = positions::parse_line("4k3/8/8/8/8/8/4P3/4K3 w - - [1.0]")
            .unwrap()
            .unwrap();
        assert!(WdlSample::from_labelled(&epd).is_none());
    }

    #[test]
    fn the_block_splices_and_reads_back() {
        let (begin, end) = MARKERS;
        let other = "// BEGIN WDL other\nkept\n// END WDL other\n";
        let source = format!("//! x\n{other}{begin}\nold\n{end}\nrest\n");
        let model = rounded(&TRUTH);
        let new = splice(&source, &model).unwrap();
        assert!(new.starts_with(&format!("//! x\n{other}{begin}\n")));
        assert!(new.ends_with(&format!("{end}\nrest\n")));
        assert!(new.contains(
            "pub const NETWORK: Model = Model {\n    a: [60.000, 250.000, -120.000, 40.000],"
        ));
        assert!(splice(&new, &model).unwrap() == new);
        assert_eq!(
            splice("no markers", &model),
            Err(SpliceError::NoBegin(begin))
        );
        assert_eq!(
            splice(&format!("x\n{begin}\ny\n"), &model),
            Err(SpliceError::NoEnd { begin, end })
        );
        // The real model file carries the block exactly as the tool writes it (rustfmt's
        // layout), so a refit changes the numbers and nothing else.
        let real = include_str!("../../eval/src/wdl.rs");
        assert_eq!(splice(real, &NETWORK).unwrap(), real);
    }

    #[test]
    fn options_parse_and_reject() {
        let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let o = WdlOptions::parse(&args("d.txt --write eval/src/wdl.rs --validation 0.2")).unwrap();
        assert_eq!(o.write.as_deref(), Some("eval/src/wdl.rs"));
        // The hand-crafted evaluation's model went with it.
        assert!(WdlOptions::parse(&args("d.bin --scale hand-crafted")).is_err());
        assert_eq!((o.data.as_str(), o.validation), ("d.txt", 0.2));
        assert!(WdlOptions::parse(&args("")).is_err());
        assert!(WdlOptions::parse(&args("d.txt --write")).is_err());
        assert!(WdlOptions::parse(&args("d.txt --validation 1.5")).is_err());
        assert!(WdlOptions::parse(&args("d.txt --bogus")).is_err());
    }
}
