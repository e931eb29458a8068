//! `menace opponent NAME`: a reference program for the protocol's opponent side.
//!
//! It reads the JSON lines `menace train --opponent exec:...` sends and answers every
//! `menace_move` of a game in progress with `move RC`, playing `random` or `perfect`.
//! Bot authors can start from its behaviour; the tests use it to drive the external path.

use std::io;
use std::process::ExitCode;

use menace_core::learn::reference_player;
use menace_protocol::opponent::play_opponent_side;
use menace_stats::rng::from_seed;

/// Flags of `menace opponent`.
#[derive(clap::Args, Debug)]
pub struct OpponentArgs {
    /// How to play: random or perfect.
    #[arg(default_value = "perfect")]
    pub player: String,
    /// Seed of its own generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs the opponent until `bye` or end of input.
pub fn run(args: OpponentArgs) -> ExitCode {
    let mut player = match reference_player(&args.player) {
        Ok(p) => p,
        Err(e) => return super::fail("menace opponent", e),
    };
    let mut rng = from_seed(args.seed);
    play_opponent_side(io::stdin().lock(), io::stdout().lock(), &mut *player, &mut rng);
    ExitCode::SUCCESS
}
