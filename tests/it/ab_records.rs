//! The A/B table in docs/go-lab.md is recounted from the games' lines in docs/ab/: every row
//! names its record, the entrant it scores (A) and its opponent (B); the games, the wins,
//! the share and its Wilson 95% interval must be what the lines say.

use std::path::Path;

use menace_arena::tournament::interval::wilson;
use menace_arena::tournament::sprt::{Sprt, Verdict};

/// Wins of `a`, of `b` and ties in a record of `menace go match --out` lines.
fn count(path: &Path, a: &str, b: &str) -> (u32, u32, u32) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut wa, mut wb, mut ties) = (0, 0, 0);
    for (i, line) in text.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let (black, white) = (v["black"].as_str().unwrap(), v["white"].as_str().unwrap());
        let mut names = [black, white];
        names.sort_unstable();
        let mut want = [a, b];
        want.sort_unstable();
        assert_eq!(names, want, "{}:{}: the game is not {a} against {b}", path.display(), i + 1);
        let winner = match v["winner"].as_str() {
            Some("black") => Some(black),
            Some("white") => Some(white),
            _ => None,
        };
        match winner {
            Some(w) if w == a => wa += 1,
            Some(_) => wb += 1,
            None => ties += 1,
        }
    }
    (wa, wb, ties)
}

#[test]
fn the_ab_table_is_what_the_lines_say() {
    let doc = std::fs::read_to_string("docs/go-lab.md").unwrap();
    let start = doc.find("<!-- ab table -->").expect("the A/B table's marker in docs/go-lab.md");
    let rows: Vec<&str> = doc[start..]
        .lines()
        .skip(1)
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .collect();
    assert!(rows.len() >= 4, "the A/B table has {} rows", rows.len());
    let mut files: Vec<String> = std::fs::read_dir("docs/ab")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".jsonl"))
        .collect();
    for row in rows {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        // | [name](ab/name.jsonl) | lever | board | A | B | games | A won | B won | share | SPRT |
        let link = cells[0];
        let file = &link[link.find("(ab/").unwrap() + 4..link.len() - 1];
        files.retain(|f| f != file);
        let (a, b) = (cells[3], cells[4]);
        let (wa, wb, ties) = count(&Path::new("docs/ab").join(file), a, b);
        let n = wa + wb + ties;
        let share = (f64::from(wa) + f64::from(ties) / 2.0) / f64::from(n);
        // The workspace's one Wilson interval (tested there against published values).
        let (lo, hi) = wilson(f64::from(wa) + f64::from(ties) / 2.0, n).expect("games");
        let want = [
            n.to_string(),
            wa.to_string(),
            wb.to_string(),
            format!("{:.1}% [{lo:.1}, {hi:.1}]", 100.0 * share),
        ];
        assert_eq!(&cells[5..9], &want.iter().map(String::as_str).collect::<Vec<_>>()[..], "{row}");
        // The SPRT (H0 0 Elo, H1 35) on the same counts.
        let test = Sprt::new(0.0, 35.0).unwrap();
        let verdict = match test.verdict(wa, ties, wb) {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
            Verdict::Continue => "open",
        };
        assert_eq!(cells[9], format!("{:.2}: {verdict}", test.llr(wa, ties, wb)), "{row}");
    }
    assert!(files.is_empty(), "records in docs/ab without a row in docs/go-lab.md: {files:?}");
}
