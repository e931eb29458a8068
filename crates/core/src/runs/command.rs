//! `menace train`'s runs, from a checked [`Request`](super::request::Request) and its
//! flags: any learner on any game ([`any_learner`]), one MENACE run that may resume a
//! state file ([`single`]), a sweep over seeds kept in memory ([`sweep`]) or recorded as
//! a tournament ([`recorded`]). Each gives back the text to print and how it ended; what
//! core cannot do itself it is handed ([`Outside`]): the opponent program of `exec:`, the
//! chart of a learning curve, progress on a terminal.

use std::path::Path;
use std::time::Instant;

use crate::choice::GameChoice;
use crate::game::{Game, Side};
use crate::hexapawn::Hexapawn;
use crate::learn::sweep as seeds;
use crate::learn::train::{run_seed, Opponent, OpponentSpec, Plan, Summary};
use crate::learn::{greedy_moves, Learner, LearnerKind, Learners};
use crate::menace::class::ClassRecord;
use crate::menace::curve::Story;
use crate::menace::state::State;
use crate::menace::{BeadRules, Matchboxes};
use crate::nim::{format_table, strategy_table};
use crate::ttt::TicTacToe;

/// How a training run goes and what it prints, beyond which run it is (the binary makes
/// it from its flags).
#[derive(Clone, Debug)]
pub struct Training {
    /// Training games per run.
    pub games: u64,
    /// A curve point every K games (default: games/100).
    pub every: Option<u64>,
    /// Games between two checks of whether the learner has become unbeatable.
    pub check_every: u64,
    /// Stop a run once the learner is unbeatable.
    pub stop_when_unbeatable: bool,
    /// The first seed.
    pub seed: u64,
    /// How many seeds.
    pub seeds: u64,
    /// Runs at once.
    pub jobs: usize,
    /// Seconds an external opponent may take per move.
    pub move_timeout: f64,
    /// One JSON object per run instead of text.
    pub json: bool,
    /// Nim's learned strategy as a table after each run.
    pub table: bool,
}

impl Training {
    /// The training plan these settings describe.
    pub fn plan(&self) -> Plan {
        Plan::new(self.games, self.every, self.check_every, self.stop_when_unbeatable)
    }
}

/// Writes a learning curve under a title (the chart is the caller's).
pub type CurveWriter<'a> = &'a (dyn Fn(&Summary, &str) -> Result<(), String> + Sync);

/// What a run needs from outside the core.
pub struct Outside<'a> {
    /// Starts the opponent program of `exec:COMMAND` (core starts no programs).
    pub program: &'a (dyn Fn(&str) -> Result<Opponent<TicTacToe>, String> + Sync),
    /// Where the learning curve goes, if asked.
    pub curve: Option<CurveWriter<'a>>,
    /// Told the games played so far, every 64 games, in a single run (a progress bar).
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
}

/// What a run printed, and how it ended: whether it stopped early (a failed opponent),
/// or the error that ended it after the text (a curve or state file not written).
pub struct Printed {
    /// Standard output's text.
    pub text: String,
    /// `Ok(stopped)`, or the error.
    pub outcome: Result<bool, TrainError>,
}

impl Printed {
    fn failed(text: String, e: TrainError) -> Printed {
        Printed { text, outcome: Err(e) }
    }
}

/// Why a training run gave an error, by the step that failed; `Display` is the sentence
/// the binary prints (which names the file or the program).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainError {
    /// The saved machine to go on from cannot be read, is not a valid machine, was kept
    /// under other bead rules, or plays the other side.
    Resume(String),
    /// A run could not be played (an opponent program that cannot start, a seed's run
    /// that failed).
    Run(String),
    /// The learning curve could not be written.
    Curve(String),
    /// The machine could not be saved.
    Save(String),
}

