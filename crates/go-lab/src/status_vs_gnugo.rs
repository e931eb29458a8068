//! Our dead stones and scores against GNU Go's on finished games (issue 28, "End of game").
//!
//! For every game of a records folder (a `results.jsonl` beside an `sgf/` folder, as
//! `menace go match` and `tournament` write), both engines load the final position over
//! GTP (`loadsgf`) and answer `final_status_list dead` and `final_score`: ours in-process
//! through [`GtpEngine::handle_line`], GNU Go as a child process (`gnugo --mode gtp
//! --chinese-rules`, area scoring like ours). [`table`] then counts how often the two
//! agree, by how the game ended: games that ended by two passes were played out, games
//! that ended by resignation (or a repetition, a forfeit) still have unsettled groups.
//! `scripts/dead-stones-vs-gnugo` prints the table.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use menace_run::{Program, Session};

use menace_go::io::gtp::GtpEngine;
use menace_go::referee::game;
use menace_go::referee::seat::gtp_command;
use menace_go::search::mcts::SearchConfig;

/// How long GNU Go may take over one answer (its dead-stone reading of a 19x19 position
/// takes about a second; a loaded machine gets plenty of room).
const GNUGO_TIMEOUT: Duration = Duration::from_secs(300);

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ending {
    /// Both players passed: the game was played out.
    TwoPasses,
    /// A player resigned: the position has unsettled groups.
    Resignation,
    /// Anything else (a repeated position, a failed engine, the move cap).
    Other,
}

impl Ending {
    /// A results line's `ending`, `result` and `reason` fields as an [`Ending`]: the
    /// referee's reading of them ([`game::Ending::of_record`]) in this study's classes.
    pub fn of_record(ending: &str, result: &str, reason: &str) -> Ending {
        match game::Ending::of_record(ending, result, reason) {
            Some(game::Ending::TwoPasses) => Ending::TwoPasses,
            Some(game::Ending::Resignation) => Ending::Resignation,
            _ => Ending::Other,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Ending::TwoPasses => "two passes",
            Ending::Resignation => "resignation",
            Ending::Other => "other",
        }
    }
}

/// One engine's verdict on a final position.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The dead stones (GTP vertices).
    pub dead: BTreeSet<String>,
    /// Black's margin (`final_score`: positive when black wins, 0 for a tie).
    pub margin: f32,
}

/// Both verdicts on one game's final position.
#[derive(Clone, Debug)]
pub struct Row {
    /// The game record.
    pub sgf: PathBuf,
    /// How it ended.
    pub ending: Ending,
    /// Our engine's answer, or why it could not give one.
    pub ours: Result<Verdict, String>,
    /// GNU Go's answer, or why it could not give one.
    pub theirs: Result<Verdict, String>,
}

impl Row {
    /// One line: the game, how it ended, each engine's score and number of dead stones
    /// (or its error), and whether the dead lists agree.
    pub fn summary(&self) -> String {
        let one = |v: &Result<Verdict, String>| match v {
            Ok(v) => {
                format!(
                    "{} ({} dead)",
                    menace_go::rules::score::result_string(v.margin),
                    v.dead.len()
                )
            }
            Err(e) => format!("error: {e}"),
        };
        let same =
            self.both()
                .map_or("-", |(a, b)| if a.dead == b.dead { "same dead" } else { "other dead" });
        format!(
            "{} ({}): ours {}, GNU Go {}; {same}",
            self.sgf.display(),
            self.ending.label(),
            one(&self.ours),
            one(&self.theirs)
        )
    }

    /// Both verdicts, when both engines answered.
    pub fn both(&self) -> Option<(&Verdict, &Verdict)> {
        Some((self.ours.as_ref().ok()?, self.theirs.as_ref().ok()?))
    }
}

