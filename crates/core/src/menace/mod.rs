//! MENACE: Donald Michie's matchbox learning machine, for any [`Game`](crate::game::Game).
//!
//! - [`beads`]: how many beads a box starts with, how a game's result changes them, and
//!   what happens when a box is empty; the named presets (`challenge`, `michie`, `scroggs`).
//! - [`curve`]: the learning curve of a machine's whole story, thinned as games pile up.
//! - [`Matchboxes`]: the boxes themselves, found by enumerating every position the
//!   learner can meet (304 for tic-tac-toe as X), with the table from a real position to
//!   its box and the symmetry that reaches the box's drawing.
//!
//! ```
//! use menace_core::game::Side;
//! use menace_core::menace::{BeadRules, Matchboxes};
//! use menace_core::ttt::TicTacToe;
//! let machine = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
//! assert_eq!(machine.len(), 304);
//! ```

pub mod beads;
pub mod class;
pub mod curve;
mod hot_loop;
mod matchboxes;
pub mod state;

pub use crate::game::GameResult;
pub use beads::{BeadColours, BeadRules, EmptyBox, Preset, PRESETS};
pub use hot_loop::Learned;
pub use matchboxes::{Choice, Matchboxes};
