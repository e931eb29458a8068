//! Learning curves as CSV, JSON lines and an SVG chart.

use std::fmt::Write as _;
use std::path::Path;

use plotters::prelude::*;

use super::train::CurvePoint;

/// The curve as CSV, one row per point, with a header.
pub fn to_csv(points: &[CurvePoint]) -> String {
    let mut s =
        String::from("games,win,draw,loss,exploitability,greedy_exploitability,first_box\n");
    for p in points {
        let first = p.first_box.map_or(String::new(), |b| format!("{b}"));
        let _ = writeln!(
            s,
            "{},{:.6},{:.6},{:.6},{:.6},{:.6},{first}",
            p.games, p.win, p.draw, p.loss, p.exploitability, p.greedy_exploitability
        );
    }
    s
}

/// The curve as JSON lines, one object per point.
pub fn to_jsonl(points: &[CurvePoint]) -> String {
    points.iter().map(|p| serde_json::to_string(p).expect("serializes") + "\n").collect()
}

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
    fn csv_and_json_lines_hold_every_point() {
        let pts = [point(10, 0.25), point(20, 0.125)];
        let csv = to_csv(&pts);
        assert_eq!(csv.lines().count(), 3);
        assert_eq!(
            csv.lines().nth(2).unwrap(),
            "20,0.500000,0.375000,0.125000,0.125000,0.000000,36"
        );
        let back: Vec<serde_json::Value> =
            to_jsonl(&pts).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(back[0]["games"], 10);
        assert_eq!(back[1]["loss"], 0.125);
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
