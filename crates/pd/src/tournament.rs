//! `menace pd --games`: games as units of the tournament layer
//! ([`menace_arena::tournament`]).
//!
//! Game `u` takes its id order and generated round seeds from a generator seeded with
//! `UnitId(u).seed(base)`, a function of the game's index and `--seed` only, so a game
//! plays the same on one machine, in any shard of a Slurm array, or resumed after a kill.
//! Each finished game is one results line holding its [`Finals`]; the printed table is
//! computed from the lines alone, which is why `menace merge` of the shards' files prints
//! what a one-machine run prints.
//!
//! ```
//! use menace_arena::tournament::UnitId;
//! use menace_pd::tournament::unit_plan;
//!
//! let (ids, seeds) = unit_plan(UnitId(3), 1, 4, 100, None, None);
//! assert_eq!(ids.len(), 4);
//! assert_eq!(seeds.len(), 100);
//! // The same unit under the same base seed: the same game, wherever it runs.
//! assert_eq!(unit_plan(UnitId(3), 1, 4, 100, None, None), (ids, seeds));
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use menace_arena::tournament::driver::{self, Run, RunError, RunOptions, UnitWords};
use menace_arena::tournament::entrants::{self, Entrants, OnChange};
use menace_arena::tournament::report as arena_report;
use menace_arena::tournament::{Merged, Plan, Record, ResultKind, UnitId};
use menace_run::Missing;
use menace_stats::rng::from_seed;
use menace_stats::rng::RngCore;
use serde_json::{Map, Value};

use super::judge::{self, shuffled_ids, Finals, GameResult, Player};
use super::report;
use super::rules::Id;
use super::seeds;

/// The kind of a prisoner's-dilemma results line.
pub const KIND: &str = "pd";

/// Game `unit`'s id order (`ids[i]` for the i-th listed player) and round seeds: the
/// fixed `order` and `file_seeds` when given, else drawn from the unit's own generator
/// (`UnitId::seed(base)`): first the shuffle's seed, then the round seeds' seed.
pub fn unit_plan(
    unit: UnitId,
    base: u64,
    players: usize,
    rounds: usize,
    order: Option<&[Id]>,
    file_seeds: Option<&[u64]>,
) -> (Vec<Id>, Vec<u64>) {
    let mut g = from_seed(unit.seed(base));
    let order_seed = g.next_u64();
    let seed_seed = g.next_u64();
    let ids = order.map_or_else(|| shuffled_ids(players, order_seed), <[Id]>::to_vec);
    let s = file_seeds.map_or_else(|| seeds::generate(seed_seed, rounds), <[u64]>::to_vec);
    (ids, s)
}

/// The fields of a finished game's results line: its [`Finals`] (`names`, `ids`,
/// `final_scores`), the number of rounds and of incidents. No clock times, so the same
/// arguments give byte-identical lines.
pub fn record_fields(g: &GameResult) -> Map<String, Value> {
    let mut m = match serde_json::to_value(g.finals()) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    m.insert("rounds".into(), Value::from(g.history.len()));
    m.insert("incidents".into(), Value::from(g.incidents.len()));
    m
}

/// The [`Finals`] of a results line, checked (the line may come from any file).
pub fn finals_of(r: &Record) -> Result<Finals, String> {
    let f: Finals = serde_json::from_value(Value::Object(r.data.clone()))
        .map_err(|e| format!("unit {}: not a prisoner's-dilemma game: {e}", r.unit))?;
    f.check().map_err(|e| format!("unit {}: {e}", r.unit))?;
    Ok(f)
}

/// The games of merged lines, in unit order, checked to be games of one field (the same
/// players, in the same listed order).
pub fn games(m: &Merged) -> Result<Vec<Finals>, String> {
    let games: Vec<Finals> = m.records.iter().map(finals_of).collect::<Result<_, _>>()?;
    if let Some(first) = games.first() {
        let listed = |f: &Finals| -> Vec<String> {
            f.ids.iter().map(|&id| f.names[(id - 1) as usize].clone()).collect()
        };
        let want = listed(first);
        for (g, r) in games.iter().zip(&m.records) {
            if listed(g) != want {
                return Err(format!("unit {} has another field of players than unit 0", r.unit));
            }
        }
    }
    Ok(games)
}

