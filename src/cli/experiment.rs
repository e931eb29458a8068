//! `menace experiment NAME`: the measurements of issue 4 (Nim, Hexapawn, the textbook
//! experiment), printed as plain-text tables. The work is in MENACE's lab,
//! [`menace_core_lab::experiment`].

use std::process::ExitCode;

use menace_core::learn::{Learners, WeightedConfig};
use menace_core_lab::experiment::{self, Settings};

/// Which experiment.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Name {
    /// Nim self-play: games until the first player's greedy moves follow the XOR rule.
    NimXor,
    /// Hexapawn on the winning side against perfect and random play: games until it
    /// stops losing.
    Hexapawn,
    /// The weighted learner as X, 50,000 games against random, next to MENACE.
    Textbook,
}

/// Flags of `menace experiment`.
#[derive(clap::Args, Debug)]
pub struct ExperimentArgs {
    /// The experiment.
    #[arg(value_enum)]
    name: Name,
    /// Number of seeds (runs), each a different seed.
    #[arg(long, default_value_t = 10)]
    seeds: usize,
    /// The first seed; run i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games per run (training budget): default 20000 for nim-xor, 20000 for hexapawn,
    /// 50000 for textbook.
    #[arg(long)]
    games: Option<usize>,
    /// nim-xor: check every this many games.
    #[arg(long, default_value_t = 10)]
    every: usize,
    /// textbook: evaluation games against each opponent.
    #[arg(long, default_value_t = 10_000)]
    eval: usize,
    /// nim-xor: the first player's opponent: self (a second learner), random or perfect.
    #[arg(long, default_value = "self")]
    opponent: String,
    /// nim-xor: the rows, e.g. 3,4,5.
    #[arg(long, default_value = "3,4,5")]
    rows: String,
    /// MENACE's bead preset (challenge, michie, scroggs).
    #[arg(long, default_value = "challenge")]
    preset: String,
    /// Weighted learner: PrecCoeff.
    #[arg(long, default_value_t = WeightedConfig::default().prec_coeff)]
    prec_coeff: u32,
    /// Weighted learner: LearningStep.
    #[arg(long, default_value_t = WeightedConfig::default().learning_step)]
    learning_step: f64,
    /// Weighted learner: StepCoeff.
    #[arg(long, default_value_t = WeightedConfig::default().step_coeff)]
    step_coeff: f64,
    /// Weighted learner: fold symmetric positions (mirror for hexapawn, the 8 symmetries
    /// for tic-tac-toe; Nim has none).
    #[arg(long)]
    symmetry: bool,
}

/// Runs `menace experiment`.
pub fn run(args: ExperimentArgs) -> ExitCode {
    let lines = match build(&args) {
        Ok(lines) => lines,
        Err(e) => {
            eprintln!("menace experiment: {e}");
            return ExitCode::FAILURE;
        }
    };
    for l in lines {
        println!("{l}");
    }
    ExitCode::SUCCESS
}

fn build(args: &ExperimentArgs) -> Result<Vec<String>, String> {
    let (prec, step, coeff) = (args.prec_coeff, args.learning_step, args.step_coeff);
    let learners = Learners::from_preset(&args.preset, prec, step, coeff, args.symmetry)?;
    let name = match args.name {
        Name::NimXor => experiment::Name::NimXor,
        Name::Hexapawn => experiment::Name::Hexapawn,
        Name::Textbook => experiment::Name::Textbook,
    };
    let settings = Settings {
        seeds: args.seeds,
        seed: args.seed,
        games: args.games,
        every: args.every,
        eval: args.eval,
        opponent: args.opponent.clone(),
        rows: args.rows.clone(),
        learners,
    };
    experiment::run(name, settings)
}
