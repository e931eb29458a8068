//! A tournament's standings written into its results folder, for a judge to keep and for
//! programs to read: `standings.csv`, `standings.json` and `report.html`, one
//! self-contained page (standings, crosstable, Elo with its 95% intervals, incidents) that
//! needs no network and no script.
//!
//! Every figure comes from the [`Standings`] the printed table is made from, rounded as it
//! prints (Elo and its interval in whole points), so the files agree with the table.
//! Nothing in them is measured (no times, no date): the same games give the same bytes.
//!
//! Beside them, the folder's incident log ([`LOG`]) holds what happened to the run as a
//! whole rather than to one game (an entrant's file that changed while the games played),
//! appended the moment the judge sees it, so it is on disk even if the run is then killed;
//! the report lists those incidents after the games'.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{json, Value};

use super::standings::{points, Standings};

/// The files [`write`] makes, in the results folder.
pub const FILES: [&str; 3] = ["standings.csv", "standings.json", "report.html"];

/// The folder's incident log: one line an incident of the run as a whole, oldest first.
pub const LOG: &str = "run-incidents.txt";

/// Largest incident log read back for a report.
const MAX_LOG: u64 = 4 << 20;

/// Appends `line` (one sentence, no line break) to the incident log of the results folder
/// `out` at once, synced to disk.
pub fn log_incident(out: &Path, line: &str) -> Result<(), String> {
    use std::io::Write as _;
    let path = out.join(LOG);
    let one = line.replace(['\n', '\r'], " ") + "\n";
    menace_files::open_append(&path)
        .and_then(|mut f| f.write_all(one.as_bytes()).and_then(|()| f.sync_data()))
        .map_err(|e| format!("cannot append to {}: {e}", path.display()))
}

/// The lines of the incident log of `out` (none when it has none).
pub fn logged_incidents(out: &Path) -> Result<Vec<String>, String> {
    let path = out.join(LOG);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let bytes = menace_files::read_capped(&path, MAX_LOG).map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&bytes)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect())
}

/// What a report says.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// The heading: what was played (`Go tournament 0123abcd...: 6 of 6 games, 9x9, komi 0`).
    pub title: String,
    /// The standings.
    pub standings: &'a Standings,
    /// How the rows are ordered and what the points count, in a sentence.
    pub order: &'a str,
    /// What went wrong along the way, one sentence each (empty: nothing).
    pub incidents: Vec<String>,
}

/// The standings as CSV: one row an entrant, best first, with its rank, points, games won,
/// tied and lost, Elo and the ends of its 95% interval.
pub fn csv(s: &Standings) -> String {
    let mut out = String::from("rank,entrant,games,points,won,tied,lost,elo,elo_low,elo_high\n");
    for (k, r) in s.rows.iter().enumerate() {
        let [elo, lo, hi] = s.elo(k);
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{elo},{lo},{hi}",
            s.rank(k),
            csv_field(&r.name),
            r.games,
            points(r.half_points),
            r.wins,
            r.ties,
            r.losses
        );
    }
    out
}

/// A CSV field, quoted when it must be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The report as JSON: the title, the order, the rows (as the CSV's), the crosstable
/// (`points[i][j]`, `games[i][j]`: row `i`'s entrant against row `j`'s) and the incidents.
pub fn json(r: &Report) -> String {
    let s = r.standings;
    let rows: Vec<Value> = s
        .rows
        .iter()
        .enumerate()
        .map(|(k, row)| {
            let [elo, lo, hi] = s.elo(k);
            json!({
                "rank": s.rank(k),
                "entrant": row.name,
                "games": row.games,
                "points": row.points(),
                "won": row.wins,
                "tied": row.ties,
                "lost": row.losses,
                "elo": elo,
                "elo_low": lo,
                "elo_high": hi,
            })
        })
        .collect();
    let cross = |f: fn(&(u32, u32)) -> f64| -> Vec<Vec<f64>> {
        s.cross.iter().map(|row| row.iter().map(f).collect()).collect()
    };
    let v = json!({
        "title": r.title,
        "order": r.order,
        "standings": rows,
        "crosstable": {
            "entrants": s.rows.iter().map(|r| r.name.clone()).collect::<Vec<_>>(),
            "points": cross(|c| f64::from(c.0) / 2.0),
            "games": cross(|c| f64::from(c.1)),
        },
        "incidents": r.incidents,
    });
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}

/// `text` safe inside HTML; control characters (from an entrant's name or its stderr)
/// become spaces.
fn esc(text: &str) -> String {
    let text: String =
        text.chars().map(|c| if c.is_control() && c != '\n' { ' ' } else { c }).collect();
    html_escape::encode_quoted_attribute(&text).into_owned()
}

/// An Elo figure as printed: signed, never `-0`.
fn signed(x: i64) -> String {
    if x == 0 {
        "0".into()
    } else {
        format!("{x:+}")
    }
}

