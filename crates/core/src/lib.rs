//! # menace-core
//!
//! The rules and the learners, with no protocol and no command line:
//!
//! - [`game`]: the small trait every game implements, so learners and opponents are
//!   written once; [`ttt`], [`nim`], [`hexapawn`]: the games.
//! - [`menace`]: Donald Michie's 1961 matchbox learning machine, exact (the 304 boxes by
//!   enumeration).
//! - [`learn`]: the weighted learner, opponents, training, exact evaluation, curves.
//! - [`solve`]: minimax values of every position; [`rng`]: the one seeded generator.

pub mod game;
pub mod hexapawn;
pub mod learn;
pub mod menace;
pub mod nim;
pub mod rng;
pub mod solve;
pub mod ttt;
