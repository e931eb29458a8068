//! The rules of a two-player, perfect-information, turn-based game, as learners see them.
//!
//! Tic-tac-toe, Nim and Hexapawn implement [`Game`]; the matchbox learner, the weighted
//! learner, the random and the perfect opponents are written once against it. Moves are
//! small integers (`0..Game::move_count()`), so a learner can keep one table row per
//! position without knowing what a move means.

use std::fmt::Debug;
use std::hash::Hash;

use menace_stats::rng::{below, GameRng};

/// Who is to move: the player who moved first in the game, or the other one. Written
/// `first` and `second` wherever it is named (flags, state files, answers).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The player who makes the first move (X in tic-tac-toe).
    First,
    /// The player who moves second (O in tic-tac-toe).
    Second,
}

impl Side {
    /// The opponent.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Nobody won.
    Draw,
}

/// How a game ended, from one player's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// This player won.
    Win,
    /// Nobody won.
    Draw,
    /// This player lost (or resigned).
    Loss,
}

impl GameResult {
    /// The result for `side` of a finished game.
    pub fn for_side(outcome: Outcome, side: Side) -> GameResult {
        match outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Win(s) if s == side => GameResult::Win,
            Outcome::Win(_) => GameResult::Loss,
        }
    }
}

/// A symmetry of a game's board, as an index into the game's own table of transforms
/// (0 is always the identity).
pub type Sym = u8;

/// A dedicated loop a game offers for training MENACE against the uniform random player,
/// which plays exactly the games the generic loop plays, only faster (see
/// [`Matchboxes::train_against_random_each`](crate::menace::Matchboxes::train_against_random_each)).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FastPath {
    /// Tic-tac-toe with the learner as X: positions keyed by their base-3 code, nine
    /// moves, the random player's choice as [`crate::ttt::TicTacToe::random_move`] makes it.
    TicTacToe,
}

/// The rules of a game.
pub trait Game {
    /// A position: the whole state needed to continue the game, including who is to move.
    type Pos: Copy + Eq + Hash + Ord + Debug;

    /// A short name, as used on the command line (`ttt`, `nim`, `hexapawn`).
    fn name(&self) -> &'static str;
    /// The starting position.
    fn start(&self) -> Self::Pos;
    /// The side to move in `p`.
    fn to_move(&self, p: Self::Pos) -> Side;
    /// The size of the move-index space: every move is a number below it.
    fn move_count(&self) -> usize;
    /// Fills `out` (cleared first) with the legal moves in `p`, in increasing order.
    /// Empty when the game is over.
    fn legal_moves(&self, p: Self::Pos, out: &mut Vec<usize>);
    /// The position after playing the legal move `mv` in `p`.
    fn play(&self, p: Self::Pos, mv: usize) -> Self::Pos;
    /// `Some` once the game is over.
    fn outcome(&self, p: Self::Pos) -> Option<Outcome>;

    /// A dense index of positions: distinct positions have distinct keys, all below
    /// [`Game::key_space`]. Learners use it to find a position's table row without hashing.
    fn key(&self, p: Self::Pos) -> usize;
    /// One more than the largest key.
    fn key_space(&self) -> usize;

    /// A uniformly random legal move, `None` when there is none. Games may override this
    /// with something faster than listing the moves, but must keep the distribution.
    fn random_move(
        &self,
        p: Self::Pos,
        rng: &mut GameRng,
        scratch: &mut Vec<usize>,
    ) -> Option<usize> {
        self.legal_moves(p, scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[below(rng, scratch.len() as u32) as usize])
    }

    /// The canonical representative of `p`'s symmetry class and a symmetry `s` with
    /// `s(p) == canonical`. Games without symmetries keep the default (identity).
    fn canonical(&self, p: Self::Pos) -> (Self::Pos, Sym) {
        (p, 0)
    }
    /// Maps a move of the real position to the same move on the canonical drawing.
    fn move_to_canonical(&self, _s: Sym, mv: usize) -> usize {
        mv
    }
    /// Maps a move on the canonical drawing back to the real position.
    fn move_from_canonical(&self, _s: Sym, mv: usize) -> usize {
        mv
    }

    /// The dedicated training loop this game has, if any (none by default).
    fn fast_path(&self) -> Option<FastPath> {
        None
    }

    /// A move in the game's own notation (for tables, logs and the protocol).
    fn format_move(&self, p: Self::Pos, mv: usize) -> String;
    /// Parses the game's notation; `Err` says what is wrong (never panics).
    fn parse_move(&self, p: Self::Pos, text: &str) -> Result<usize, String>;
    /// The position drawn as lines of text, top first.
    fn render(&self, p: Self::Pos) -> Vec<String>;

    /// The drawing on a matchbox for `p`, as one string: its lines joined by `/` (the
    /// protocol's `matchboxes` answer and the saved state draw boxes so).
    fn drawing(&self, p: Self::Pos) -> String {
        self.render(p).join("/")
    }
}