/// The summary printed for a tournament's lines: a one-game tournament prints that game's
/// standings, a longer one the mean and spread per player ([`report::summary_table`]),
/// preceded by how many games the lines cover when some are missing.
pub fn summary(m: &Merged) -> Result<String, String> {
    let games = games(m)?;
    let mut out = String::new();
    if (games.len() as u64) < m.units {
        out.push_str(&format!("{} of {} games\n", games.len(), m.units));
    }
    match games.as_slice() {
        [] => {}
        [one] if m.units == 1 => out.push_str(&report::standings(one)),
        _ => {
            out.push_str(&report::summary_table(&report::summarize(&games)));
            out.push_str(&format!("\n{}:\n{}", report::RATING_ORDER, report::rating(&games)));
        }
    }
    Ok(out)
}

/// The standings of a whole run written into `out` as CSV, JSON and an HTML report
/// ([`menace_arena::tournament::report`]): the rating from the placings, with the count of
/// each player's incidents (told in full in the games' `incidents.txt`).
pub fn write_report(
    out: &Path,
    merged: &Merged,
    totals: &Totals,
    players: &[Player],
    games_n: usize,
) -> Result<(), String> {
    let games = games(merged)?;
    let s = report::rating(&games);
    let title = format!(
        "Prisoner's dilemma {}: {} of {} games, {} players",
        merged.config,
        games.len(),
        merged.units,
        players.len()
    );
    // Relative to the folder, so the same games in another folder give the same bytes.
    let incidents = totals.incident_lines(players, Path::new("."), games_n);
    let r = arena_report::Report { title, standings: &s, order: report::RATING_ORDER, incidents };
    arena_report::write(out, &r)
}

/// The prisoner's-dilemma results lines, for the tournament driver and `menace merge`.
pub struct PdResults;

impl ResultKind for PdResults {
    fn kind(&self) -> &'static str {
        KIND
    }

    fn summary(&self, m: &Merged) -> Result<String, String> {
        summary(m)
    }

    fn words(&self) -> UnitWords {
        UnitWords::GAMES
    }
}

/// The players of `specs`: built-in names or command lines, each optionally given a name
/// for the tables as `NAME=SPEC` (`alice=python3 tft.py`). A mistyped strategy or program
/// is refused rather than run as a program that fails every round (a bare `tft.py` that is
/// a file here is answered `did you mean ./tft.py?`); two players given the same name are
/// refused, and repeated unnamed ones get a suffix (`tft#2`) so tables and plots tell
/// them apart.
pub fn field(specs: &[String]) -> Result<Vec<Player>, PlayError> {
    let mut players = Vec::with_capacity(specs.len());
    let mut named = Vec::with_capacity(specs.len());
    for s in specs {
        let (name, spec) = split_name(s).map_or((None, s.as_str()), |(n, rest)| (Some(n), rest));
        let mut p = Player::parse(spec)?;
        if let judge::Kind::External(prog) = &p.kind {
            prog.locate().map_err(|e| match e.why {
                Missing::NotOnPath { .. } => PlayError::Refused(Refused::UnknownPlayer {
                    name: e.name.clone(),
                    suggestion: e.suggestion(),
                }),
                _ => PlayError::Failed(e.to_string()),
            })?;
        }
        if let Some(n) = name {
            p.name = n.to_string();
        }
        named.push(name.is_some());
        players.push(p);
    }
    for (i, p) in players.iter().enumerate() {
        if named[i] && players.iter().enumerate().any(|(j, q)| j != i && q.name == p.name) {
            return Err(Refused::SameName { name: p.name.clone() }.into());
        }
    }
    for i in 0..players.len() {
        let same = players[..i]
            .iter()
            .filter(|p| {
                p.name == players[i].name || p.name.starts_with(&format!("{}#", players[i].name))
            })
            .count();
        if same > 0 {
            players[i].name = format!("{}#{}", players[i].name, same + 1);
        }
    }
    Ok(players)
}

/// `NAME=SPEC` split, when the part before the first `=` can be a name: 1 to 64
/// characters, none of them white space, a control character, a quote, a backslash or a
/// `/` (so `sh -c 'x=1'` and `./a=b` stay command lines), and something after it.
pub fn split_name(spec: &str) -> Option<(&str, &str)> {
    let (name, rest) = spec.split_once('=')?;
    let fits = !name.is_empty()
        && name.chars().count() <= 64
        && !name.chars().any(|c| c.is_whitespace() || c.is_control() || "'\"\\/".contains(c));
    (fits && !rest.trim().is_empty()).then_some((name, rest))
}

