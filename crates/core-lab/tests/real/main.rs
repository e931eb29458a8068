//! `menace-core-lab`'s tests that drive a real program (Python): the lab's numbers against
//! the independent scripts in `tests/reference/`, run live. `cargo test` runs them, and a
//! missing Python fails them under `CI=true` (menace_testkit::require).

mod python_references;
