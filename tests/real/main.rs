//! The `menace` binary's tests that drive real programs (GNU Go, gomill, Lizzie, Sabaki, Slurm and GNU
//! parallel, Chromium and poppler-utils), in a binary of their own so that `--test it` runs the
//! rest quickly; `cargo test` runs both, and a missing program fails them under `CI=true`
//! (menace_testkit::require).

#[path = "../common/mod.rs"]
mod common;

mod go_clock;
mod go_match;
mod gomill;
mod katrain;
mod lizzie;
mod print;
mod sabaki;
mod slurm;
