//! Learning the [`MoveModel`] from game records by minorization-maximization (Coulom 2007,
//! "Computing Elo ratings of move patterns in the game of Go", after Hunter 2004).
//!
//! Every position of a game is a competition: the candidates are the legal moves (and
//! passing), each a *team* of its features, and the move played is the winner. Under the
//! generalised Bradley-Terry model the probability that team `t` wins is its strength (the
//! product of its members' gammas) over the sum of all candidates' strengths. MM raises
//! the likelihood at every step: for each feature `i` of one group at a time,
//! `gamma_i = W_i / sum_j C_ij / E_j`, where `W_i` counts the wins of teams holding `i`,
//! `E_j` is the total strength in position `j` and `C_ij` the strength of `i`'s teammates
//! summed over the candidates of `j` holding `i`. A prior of one virtual win and one
//! virtual loss against a team of strength 1 keeps rare features near 1.
//!
//! Candidates with identical features in a position are stored once with a count.
//!
//! The large-pattern model is learned in two passes: [`count_patterns`] harvests the
//! patterns of the moves played, the frequent ones make the dictionary
//! ([`PatternDict::from_counts`](menace_go::model::large::PatternDict::from_counts)), and a
//! [`Dataset::with_large_patterns`] then gives every candidate its largest known pattern
//! as one more feature group, learned with the others.

use std::collections::HashMap;

use menace_go::model::features::{self, Features, Group, ALL_GROUPS};
use menace_go::model::large::{self, PatternCounts, PatternDict};
use menace_go::model::move_model::MoveModel;
use menace_go::rules::board::{Board, Move, Point, EMPTY};

/// The competitions, with features as dense indices.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The large patterns candidates are matched against (none: the 3x3 model).
    large: Option<PatternDict>,
    /// Dense feature index to (group, level).
    keys: Vec<(Group, u16)>,
    index: HashMap<(Group, u16), u32>,
    /// Feature indices of all teams, back to back.
    members: Vec<u32>,
    /// Per team: start in `members` (one extra entry at the end).
    team_start: Vec<u32>,
    /// Per team: how many candidates share its features.
    team_count: Vec<u32>,
    /// Per position: its first team (one extra entry at the end).
    pos_start: Vec<u32>,
    /// Per position: the winning team.
    winner: Vec<u32>,
}

impl Dataset {
    /// An empty dataset whose candidates also get their largest pattern in `large`.
    pub fn with_large_patterns(large: PatternDict) -> Dataset {
        Dataset { large: Some(large), ..Dataset::default() }
    }

    /// Number of teams: distinct feature sets summed over positions (what one round of
    /// MM goes through, once per group).
    pub fn teams(&self) -> usize {
        self.team_count.len()
    }

    /// Number of positions.
    pub fn positions(&self) -> usize {
        self.winner.len()
    }

    /// Number of distinct features seen.
    pub fn features(&self) -> usize {
        self.keys.len()
    }

    /// Adds one competition: `candidates` with the index of the one chosen.
    pub fn add(&mut self, candidates: &[Features], chosen: usize) {
        let mut sorted: Vec<(Features, bool)> =
            candidates.iter().enumerate().map(|(i, f)| (*f, i == chosen)).collect();
        sorted.sort_unstable_by_key(|a| a.0);
        if self.pos_start.is_empty() {
            self.pos_start.push(0);
            self.team_start.push(0);
        }
        let mut winner = None;
        let mut i = 0;
        while i < sorted.len() {
            let mut j = i;
            let mut has_winner = false;
            while j < sorted.len() && sorted[j].0 == sorted[i].0 {
                has_winner |= sorted[j].1;
                j += 1;
            }
            if has_winner {
                winner = Some(self.team_count.len() as u32);
            }
            for (g, &level) in sorted[i].0 .0.iter().enumerate() {
                if level != features::ABSENT {
                    let key = (ALL_GROUPS[g], level);
                    let next = self.keys.len() as u32;
                    let id = *self.index.entry(key).or_insert(next);
                    if id == next {
                        self.keys.push(key);
                    }
                    self.members.push(id);
                }
            }
            self.team_start.push(self.members.len() as u32);
            self.team_count.push((j - i) as u32);
            i = j;
        }
        self.winner.push(winner.expect("the chosen move is among the candidates"));
        self.pos_start.push(self.team_count.len() as u32);
    }

