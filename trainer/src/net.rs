//! The float network and its per-sample forward and backward passes.
//!
//! All parameters live in one `Vec<f32>` (W1, b1, W2, b2 in that order, each in the file's
//! layout: W1 feature-major, W2 bucket-major with the side to move's half first), so the
//! optimizer, the thread gradients and the checkpoint treat them as one flat array, and a
//! feature's H weights are contiguous for the sparse first layer. With king buckets W1 has 768
//! more columns after the feature set's: the factoriser (`data::Features::factorised`).

use crate::data::{sigmoid, training_inputs, Features, Sample, FEATURES};
use outpost_board::Rng;
use outpost_network::{FeatureSet, Shape, BUCKETS};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub features: FeatureSet,
    pub hidden: usize,
    pub params: Vec<f32>,
}

/// Where each tensor lives in the flat parameter array.
#[derive(Clone, Debug)]
pub struct Layout {
    pub w1: Range<usize>,
    pub b1: Range<usize>,
    pub w2: Range<usize>,
    pub b2: Range<usize>,
}

impl Layout {
    pub fn new(features: FeatureSet, hidden: usize) -> Layout {
        let w1 = 0..training_inputs(features) * hidden;
        let b1 = w1.end..w1.end + hidden;
        let w2 = b1.end..b1.end + BUCKETS * 2 * hidden;
        let b2 = w2.end..w2.end + BUCKETS;
        Layout { w1, b1, w2, b2 }
    }

    pub fn len(&self) -> usize {
        self.b2.end
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Split views of one flat array (parameters or gradients).
pub struct Parts<T> {
    pub w1: T,
    pub b1: T,
    pub w2: T,
    pub b2: T,
}

pub fn split<'a>(p: &'a [f32], l: &Layout) -> Parts<&'a [f32]> {
    Parts {
        w1: &p[l.w1.clone()],
        b1: &p[l.b1.clone()],
        w2: &p[l.w2.clone()],
        b2: &p[l.b2.clone()],
    }
}

pub fn split_mut<'a>(p: &'a mut [f32], l: &Layout) -> Parts<&'a mut [f32]> {
    let (w1, rest) = p.split_at_mut(l.w1.end);
    let (b1, rest) = rest.split_at_mut(l.b1.len());
    let (w2, b2) = rest.split_at_mut(l.w2.len());
    Parts { w1, b1, w2, b2 }
}

impl Net {
    /// A net of the shipped inputs ([`FEATURES`]): see [`Net::with_features`].
    pub fn new(hidden: usize, seed: u64) -> Net {
        Net::with_features(FEATURES, hidden, seed)
    }

    /// Uniform initialisation scaled by each layer's fan-in; biases start at zero, and so does
    /// the factoriser, so that each king bucket starts as its own random net.
    pub fn with_features(features: FeatureSet, hidden: usize, seed: u64) -> Net {
        let l = Layout::new(features, hidden);
        let mut params = vec![0.0; l.len()];
        let mut rng = Rng::new(seed);
        let s1 = 1.0 / (768f32).sqrt();
        for w in &mut params[l.w1.start..l.w1.start + features.inputs() * hidden] {
            *w = s1 * rng.symmetric();
        }
        let s2 = 1.0 / ((2 * hidden) as f32).sqrt();
        for w in &mut params[l.w2.clone()] {
            *w = s2 * rng.symmetric();
        }
        Net {
            features,
            hidden,
            params,
        }
    }

    pub fn layout(&self) -> Layout {
        Layout::new(self.features, self.hidden)
    }

    /// The shape of the net file this network is written as.
    pub fn shape(&self) -> Shape {
        Shape {
            features: self.features,
            hidden: self.hidden,
            ..Shape::SHIPPED
        }
    }

    /// The raw output (eval_cp / SCALE) of a sample.
    pub fn forward(&self, s: &Sample) -> f32 {
        let mut scratch = Scratch::new(self.features, self.hidden);
        let p = split(&self.params, &self.layout());
        forward(&p, self.hidden, s, &mut scratch)
    }
}

/// Per-thread work space: which inputs to compute, the sample's features, the two accumulators
/// and their gradients.
pub struct Scratch {
    set: FeatureSet,
    features: Features,
    us: Vec<f32>,
    them: Vec<f32>,
    d_us: Vec<f32>,
    d_them: Vec<f32>,
}

