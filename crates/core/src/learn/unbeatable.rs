//! "Is the greedy policy unbeatable now?", asked after every training game, answered by
//! exact evaluation only when the answer can have changed.
//!
//! The greedy policy in a matchbox follows from the set of its most-beaded moves (ties
//! split evenly; an empty box follows the empty-box rule, fixed for a run). The exact
//! evaluation against a best response ([`outcome_odds`] with [`Version::Greedy`] and
//! [`Model::BestResponse`]) looks only at the positions the greedy learner and an
//! opponent playing every legal move can reach: its answer is a function of the
//! most-beaded sets of the boxes met there. [`UnbeatableWatch`] remembers those boxes and
//! their sets at the last evaluation; a game that changes none of them leaves the answer
//! as it was, and only a change re-runs the evaluation. The answers are the per-game
//! check's, game for game (`tests/it/unbeatable.rs` holds it to that).

use super::eval::{outcome_odds, Model, Version};
use super::Policy;
use crate::game::{Game, Side};
use crate::menace::{Learned, Matchboxes};

/// The greedy-unbeatable answer for one matchbox learner, kept up to date incrementally.
#[derive(Clone, Debug, Default)]
pub struct UnbeatableWatch {
    /// Words of move bits per box.
    words: usize,
    /// The boxes the last evaluation met, by index.
    met: Vec<bool>,
    /// Their most-beaded sets then, `words` per box.
    sets: Vec<u64>,
    /// The boxes met, as a list, for checking them all.
    met_list: Vec<usize>,
    /// The answer of the last evaluation, `None` once something it depended on changed.
    answer: Option<bool>,
    scratch: Vec<u64>,
    evaluations: u64,
}

/// Writes the set of the most-beaded moves of a box's `row` into `out` (bit `m` of word
/// `m / 64` for move `m`); no bits for an empty box.
pub fn most_beaded(row: &[u32], out: &mut [u64]) {
    out.fill(0);
    let max = row.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return;
    }
    for (m, &n) in row.iter().enumerate() {
        if n == max {
            out[m / 64] |= 1 << (m % 64);
        }
    }
}

/// [`most_beaded`] for a box of at most 64 moves, as one word.
#[inline]
fn most_beaded_word(row: &[u32]) -> u64 {
    // Tic-tac-toe's rows, at a fixed length the compiler unrolls.
    if let Ok(row) = <&[u32; 9]>::try_from(row) {
        let max = row.iter().copied().fold(0, u32::max);
        let mut set = 0;
        for (m, &n) in row.iter().enumerate() {
            set |= u64::from(n == max) << m;
        }
        return if max == 0 { 0 } else { set };
    }
    let max = row.iter().copied().max().unwrap_or(0);
    let mut set = 0;
    for (m, &n) in row.iter().enumerate().take(64) {
        set |= u64::from(n == max) << m;
    }
    if max == 0 {
        0
    } else {
        set
    }
}

impl UnbeatableWatch {
    /// A watch with no answer yet (the first question evaluates).
    pub fn new() -> UnbeatableWatch {
        UnbeatableWatch::default()
    }

    /// Exact evaluations run so far (the figure the incremental check saves on).
    pub fn evaluations(&self) -> u64 {
        self.evaluations
    }

    /// The answer if nothing it depends on changed since it was computed.
    pub fn cached(&self) -> Option<bool> {
        self.answer
    }

    /// Box `b` may have new beads, now `row`.
    #[inline]
    pub fn touched(&mut self, b: usize, row: &[u32]) {
        if self.answer.is_none() || !self.met.get(b).copied().unwrap_or(false) {
            return;
        }
        let words = self.words;
        let changed = if words == 1 {
            most_beaded_word(row) != self.sets[b]
        } else {
            self.scratch.resize(words, 0);
            most_beaded(row, &mut self.scratch);
            self.scratch[..] != self.sets[b * words..(b + 1) * words]
        };
        if changed {
            self.answer = None;
        }
    }

    /// A game of the machine's own training loop ended.
    #[inline]
    pub fn learned(&mut self, game: &Learned<'_>) {
        if self.answer.is_none() {
            return;
        }
        match game.touched() {
            Some(boxes) => {
                for b in boxes {
                    self.touched(b, game.beads(b));
                }
            }
            None => self.answer = None,
        }
    }

    /// Any box of `machine` may have new beads (a game played outside its own loop).
    pub fn any_changed<G: Game>(&mut self, machine: &Matchboxes<G>) {
        for i in 0..self.met_list.len() {
            let b = self.met_list[i];
            self.touched(b, machine.beads(b));
            if self.answer.is_none() {
                return;
            }
        }
    }

    /// Whether `machine`'s greedy policy, playing `side`, cannot be made to lose: the
    /// cached answer, or a fresh exact evaluation if it may have changed.
    pub fn unbeatable<G: Game>(&mut self, game: &G, machine: &Matchboxes<G>, side: Side) -> bool {
        if let Some(answer) = self.answer {
            return answer;
        }
        self.evaluations += 1;
        let answer =
            outcome_odds(game, machine, side, Version::Greedy, Model::BestResponse).loss == 0.0;
        self.remember(game, machine, side);
        self.answer = Some(answer);
        answer
    }

    /// Records the boxes the evaluation meets and their most-beaded sets: every position
    /// the greedy learner reaches against an opponent playing each legal move in turn.
    fn remember<G: Game>(&mut self, game: &G, machine: &Matchboxes<G>, side: Side) {
        let words = game.move_count().div_ceil(64).max(1);
        self.words = words;
        self.met.clear();
        self.met.resize(machine.len(), false);
        self.sets.clear();
        self.sets.resize(machine.len() * words, 0);
        self.met_list.clear();
        let mut seen = vec![false; game.key_space()];
        let mut stack = vec![game.start()];
        let mut moves = Vec::new();
        let mut greedy = Vec::new();
        while let Some(p) = stack.pop() {
            let key = game.key(p);
            if std::mem::replace(&mut seen[key], true) || game.outcome(p).is_some() {
                continue;
            }
            if game.to_move(p) == side {
                if let Some((b, _)) = machine.box_of(p) {
                    if !std::mem::replace(&mut self.met[b], true) {
                        self.met_list.push(b);
                        most_beaded(machine.beads(b), &mut self.sets[b * words..(b + 1) * words]);
                    }
                }
                machine.greedy(game, p, &mut greedy);
                stack.extend(greedy.iter().map(|&(mv, _)| game.play(p, mv)));
            } else {
                game.legal_moves(p, &mut moves);
                stack.extend(moves.iter().map(|&mv| game.play(p, mv)));
            }
        }
    }
}
