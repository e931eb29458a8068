//! Learning curves (`menace_core::learn::train::CurvePoint`) as an SVG chart, and the
//! three files a training run writes.

use std::path::Path;

use menace_core::learn::curve::{to_csv, to_jsonl};
use menace_core::learn::train::CurvePoint;
use plotters::prelude::*;

/// Draws outcome shares and exploitability against games played, as SVG text.
pub fn to_svg(points: &[CurvePoint], title: &str) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 540)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let max_games = points.last().map_or(1, |p| p.games).max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(0u64..max_games, 0f64..1f64)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("games played")
            .y_desc("share of games / probability")
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| e.to_string())?;
        type Pick = fn(&CurvePoint) -> f64;
        let series: [(&str, RGBColor, Pick, bool); 5] = [
            ("wins", RGBColor(46, 125, 50), |p| p.win, false),
            ("draws", RGBColor(30, 100, 200), |p| p.draw, false),
            ("losses", RGBColor(200, 40, 40), |p| p.loss, false),
            ("P(loss) vs best response", RGBColor(120, 60, 160), |p| p.exploitability, true),
            ("same, greedy policy", RGBColor(230, 140, 0), |p| p.greedy_exploitability, true),
        ];
        for (label, color, pick, thick) in series {
            let style = ShapeStyle::from(&color).stroke_width(if thick { 3 } else { 2 });
            chart
                .draw_series(LineSeries::new(points.iter().map(|p| (p.games, pick(p))), style))
                .map_err(|e| e.to_string())?
                .label(label)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(3))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Writes `PREFIX.csv`, `PREFIX.jsonl` and `PREFIX.svg` (each atomically).
pub fn write_all(points: &[CurvePoint], prefix: &Path, title: &str) -> Result<(), String> {
    let with = |ext: &str| {
        let mut p = prefix.as_os_str().to_owned();
        p.push(ext);
        std::path::PathBuf::from(p)
    };
    let svg = to_svg(points, title)?;
    for (path, text) in
        [(with(".csv"), to_csv(points)), (with(".jsonl"), to_jsonl(points)), (with(".svg"), svg)]
    {
        menace_files::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(games: u64, loss: f64) -> CurvePoint {
        CurvePoint {
            games,
            win: 0.5,
            draw: 0.5 - loss,
            loss,
            exploitability: loss,
            greedy_exploitability: 0.0,
            first_box: Some(36.0),
        }
    }

    #[test]
    fn the_svg_has_a_line_per_series_and_the_legend() {
        let pts: Vec<CurvePoint> = (1..=20).map(|i| point(i * 10, 0.5 / i as f64)).collect();
        let svg = to_svg(&pts, "test curve").unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("test curve"));
        assert!(svg.contains("P(loss) vs best response"));
        assert!(svg.matches("<polyline").count() >= 5, "{}", svg.matches("<polyline").count());
    }
}
