//! `menace pd` and `menace pd-player`: flags and glue for the prisoner's-dilemma judge.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use menace_arena::tournament::driver::results_dir;
use menace_pd::judge::Config;
use menace_pd::rules::rounds_for;
use menace_pd::rules::Id;
use menace_pd::strategies::{self, PUBLISHED_FIELD};
use menace_pd::{seeds, tournament};
use menace_run::Limits;

use super::tournament::ShardArgs;

/// Flags of `menace pd`.
#[derive(clap::Args, Debug)]
pub struct PdArgs {
    /// Players: built-in strategy names (see --list) or command lines of external programs
    /// (run without a shell; quote a command with arguments as one word).
    pub players: Vec<String>,
    /// Print the built-in strategies with a line about each, and exit.
    #[arg(long)]
    pub list: bool,
    /// Add the 13 entries of the published tournament to the players.
    #[arg(long)]
    pub published: bool,
    /// Seed for the id shuffle and for generated round seeds.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Fixed ids instead of a shuffle: the id of each listed player (players named on the
    /// command line first, then those of --published), comma-separated; every game uses it.
    #[arg(long, value_delimiter = ',')]
    pub order: Option<Vec<Id>>,
    /// Seed file (one u64 per line, line r for round r). Default: generated from --seed
    /// and written beside the results as seeds.txt. With --games, every game uses the file.
    #[arg(long)]
    pub seeds: Option<PathBuf>,
    /// Seconds per program per round, from its start to its exit (interpreter start-up
    /// included); a program still running then is killed.
    #[arg(long, default_value_t = 2.0)]
    pub timeout: f64,
    /// Bytes of a program's output read per round; the rest is discarded.
    #[arg(long, default_value_t = 65536)]
    pub max_output: usize,
    /// Rounds per game (default P*25, the rule).
    #[arg(long)]
    pub rounds: Option<usize>,
    /// Games to play, each with its own id order and seeds (from its index and --seed);
    /// prints mean and spread. Each game is a unit of a resumable, shardable tournament.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// Games played at once (default: the number of CPUs when every player is a
    /// built-in, else 1, so external programs are timed alone).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Directory for the results: `results.jsonl` (one line per game; a re-run with the
    /// same arguments skips the games already there), the game's files (with --games K,
    /// in `game-NNN/`) and `summary.{txt,csv,json}`. Default: a folder of this
    /// tournament's own, `pd-results/<its configuration fingerprint>`.
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub shard: ShardArgs,
}

/// Flags of `menace pd-player`.
#[derive(clap::Args, Debug)]
pub struct PdPlayerArgs {
    /// The built-in strategy to play (see `menace pd --list`).
    pub name: String,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    super::fail("menace pd", msg)
}

/// Runs `menace pd`.
pub fn run(args: PdArgs) -> ExitCode {
    if args.list {
        print!("{}", strategies::list());
        return ExitCode::SUCCESS;
    }
    match run_games(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn run_games(args: &PdArgs) -> Result<(), String> {
    let mut specs: Vec<String> = args.players.clone();
    if args.published {
        specs.extend(PUBLISHED_FIELD.iter().map(|s| s.to_string()));
    }
    let players = tournament::field(&specs)?;
    let n = players.len();
    let rounds = args.rounds.unwrap_or_else(|| rounds_for(n as u32));
    let limits =
        Limits { deadline: Duration::ZERO, max_output: args.max_output.max(1), max_stderr: 4096 };
    let mut games = tournament::Games {
        players,
        seed: args.seed,
        order: args.order.clone(),
        file_seeds: None,
        rounds,
        config: Config { limits, rounds: Some(rounds) },
        timeout: args.timeout,
        games: args.games,
        // Decided below from the plan (a folder of the tournament's own unless --out).
        out: PathBuf::new(),
        plot: Some(menace_plot::pd::scores_svg),
    };
    // Checked before the seed file is read, so a bad flag is the error rather than the file.
    games.check()?;
    games.config.limits.deadline = Duration::from_secs_f64(args.timeout);
    if let Some(p) = &args.seeds {
        games.file_seeds = Some(seeds::read_seeds(p, rounds)?);
    }
    games.out = results_dir(args.out.as_deref(), Path::new("pd-results"), &games.plan());
    let jobs = args.jobs.unwrap_or_else(|| games.default_jobs());
    let flags = args.shard.flags("menace pd", jobs)?;
    let start = Instant::now();
    let (text, merged, totals) = games.run(flags)?;
    let elapsed = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "{text}");
    if let Some(merged) = merged.filter(|_| args.games > 1 && flags.shard.is_whole()) {
        tournament::write_summaries(&games.out, &text, &merged)?;
    }
    // A re-run played nothing: the driver has said where the results are.
    if !flags.quiet && totals.played > 0 {
        let _ = writeln!(out, "{}", totals.describe(n, rounds, elapsed, &games.out));
    }
    Ok(())
}

/// Runs `menace pd-player`.
pub fn run_player(args: PdPlayerArgs) -> ExitCode {
    let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    match strategies::play_round(&args.name, stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(strategies::RoundError::Refused(e)) => super::fail("menace pd-player", e),
        Err(strategies::RoundError::Output) => ExitCode::FAILURE,
    }
}
