//! What every tournament-shaped command shares: the shard flags, the results file (and
//! resuming into it), running the shard's units, and the summary printed from the lines.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use menace::arena::tournament::record::{complete_lines, parse_lines, read_text, Record};
use menace::arena::tournament::sprt::{Sprt, Verdict};
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

/// A rule that ends an A/B run early: once the SPRT for `entrant` (one of the two
/// entrants of a Go record) has decided, no further game starts.
#[derive(Clone, Debug)]
pub struct SprtStop {
    /// The entrant under test.
    pub entrant: String,
    /// Its hypotheses and error rates.
    pub test: Sprt,
}

/// Runs the units of `shard` not yet recorded in `out`, `jobs` at a time (until `stop`
/// decides, if given), then returns the summary of what the results file holds (all
/// units, or the shard's part), followed by the SPRT's paragraph if `stop` is given.
#[allow(clippy::too_many_arguments)]
pub fn run<P, E>(
    command: &str,
    plan: &Plan,
    shard: Shard,
    out: &Path,
    jobs: usize,
    stop: Option<&SprtStop>,
    play: P,
    each: E,
) -> Result<String, String>
where
    P: Fn(UnitId) -> Map<String, Value> + Sync,
    E: Fn(&Record) + Sync,
{
    run_merged(command, plan, shard, out, jobs, stop, play, each).map(|(text, _)| text)
}

/// [`run`], also returning the records the summary was computed from (`None` for a shard
/// that holds no unit), for callers that write more than the printed summary.
#[allow(clippy::too_many_arguments)]
pub fn run_merged<P, E>(
    command: &str,
    plan: &Plan,
    shard: Shard,
    out: &Path,
    jobs: usize,
    stop: Option<&SprtStop>,
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
    // The SPRT's counts start from the games already recorded (a resumed run).
    let sprt = match stop {
        Some(rule) => {
            if !shard.is_whole() {
                return Err("--sprt decides on all the games, so it cannot run as a shard".into());
            }
            let so_far: Vec<Record> = read_records(&path)?.into_iter().map(|(_, r)| r).collect();
            Some((rule, std::sync::Mutex::new(sprt_counts(&so_far, &rule.entrant)?)))
        }
        None => None,
    };
    let decided = |rule: &SprtStop, c: &Counts| {
        rule.test.verdict(c.wins, c.ties, c.losses) != Verdict::Continue
    };
    let stopped = match &sprt {
        Some((rule, c)) if decided(rule, &c.lock().unwrap_or_else(|p| p.into_inner())) => {
            eprintln!("{command}: the SPRT for {} has decided; no game to play", rule.entrant);
            true
        }
        _ => run_units(&journal, plan, &todo, jobs, play, |r: &Record| {
            each(r);
            let Some((rule, c)) = &sprt else { return ControlFlow::Continue(()) };
            let mut c = c.lock().unwrap_or_else(|p| p.into_inner());
            // A line that names neither entrant cannot be in this record (one
            // configuration); count it as nothing rather than stop on it.
            if let Ok(one) = sprt_counts(std::slice::from_ref(r), &rule.entrant) {
                c.add(&one);
            }
            if decided(rule, &c) {
                eprintln!(
                    "{command}: the SPRT for {} has decided; no further game starts",
                    rule.entrant
                );
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .map_err(|e| format!("cannot append to {}: {e}", path.display()))?,
    };
    let records = read_records(&path)?;
    if records.is_empty() && !shard.is_whole() {
        // More shards than units: this one has nothing to do, which is not an error.
        let text = format!("shard {shard}: 0 of {} units (none falls to this shard)\n", plan.units);
        return Ok((text, None));
    }
    // A run the SPRT stopped is summarised as far as it went.
    let complete = shard.is_whole() && !stopped;
    let merged = Merged::from_records(records, complete).map_err(|e| e.0)?;
    let mut text = summarize(&merged)?;
    if let Some(rule) = stop {
        text.push('\n');
        text.push_str(&sprt_report(&merged, &rule.entrant, &rule.test)?);
    }
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

    /// Refuses `--sprt` for an entrant that is not one of exactly two.
    pub fn check(&self, entrants: &[&str]) -> Result<(), String> {
        match &self.sprt {
            None => Ok(()),
            Some(_) if entrants.len() != 2 => {
                Err(format!("--sprt needs two entrants, there are {}", entrants.len()))
            }
            Some(name) if !entrants.contains(&name.as_str()) => {
                Err(format!("--sprt: no entrant {name:?} (there are {entrants:?})"))
            }
            Some(_) => Ok(()),
        }
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
    /// it (Go tournaments). Left out by default: times belong to one machine and one day,
    /// and shards merged must print the one-machine summary byte for byte.
    #[arg(long)]
    pub timings: bool,
    #[command(flatten)]
    pub sprt: SprtArgs,
}

/// Runs `menace merge`: checks every unit is there exactly once under one
/// configuration and prints the same summary as a one-machine run.
pub fn run_merge(args: MergeArgs) -> std::process::ExitCode {
    let sprt = args.sprt.rule();
    match merge_files(&args.files, args.partial, args.timings, sprt.as_ref()) {
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
    sprt: Option<&SprtStop>,
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
    if let Some(rule) = sprt {
        text.push('\n');
        text.push_str(&sprt_report(&merged, &rule.entrant, &rule.test)?);
    }
    Ok(text)
}

/// Wins, ties and losses of one entrant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    wins: u32,
    ties: u32,
    losses: u32,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.wins += o.wins;
        self.ties += o.ties;
        self.losses += o.losses;
    }
}

/// `name`'s results in Go `records` (black, white, winner), checking that they hold games
/// between `name` and one other entrant only.
fn sprt_counts(records: &[Record], name: &str) -> Result<Counts, String> {
    use menace::arena::tournament::standings::Outcome;
    let mut c = Counts::default();
    for r in records {
        let g = menace::go::tournament::pair_game(r)?;
        let first = match (g.first == name, g.second == name) {
            (true, false) => true,
            (false, true) => false,
            _ => {
                return Err(format!(
                    "--sprt: unit {} is {} against {}, not {name}'s game",
                    r.unit, g.first, g.second
                ))
            }
        };
        match (g.outcome, first) {
            (Outcome::Tie, _) => c.ties += 1,
            (Outcome::FirstWins, true) | (Outcome::SecondWins, false) => c.wins += 1,
            _ => c.losses += 1,
        }
    }
    Ok(c)
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
    let c = sprt_counts(&merged.records, name)?;
    Ok(test.report(name, opponent, c.wins, c.ties, c.losses))
}