    fn teams_of(&self, pos: usize) -> std::ops::Range<usize> {
        self.pos_start[pos] as usize..self.pos_start[pos + 1] as usize
    }

    fn members_of(&self, team: usize) -> &[u32] {
        &self.members[self.team_start[team] as usize..self.team_start[team + 1] as usize]
    }
}

/// The candidates of a position for the player to move (every empty legal point, then
/// passing) with their features (with the largest pattern of `large` if given).
pub fn candidates(b: &Board, large: Option<&PatternDict>) -> (Vec<Move>, Vec<Features>) {
    let mut moves = Vec::with_capacity(b.empties().len() + 1);
    let mut feats = Vec::with_capacity(b.empties().len() + 1);
    for p in b.points() {
        if b.at(p) == EMPTY && b.is_legal(Move::Play(p)) {
            moves.push(Move::Play(p));
            feats.push(features::features_with(b, p, large));
        }
    }
    moves.push(Move::Pass);
    feats.push(features::pass_features(b));
    (moves, feats)
}

/// Replays a game (handicap stones, then `moves`) and calls `f` with each position and the
/// move played there. Stops at the first illegal move and returns how many were replayed.
pub fn replay(
    size: usize,
    handicap: &[Point],
    moves: &[Move],
    mut f: impl FnMut(&Board, Move),
) -> usize {
    let mut b = Board::new(size);
    if !handicap.is_empty() {
        let mut stones = vec![EMPTY; size * size];
        for &h in handicap {
            let (r, c) = b.row_col(h);
            stones[r * size + c] = menace_go::rules::board::BLACK;
        }
        match Board::from_stones(size, &stones, menace_go::rules::board::Colour::White) {
            Ok(x) => b = x,
            Err(_) => return 0,
        }
    }
    for (i, &m) in moves.iter().enumerate() {
        if b.check(m).is_err() {
            return i;
        }
        f(&b, m);
        b.play_unchecked(m);
    }
    moves.len()
}

/// Adds every position of a game to `data`; returns the moves used.
pub fn add_game(data: &mut Dataset, size: usize, handicap: &[Point], moves: &[Move]) -> usize {
    let large = data.large.take();
    let n = replay(size, handicap, moves, |b, m| {
        let (ms, fs) = candidates(b, large.as_ref());
        let chosen = ms.iter().position(|&x| x == m).expect("a legal move is a candidate");
        data.add(&fs, chosen);
    });
    data.large = large;
    n
}

/// Counts the large patterns of every move played in a game (passes have none); returns
/// the moves replayed.
pub fn count_patterns(
    counts: &mut PatternCounts,
    size: usize,
    handicap: &[Point],
    moves: &[Move],
) -> usize {
    replay(size, handicap, moves, |b, m| {
        if let Move::Play(p) = m {
            large::count(counts, b, p);
        }
    })
}

/// Runs `iterations` rounds of MM (each updates every group once, in group order; groups
/// no candidate has are skipped) from all gammas 1, calling
/// `progress(round, log_likelihood_per_position)` after each. The model has those of the
/// dataset's large patterns that some candidate had as its largest match.
pub fn train(data: &Dataset, iterations: usize, mut progress: impl FnMut(usize, f64)) -> MoveModel {
    let nf = data.keys.len();
    let mut gamma = vec![1.0f64; nf];
    let mut wins = vec![0.0f64; nf];
    for (pos, &w) in data.winner.iter().enumerate() {
        debug_assert!(data.teams_of(pos).contains(&(w as usize)));
        for &id in data.members_of(w as usize) {
            wins[id as usize] += 1.0;
        }
    }
    let strength = |gamma: &[f64], team: usize| -> f64 {
        data.members_of(team).iter().map(|&id| gamma[id as usize]).product()
    };
    let present: Vec<Group> =
        ALL_GROUPS.into_iter().filter(|&g| data.keys.iter().any(|k| k.0 == g)).collect();
    for round in 0..iterations {
        for &g in &present {
            let mut denom = vec![0.0f64; nf];
            for pos in 0..data.positions() {
                let teams = data.teams_of(pos);
                let total: f64 = teams
                    .clone()
                    .map(|t| f64::from(data.team_count[t]) * strength(&gamma, t))
                    .sum();
                for t in teams {
                    let s = f64::from(data.team_count[t]) * strength(&gamma, t) / total;
                    for &id in data.members_of(t) {
                        if data.keys[id as usize].0 == g {
                            denom[id as usize] += s / gamma[id as usize];
                        }
                    }
                }
            }
            for id in 0..nf {
                if data.keys[id].0 == g {
                    gamma[id] = (wins[id] + 1.0) / (denom[id] + 2.0 / (gamma[id] + 1.0));
                }
            }
        }
        progress(round + 1, log_likelihood(data, &gamma));
    }
    let mut entries: Vec<(Group, u16, f32)> =
        data.keys.iter().zip(&gamma).map(|(&(g, l), &v)| (g, l, v as f32)).collect();
    let large = data.large.as_ref().and_then(|d| learned_patterns(d, &mut entries));
    MoveModel::with_large_patterns(&entries, large).expect("MM keeps gammas positive and finite")
}

