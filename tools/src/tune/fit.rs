//! The Texel fit: the mean squared error between game results and `sigmoid(K * eval)`, the scale
//! `K` found first by a line search, then every weight moved at once by Adam on the full batch.
//!
//! With `lambda > 0` the target blends the result with the search score passed through the same
//! sigmoid, `(1 - lambda) * result + lambda * sigmoid(K * score)`, which lowers the noise of
//! single game outcomes.

use outpost_eval::linear::Linear;

/// One training position: its linearised evaluation and its labels (white's view).
#[derive(Clone, Debug)]
pub struct Sample {
    pub linear: Linear,
    pub result: f64,
    pub score: Option<f64>,
}

/// Win expectation of a white-view evaluation in centipawns.
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

#[inline]
fn target(sample: &Sample, k: f64, lambda: f64) -> f64 {
    match sample.score {
        Some(score) if lambda > 0.0 => (1.0 - lambda) * sample.result + lambda * sigmoid(k, score),
        _ => sample.result,
    }
}

/// The evaluation of `sample` with the weights moved by `delta` from the starting ones.
#[inline]
pub fn eval(sample: &Sample, delta: &[f64]) -> f64 {
    sample.linear.base
        + sample
            .linear
            .coeffs
            .iter()
            .map(|&(i, c)| c as f64 * delta[i as usize])
            .sum::<f64>()
}

/// Mean squared error over `samples` (0 when empty).
pub fn loss(samples: &[Sample], delta: &[f64], k: f64, lambda: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (target(s, k, lambda) - sigmoid(k, eval(s, delta))).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The `K` that minimises the error against the results alone at the starting weights, by a
/// golden-section search on `0.01..=10` (the error is unimodal in `K`).
pub fn find_k(samples: &[Sample], params: usize) -> f64 {
    let zero = vec![0.0; params];
    let f = |k: f64| loss(samples, &zero, k, 0.0);
    let (mut a, mut b) = (0.01f64, 10.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// Settings of the gradient descent.
#[derive(Clone, Copy, Debug)]
pub struct Adam {
    pub epochs: usize,
    /// Step size in centipawns.
    pub rate: f64,
    /// Weight of the L2 pull towards the starting weights.
    pub reg: f64,
    pub lambda: f64,
    /// Weights with a coefficient in fewer training positions than this stay as they are: a
    /// handful of positions only teaches noise, and Adam's per-weight step sizes would move such
    /// rare weights as fast as common ones.
    pub min_count: usize,
}

/// For each flat weight, in how many of `samples` it has a coefficient.
pub fn usage(samples: &[Sample], params: usize) -> Vec<usize> {
    let mut count = vec![0; params];
    for s in samples {
        for &(i, _) in &s.linear.coeffs {
            count[i as usize] += 1;
        }
    }
    count
}

/// The gradient of the loss (plus the L2 pull) with respect to `delta`.
fn gradient(samples: &[Sample], delta: &[f64], k: f64, cfg: &Adam, grad: &mut [f64]) {
    grad.iter_mut().for_each(|g| *g = 0.0);
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for s in samples {
        let p = sigmoid(k, eval(s, delta));
        let g = 2.0 * (p - target(s, k, cfg.lambda)) * p * (1.0 - p) * slope;
        for &(i, c) in &s.linear.coeffs {
            grad[i as usize] += g * c as f64;
        }
    }
    let n = samples.len().max(1) as f64;
    for (g, d) in grad.iter_mut().zip(delta) {
        *g = *g / n + 2.0 * cfg.reg * d;
    }
}

/// Fits all weights at once; returns how far each flat weight moved. `progress` sees the epoch
/// and the training loss now and then.
pub fn fit(
    samples: &[Sample],
    params: usize,
    k: f64,
    cfg: &Adam,
    mut progress: impl FnMut(usize, f64),
) -> Vec<f64> {
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut delta = vec![0.0; params];
    let mut m = vec![0.0; params];
    let mut v = vec![0.0; params];
    let mut grad = vec![0.0; params];
    let every = (cfg.epochs / 10).max(1);
    let frozen: Vec<bool> = usage(samples, params)
        .into_iter()
        .map(|n| n < cfg.min_count.max(1))
        .collect();
    for epoch in 1..=cfg.epochs {
        gradient(samples, &delta, k, cfg, &mut grad);
        let c1 = 1.0 - beta1.powi(epoch as i32);
        let c2 = 1.0 - beta2.powi(epoch as i32);
        for i in 0..params {
            if frozen[i] {
                continue;
            }
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            delta[i] -= cfg.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
        if epoch % every == 0 || epoch == cfg.epochs {
            progress(epoch, loss(samples, &delta, k, cfg.lambda));
        }
    }
    delta
}
