//! `menace pd` and `menace pd-player`: flags and glue for the prisoner's-dilemma judge.

use std::path::PathBuf;
use std::process::ExitCode;

use menace_pd::judge::BadOrder;
use menace_pd::rules::Id;
use menace_pd::strategies;
use menace_pd::tournament::{self, PlayError, Refused};

use super::tournament::ShardArgs;

/// Flags of `menace pd`.
#[derive(clap::Args, Debug)]
pub struct PdArgs {
    /// Players: built-in strategy names (see --list) or command lines of external programs
    /// (run without a shell; quote a command with arguments as one word), each optionally
    /// named for the tables as NAME=PLAYER (`"alice=python3 tft.py"`). A program in the
    /// current folder is named with its path (`./tft.py`).
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
    #[command(flatten)]
    pub changed: super::go::ChangedArgs,
    #[command(flatten)]
    pub limits: super::tournament::EntrantLimitArgs,
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
    // Stopped by a signal, the judge ends its running entrants and all they started first.
    if let Err(e) = menace_run::stop_entrants_on_signals() {
        return fail(format!("cannot handle signals: {e}"));
    }
    match run_games(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn run_games(args: &PdArgs) -> Result<(), String> {
    let asked = tournament::Asked {
        players: args.players.clone(),
        published: args.published,
        seed: args.seed,
        order: args.order.clone(),
        seeds: args.seeds.clone(),
        timeout: args.timeout,
        max_output: args.max_output,
        rounds: args.rounds,
        games: args.games,
        jobs: args.jobs,
        out: args.out.clone(),
        plot: Some(menace_plot::pd::scores_svg),
        on_change: args.changed.rule(),
        rlimits: args.limits.rlimits()?,
    };
    let flags = |jobs| args.shard.flags("menace pd", jobs);
    tournament::play(&asked, flags, &mut std::io::stdout().lock()).map_err(|e| match e {
        PlayError::Refused(r) => refused(&r),
        PlayError::Run(e) => e.to_string(),
        PlayError::Seeds(e) | PlayError::Game(e) | PlayError::Failed(e) => e,
    })
}

/// What `menace pd` says of a refused setting, naming its flag.
fn refused(r: &Refused) -> String {
    match r {
        Refused::TooFewPlayers => "a game needs at least 2 players (see --help and --list)".into(),
        Refused::Timeout(t) => format!("--timeout must be a positive number of seconds, got {t}"),
        Refused::NoGames => "--games must be at least 1".into(),
        Refused::NoRounds => "--rounds must be at least 1".into(),
        Refused::Order(BadOrder::Count { given, players }) => {
            format!("--order names {given} ids for {players} players")
        }
        Refused::Order(BadOrder::NotAPermutation { id, players }) => format!(
            "--order must be a permutation of 1..={players}; {id} is out of range or repeated"
        ),
        Refused::SameName { name } => format!("two players are named {name:?}"),
        Refused::UnknownPlayer { name, suggestion } => format!(
            "{name:?} is neither a built-in strategy (see --list) nor a program found on PATH{}",
            suggestion.as_ref().map(|s| format!("; did you mean {s}?")).unwrap_or_default()
        ),
        Refused::NotAnswering { name, why } => {
            format!("player {name:?} did not answer a first round when asked ({why}); nothing was played")
        }
    }
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