/// The patterns of `dict` that some candidate had as its largest match, with the
/// [`Group::LargePattern`] levels of `entries` renumbered to index them. A pattern that
/// never was the largest match (a larger one around it always was) learned nothing, and
/// a gamma of 1 would hide the learned gamma of a smaller pattern in new games; without it
/// no training candidate's features change. None if no pattern was ever matched.
fn learned_patterns(dict: &PatternDict, entries: &mut [(Group, u16, f32)]) -> Option<PatternDict> {
    let mut used: Vec<u16> =
        entries.iter().filter(|e| e.0 == Group::LargePattern).map(|e| e.1).collect();
    if used.is_empty() {
        return None;
    }
    used.sort_unstable();
    for e in entries.iter_mut().filter(|e| e.0 == Group::LargePattern) {
        e.1 = used.binary_search(&e.1).unwrap_or_default() as u16;
    }
    Some(
        PatternDict::new(used.iter().map(|&l| dict.keys()[l as usize]).collect())
            .expect("a part of a dictionary is one"),
    )
}

fn log_likelihood(data: &Dataset, gamma: &[f64]) -> f64 {
    let strength = |team: usize| -> f64 {
        data.members_of(team).iter().map(|&id| gamma[id as usize]).product()
    };
    let mut ll = 0.0;
    for pos in 0..data.positions() {
        let total: f64 =
            data.teams_of(pos).map(|t| f64::from(data.team_count[t]) * strength(t)).sum();
        ll += (strength(data.winner[pos] as usize) / total).ln();
    }
    ll / data.positions().max(1) as f64
}

/// Move prediction on games: how often the model's strongest move (ties broken by point
/// order) is the move played, how often it is among the five and ten strongest, and the
/// log-likelihood of the moves played.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    /// Positions scored.
    pub positions: usize,
    /// Played move ranked first.
    pub top1: usize,
    /// Played move among the first five.
    pub top5: usize,
    /// Played move among the first ten.
    pub top10: usize,
    /// Sum over positions of the natural log of the probability the model gives the
    /// move played (its strength over the sum of all candidates').
    pub log_likelihood: f64,
}

impl std::fmt::Display for Accuracy {
    /// `N positions, top-1 X%, top-5 Y%, top-10 Z%, log-likelihood a move L`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.positions.max(1) as f64;
        let pct = |k: usize| 100.0 * k as f64 / n;
        write!(
            f,
            "{} positions, top-1 {:.1}%, top-5 {:.1}%, top-10 {:.1}%, log-likelihood a move {:.4}",
            self.positions,
            pct(self.top1),
            pct(self.top5),
            pct(self.top10),
            self.log_likelihood / n
        )
    }
}

impl Accuracy {
    /// Scores one position: the played move's rank among the model's candidates.
    pub fn add(&mut self, model: &MoveModel, b: &Board, played: Move) {
        self.add_ranked(&model.rank_all(b), played);
    }

