//! The flags every tournament-shaped command shares (shards, SPRT) and `menace merge`; the
//! driver itself is `menace_arena::tournament::driver`.

use std::path::PathBuf;

use menace_arena::tournament::driver::{
    self, MergeError, MergeOptions, ResultKind, RunOptions, SprtStop,
};
use menace_arena::tournament::sprt::Sprt;
use menace_arena::tournament::{Shard, ShardError, ShardSource};

/// Every kind of results line the binary knows: the Go referee's, the prisoner's
/// dilemma's and the training sweep's.
pub const KINDS: [&dyn ResultKind; 3] = [
    &menace_go::referee::tournament::GoResults,
    &super::sweep::Sweep,
    &menace_pd::tournament::PdResults,
];

/// `--shard K/N`, `--shards N`, `--batch N` and `--quiet`: the flags of every run of the
/// tournament driver.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ShardArgs {
    /// Run only shard K of N: the units whose index is K mod N (K from 0). Without it, K
    /// and N come from a Slurm job array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a
    /// Kubernetes indexed job (JOB_COMPLETION_INDEX with --shards N); else all units.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// N, for a Kubernetes indexed job (K is JOB_COMPLETION_INDEX).
    #[arg(long, value_name = "N")]
    pub shards: Option<u64>,
    /// Play at most N of the units still to play, then stop: the next run goes on from
    /// there. `--batch 1` interleaves two matches game by game (an A/B on a shared machine).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: Option<u64>,
    /// Print only the final table: no lines about shards, units or progress on stderr
    /// (warnings and errors still go there).
    #[arg(long)]
    pub quiet: bool,
}

impl ShardArgs {
    /// The driver's options of a run of `command`, `jobs` units at once: the shard from
    /// `--shard` (K/N given), `--shards` (N given) or the environment (a Slurm array, a
    /// Kubernetes indexed job; see [`Shard::resolve`]). A part of the tournament says on
    /// stderr where K and N came from (unless `--quiet`: a whole run says nothing here,
    /// the driver's own line says what it plays).
    pub fn flags<'a>(&self, command: &'a str, jobs: usize) -> Result<RunOptions<'a>, String> {
        let env = |k: &str| std::env::var(k).ok();
        let (shard, source) = Shard::resolve(self.shard.as_deref(), self.shards, &env)
            .map_err(|e| shard_error(&e))?;
        let (batch, quiet) = (self.batch, self.quiet);
        if !quiet && !shard.is_whole() {
            eprintln!("{command}: shard {shard} ({})", shard_source(&source));
        }
        Ok(RunOptions { command, shard, jobs, batch, quiet })
    }
}

/// Where K and N came from, in terms of the flags.
fn shard_source(source: &ShardSource) -> String {
    match source {
        ShardSource::Whole => "no --shard, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX".into(),
        ShardSource::Flag => "from --shard".into(),
        ShardSource::IndexedJob => "from JOB_COMPLETION_INDEX and --shards".into(),
        slurm @ ShardSource::SlurmArray { .. } => slurm.to_string(),
    }
}

/// Why no shard could be decided, in terms of the flags.
fn shard_error(e: &ShardError) -> String {
    match e {
        ShardError::NotKOfN(text) => {
            format!("--shard {text:?}: expected K/N, e.g. 0/4 (K from 0 to N-1)")
        }
        ShardError::BothGiven => "give --shard K/N or --shards N, not both".into(),
        ShardError::CountInSlurmArray => {
            "--shards N is for JOB_COMPLETION_INDEX; a Slurm array gives N itself".into()
        }
        ShardError::SlurmArray(e) => format!(
            "{}: the job array must be contiguous with step 1 (e.g. sbatch --array=0-3)",
            shard_error(e)
        ),
        ShardError::IndexedJobWithoutCount => "JOB_COMPLETION_INDEX is set (a Kubernetes indexed job): give the number of completions as --shards N".into(),
        ShardError::CountWithoutIndexedJob => "--shards N goes with JOB_COMPLETION_INDEX (a Kubernetes indexed job), which is not set; use --shard K/N".into(),
        ShardError::NoShards | ShardError::OutOfRange { .. } | ShardError::Environment(_) => {
            e.to_string()
        }
    }
}