/// The page's style: readable in light and dark, the contrast of body text.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111;background:#fff;line-height:1.5}\
table{border-collapse:collapse;margin:1rem 0}caption{text-align:left;font-weight:bold;padding:.25rem 0}\
th,td{border:1px solid #767676;padding:.25rem .6rem;text-align:right}th[scope=row],td.name{text-align:left}\
thead th{background:#eee}p.note{color:#333}\
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}thead th{background:#333}p.note{color:#ccc}}";

/// The report as one self-contained HTML page.
pub fn html(r: &Report) -> String {
    let s = r.standings;
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n<h1>{}</h1>\n<p class=\"note\">{}</p>\n",
        esc(&r.title),
        esc(&r.title),
        esc(r.order)
    );
    h.push_str("<h2>Standings</h2>\n<table>\n<caption>Points, games and Elo with its 95% interval, best first</caption>\n<thead><tr><th scope=\"col\">Rank</th><th scope=\"col\">Entrant</th><th scope=\"col\">Games</th><th scope=\"col\">Points</th><th scope=\"col\">Won</th><th scope=\"col\">Tied</th><th scope=\"col\">Lost</th><th scope=\"col\">Elo</th><th scope=\"col\">95% interval</th></tr></thead>\n<tbody>\n");
    for (k, row) in s.rows.iter().enumerate() {
        let [elo, lo, hi] = s.elo(k);
        let _ = writeln!(
            h,
            "<tr><td>{}</td><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>[{}, {}]</td></tr>",
            s.rank(k),
            esc(&row.name),
            row.games,
            points(row.half_points),
            row.wins,
            row.ties,
            row.losses,
            signed(elo),
            signed(lo),
            signed(hi)
        );
    }
    h.push_str("</tbody>\n</table>\n");
    h.push_str("<h2>Crosstable</h2>\n<table>\n<caption>Points of the row's entrant against the column's, of games played</caption>\n<thead><tr><th scope=\"col\">Entrant</th>");
    for row in &s.rows {
        let _ = write!(h, "<th scope=\"col\">{}</th>", esc(&row.name));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for (i, (row, cells)) in s.rows.iter().zip(&s.cross).enumerate() {
        let _ = write!(h, "<tr><th scope=\"row\">{}</th>", esc(&row.name));
        for (j, &(half, games)) in cells.iter().enumerate() {
            if i == j || games == 0 {
                h.push_str("<td>-</td>");
            } else {
                let _ = write!(h, "<td>{}/{games}</td>", points(half));
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n");
    h.push_str("<p class=\"note\">Elo: Bradley-Terry maximum likelihood, a tie half a win, one virtual tie per entrant against a phantom; 0 is the field's average; 95% intervals from the observed information.</p>\n");
    h.push_str("<h2>Incidents</h2>\n");
    if r.incidents.is_empty() {
        h.push_str("<p>None.</p>\n");
    } else {
        h.push_str("<ul>\n");
        for x in &r.incidents {
            let _ = writeln!(h, "<li>{}</li>", esc(x));
        }
        h.push_str("</ul>\n");
    }
    h.push_str("</main>\n</body>\n</html>\n");
    h
}

/// Writes [`FILES`] into `out`, each replaced whole (a reader never sees half a file); the
/// incidents are `r`'s, then those of the folder's incident log ([`LOG`]).
pub fn write(out: &Path, r: &Report) -> Result<(), String> {
    let mut r = r.clone();
    r.incidents.extend(logged_incidents(out)?);
    let r = &r;
    for (name, text) in FILES.iter().zip([csv(r.standings), json(r), html(r)]) {
        let path = out.join(name);
        menace_files::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::standings::{standings, Outcome, PairGame};
    use super::*;

    fn g(a: &str, b: &str, outcome: Outcome) -> PairGame {
        PairGame { first: a.into(), second: b.into(), outcome }
    }

    #[test]
    fn the_files_agree_with_the_printed_table() {
        use Outcome::*;
        let games = [g("x", "y", FirstWins), g("y", "x", Tie), g("x", "<z>,", FirstWins)];
        let s = standings(&games);
        let r = Report {
            title: "t".into(),
            standings: &s,
            order: "most points first",
            incidents: vec!["unit 3: <b> crashed".into()],
        };
        let printed = s.to_string();
        // Each CSV row's rank, name, points and Elo interval appear on the printed row.
        let csv = csv(&s);
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some("rank,entrant,games,points,won,tied,lost,elo,elo_low,elo_high")
        );
        for (line, row) in lines.zip(printed.lines().skip(1)) {
            let f: Vec<&str> = line.split(',').collect();
            let [elo, lo, hi]: [i64; 3] =
                [f[f.len() - 3], f[f.len() - 2], f[f.len() - 1]].map(|x| x.parse().unwrap());
            assert!(row.starts_with(&format!("{:>4}", f[0])), "{row}");
            assert!(row.contains(&format!("[{}, {}]", signed(lo), signed(hi))), "{row} {line}");
            assert!(row.contains(&format!(" {} ", signed(elo))), "{row} {line}");
        }
        assert!(csv.contains("\"<z>,\""), "{csv}");
        let v: Value = serde_json::from_str(&json(&r)).unwrap();
        assert_eq!(v["standings"][0]["entrant"], "x");
        assert_eq!(v["standings"][0]["points"], 2.5);
        assert_eq!(v["crosstable"]["points"][0][1], 1.5);
        assert_eq!(v["incidents"][0], "unit 3: <b> crashed");
        let page = html(&r);
        assert!(page.contains("&lt;z&gt;,") && !page.contains("<z>"), "escaped");
        assert!(page.contains("<li>unit 3: &lt;b&gt; crashed</li>"));
        assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    }
}