    /// Scores one position from any model's candidates and their strengths (or
    /// probabilities): the played move's rank, ties broken by move order, and its share
    /// of the total.
    pub fn add_ranked(&mut self, ranked: &[(Move, f32)], played: Move) {
        let Some(&(_, s)) = ranked.iter().find(|(m, _)| *m == played) else { return };
        let rank = ranked.iter().filter(|&&(m, t)| t > s || (t == s && m < played)).count();
        let total: f64 = ranked.iter().map(|&(_, t)| f64::from(t)).sum();
        self.log_likelihood += (f64::from(s) / total).ln();
        self.positions += 1;
        self.top1 += usize::from(rank < 1);
        self.top5 += usize::from(rank < 5);
        self.top10 += usize::from(rank < 10);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_go::model::features::GROUPS;
    use menace_stats::rng::{below, from_seed};

    /// A fixed 9x9 opening seen three times: its large patterns (each played three times)
    /// make the dictionary, become one more feature group, and fit the games better than
    /// the same features without them.
    #[test]
    fn large_patterns_are_learned_as_one_more_group() {
        let b = Board::new(9);
        let moves: Vec<Move> =
            [(2, 2), (6, 6), (2, 6), (6, 2), (4, 4), (3, 5), (5, 3), (2, 4), (6, 4), (4, 2)]
                .iter()
                .map(|&(r, c)| Move::Play(b.point(r, c)))
                .collect();
        let mut counts = PatternCounts::new();
        for _ in 0..3 {
            assert_eq!(count_patterns(&mut counts, 9, &[], &moves), moves.len());
        }
        let dict = PatternDict::from_counts(&counts, 3).unwrap();
        assert!(dict.len() >= moves.len(), "{}", dict.len());
        let (mut small, mut large) = (Dataset::default(), Dataset::with_large_patterns(dict));
        for _ in 0..3 {
            add_game(&mut small, 9, &[], &moves);
            add_game(&mut large, 9, &[], &moves);
        }
        assert!(large.features() > small.features());
        let (mut ll_small, mut ll_large) = (0.0, 0.0);
        let m_small = train(&small, 8, |_, ll| ll_small = ll);
        let m_large = train(&large, 8, |_, ll| ll_large = ll);
        assert!(m_small.large_patterns().is_none());
        assert!(m_large.large_patterns().is_some());
        assert!(ll_large > ll_small + 0.1, "{ll_large} vs {ll_small}");
        // The model reads its own large patterns when it ranks moves.
        let (mut a_small, mut a_large) = (Accuracy::default(), Accuracy::default());
        replay(9, &[], &moves, |b, m| {
            a_small.add(&m_small, b, m);
            a_large.add(&m_large, b, m);
        });
        assert_eq!(a_large.positions, moves.len());
        assert!(a_large.log_likelihood > a_small.log_likelihood + 1.0, "{a_large:?} {a_small:?}");
    }

    /// Synthetic competitions drawn from known gammas: MM recovers them.
    #[test]
    fn mm_recovers_known_strengths() {
        let truth = [(1u16, 1.0f64), (2, 4.0), (3, 0.25)];
        let mut rng = from_seed(5);
        let mut data = Dataset::default();
        for _ in 0..6000 {
            // Ten candidates with random Line levels 1..=3; draw the winner by strength.
            let levels: Vec<u16> = (0..10).map(|_| 1 + below(&mut rng, 3) as u16).collect();
            let s: Vec<f64> = levels.iter().map(|&l| truth[l as usize - 1].1).collect();
            let total: f64 = s.iter().sum();
            let mut x = f64::from(below(&mut rng, 1 << 30)) / f64::from(1u32 << 30) * total;
            let mut chosen = s.len() - 1;
            for (i, v) in s.iter().enumerate() {
                if x < *v {
                    chosen = i;
                    break;
                }
                x -= v;
            }
            let feats: Vec<Features> = levels
                .iter()
                .map(|&l| {
                    let mut f = [features::ABSENT; GROUPS];
                    f[Group::Line as usize] = l;
                    Features(f)
                })
                .collect();
            data.add(&feats, chosen);
        }
        let mut lls = Vec::new();
        let m = train(&data, 30, |_, ll| lls.push(ll));
        assert!(lls.windows(2).all(|w| w[1] >= w[0] - 1e-9), "MM never lowers the likelihood");
        // Gammas are defined up to a common factor: compare ratios to level 1.
        let g1 = f64::from(m.gamma(Group::Line, 1));
        for (level, want) in truth {
            let got = f64::from(m.gamma(Group::Line, level)) / g1;
            assert!((got / want - 1.0).abs() < 0.1, "level {level}: {got} vs {want}");
        }
    }
}
