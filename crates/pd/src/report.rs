//! What people want to see after a game: standings, per-round scores (CSV, JSON), the take
//! log, the incidents; and for several games, mean and spread per player. (The SVG plot of
//! the scores is drawn by `menace-plot`, so the judge builds without a plotting library.)

use std::fmt::Write as _;

use menace_arena::tournament::standings::{self as pairwise, Outcome, PairGame, Standings};

use super::format::write_round;
use super::judge::{Finals, GameResult};

/// The final table, best first: rank, id, score, name.
pub fn standings(g: &Finals) -> String {
    let s = &g.final_scores;
    let ranks = g.ranks();
    let mut order: Vec<usize> = (0..s.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(s[i]), i));
    let mut out = String::from("rank  id    score  player\n");
    for i in order {
        let _ = writeln!(out, "{:>4}  {:>2}  {:>7}  {}", ranks[i], i + 1, s[i], g.names[i]);
    }
    out
}

/// Scores after each round, one row per round, one column per id (`round,1:name,...`).
pub fn scores_csv(g: &GameResult) -> String {
    let mut out = String::from("round");
    for (i, n) in g.names.iter().enumerate() {
        let _ = write!(out, ",{}", csv_field(&format!("{}:{}", i + 1, n)));
    }
    out.push('\n');
    for (r, row) in g.scores.iter().enumerate() {
        let _ = write!(out, "{}", r + 1);
        for v in row {
            let _ = write!(out, ",{v}");
        }
        out.push('\n');
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The whole game as JSON: names, ids, seeds, takes, scores per round, finals, ranks,
/// incidents.
pub fn game_json(g: &GameResult) -> String {
    let v = serde_json::json!({
        "players": g.names,
        "ids_in_listed_order": g.ids,
        "final_scores": g.final_scores(),
        "ranks": g.ranks(),
        "seeds": g.seeds.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        "takes": g.history.iter().map(|r| r.iter().map(|t| [t.taker, t.victim]).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "scores": g.scores,
        "incidents": g.incidents,
    });
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}

/// The take log: each round's history line exactly as the programs read it, one per line.
pub fn takes_text(g: &GameResult) -> String {
    let mut out = String::new();
    for r in &g.history {
        write_round(&mut out, r);
        out.push('\n');
    }
    out
}

/// The readable log: per round, the takes and every incident of that round.
pub fn log_text(g: &GameResult) -> String {
    let mut out = String::new();
    for (i, n) in g.names.iter().enumerate() {
        let _ = writeln!(out, "player {}: {n}", i + 1);
    }
    let mut inc = g.incidents.iter().peekable();
    for (r, round) in g.history.iter().enumerate() {
        let _ = write!(out, "round {}: ", r + 1);
        write_round(&mut out, round);
        out.push('\n');
        while let Some(x) = inc.next_if(|x| x.round == r + 1) {
            let _ = writeln!(
                out,
                "  incident: player {} ({}): {}",
                x.id,
                g.names[(x.id - 1) as usize],
                x.what
            );
        }
    }
    out
}

/// The incidents alone, one per line (`round R, player D (name): what`).
pub fn incidents_text(g: &GameResult) -> String {
    g.incidents
        .iter()
        .map(|x| {
            format!(
                "round {}, player {} ({}): {}\n",
                x.round,
                x.id,
                g.names[(x.id - 1) as usize],
                x.what
            )
        })
        .collect()
}

/// What was measured in the game, which varies from run to run and so is kept out of the
/// other files: each round's wall-clock time, each player's CPU time, and how long each
/// program that timed out ran.
pub fn timings_text(g: &GameResult) -> String {
    let mut out = String::from(
        "# measured on this run: these figures vary from run to run (the other files do not)\n",
    );
    for (r, s) in g.round_seconds.iter().enumerate() {
        let _ = writeln!(out, "round {}: {s:.3} s wall", r + 1);
    }
    for (i, (n, c)) in g.names.iter().zip(&g.cpu_seconds).enumerate() {
        let _ = writeln!(out, "player {} ({n}): {c:.3} s CPU", i + 1);
    }
    for x in &g.incidents {
        if let Some(t) = &x.timing {
            let name = &g.names[(x.id - 1) as usize];
            let _ = writeln!(out, "round {}, player {} ({name}): {t}", x.round, x.id);
        }
    }
    out
}

/// Mean and spread of one listed player over several games.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlayerSummary {
    /// The player's name.
    pub name: String,
    /// Final scores, one per game.
    pub scores: Vec<i64>,
    /// Ranks, one per game.
    pub ranks: Vec<usize>,
    /// Mean final score.
    pub mean_score: f64,
    /// Sample standard deviation of the final score.
    pub sd_score: f64,
    /// Mean rank.
    pub mean_rank: f64,
    /// Games won (rank 1, shared or not).
    pub wins: usize,
}

/// Summaries per listed player (in listed order) over `games`.
pub fn summarize(games: &[Finals]) -> Vec<PlayerSummary> {
    let Some(first) = games.first() else { return Vec::new() };
    (0..first.ids.len())
        .map(|i| {
            let mut name = String::new();
            let mut scores = Vec::new();
            let mut ranks = Vec::new();
            for g in games {
                let id = g.ids[i] as usize;
                name.clone_from(&g.names[id - 1]);
                scores.push(g.final_scores[id - 1]);
                ranks.push(g.ranks()[id - 1]);
            }
            let n = scores.len() as f64;
            let mean = scores.iter().sum::<i64>() as f64 / n;
            let var = if scores.len() > 1 {
                scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0)
            } else {
                0.0
            };
            PlayerSummary {
                name,
                mean_rank: ranks.iter().sum::<usize>() as f64 / n,
                wins: ranks.iter().filter(|&&r| r == 1).count(),
                scores,
                ranks,
                mean_score: mean,
                sd_score: var.sqrt(),
            }
        })
        .collect()
}

/// How the multi-game table is ordered, as its output says it.
pub const SUMMARY_ORDER: &str =
    "sorted by mean rank (1 is first place), then by mean score, then as listed";

/// How the rating table is ordered and what its points count, as the output says it.
pub const RATING_ORDER: &str = "rating from the placings: in each game a player beats each player it finished above and ties those on its score (a win 1 point, a tie half); sorted by those points, then name";

/// The multi-game table: best mean rank first, then best mean score, then listed order
/// ([`SUMMARY_ORDER`], said after the table).
pub fn summary_table(sums: &[PlayerSummary]) -> String {
    let mut order: Vec<usize> = (0..sums.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&sums[a], &sums[b]);
        x.mean_rank
            .total_cmp(&y.mean_rank)
            .then(y.mean_score.total_cmp(&x.mean_score))
            .then(a.cmp(&b))
    });
    let mut out = String::from("mean_rank  mean_score       sd     min     max  wins  player\n");
    for i in order {
        let s = &sums[i];
        let _ = writeln!(
            out,
            "{:>9.2}  {:>10.1}  {:>7.1}  {:>6}  {:>6}  {:>4}  {}",
            s.mean_rank,
            s.mean_score,
            s.sd_score,
            s.scores.iter().min().unwrap_or(&0),
            s.scores.iter().max().unwrap_or(&0),
            s.wins,
            s.name
        );
    }
    let _ = writeln!(out, "({SUMMARY_ORDER})");
    out
}

