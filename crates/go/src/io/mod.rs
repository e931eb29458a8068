//! The bot's faces to the outside: the king-of-the-hill format, the Go Text Protocol
//! engine with its live analysis, and SGF records.

pub mod analysis;
pub mod gtp;
pub mod koth;
pub mod sgf;
