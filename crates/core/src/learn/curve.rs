//! Learning curves as CSV and JSON lines (the chart is drawn by `menace-plot`, so that
//! the rules and learners build without a plotting library).

use std::fmt::Write as _;

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
}
