//! # menace-core
//!
//! The rules and the learners, with no protocol and no command line:
//!
//! - [`game`]: the small trait every game implements, so learners and opponents are
//!   written once; [`ttt`], [`nim`], [`hexapawn`]: the games.
//! - [`menace`]: Donald Michie's 1961 matchbox learning machine, exact (the 304 boxes by
//!   enumeration).
//! - [`play`]: the [`play::Player`] trait, one game between two players, the uniform
//!   random player and the one result counter ([`play::Tally`]).
//! - [`learn`]: the weighted learner, opponents, training, exact evaluation and curves.
//!   The experiments (Nim, Hexapawn, the textbook's, the training speed) are the lab's,
//!   `menace-core-lab`, as Go's are `menace-go-lab`'s.
//! - [`choice`]: the games and learners by name ([`choice::GameChoice::parse`]), on top
//!   of the games and learners.
//! - [`runs`]: `menace train`'s runs (the request checked as a whole, and the runs), on
//!   top of everything else. Recording a sweep as tournament units is the binary's: core
//!   does not know the tournament layer.
//! - [`solve`]: minimax values of every position. The seeded generator and the median
//!   live in the leaf crate `menace-stats`.
//!
//! Modules depend downwards only: games and [`play`] know nothing of learners,
//! [`menace`] uses [`play`], [`learn`] uses both, [`choice`] names them, and [`runs`]
//! uses them all.

pub mod choice;
pub mod game;
pub mod hexapawn;
pub mod learn;
pub mod menace;
pub mod nim;
pub mod play;
pub mod runs;
pub mod solve;
pub mod ttt;
