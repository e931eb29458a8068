//! The driver every tournament-shaped command shares: resuming into the results file,
//! running the shard's units, stopping an A/B run once its SPRT decides, the summary of a
//! shard or a whole run, and `menace merge`. What a unit is and how its lines read is a
//! [`ResultKind`], implemented by the Go referee, the prisoner's-dilemma judge and the
//! training sweep.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::entrants::{self, Entrants};
use super::record::{complete_lines, parse_lines, read_text, Record};
use super::settings;
use super::sprt::{Sprt, SprtError, Verdict};
use super::standings::{Outcome, PairGame};
use super::{merge, run_units, Journal, Merged, Plan, Shard, UnitId};

/// A kind of results line (its `kind` field) and what can be read from such lines alone.
pub trait ResultKind: Sync {
    /// The `kind` of its lines.
    fn kind(&self) -> &'static str;

    /// The summary of a whole run (or a shard's part of it) from its lines alone.
    fn summary(&self, m: &Merged) -> Result<String, String>;

    /// A line as a game between two entrants (`None`: the kind is not two-player games,
    /// so no SPRT applies).
    fn pair_game(&self, r: &Record) -> Option<Result<PairGame, String>> {
        let _ = r;
        None
    }

    /// Each entrant's slowest answer (`None`: the kind records no move times).
    fn timings(&self, m: &Merged) -> Option<Result<String, String>> {
        let _ = m;
        None
    }

    /// What its units are called in the sentences a run says.
    fn words(&self) -> UnitWords {
        UnitWords::UNITS
    }
}

/// What a kind calls its units: one, several, what is done with one and that it was done
/// (`4 games to play`, `the game was already played`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitWords {
    /// One unit: `game`.
    pub one: &'static str,
    /// Several: `games`.
    pub many: &'static str,
    /// What is done with one: `play`.
    pub verb: &'static str,
    /// Done: `played`.
    pub done: &'static str,
}

impl UnitWords {
    /// The words of a kind that says nothing of its own.
    pub const UNITS: UnitWords = UnitWords { one: "unit", many: "units", verb: "run", done: "run" };
    /// Units that are games.
    pub const GAMES: UnitWords =
        UnitWords { one: "game", many: "games", verb: "play", done: "played" };

    /// `1 game` / `4 games`.
    pub fn count(&self, n: usize) -> String {
        format!("{n} {}", if n == 1 { self.one } else { self.many })
    }

    /// `the game was already played` / `all 4 games were already played`.
    pub fn all_done(&self, n: usize) -> String {
        if n == 1 {
            format!("the {} was already {}", self.one, self.done)
        } else {
            format!("all {n} {} were already {}", self.many, self.done)
        }
    }
}

/// The results folder of a run: `given` (`--out`) as it is, else a folder of its own under
/// `default`, named by the configuration's fingerprint (the `config` of every line in it),
/// so a tournament with other entrants or settings never meets another's results and a
/// re-run of the same one finds its own.
pub fn results_dir(given: Option<&Path>, default: &Path, plan: &Plan) -> PathBuf {
    given.map_or_else(|| default.join(&plan.config.0), Path::to_path_buf)
}

/// The result kind named `kind` among `kinds`.
pub fn find<'a>(kinds: &[&'a dyn ResultKind], kind: &str) -> Option<&'a dyn ResultKind> {
    kinds.iter().copied().find(|k| k.kind() == kind)
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
/// entrants of a record of two-player games) has decided, no further game starts.
#[derive(Clone, Debug)]
pub struct SprtStop {
    /// The entrant under test.
    pub entrant: String,
    /// Its hypotheses and error rates.
    pub test: Sprt,
}

impl SprtStop {
    /// Refuses a test for an entrant that is not one of exactly two `entrants`.
    pub fn check(&self, entrants: &[&str]) -> Result<(), SprtError> {
        if entrants.len() != 2 {
            return Err(SprtError::NotTwoEntrants { count: entrants.len() });
        }
        if !entrants.contains(&self.entrant.as_str()) {
            return Err(SprtError::NoSuchEntrant {
                entrant: self.entrant.clone(),
                entrants: entrants.iter().map(|e| e.to_string()).collect(),
            });
        }
        Ok(())
    }
}

