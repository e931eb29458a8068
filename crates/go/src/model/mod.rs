//! Move knowledge: 3x3 patterns, large patterns, the features of a move, the move models
//! learned from professional games (their gammas) and the minorization-maximization
//! learner behind them.

pub mod features;
pub mod large;
pub mod mm;
pub mod move_model;
pub mod pattern;
