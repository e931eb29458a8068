//! Standings of a tournament of two-player games: points (a win 1, a tie ½), wins, ties
//! and losses, a crosstable and Elo estimates (see [`elo`](super::elo)), as plain text.
//!
//! Computed from the games alone, in the order given (callers pass them in unit order),
//! so a one-machine run and a merge of its shards print the same bytes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::elo::{self, Game, PRIOR_TIES};

/// How a game between `first` and `second` ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The first player won.
    FirstWins,
    /// A tie.
    Tie,
    /// The second player won.
    SecondWins,
}

/// One finished two-player game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairGame {
    /// The first player (in Go: black).
    pub first: String,
    /// The second player (in Go: white).
    pub second: String,
    /// The result.
    pub outcome: Outcome,
}

/// One entrant's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The entrant.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Wins, ties, losses.
    pub wins: u32,
    /// Ties.
    pub ties: u32,
    /// Losses.
    pub losses: u32,
    /// Twice the points (whole numbers keep sums exact).
    pub half_points: u32,
    /// Elo estimate.
    pub elo: f64,
    /// Half the width of the 95% interval.
    pub elo_half_width: f64,
}

impl Row {
    /// Points: a win 1, a tie ½.
    pub fn points(&self) -> f64 {
        f64::from(self.half_points) / 2.0
    }
}

/// The standings: rows best first, and the crosstable.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// Best first: most points, then name.
    pub rows: Vec<Row>,
    /// `cross[i][j]`: (half points, games) of row `i` against row `j`.
    pub cross: Vec<Vec<(u32, u32)>>,
}

/// Builds the standings of `games`.
pub fn standings(games: &[PairGame]) -> Standings {
    // Entrants in name order, so the estimate does not depend on the game order.
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for g in games {
        index.insert(&g.first, 0);
        index.insert(&g.second, 0);
    }
    let names: Vec<String> = index.keys().map(|s| s.to_string()).collect();
    for (i, v) in index.values_mut().enumerate() {
        *v = i;
    }
    let n = names.len();
    let mut tally = vec![[0u32; 3]; n];
    let mut cross = vec![vec![(0u32, 0u32); n]; n];
    let mut elo_games = Vec::with_capacity(games.len());
    for g in games {
        let (a, b) = (index[g.first.as_str()], index[g.second.as_str()]);
        let half_a = match g.outcome {
            Outcome::FirstWins => 2,
            Outcome::Tie => 1,
            Outcome::SecondWins => 0,
        };
        for (me, half) in [(a, half_a), (b, 2 - half_a)] {
            tally[me][match half {
                2 => 0,
                1 => 1,
                _ => 2,
            }] += 1;
        }
        cross[a][b].0 += half_a;
        cross[a][b].1 += 1;
        cross[b][a].0 += 2 - half_a;
        cross[b][a].1 += 1;
        elo_games.push(Game { a, b, score: f64::from(half_a) / 2.0 });
    }
    let ratings = elo::estimate(n, &elo_games, PRIOR_TIES);
    let mut order: Vec<usize> = (0..n).collect();
    let half = |i: usize| 2 * tally[i][0] + tally[i][1];
    order.sort_by(|&x, &y| half(y).cmp(&half(x)).then_with(|| names[x].cmp(&names[y])));
    let rows = order
        .iter()
        .map(|&i| Row {
            name: names[i].clone(),
            games: tally[i].iter().sum(),
            wins: tally[i][0],
            ties: tally[i][1],
            losses: tally[i][2],
            half_points: half(i),
            elo: ratings.elo[i],
            elo_half_width: ratings.half_width(i),
        })
        .collect();
    let cross = order.iter().map(|&i| order.iter().map(|&j| cross[i][j]).collect()).collect();
    Standings { rows, cross }
}

/// An Elo figure as a signed whole number, never `-0`.
pub(crate) fn signed(x: f64) -> String {
    let r = x.round();
    if r == 0.0 {
        "0".to_string()
    } else {
        format!("{r:+}")
    }
}

