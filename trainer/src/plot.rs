//! The loss curve as a PNG: training and validation loss per epoch.
//!
//! plotters is built without its `ttf` feature (which links the system's fontconfig and
//! freetype); text goes through `ab_glyph` with a font file read at run time. Where no font file
//! is found the plot is drawn without text: the lines and the grid are still right, the caption
//! in the log says which colour is which.

use crate::TrainError;
use plotters::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// Whether the plot could carry text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    WithText,
    WithoutText,
}

/// Common places of a free sans-serif font (Debian, Fedora, Arch, macOS).
const FONT_FILES: [&str; 5] = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/Library/Fonts/Arial.ttf",
];

/// Registers the first font found as "sans-serif", once per process.
fn font() -> bool {
    static FOUND: OnceLock<bool> = OnceLock::new();
    *FOUND.get_or_init(|| {
        for path in FONT_FILES {
            if let Ok(bytes) = std::fs::read(path) {
                // plotters keeps a `'static` reference; the font lives as long as the process.
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

const TRAIN_COLOUR: RGBColor = RGBColor(31, 119, 180);
const VAL_COLOUR: RGBColor = RGBColor(214, 39, 40);

/// Draws `history` ((train, validation) per epoch, epoch 1 first) into `path`.
pub fn losses(path: &Path, history: &[(f32, f32)]) -> Result<Drawn, TrainError> {
    let text = font();
    draw(path, history, text).map_err(|e| TrainError::Plot(format!("{}: {e}", path.display())))?;
    Ok(if text {
        Drawn::WithText
    } else {
        Drawn::WithoutText
    })
}

fn draw(path: &Path, history: &[(f32, f32)], text: bool) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let finite = |x: &f32| x.is_finite();
    let values = history
        .iter()
        .flat_map(|&(t, v)| [t, v])
        .filter(finite)
        .collect::<Vec<_>>();
    let lo = values.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let (lo, hi) = if lo.is_finite() && hi > lo {
        let pad = 0.05 * (hi - lo);
        (lo - pad, hi + pad)
    } else if lo.is_finite() {
        (lo * 0.9, lo * 1.1 + 1e-6)
    } else {
        (0.0, 1.0)
    };
    let epochs = history.len().max(2) as f32;
    let mut builder = ChartBuilder::on(&root);
    builder.margin(20);
    if text {
        builder
            .caption("Outpost NNUE: loss per epoch", ("sans-serif", 24))
            .x_label_area_size(40)
            .y_label_area_size(70);
    } else {
        builder.x_label_area_size(0).y_label_area_size(0);
    }
    let mut chart = builder.build_cartesian_2d(1f32..epochs, lo..hi)?;
    let mut mesh = chart.configure_mesh();
    if text {
        mesh.x_desc("epoch")
            .y_desc("loss (MSE)")
            .y_label_formatter(&|y| format!("{y:.5}"));
    } else {
        mesh.disable_x_axis().disable_y_axis();
    }
    mesh.draw()?;
    let series = |pick: fn(&(f32, f32)) -> f32| {
        history
            .iter()
            .enumerate()
            .map(move |(i, e)| ((i + 1) as f32, pick(e)))
            .filter(|(_, y)| y.is_finite())
            .collect::<Vec<_>>()
    };
    let train = chart.draw_series(LineSeries::new(
        series(|e| e.0),
        TRAIN_COLOUR.stroke_width(2),
    ))?;
    if text {
        train
            .label("train")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], TRAIN_COLOUR));
    }
    let val = chart.draw_series(LineSeries::new(series(|e| e.1), VAL_COLOUR.stroke_width(2)))?;
    if text {
        val.label("validation")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], VAL_COLOUR));
        chart
            .configure_series_labels()
            .background_style(WHITE)
            .border_style(BLACK)
            .label_font(("sans-serif", 16))
            .draw()?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_a_png() {
        let dir = std::env::temp_dir().join(format!("outpost-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("loss.png");
        losses(&path, &[(0.05, 0.06), (0.04, 0.05), (0.035, 0.047)]).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        // A single epoch (a flat range) must not fail either.
        losses(&path, &[(0.05, f32::NAN)]).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
