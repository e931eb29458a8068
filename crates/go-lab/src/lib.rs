//! The Go engine's lab: what measures, tunes and teaches the engine (`menace-go`) rather
//! than playing. It depends on the engine, never the other way round, so that a reader
//! looking for the engine reads none of it.
//!
//! - [`tune`]: `menace go tune`, the search's constants tuned by SPSA in games of our bot
//!   against itself (the tournament layer's SPSA, the engine's referee and registry).
//! - [`mm`]: the minorization-maximization learner of the move model's gammas (the model
//!   itself, its data and its use in the search, are the engine's); run by the example
//!   `go_learn_patterns`.
//! - [`policy`]: the policy network's datasets (the professional games, split as the
//!   move model's learner splits them, and our search's root visits on their positions)
//!   and its accuracy on the held-out games; run by the example `go_policy` and
//!   `scripts/train-policy`, which trains it.
//! - [`playouts`]: our playout policy against another engine's (Pachi's Moggy) on the
//!   same positions: how often one playout move is the professional's, and how well
//!   playouts foretell the game's winner; run by the example `go_playout_compare`.
//! - [`status_vs_gnugo`]: our dead stones and scores against GNU Go's on finished games
//!   (`scripts/dead-stones-vs-gnugo`, the example `dead_stones_vs_gnugo`).
//! - the example `go_criticality`: Coulom's criticality
//!   ([`menace_go::search::criticality`]) over playouts from a recorded position, against
//!   the moves the search missed in traced losses.
//! - [`value`]: a value head on the policy network's board means, fitted to the games'
//!   winners, against the search's playouts at foretelling them; run by the example
//!   `go_policy value`.
//! - [`jobs`]: a list of independent items shared out to threads, results in order.
//! - [`bench`]: `menace go bench-threads`, the search's playouts a second at each thread
//!   count.
//!
//! The experiments that lost their A/B are not kept here: their records stay in
//! `docs/ab/` and their rows in the lab notebook (`docs/go-lab.md`), with the commit that
//! has their code.

pub mod bench;
pub mod jobs;
pub mod mm;
pub mod playouts;
pub mod policy;
pub mod status_vs_gnugo;
pub mod tune;
pub mod value;
