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

use std::collections::HashMap;

use crate::model::features::{self, Features, Group, ALL_GROUPS};
use crate::model::move_model::MoveModel;
use crate::rules::board::{Board, Move, Point, EMPTY};

/// The competitions, with features as dense indices.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
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

    fn teams(&self, pos: usize) -> std::ops::Range<usize> {
        self.pos_start[pos] as usize..self.pos_start[pos + 1] as usize
    }

    fn members_of(&self, team: usize) -> &[u32] {
        &self.members[self.team_start[team] as usize..self.team_start[team + 1] as usize]
    }
}

/// The candidates of a position for the player to move (every empty legal point, then
/// passing) with their features.
pub fn candidates(b: &Board) -> (Vec<Move>, Vec<Features>) {
    let mut moves = Vec::with_capacity(b.empties().len() + 1);
    let mut feats = Vec::with_capacity(b.empties().len() + 1);
    for p in b.points() {
        if b.at(p) == EMPTY && b.is_legal(Move::Play(p)) {
            moves.push(Move::Play(p));
            feats.push(features::features(b, p));
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
            stones[r * size + c] = crate::rules::board::BLACK;
        }
        match Board::from_stones(size, &stones, crate::rules::board::Colour::White) {
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
    replay(size, handicap, moves, |b, m| {
        let (ms, fs) = candidates(b);
        let chosen = ms.iter().position(|&x| x == m).expect("a legal move is a candidate");
        data.add(&fs, chosen);
    })
}

/// Runs `iterations` rounds of MM (each updates every group once, in group order) from all
/// gammas 1, calling `progress(round, log_likelihood_per_position)` after each.
pub fn train(data: &Dataset, iterations: usize, mut progress: impl FnMut(usize, f64)) -> MoveModel {
    let nf = data.keys.len();
    let mut gamma = vec![1.0f64; nf];
    let mut wins = vec![0.0f64; nf];
    for (pos, &w) in data.winner.iter().enumerate() {
        debug_assert!(data.teams(pos).contains(&(w as usize)));
        for &id in data.members_of(w as usize) {
            wins[id as usize] += 1.0;
        }
    }
    let strength = |gamma: &[f64], team: usize| -> f64 {
        data.members_of(team).iter().map(|&id| gamma[id as usize]).product()
    };
    for round in 0..iterations {
        for g in ALL_GROUPS {
            let mut denom = vec![0.0f64; nf];
            for pos in 0..data.positions() {
                let teams = data.teams(pos);
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
    let entries: Vec<(Group, u16, f32)> =
        data.keys.iter().zip(&gamma).map(|(&(g, l), &v)| (g, l, v as f32)).collect();
    MoveModel::from_entries(&entries).expect("MM keeps gammas positive and finite")
}

fn log_likelihood(data: &Dataset, gamma: &[f64]) -> f64 {
    let strength = |team: usize| -> f64 {
        data.members_of(team).iter().map(|&id| gamma[id as usize]).product()
    };
    let mut ll = 0.0;
    for pos in 0..data.positions() {
        let total: f64 = data.teams(pos).map(|t| f64::from(data.team_count[t]) * strength(t)).sum();
        ll += (strength(data.winner[pos] as usize) / total).ln();
    }
    ll / data.positions().max(1) as f64
}

/// Move prediction on games: how often the model's strongest move (ties broken by point
/// order) is the move played, and how often it is among the five strongest.
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
}

impl Accuracy {
    /// Scores one position: the played move's rank among the model's candidates.
    pub fn add(&mut self, model: &MoveModel, b: &Board, played: Move) {
        let ranked = model.rank_all(b);
        let Some(&(_, s)) = ranked.iter().find(|(m, _)| *m == played) else { return };
        let rank = ranked.iter().filter(|&&(m, t)| t > s || (t == s && m < played)).count();
        self.positions += 1;
        self.top1 += usize::from(rank < 1);
        self.top5 += usize::from(rank < 5);
        self.top10 += usize::from(rank < 10);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::features::GROUPS;
    use menace_stats::rng::{below, from_seed};

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
