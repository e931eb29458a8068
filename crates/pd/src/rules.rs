//! The rules: who took from whom, and what it scores.
//!
//! A take gives the taker +1 and its victim -2; not taking changes nothing. A game of `P`
//! players lasts `P * 25` rounds and everyone starts at 0.

/// A player id, `1..=P` as the programs see it.
pub type Id = u32;

/// The largest number of players we accept. The original had 13; the limit only keeps
/// a bad input line (`4000000000 1 0`) from making us allocate per-player tables.
pub const MAX_PLAYERS: u32 = 1000;

/// Points for the taker of one take.
pub const TAKER_GAIN: i64 = 1;
/// Points for the victim of one take.
pub const VICTIM_LOSS: i64 = -2;

/// One take: `taker` took 1 from `victim`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Take {
    /// Who took.
    pub taker: Id,
    /// Who was taken from.
    pub victim: Id,
}

/// The takes of one round, takers in increasing id order and each taker's victims in the
/// order it named them (the order the original judge wrote them).
pub type Round = Vec<Take>;

/// Number of rounds of a game of `players` players.
pub fn rounds_for(players: u32) -> usize {
    players as usize * 25
}

/// Adds one round's points to `scores` (indexed by id - 1).
pub fn score_round(scores: &mut [i64], round: &[Take]) {
    for t in round {
        scores[(t.taker - 1) as usize] += TAKER_GAIN;
        scores[(t.victim - 1) as usize] += VICTIM_LOSS;
    }
}

/// Scores (indexed by id - 1) after all of `history`.
pub fn scores(players: u32, history: &[Round]) -> Vec<i64> {
    let mut s = vec![0; players as usize];
    for r in history {
        score_round(&mut s, r);
    }
    s
}

/// A `P x P` table of who took from whom in one round: `m[taker-1][victim-1]`.
pub fn take_matrix(players: u32, round: &[Take]) -> Vec<Vec<bool>> {
    let p = players as usize;
    let mut m = vec![vec![false; p]; p];
    for t in round {
        m[(t.taker - 1) as usize][(t.victim - 1) as usize] = true;
    }
    m
}

/// Did `taker` take from `victim` in `round`?
pub fn took(round: &[Take], taker: Id, victim: Id) -> bool {
    round.iter().any(|t| t.taker == taker && t.victim == victim)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payoffs_match_the_pairwise_table() {
        // both take -1/-1; only row takes +1/-2; neither 0/0.
        let both = vec![Take { taker: 1, victim: 2 }, Take { taker: 2, victim: 1 }];
        assert_eq!(scores(2, &[both]), [-1, -1]);
        assert_eq!(scores(2, &[vec![Take { taker: 1, victim: 2 }]]), [1, -2]);
        assert_eq!(scores(2, &[vec![]]), [0, 0]);
        assert_eq!(rounds_for(4), 100);
    }
}
