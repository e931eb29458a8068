//! A match in progress, for a `games` match or a `watch`: its length, the game being played, the
//! score, the position, and the answers that move it along.

use crate::answer::{Answer, Score, Winner};

/// A match of `games` games; while it exists a game is being played.
#[derive(Clone, Debug)]
pub struct Series<P> {
    /// The match length.
    pub games: u32,
    /// The game being played, from 1.
    pub game: u32,
    /// The score so far.
    pub score: Score,
    /// The position of the game being played.
    pub pos: P,
}

impl<P> Series<P> {
    /// A match about to play its first game from `start`.
    pub fn new(games: u32, start: P) -> Series<P> {
        Series { games, game: 1, score: Score::default(), pos: start }
    }

    /// Starts the current game from `start`: the `new_game` answer.
    pub fn new_game(&mut self, start: P) -> Answer {
        self.pos = start;
        Answer::NewGame { game: self.game, games: self.games }
    }

    /// Counts the current game for `winner`: the `result` answer.
    pub fn record(&mut self, winner: Winner, reason: Option<&'static str>) -> Answer {
        self.score.add(winner);
        let (empty_box, resigned) = (None, None);
        Answer::Result { game: self.game, winner, reason, score: self.score, empty_box, resigned }
    }

    /// After a result: `None` if another game follows (now the current one), or the
    /// `match_over` answer if that was the last.
    pub fn advance(&mut self) -> Option<Answer> {
        if self.game < self.games {
            self.game += 1;
            return None;
        }
        Some(Answer::MatchOver {
            played: self.game,
            games: self.games,
            aborted: false,
            score: self.score,
        })
    }

    /// The `match_over` answer for a match ended by `abort` during its current game.
    pub fn aborted(&self) -> Answer {
        Answer::MatchOver {
            played: self.game - 1,
            games: self.games,
            aborted: true,
            score: self.score,
        }
    }

    /// The `match_over` answer for a match ended by `stop` after its current game.
    pub fn stopped(&self) -> Answer {
        Answer::MatchOver { played: self.game, games: self.games, aborted: true, score: self.score }
    }

    /// Why `what` is refused while this match runs.
    pub fn busy(&self, what: &str) -> String {
        format!("a match is in progress (game {} of {}): {what}", self.game, self.games)
    }
}

/// `Err` saying why `what` must wait while `series` (a match) is in progress: the one
/// rule of every engine, private or in a class.
pub(crate) fn idle<P>(series: &Option<Series<P>>, what: &str) -> Result<(), String> {
    match series {
        Some(s) => Err(s.busy(&format!("finish or `abort` it before {what}"))),
        None => Ok(()),
    }
}

/// What a command that needs a game in progress answers without one.
pub(crate) fn no_game() -> String {
    "no game in progress: start a match with `games N`".into()
}