impl Scratch {
    pub fn new(set: FeatureSet, hidden: usize) -> Scratch {
        Scratch {
            set,
            features: Features::EMPTY,
            us: vec![0.0; hidden],
            them: vec![0.0; hidden],
            d_us: vec![0.0; hidden],
            d_them: vec![0.0; hidden],
        }
    }
}

#[inline(always)]
fn add(acc: &mut [f32], col: &[f32]) {
    for (a, w) in acc.iter_mut().zip(col) {
        *a += w;
    }
}

/// Accumulator neurons summed at a time: a block of 64 floats (eight AVX2 registers) stays in
/// registers while every active feature's column is added to it, where adding whole columns one
/// after the other loads and stores the whole accumulator once per feature.
const BLOCK: usize = 64;

/// `acc = b1 + the W1 columns of feats`. Each neuron sums in the same order as adding whole
/// columns one by one, so the result is the same to the bit.
#[inline(always)]
fn accumulate(acc: &mut [f32], b1: &[f32], w1: &[f32], hidden: usize, feats: &[u16]) {
    let blocked = hidden / BLOCK * BLOCK;
    for start in (0..blocked).step_by(BLOCK) {
        let mut sum = [0.0f32; BLOCK];
        sum.copy_from_slice(&b1[start..start + BLOCK]);
        for &f in feats {
            let col = &w1[f as usize * hidden + start..][..BLOCK];
            for (s, w) in sum.iter_mut().zip(col) {
                *s += w;
            }
        }
        acc[start..start + BLOCK].copy_from_slice(&sum);
    }
    // The neurons after the last whole block (only the tests' small nets have any).
    for j in blocked..hidden {
        let mut sum = b1[j];
        for &f in feats {
            sum += w1[f as usize * hidden + j];
        }
        acc[j] = sum;
    }
}

/// Computes the sample's features of both perspectives, fills the accumulators and returns the
/// output. Inlined into both the validation and the training loops so each gets the caller's
/// target features.
#[inline(always)]
pub fn forward(p: &Parts<&[f32]>, hidden: usize, s: &Sample, sc: &mut Scratch) -> f32 {
    sc.features = s.features(sc.set).factorised(sc.set);
    accumulate(&mut sc.us, p.b1, p.w1, hidden, sc.features.us());
    accumulate(&mut sc.them, p.b1, p.w1, hidden, sc.features.them());
    let b = s.bucket();
    let (w_us, w_them) = p.w2[b * 2 * hidden..(b + 1) * 2 * hidden].split_at(hidden);
    p.b2[b] + dot_screlu(&sc.us, w_us) + dot_screlu(&sc.them, w_them)
}

#[inline(always)]
fn dot_screlu(acc: &[f32], w: &[f32]) -> f32 {
    // Eight partial sums: a single running sum is a dependency chain the compiler may not
    // reorder (float addition is not associative), which would stop it from vectorising.
    let mut sums = [0.0f32; 8];
    let chunks = acc.chunks_exact(8).zip(w.chunks_exact(8));
    let tail = acc.len() / 8 * 8;
    for (a, w) in chunks {
        for i in 0..8 {
            let x = a[i].clamp(0.0, 1.0);
            sums[i] += x * x * w[i];
        }
    }
    let mut total: f32 = sums.iter().sum();
    for (a, w) in acc[tail..].iter().zip(&w[tail..]) {
        let x = a.clamp(0.0, 1.0);
        total += x * x * w;
    }
    total
}

/// Forward and backward pass of one sample: adds `scale * d(err^2)/d(params)` to `g` and returns
/// the squared error `(sigmoid(out) - target)^2`.
#[inline(always)]
pub fn backward(
    p: &Parts<&[f32]>,
    g: &mut Parts<&mut [f32]>,
    hidden: usize,
    s: &Sample,
    lambda: f32,
    scale: f32,
    sc: &mut Scratch,
) -> f32 {
    let out = forward(p, hidden, s, sc);
    let pred = sigmoid(out);
    let err = pred - s.target(lambda);
    let g_out = scale * 2.0 * err * pred * (1.0 - pred);
    let b = s.bucket();
    g.b2[b] += g_out;
    let (w_us, w_them) = p.w2[b * 2 * hidden..(b + 1) * 2 * hidden].split_at(hidden);
    let (gw_us, gw_them) = g.w2[b * 2 * hidden..(b + 1) * 2 * hidden].split_at_mut(hidden);
    output_grad(g_out, &sc.us, w_us, gw_us, &mut sc.d_us);
    output_grad(g_out, &sc.them, w_them, gw_them, &mut sc.d_them);
    for ((gb, du), dt) in g.b1.iter_mut().zip(&sc.d_us).zip(&sc.d_them) {
        *gb += du + dt;
    }
    // The sparse first layer: only the columns of the active features get a gradient.
    let f = &sc.features;
    for (&u, &t) in f.us().iter().zip(f.them()) {
        let (u, t) = (u as usize, t as usize);
        add(&mut g.w1[u * hidden..(u + 1) * hidden], &sc.d_us);
        add(&mut g.w1[t * hidden..(t + 1) * hidden], &sc.d_them);
    }
    err * err
}

