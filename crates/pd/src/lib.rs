//! The multiplayer iterated prisoner's dilemma: rules, judge, players, reports.
//!
//! - [`rules`]: takes, payoffs, scores.
//! - [`format`](mod@format): the exact input bytes a program reads; reading its answer.
//! - [`strategies`]: the built-in players, one table of names.
//! - [`mt19937`]: Python's Mersenne Twister, for the published `lunatic`.
//! - [`judge`]: plays a game, built-in and external players mixed.
//! - [`seeds`]: the seed file (reading, validating, generating) and atomic writes.
//! - [`report`]: standings, CSV, JSON, the take log, multi-game summaries (the SVG plot
//!   is `menace-plot`'s).
//! - [`tournament`]: `--games` as units of the tournament layer: seeded per game, one
//!   results line each, summaries from the lines.

pub mod format;
pub mod judge;
pub mod mt19937;
pub mod report;
pub mod rules;
pub mod seeds;
pub mod strategies;
pub mod tournament;
