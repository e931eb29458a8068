//! MENACE's lab: what measures the learners (`menace-core`) rather than playing. It
//! depends on the domain crate, never the other way round, as Go's lab (`menace-go-lab`)
//! does on the engine; the `menace` binary links it only for the commands that run it
//! (`menace experiment`, `menace bench`: the `lab` feature).
//!
//! - [`experiment`]: `menace experiment NAME`, one call from its settings to the lines of
//!   its table, over the three below.
//! - [`nim_xor`]: Nim: games until the first player's greedy moves follow the XOR rule.
//! - [`hexapawn`]: Hexapawn on the winning side: games until it stops losing.
//! - [`textbook`]: the book's experiment, the weighted learner as X against random play,
//!   next to MENACE.
//! - [`speed`]: `menace bench`, training games per second on one core.
//! - [`over_seeds`]: the runs over seeds, in parallel, and their medians.

pub mod experiment;
pub mod hexapawn;
pub mod nim_xor;
pub mod over_seeds;
pub mod speed;
pub mod textbook;
