//! What every tournament-shaped command shares: the shard flags, the results file (and
//! resuming into it), running the shard's units, and the summary printed from the lines.

use std::path::{Path, PathBuf};

use menace::arena::tournament::record::{complete_lines, parse_lines, read_text, Record};
use menace::arena::tournament::sprt::Sprt;
use menace::arena::tournament::standings::Outcome;
use menace::arena::tournament::{merge, run_units, Journal, Merged, Plan, Shard, UnitId};
use serde_json::{Map, Value};

/// `--shard K/N` and `--shards N`.
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
}

impl ShardArgs {
    /// The shard, said on stderr with where K and N came from.
    pub fn resolve(&self, command: &str) -> Result<Shard, String> {
        let (shard, source) =
            Shard::resolve(self.shard.as_deref(), self.shards, &|k| std::env::var(k).ok())?;
        if shard.is_whole() {
            eprintln!("{command}: all units ({source})");
        } else {
            eprintln!("{command}: shard {shard} ({source})");
        }
        Ok(shard)
    }
}

/// A summary of a whole tournament (or a shard's part of it) from its lines alone.
pub type Summarize = fn(&Merged) -> Result<String, String>;

/// The summary for each kind of results line.
pub fn summarizer(kind: &str) -> Option<Summarize> {
    match kind {
        menace::go::tournament::KIND => Some(menace::go::tournament::summary),
        super::train::SWEEP_KIND => Some(super::train::summary),
        menace::pd::tournament::KIND => Some(menace::pd::tournament::summary),
        _ => None,
    }
}

/// The results file of `shard` in `out`: `results.jsonl` for all units,
/// `results-K-of-N.jsonl` for a shard (so shards can share a folder).
pub fn results_path(out: &Path, shard: Shard) -> PathBuf {
    if shard.is_whole() {
        out.join("results.jsonl")
    } else {
        out.join(format!("results-{}-of-{}.jsonl", shard.index, shard.count))
    }
}

/// Runs the units of `shard` not yet recorded in `out`, `jobs` at a time, then returns the
/// summary of what the results file holds (all units, or the shard's part).
pub fn run<P, E>(
    command: &str,
    plan: &Plan,
    shard: Shard,
    out: &Path,
    jobs: usize,
    play: P,
    each: E,
) -> Result<String, String>
where
    P: Fn(UnitId) -> Map<String, Value> + Sync,
    E: Fn(&Record) + Sync,
{
    run_merged(command, plan, shard, out, jobs, play, each).map(|(text, _)| text)
}

/// [`run`], also returning the records the summary was computed from (`None` for a shard
/// that holds no unit), for callers that write more than the printed summary.
pub fn run_merged<P, E>(
    command: &str,
    plan: &Plan,
    shard: Shard,
    out: &Path,
    jobs: usize,
    play: P,
    each: E,
) -> Result<(String, Option<Merged>), String>
where
    P: Fn(UnitId) -> Map<String, Value> + Sync,
    E: Fn(&Record) + Sync,
{
    let summarize =
        summarizer(&plan.kind).ok_or_else(|| format!("no summary for {}", plan.kind))?;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let path = results_path(out, shard);
    let opened = Journal::open(&path, plan, |u| shard.holds(u)).map_err(|e| e.0)?;
    if opened.dropped > 0 {
        eprintln!(
            "{command}: dropped a torn last line ({} bytes) from {}; that unit runs again",
            opened.dropped,
            path.display()
        );
    }
    let journal = opened.journal;
    let mine: Vec<UnitId> = plan.all().filter(|u| shard.holds(*u)).collect();
    let todo: Vec<UnitId> = mine.iter().copied().filter(|u| !journal.has(*u)).collect();
    eprintln!(
        "{command}: {} units to run, {} already in {} (this run's share: {} of the tournament's {} units)",
        todo.len(),
        mine.len() - todo.len(),
        path.display(),
        mine.len(),
        plan.units,
    );
    run_units(&journal, plan, &todo, jobs, play, each)
        .map_err(|e| format!("cannot append to {}: {e}", path.display()))?;
    let records = read_records(&path)?;
    if records.is_empty() && !shard.is_whole() {
        // More shards than units: this one has nothing to do, which is not an error.
        let text = format!("shard {shard}: 0 of {} units (none falls to this shard)\n", plan.units);
        return Ok((text, None));
    }
    let merged = Merged::from_records(records, shard.is_whole()).map_err(|e| e.0)?;
    let text = summarize(&merged)?;
    if shard.is_whole() {
        return Ok((text, Some(merged)));
    }
    let text = format!(
        "shard {shard}: {} of {} units; `menace merge` all shards' files for the standings\n{text}",
        merged.records.len(),
        plan.units
    );
    Ok((text, Some(merged)))
}

