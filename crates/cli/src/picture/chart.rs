//! The chart of `ladders stats --draw svg`: the probability that a game lasts each
//! number of turns, as bars, with the mean (red) and the median (blue) marked, drawn by
//! `plotters` with its SVG backend.

use plotters::prelude::*;

/// The chart's size in pixels.
pub const SIZE: (u32, u32) = (800, 480);
/// The colour of the mean's line.
pub const MEAN: RGBColor = RGBColor(0xc6, 0x28, 0x28);
/// The colour of the median's line.
pub const MEDIAN: RGBColor = RGBColor(0x2a, 0x6f, 0xdb);
/// The colour of the bars.
pub const BARS: RGBColor = RGBColor(0x7f, 0x9f, 0xbf);

/// The chart of `probabilities` (`probabilities[t]`: the probability that a game ends
/// on turn `t`), with `mean` and `median` marked when there are such (a game that may
/// never end has no mean), as an SVG document; turns up to `last` are shown.
///
/// # Errors
///
/// When plotters cannot lay the chart out (it names the reason).
pub fn game_lengths(
    probabilities: &[f64],
    last: usize,
    mean: Option<f64>,
    median: Option<usize>,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let top = probabilities.iter().copied().fold(0.0, f64::max).max(1e-9) * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .caption("Game length", ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..(last as f64 + 1.0), 0f64..top)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("turns")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("probability")
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(
                probabilities
                    .iter()
                    .enumerate()
                    .take(last + 1)
                    .filter(|(_, p)| **p > 0.0)
                    .map(|(t, &p)| {
                        let t = t as f64;
                        Rectangle::new([(t - 0.4, 0.0), (t + 0.4, p)], BARS.filled())
                    }),
            )
            .map_err(|e| e.to_string())?;
        if let Some(mean) = mean {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(mean, 0.0), (mean, top)],
                    MEAN.stroke_width(3),
                )))
                .map_err(|e| e.to_string())?
                .label(format!("mean {mean:.2}"))
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], MEAN.stroke_width(3)));
        }
        if let Some(median) = median {
            let m = median as f64;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(m, 0.0), (m, top)],
                    MEDIAN.stroke_width(3),
                )))
                .map_err(|e| e.to_string())?
                .label(format!("median {median}"))
                .legend(|(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], MEDIAN.stroke_width(3))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}
