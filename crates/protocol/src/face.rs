//! How each game shows itself in the protocol: moves and beads in its own notation, its
//! boards as rows of text, and what only tic-tac-toe has (the trainer's hot loop). The
//! drawing on a matchbox and the saved state are the core's, for every game. One session serves every game through
//! this trait; the games themselves know nothing of the protocol.

use menace_core::game::{Game, Side, Sym};
use menace_core::hexapawn::Hexapawn;
use menace_core::menace::state::Saved;
use menace_core::menace::{GameResult, Matchboxes};
use menace_core::nim::Nim;
use menace_core::ttt::{Board, Cell, TicTacToe, TRANSFORMS};
use menace_stats::rng::GameRng;

use crate::answer::Rows;
use crate::text::{quote, trailing};

/// A game as the protocol shows it.
pub trait Face: Saved + Game<Pos: Send> + Clone + Send {
    /// Reads the player's move `text` in position `p`, or says what is wrong with it.
    fn read_move(&self, p: Self::Pos, text: &str) -> Result<usize, String> {
        self.parse_move(p, text).map_err(|e| format!("move {}: {e}", quote(text)))
    }

    /// Whether a line that is not a command is meant as a bare move (`MR`, `2:3`), given
    /// the position of the game in progress, if any.
    fn is_bare_move(&self, p: Option<Self::Pos>, line: &str) -> bool {
        match p {
            // Text with a digit in it is meant as a move: say what is wrong with it.
            Some(p) => {
                line.contains(|c: char| c.is_ascii_digit()) || self.parse_move(p, line).is_ok()
            }
            None => false,
        }
    }

    /// The board drawn as rows of text, top first.
    fn rows(&self, p: Self::Pos) -> Rows {
        self.render(p)
    }

    /// A bead: move `bead` on the drawing `drawing`, in the game's notation.
    fn bead(&self, drawing: Self::Pos, bead: usize) -> String {
        self.format_move(drawing, bead)
    }

    /// The name of symmetry `s` of the game (the one that turns a real position into its
    /// box's drawing), for the `explain` answer; games without symmetries have only the
    /// identity.
    fn symmetry(&self, _s: Sym) -> &'static str {
        "identity"
    }

    /// Plays `games` training games of `machine` against the uniform random opponent on
    /// a faster loop than the generic one, if the game has one (the same games, draw for
    /// draw); `false` if not, and nothing was played.
    fn train_against_random(
        _machine: &mut Matchboxes<Self>,
        _games: u64,
        _rng: &mut GameRng,
        _each: &mut dyn FnMut(GameResult),
    ) -> bool {
        false
    }
}

impl Face for TicTacToe {
    fn read_move(&self, board: Board, text: &str) -> Result<usize, String> {
        let mut words = text.split_whitespace();
        let w = words.next().unwrap_or("");
        let cell = Cell::parse_rc(w).map_err(|e| format!("move: {}: {e}", quote(w)))?;
        trailing(&words.collect::<Vec<_>>().join(" "), &format!("`move {}`", cell.rc()))?;
        if let Some(mark) = board.get(cell) {
            let free: Vec<String> = board.empty_cells().map(Cell::rc).collect();
            return Err(format!(
                "{} is taken by {}: free cells are {}",
                cell.rc(),
                mark.symbol(),
                free.join(" ")
            ));
        }
        Ok(cell.index())
    }

    fn is_bare_move(&self, _p: Option<Board>, line: &str) -> bool {
        Cell::parse_rc(line).is_ok()
    }

    fn rows(&self, p: Board) -> Rows {
        p.rows().to_vec()
    }

    fn bead(&self, _drawing: Board, bead: usize) -> String {
        Cell::ALL[bead].rc()
    }

    fn symmetry(&self, s: Sym) -> &'static str {
        TRANSFORMS[usize::from(s)].name()
    }

    fn train_against_random(
        machine: &mut Matchboxes<TicTacToe>,
        games: u64,
        rng: &mut GameRng,
        each: &mut dyn FnMut(GameResult),
    ) -> bool {
        if machine.side() != Side::First {
            return false;
        }
        machine.train_against_random_each(games, rng, |g| {
            each(g.result());
            std::ops::ControlFlow::Continue(())
        });
        true
    }
}

impl Face for Nim {}

impl Face for Hexapawn {
    fn symmetry(&self, s: Sym) -> &'static str {
        // Hexapawn's one symmetry other than the identity (its `canonical`).
        if s == 0 {
            "identity"
        } else {
            "mirror left-right"
        }
    }
}
