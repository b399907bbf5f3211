//! The win/draw/loss model behind `UCI_ShowWDL`: how likely a side-to-move score is to end in a
//! win, a draw or a loss, given how much material is left.
//!
//! The shape is two logistic curves sharing one centre and one width: with `v` the score in
//! Outpost's centipawns, `win = 1 / (1 + exp((a - v) / b))` and `loss` the same for `-v`; the draw
//! takes the rest, which is positive whenever `a > 0`. The centre `a` (the score that wins half
//! the time) and the width `b` both depend on the material, because the same advantage converts
//! more surely with less wood on the board. Each is a cubic in `x = material / MATERIAL_MAX`.
//!
//! The coefficients ([`NETWORK`]) are fitted by maximum likelihood to our own self-play games
//! with the network (`outpost wdl DATA --write eval/src/wdl.rs`, see `outpost_tools::wdl`),
//! which rewrites the block between the `BEGIN WDL` and `END WDL` markers below and nothing
//! else. Each new net gets a refit on its own games, kept only when it reads held-out games
//! better than the model before it; docs/results/wdl.md says which games and which net's model
//! this is (net 7's: net 10's refit did not read better).
//!
//! The same model sets the scale of the centipawns a user is shown ([`Model::reported_cp`]):
//! the internal score is divided by the centre `a(material)` and multiplied by 100, so a
//! reported +100 is a 50% chance to win at any material, as Stockfish reports since 15.1. The
//! search and the fit keep the internal units; only what is printed for a GUI is rescaled.

use outpost_board::{PieceType, Position};

// BEGIN WDL network
/// Coefficients of `1, x, x^2, x^3` of the centre `a(x)` and the width `b(x)`, in centipawns.
pub const NETWORK: Model = Model {
    a: [666.437, -2074.450, 2929.807, -1425.827],
    b: [129.825, -237.501, 645.787, -409.694],
};
// END WDL network

/// Material is clamped to this range before use: below it (a minor piece or a few pawns) the
/// curves keep their value at the edge rather than trust a cubic where it bends most; above it
/// (promoted queens) the start position is the best guide.
pub const MATERIAL_MIN: u32 = 4;
/// The material of the start position: 2 * (8 + 3 * 4 + 5 * 2 + 9).
pub const MATERIAL_MAX: u32 = 78;

/// The centre and width are never allowed below this, so a fitted curve that dips at an edge of
/// the range still gives a proper distribution (positive draw share, no division by zero).
const FLOOR_CP: f64 = 1.0;

/// The reported centipawns of a score that wins half the time, at any material.
pub const REPORTED_EVEN_CP: f64 = 100.0;

/// The fitted parameters of the model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    pub a: [f64; 4],
    pub b: [f64; 4],
}

/// Pawns 1, knights and bishops 3, rooks 5, queens 9, summed over both sides.
pub fn material(pos: &Position) -> u32 {
    PieceType::ALL
        .iter()
        .map(|&kind| piece_material(kind) * pos.pieces(kind).count())
        .sum()
}

/// One piece's share of [`material`] (kings count nothing).
#[inline]
pub fn piece_material(kind: PieceType) -> u32 {
    match kind {
        PieceType::Pawn => 1,
        PieceType::Knight | PieceType::Bishop => 3,
        PieceType::Rook => 5,
        PieceType::Queen => 9,
        PieceType::King => 0,
    }
}

/// The polynomial variable of `material`: the clamped material as a fraction of the start's.
#[inline]
pub fn material_x(material: u32) -> f64 {
    f64::from(material.clamp(MATERIAL_MIN, MATERIAL_MAX)) / f64::from(MATERIAL_MAX)
}

/// `c[0] + c[1] x + c[2] x^2 + c[3] x^3`.
#[inline]
pub fn cubic(c: &[f64; 4], x: f64) -> f64 {
    ((c[3] * x + c[2]) * x + c[1]) * x + c[0]
}

