//! # menace
//!
//! Game-playing programs that learn and compete over line protocols. This crate is the
//! command-line program; the work lives in the workspace's library crates, re-exported
//! here under the names the rest of the project (tests, benches, examples) uses:
//!
//! - [`ttt`], [`menace`], [`learn`], [`game`], [`nim`], [`hexapawn`], [`solve`], [`choice`] (crate
//!   `menace-core`): the rules and the learners, no protocol and no command line.
//! - [`rng`], [`stats`] (`menace-stats`): the seeded generator and the median.
//! - [`protocol`] (`menace-protocol`): the JSON-line protocol, transport-free.
//! - [`arena`] (`menace-arena`): running other programs safely.
//! - [`files`] (`menace-files`): atomic writes and bounded, validated reads.
//! - [`go`] (`menace-go`) and [`pd`] (`menace-pd`): the two king-of-the-hill arenas.
//!
//! Layers point one way: rules know nothing of learners, learners nothing of protocols,
//! protocols nothing of the command line.

pub use menace_arena as arena;
pub use menace_core::{choice, game, hexapawn, learn, menace, nim, play, solve, ttt};
pub use menace_files as files;
pub use menace_go as go;
pub use menace_pd as pd;
pub use menace_protocol as protocol;
pub use menace_stats::{rng, stats};