impl std::fmt::Display for TrainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrainError::Resume(s)
            | TrainError::Run(s)
            | TrainError::Curve(s)
            | TrainError::Save(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for TrainError {}

impl From<TrainError> for String {
    fn from(e: TrainError) -> String {
        e.to_string()
    }
}

/// Writes `summary`'s curve if one was asked for (for several seeds, the first seed's).
fn write_curve(
    curve: Option<CurveWriter>,
    summary: &Summary,
    title: impl FnOnce() -> String,
) -> Result<(), String> {
    curve.map_or(Ok(()), |write| write(summary, &title()))
}

/// Any learner on any game, one or several seeds (no saved state; built-in opponents
/// only); for Nim with [`Training::table`], each run's learned strategy follows its line.
pub fn any_learner(
    f: &Training,
    game: GameChoice,
    side: Side,
    kind: LearnerKind,
    learners: &Learners,
    spec: &OpponentSpec,
    curve: Option<CurveWriter>,
) -> Printed {
    match game {
        GameChoice::Ttt => generic(f, TicTacToe, side, kind, learners, spec, curve, none),
        GameChoice::Nim(nim) => {
            let table = |learner: &Learner<_>| {
                let rows = strategy_table(&nim, side, |p| greedy_moves(learner, &nim, p));
                format_table(&nim, &rows).iter().map(|l| format!("{l}\n")).collect()
            };
            let after = |learner: &Learner<_>| if f.table { table(learner) } else { String::new() };
            generic(f, nim, side, kind, learners, spec, curve, after)
        }
        GameChoice::Hexapawn => generic(f, Hexapawn, side, kind, learners, spec, curve, none),
    }
}

/// Nothing after a run's line.
fn none<G: Game>(_: &Learner<G>) -> String {
    String::new()
}

#[allow(clippy::too_many_arguments)]
fn generic<G: Game + Clone + Send + Sync>(
    f: &Training,
    game: G,
    side: Side,
    kind: LearnerKind,
    learners: &Learners,
    spec: &OpponentSpec,
    curve: Option<CurveWriter>,
    after: impl Fn(&Learner<G>) -> String,
) -> Printed
where
    G::Pos: Send,
{
    let plan = f.plan();
    let one = |seed| {
        let learner = Learner::new(&game, side, kind, learners);
        let exec = |_: &str| Err("built-in opponents only".to_string());
        run_seed(&game, learner, side, spec, &learners.rules, exec, &plan, seed, |_| {})
    };
    let runs = match seeds::run_seeds(f.seed, f.seeds, f.jobs, one) {
        Ok(r) => r,
        Err(e) => return Printed::failed(String::new(), TrainError::Run(e)),
    };
    let mut text = String::new();
    if !f.json {
        let (kind, game) = (kind.name(), game.name());
        text.push_str(&format!(
            "{kind} learner on {game} ({} side) against {spec}:\n",
            side.name()
        ));
    }
    for (seed, (summary, learner)) in &runs {
        if f.json {
            let extra = [("game", game.name()), ("learner", kind.name())];
            text.push_str(&summary.json_line(*seed, &spec.to_string(), &extra));
        } else {
            text.push_str(&summary.describe(*seed));
        }
        text.push('\n');
        text.push_str(&after(learner));
    }
    if let Some((seed, (summary, _))) = runs.first() {
        let title =
            || format!("{} learner on {} against {spec}, seed {seed}", kind.name(), game.name());
        if let Err(e) = write_curve(curve, summary, title) {
            return Printed::failed(text, TrainError::Curve(e));
        }
    }
    Printed { text, outcome: Ok(false) }
}

/// Where a MENACE run starts: a state file's machine, its games played and a class's
/// record (kept when the file is written back).
pub struct Resumed {
    /// The machine.
    pub machine: Matchboxes<TicTacToe>,
    /// Its games played.
    pub played: u64,
    /// A class's record, if the file is a class's.
    pub class: Option<ClassRecord>,
    /// MENACE's whole story (empty for a file written before stories were kept): the
    /// run's games are added to it.
    pub story: Story,
}

/// The state file at `path` to go on training as `side`, if it exists: refused when
/// `asked` (bead rules the user asked for) differs from the file's, when the file is not a
/// valid machine, or when its machine plays the other side (errors name the file).
pub fn resume(
    path: &Path,
    asked: Option<&BeadRules>,
    side: Side,
) -> Result<Option<Resumed>, TrainError> {
    let read = State::read_existing(path, asked).map_err(TrainError::Resume)?;
    let Some(state) = read else { return Ok(None) };
    let named = |e: String| TrainError::Resume(format!("{}: {e}", path.display()));
    let machine = state.to_machine().map_err(named)?;
    crate::menace::state::other_side(machine.side(), side).map_err(|e| named(e.into()))?;
    let story = state.story();
    Ok(Some(Resumed { machine, played: state.games_played, class: state.class, story }))
}

/// MENACE's run from `seed` (from `start`'s machine, or a fresh one), against `spec`.
fn run_one(
    f: &Training,
    side: Side,
    spec: &OpponentSpec,
    rules: &BeadRules,
    seed: u64,
    start: Option<(Matchboxes<TicTacToe>, u64)>,
    outside: &Outside,
) -> Result<(Summary, Matchboxes<TicTacToe>, u64), String> {
    let (machine, played) =
        start.unwrap_or_else(|| (Matchboxes::new(TicTacToe, side, rules.clone()), 0));
    let progress = |n| {
        if let Some(p) = outside.progress.filter(|_| n % 64 == 0) {
            p(n);
        }
    };
    let (summary, machine) = run_seed(
        &TicTacToe,
        machine,
        side,
        spec,
        rules,
        outside.program,
        &f.plan(),
        seed,
        progress,
    )?;
    let games = summary.games;
    Ok((summary, machine, played + games))
}

/// The words for MENACE on the side it plays: first-side output reads as it always did;
/// the second machine says it plays O.
fn menace_on(side: Side) -> &'static str {
    if side == Side::Second {
        "MENACE playing O"
    } else {
        "MENACE"
    }
}

