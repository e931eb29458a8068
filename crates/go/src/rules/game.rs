//! A game's history: every position from the start (the empty board, black's handicap
//! stones, or a position set up from an SGF file) to now. The one record of a game that the
//! GTP engine (`undo`, superko, `loadsgf`), the referee (a repeated position ends the game)
//! and SGF records (`menace go position --move N`) keep, so they give one answer to the
//! same question.
//!
//! Which repetitions count is a [`Superko`] rule, named here once: *positional* superko
//! (Tromp-Taylor's, CGOS's, KGS's and OGS's under Chinese rules) forbids recreating any
//! earlier whole-board position, whoever is to move; *situational* superko (the AGA's, New
//! Zealand's) only one with the same side to move. An immediate ko retake is a repetition
//! under both.
//!
//! The answer to "the position before move N" when N is past the end: the position after
//! the last move, as GNU Go's `loadsgf FILE N` answers (the GTP specification replays "up
//! to the position before move_number"; a controller asking for a later move gets the
//! whole record, not an error). See [`Game::replay`].

use crate::rules::board::{Board, Colour, Illegal, Move};

/// Which earlier whole-board positions a move may not recreate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Superko {
    /// No earlier position, whoever was to move then (Tromp-Taylor's rule).
    Positional,
    /// No earlier position with the same side to move (the AGA's rule).
    Situational,
}

impl Superko {
    /// Its name: `positional superko` or `situational superko`.
    pub fn name(self) -> &'static str {
        match self {
            Superko::Positional => "positional superko",
            Superko::Situational => "situational superko",
        }
    }

    /// What two positions must share to be the same under this rule: the stones
    /// ([`Board::hash`]), or the stones and the side to move ([`Board::position_key`]).
    pub fn key(self, b: &Board) -> u64 {
        match self {
            Superko::Positional => b.hash(),
            Superko::Situational => b.position_key(),
        }
    }
}

/// The positions of one game, the current one last.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Board>,
}

impl Game {
    /// A game starting from `start` (its stones are the start: [`Game::undo`] stops there).
    pub fn new(start: Board) -> Game {
        Game { positions: vec![start] }
    }

    /// `start` and then the first `upto` of `moves`, each in turn of the side to move:
    /// with `upto` past the end, every move (the position after the last one, GTP's
    /// `loadsgf` answer). An illegal move is refused with its index (0-based).
    pub fn replay(start: Board, moves: &[Move], upto: usize) -> Result<Game, (usize, Illegal)> {
        let mut game = Game::new(start);
        for (i, &m) in moves.iter().take(upto).enumerate() {
            game.play(m).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.positions.last().expect("a game has its start position")
    }

    /// The positions from the start to the current one.
    pub fn positions(&self) -> &[Board] {
        &self.positions
    }

    /// How many moves (passes included) have been played since the start.
    pub fn moves_played(&self) -> usize {
        self.positions.len() - 1
    }

    /// The moves played since the start, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.positions[1..].iter().map(Board::last_move)
    }

    /// Plays `m` for the side to move; the game is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        let c = self.board().to_move();
        self.play_as(c, m)
    }

    /// Plays `m` for `colour`, in turn or not (GTP's `play`); unchanged on error.
    pub fn play_as(&mut self, colour: Colour, m: Move) -> Result<(), Illegal> {
        let mut next = self.board().clone();
        next.set_to_move(colour);
        next.play(m)?;
        self.positions.push(next);
        Ok(())
    }

    /// Takes back the last move; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.positions.len() == 1 {
            return false;
        }
        self.positions.pop();
        true
    }

    /// Whether `after` (a position the next move would make) recreates one of the game's
    /// positions, the current one included, under `rule`.
    pub fn recreates(&self, rule: Superko, after: &Board) -> bool {
        let key = rule.key(after);
        self.positions.iter().any(|b| rule.key(b) == key)
    }

    /// Whether the current position occurred earlier in the game under `rule`.
    pub fn repeats(&self, rule: Superko) -> bool {
        let (now, before) = self.positions.split_last().expect("a game has its start position");
        let key = rule.key(now);
        before.iter().any(|b| rule.key(b) == key)
    }

    /// The first of `moves` (0-based), played in turn from `start`, that is illegal or,
    /// not being a pass, recreates an earlier position under `rule`, and why; `None` when
    /// the whole record is a legal game under that rule. How a record is checked against
    /// the rule it was played under.
    pub fn first_violation(start: Board, moves: &[Move], rule: Superko) -> Option<(usize, String)> {
        let mut game = Game::new(start);
        for (i, &m) in moves.iter().enumerate() {
            if let Err(e) = game.play(m) {
                return Some((i, e.to_string()));
            }
            if !m.is_pass() && game.repeats(rule) {
                return Some((i, format!("the position repeats ({})", rule.name())));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_steps_back_to_the_start_and_no_further() {
        let start = Board::new(5);
        let p = start.point(2, 2);
        let mut g = Game::new(start.clone());
        g.play(Move::Play(p)).unwrap();
        assert_eq!(g.moves_played(), 1);
        assert_eq!(g.moves().collect::<Vec<_>>(), [Move::Play(p)]);
        assert!(g.recreates(Superko::Situational, &g.board().clone()));
        // An illegal move changes nothing.
        assert_eq!(g.play(Move::Play(p)), Err(Illegal::Occupied));
        assert_eq!(g.moves_played(), 1);
        assert!(g.undo());
        assert_eq!(g.board().position_key(), start.position_key());
        assert!(!g.undo());
    }

    #[test]
    fn replay_past_the_end_gives_the_last_position() {
        let start = Board::new(5);
        let moves = [Move::Play(start.point(1, 1)), Move::Play(start.point(3, 3)), Move::Pass];
        let all = Game::replay(start.clone(), &moves, usize::MAX).unwrap();
        let past = Game::replay(start.clone(), &moves, 10).unwrap();
        assert_eq!(past.board().position_key(), all.board().position_key());
        assert_eq!(past.moves_played(), 3);
        let two = Game::replay(start.clone(), &moves, 2).unwrap();
        assert_eq!(two.moves().collect::<Vec<_>>(), moves[..2]);
        assert_eq!(Game::replay(start, &[Move::Pass, moves[0], moves[0]], 3).unwrap_err().0, 2);
    }

    #[test]
    fn a_position_that_comes_back_repeats() {
        // Passes by both sides bring back the stones with the same side to move.
        let start = Board::new(5);
        let mut g = Game::new(start.clone());
        g.play(Move::Pass).unwrap();
        assert!(!g.repeats(Superko::Situational));
        // The stones alone are the same after a pass.
        assert!(g.repeats(Superko::Positional));
        g.play(Move::Pass).unwrap();
        assert!(g.repeats(Superko::Situational));
        // A colour out of turn (GTP's play) is another position with the side to move.
        let mut h = Game::new(start.clone());
        h.play_as(Colour::White, Move::Play(start.point(0, 0))).unwrap();
        assert_eq!(h.board().to_move(), Colour::Black);
        assert!(!h.repeats(Superko::Situational));
    }
}
