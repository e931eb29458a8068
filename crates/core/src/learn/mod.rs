//! Learners, opponents, and playing games between them, for any [`Game`].
//!
//! Everything that chooses moves is a [`Player`]: the matchbox learner, the weighted
//! learner, and the opponents they train against. [`play`] runs one game between two
//! players and tells each how it ended, which is when learners learn. Because players are
//! generic over the game, one training loop serves tic-tac-toe, Nim and Hexapawn.

pub mod curve;
pub mod eval;
mod exploiter;
pub mod learners;
mod opponents;
pub mod sweep;
pub mod train;
pub mod unbeatable;
mod weighted;

use crate::game::Game;
use crate::menace::Matchboxes;

pub use crate::play::{play, Player, Random, Tally};
pub use exploiter::Exploiter;
pub use learners::{greedy_moves, Frozen, Learner, LearnerKind, Learners};
pub use opponents::{reference_player, Mixed, Perfect};
pub use weighted::{Weighted, WeightedConfig};

/// A learner's move probabilities as they stand, for exact evaluation (no sampling).
pub trait Policy<G: Game> {
    /// Fills `out` (cleared first) with `(move, probability)` for the side to move in `p`,
    /// probabilities summing to 1. Empty means the learner would resign in `p`.
    fn policy(&self, game: &G, p: G::Pos, out: &mut Vec<(usize, f64)>);

    /// The greedy version: only the most probable moves, the probability split evenly
    /// among ties.
    fn greedy(&self, game: &G, p: G::Pos, out: &mut Vec<(usize, f64)>) {
        self.policy(game, p, out);
        let best = out.iter().map(|&(_, q)| q).fold(0.0, f64::max);
        // Exact ties only: probabilities computed from the same integer counts.
        out.retain(|&(_, q)| q == best);
        let share = 1.0 / out.len().max(1) as f64;
        for e in out.iter_mut() {
            e.1 = share;
        }
    }

    /// The total weight behind the choice in `p` (beads in a matchbox), if the learner
    /// has such a thing; learning curves plot it for the first position.
    fn weight(&self, _game: &G, _p: G::Pos) -> Option<f64> {
        None
    }

    /// The learner as matchboxes, if it is one: training then takes the machine's own
    /// loop against the random player and watches its boxes to re-check the greedy
    /// policy only when a box's most-beaded moves change.
    fn as_matchboxes(&self) -> Option<&Matchboxes<G>> {
        None
    }

    /// [`Policy::as_matchboxes`], for changing it.
    fn as_matchboxes_mut(&mut self) -> Option<&mut Matchboxes<G>> {
        None
    }
}

impl<G: Game> Policy<G> for Matchboxes<G> {
    /// Beads in proportion; an empty box is refilled with random legal beads, so it plays
    /// uniformly among legal moves (or resigns, if the rules say so); a forced move is
    /// certain.
    fn policy(&self, game: &G, p: G::Pos, out: &mut Vec<(usize, f64)>) {
        out.clear();
        let Some((b, sym)) = self.box_of(p) else {
            let mut moves = Vec::new();
            game.legal_moves(p, &mut moves);
            if moves.len() == 1 {
                out.push((moves[0], 1.0));
            }
            return;
        };
        let beads = self.beads(b);
        let total: u64 = beads.iter().map(|&n| u64::from(n)).sum();
        if total == 0 {
            if let crate::menace::EmptyBox::Refill(_) = self.rules().empty {
                let legal: Vec<usize> = self.legal(b).collect();
                let share = 1.0 / legal.len() as f64;
                out.extend(legal.into_iter().map(|m| (game.move_from_canonical(sym, m), share)));
            }
            return;
        }
        for (m, &n) in beads.iter().enumerate() {
            if n > 0 {
                out.push((game.move_from_canonical(sym, m), n as f64 / total as f64));
            }
        }
    }

    fn weight(&self, _game: &G, p: G::Pos) -> Option<f64> {
        let (b, _) = self.box_of(p)?;
        Some(self.beads(b).iter().map(|&n| f64::from(n)).sum())
    }

    fn as_matchboxes(&self) -> Option<&Matchboxes<G>> {
        Some(self)
    }

    fn as_matchboxes_mut(&mut self) -> Option<&mut Matchboxes<G>> {
        Some(self)
    }
}
