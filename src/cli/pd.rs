//! `menace pd` and `menace pd-player`: flags and glue for the prisoner's-dilemma judge.

use std::process::ExitCode;

/// Flags of `menace pd`.
#[derive(clap::Args, Debug)]
pub struct PdArgs {}

/// Flags of `menace pd-player`.
#[derive(clap::Args, Debug)]
pub struct PdPlayerArgs {}

/// Runs `menace pd`.
pub fn run(_args: PdArgs) -> ExitCode {
    eprintln!("menace pd: not built yet");
    ExitCode::FAILURE
}

/// Runs `menace pd-player`.
pub fn run_player(_args: PdPlayerArgs) -> ExitCode {
    eprintln!("menace pd-player: not built yet");
    ExitCode::FAILURE
}
