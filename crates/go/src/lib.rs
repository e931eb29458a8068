//! Go: rules, the king-of-the-hill bot, GTP and the match runner.
//!
//! - [`board`]: stones, groups, captures, ko, hashing (fast enough for playouts);
//! - [`score`]: Tromp-Taylor area scoring;
//! - [`koth`]: the king-of-the-hill input and output format;
//! - [`pattern`], [`playout`], [`mcts`]: the Monte-Carlo bot; [`ladder`]: ladder reading for its priors;
//!   [`dynamic_komi`]: the cushion it asks of itself when ahead;
//! - [`features`], [`move_model`], [`mm`]: move strengths learned from professional games;
//! - [`gtp`]: the Go Text Protocol engine; [`handicap`]: where handicap stones go;
//! - [`sgf`]: games recorded as SGF;
//! - [`referee`]: the one referee of matches and tournaments (KotH, GTP and builtin seats;
//!   rules presets `koth` and `gtp`).

pub mod board;
pub mod bot;
pub mod dynamic_komi;
pub mod features;
pub mod gtp;
pub mod handicap;
pub mod koth;
pub mod ladder;
pub mod mcts;
pub mod mm;
pub mod move_model;
pub mod pattern;
pub mod playout;
pub mod referee;
pub mod score;
pub mod sgf;