/// The sequential test of an A/B record, shared by `menace merge`, `menace go match` and
/// `menace go tournament`.
#[derive(clap::Args, Debug, Clone)]
pub struct SprtArgs {
    /// A sequential probability ratio test for this entrant of a two-entrant Go record
    /// (an A/B match): H0 "it is the first Elo of --sprt-elo stronger" against H1 "the
    /// second", 5% error each way, from its wins, ties (half a point) and losses. A run
    /// starts no further game once the test has decided (the games already recorded
    /// count, so a resumed run stops too) and prints the verdict after the standings;
    /// `menace merge` prints it for any record.
    #[arg(long, value_name = "ENTRANT")]
    pub sprt: Option<String>,
    /// The SPRT's hypotheses as Elo differences, `ELO0,ELO1`.
    #[arg(long, value_name = "ELO0,ELO1", default_value = "0,35", requires = "sprt")]
    pub sprt_elo: Sprt,
}

impl SprtArgs {
    /// The stopping rule, if `--sprt` was given.
    pub fn rule(&self) -> Option<SprtStop> {
        self.sprt.clone().map(|entrant| SprtStop { entrant, test: self.sprt_elo })
    }
}

/// `--time`, each side's clock in `menace go match` and `menace go tournament`.
#[derive(clap::Args, Debug, Clone)]
pub struct ClockArgs {
    /// Each side's clock, in seconds: MAIN (absolute: `20` for the game), MAIN+PERIOD/STONES
    /// (Canadian: then STONES moves in every PERIOD; `600+30/1`, `0+1/1` is 1 s a move) or
    /// MAIN+PERIODxN (byo-yomi, N periods: `300+30x5`). GTP engines hear `time_settings` and
    /// `time_left`; a side whose answer overruns its clock loses on time (`B+T`, `W+T`).
    #[arg(long, value_name = "CONTROL")]
    pub time: Option<menace_go::rules::clock::TimeControl>,
}

/// `--entrant-memory` and `--entrant-cpu`: limits on every program an entrant runs, in
/// `menace go match`, `menace go tournament` and `menace pd`.
#[derive(clap::Args, Debug, Clone)]
pub struct EntrantLimitArgs {
    /// Memory each process of an entrant may map, in MiB (its address space, set with
    /// setrlimit before it starts; a program over it fails to allocate, and the judge says
    /// it went over its limit). Runtimes that reserve much more than they use (Go, Java)
    /// need a generous value. Default: no limit.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub entrant_memory: Option<u64>,
    /// CPU seconds each process of an entrant may use (whole seconds, rounded up; then it
    /// gets SIGXCPU, a second later SIGKILL). Default: no limit.
    #[arg(long, value_name = "SECS")]
    pub entrant_cpu: Option<f64>,
}

impl EntrantLimitArgs {
    /// The limits these flags ask for, or the flag that is wrong.
    pub fn rlimits(&self) -> Result<menace_run::Rlimits, String> {
        let cpu = match self.entrant_cpu {
            Some(s) if s.is_finite() && s > 0.0 && s <= 1e6 => {
                Some(std::time::Duration::from_secs_f64(s))
            }
            Some(s) => {
                return Err(format!(
                    "--entrant-cpu must be a positive number of seconds up to 1000000, got {s}"
                ))
            }
            None => None,
        };
        Ok(menace_run::Rlimits { memory: self.entrant_memory.map(|m| m << 20), cpu })
    }
}

/// Flags of `menace merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Results files (JSON lines) of the shards, or folders (every `*.jsonl` in them).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Summarise what is there even if units are missing (a tournament still running);
    /// the summary says how many units it covers. Units twice or mixed configurations are
    /// still refused.
    #[arg(long)]
    pub partial: bool,
    /// After the summary, each entrant's slowest answer and its game, as the judge timed
    /// it, and its clock use under a clock (Go tournaments). Left out by default: times belong to one machine and one day,
    /// and shards merged must print the one-machine summary byte for byte.
    #[arg(long)]
    pub timings: bool,
    /// Count only the games recorded as played alone on the machine (`"clean": true`, what
    /// `menace go match --watch-load` writes); implies --partial. The figure a timed
    /// match's docs give.
    #[arg(long)]
    pub clean: bool,
    #[command(flatten)]
    pub sprt: SprtArgs,
}

/// Runs `menace merge`: checks every unit is there exactly once under one
/// configuration and prints the same summary as a one-machine run.
pub fn run_merge(args: MergeArgs) -> std::process::ExitCode {
    let sprt = args.sprt.rule();
    let opts = MergeOptions {
        partial: args.partial,
        timings: args.timings,
        sprt: sprt.as_ref(),
        clean: args.clean,
    };
    let merged = driver::merge_files(&KINDS, &args.files, &opts).map_err(|e| match e {
        MergeError::NoTimings { .. } => format!("--timings: {e}"),
        MergeError::Failed(e) => e,
    });
    super::report("menace merge", merged)
}
