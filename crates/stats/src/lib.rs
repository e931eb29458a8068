//! # menace-stats
//!
//! The two things every crate of the workspace shares and nothing else: [`rng`], the one
//! seeded generator (and the few ways we draw from it), and [`stats`], the one median. A
//! leaf crate, so the Go bot and the prisoner's-dilemma judge build without the plotting
//! and thread pools of `menace-core`.

pub mod rng;
pub mod stats;