/// The files each external player runs, stamped (`None` when every player is built in):
/// what the results folder checks a re-run against ([`entrants::settle`]).
pub fn stamps(players: &[Player]) -> Result<Option<Vec<entrants::EntrantStamp>>, String> {
    let mut field = Vec::new();
    for p in players {
        if let judge::Kind::External(prog) = &p.kind {
            let files = prog.files().map_err(|e| format!("player {}: {e}", p.name))?;
            field.push((p.name.clone(), prog.to_string(), files));
        }
    }
    if field.is_empty() {
        return Ok(None);
    }
    Ok(Some(entrants::stamp(&field)))
}

/// Everything that decides a `menace pd --games` run's results, and where they go.
#[derive(Clone, Debug)]
pub struct Games {
    /// The players, in the order listed.
    pub players: Vec<Player>,
    /// The base seed of the id shuffles and generated round seeds.
    pub seed: u64,
    /// Fixed ids instead of a shuffle.
    pub order: Option<Vec<Id>>,
    /// Round seeds read from a file (every game uses them), or `None` to generate them.
    pub file_seeds: Option<Vec<u64>>,
    /// Rounds per game.
    pub rounds: usize,
    /// Time and output limits of each program in each round.
    pub config: judge::Config,
    /// The timeout as given, in seconds (part of the fingerprint).
    pub timeout: f64,
    /// Number of games.
    pub games: usize,
    /// The results folder.
    pub out: PathBuf,
    /// Draws a game's scores as `plot.svg` (the binary passes `menace_plot::pd::scores_svg`);
    /// `None` writes no plot. A function, so this crate builds without a plotting library.
    pub plot: Option<Plot>,
    /// The external players' files, checked against those the folder's games were played
    /// by before any game ([`entrants::settle`]); `None`: not checked.
    pub entrants: Option<Entrants<'static>>,
}

/// A drawing of one game's scores, as an SVG document.
pub type Plot = fn(&GameResult) -> Result<String, String>;

impl Games {
    /// Checks the settings ([`Refused`] says what is wrong; the binary, which flag).
    pub fn check(&self) -> Result<(), Refused> {
        if self.players.len() < 2 {
            return Err(Refused::TooFewPlayers);
        }
        if !(self.timeout.is_finite() && self.timeout > 0.0 && self.timeout < 1e6) {
            return Err(Refused::Timeout(self.timeout));
        }
        if self.games == 0 {
            return Err(Refused::NoGames);
        }
        if self.rounds == 0 {
            return Err(Refused::NoRounds);
        }
        if let Some(order) = &self.order {
            judge::check_order(order, self.players.len()).map_err(Refused::Order)?;
        }
        Ok(())
    }

    /// The plan: one unit per game, fingerprinted by everything that decides the results.
    pub fn plan(&self) -> Plan {
        let players: Vec<[String; 2]> =
            self.players.iter().map(|p| [p.name.clone(), spec_of(p)]).collect();
        let canonical = serde_json::json!({
            "kind": KIND,
            "players": players,
            "order": self.order,
            "seed": self.seed,
            "seeds": self.file_seeds.as_ref().map(|s| s[..self.rounds].iter().map(u64::to_string).collect::<Vec<_>>()),
            "rounds": self.rounds,
            "timeout": self.timeout,
            "max_output": self.config.limits.max_output,
            "games": self.games,
        });
        // Limits on the programs decide results (a program over one fails its round), so
        // they are part of the configuration when set; without them it is as before.
        let mut canonical = canonical;
        let l = self.config.limits.rlimits;
        if let (false, Value::Object(m)) = (l.is_none(), &mut canonical) {
            m.insert(
                "entrant_limits".into(),
                serde_json::json!({"memory_bytes": l.memory, "cpu_s": l.cpu.map(|d| d.as_secs_f64())}),
            );
        }
        let canonical = canonical.to_string();
        Plan::new(KIND, &canonical, self.games as u64)
    }

    /// Plays game `unit` (`Err`: the judge could not, e.g. a player cannot be run).
    pub fn play(&self, unit: UnitId) -> Result<GameResult, String> {
        let (ids, s) = unit_plan(
            unit,
            self.seed,
            self.players.len(),
            self.rounds,
            self.order.as_deref(),
            self.file_seeds.as_deref(),
        );
        judge::play(&self.players, &ids, &s, &self.config)
    }

