//! # menace
//!
//! Game-playing programs that learn and compete over line protocols.
//!
//! - [`ttt`], [`menace`], [`protocol`]: Donald Michie's 1961 matchbox learning machine for
//!   noughts and crosses, exact (the 304 boxes by enumeration), and driven by a JSON-line
//!   protocol.
//! - [`game`]: the small trait every game implements, so learners and opponents are
//!   written once.
//! - [`arena`]: running other programs safely (deadlines, capped output, no shell).
//! - [`go`]: Go rules, a Monte-Carlo bot for the king-of-the-hill format, GTP.
//! - [`pd`]: the multiplayer prisoner's-dilemma judge and its players.
//!
//! Layers point one way: rules know nothing of learners, learners nothing of protocols,
//! protocols nothing of the command line.

pub mod arena;
pub mod atomic;
pub mod game;
pub mod go;
pub mod hexapawn;
pub mod learn;
pub mod menace;
pub mod nim;
pub mod pd;
pub mod protocol;
pub mod rng;
pub mod solve;
pub mod ttt;
