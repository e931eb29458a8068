//! The arena: tournaments of independent units (games, seeds) and what is learnt from their
//! results. It runs no program itself (that is `menace-run`); a unit is whatever the caller
//! plays, so the training sweep uses it without pulling in process spawning.
//!
//! [`tournament`]: batches of independent units split into shards, recorded as JSON lines,
//! merged and summarised (standings, Elo, SPRT, Wilson intervals); [`tune`]: a small
//! sequential tuner (SPSA) of numeric parameters by pairs of games, logged as JSON lines and
//! resumable.

pub mod tournament;
pub mod tune;