    /// Writes game `unit`'s files (in [`game_dir`]).
    pub fn write(&self, unit: UnitId, res: &GameResult) -> Result<(), String> {
        write_game(
            &game_dir(&self.out, self.games, unit),
            res,
            self.file_seeds.is_none(),
            self.plot,
        )
    }
}

/// What the games of one run have seen so far, shared by the games played at once: the
/// slowest round, the incidents, the games played, and the first failure (which decides
/// the run's exit).
#[derive(Debug, Default)]
pub struct Tally {
    slowest: Mutex<f64>,
    incidents: AtomicUsize,
    played: AtomicUsize,
    failure: Mutex<Option<String>>,
    by_player: Mutex<Vec<PlayerIncidents>>,
}

/// One listed player's incidents over the games of a run: how many, and of which kinds
/// (in the order first seen).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerIncidents {
    /// Incidents in all.
    pub count: usize,
    /// Each kind ([`judge::Incident::kind`]) and its count.
    pub kinds: Vec<(&'static str, usize)>,
}

/// A [`Tally`] at the end of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Totals {
    /// Seconds of the slowest round of any game.
    pub slowest: f64,
    /// Incidents over all games.
    pub incidents: usize,
    /// Games played (not counting those that failed).
    pub played: usize,
    /// The first failure: a game that could not be played or its files not written.
    pub failure: Option<String>,
    /// Each listed player's incidents (empty when no game had any).
    pub by_player: Vec<PlayerIncidents>,
}

impl Totals {
    /// The line `menace pd` ends with: games played, players, rounds, time taken, the
    /// slowest round, incidents, and where the results are.
    pub fn describe(&self, players: usize, rounds: usize, elapsed: f64, out: &Path) -> String {
        format!(
            "{} game(s) played of {players} players, {rounds} rounds, {elapsed:.2} s (slowest round {:.3} s), {} incident(s); results in {}",
            self.played,
            self.slowest,
            self.incidents,
            out.display()
        )
    }

    /// One line per listed player that had incidents: how many, of which kinds, and where
    /// they are told in full (`player ./crash.py: 3 incidents (3 exited with a failure
    /// status); details in OUT/incidents.txt`). Said even by a quiet run: a crash is never
    /// silent.
    pub fn incident_lines(&self, players: &[Player], out: &Path, games: usize) -> Vec<String> {
        let details = if games == 1 {
            out.join("incidents.txt")
        } else {
            out.join("game-*").join("incidents.txt")
        };
        self.by_player
            .iter()
            .zip(players)
            .filter(|(c, _)| c.count > 0)
            .map(|(c, p)| {
                let kinds: Vec<String> = c.kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
                format!(
                    "player {}: {} incident{} ({}); details in {}",
                    p.name,
                    c.count,
                    if c.count == 1 { "" } else { "s" },
                    kinds.join(", "),
                    details.display()
                )
            })
            .collect()
    }
}

impl Tally {
    fn keep(&self, e: String) {
        self.failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
    }

    /// The totals, once every game is done.
    pub fn totals(self) -> Totals {
        Totals {
            slowest: self.slowest.into_inner().unwrap_or_else(|p| p.into_inner()),
            incidents: self.incidents.into_inner(),
            played: self.played.into_inner(),
            failure: self.failure.into_inner().unwrap_or_else(|p| p.into_inner()),
            by_player: self.by_player.into_inner().unwrap_or_else(|p| p.into_inner()),
        }
    }

    /// Counts the incidents of a game under its listed players.
    fn count(&self, res: &GameResult) {
        if res.incidents.is_empty() {
            return;
        }
        let mut by = self.by_player.lock().unwrap_or_else(|p| p.into_inner());
        if by.len() < res.ids.len() {
            by.resize(res.ids.len(), PlayerIncidents::default());
        }
        for x in &res.incidents {
            let Some(listed) = res.ids.iter().position(|&id| id == x.id) else { continue };
            let c = &mut by[listed];
            c.count += 1;
            match c.kinds.iter_mut().find(|(k, _)| *k == x.kind) {
                Some((_, n)) => *n += 1,
                None => c.kinds.push((x.kind, 1)),
            }
        }
    }
}

