//! The evaluation of one position as a linear function of the weights, so that a tuner's loss and
//! gradient over all positions cost one sparse dot product each.
//!
//! Every `Tapered` weight enters the white-view sum of terms as (a count of features) x (weight),
//! so its coefficient is read exactly by evaluating once more with that weight moved by `STEP`
//! in both halves: the change in the sum divided by `STEP`. This runs the real evaluation code,
//! so the coefficients can never drift from what `evaluate` computes; it costs one evaluation
//! per `Tapered` weight and position, once, before the fit. The sum is then blended by the phase and
//! the endgame scale of the position at the starting weights.
//!
//! The `i32` weights are frozen: the king-danger ones act through `danger^2` and the scale and
//! mop-up ones multiply or bypass the sum. The shelter and storm weights also feed king danger
//! (through the shelter's middlegame value) and pick the better castled shelter, so for them the
//! coefficient is the local slope at the starting weights, exact only near that point. Re-running
//! the tuner from its own output refreshes that slope.

use crate::evaluate::{self, PsqTable};
use crate::pawns::PawnTable;
use crate::tapered::Tapered;
use crate::trace::Total;
use crate::weights::{Weights, SCALE_NORMAL};
use crate::PHASE_MAX;
use outpost_board::Position;

/// How far a weight is moved to read its coefficient (large enough to make the rounding of
/// halved or averaged terms negligible, small enough to stay in `i16`).
const STEP: i32 = 64;

/// One position's evaluation from white's view: `base + sum(coeffs[k].1 * (w[coeffs[k].0] -
/// w0[coeffs[k].0]))`, with `w` the flat weights of `Weights::to_vec` and `w0` the starting ones.
#[derive(Clone, Debug, Default)]
pub struct Linear {
    pub base: f64,
    pub coeffs: Vec<(u32, f32)>,
}

/// The white-view sum of terms, the phase and the scale of `pos` under raw coefficients: what a
/// test compares against `Evaluator::components`.
#[derive(Clone, Debug, Default)]
pub struct Raw {
    pub white: Tapered,
    pub phase: i32,
    pub scale: i32,
    /// (flat index, coefficient) in the white sum of terms, for the middlegame and endgame halves.
    pub coeffs: Vec<(u32, f32)>,
}

struct Variant {
    /// Flat index of the middlegame half; the endgame half follows.
    index: usize,
    weights: Box<Weights>,
    /// Rebuilt only for piece-square weights; `None` means the starting table.
    psqt: Option<Box<PsqTable>>,
}

/// Reads coefficients under fixed starting weights. One per thread (it owns a pawn table).
pub struct Linearizer {
    base: Box<Weights>,
    psqt: Box<PsqTable>,
    variants: Vec<Variant>,
    /// For each flat index, whether it is the endgame half of a `Tapered`.
    is_eg: Vec<bool>,
    pawns: PawnTable,
}

impl Linearizer {
    pub fn new(base: &Weights) -> Linearizer {
        let flat = base.to_vec();
        let names = base.names();
        let mut variants = Vec::new();
        for (index, name) in names.iter().enumerate() {
            if !name.ends_with(".mg") {
                continue;
            }
            let mut moved = flat.clone();
            moved[index] += STEP;
            moved[index + 1] += STEP;
            let Ok(weights) = Weights::from_slice(&moved) else {
                continue;
            };
            let psqt = name
                .starts_with("psqt_")
                .then(|| Box::new(evaluate::build_psqt(&weights)));
            variants.push(Variant {
                index,
                weights: Box::new(weights),
                psqt,
            });
        }
        Linearizer {
            base: Box::new(base.clone()),
            psqt: Box::new(evaluate::build_psqt(base)),
            variants,
            is_eg: names.iter().map(|n| n.ends_with(".eg")).collect(),
            pawns: PawnTable::new(),
        }
    }

    fn sum(&mut self, pos: &Position, variant: Option<usize>) -> (Tapered, i32, i32) {
        let (weights, psqt) = match variant {
            None => (&*self.base, &*self.psqt),
            Some(v) => {
                let v = &self.variants[v];
                (&*v.weights, v.psqt.as_deref().unwrap_or(&*self.psqt))
            }
        };
        // Pawn entries hold weighted scores, so each weight set recomputes its own.
        self.pawns.forget(pos);
        let mut sink = Total(Tapered::ZERO);
        let (_, phase, scale) = evaluate::evaluate(pos, weights, psqt, &mut self.pawns, &mut sink);
        self.pawns.forget(pos);
        (sink.0, phase, scale)
    }

    /// Coefficients of every `Tapered` weight in the white sum of terms of `pos`.
    pub fn raw(&mut self, pos: &Position) -> Raw {
        let (white, phase, scale) = self.sum(pos, None);
        let mut coeffs = Vec::new();
        for v in 0..self.variants.len() {
            let (moved, _, _) = self.sum(pos, Some(v));
            let index = self.variants[v].index as u32;
            let d = moved - white;
            if d.mg() != 0 {
                coeffs.push((index, d.mg() as f32 / STEP as f32));
            }
            if d.eg() != 0 {
                coeffs.push((index + 1, d.eg() as f32 / STEP as f32));
            }
        }
        Raw {
            white,
            phase,
            scale,
            coeffs,
        }
    }

    /// The final white-view evaluation of `pos` as a linear function of the weights, or `None`
    /// when it cannot depend on them (insufficient material, or a scale of zero).
    pub fn linear(&mut self, pos: &Position) -> Option<Linear> {
        if pos.is_insufficient_material() {
            return None;
        }
        let raw = self.raw(pos);
        if raw.scale == 0 {
            return None;
        }
        let mg_part = raw.phase as f64 / PHASE_MAX as f64;
        let eg_part = (PHASE_MAX - raw.phase) as f64 / PHASE_MAX as f64 * raw.scale as f64
            / SCALE_NORMAL as f64;
        let base = raw.white.mg() as f64 * mg_part + raw.white.eg() as f64 * eg_part;
        let mut coeffs = Vec::with_capacity(raw.coeffs.len());
        for (i, c) in raw.coeffs {
            let part = if self.is_eg[i as usize] {
                eg_part
            } else {
                mg_part
            };
            let c = c as f64 * part;
            if c != 0.0 {
                coeffs.push((i, c as f32));
            }
        }
        Some(Linear { base, coeffs })
    }
}
