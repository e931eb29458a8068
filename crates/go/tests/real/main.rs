//! `menace-go`'s tests that drive real programs (GNU Go), in a binary of their own so that
//! `--test it` runs the rest quickly; `cargo test` runs both, and a missing program fails them
//! under `CI=true` (menace_testkit::require).

#[path = "../support/mod.rs"]
mod support;

mod cleanup_gnugo;
mod handicap_gnugo;
mod loadsgf_gnugo;
