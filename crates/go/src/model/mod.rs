//! Move knowledge: 3x3 patterns, large patterns, the features of a move, the move models
//! learned from professional games (their gammas). The minorization-maximization learner
//! behind them is the lab's (`menace_go_lab::mm`).

pub mod features;
pub mod large;
pub mod move_model;
pub mod net;
pub mod pattern;
