//! A prisoner's-dilemma game (`menace_pd::judge::GameResult`) as an SVG plot of every
//! player's score over the rounds.

use menace_pd::judge::GameResult;
use plotters::prelude::*;

/// An SVG plot of every player's score over the rounds.
pub fn scores_svg(g: &GameResult) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let rounds = g.scores.len().max(1) as i64;
        let lo = g.scores.iter().flatten().copied().min().unwrap_or(0).min(0);
        let hi = g.scores.iter().flatten().copied().max().unwrap_or(0).max(0);
        let pad = ((hi - lo) / 20).max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption("Prisoner's dilemma: score per round", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .right_y_label_area_size(0)
            .build_cartesian_2d(0i64..rounds, (lo - pad)..(hi + pad))
            .map_err(|e| e.to_string())?;
        chart.configure_mesh().x_desc("round").y_desc("score").draw().map_err(|e| e.to_string())?;
        for (i, name) in g.names.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            let pts = std::iter::once((0i64, 0i64))
                .chain(g.scores.iter().enumerate().map(|(r, s)| (r as i64 + 1, s[i])));
            chart
                .draw_series(LineSeries::new(pts, color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(format!("{} {}", i + 1, short(name)))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            // Scores start at 0 and mostly fall, so the lower left is the emptiest corner.
            .position(SeriesLabelPosition::LowerLeft)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// A name short enough for a legend: long command lines keep their last 32 characters,
/// where the distinguishing part (`... pd-player NAME`, the script name) usually is.
fn short(name: &str) -> String {
    let n = name.chars().count();
    if n <= 32 {
        name.to_string()
    } else {
        format!("…{}", name.chars().skip(n - 31).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(names: Vec<String>) -> GameResult {
        let n = names.len();
        GameResult {
            ids: (1..=n as u32).collect(),
            names,
            seeds: vec![1, 2, 3],
            history: Vec::new(),
            // Every player in the same range, so the axes (and their grid lines) agree.
            scores: vec![vec![-1; n], vec![-2; n], vec![-4; n]],
            incidents: Vec::new(),
            round_seconds: vec![0.0; 3],
            cpu_seconds: vec![0.0; n],
        }
    }

    #[test]
    fn the_svg_has_a_line_and_a_legend_entry_per_player() {
        let long = format!("python3 {}/pd-player tit-for-tat", "x".repeat(40));
        let two = scores_svg(&game(vec!["cooperator".into(), long.clone()])).unwrap();
        assert!(two.starts_with("<svg"));
        assert!(two.contains("score per round"));
        assert!(two.contains("1 cooperator"));
        assert!(two.contains("2 …"), "the long name is shortened");
        assert!(!two.contains(&"x".repeat(40)));
        let three = scores_svg(&game(vec!["cooperator".into(), long, "lunatic".into()])).unwrap();
        assert!(three.contains("3 lunatic"));
        let lines = |svg: &str| svg.matches("<polyline").count();
        assert_eq!(lines(&three), lines(&two) + 2, "a player adds its line and its legend mark");
    }

    #[test]
    fn short_names_stay_and_long_ones_keep_their_last_characters() {
        assert_eq!(short("tit-for-tat"), "tit-for-tat");
        let long: String = ('a'..='z').chain('A'..='Z').collect();
        let s = short(&long);
        assert_eq!(s.chars().count(), 32);
        assert!(s.ends_with("VWXYZ") && s.starts_with('…'));
    }
}