impl Games {
    /// Plays game `unit` as a unit of the tournament driver: plays it, writes its files,
    /// shows the result to `each` (the binary prints its incidents), counts it in `tally`
    /// and gives the fields of its results line. A game that cannot be played gives a
    /// line with its `error`; that and a failure to write are kept in `tally`.
    pub fn play_unit(
        &self,
        unit: UnitId,
        tally: &Tally,
        each: impl Fn(&GameResult),
    ) -> Map<String, Value> {
        let res = match self.play(unit) {
            Ok(res) => res,
            Err(e) => {
                tally.keep(e.clone());
                let mut m = Map::new();
                m.insert("error".into(), e.into());
                return m;
            }
        };
        if let Err(e) = self.write(unit, &res) {
            tally.keep(e);
        }
        each(&res);
        let top = res.round_seconds.iter().copied().fold(0.0, f64::max);
        let mut m = tally.slowest.lock().unwrap_or_else(|p| p.into_inner());
        *m = m.max(top);
        tally.incidents.fetch_add(res.incidents.len(), Ordering::Relaxed);
        tally.count(&res);
        tally.played.fetch_add(1, Ordering::Relaxed);
        record_fields(&res)
    }

    /// Runs the games of `flags.shard` not yet in the results folder (at most
    /// `flags.batch` of them) through the tournament driver, `flags.jobs` at once; unless
    /// `flags.quiet`, says on stderr each incident (of a single game) or each game done (of
    /// several). The table, the merged lines (when the driver gives them) and the
    /// [`Totals`]; the first failure of a game is the error ([`PlayError::Game`]).
    pub fn run(&self, flags: RunOptions) -> Result<(String, Option<Merged>, Totals), PlayError> {
        let RunOptions { command, quiet, .. } = flags;
        let plan = self.plan();
        let tally = Tally::default();
        let run = Run { plan: &plan, out: &self.out, stop: None, options: flags };
        let incidents = |res: &GameResult| {
            if !quiet && self.games == 1 {
                for x in &res.incidents {
                    let name = &res.names[(x.id - 1) as usize];
                    eprintln!("round {}, player {} ({name}): {}", x.round, x.id, x.what);
                }
            }
        };
        let each = |r: &Record| {
            if !quiet && self.games > 1 {
                eprintln!("{command}: game {} of {} done", r.unit.0 + 1, plan.units);
            }
        };
        let play = |unit| self.play_unit(unit, &tally, incidents);
        let (text, merged) =
            driver::run_with(&PdResults, &run, self.entrants.as_ref(), play, each)?;
        let totals = tally.totals();
        match totals.failure {
            Some(e) => Err(PlayError::Game(e)),
            None => Ok((text, merged, totals)),
        }
    }

    /// Games played at once unless told: one per CPU when every player is a built-in,
    /// else one, so that external programs are timed alone.
    pub fn default_jobs(&self) -> usize {
        if self.players.iter().all(Player::is_builtin) {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            1
        }
    }
}

/// A setting of [`play`] refused before anything runs: the facts, which `menace pd` says
/// in terms of its flags.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused {
    /// Fewer than 2 players.
    TooFewPlayers,
    /// Seconds per program and round that are not a positive number below a million.
    Timeout(f64),
    /// No games.
    NoGames,
    /// No rounds.
    NoRounds,
    /// Fixed ids that are not a permutation of the players'.
    Order(judge::BadOrder),
    /// Two players given the same name.
    SameName {
        /// The name.
        name: String,
    },
    /// A player that is neither a built-in strategy nor a program on the PATH.
    UnknownPlayer {
        /// The name given.
        name: String,
        /// A file here it may have meant (`./tft.py`).
        suggestion: Option<String>,
    },
    /// A program that did not answer the first round's input when asked before any game
    /// ([`probe`]): a typo in its script's name (`python3 tfft.py`) would otherwise make it
    /// answer nothing in every round of every game.
    NotAnswering {
        /// The player's name.
        name: String,
        /// What went wrong (the run's incident, with the last line of its stderr).
        why: String,
    },
}

/// Runs each external player once on the first round's input of a game of `n` players
/// (id 1, no history, seed 0) under `limits`, but given at least
/// [`menace_run::PROBE_WAIT`], before any game and before anything is written: the first
/// that does not exit successfully is refused, named.
pub fn probe(players: &[Player], limits: menace_run::Limits) -> Result<(), Refused> {
    let limits =
        menace_run::Limits { deadline: limits.deadline.max(menace_run::PROBE_WAIT), ..limits };
    let input = crate::format::render_input(players.len() as u32, 1, &[], 0, b"");
    for p in players {
        if let judge::Kind::External(prog) = &p.kind {
            let run = menace_run::run_once(prog, &input, limits);
            if !run.succeeded() {
                // Killed by a signal that is ending the judge: it ends by that signal.
                menace_run::await_signal_end();
                let why = run.incident().unwrap_or_else(|| "failed".into());
                return Err(Refused::NotAnswering { name: p.name.clone(), why });
            }
        }
    }
    Ok(())
}

