//! Learners, opponents, and playing games between them, for any [`Game`].
//!
//! Everything that chooses moves is a [`Player`]: the matchbox learner, the weighted
//! learner, and the opponents they train against. [`play`] runs one game between two
//! players and tells each how it ended, which is when learners learn. Because players are
//! generic over the game, one training loop serves tic-tac-toe, Nim and Hexapawn.

pub mod curve;
pub mod eval;
pub mod experiments;
mod exploiter;
mod opponents;
pub mod train;
mod weighted;

use crate::game::{Game, Outcome, Side};
use crate::menace::{Choice, GameResult, Matchboxes};
use crate::rng::GameRng;

pub use experiments::{greedy_moves, Frozen};
pub use exploiter::Exploiter;
pub use opponents::{Mixed, Perfect, Random};
pub use weighted::{Weighted, WeightedConfig};

/// Anything that picks moves in a game: a learner or an opponent.
pub trait Player<G: Game> {
    /// A move for the side to move in `p` (a position where the game is not over), or
    /// `None` to resign.
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize>;

    /// Told once when a game ends, with the result from this player's side. Learners
    /// learn here; the default does nothing.
    fn finish(&mut self, _result: GameResult) {}

    /// Why this player cannot go on (e.g. an external program that died); training stops.
    fn failed(&self) -> Option<String> {
        None
    }
}

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
}

impl<G: Game> Player<G> for Matchboxes<G> {
    #[inline]
    fn choose(&mut self, _game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        match Matchboxes::choose(self, p, rng)? {
            Choice::Forced(mv) | Choice::Drew { mv, .. } => Some(mv),
            Choice::Resign { .. } => None,
        }
    }

    #[inline]
    fn finish(&mut self, result: GameResult) {
        self.learn(result);
    }
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        (**self).choose(game, p, rng)
    }
    fn finish(&mut self, result: GameResult) {
        (**self).finish(result);
    }
    fn failed(&self) -> Option<String> {
        (**self).failed()
    }
}

/// Plays one game from the start, `first` moving first, and tells both players the
/// result. A resignation loses the game for the side that resigned.
#[inline]
pub fn play<G: Game, A: Player<G> + ?Sized, B: Player<G> + ?Sized>(
    game: &G,
    first: &mut A,
    second: &mut B,
    rng: &mut GameRng,
) -> Outcome {
    let mut p = game.start();
    let outcome = loop {
        if let Some(o) = game.outcome(p) {
            break o;
        }
        let side = game.to_move(p);
        let mv = match side {
            Side::First => first.choose(game, p, rng),
            Side::Second => second.choose(game, p, rng),
        };
        match mv {
            Some(mv) => p = game.play(p, mv),
            None => break Outcome::Win(side.other()),
        }
    };
    first.finish(GameResult::for_side(outcome, Side::First));
    second.finish(GameResult::for_side(outcome, Side::Second));
    outcome
}