/// The games of every records folder directly under `root` (folders holding a
/// `results.jsonl`), with how each ended: the games that ended by two passes first, then
/// the resignations, then the others, each in folder and line order.
pub fn finished_games(root: &Path) -> Result<Vec<(PathBuf, Ending)>, String> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .map_err(|e| format!("{}: {e}", root.display()))?
        .filter_map(|d| d.ok().map(|d| d.path()))
        .filter(|d| d.join("results.jsonl").is_file())
        .collect();
    dirs.sort();
    let mut games = Vec::new();
    for dir in dirs {
        let path = dir.join("results.jsonl");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line)
                .map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))?;
            let field = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
            let sgf = field("sgf");
            if sgf.is_empty() {
                continue;
            }
            games.push((
                dir.join(sgf),
                Ending::of_record(&field("ending"), &field("result"), &field("reason")),
            ));
        }
    }
    games.sort_by_key(|(_, ending)| *ending);
    Ok(games)
}

/// Parses a GTP `final_score` answer (`B+3.5`, `W+12`, `0`) as black's margin.
pub fn parse_score(s: &str) -> Option<f32> {
    let s = s.trim();
    if s == "0" {
        return Some(0.0);
    }
    let (sign, rest) = match s.get(..2) {
        Some("B+") => (1.0, &s[2..]),
        Some("W+") => (-1.0, &s[2..]),
        _ => return None,
    };
    rest.parse::<f32>().ok().filter(|m| m.is_finite()).map(|m| sign * m)
}

/// Asks one engine (through `ask`, one GTP command in, the answer text out) for its
/// verdict on the game in `sgf`.
fn verdict(
    sgf: &Path,
    mut ask: impl FnMut(&str) -> Result<String, String>,
) -> Result<Verdict, String> {
    ask(&format!("loadsgf {}", sgf.display()))?;
    let dead = ask("final_status_list dead")?.split_whitespace().map(str::to_string).collect();
    let score = ask("final_score")?;
    let margin = parse_score(&score).ok_or_else(|| format!("bad final_score answer {score:?}"))?;
    Ok(Verdict { dead, margin })
}

/// Our engine's verdict on `sgf`, over GTP in-process (the engine a GUI would talk to).
pub fn our_verdict(sgf: &Path) -> Result<Verdict, String> {
    let mut e = GtpEngine::new(SearchConfig::default());
    verdict(sgf, |cmd| {
        let answer = e.handle_line(cmd).unwrap_or_default();
        let text = answer.trim_end_matches('\n');
        match text.strip_prefix('=') {
            Some(rest) => Ok(rest.trim_start().to_string()),
            None => Err(text.trim_start_matches('?').trim().to_string()),
        }
    })
}

/// GNU Go's verdict on `sgf`, from a fresh `gnugo --mode gtp --chinese-rules` (a process
/// per game: GNU Go 3.8 crashes on some positions, see docs/games/gnugo-3.8-segfault.gtp,
/// and one crash must not cost the other games).
pub fn gnugo_verdict(gnugo: &Path, sgf: &Path) -> Result<Verdict, String> {
    let program = Program::new([
        gnugo.display().to_string(),
        "--mode".into(),
        "gtp".into(),
        "--chinese-rules".into(),
    ]);
    let mut session = Session::spawn(&program, 1 << 20, false)
        .map_err(|e| format!("cannot start {}: {e}", gnugo.display()))?;
    let v = verdict(sgf, |cmd| gtp_command(&mut session, cmd, GNUGO_TIMEOUT));
    session.finish(Duration::from_secs(5));
    v
}

/// Both verdicts on every game of `games`, GNU Go run from `gnugo`; `progress` hears each
/// row as it is made. GNU Go can take minutes over an unsettled position on a loaded
/// machine, so after `until` (if given) no new game is started: the rest get a row whose
/// verdicts say "not measured", which [`table`] counts in `games` but not in `scored`.
pub fn compare(
    games: &[(PathBuf, Ending)],
    gnugo: &Path,
    until: Option<Instant>,
    mut progress: impl FnMut(&Row),
) -> Vec<Row> {
    let mut rows = Vec::new();
    for (sgf, ending) in games {
        let late = until.is_some_and(|t| Instant::now() >= t);
        let not_measured = || Err("not measured (time limit)".to_string());
        let row = Row {
            sgf: sgf.clone(),
            ending: *ending,
            ours: if late { not_measured() } else { our_verdict(sgf) },
            theirs: if late { not_measured() } else { gnugo_verdict(gnugo, sgf) },
        };
        progress(&row);
        rows.push(row);
    }
    rows
}