/// Every game as games between pairs of its players, for a rating: in each game a player
/// beats each player with a lower final score and ties each with the same one (the pair in
/// listed order, which changes nothing of the standings).
pub fn pair_games(games: &[Finals]) -> Vec<PairGame> {
    let mut out = Vec::new();
    for g in games {
        let listed: Vec<usize> = g.ids.iter().map(|&id| (id - 1) as usize).collect();
        for (k, &a) in listed.iter().enumerate() {
            for &b in &listed[k + 1..] {
                let (sa, sb) = (g.final_scores[a], g.final_scores[b]);
                let outcome = match sa.cmp(&sb) {
                    std::cmp::Ordering::Greater => Outcome::FirstWins,
                    std::cmp::Ordering::Equal => Outcome::Tie,
                    std::cmp::Ordering::Less => Outcome::SecondWins,
                };
                out.push(PairGame {
                    first: g.names[a].clone(),
                    second: g.names[b].clone(),
                    outcome,
                });
            }
        }
    }
    out
}

/// The rating of the players from their placings ([`pair_games`]): points, Elo with its
/// 95% interval and the crosstable, as the Go standings print them.
pub fn rating(games: &[Finals]) -> Standings {
    pairwise::standings(&pair_games(games))
}

/// The multi-game summary as CSV.
pub fn summary_csv(sums: &[PlayerSummary]) -> String {
    let mut out = String::from("listed,player,mean_rank,mean_score,sd_score,min,max,wins\n");
    for (i, s) in sums.iter().enumerate() {
        let _ = writeln!(
            out,
            "{},{},{:.3},{:.3},{:.3},{},{},{}",
            i + 1,
            csv_field(&s.name),
            s.mean_rank,
            s.mean_score,
            s.sd_score,
            s.scores.iter().min().unwrap_or(&0),
            s.scores.iter().max().unwrap_or(&0),
            s.wins
        );
    }
    out
}
