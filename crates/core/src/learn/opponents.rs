//! Opponents that do not learn: perfect, and perfect-with-mistakes (the uniform random
//! player is [`crate::play::Random`]).

use super::{Player, Random};
use crate::game::Game;
use crate::solve::Solver;
use crate::ttt::TicTacToe;
use menace_stats::rng::{below, chance, GameRng};

/// Plays perfectly (minimax), uniformly at random among the moves that keep the
/// position's value.
pub struct Perfect<G: Game> {
    solver: Solver<G>,
    best: Vec<usize>,
}

impl<G: Game> Perfect<G> {
    /// A perfect player for `game`.
    pub fn new(game: G) -> Perfect<G> {
        Perfect { solver: Solver::new(game), best: Vec::new() }
    }

    /// The solver behind it (shared knowledge of values).
    pub fn solver(&mut self) -> &mut Solver<G> {
        &mut self.solver
    }
}

impl<G: Game> Player<G> for Perfect<G> {
    fn choose(&mut self, _game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        self.solver.best_moves(p, &mut self.best);
        if self.best.is_empty() {
            return None;
        }
        Some(self.best[below(rng, self.best.len() as u32) as usize])
    }
}

/// Perfect, except that with probability `p` it plays a uniformly random legal move
/// instead (`mixed:P` on the command line).
pub struct Mixed<G: Game> {
    perfect: Perfect<G>,
    random: Random,
    p: f64,
}

impl<G: Game> Mixed<G> {
    /// Perfect play with a random move with probability `p` (0 to 1).
    pub fn new(game: G, p: f64) -> Mixed<G> {
        Mixed { perfect: Perfect::new(game), random: Random::default(), p: p.clamp(0.0, 1.0) }
    }
}

impl<G: Game> Player<G> for Mixed<G> {
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        if chance(rng, self.p) {
            self.random.choose(game, p, rng)
        } else {
            self.perfect.choose(game, p, rng)
        }
    }
}

/// The player `menace opponent NAME` plays on the protocol's opponent side: `random` or
/// `perfect` (tic-tac-toe), or why not.
pub fn reference_player(name: &str) -> Result<Box<dyn Player<TicTacToe>>, String> {
    match name {
        "random" => Ok(Box::new(Random::default())),
        "perfect" => Ok(Box::new(Perfect::new(TicTacToe))),
        other => Err(format!("unknown player {other:?}: random or perfect")),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reference_players_are_random_and_perfect() {
        use super::reference_player;
        assert!(reference_player("random").is_ok() && reference_player("perfect").is_ok());
        let err = reference_player("menace").err().expect("not a reference player");
        assert_eq!(err, "unknown player \"menace\": random or perfect");
    }

    use super::*;
    use crate::game::{Outcome, Side};
    use crate::learn::play;
    use crate::ttt::TicTacToe;
    use menace_stats::rng::from_seed;

    #[test]
    fn perfect_never_loses_and_beats_random_often() {
        let mut rng = from_seed(3);
        let mut perfect = Perfect::new(TicTacToe);
        let mut random = Random::default();
        let mut wins = 0;
        for _ in 0..300 {
            match play(&TicTacToe, &mut random, &mut perfect, &mut rng) {
                Outcome::Win(Side::First) => panic!("perfect lost"),
                Outcome::Win(Side::Second) => wins += 1,
                Outcome::Draw => {}
            }
        }
        assert!(wins > 150, "{wins}");
        let mut p2 = Perfect::new(TicTacToe);
        for _ in 0..50 {
            assert_eq!(play(&TicTacToe, &mut perfect, &mut p2, &mut rng), Outcome::Draw);
        }
    }

    #[test]
    fn mixed_zero_is_perfect_and_mixed_one_is_random() {
        let mut rng = from_seed(4);
        let mut m0 = Mixed::new(TicTacToe, 0.0);
        let mut perfect = Perfect::new(TicTacToe);
        for _ in 0..50 {
            assert_eq!(play(&TicTacToe, &mut m0, &mut perfect, &mut rng), Outcome::Draw);
        }
        let mut m1 = Mixed::new(TicTacToe, 1.0);
        let mut losses = 0;
        for _ in 0..200 {
            if play(&TicTacToe, &mut m1, &mut perfect, &mut rng) == Outcome::Win(Side::Second) {
                losses += 1;
            }
        }
        assert!(losses > 50, "{losses}");
    }
}