/// The chance that the side whose score is `v` wins, for centre `a` and width `b`. The loss
/// chance is the same function at `-v`, which makes the model exactly symmetric.
#[inline]
pub fn win_chance(v: f64, a: f64, b: f64) -> f64 {
    1.0 / (1.0 + ((a - v) / b).exp())
}

impl Model {
    /// Centre and width at polynomial variable `x`, kept above `FLOOR_CP`.
    #[inline]
    pub fn params(&self, x: f64) -> (f64, f64) {
        (
            cubic(&self.a, x).max(FLOOR_CP),
            cubic(&self.b, x).max(FLOOR_CP),
        )
    }

    /// The internal score that wins half the time with `material` on the board: the centre
    /// `a`, what a reported +100 stands for.
    #[inline]
    pub fn even_cp(&self, material: u32) -> f64 {
        self.params(material_x(material)).0
    }

    /// The centipawns a user is shown for the internal side-to-move score `cp` with `material`
    /// on the board: `REPORTED_EVEN_CP * cp / a(material)`, rounded. A score other than 0 keeps
    /// at least 1 of its sign: rounding must not turn "a little better" into "level", nor a
    /// tablebase cursed win (internal +1, `docs/tablebases.md`) into a draw. Mates and
    /// tablebase results are not evaluations and are not passed through here (the engine's
    /// `report.rs` keeps their conventions).
    pub fn reported_cp(&self, cp: i32, material: u32) -> i32 {
        let scaled = (REPORTED_EVEN_CP * f64::from(cp) / self.even_cp(material)).round();
        // `as` saturates, so even a centre floored at 1 cp cannot overflow.
        let magnitude = (scaled.abs() as i32).max(1);
        cp.signum() * magnitude
    }

    /// Win, draw and loss chances (summing to 1) of side-to-move score `cp` with `material`.
    pub fn probabilities(&self, cp: i32, material: u32) -> (f64, f64, f64) {
        let (a, b) = self.params(material_x(material));
        let v = f64::from(cp);
        let win = win_chance(v, a, b);
        let loss = win_chance(-v, a, b);
        (win, (1.0 - win - loss).max(0.0), loss)
    }