/// The records of one results file, each labelled with the file's name (a torn last line
/// is left out).
fn read_records(path: &Path) -> Result<Vec<(String, Record)>, String> {
    let text = read_text(path).map_err(|e| e.0)?;
    let label = path.display().to_string();
    let (lines, _) = complete_lines(&text);
    let records = parse_lines(&label, &lines).map_err(|e| e.0)?;
    Ok(records.into_iter().map(|r| (label.clone(), r)).collect())
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
    /// it (Go tournaments). Left out by default: times belong to one machine and one day,
    /// and shards merged must print the one-machine summary byte for byte.
    #[arg(long)]
    pub timings: bool,
    /// After the summary, a sequential probability ratio test for this entrant of a
    /// two-entrant Go record (an A/B match): whether its games so far accept H0 (it is
    /// not `--sprt-elo`'s second value stronger), accept H1 (it is), or say play on.
    /// Error rates 5% each way. Wins, ties (half a point) and losses count; the order of
    /// the games does not matter.
    #[arg(long, value_name = "ENTRANT")]
    pub sprt: Option<String>,
    /// The SPRT's hypotheses as Elo differences, `ELO0,ELO1`.
    #[arg(long, value_name = "ELO0,ELO1", default_value = "0,35", requires = "sprt")]
    pub sprt_elo: Sprt,
}

/// Runs `menace merge`: checks every unit is there exactly once under one
/// configuration and prints the same summary as a one-machine run.
pub fn run_merge(args: MergeArgs) -> std::process::ExitCode {
    let sprt = args.sprt.as_deref().map(|name| (name, args.sprt_elo));
    match merge_files(&args.files, args.partial, args.timings, sprt) {
        Ok(text) => {
            print!("{text}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("menace merge: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

fn merge_files(
    paths: &[PathBuf],
    partial: bool,
    timings: bool,
    sprt: Option<(&str, Sprt)>,
) -> Result<String, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("cannot list {}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "jsonl") && f.is_file())
                .collect();
            if found.is_empty() {
                return Err(format!("{} holds no .jsonl files", p.display()));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    let merged = if partial {
        let mut all = Vec::new();
        for f in &files {
            all.extend(read_records(f)?);
        }
        Merged::from_records(all, false).map_err(|e| e.0)?
    } else {
        let mut texts = Vec::new();
        for f in &files {
            texts.push((f.display().to_string(), read_text(f).map_err(|e| e.0)?));
        }
        merge::merge(&texts).map_err(|e| e.0)?
    };
    let summarize = summarizer(&merged.kind).ok_or_else(|| {
        format!("results of kind {:?}: no summary known (go, go-match, pd, train)", merged.kind)
    })?;
    let mut text = summarize(&merged)?;
    if timings {
        if merged.kind != menace::go::tournament::KIND {
            return Err(format!(
                "--timings: results of kind {:?} record no move times (only Go tournaments do)",
                merged.kind
            ));
        }
        text.push('\n');
        text.push_str(&menace::go::tournament::timings(&merged)?);
    }
    if let Some((name, test)) = sprt {
        text.push('\n');
        text.push_str(&sprt_report(&merged, name, &test)?);
    }
    Ok(text)
}

/// The SPRT paragraph for `name` in a two-entrant Go record.
fn sprt_report(merged: &Merged, name: &str, test: &Sprt) -> Result<String, String> {
    if merged.kind != menace::go::tournament::KIND {
        return Err(format!(
            "--sprt: results of kind {:?} are not games between two entrants (Go only)",
            merged.kind
        ));
    }
    let games = menace::go::tournament::pair_games(merged)?;
    let mut names: Vec<&str> = games.iter().flat_map(|g| [&*g.first, &*g.second]).collect();
    names.sort_unstable();
    names.dedup();
    let opponent = match names[..] {
        [a, b] if a == name => b,
        [a, b] if b == name => a,
        [_, _] => return Err(format!("--sprt: no entrant {name:?} (there are {names:?})")),
        _ => return Err(format!("--sprt needs two entrants, the record has {names:?}")),
    };
    let (mut w, mut t, mut l) = (0, 0, 0);
    for g in &games {
        let first = g.first == name;
        match g.outcome {
            Outcome::Tie => t += 1,
            Outcome::FirstWins if first => w += 1,
            Outcome::SecondWins if !first => w += 1,
            _ => l += 1,
        }
    }
    Ok(test.report(name, opponent, w, t, l))
}
