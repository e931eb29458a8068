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
use std::collections::HashMap;

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

/// How often [`Game`] keeps a whole board: every this many moves. Between two kept boards
/// a position is only its two hashes, so [`Game::undo`] replays at most this many moves.
pub const CHECKPOINT_MOVES: usize = 256;

/// The bytes a game holds at most for each move played, on top of its start and current
/// boards: the move and its two hashes (24, 48 with the vector's doubling), their entries
/// in the two repetition tables (17 each, at most 80 for both with the tables' slack), and
/// a share of the boards kept every [`CHECKPOINT_MOVES`] (`size_of::<Board>()` is about
/// 9 KB: 36 bytes a move). docs/go.md states this bound; `crates/go/tests/it/gtp.rs`
/// checks it on 1 MB of passes.
pub const BYTES_PER_MOVE: usize = 200;

/// One move of a game and the position it made, as hashes: what the repetition rules
/// compare, without the board (a 19x19 board is about 10 KB).
#[derive(Copy, Clone, Debug)]
struct Step {
    colour: Colour,
    mv: Move,
    /// [`Board::hash`] of the position after it.
    hash: u64,
    /// [`Board::position_key`] of the position after it.
    key: u64,
}

/// The positions of one game from its start to now: the start and the current board in
/// full, each position between as its hashes and the move that made it, and a whole board
/// every [`CHECKPOINT_MOVES`] for [`Game::undo`]. Its memory grows by at most
/// [`BYTES_PER_MOVE`] a move, where a board a position (before issue 75) took 2.4 GB for
/// 1 MB of passes.
#[derive(Clone, Debug)]
pub struct Game {
    /// `checkpoints[k]`: the position after `k * CHECKPOINT_MOVES` moves (the start first).
    checkpoints: Vec<Box<Board>>,
    current: Board,
    steps: Vec<Step>,
    /// How many of the game's positions (the start included) have each stone hash, and
    /// each position key: a repetition is one lookup, not a scan of the game.
    hashes: HashMap<u64, u32>,
    keys: HashMap<u64, u32>,
}

impl Game {
    /// A game starting from `start` (its stones are the start: [`Game::undo`] stops there).
    pub fn new(start: Board) -> Game {
        let mut g = Game {
            checkpoints: vec![Box::new(start.clone())],
            current: start,
            steps: Vec::new(),
            hashes: HashMap::new(),
            keys: HashMap::new(),
        };
        g.count(g.current.hash(), g.current.position_key(), true);
        g
    }

    fn count(&mut self, hash: u64, key: u64, add: bool) {
        for (table, k) in [(&mut self.hashes, hash), (&mut self.keys, key)] {
            if add {
                *table.entry(k).or_insert(0) += 1;
            } else if let std::collections::hash_map::Entry::Occupied(mut e) = table.entry(k) {
                *e.get_mut() -= 1;
                if *e.get() == 0 {
                    e.remove();
                }
            }
        }
    }

    /// How many of the game's positions share `b`'s key under `rule`.
    fn occurrences(&self, rule: Superko, b: &Board) -> u32 {
        let (table, k) = match rule {
            Superko::Positional => (&self.hashes, b.hash()),
            Superko::Situational => (&self.keys, b.position_key()),
        };
        table.get(&k).copied().unwrap_or(0)
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
        &self.current
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.checkpoints[0]
    }

    /// The [`Board::position_key`] of each position from the start to the current one.
    pub fn position_keys(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::once(self.start().position_key()).chain(self.steps.iter().map(|s| s.key))
    }

    /// How many moves (passes included) have been played since the start.
    pub fn moves_played(&self) -> usize {
        self.steps.len()
    }

    /// The moves played since the start, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.steps.iter().map(|s| s.mv)
    }

    /// The moves played since the start with the colour that played each (GTP's `play`
    /// may play out of turn), in order.
    pub fn coloured_moves(&self) -> impl Iterator<Item = (Colour, Move)> + '_ {
        self.steps.iter().map(|s| (s.colour, s.mv))
    }

    /// Plays `m` for the side to move; the game is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        let c = self.board().to_move();
        self.play_as(c, m)
    }

    /// Plays `m` for `colour`, in turn or not (GTP's `play`); unchanged on error.
    pub fn play_as(&mut self, colour: Colour, m: Move) -> Result<(), Illegal> {
        let mut next = self.current.clone();
        next.set_to_move(colour);
        next.play(m)?;
        let step = Step { colour, mv: m, hash: next.hash(), key: next.position_key() };
        self.count(step.hash, step.key, true);
        self.steps.push(step);
        self.current = next;
        if self.steps.len().is_multiple_of(CHECKPOINT_MOVES) {
            self.checkpoints.push(Box::new(self.current.clone()));
        }
        Ok(())
    }

    /// Takes back the last move; false at the start. The board before it is replayed
    /// from the last kept board, at most [`CHECKPOINT_MOVES`] moves.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.steps.pop() else { return false };
        self.count(last.hash, last.key, false);
        let n = self.steps.len();
        self.checkpoints.truncate(n / CHECKPOINT_MOVES + 1);
        let from = n / CHECKPOINT_MOVES * CHECKPOINT_MOVES;
        let mut b = (*self.checkpoints[from / CHECKPOINT_MOVES]).clone();
        for s in &self.steps[from..] {
            b.set_to_move(s.colour);
            b.play(s.mv).expect("a move the game played stays legal on replay");
        }
        self.current = b;
        true
    }

    /// Whether `after` (a position the next move would make) recreates one of the game's
    /// positions, the current one included, under `rule`.
    pub fn recreates(&self, rule: Superko, after: &Board) -> bool {
        self.occurrences(rule, after) > 0
    }

    /// Whether the current position occurred earlier in the game under `rule`.
    pub fn repeats(&self, rule: Superko) -> bool {
        self.occurrences(rule, &self.current) > 1
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
    fn undo_past_a_kept_board_gives_back_each_position() {
        // A long game of captures and passes: every undo gives the board the game had.
        let start = Board::new(5);
        let mut g = Game::new(start.clone());
        let mut boards = vec![start.clone()];
        let mut rng = 7u64;
        while g.moves_played() < 3 * CHECKPOINT_MOVES + 5 {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let b = g.board();
            let legal: Vec<Move> = b.points().map(Move::Play).filter(|&m| b.is_legal(m)).collect();
            let m = if legal.is_empty() || rng >> 60 == 0 {
                Move::Pass
            } else {
                legal[(rng >> 33) as usize % legal.len()]
            };
            g.play(m).unwrap();
            boards.push(g.board().clone());
        }
        while g.undo() {
            boards.pop();
            let want = boards.last().unwrap();
            assert_eq!(g.board().position_key(), want.position_key(), "{}", g.moves_played());
            assert_eq!(g.board().last_move(), want.last_move());
            assert_eq!(g.board().prisoners(Colour::Black), want.prisoners(Colour::Black));
            assert_eq!(g.repeats(Superko::Situational), {
                let k = want.position_key();
                boards[..boards.len() - 1].iter().any(|b| b.position_key() == k)
            });
        }
        assert_eq!(boards.len(), 1);
    }

    #[test]
    fn a_kept_board_is_a_small_share_of_a_move() {
        assert!(std::mem::size_of::<Board>() / CHECKPOINT_MOVES <= 40);
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
