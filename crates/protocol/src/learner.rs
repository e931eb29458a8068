//! The learner a session trains: matchboxes or a weighted table, behind one type.

use menace_core::game::Game;
use menace_core::learn::{Player, Policy, Weighted};
use menace_core::menace::{GameResult, Matchboxes};
use menace_core::rng::GameRng;

/// One learner of either kind.
#[derive(Clone)]
pub(crate) enum Learner<G: Game> {
    /// Michie's matchboxes.
    Menace(Matchboxes<G>),
    /// The weighted table.
    Weighted(Weighted<G>),
}

impl<G: Game> Learner<G> {
    /// The matchboxes, if the learner has them.
    pub fn boxes(&self) -> Option<&Matchboxes<G>> {
        match self {
            Learner::Menace(m) => Some(m),
            Learner::Weighted(_) => None,
        }
    }

    /// Forgets the unfinished game: drawn beads go back unchanged, the weighted learner
    /// drops its record of the game's moves.
    pub fn abandon(&mut self) {
        match self {
            Learner::Menace(m) => m.put_back(),
            Learner::Weighted(w) => w.abandon(),
        }
    }
}

impl<G: Game> Player<G> for Learner<G> {
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        match self {
            Learner::Menace(m) => Player::choose(m, game, p, rng),
            Learner::Weighted(w) => w.choose(game, p, rng),
        }
    }

    fn finish(&mut self, result: GameResult) {
        match self {
            Learner::Menace(m) => m.learn(result),
            Learner::Weighted(w) => w.finish(result),
        }
    }
}

impl<G: Game> Policy<G> for Learner<G> {
    fn policy(&self, game: &G, p: G::Pos, out: &mut Vec<(usize, f64)>) {
        match self {
            Learner::Menace(m) => m.policy(game, p, out),
            Learner::Weighted(w) => w.policy(game, p, out),
        }
    }

    fn weight(&self, game: &G, p: G::Pos) -> Option<f64> {
        match self {
            Learner::Menace(m) => m.weight(game, p),
            Learner::Weighted(w) => w.weight(game, p),
        }
    }
}
