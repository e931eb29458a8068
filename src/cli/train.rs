//! `menace train` and `menace eval`: training runs, sweeps over seeds, exact evaluation.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

use super::engine::{BeadArgs, LearnerArgs, SideArg};
use menace_core::game::Side;
use menace_core::learn::eval::report_of_state;
use menace_core::learn::train::{Opponent, Summary};
use menace_core::runs::command::{self, CurveWriter, Outside, Printed, Training};
use menace_core::runs::request::{Refusal, Request, Run};
use menace_protocol::opponent::External;

/// Flags of `menace train`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Training games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The opponent: random, perfect, mixed:P (perfect, random with probability P),
    /// exploiter (the exact best response to MENACE's current beads), menace (a second
    /// MENACE learning as O), or exec:COMMAND (a program speaking the protocol's opponent
    /// side; see protocol.md).
    #[arg(long, default_value = "random", value_name = "NAME")]
    pub opponent: String,
    /// Seed of the generator (with --seeds K: the first of K seeds).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub beads: BeadArgs,
    /// Load MENACE from this state file if it exists, and save it there afterwards
    /// (atomically).
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Record a learning-curve point every K games (default: games/100).
    #[arg(long, value_name = "K")]
    pub every: Option<u64>,
    /// Write the curve to PREFIX.csv, PREFIX.jsonl and PREFIX.svg.
    #[arg(long, value_name = "PREFIX")]
    pub curve: Option<PathBuf>,
    /// Check every K games whether the greedy policy is unbeatable (0: never). For MENACE
    /// the check is incremental: the exact evaluation reruns only when a box it depends on
    /// changes its most-beaded moves, so checking after every game costs little.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub check_every: u64,
    /// Stop once the greedy policy is unbeatable.
    #[arg(long)]
    pub stop_when_unbeatable: bool,
    /// Run K independent seeds (seed, seed+1, ...) and summarize them.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub seeds: u64,
    /// Parallel runs for --seeds (each run is reproducible from its seed alone).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub jobs: usize,
    /// Record the --seeds sweep as a tournament: one JSON line per seed in
    /// DIR/results.jsonl (resumable; shardable with --shard or a Slurm array; merged with
    /// `menace merge`), and print the summary computed from those lines.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub shard: super::tournament::ShardArgs,
    /// Seconds an external opponent may take per move.
    #[arg(long, default_value_t = 5.0, value_name = "SECS")]
    pub move_timeout: f64,
    /// Print the summary as one JSON object per run instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub learner: LearnerArgs,
    /// Nim: print the learned strategy as a table afterwards (preferred move, and whether
    /// it agrees with the XOR rule).
    #[arg(long)]
    pub table: bool,
}

/// Flags of `menace eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// The state file to evaluate (default: a fresh MENACE with the bead flags).
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    #[command(flatten)]
    pub beads: BeadArgs,
    #[command(flatten)]
    pub side: SideArg,
}

/// How a run goes, from the flags that shape it.
fn training(args: &TrainArgs) -> Training {
    Training {
        games: args.games,
        every: args.every,
        check_every: args.check_every,
        stop_when_unbeatable: args.stop_when_unbeatable,
        seed: args.seed,
        seeds: args.seeds,
        jobs: args.jobs,
        move_timeout: args.move_timeout,
        json: args.json,
        table: args.table,
    }
}

/// Prints a run's text, then exits as it ended: 2 for an error, 1 when it stopped early.
fn show(printed: Printed) -> ExitCode {
    print!("{}", printed.text);
    match printed.outcome {
        Ok(true) => ExitCode::FAILURE,
        Ok(false) => ExitCode::SUCCESS,
        Err(e) => super::fail("menace", e),
    }
}

/// The flags that decide which run `menace train` is, parsed.
fn request(args: &TrainArgs) -> Result<Request, String> {
    Ok(Request {
        game: args.learner.game()?,
        kind: args.learner.kind()?,
        opponent: args.opponent.parse()?,
        games: args.games,
        seeds: args.seeds,
        state: args.state.is_some(),
        out: args.out.is_some(),
        curve: args.curve.is_some(),
        json: args.json,
        table: args.table,
    })
}

/// What `menace train` says when it refuses a request, naming the flags it is about.
fn refusal(r: Refusal) -> &'static str {
    match r {
        Refusal::NothingToPlay => "--games and --seeds must be at least 1",
        Refusal::ProgramNeedsClassic => {
            "exec: opponents play tic-tac-toe against the menace learner only"
        }
        Refusal::StateNeedsClassic => "--state is for tic-tac-toe with the menace learner",
        Refusal::OutNeedsClassic => {
            "--out records sweeps of the menace learner on tic-tac-toe only"
        }
        Refusal::StateWithSeeds => "--state goes with a single run, not --seeds",
        Refusal::StateWithOut => "--out records a sweep over seeds; it does not go with --state",
        Refusal::CurveWithOut => {
            "--curve draws a run played in this process, not a recorded sweep (--out)"
        }
        Refusal::JsonWithOut => {
            "--out's records are JSON lines already (DIR/results.jsonl); --json goes without --out"
        }
        Refusal::TableNeedsNim => "--table prints Nim's strategy table: it goes with --game nim",
    }
}