/// Why [`play`] stopped: a setting refused before anything ran, or a failure, each named.
/// The binary words a refused setting in terms of its flags, and prints the others'
/// sentences as they are.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// A setting refused ([`Refused`]).
    Refused(Refused),
    /// The tournament driver refused the run or stopped it: a results folder of another
    /// tournament, players' files changed since its games, a file of the folder that
    /// cannot be read or written.
    Run(RunError),
    /// The seed file cannot be read, or does not hold a seed for every round.
    Seeds(String),
    /// A game could not be played, or its files not written (the first such).
    Game(String),
    /// Anything else, in words (a player's files that cannot be found, the summary files
    /// or the report not written).
    Failed(String),
}

impl From<RunError> for PlayError {
    fn from(e: RunError) -> PlayError {
        PlayError::Run(e)
    }
}

impl From<String> for PlayError {
    fn from(e: String) -> PlayError {
        PlayError::Failed(e)
    }
}

impl From<Refused> for PlayError {
    fn from(e: Refused) -> PlayError {
        PlayError::Refused(e)
    }
}

/// `menace pd`'s settings, as its flags give them.
#[derive(Clone, Debug)]
pub struct Asked {
    /// Built-in strategy names or programs' command lines.
    pub players: Vec<String>,
    /// Add the published tournament's entries.
    pub published: bool,
    /// The base seed.
    pub seed: u64,
    /// Fixed ids instead of a shuffle.
    pub order: Option<Vec<Id>>,
    /// A seed file (one per round), instead of generated seeds.
    pub seeds: Option<PathBuf>,
    /// Seconds per program per round.
    pub timeout: f64,
    /// Bytes of a program's output read per round.
    pub max_output: usize,
    /// Rounds per game (default: the rule's, P*25).
    pub rounds: Option<usize>,
    /// Games.
    pub games: usize,
    /// Games at once (default: [`Games::default_jobs`]).
    pub jobs: Option<usize>,
    /// The results folder (default: `pd-results/<fingerprint>`).
    pub out: Option<PathBuf>,
    /// How a game's scores are drawn (see [`Games::plot`]).
    pub plot: Option<Plot>,
    /// What a re-run does when an external player's files changed since the folder's
    /// games were played ([`entrants::settle`]).
    pub on_change: OnChange<'static>,
    /// Memory and CPU limits of every external player's processes (none by default).
    pub rlimits: menace_run::Rlimits,
}

/// Plays `menace pd`: the settings checked (before the seed file is read, so a bad flag is
/// the error rather than the file), the external players' files stamped, then the games of
/// the shard that `flags` makes of the number of jobs, the table written to `out`, with the
/// summary files of a whole run of several games and a line of totals when games were
/// played (a write to `out` that fails is not an error: the results are on disk); a line
/// on stderr for each player that had incidents, quiet or not.
pub fn play(
    a: &Asked,
    flags: impl FnOnce(usize) -> Result<RunOptions<'static>, String>,
    out: &mut dyn std::io::Write,
) -> Result<(), PlayError> {
    let mut specs = a.players.clone();
    if a.published {
        specs.extend(crate::strategies::PUBLISHED_FIELD.iter().map(|s| s.to_string()));
    }
    let players = field(&specs)?;
    let n = players.len();
    let rounds = a.rounds.unwrap_or_else(|| crate::rules::rounds_for(n as u32));
    let deadline = std::time::Duration::ZERO;
    let limits = menace_run::Limits {
        deadline,
        max_output: a.max_output.max(1),
        max_stderr: 4096,
        rlimits: a.rlimits,
    };
    let mut games = Games {
        players,
        seed: a.seed,
        order: a.order.clone(),
        file_seeds: None,
        rounds,
        config: judge::Config { limits, rounds: Some(rounds) },
        timeout: a.timeout,
        games: a.games,
        // Decided below from the plan (a folder of the tournament's own unless given).
        out: PathBuf::new(),
        plot: a.plot,
        entrants: None,
    };
    games.check()?;
    games.config.limits.deadline = std::time::Duration::from_secs_f64(a.timeout);
    probe(&games.players, games.config.limits)?;
    // Stamped after the probe ran them: a program that rewrites its own file is stamped
    // as the first game finds it.
    games.entrants =
        stamps(&games.players)?.map(|stamps| Entrants { stamps, on_change: a.on_change });
    if let Some(p) = &a.seeds {
        games.file_seeds = Some(seeds::read_seeds(p, rounds).map_err(PlayError::Seeds)?);
    }
    games.out = driver::results_dir(a.out.as_deref(), Path::new("pd-results"), &games.plan());
    let flags = flags(a.jobs.unwrap_or_else(|| games.default_jobs()))?;
    let start = std::time::Instant::now();
    let (text, merged, totals) = games.run(flags)?;
    let elapsed = start.elapsed().as_secs_f64();
    let _ = write!(out, "{text}");
    for line in totals.incident_lines(&games.players, &games.out, a.games) {
        eprintln!("{}: {line}", flags.command);
    }
    if let Some(merged) = merged.filter(|_| flags.shard.is_whole()) {
        if a.games > 1 {
            write_summaries(&games.out, &text, &merged)?;
        }
        write_report(&games.out, &merged, &totals, &games.players, a.games)?;
    }
    // A re-run played nothing: the driver has said where the results are.
    if !flags.quiet && totals.played > 0 {
        let _ = writeln!(out, "{}", totals.describe(n, rounds, elapsed, &games.out));
    }
    Ok(())
}

