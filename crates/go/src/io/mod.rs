//! The bot's faces to the outside: the king-of-the-hill format, the Go Text Protocol
//! engine with its live analysis, and SGF records. (The comparison of our end-of-game
//! verdicts with GNU Go's is the lab's: `menace_go_lab::status_vs_gnugo`.)

// GTP's words for colours and points, below both the engine and its live analysis.
pub mod vertex;

pub mod analysis;
pub mod analysis_engine;
pub mod gtp;
pub mod koth;
pub mod sgf;