/// W2's gradient and the accumulator's: d screlu(a)/da = 2a on (0, 1), else 0.
#[inline(always)]
fn output_grad(g_out: f32, acc: &[f32], w: &[f32], gw: &mut [f32], d: &mut [f32]) {
    for (((a, w), gw), d) in acc.iter().zip(w).zip(gw.iter_mut()).zip(d.iter_mut()) {
        let x = a.clamp(0.0, 1.0);
        *gw += g_out * x * x;
        *d = if *a < 1.0 { g_out * w * 2.0 * x } else { 0.0 };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Sample;
    use outpost_datafile::Record;

    fn sample() -> Sample {
        let pos = outpost_board::Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        )
        .unwrap();
        let r = Record::new(
            &pos,
            outpost_board::Move::NONE,
            -85,
            false,
            outpost_types::GameResult::BlackWins,
            20,
        );
        Sample::from_record(&r)
    }

    /// The blocked accumulation sums each neuron in the order of adding whole columns one by one,
    /// so it gives the same floats, in the whole blocks and in the neurons after them.
    #[test]
    fn blocked_accumulation_is_the_column_sum() {
        let hidden = 2 * BLOCK + 8;
        let net = Net::new(hidden, 5);
        let p = split(&net.params, &net.layout());
        let f = sample().features(FEATURES);
        for feats in [f.us(), f.them()] {
            let mut naive = p.b1.to_vec();
            for &f in feats {
                add(&mut naive, &p.w1[f as usize * hidden..][..hidden]);
            }
            let mut acc = vec![0.0; hidden];
            accumulate(&mut acc, p.b1, p.w1, hidden, feats);
            assert_eq!(acc, naive);
        }
    }

    /// The analytic gradient matches finite differences on a few parameters of every tensor,
    /// with the standard inputs and with king buckets (where a factor column has one too).
    #[test]
    fn gradient_matches_finite_differences() {
        gradient_check(FeatureSet::Standard768);
        gradient_check(FeatureSet::KingMirrored4);
    }

    fn gradient_check(set: FeatureSet) {
        let hidden = 8;
        let mut net = Net::with_features(set, hidden, 3);
        // Biases away from zero so some accumulators sit inside (0, 1).
        let l = net.layout();
        for b in &mut net.params[l.b1.clone()] {
            *b = 0.4;
        }
        let s = sample();
        let lambda = 0.7;
        let mut grad = vec![0.0; l.len()];
        let mut sc = Scratch::new(set, hidden);
        {
            let p = split(&net.params, &l);
            let mut g = split_mut(&mut grad, &l);
            backward(&p, &mut g, hidden, &s, lambda, 1.0, &mut sc);
        }
        let loss = |n: &Net| {
            let e = sigmoid(n.forward(&s)) - s.target(lambda);
            (e * e) as f64
        };
        let f = s.features(set).factorised(set);
        let n = f.us().len();
        let checks = [
            f.us()[4] as usize * hidden + 1,
            f.them()[7] as usize * hidden + 3,
            // The last piece's input of the side to move: a factor column with king buckets.
            f.us()[n - 1] as usize * hidden + 2,
            l.b1.start + 2,
            l.w2.start + s.bucket() * 2 * hidden + 5,
            l.w2.start + s.bucket() * 2 * hidden + hidden + 1,
            l.b2.start + s.bucket(),
        ];
        for i in checks {
            let h = 1e-3;
            let mut plus = net.clone();
            plus.params[i] += h;
            let mut minus = net.clone();
            minus.params[i] -= h;
            let numeric = (loss(&plus) - loss(&minus)) / (2.0 * h as f64);
            let analytic = grad[i] as f64;
            assert!(
                (numeric - analytic).abs() <= 1e-3 * (1.0 + numeric.abs()) && analytic != 0.0,
                "{set}: param {i}: numeric {numeric} analytic {analytic}"
            );
        }
    }
}