/// Runs `menace train`: the flags are checked together ([`Request::check`]) before
/// anything runs, then the run they name ([`menace_core::runs::command`]).
pub fn run(args: TrainArgs) -> ExitCode {
    let checked = |r: Request| r.check().map(|run| (r, run)).map_err(|e| refusal(e).to_string());
    let (request, what) = match request(&args).and_then(checked) {
        Ok(r) => r,
        Err(e) => return super::fail("menace", e),
    };
    let Request { game, kind, opponent: spec, .. } = request;
    // A state file to go on from plays its own side unless --side says otherwise.
    let side = match args
        .learner
        .side
        .with_state(args.state.as_deref())
        .and_then(|s| SideArg::of_game(&game, s))
    {
        Ok(s) => s,
        Err(e) => return super::fail("menace", e),
    };
    let mut rules = match args.beads.rules() {
        Ok(r) => r,
        Err(e) => return super::fail("menace", e),
    };
    let f = training(&args);
    let write = |s: &Summary, title: &str| match &args.curve {
        Some(prefix) => menace_plot::curve::write_all(&s.curve, prefix, title),
        None => Ok(()),
    };
    let curve = args.curve.is_some().then_some(&write as CurveWriter);
    if what == Run::Generic {
        return match args.learner.learners(rules) {
            Ok(learners) => {
                show(command::any_learner(&f, game, side, kind, &learners, &spec, curve))
            }
            Err(e) => super::fail("menace", e),
        };
    }
    let mut start = None;
    if let Some(path) = &args.state {
        match command::resume(path, args.beads.given().then_some(&rules), side) {
            Ok(resumed) => start = resumed,
            Err(e) => return super::fail("menace", e),
        }
        if let Some(r) = &start {
            rules = r.machine.rules().clone();
        }
    }
    let program = |cmd: &str| {
        let external = External::for_training(cmd, args.move_timeout, args.games)?;
        Ok(Opponent::Other(Box::new(external)))
    };
    let outside = Outside { program: &program, curve, progress: None };
    if let (Run::Recorded, Some(out)) = (what, &args.out) {
        let run = args
            .shard
            .flags("menace train", args.jobs)
            .and_then(|flags| recorded(&f, side, &spec, &rules, out, flags, &outside));
        return super::report("menace", run);
    }
    if what != Run::Single {
        return show(command::sweep(&f, side, &spec, &rules, &outside));
    }
    let bar = (std::io::stderr().is_terminal() && args.games >= 10_000).then(|| {
        let b = ProgressBar::new(args.games);
        b.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
                .expect("template"),
        );
        b
    });
    let progress = |n| bar.iter().for_each(|b| b.set_position(n));
    let outside = Outside { progress: bar.as_ref().map(|_| &progress as _), ..outside };
    let printed = command::single(&f, side, &spec, &rules, start, args.state.as_deref(), &outside);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    show(printed)
}

/// Runs `menace eval`: the exact figures, as one JSON object.
pub fn run_eval(args: EvalArgs) -> ExitCode {
    let side = match args.side.with_state(args.state.as_deref()) {
        Ok(side) => side.unwrap_or(Side::First),
        Err(e) => return super::fail("menace", e),
    };
    match report_of_state(args.state.as_deref(), side, || args.beads.rules()) {
        Ok(r) => println!("{}", serde_json::to_string_pretty(&r).expect("serializes")),
        Err(e) => return super::fail("menace", e),
    }
    ExitCode::SUCCESS
}

/// `--seeds K --out DIR`: the sweep as units of the tournament layer
/// ([`super::sweep::Config`]), each seed one of core's runs; the text is the summary of
/// the lines.
fn recorded(
    f: &Training,
    side: menace_core::game::Side,
    spec: &menace_core::learn::train::OpponentSpec,
    rules: &menace_core::menace::BeadRules,
    out: &std::path::Path,
    flags: menace_arena::tournament::driver::RunOptions,
    outside: &Outside,
) -> Result<String, String> {
    let sweep = super::sweep::Config {
        opponent: spec.to_string(),
        rules: rules.to_string(),
        games: f.games,
        every: f.plan().every,
        check_every: f.check_every,
        stop_when_unbeatable: f.stop_when_unbeatable,
        first_seed: f.seed,
        move_timeout: f.move_timeout,
        seeds: f.seeds,
        side,
    };
    let train =
        |seed| command::seed_summary(f, side, spec, rules, seed, outside).map_err(String::from);
    sweep.run(flags, out, train)
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_core::runs::request::Part;

    #[test]
    fn each_refusal_names_the_flags_it_is_about() {
        let flag = |part: &Part| match part {
            Part::Games => "--games",
            Part::Seeds => "--seeds",
            Part::Program => "exec:",
            Part::State => "--state",
            Part::Out => "--out",
            Part::Curve => "--curve",
            Part::Json => "--json",
            Part::Table => "--table",
        };
        for r in Refusal::ALL {
            for part in r.parts() {
                assert!(
                    refusal(r).contains(flag(part)),
                    "{r:?}: {:?} names no {part:?}",
                    refusal(r)
                );
            }
        }
    }
}