/// `n` of `of` as `n (p%)`.
fn share(n: usize, of: usize) -> String {
    if of == 0 {
        return "-".into();
    }
    format!("{n} ({:.0}%)", 100.0 * n as f64 / of as f64)
}

/// The agreement table: per ending, the games both engines scored, how many have the same
/// dead stones, the same winner, the same score, and the mean and largest score difference.
pub fn table(rows: &[Row]) -> String {
    let mut out = format!(
        "{:<12} {:>5} {:>6} {:>12} {:>12} {:>12} {:>10} {:>9}\n",
        "ending",
        "games",
        "scored",
        "same dead",
        "same winner",
        "same score",
        "mean diff",
        "max diff"
    );
    let classes = [Ending::TwoPasses, Ending::Resignation, Ending::Other];
    for class in classes.iter().map(Some).chain([None]) {
        let in_class: Vec<&Row> =
            rows.iter().filter(|r| class.is_none_or(|c| r.ending == *c)).collect();
        let both: Vec<(&Verdict, &Verdict)> = in_class.iter().filter_map(|r| r.both()).collect();
        let n = both.len();
        let same_dead = both.iter().filter(|(a, b)| a.dead == b.dead).count();
        let same_winner =
            both.iter().filter(|(a, b)| a.margin.signum() == b.margin.signum()).count();
        let same_score = both.iter().filter(|(a, b)| a.margin == b.margin).count();
        let diffs: Vec<f32> = both.iter().map(|(a, b)| (a.margin - b.margin).abs()).collect();
        let mean = if n == 0 { 0.0 } else { diffs.iter().sum::<f32>() / n as f32 };
        let max = diffs.iter().copied().fold(0.0f32, f32::max);
        out.push_str(&format!(
            "{:<12} {:>5} {:>6} {:>12} {:>12} {:>12} {:>10.1} {:>9.1}\n",
            class.map_or("all", |c| c.label()),
            in_class.len(),
            n,
            share(same_dead, n),
            share(same_winner, n),
            share(same_score, n),
            mean,
            max
        ));
    }
    out
}

/// One line per game where the engines differ (or one could not answer): the file, both
/// scores, and the stones only one of them calls dead.
pub fn differences(rows: &[Row]) -> String {
    let mut out = String::new();
    for r in rows {
        let line = match (&r.ours, &r.theirs) {
            (Ok(a), Ok(b)) if a == b => continue,
            (Ok(a), Ok(b)) => {
                let only = |x: &Verdict, y: &Verdict| {
                    x.dead.difference(&y.dead).cloned().collect::<Vec<_>>().join(" ")
                };
                format!(
                    "ours {:+} theirs {:+}; dead only for us: [{}]; only for GNU Go: [{}]",
                    a.margin,
                    b.margin,
                    only(a, b),
                    only(b, a)
                )
            }
            (Err(a), Err(b)) if a == b => continue,
            (ours, theirs) => format!("ours {ours:?} theirs {theirs:?}"),
        };
        out.push_str(&format!("{} ({}): {line}\n", r.sgf.display(), r.ending.label()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_parse_as_black_margins() {
        assert_eq!(parse_score("B+3.5"), Some(3.5));
        assert_eq!(parse_score("W+12"), Some(-12.0));
        assert_eq!(parse_score("0"), Some(0.0));
        assert_eq!(parse_score("W+R"), None);
        assert_eq!(parse_score("B+inf"), None);
        assert_eq!(parse_score(""), None);
    }

    #[test]
    fn endings_come_from_the_record() {
        // Lines as the referee wrote them over time (docs/games).
        for (ending, result, reason, want) in [
            ("two passes", "B+5.5", "two passes", Ending::TwoPasses),
            ("forfeit", "W+R", "resignation by menace", Ending::Resignation),
            ("forfeit", "B+R", "gnugo (white) resigned", Ending::Resignation),
            ("forfeit", "B+F", "gnugo-l10 (white) resigned", Ending::Resignation),
            ("forfeit", "B+F", "gnugo-l1 (white) failed genmove", Ending::Other),
            ("forfeit", "B+T", "a (white) ran out of time", Ending::Other),
            ("repeat", "0", "menace played 1 2, retaking a ko", Ending::Other),
        ] {
            assert_eq!(Ending::of_record(ending, result, reason), want, "{reason}");
        }
    }
}
