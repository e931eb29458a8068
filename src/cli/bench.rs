//! `menace bench`: training speed, printed as games per second.

use std::process::ExitCode;
use std::time::Instant;

use menace::game::Side;
use menace::learn::train::train_fast;
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
    /// Timed runs; the best is reported (the others show the spread).
    #[arg(long, default_value_t = 3)]
    pub runs: u32,
    /// Seed of the generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Times MENACE (challenge rules) learning against the random opponent on one core.
pub fn run(args: BenchArgs) -> ExitCode {
    let mut rates = Vec::new();
    for run in 0..args.runs.max(1) {
        let mut learner = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
        let mut rng = from_seed(args.seed + u64::from(run));
        let start = Instant::now();
        let tally =
            train_fast(&TicTacToe, &mut learner, &mut Random::default(), args.games, &mut rng);
        let secs = start.elapsed().as_secs_f64();
        let rate = args.games as f64 / secs;
        println!(
            "run {}: {} games against random in {secs:.3} s = {:.2} million games/s (won {}, drew {}, lost {})",
            run + 1,
            args.games,
            rate / 1e6,
            tally.win,
            tally.draw,
            tally.loss
        );
        rates.push(rate);
    }
    let best = rates.iter().copied().fold(0.0, f64::max);
    println!("best: {:.2} million training games/s on one core", best / 1e6);
    ExitCode::SUCCESS
}
