//! `menace train` and `menace eval`: training runs, sweeps over seeds, exact evaluation.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use super::engine::{BeadArgs, LearnerArgs, SideArg};
use menace_core::choice::GameChoice;
use menace_core::game::Game;
use menace_core::game::Side;
use menace_core::hexapawn::Hexapawn;
use menace_core::learn::eval::report_of_state;
use menace_core::learn::request::{Request, Run};
use menace_core::learn::sweep;
use menace_core::learn::train::{run_seed, Opponent, OpponentSpec, Plan, Summary};
use menace_core::learn::{greedy_moves, Learner, LearnerKind, Learners};
use menace_core::menace::state::{self, State};
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::nim::{format_table, strategy_table};
use menace_core::ttt::TicTacToe;
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

fn fail(message: impl std::fmt::Display) -> ExitCode {
    super::fail("menace", message)
}

/// The training plan the flags describe.
fn plan(args: &TrainArgs) -> Plan {
    Plan::new(args.games, args.every, args.check_every, args.stop_when_unbeatable)
}

/// One training run from `seed`, MENACE playing `side`.
fn run_one(
    args: &TrainArgs,
    side: Side,
    spec: &OpponentSpec,
    rules: &BeadRules,
    seed: u64,
    start: Option<(Matchboxes<TicTacToe>, u64)>,
    bar: Option<&ProgressBar>,
) -> Result<(Summary, Matchboxes<TicTacToe>, u64), String> {
    let (machine, played) =
        start.unwrap_or_else(|| (Matchboxes::new(TicTacToe, side, rules.clone()), 0));
    let exec = |cmd: &str| {
        let external = External::for_training(cmd, args.move_timeout, args.games)?;
        Ok(Opponent::Other(Box::new(external)))
    };
    let progress = |n| {
        if let Some(b) = bar.filter(|_| n % 64 == 0) {
            b.set_position(n);
        }
    };
    let (summary, machine) =
        run_seed(&TicTacToe, machine, side, spec, rules, exec, &plan(args), seed, progress)?;
    let games = summary.games;
    Ok((summary, machine, played + games))
}

/// Trains a learner of any kind on any game (no saved state; built-in opponents only).
fn run_generic<G: Game + Clone + Send + Sync>(
    args: &TrainArgs,
    game: G,
    side: Side,
    kind: LearnerKind,
    learners: &Learners,
    spec: &OpponentSpec,
    after: impl Fn(&Learner<G>),
) -> ExitCode
where
    G::Pos: Send,
{
    let plan = plan(args);
    let one = |seed| {
        let learner = Learner::new(&game, side, kind, learners);
        let exec = |_: &str| Err("built-in opponents only".to_string());
        run_seed(&game, learner, side, spec, &learners.rules, exec, &plan, seed, |_| {})
    };
    let runs = match sweep::run_seeds(args.seed, args.seeds, args.jobs, one) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    if !args.json {
        println!(
            "{} learner on {} ({} side) against {spec}:",
            kind.name(),
            game.name(),
            side.name()
        );
    }
    for (seed, (summary, learner)) in &runs {
        if args.json {
            let extra = [("game", game.name()), ("learner", kind.name())];
            println!("{}", summary.json_line(*seed, &spec.to_string(), &extra));
        } else {
            println!("{}", summary.describe(*seed));
        }
        after(learner);
    }
    if let Some((seed, (summary, _))) = runs.first() {
        let title =
            || format!("{} learner on {} against {spec}, seed {seed}", kind.name(), game.name());
        if let Err(e) = write_curve(args, summary, title) {
            return fail(e);
        }
    }
    ExitCode::SUCCESS
}

