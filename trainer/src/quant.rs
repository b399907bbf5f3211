//! The quantised net: the trainer's float weights rounded into `outpost_network`'s
//! [`QuantNet`] (whose reader and writer are the engine's too), and the engine's integer forward
//! pass, implemented here apart from the engine's as the reference it must agree with.

use crate::data::{training_inputs, Sample};
use crate::net::{split, Net};
use crate::TrainError;
use outpost_network::{file::read_shape, BUCKETS, QA, QB, SCALE, W1_CLIP};
pub use outpost_network::{QuantNet, Shape};
use std::path::Path;

fn q16(x: f32, q: i32) -> i16 {
    // Training clips (W1_CLIP for W1 and b1, W2_CLIP for W2), so this never saturates; the clamp
    // only guards a hand-made net.
    (x * q as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}

/// The float net rounded: `W1` and `b1` to steps of `1 / QA`, `W2` to `1 / QB`, `b2` to
/// `1 / (QA * QB)`. With king buckets each bucket's `W1` column gets the factor column of its
/// piece and square added first, the sum clipped to `W1_CLIP` as a trained column is (each part
/// is clipped on its own in training), so the file stays within `W1_LIMIT`.
pub fn quantise(net: &Net) -> QuantNet {
    let p = split(&net.params, &net.layout());
    let (h, inputs) = (net.hidden, net.features.inputs());
    let factor = &p.w1[inputs * h..];
    let w1 = p.w1[..inputs * h]
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let folded = if factor.is_empty() {
                x
            } else {
                let (feature, j) = (i / h, i % h);
                (x + factor[(feature % 768) * h + j]).clamp(-W1_CLIP, W1_CLIP)
            };
            q16(folded, QA)
        })
        .collect();
    QuantNet {
        shape: net.shape(),
        w1,
        b1: p.b1.iter().map(|&x| q16(x, QA)).collect(),
        w2: p.w2.iter().map(|&x| q16(x, QB)).collect(),
        b2: p
            .b2
            .iter()
            .map(|&x| (x as f64 * (QA * QB) as f64).round() as i32)
            .collect(),
    }
}

/// The float network these integers stand for: what the integer pass computes up to its
/// truncating divisions. A king-bucket net comes back with its factor at zero (the file holds
/// the folded columns).
pub fn dequantise(q: &QuantNet) -> Net {
    let (a, b) = (QA as f32, QB as f32);
    let features = q.shape.features;
    let factor = (training_inputs(features) - features.inputs()) * q.shape.hidden;
    let params = (q.w1.iter().map(|&x| x as f32 / a))
        .chain(std::iter::repeat_n(0.0, factor))
        .chain(q.b1.iter().map(|&x| x as f32 / a))
        .chain(q.w2.iter().map(|&x| x as f32 / b))
        .chain(q.b2.iter().map(|&x| x as f32 / (a * b)))
        .collect();
    Net {
        features,
        hidden: q.shape.hidden,
        params,
    }
}

/// Reads a net file of the trainer's output buckets, any feature set and any hidden size,
/// validated by `outpost_network`'s reader.
pub fn read(path: &Path) -> Result<QuantNet, TrainError> {
    let bytes = std::fs::read(path).map_err(|e| TrainError::Io(path.to_path_buf(), e))?;
    let bad = |e| TrainError::Net(path.to_path_buf(), e);
    let declared = read_shape(&bytes).map_err(bad)?;
    let shape = Shape {
        buckets: BUCKETS,
        ..declared
    };
    QuantNet::from_bytes(&bytes, &shape).map_err(bad)
}

/// Writes the net file.
pub fn write(q: &QuantNet, path: &Path) -> Result<(), TrainError> {
    write_atomic(path, &q.to_bytes())
}

/// The engine's evaluation, in centipawns for the side to move, by the spec's integer
/// formula: i16 accumulators, `a = clamp(acc, 0, QA)`, `(a * w) * a` summed in i32,
/// `(sum / QA + b2) * SCALE / (QA * QB)` with truncating division. The sum wraps like the
/// engine's SIMD i32 lanes would (reachable only with hundreds of saturated neurons on
/// maximal weights, which training does not produce).
pub fn eval_cp(q: &QuantNet, s: &Sample) -> i32 {
    let h = q.shape.hidden;
    let f = s.features(q.shape.features);
    let accumulate = |feats: &[u16]| {
        let mut acc = q.b1.clone();
        for &f in feats {
            let f = f as usize;
            for (a, w) in acc.iter_mut().zip(&q.w1[f * h..(f + 1) * h]) {
                *a = a.wrapping_add(*w);
            }
        }
        acc
    };
    let (us, them) = (accumulate(f.us()), accumulate(f.them()));
    let b = s.bucket();
    let (w_us, w_them) = q.w2[b * 2 * h..(b + 1) * 2 * h].split_at(h);
    let mut sum: i32 = 0;
    for (acc, w) in [(&us, w_us), (&them, w_them)] {
        for (&a, &w) in acc.iter().zip(w) {
            let a = (a as i32).clamp(0, QA);
            sum = sum.wrapping_add((a * w as i32) * a);
        }
    }
    (sum / QA + q.b2[b]) * SCALE / (QA * QB)
}