/// Half points as `3`, `2.5`.
pub(crate) fn points(half: u32) -> String {
    if half.is_multiple_of(2) {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}

impl Standings {
    /// Row `k`'s rank: equal points share the rank of the first of them.
    pub fn rank(&self, k: usize) -> usize {
        let r = &self.rows[k];
        self.rows.iter().position(|o| o.half_points == r.half_points).unwrap_or(k) + 1
    }

    /// Row `k`'s Elo and its 95% interval as printed: whole numbers.
    pub fn elo(&self, k: usize) -> [i64; 3] {
        let r = &self.rows[k];
        [r.elo, r.elo - r.elo_half_width, r.elo + r.elo_half_width].map(|x| x.round() as i64)
    }
}

impl std::fmt::Display for Standings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let width = self.rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(0).max(8);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:>4}  {:<width$}  {:>5}  {:>6}  {:>4}  {:>4}  {:>4}  {:>6}  {:>16}",
            "rank", "entrant", "games", "points", "won", "tied", "lost", "Elo", "95% interval"
        );
        for (k, r) in self.rows.iter().enumerate() {
            let rank = self.rank(k);
            let lo = signed(r.elo - r.elo_half_width);
            let hi = signed(r.elo + r.elo_half_width);
            let _ = writeln!(
                s,
                "{:>4}  {:<width$}  {:>5}  {:>6}  {:>4}  {:>4}  {:>4}  {:>6}  {:>16}",
                rank,
                r.name,
                r.games,
                points(r.half_points),
                r.wins,
                r.ties,
                r.losses,
                signed(r.elo),
                format!("[{lo}, {hi}]")
            );
        }
        let _ = writeln!(
            s,
            "\ncrosstable: points of the row's entrant against the column's, of games played"
        );
        let cells: Vec<Vec<String>> = self
            .cross
            .iter()
            .enumerate()
            .map(|(i, row)| {
                row.iter()
                    .enumerate()
                    .map(|(j, &(h, g))| {
                        if i == j || g == 0 {
                            "-".to_string()
                        } else {
                            format!("{}/{g}", points(h))
                        }
                    })
                    .collect()
            })
            .collect();
        let colw = cells.iter().flatten().map(String::len).max().unwrap_or(1).max(3);
        let _ = write!(s, "{:>4}  {:<width$}", "", "");
        for k in 0..self.rows.len() {
            let _ = write!(s, "  {:>colw$}", k + 1);
        }
        s.push('\n');
        for (k, (r, row)) in self.rows.iter().zip(&cells).enumerate() {
            let _ = write!(s, "{:>4}  {:<width$}", k + 1, r.name);
            for c in row {
                let _ = write!(s, "  {c:>colw$}");
            }
            s.push('\n');
        }
        let _ = writeln!(
            s,
            "\nElo: Bradley-Terry maximum likelihood, a tie half a win, one virtual tie per entrant against a phantom; 0 is the field's average; 95% intervals from the observed information."
        );
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(a: &str, b: &str, o: Outcome) -> PairGame {
        PairGame { first: a.into(), second: b.into(), outcome: o }
    }

    #[test]
    fn points_tallies_and_crosstable_by_hand() {
        use Outcome::*;
        let games = [
            g("x", "y", FirstWins),
            g("y", "x", Tie),
            g("x", "z", FirstWins),
            g("z", "x", SecondWins),
            g("y", "z", SecondWins),
            g("z", "y", Tie),
        ];
        let s = standings(&games);
        let names: Vec<&str> = s.rows.iter().map(|r| r.name.as_str()).collect();
        // x: 1 + .5 + 1 + 1 = 3.5; z: 1 + .5 = 1.5; y: .5 + .5 = 1.
        assert_eq!(names, ["x", "z", "y"]);
        let pts: Vec<f64> = s.rows.iter().map(Row::points).collect();
        assert_eq!(pts, [3.5, 1.5, 1.0]);
        assert_eq!((s.rows[0].wins, s.rows[0].ties, s.rows[0].losses), (3, 1, 0));
        assert_eq!(s.cross[0][2], (3, 2), "x scored 1.5 of 2 against y");
        assert_eq!(s.cross[2][0], (1, 2));
        assert!(s.rows[0].elo > s.rows[1].elo && s.rows[1].elo > s.rows[2].elo);
        let text = s.to_string();
        assert!(text.contains("1.5/2"), "{text}");
        // The order of the games does not change the table.
        let mut rev = games.to_vec();
        rev.reverse();
        assert_eq!(standings(&rev).to_string(), text);
    }
}
