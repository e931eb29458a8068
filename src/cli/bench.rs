//! `menace bench`: training speed, printed as games per second.

use std::process::ExitCode;
use std::time::Instant;

use menace::game::Side;
use menace::learn::train::{train_fast, Tally};
use menace::learn::Random;
use menace::menace::{BeadRules, Matchboxes};
use menace::rng::from_seed;
use menace::ttt::TicTacToe;

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
    let which = if args.generic { "generic loop" } else { "hot loop" };
    let mut rates = Vec::new();
    for run in 0..args.runs.max(1) {
        let mut learner = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
        let mut rng = from_seed(args.seed + u64::from(run));
        let start = Instant::now();
        let tally: Tally = if args.generic {
            train_fast(&TicTacToe, &mut learner, &mut Random::default(), args.games, &mut rng)
        } else {
            learner.train_against_random(args.games, &mut rng)
        };
        let secs = start.elapsed().as_secs_f64();
        let rate = args.games as f64 / secs;
        println!(
            "run {} (seed {}): {} games against random in {secs:.3} s = {:.2} million games/s (won {}, drew {}, lost {})",
            run + 1,
            args.seed + u64::from(run),
            args.games,
            rate / 1e6,
            tally.win,
            tally.draw,
            tally.loss
        );
        rates.push(rate);
    }
    let median = menace::stats::median(&rates).unwrap_or(0.0);
    rates.sort_by(f64::total_cmp);
    println!(
        "{which}: median {:.2} million training games/s on one core (range {:.2} to {:.2} over {} runs)",
        median / 1e6,
        rates[0] / 1e6,
        rates[rates.len() - 1] / 1e6,
        rates.len()
    );
    ExitCode::SUCCESS
}