/// How a player is named in the configuration: a built-in by name, a program by its
/// command line (so two fields that differ in a program's flags never mix).
pub fn spec_of(p: &Player) -> String {
    match &p.kind {
        judge::Kind::Builtin(e) => format!("builtin:{}", e.name),
        judge::Kind::External(prog) => format!("program:{prog}"),
    }
}

/// Where game `unit`'s files go: the output folder itself for a single game, else
/// `game-NNN` (1-based).
pub fn game_dir(out: &Path, games: usize, unit: UnitId) -> PathBuf {
    if games == 1 {
        out.to_path_buf()
    } else {
        out.join(format!("game-{:03}", unit.0 + 1))
    }
}

/// `summary.{txt,csv,json}` of every game, from the results lines the printed `table` was
/// computed from (all units are there once the whole run has finished).
pub fn write_summaries(out: &Path, table: &str, merged: &Merged) -> Result<(), String> {
    let sums = report::summarize(&games(merged)?);
    seeds::write_atomic(&out.join("summary.txt"), table.as_bytes())?;
    seeds::write_atomic(&out.join("summary.csv"), report::summary_csv(&sums).as_bytes())?;
    let json = serde_json::to_string_pretty(&sums).unwrap_or_default() + "\n";
    seeds::write_atomic(&out.join("summary.json"), json.as_bytes())
}

