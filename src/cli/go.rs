//! `menace go`: flags and glue for the Go bot, GTP engine and match runner.

use std::process::ExitCode;

/// Flags of `menace go`.
#[derive(clap::Args, Debug)]
pub struct GoArgs {}

/// Runs `menace go`.
pub fn run(_args: GoArgs) -> ExitCode {
    eprintln!("menace go: not built yet");
    ExitCode::FAILURE
}
