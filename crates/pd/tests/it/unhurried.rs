//! A prisoner's dilemma game configuration for tests that compare what programs say, not
//! how fast: the rule's 2 s deadline would turn a loaded machine (debug programs starting
//! at once beside a Go match) into incidents.
//! Each program gets [`menace_testkit::process::UNHURRIED`], which the root's
//! `tests/it/pd_paths.rs` gives its programs too.

use menace_pd::judge::Config;
use menace_run::Limits;
use menace_testkit::process::UNHURRIED;

/// `rounds` rounds, each program given [`UNHURRIED`].
pub fn config(rounds: usize) -> Config {
    let limits = Limits { deadline: UNHURRIED, ..Limits::default() };
    Config { rounds: Some(rounds), limits }
}
