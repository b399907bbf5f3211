//! The quantised net file (version 2 of docs/nnue.md) and the engine's integer forward pass,
//! implemented here as the reference the engine's must agree with.

use crate::data::{flip, Sample, BUCKETS, INPUTS};
use crate::net::{split, Net};
use crate::TrainError;
use std::path::Path;

pub const MAGIC: [u8; 4] = *b"OPNN";
pub const VERSION: u32 = 2;
pub const QA: i32 = 255;
pub const QB: i32 = 128;
pub const SCALE: i32 = 400;
pub const HEADER_BYTES: usize = 32;

/// The integer network exactly as the file holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantNet {
    pub hidden: usize,
    /// `[768][H]`, feature-major.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// `[buckets][2H]`, the side to move's half first.
    pub w2: Vec<i16>,
    pub b2: Vec<i32>,
}

/// The spec's file size for hidden size `h`.
pub fn file_size(h: usize) -> usize {
    HEADER_BYTES + 2 * INPUTS * h + 2 * h + 2 * BUCKETS * 2 * h + 4 * BUCKETS
}

fn q16(x: f32, q: i32) -> i16 {
    // Training clips (1.98 for W1 and b1, 127/128 for W2), so this never saturates; the clamp only guards a hand-made net.
    (x * q as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}

impl QuantNet {
    pub fn from_float(net: &Net) -> QuantNet {
        let p = split(&net.params, &net.layout());
        QuantNet {
            hidden: net.hidden,
            w1: p.w1.iter().map(|&x| q16(x, QA)).collect(),
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
    /// truncating divisions.
    pub fn dequantised(&self) -> Net {
        let (a, b) = (QA as f32, QB as f32);
        let params = (self.w1.iter().chain(&self.b1).map(|&x| x as f32 / a))
            .chain(self.w2.iter().map(|&x| x as f32 / b))
            .chain(self.b2.iter().map(|&x| x as f32 / (a * b)))
            .collect();
        Net {
            hidden: self.hidden,
            params,
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_size(self.hidden));
        out.extend_from_slice(&MAGIC);
        for v in [
            VERSION,
            self.hidden as u32,
            BUCKETS as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            0,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.b2 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        debug_assert_eq!(out.len(), file_size(self.hidden));
        out
    }

    /// Reads a file back, checking everything the header promises.
    pub fn from_bytes(b: &[u8], path: &Path) -> Result<QuantNet, TrainError> {
        let bad = |what| TrainError::BadFile(path.to_path_buf(), what);
        if b.len() < HEADER_BYTES || b[0..4] != MAGIC {
            return Err(bad("not an Outpost net file (magic)"));
        }
        let u = |i: usize| u32::from_le_bytes(b[4 + 4 * i..8 + 4 * i].try_into().expect("4"));
        if u(0) != VERSION {
            return Err(bad("unsupported version"));
        }
        let hidden = u(1) as usize;
        if u(2) as usize != BUCKETS
            || u(3) != QA as u32
            || u(4) != QB as u32
            || u(5) != SCALE as u32
        {
            return Err(bad(
                "buckets or quantisation constants differ from version 2",
            ));
        }
        if hidden == 0 || b.len() != file_size(hidden) {
            return Err(bad("size does not match the header"));
        }
        let mut at = HEADER_BYTES;
        let mut i16s = |n: usize| {
            let v: Vec<i16> = b[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = i16s(INPUTS * hidden);
        let b1 = i16s(hidden);
        let w2 = i16s(BUCKETS * 2 * hidden);
        let b2 = b[file_size(hidden) - 4 * BUCKETS..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().expect("4")))
            .collect();
        Ok(QuantNet {
            hidden,
            w1,
            b1,
            w2,
            b2,
        })
    }

    pub fn write(&self, path: &Path) -> Result<(), TrainError> {
        write_atomic(path, &self.to_bytes())
    }

    /// The engine's evaluation, in centipawns for the side to move, by the spec's integer
    /// formula: i16 accumulators, `a = clamp(acc, 0, QA)`, `(a * w) * a` summed in i32,
    /// `(sum / QA + b2) * SCALE / (QA * QB)` with truncating division. The sum wraps like the
    /// engine's SIMD i32 lanes would (reachable only with hundreds of saturated neurons on
    /// maximal weights, which training does not produce).
    pub fn eval_cp(&self, s: &Sample) -> i32 {
        let h = self.hidden;
        let mut us = self.b1.clone();
        let mut them = self.b1.clone();
        for &f in s.us() {
            let f = f as usize;
            for (a, w) in us.iter_mut().zip(&self.w1[f * h..(f + 1) * h]) {
                *a = a.wrapping_add(*w);
            }
            let t = flip(f);
            for (a, w) in them.iter_mut().zip(&self.w1[t * h..(t + 1) * h]) {
                *a = a.wrapping_add(*w);
            }
        }
        let b = s.bucket as usize;
        let (w_us, w_them) = self.w2[b * 2 * h..(b + 1) * 2 * h].split_at(h);
        let mut sum: i32 = 0;
        for (acc, w) in [(&us, w_us), (&them, w_them)] {
            for (&a, &w) in acc.iter().zip(w) {
                let a = (a as i32).clamp(0, QA);
                sum = sum.wrapping_add((a * w as i32) * a);
            }
        }
        (sum / QA + self.b2[b]) * SCALE / (QA * QB)
    }
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
        let d = (float_cp - q.eval_cp(s)).abs();
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

    /// A hand-computed case of the spec's integer formula, with a clamp at QA, negative weights
    /// and truncation toward zero of a negative sum: a fixed point the engine's implementation
    /// can be checked against too.
    #[test]
    fn integer_pass_matches_a_hand_computed_case() {
        let h = 2;
        let mut q = QuantNet {
            hidden: h,
            w1: vec![0; INPUTS * h],
            b1: vec![10, 300],
            w2: vec![0; BUCKETS * 2 * h],
            b2: vec![0; BUCKETS],
        };
        // Feature 0 (the side to move's pawn on a1) and, for the other perspective, its flip 440.
        assert_eq!(flip(0), 440);
        q.w1[0..2].copy_from_slice(&[100, -50]);
        q.w1[440 * h..440 * h + 2].copy_from_slice(&[200, 40]);
        // Bucket 0: positive output; bucket 1: negative.
        q.w2[0..4].copy_from_slice(&[3, -7, 5, 127]);
        q.w2[4..8].copy_from_slice(&[3, -7, 5, -127]);
        q.b2[0] = -1000;
        q.b2[1] = -1000;
        let mut s = Sample {
            feats: [0; 32],
            count: 1,
            bucket: 0,
            result: 1,
            score: 0,
        };
        // acc_us = [110, 250], acc_them = [210, 340] -> a_them = [210, 255].
        // sum = 110*3*110 - 250*7*250 + 210*5*210 + 255*127*255 = 8077475
        // (8077475 / 255 = 31676, + -1000 = 30676) * 400 / 32640 = 375
        assert_eq!(q.eval_cp(&s), 375);
        // sum = 36300 - 437500 + 220500 - 8258175 = -8438875
        // (-8438875 / 255 = -33093, + -1000 = -34093) * 400 / 32640 = -417 (toward zero)
        s.bucket = 1;
        assert_eq!(q.eval_cp(&s), -417);
        // The same through the file.
        let back = QuantNet::from_bytes(&q.to_bytes(), Path::new("test")).unwrap();
        assert_eq!(back, q);
        assert_eq!(back.eval_cp(&s), -417);
        let bytes = q.to_bytes();
        assert!(QuantNet::from_bytes(&bytes[..bytes.len() - 1], Path::new("t")).is_err());
        let mut wrong = bytes.clone();
        wrong[4] = 1; // format version 1 (QB 64) is no longer read
        assert!(QuantNet::from_bytes(&wrong, Path::new("t")).is_err());
    }
}
