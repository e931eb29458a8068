//! Playing games: the [`Player`] trait every move-chooser implements, [`play`] for one game
//! between two players, the uniform [`Random`] player, and [`Tally`], the one counter of
//! results.
//!
//! This sits below both the matchbox learner ([`crate::menace`]) and training
//! ([`crate::learn`]), so either can play games without depending on the other.

use serde::Serialize;

use crate::game::{Game, GameResult, Outcome, Side};
use menace_stats::rng::GameRng;

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

/// Plays a uniformly random legal move.
#[derive(Default)]
pub struct Random {
    scratch: Vec<usize>,
}

impl<G: Game> Player<G> for Random {
    #[inline]
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        game.random_move(p, rng, &mut self.scratch)
    }
}

/// Games won, drawn and lost, from one player's side: the one result counter of the
/// workspace.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct Tally {
    /// Wins.
    pub win: u64,
    /// Draws.
    pub draw: u64,
    /// Losses.
    pub loss: u64,
}

impl Tally {
    /// Counts one result. A tally stops at 2^64 - 1 games in all: a count never wraps, and
    /// the games never add up past what a file may hold ([`Tally::games_checked`]).
    pub fn add(&mut self, r: GameResult) {
        if self.games_checked().is_none_or(|g| g == u64::MAX) {
            return;
        }
        let count = match r {
            GameResult::Win => &mut self.win,
            GameResult::Draw => &mut self.draw,
            GameResult::Loss => &mut self.loss,
        };
        *count += 1;
    }

    /// Counts a block of results, `other`, stopping as [`Tally::add`] does at 2^64 - 1
    /// games in all (wins first, then draws, then losses).
    pub fn add_tally(&mut self, other: Tally) {
        let room = |t: &Tally| u64::MAX - t.games_checked().unwrap_or(u64::MAX);
        let win = other.win.min(room(self));
        self.win += win;
        let draw = other.draw.min(room(self));
        self.draw += draw;
        let loss = other.loss.min(room(self));
        self.loss += loss;
    }

    /// Games counted (saturating).
    pub fn games(&self) -> u64 {
        self.win.saturating_add(self.draw).saturating_add(self.loss)
    }

    /// Games counted, or `None` when they add up past 2^64 - 1 (a file's tally that no
    /// machine could have counted).
    pub fn games_checked(&self) -> Option<u64> {
        self.win.checked_add(self.draw)?.checked_add(self.loss)
    }
}
