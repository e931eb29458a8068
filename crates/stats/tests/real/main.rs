//! `menace-stats`'s tests that drive real programs (Python), in a binary of their own so that
//! `--test it` runs the rest quickly; `cargo test` runs both, and a missing program fails them
//! under `CI=true` (menace_testkit::require).

mod python_reference;
