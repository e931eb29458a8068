//! The class's limits: what keeps its log, its board and its undo history bounded (a
//! leaf: every other module may read them).

pub use menace_protocol::EARLIER;

/// Log entries kept before the log's base moves on.
pub const MAX_LOG: usize = 100_000;

/// New names one connection may give (a few, for typos); past them it plays under one
/// of its names.
pub const NAMES_PER_SESSION: usize = 3;

/// Names on the board from one client address at most: a class behind one shared address
/// (a school's NAT) fits easily, and one machine cannot fill the board
/// ([`MAX_PLAYERS`](menace_core::menace::class::MAX_PLAYERS)) alone.
pub const NAMES_PER_ADDRESS: usize = 200;
