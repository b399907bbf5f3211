//! The optimizer: AdamW with decoupled weight decay, and the clip that keeps the weights inside
//! what the quantised file can hold. Its own file because both the training loop and the
//! checkpoints (which save its moments) use it.

use crate::net::Layout;
use outpost_network::{W1_CLIP, W2_CLIP};

/// AdamW's state: the moments and the number of steps taken.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub step: u64,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl AdamW {
    pub fn new(n: usize) -> AdamW {
        AdamW {
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
        }
    }

    /// One step on `params` with gradient `grad`; afterwards W1 and b1 are clipped to +-`W1_CLIP`
    /// and W2 to +-`W2_CLIP` so the quantised net fits its integer types.
    pub fn update(&mut self, params: &mut [f32], grad: &[f32], l: &Layout, lr: f32, wd: f32) {
        self.step += 1;
        let bc1 = 1.0 - BETA1.powi(self.step.min(i32::MAX as u64) as i32);
        let bc2 = 1.0 - BETA2.powi(self.step.min(i32::MAX as u64) as i32);
        let step_size = lr / bc1;
        let inv_bc2 = 1.0 / bc2;
        // (range, decayed, clip)
        let parts = [
            (l.w1.clone(), wd, W1_CLIP),
            (l.b1.clone(), 0.0, W1_CLIP),
            (l.w2.clone(), wd, W2_CLIP),
            (l.b2.clone(), 0.0, f32::INFINITY),
        ];
        for (range, decay, limit) in parts {
            let shrink = 1.0 - lr * decay;
            let p = &mut params[range.clone()];
            let g = &grad[range.clone()];
            let m = &mut self.m[range.clone()];
            let v = &mut self.v[range];
            for (((p, g), m), v) in p.iter_mut().zip(g).zip(m.iter_mut()).zip(v.iter_mut()) {
                *m = BETA1 * *m + (1.0 - BETA1) * g;
                *v = BETA2 * *v + (1.0 - BETA2) * g * g;
                let update = step_size * *m / ((*v * inv_bc2).sqrt() + EPSILON);
                *p = (*p * shrink - update).clamp(-limit, limit);
            }
        }
    }
}
