//! Tic-tac-toe (noughts and crosses): cells, boards and the 8 symmetries of the square.
//!
//! ```
//! use menace_core::ttt::{Board, Cell, Mark};
//! let b = Board::EMPTY.with(Cell::parse_rc("MM").unwrap(), Mark::X);
//! assert_eq!(b.rows(), ["...", ".X.", "..."]);
//! assert_eq!(b.to_move(), Mark::O);
//! ```

mod board;
mod cell;
mod game;
mod symmetry;

pub(crate) use board::WINS;
pub use board::{Board, Mark, LINES};
pub use cell::{Cell, CellError};
pub use game::TicTacToe;
pub(crate) use game::SELECT;
pub use symmetry::{Transform, TRANSFORMS};