/// Writes the curve of `summary` to `--curve PREFIX`'s three files, if it was given (for
/// several seeds, every run writes the first seed's).
fn write_curve(
    args: &TrainArgs,
    summary: &Summary,
    title: impl FnOnce() -> String,
) -> Result<(), String> {
    match &args.curve {
        Some(prefix) => menace_plot::curve::write_all(&summary.curve, prefix, &title()),
        None => Ok(()),
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

/// Runs `menace train`: the flags are checked together ([`Request::check`]) before
/// anything runs, then the run they name.
pub fn run(args: TrainArgs) -> ExitCode {
    let (request, what) = match request(&args).and_then(|r| r.check().map(|run| (r, run))) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let Request { game, kind, opponent: spec, .. } = request;
    let side = match args.learner.side(&game) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let mut rules = match args.beads.rules() {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    if what == Run::Generic {
        let learners = match args.learner.learners(rules) {
            Ok(l) => l,
            Err(e) => return fail(e),
        };
        return match game {
            GameChoice::Ttt => run_generic(&args, TicTacToe, side, kind, &learners, &spec, |_| {}),
            GameChoice::Nim(nim) => {
                let table = args.table;
                run_generic(&args, nim, side, kind, &learners, &spec, move |learner| {
                    if table {
                        let rows = strategy_table(&nim, side, |p| greedy_moves(learner, &nim, p));
                        for line in format_table(&nim, &rows) {
                            println!("{line}");
                        }
                    }
                })
            }
            GameChoice::Hexapawn => {
                run_generic(&args, Hexapawn, side, kind, &learners, &spec, |_| {})
            }
        };
    }
    let mut start = None;
    // A class's file keeps its class's record when training writes it back.
    let mut class = None;
    if let Some(path) = &args.state {
        let asked = args.beads.given().then_some(&rules);
        match State::read_existing(path, asked).and_then(|state| {
            let Some(state) = state else { return Ok(None) };
            let machine = state.to_machine().map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(Some((machine, state.games_played, state.class)))
        }) {
            Ok(Some((machine, played, record))) => {
                start = Some((machine, played));
                class = record;
            }
            Ok(None) => {}
            Err(e) => return fail(e),
        }
        if let Some((machine, _)) = &start {
            if let Err(e) = state::other_side(machine.side(), side) {
                return fail(format!("{}: {e}", path.display()));
            }
            rules = machine.rules().clone();
        }
    }
    if let (Run::Recorded, Some(out)) = (what, &args.out) {
        return super::report("menace", run_recorded(&args, side, &spec, &rules, out));
    }
    // First-side output reads as it always did; the second machine says it plays O.
    let menace = if side == Side::Second { "MENACE playing O" } else { "MENACE" };
    let curve_title = |seed| {
        format!(
            "{menace} ({}) learning against {spec}, seed {seed}",
            rules.preset_name().unwrap_or("custom rules")
        )
    };
    let t0 = Instant::now();
    if what == Run::Single {
        let bar = (std::io::stderr().is_terminal() && args.games >= 10_000).then(|| {
            let b = ProgressBar::new(args.games);
            b.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
                    .expect("template"),
            );
            b
        });
        let (summary, machine, played) =
            match run_one(&args, side, &spec, &rules, args.seed, start, bar.as_ref()) {
                Ok(r) => r,
                Err(e) => return fail(e),
            };
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        if args.json {
            println!("{}", summary.json_line(args.seed, &spec.to_string(), &[]));
        } else {
            println!("{menace} ({}) against {spec}:", rules);
            println!("{}", summary.describe(args.seed));
            println!("  {:.2} s", t0.elapsed().as_secs_f64());
        }
        if let Err(e) = write_curve(&args, &summary, || curve_title(args.seed)) {
            return fail(e);
        }
        if let Some(path) = &args.state {
            let state = State { class, ..State::of(&machine, played) };
            if let Err(e) = state.save(path) {
                return fail(e);
            }
        }
        return if summary.stopped.is_some() { ExitCode::FAILURE } else { ExitCode::SUCCESS };
    }
    let one = |s| run_one(&args, side, &spec, &rules, s, None, None).map(|r| r.0);
    let ok = match sweep::run_seeds(args.seed, args.seeds, args.jobs, one) {
        Ok(ok) => ok,
        Err(e) => return fail(e),
    };
    // As for the other learners: the curve drawn is the first seed's.
    if let Some((seed, summary)) = ok.first() {
        if let Err(e) = write_curve(&args, summary, || curve_title(*seed)) {
            return fail(e);
        }
    }
    if args.json {
        for (seed, s) in &ok {
            println!("{}", s.json_line(*seed, &spec.to_string(), &[]));
        }
        return ExitCode::SUCCESS;
    }
    println!("{menace} ({}) against {spec}, {} seeds from {}:", rules, args.seeds, args.seed);
    print!("{}", sweep::describe_runs(&ok));
    println!("  {:.2} s with {} jobs", t0.elapsed().as_secs_f64(), args.jobs);
    ExitCode::SUCCESS
}

/// Runs `menace eval`: the exact figures, as one JSON object.
pub fn run_eval(args: EvalArgs) -> ExitCode {
    match report_of_state(args.state.as_deref(), args.side.or_first(), || args.beads.rules()) {
        Ok(r) => println!("{}", serde_json::to_string_pretty(&r).expect("serializes")),
        Err(e) => return fail(e),
    }
    ExitCode::SUCCESS
}

/// `--seeds K --out DIR`: the sweep as units of the tournament layer
/// ([`menace_core::learn::sweep`]); the text printed is the summary of the lines.
fn run_recorded(
    args: &TrainArgs,
    side: Side,
    spec: &OpponentSpec,
    rules: &BeadRules,
    out: &std::path::Path,
) -> Result<String, String> {
    let sweep = sweep::Config {
        opponent: spec.to_string(),
        rules: rules.to_string(),
        games: args.games,
        every: plan(args).every,
        check_every: args.check_every,
        stop_when_unbeatable: args.stop_when_unbeatable,
        first_seed: args.seed,
        move_timeout: args.move_timeout,
        seeds: args.seeds,
        side,
    };
    let flags = args.shard.flags("menace train", args.jobs)?;
    sweep.run(flags, out, |seed| {
        run_one(args, side, spec, rules, seed, None, None).map(|(summary, _, _)| summary)
    })
}
