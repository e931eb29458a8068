//! The house players, the published entries and the classic strategies.

use super::{current_scores, take};
use crate::format::{Answer, View};
use crate::mt19937::PyRandom;
use crate::rules::{rounds_for, took, Id};
use menace_stats::rng::{chance, from_seed};

/// Never takes.
pub fn lazy(_: &View<'_>) -> Answer {
    Answer::default()
}

/// Takes from everyone every round.
pub fn greedy(v: &View<'_>) -> Answer {
    take(v.others())
}

/// The others who took from `v.id` in the previous round (none in round 1).
fn took_from_me_last(v: &View<'_>) -> Vec<Id> {
    match v.history.last() {
        Some(r) => v.others().filter(|&j| took(r, j, v.id)).collect(),
        None => Vec::new(),
    }
}

/// Round 1: everyone; then those who took from it in the previous round.
pub fn wrathful(v: &View<'_>) -> Answer {
    if v.history.is_empty() {
        take(v.others())
    } else {
        take(took_from_me_last(v))
    }
}

/// Round 1: nobody; then those who took from it in the previous round.
pub fn patient(v: &View<'_>) -> Answer {
    take(took_from_me_last(v))
}

/// Our guess for the unpublished `titfortat`: the same as `patient`.
pub fn titfortat(v: &View<'_>) -> Answer {
    patient(v)
}

/// Round 1: everyone; then the top `P/2` others by current score, highest first, ties
/// broken by the higher id.
pub fn envious(v: &View<'_>) -> Answer {
    if v.history.is_empty() {
        return take(v.others());
    }
    let s = current_scores(v);
    let mut others: Vec<Id> = v.others().collect();
    others.sort_by_key(|&j| (std::cmp::Reverse(s[(j - 1) as usize]), std::cmp::Reverse(j)));
    take(others.into_iter().take((v.players / 2) as usize))
}

/// Takes from every other player whose count is above the integer average of `counts`
/// (index id - 1), highest count first, ties by higher id.
fn above_average(v: &View<'_>, counts: &[i64]) -> Answer {
    let avg = counts.iter().sum::<i64>().div_euclid(i64::from(v.players));
    let mut over: Vec<Id> = v.others().filter(|&j| counts[(j - 1) as usize] > avg).collect();
    over.sort_by_key(|&j| (std::cmp::Reverse(counts[(j - 1) as usize]), std::cmp::Reverse(j)));
    take(over)
}

/// Takes from those who have been taken from more often than the average.
pub fn bully(v: &View<'_>) -> Answer {
    let mut victims = vec![0i64; v.players as usize];
    for t in v.history.iter().flatten() {
        victims[(t.victim - 1) as usize] += 1;
    }
    above_average(v, &victims)
}

/// Takes from those who have taken more often than the average.
pub fn judge(v: &View<'_>) -> Answer {
    let mut takers = vec![0i64; v.players as usize];
    for t in v.history.iter().flatten() {
        takers[(t.taker - 1) as usize] += 1;
    }
    above_average(v, &takers)
}

/// Seeds Python's generator with the round's seed and, for each other id in increasing
/// order, takes when `random() < 0.5`.
pub fn lunatic(v: &View<'_>) -> Answer {
    let mut r = PyRandom::seed(v.seed);
    take(v.others().filter(|_| r.random() < 0.5))
}

/// Our guess for `regular`: takes from one other player per round, in turn.
pub fn regular(v: &View<'_>) -> Answer {
    let others: Vec<Id> = v.others().collect();
    take([others[v.round() % others.len()]])
}

/// Our guess for `backstab`: `patient` until the last tenth of the game, then takes from
/// everyone.
pub fn backstab(v: &View<'_>) -> Answer {
    let total = rounds_for(v.players);
    if v.round() * 10 >= total * 9 {
        greedy(v)
    } else {
        patient(v)
    }
}

/// A generator for player `id` in this round, from the round's seed alone (so the same
/// input always gives the same answer, and two players do not draw the same numbers).
fn round_rng(v: &View<'_>) -> menace_stats::rng::GameRng {
    from_seed(v.seed ^ u64::from(v.id).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Our guess for `onepercent`: takes from each other player with probability 1/100.
pub fn onepercent(v: &View<'_>) -> Answer {
    let mut r = round_rng(v);
    take(v.others().filter(|_| chance(&mut r, 0.01)))
}

/// Takes from each other player with probability 1/2.
pub fn random(v: &View<'_>) -> Answer {
    let mut r = round_rng(v);
    take(v.others().filter(|_| chance(&mut r, 0.5)))
}

/// Our guess for `begrudger`: a grudger. Nice until someone takes from it, then takes from
/// that player every round for the rest of the game.
pub fn begrudger(v: &View<'_>) -> Answer {
    let mut grudge = vec![false; v.players as usize + 1];
    for t in v.history.iter().flatten() {
        if t.victim == v.id {
            grudge[t.taker as usize] = true;
        }
    }
    take(v.others().filter(|&j| grudge[j as usize]))
}

/// Tit-for-two-tats: takes from those who took from it in each of the last two rounds.
pub fn tf2t(v: &View<'_>) -> Answer {
    let n = v.round();
    if n < 2 {
        return Answer::default();
    }
    let (a, b) = (&v.history[n - 2], &v.history[n - 1]);
    take(v.others().filter(|&j| took(a, j, v.id) && took(b, j, v.id)))
}