    /// Win, draw and loss per mille, summing to exactly 1000.
    pub fn wdl(&self, cp: i32, material: u32) -> (u32, u32, u32) {
        let (win, _, loss) = self.probabilities(cp, material);
        let per_mille = |p: f64| (p * 1000.0).round().clamp(0.0, 1000.0) as u32;
        let (w, l) = (per_mille(win), per_mille(loss));
        // `win + loss < 1` always, but rounding both up could still pass 1000 by one.
        let l = l.min(1000 - w);
        (w, 1000 - w - l, l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_counts_both_sides() {
        assert_eq!(material(&Position::startpos()), MATERIAL_MAX);
        let kings_only = Position::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1").unwrap();
        assert_eq!(material(&kings_only), 0);
        let mixed = Position::from_fen("r3k3/1p6/8/8/8/8/3N4/3QK3 b - - 0 1").unwrap();
        assert_eq!(material(&mixed), 5 + 1 + 3 + 9);
    }

    #[test]
    fn per_mille_sums_to_1000_everywhere() {
        for material in [0, 4, 10, 30, 58, 78, 100] {
            let wdl = |cp, m| NETWORK.wdl(cp, m);
            for cp in (-3000..=3000).step_by(7) {
                let (w, d, l) = wdl(cp, material);
                assert_eq!(w + d + l, 1000, "cp {cp} material {material}");
            }
            assert_eq!(wdl(i32::MAX, material).0, 1000);
            assert_eq!(wdl(i32::MIN + 1, material).2, 1000);
        }
    }

    #[test]
    fn monotone_in_score_and_symmetric() {
        for material in [4, 20, 40, 60, 78] {
            let wdl = |cp, m| NETWORK.wdl(cp, m);
            let mut last = wdl(-2000, material);
            for cp in -1999..=2000 {
                let now = wdl(cp, material);
                assert!(now.0 >= last.0 && now.2 <= last.2, "cp {cp} m {material}");
                let mirrored = wdl(-cp, material);
                assert_eq!((now.0, now.1), (mirrored.2, mirrored.1), "cp {cp}");
                last = now;
            }
            let (w, d, l) = wdl(0, material);
            assert_eq!(w, l);
            assert!(
                d > 0,
                "a level position can be drawn at material {material}"
            );
        }
    }

    /// The reported scale: +100 reported is an even chance to win at every material, the
    /// curve in reported units has its centre at 100 (within one reported centipawn), and the
    /// small scores a tablebase root shows (0, +-1) keep their values with the built-in model.
    #[test]
    fn reported_centipawns_put_an_even_win_at_100() {
        let m = &NETWORK;
        for material in [0, 4, 12, 20, 30, 40, 50, 58, 66, 78, 90] {
            let (a, b) = m.params(material_x(material));
            for cp in -3000..=3000 {
                let shown = m.reported_cp(cp, material);
                assert_eq!(shown, -m.reported_cp(-cp, material), "symmetric");
                assert_eq!(shown.signum(), cp.signum(), "{material} {cp}");
                // Within rounding (or the one-centipawn floor) of the exact rescaling.
                let exact = REPORTED_EVEN_CP * f64::from(cp) / a;
                assert!((f64::from(shown) - exact).abs() <= 1.0, "{cp}: {shown}");
                if shown == 100 {
                    let (w, _, _) = m.wdl(cp, material);
                    // One reported centipawn spans a / 100 internal ones.
                    let slack = 1000.0 * (a / 200.0) / (4.0 * b) + 1.0;
                    assert!((f64::from(w) - 500.0).abs() <= slack, "{material}: {w}");
                }
            }
            // With a centre below 100 one internal centipawn shows as more than one, so
            // 100 itself may be skipped; the internal score nearest the centre still shows
            // as 100 within one and is an even chance to win.
            let centre = a.round() as i32;
            let shown = m.reported_cp(centre, material);
            assert!((shown - 100).abs() <= 1, "{material}: {shown}");
            let (w, _, _) = m.wdl(centre, material);
            let slack = 1000.0 * 0.5 / (4.0 * b) + 1.0;
            assert!(
                (f64::from(w) - 500.0).abs() <= slack,
                "{material}: {w} at the centre"
            );
            assert_eq!(m.reported_cp(0, material), 0);
            assert_eq!(m.reported_cp(1, material), 1, "{material}");
            assert_eq!(m.reported_cp(-1, material), -1, "{material}");
        }
        // A centre floored at 1 cp scales by 100 and saturates instead of overflowing.
        let tiny = Model {
            a: [-50.0, 0.0, 0.0, 0.0],
            b: [10.0, 0.0, 0.0, 0.0],
        };
        assert_eq!(tiny.reported_cp(5, 40), 500);
        assert_eq!(tiny.reported_cp(i32::MAX, 40), i32::MAX);
        assert_eq!(tiny.reported_cp(i32::MIN + 1, 40), -i32::MAX);
    }

    #[test]
    fn big_advantages_win_and_bad_fits_stay_proper() {
        assert!(NETWORK.wdl(1500, 30).0 > 900);
        assert!(NETWORK.wdl(-1500, 30).2 > 900);
        // A curve that dips below zero is floored, never a negative draw share or a NaN.
        let bad = Model {
            a: [-50.0, 0.0, 0.0, 0.0],
            b: [0.0, -10.0, 0.0, 0.0],
        };
        for cp in [-200, 0, 200] {
            let (w, d, l) = bad.wdl(cp, 40);
            assert_eq!(w + d + l, 1000);
            let (pw, pd, pl) = bad.probabilities(cp, 40);
            assert!(pw.is_finite() && pd >= 0.0 && pl.is_finite());
        }
    }
}