/// How this process takes part in a run, the same for all kinds: which units it runs,
/// how many at once, how many at most, and what it says on stderr. The binary makes it
/// from its flags.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions<'a> {
    /// The command's name, for messages on stderr.
    pub command: &'a str,
    /// The units this process runs.
    pub shard: Shard,
    /// Units played at once.
    pub jobs: usize,
    /// Play at most this many of the units still to play, then stop (`None`: all). The
    /// rest resume on the next run, so two runs can be interleaved a unit at a time.
    pub batch: Option<u64>,
    /// Say nothing on stderr but warnings: no progress, no summary of the run.
    pub quiet: bool,
}

/// Why a run gave no summary; each names what went wrong, and `Display` is the sentence
/// the binary prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The plan is of another kind than the results the run was asked to summarise.
    OtherKind {
        /// The plan's kind.
        kind: String,
    },
    /// The folder holds another tournament's results: the sentence names each setting
    /// that differs and what to do.
    AnotherTournament(String),
    /// The entrants' files changed since the folder's results were played, and the run
    /// was not told to go on ([`entrants::settle`]).
    EntrantsChanged(String),
    /// An SPRT asked of a shard: it decides on all the games.
    SprtAsShard,
    /// The results folder, its results or a file beside them cannot be made, read,
    /// parsed or written; the sentence names the file.
    Files(String),
    /// The summary (or the SPRT's paragraph) could not be made from the results' lines.
    Summary(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::OtherKind { kind } => write!(f, "no summary for {kind}"),
            RunError::SprtAsShard => {
                f.write_str("the SPRT decides on all the games, so it cannot run as a shard")
            }
            RunError::AnotherTournament(s)
            | RunError::EntrantsChanged(s)
            | RunError::Files(s)
            | RunError::Summary(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for RunError {}

impl From<RunError> for String {
    fn from(e: RunError) -> String {
        e.to_string()
    }
}

impl From<entrants::SettleError> for RunError {
    fn from(e: entrants::SettleError) -> RunError {
        match e {
            entrants::SettleError::Changed(s) => RunError::EntrantsChanged(s),
            entrants::SettleError::File(s) => RunError::Files(s),
        }
    }
}

/// Where and how a run goes.
#[derive(Clone, Copy, Debug)]
pub struct Run<'a> {
    /// Every unit of the tournament and its configuration.
    pub plan: &'a Plan,
    /// The results folder.
    pub out: &'a Path,
    /// Stop once this SPRT decides (whole runs of two-player games only).
    pub stop: Option<&'a SprtStop>,
    /// How this process takes part.
    pub options: RunOptions<'a>,
}

/// Runs the units of `run.options.shard` not yet recorded in `run.out`, `jobs` at a time
/// (until `stop` decides, if given), then returns the summary of what the results file
/// holds (all units, or the shard's part), followed by the SPRT's paragraph if `stop` is
/// given, and the records the summary was computed from (`None` for a shard that holds no
/// unit). `play` returns a unit's fields; `each` sees every new record (for progress
/// lines). Unless `quiet`, one line on stderr first says what it plays and where the
/// results go, or, when every unit is already recorded, that they were already played and
/// where they are.
pub fn run<P, E>(
    kind: &dyn ResultKind,
    run: &Run,
    play: P,
    each: E,
) -> Result<(String, Option<Merged>), RunError>
where
    P: Fn(UnitId) -> serde_json::Map<String, serde_json::Value> + Sync,
    E: Fn(&Record) + Sync,
{
    run_with(kind, run, None, play, each)
}

/// [`run`] for a tournament whose `entrants` run programs: once the results file is open,
/// and before any unit runs, their files are checked against those the folder's results
/// were played by and recorded ([`entrants::settle`]); a change refuses the run (or, told
/// to, is said on stderr and the run goes on).
pub fn run_with<P, E>(
    kind: &dyn ResultKind,
    run: &Run,
    entrants: Option<&Entrants>,
    play: P,
    each: E,
) -> Result<(String, Option<Merged>), RunError>
where
    P: Fn(UnitId) -> serde_json::Map<String, serde_json::Value> + Sync,
    E: Fn(&Record) + Sync,
{
    let Run { plan, out, stop, options: flags } = *run;
    let RunOptions { command, shard, jobs, batch, quiet } = flags;
    if kind.kind() != plan.kind {
        return Err(RunError::OtherKind { kind: plan.kind.clone() });
    }
    std::fs::create_dir_all(out)
        .map_err(|e| RunError::Files(format!("cannot create {}: {e}", out.display())))?;
    let path = results_path(out, shard);
    // A folder of another configuration is refused with the settings that differ named.
    let recorded = settings::read(out).map_err(RunError::Files)?;
    if let Some(recorded) = recorded.as_ref().filter(|r| r.config != plan.config.0) {
        if entrants::holds_results(out) {
            return Err(RunError::AnotherTournament(settings::refusal(out, recorded, plan)));
        }
    }
    let opened =
        Journal::open(&path, plan, |u| shard.holds(u)).map_err(|e| RunError::Files(e.0))?;
    if opened.dropped > 0 {
        eprintln!(
            "{command}: dropped a torn last line ({} bytes) from {}; that unit runs again",
            opened.dropped,
            path.display()
        );
    }
    let watch = match entrants {
        Some(e) => {
            let results = !opened.records.is_empty() || entrants::holds_results(out);
            let v = entrants::settle(out, plan, e, results, &mut |w| eprintln!("{command}: {w}"))?;
            Some(entrants::Watch::new(out, e, v))
        }
        None => None,
    };
    if recorded.is_none_or(|r| r.config != plan.config.0) {
        settings::write(out, plan).map_err(RunError::Files)?;
    }
    // Each unit names the version of the entrants' files that played it, once there are
    // several; an entrant's file changed mid-run is an incident reported at once.
    let warn = |l: String| eprintln!("{command}: {l}");
    let play = |unit: UnitId| {
        let before = format!("before {} {}", kind.words().one, unit.0 + 1);
        let v = watch.as_ref().map(|w| w.version(&before, &mut |l| warn(l)));
        let mut fields = play(unit);
        if let Some(v) = v.filter(|&v| v > 0) {
            fields.insert(entrants::VERSION_FIELD.into(), v.into());
        }
        fields
    };
    let journal = opened.journal;
    let mine: Vec<UnitId> = plan.all().filter(|u| shard.holds(*u)).collect();
    let mut todo: Vec<UnitId> = mine.iter().copied().filter(|u| !journal.has(*u)).collect();
    let left = todo.len();
    if let Some(batch) = batch {
        todo.truncate(usize::try_from(batch).unwrap_or(usize::MAX));
    }
    // A fresh run and a re-run say plainly what they do and where the results are.
    let words = kind.words();
    let share = if shard.is_whole() { String::new() } else { format!(" of shard {shard}") };
    let said = if left == 0 && !mine.is_empty() {
        format!("{}{share}; results in {}", words.all_done(mine.len()), path.display())
    } else if left == mine.len() && todo.len() == left && shard.is_whole() {
        let n = words.count(left);
        format!("{n} to {}; results go to {}", words.verb, path.display())
    } else {
        format!(
            "{} units to run{}, {} already in {} (this run's share: {} of the tournament's {} units)",
            todo.len(),
            if todo.len() < left { format!(" (a batch; {left} left)") } else { String::new() },
            mine.len() - left,
            path.display(),
            mine.len(),
            plan.units,
        )
    };
    let say = |line: &str| {
        if !quiet {
            eprintln!("{command}: {line}");
        }
    };
    say(&said);
    // The SPRT's counts start from the games already recorded (a resumed run).
    let sprt = match stop {
        Some(rule) => {
            if !shard.is_whole() {
                return Err(RunError::SprtAsShard);
            }
            let so_far: Vec<Record> =
                read_records(&path).map_err(RunError::Files)?.into_iter().map(|(_, r)| r).collect();
            let counts = sprt_counts(kind, &so_far, &rule.entrant).map_err(RunError::Summary)?;
            Some((rule, Mutex::new(counts)))
        }
        None => None,
    };
    let decided = |rule: &SprtStop, c: &Counts| {
        rule.test.verdict(c.wins, c.ties, c.losses) != Verdict::Continue
    };
    let stopped = match &sprt {
        Some((rule, c)) if decided(rule, &c.lock().unwrap_or_else(|p| p.into_inner())) => {
            say(&format!("the SPRT for {} has decided; no game to play", rule.entrant));
            true
        }
        _ => run_units(&journal, plan, &todo, jobs, play, |r: &Record| {
            each(r);
            let Some((rule, c)) = &sprt else { return ControlFlow::Continue(()) };
            let mut c = c.lock().unwrap_or_else(|p| p.into_inner());
            // A line that names neither entrant cannot be in this record (one
            // configuration); count it as nothing rather than stop on it.
            if let Ok(one) = sprt_counts(kind, std::slice::from_ref(r), &rule.entrant) {
                c.add(&one);
            }
            if decided(rule, &c) {
                say(&format!("the SPRT for {} has decided; no further game starts", rule.entrant));
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .map_err(|e| RunError::Files(format!("cannot append to {}: {e}", path.display())))?,
    };
    // A change during the last units is seen too, not only before the next run's.
    if let Some(w) = &watch {
        w.version("at its end", &mut |l| warn(l));
    }
    let records = read_records(&path).map_err(RunError::Files)?;
    if records.is_empty() && !shard.is_whole() {
        // More shards than units: this one has nothing to do, which is not an error.
        let text = format!("shard {shard}: 0 of {} units (none falls to this shard)\n", plan.units);
        return Ok((text, None));
    }
    // A run the SPRT or --batch stopped is summarised as far as it went.
    let complete = shard.is_whole() && !stopped && todo.len() == left;
    let merged = Merged::from_records(records, complete).map_err(|e| RunError::Files(e.0))?;
    let mut text = kind.summary(&merged).map_err(RunError::Summary)?;
    if let Some(rule) = stop {
        text.push('\n');
        let sprt = sprt_report(kind, &merged, &rule.entrant, &rule.test);
        text.push_str(&sprt.map_err(RunError::Summary)?);
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
pub fn read_records(path: &Path) -> Result<Vec<(String, Record)>, String> {
    let text = read_text(path).map_err(|e| e.0)?;
    let label = path.display().to_string();
    let (lines, _) = complete_lines(&text);
    let records = parse_lines(&label, &lines).map_err(|e| e.0)?;
    Ok(records.into_iter().map(|r| (label.clone(), r)).collect())
}

/// What `menace merge` is asked for besides the files.
#[derive(Clone, Debug, Default)]
pub struct MergeOptions<'a> {
    /// Summarise what is there even if units are missing.
    pub partial: bool,
    /// Add each entrant's slowest answer.
    pub timings: bool,
    /// Add the SPRT's paragraph for this entrant.
    pub sprt: Option<&'a SprtStop>,
    /// Count only the units whose line says `"clean": true` (a game the judge saw played
    /// alone on the machine); implies `partial`, and the text begins by saying how many.
    pub clean: bool,
}

/// Why [`merge_files`] gave no summary: the facts of a refused option, or a failure in
/// words (a missing unit, a file that cannot be read...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// Timings asked of results of a kind that records no move times.
    NoTimings {
        /// The results' kind.
        kind: String,
    },
    /// Anything else, in words.
    Failed(String),
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::NoTimings { kind } => {
                write!(f, "results of kind {kind:?} record no move times (only Go tournaments do)")
            }
            MergeError::Failed(e) => f.write_str(e),
        }
    }
}

impl From<String> for MergeError {
    fn from(e: String) -> MergeError {
        MergeError::Failed(e)
    }
}

/// `menace merge`: the results files (or every `*.jsonl` of a folder) checked to hold
/// every unit exactly once under one configuration, and the same summary as a one-machine
/// run, by the kind among `kinds` the lines name.
pub fn merge_files(
    kinds: &[&dyn ResultKind],
    paths: &[PathBuf],
    opts: &MergeOptions,
) -> Result<String, MergeError> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("cannot list {}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "jsonl") && f.is_file())
                .collect();
            if found.is_empty() {
                return Err(format!("{} holds no .jsonl files", p.display()).into());
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    let merged = if opts.partial || opts.clean {
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
    let kind = find(kinds, &merged.kind).ok_or_else(|| {
        let known: Vec<&str> = kinds.iter().map(|k| k.kind()).collect();
        format!("results of kind {:?}: no summary known ({})", merged.kind, known.join(", "))
    })?;
    let mut text = String::new();
    let merged = if opts.clean { only_clean(merged, &mut text)? } else { merged };
    text.push_str(&kind.summary(&merged)?);
    if opts.timings {
        let t = kind
            .timings(&merged)
            .ok_or_else(|| MergeError::NoTimings { kind: merged.kind.clone() })??;
        text.push('\n');
        text.push_str(&t);
    }
    if let Some(rule) = opts.sprt {
        text.push('\n');
        text.push_str(&sprt_report(kind, &merged, &rule.entrant, &rule.test)?);
    }
    Ok(text)
}

/// The units of `merged` whose line says `"clean": true`, with a sentence in `text` saying
/// how many of how many; an error when none is.
fn only_clean(merged: Merged, text: &mut String) -> Result<Merged, String> {
    let all = merged.records.len();
    let clean: Vec<Record> = merged
        .records
        .into_iter()
        .filter(|r| r.data.get("clean").and_then(serde_json::Value::as_bool) == Some(true))
        .collect();
    if clean.is_empty() {
        return Err(format!("--clean: none of the {all} games is recorded as played alone"));
    }
    text.push_str(&format!(
        "clean games only: {} of {all} (the others were played beside other processes, or not watched)\n",
        clean.len()
    ));
    Ok(Merged { records: clean, ..merged })
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

/// The pairwise games of `records`.
fn pair_games(kind: &dyn ResultKind, records: &[Record]) -> Result<Vec<PairGame>, String> {
    records
        .iter()
        .map(|r| {
            kind.pair_game(r).unwrap_or_else(|| {
                Err(format!(
                    "the SPRT: results of kind {:?} are not games between two entrants (Go only)",
                    r.kind
                ))
            })
        })
        .collect()
}

/// `name`'s results in `records`, checking that they hold games between `name` and one
/// other entrant only.
fn sprt_counts(kind: &dyn ResultKind, records: &[Record], name: &str) -> Result<Counts, String> {
    let mut c = Counts::default();
    for (r, g) in records.iter().zip(pair_games(kind, records)?) {
        let first = match (g.first == name, g.second == name) {
            (true, false) => true,
            (false, true) => false,
            _ => {
                return Err(format!(
                    "the SPRT: unit {} is {} against {}, not {name}'s game",
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

/// The SPRT paragraph for `name` in a two-entrant record.
fn sprt_report(
    kind: &dyn ResultKind,
    merged: &Merged,
    name: &str,
    test: &Sprt,
) -> Result<String, String> {
    if merged.records.first().is_some_and(|r| kind.pair_game(r).is_none()) {
        return Err(format!(
            "the SPRT: results of kind {:?} are not games between two entrants (Go only)",
            merged.kind
        ));
    }
    let games = pair_games(kind, &merged.records)?;
    let mut names: Vec<&str> = games.iter().flat_map(|g| [&*g.first, &*g.second]).collect();
    names.sort_unstable();
    names.dedup();
    let opponent = match names[..] {
        [a, b] if a == name => b,
        [a, b] if b == name => a,
        [_, _] => return Err(format!("the SPRT: no entrant {name:?} (there are {names:?})")),
        _ => return Err(format!("the SPRT needs two entrants, the record has {names:?}")),
    };
    let c = sprt_counts(kind, &merged.records, name)?;
    Ok(test.report(name, opponent, c.wins, c.ties, c.losses))
}
