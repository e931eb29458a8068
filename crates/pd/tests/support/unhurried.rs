//! A prisoner's dilemma game configuration for tests that compare what programs say, not
//! how fast: the rule's 2 s deadline would turn a loaded machine (debug programs starting
//! at once beside a Go match) into incidents.
//!
//! Included with `#[path = "support/unhurried.rs"] mod unhurried;` by the tests that use it
//! (the root's `tests/it/pd_paths.rs` too, by its path from there).

use std::time::Duration;

use menace_pd::judge::Config;
use menace_run::Limits;

/// `rounds` rounds, each program given 60 s.
pub fn config(rounds: usize) -> Config {
    let limits = Limits { deadline: Duration::from_secs(60), ..Limits::default() };
    Config { rounds: Some(rounds), limits }
}
