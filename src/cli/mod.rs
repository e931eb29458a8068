//! Command-line parsing (clap) and dispatch. Each subcommand's flags and glue live in a
//! file of their own here; the work itself lives in the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

// The lab's commands, with the lab crates they run (the `lab` feature, on by default).
#[cfg(feature = "lab")]
mod bench;
pub(crate) mod engine;
#[cfg(feature = "lab")]
mod experiment;
mod go;
mod opponent;
mod pd;
mod print;
mod serve;
mod sweep;
mod tournament;
mod train;

/// MENACE and friends: game-playing programs that learn and compete over line protocols.
///
/// With no subcommand, runs the MENACE protocol engine: it reads commands on standard
/// input (`games 3`, `move MM`, `dump`, `help`, ...) and answers one JSON object per line
/// on standard output. See protocol.md for every command and answer.
///
/// How answers are written: as JSON lines when standard output is not a terminal (a pipe,
/// a file), as text for a person (grids and sentences) when it is one. `--json` forces
/// JSON (a program behind a pseudo-terminal), `--pretty` forces text.
#[derive(Parser, Debug)]
#[command(name = "menace", version, about, long_about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    engine: engine::EngineArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Train MENACE against an opponent, with learning curves and saved state.
    Train(Box<train::TrainArgs>),
    /// Exact evaluation of a MENACE state: exploitability and odds against random and perfect.
    Eval(train::EvalArgs),
    /// A reference program for the protocol's opponent side (for `train --opponent exec:...`).
    Opponent(opponent::OpponentArgs),
    /// Measure training speed: MENACE against the random opponent, games per second.
    #[cfg(feature = "lab")]
    Bench(bench::BenchArgs),
    /// Measure the learners: nim-xor, hexapawn, textbook (plain-text tables).
    #[cfg(feature = "lab")]
    Experiment(experiment::ExperimentArgs),
    /// Go: the king-of-the-hill bot (board on stdin, one move out), GTP, matches.
    Go(Box<go::GoArgs>),
    /// Run one or more games of the multiplayer prisoner's dilemma.
    Pd(pd::PdArgs),
    /// Be one prisoner's-dilemma player for one round (reads the judge's input on stdin).
    PdPlayer(pd::PdPlayerArgs),
    /// Serve the MENACE web page and the protocol over a WebSocket (http://127.0.0.1:8080/).
    Serve(serve::ServeArgs),
    /// Merge the results files of a sharded tournament and print its standings.
    Merge(tournament::MergeArgs),
    /// Print a label for every matchbox of MENACE, Hexapawn or Nim (PDF or HTML).
    Print(print::PrintArgs),
}

/// A bad flag, file or input: `PREFIX: MESSAGE` on standard error and exit status 2, the
/// status every subcommand gives what it refuses (1 is for a failure after work began).
pub(crate) fn fail(prefix: &str, message: impl std::fmt::Display) -> ExitCode {
    eprintln!("{prefix}: {message}");
    ExitCode::from(2)
}

/// Prints a command's text, or [`fail`]s with its error.
pub(crate) fn report(command: &str, result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(command, e),
    }
}

/// Parses the command line and runs what it asks for.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => engine::run(cli.engine),
        #[cfg(feature = "lab")]
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Opponent(args)) => opponent::run(args),
        Some(Command::Train(args)) => train::run(*args),
        Some(Command::Eval(args)) => train::run_eval(args),
        #[cfg(feature = "lab")]
        Some(Command::Experiment(args)) => experiment::run(args),
        Some(Command::Go(args)) => go::run(*args),
        Some(Command::Pd(args)) => pd::run(args),
        Some(Command::PdPlayer(args)) => pd::run_player(args),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Merge(args)) => tournament::run_merge(args),
        Some(Command::Print(args)) => print::run(args),
    }
}
