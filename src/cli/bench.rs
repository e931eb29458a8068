//! `menace bench`: training speed, printed as games per second (MENACE's lab measures it).

use std::process::ExitCode;

use menace_core_lab::speed;

/// Flags of `menace bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Training games per timed run.
    #[arg(long, default_value_t = 20_000_000)]
    pub games: u64,
    /// Timed runs, each from a fresh machine and seed SEED+run; the median and the
    /// spread are reported.
    #[arg(long, default_value_t = 5)]
    pub runs: u32,
    /// Seed of the generator for the first run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Time the generic loop (`learn::play`, any game, any players) instead of the
    /// tic-tac-toe hot loop that `menace train --opponent random` uses. Both play the
    /// same games, draw for draw.
    #[arg(long)]
    pub generic: bool,
}

/// Times MENACE (challenge rules) learning against the random opponent on one core.
pub fn run(args: BenchArgs) -> ExitCode {
    let each = |line: &str| println!("{line}");
    println!("{}", speed::measure(args.games, args.runs, args.seed, args.generic, each));
    ExitCode::SUCCESS
}