/// A curve's title for MENACE's run from `seed`.
fn curve_title(side: Side, rules: &BeadRules, spec: &OpponentSpec, seed: u64) -> String {
    let rules = rules.preset_name().unwrap_or("custom rules");
    format!("{} ({rules}) learning against {spec}, seed {seed}", menace_on(side))
}

/// One MENACE run on tic-tac-toe from [`Training::seed`], going on from `start` if given, its state
/// written back to `save` (a class's record kept). Stopped: a failed opponent ended it.
pub fn single(
    f: &Training,
    side: Side,
    spec: &OpponentSpec,
    rules: &BeadRules,
    start: Option<Resumed>,
    save: Option<&Path>,
    outside: &Outside,
) -> Printed {
    let t0 = Instant::now();
    let (start, class, story) = match start {
        Some(r) => (Some((r.machine, r.played)), r.class, r.story),
        None => (None, None, Story::default()),
    };
    let (summary, machine, played) = match run_one(f, side, spec, rules, f.seed, start, outside) {
        Ok(r) => r,
        Err(e) => return Printed::failed(String::new(), TrainError::Run(e)),
    };
    let text = if f.json {
        format!("{}\n", summary.json_line(f.seed, &spec.to_string(), &[]))
    } else {
        format!(
            "{} ({rules}) against {spec}:\n{}\n  {:.2} s\n",
            menace_on(side),
            summary.describe(f.seed),
            t0.elapsed().as_secs_f64()
        )
    };
    if let Err(e) = write_curve(outside.curve, &summary, || curve_title(side, rules, spec, f.seed))
    {
        return Printed::failed(text, TrainError::Curve(e));
    }
    if let Some(path) = save {
        // The story goes on with the run's games, as a session's would.
        let mut story = story;
        story.record_block(&summary.tally);
        let state = State { class, story: Some(story), ..State::of(&machine, played) };
        if let Err(e) = state.save(path) {
            return Printed::failed(text, TrainError::Save(e));
        }
    }
    Printed { text, outcome: Ok(summary.stopped.is_some()) }
}

/// MENACE on tic-tac-toe over [`Training::seeds`] seeds, [`Training::jobs`] at once,
/// kept in memory and summarised ([`seeds::describe_runs`]).
pub fn sweep(
    f: &Training,
    side: Side,
    spec: &OpponentSpec,
    rules: &BeadRules,
    outside: &Outside,
) -> Printed {
    let t0 = Instant::now();
    let one = |s| run_one(f, side, spec, rules, s, None, outside).map(|r| r.0);
    let ok = match seeds::run_seeds(f.seed, f.seeds, f.jobs, one) {
        Ok(ok) => ok,
        Err(e) => return Printed::failed(String::new(), TrainError::Run(e)),
    };
    // As for the other learners: the curve drawn is the first seed's.
    if let Some((seed, summary)) = ok.first() {
        let title = || curve_title(side, rules, spec, *seed);
        if let Err(e) = write_curve(outside.curve, summary, title) {
            return Printed::failed(String::new(), TrainError::Curve(e));
        }
    }
    if f.json {
        let lines = ok.iter().map(|(seed, s)| s.json_line(*seed, &spec.to_string(), &[]) + "\n");
        return Printed { text: lines.collect(), outcome: Ok(false) };
    }
    let text = format!(
        "{} ({rules}) against {spec}, {} seeds from {}:\n{}  {:.2} s with {} jobs\n",
        menace_on(side),
        f.seeds,
        f.seed,
        seeds::describe_runs(&ok),
        t0.elapsed().as_secs_f64(),
        f.jobs
    );
    Printed { text, outcome: Ok(false) }
}

/// One seed's run of a sweep recorded in a results folder, its summary for the
/// seed's results line: the binary runs the sweep as units of the tournament layer, which
/// core does not know.
pub fn seed_summary(
    f: &Training,
    side: Side,
    spec: &OpponentSpec,
    rules: &BeadRules,
    seed: u64,
    outside: &Outside,
) -> Result<Summary, TrainError> {
    run_one(f, side, spec, rules, seed, None, outside)
        .map(|(summary, _, _)| summary)
        .map_err(TrainError::Run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_file_that_is_not_a_machine_is_a_resume_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, "not json").unwrap();
        let e = resume(&path, None, Side::First).err().unwrap();
        let want = format!("{} is not a valid state file: ", path.display());
        assert!(matches!(&e, TrainError::Resume(s) if s.starts_with(&want)), "{e:?}");
        assert_eq!(String::from(e.clone()), e.to_string());
        assert!(resume(&dir.path().join("none.json"), None, Side::First).unwrap().is_none());
    }
}
