//! Go: rules, the king-of-the-hill bot, GTP and the match runner.
//!
//! - [`board`]: stones, groups, captures, ko, hashing (fast enough for playouts);
//! - [`score`]: Tromp-Taylor area scoring;
//! - [`koth`]: the king-of-the-hill input and output format;
//! - [`pattern`], [`playout`], [`mcts`]: the Monte-Carlo bot; [`ladder`]: ladder reading for its priors;
//!   [`dynamic_komi`]: the cushion it asks of itself when ahead;
//! - [`features`], [`move_model`], [`mm`]: move strengths learned from professional games;
//! - [`gtp`]: the Go Text Protocol engine; [`handicap`]: where handicap stones go;
//! - [`sgf`], [`matches`](mod@matches): games between GTP engines, recorded as SGF;
//! - [`tournament`]: the king-of-the-hill tournament's judge (KotH, GTP and builtin entrants).

pub mod io;
pub mod matches;
pub mod model;
pub mod rules;
pub mod search;
pub mod tournament;