/// A game's files in `dir`: standings, scores, the game as JSON, takes, log, incidents,
/// the plot (drawn by `plot`, when given), and its round seeds when they were generated.
pub fn write_game(
    dir: &Path,
    g: &GameResult,
    write_seeds: bool,
    plot: Option<Plot>,
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let w = |name: &str, text: &str| seeds::write_atomic(&dir.join(name), text.as_bytes());
    if write_seeds {
        w("seeds.txt", &seeds::render_seeds(&g.seeds))?;
    }
    w("standings.txt", &report::standings(&g.finals()))?;
    w("scores.csv", &report::scores_csv(g))?;
    w("game.json", &report::game_json(g))?;
    w("takes.txt", &report::takes_text(g))?;
    w("log.txt", &report::log_text(g))?;
    w("incidents.txt", &report::incidents_text(g))?;
    w("timings.txt", &report::timings_text(g))?;
    match plot {
        Some(draw) => w("plot.svg", &draw(g)?),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_arena::tournament::{Plan, Shard};

    fn merged(lines: &[&str]) -> Result<Merged, String> {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        menace_arena::tournament::merge(&[("t".into(), text)]).map_err(|e| e.0)
    }

    fn line(unit: u64, data: &str) -> String {
        let plan = Plan::new(KIND, "c", 2);
        let Value::Object(m) = serde_json::from_str(data).unwrap() else { unreachable!() };
        Record::new(&plan, UnitId(unit), m).to_line()
    }

    #[test]
    fn damaged_lines_are_refused_with_the_unit_named_never_a_panic() {
        let good = r#"{"names":["a","b"],"ids":[2,1],"final_scores":[3,-1]}"#;
        let cases = [
            (r#"{"names":["a","b"],"ids":[2,1],"final_scores":[3]}"#, "2 names but 1"),
            (r#"{"names":["a","b"],"ids":[2,2],"final_scores":[3,1]}"#, "permutation"),
            (r#"{"names":["a","b"],"ids":[0,3],"final_scores":[3,1]}"#, "permutation"),
            (r#"{"names":["a"],"ids":[1],"final_scores":[3]}"#, "another field"),
            (r#"{"names":["a","b"],"ids":[1,2],"final_scores":[3,1]}"#, "another field"),
            (r#"{"error":"x"}"#, "not a prisoner's-dilemma game"),
        ];
        for (bad, want) in cases {
            let m = merged(&[&line(0, good), &line(1, bad)]).unwrap();
            let err = summary(&m).unwrap_err();
            assert!(err.contains("unit 1") && err.contains(want), "{bad}: {err}");
        }
        let m = merged(&[&line(0, good), &line(1, good)]).unwrap();
        assert!(summary(&m).unwrap().contains("  a\n"));
    }

    #[test]
    fn a_unit_plan_depends_on_its_index_and_the_seed_only() {
        let a = unit_plan(UnitId(5), 7, 6, 40, None, None);
        assert_eq!(a, unit_plan(UnitId(5), 7, 6, 40, None, None));
        assert_ne!(a, unit_plan(UnitId(6), 7, 6, 40, None, None));
        assert_ne!(a, unit_plan(UnitId(5), 8, 6, 40, None, None));
        let order = [3, 1, 2];
        let seeds = [9u64; 10];
        let (ids, s) = unit_plan(UnitId(5), 7, 3, 10, Some(&order), Some(&seeds));
        assert_eq!((ids.as_slice(), s.as_slice()), (&order[..], &seeds[..]));
    }

    fn two_builtins(out: &Path, games: usize) -> Games {
        let specs = vec!["titfortat".to_string(), "backstab".to_string()];
        Games {
            players: field(&specs).unwrap(),
            seed: 1,
            order: None,
            file_seeds: None,
            rounds: 5,
            config: judge::Config { limits: Default::default(), rounds: Some(5) },
            timeout: 2.0,
            games,
            out: out.to_path_buf(),
            plot: None,
            entrants: None,
        }
    }

    #[test]
    fn a_unit_is_played_written_shown_and_counted_and_the_first_failure_kept() {
        let dir = tempfile::tempdir().unwrap();
        let games = two_builtins(dir.path(), 2);
        assert!(games.default_jobs() >= 1);
        let tally = Tally::default();
        let shown = std::sync::atomic::AtomicUsize::new(0);
        let show = |r: &GameResult| {
            assert_eq!(r.history.len(), 5);
            shown.fetch_add(1, Ordering::Relaxed);
        };
        let line = games.play_unit(UnitId(1), &tally, show);
        assert_eq!(line, record_fields(&games.play(UnitId(1)).unwrap()));
        assert!(game_dir(dir.path(), 2, UnitId(1)).is_dir());
        // A game whose files cannot be written is still a line; the failure is kept.
        let blocked = dir.path().join("file");
        std::fs::write(&blocked, "").unwrap();
        let line = two_builtins(&blocked, 1).play_unit(UnitId(0), &tally, show);
        assert!(line.contains_key("final_scores"));
        let totals = tally.totals();
        assert_eq!((totals.played, shown.into_inner()), (2, 2));
        assert!(totals.failure.is_some() && totals.slowest >= 0.0, "{totals:?}");
    }

    #[test]
    fn a_run_plays_the_missing_games_and_a_rerun_none() {
        let dir = tempfile::tempdir().unwrap();
        let games = two_builtins(dir.path(), 2);
        let flags =
            RunOptions { command: "test", shard: Shard::WHOLE, jobs: 2, batch: None, quiet: true };
        let (text, merged, totals) = games.run(flags).unwrap();
        assert_eq!((totals.played, merged.map(|m| m.records.len())), (2, Some(2)));
        let (again, _, totals) = games.run(flags).unwrap();
        assert_eq!((again, totals.played), (text, 0));
        // A results folder that cannot be written is the run's error.
        let blocked = dir.path().join("file");
        std::fs::write(&blocked, "").unwrap();
        let e = two_builtins(&blocked, 1).run(flags).unwrap_err();
        assert!(
            matches!(&e, PlayError::Run(RunError::Files(s)) if s.starts_with("cannot create ")),
            "{e:?}"
        );
    }
}