/// Writes through a temporary file and a rename, so a killed run never leaves half a file under
/// the real name.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes).map_err(|e| TrainError::Io(tmp.clone(), e))?;
    std::fs::rename(&tmp, path).map_err(|e| TrainError::Io(path.to_path_buf(), e))
}

/// How closely the integer pass follows the float one on some positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    pub positions: usize,
    /// Share of positions with |float cp - integer cp| <= `tolerance`.
    pub within: f64,
    pub tolerance: i32,
    pub max_diff: i32,
    pub mean_abs: f64,
}

impl std::fmt::Display for Agreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "quantised vs float on {} positions: {:.2}% within {} cp, mean |diff| {:.2} cp, max {} cp",
            self.positions,
            100.0 * self.within,
            self.tolerance,
            self.mean_abs,
            self.max_diff
        )
    }
}

/// Compares the two passes on `samples`; the float one is rounded to whole centipawns.
pub fn agreement(net: &Net, q: &QuantNet, samples: &[Sample], tolerance: i32) -> Agreement {
    let mut within = 0;
    let mut max_diff = 0;
    let mut total = 0i64;
    for s in samples {
        let float_cp = (net.forward(s) * SCALE as f32).round() as i32;
        let d = (float_cp - eval_cp(q, s)).abs();
        within += (d <= tolerance) as usize;
        max_diff = max_diff.max(d);
        total += d as i64;
    }
    let n = samples.len().max(1);
    Agreement {
        positions: samples.len(),
        within: within as f64 / n as f64,
        tolerance,
        max_diff,
        mean_abs: total as f64 / n as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::{Move, Position};
    use outpost_datafile::Record;
    use outpost_network::BUCKETS;
    use outpost_types::GameResult;

    /// A hand-computed case of the spec's integer formula, with a clamp at QA, negative weights
    /// and truncation toward zero of a negative sum: a fixed point the engine's implementation
    /// can be checked against too.
    #[test]
    fn integer_pass_matches_a_hand_computed_case() {
        let h = 2;
        let mut q = QuantNet::zeroed(Shape::with_hidden(h));
        q.b1 = vec![10, 300];
        // Two kings: the side to move's on a1 (feature 5 * 64 + 0 = 320 for white, whose
        // enemy king on h8 is 11 * 64 + 63 = 767), the other perspective sees its own king on
        // "h1" (5 * 64 + 7 = 327) and the enemy's on "a8" (11 * 64 + 56 = 760).
        let pos = Position::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let record = |p: &Position| Record::new(p, Move::NONE, 0, false, GameResult::Draw, 0);
        let s = Sample::from_record(&record(&pos));
        let f = s.features(q.shape.features);
        assert_eq!((f.us(), f.them()), (&[320, 767][..], &[760, 327][..]));
        q.w1[320 * h..320 * h + 2].copy_from_slice(&[60, -30]);
        q.w1[767 * h..767 * h + 2].copy_from_slice(&[40, -20]);
        q.w1[760 * h..760 * h + 2].copy_from_slice(&[150, 20]);
        q.w1[327 * h..327 * h + 2].copy_from_slice(&[50, 20]);
        // Bucket 0 (two pieces): positive output; bucket 1 with the sign of one weight turned.
        q.w2[0..4].copy_from_slice(&[3, -7, 5, 127]);
        q.b2[0] = -1000;
        // acc_us = [110, 250], acc_them = [210, 340] -> a_them = [210, 255].
        // sum = 110*3*110 - 250*7*250 + 210*5*210 + 255*127*255 = 8077475
        // (8077475 / 255 = 31676, + -1000 = 30676) * 400 / 32640 = 375
        assert_eq!(eval_cp(&q, &s), 375);
        // sum = 36300 - 437500 + 220500 - 8258175 = -8438875
        // (-8438875 / 255 = -33093, + -1000 = -34093) * 400 / 32640 = -417 (toward zero)
        q.w2[3] = -127;
        assert_eq!(eval_cp(&q, &s), -417);
        // The same through the file.
        let bytes = q.to_bytes();
        let back = QuantNet::from_bytes(&bytes, &q.shape).unwrap();
        assert_eq!(back, q);
        assert_eq!(eval_cp(&back, &s), -417);
        assert_eq!(q.b2.len(), BUCKETS);
    }
}
