//! Move knowledge: 3x3 patterns, the features of a move, the move model learned from
//! professional games (its gammas) and the minorization-maximization learner behind it.

pub mod features;
pub mod mm;
pub mod move_model;
pub mod pattern;
