//! One referee for every Go game: `menace go tournament`, `menace go match` and the A/B
//! runs.
//!
//! - [`rules`]: the rules as a value ([`Rules`]: repetition, move cap, komi, size,
//!   handicap, clock) and its two presets, [`Rules::koth`] and [`Rules::gtp`], documented
//!   there and only there;
//! - [`seat`]: the [`Seat`] trait and its three kinds (a GTP engine, a king-of-the-hill
//!   program, our bot in-process);
//! - [`game`]: the one game loop ([`play`]) and its one [`Ending`];
//! - [`tournament`]: games as units of the tournament layer (entrants, pairings, results
//!   lines, standings); a match is a two-entrant run of it.
//!
//! The SPSA tuner's driver, which plays its games through this referee, is the lab's
//! (`menace_go_lab::tune`).

pub mod game;
pub mod rules;
pub mod seat;
pub mod tournament;

pub use game::{play, Ending, Game, Winner};
pub use rules::{AtCap, Invalid, Repetition, Rules};
pub use seat::{gtp_command, Answer, BuiltinSeat, GtpSeat, KothSeat, Seat};
