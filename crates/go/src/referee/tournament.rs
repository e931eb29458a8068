//! A Go tournament on the tournament layer: all-play-all between entrants of three kinds,
//! refereed by [`game::play`] under a [`Rules`] value; `menace go
//! match` is the same with two GTP entrants and the [`Rules::gtp`] preset.
//!
//! - `koth:COMMAND`: a king-of-the-hill program, started afresh for every move with the
//!   position on stdin (the challenge's text: N rows of `0`/`1`/`2`, then the prisoners and
//!   the colour to move) and answering `r c` or `pass`;
//! - `gtp:COMMAND`: a GTP engine, one process per game, told every move;
//! - `builtin[:FLAGS]`: our bot in-process, deciding exactly as `menace go` does on the
//!   same position; FLAGS are `menace go`'s search flags, read by the caller's
//!   [`BuiltinFlags`] (the binary's one flag table, which also says how each game is seeded
//!   and the entrant's canonical text), over the defaults of the day.
//!
//! Errors name the entrant (`NAME: ...`) or the setting ([`Invalid`]); the binary says them
//! in the words of its flags.
//!
//! Commands run without a shell; `{unit}` in them becomes the game's unit number (from 0)
//! and `{game}` the game number (unit + 1), a way to seed an engine per game.
//!
//! Every pair of entrants (in the order given) plays `games_per_pair` games, colours
//! alternating, the first of the pair black in the pair's even games (with a handicap, the
//! first of the pair takes black and the stones in every game). Unit `u` is game
//! `u mod games_per_pair` of pair `u div games_per_pair`.

use std::path::{Path, PathBuf};

use menace_arena::tournament::driver::{self, Run, RunOptions, SprtStop, UnitWords};
use menace_arena::tournament::entrants::{self, EntrantStamp, Entrants, OnChange};
use menace_arena::tournament::interval;
use menace_arena::tournament::report;
use menace_arena::tournament::standings::{self, Outcome, PairGame};
use menace_arena::tournament::ResultKind;
use menace_arena::tournament::{Merged, Plan, Record, UnitId};
use menace_run::load::{Load, LoadWatch};
use menace_run::Program;
use serde_json::{json, Map, Value};

use super::game::{self, Ending, Game};
use super::rules::{Invalid, Rules};
use super::seat::{BuiltinSeat, GtpSeat, KothSeat, Seat};
use crate::io::sgf::{self, SgfGame};
use crate::rules::game::Superko;
use crate::search::mcts::SearchConfig;

/// The kind of tournament in the results' lines.
pub const KIND: &str = "go";

/// How an entrant is run.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A program started for every move (the king-of-the-hill format).
    Koth(Program),
    /// A GTP engine, one process per game.
    Gtp(Program),
    /// Our bot, in this process (boxed: its settings are many times a program's size).
    Builtin(Box<Builtin>),
}

/// A builtin entrant as the binary read its flags.
#[derive(Clone, Debug, PartialEq)]
pub struct Builtin {
    /// Its settings.
    pub search: SearchConfig,
    /// Its settings as text, every one resolved (the flags that reproduce them): part of
    /// the configuration's fingerprint, so that `builtin` alone, the defaults of the day,
    /// does not resume into results played under other defaults.
    pub canonical: String,
    /// Seeded by the game: each game's seed is its unit plus this (0 for a seed of
    /// `{unit}`, 1 for `{game}`, as a program's are, [`placeholder`]); `None`: the seed of
    /// `search`.
    pub seed_per_game: Option<u64>,
}

/// One entrant: a name and how to run it.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The name in tables, SGF and results.
    pub name: String,
    /// The specification as given (part of the configuration's fingerprint).
    pub spec: String,
    /// How it is run.
    pub kind: Kind,
}

/// Reads a builtin entrant's FLAGS (the words after `builtin:`, none for `builtin`, a
/// placeholder left as written) into the entrant. The flags are `menace go`'s, so the
/// binary, which owns that table, reads them; the library only splits the words.
pub type BuiltinFlags<'a> = &'a dyn Fn(&[String]) -> Result<Builtin, String>;

impl Entrant {
    /// Reads `NAME=SPEC`; a `builtin` entrant's flags are read by `builtin`. An error
    /// starts with the entrant's text or name (`x: command "'a": ...`).
    pub fn parse(arg: &str, builtin: BuiltinFlags) -> Result<Entrant, String> {
        let (name, spec) = arg
            .split_once('=')
            .ok_or_else(|| format!("{arg:?}: expected NAME=SPEC, e.g. bot=koth:./bot"))?;
        let name = name.trim();
        if name.is_empty() || name.len() > 64 || name.chars().any(|c| c.is_control()) {
            return Err(format!("{arg:?}: the name must be 1 to 64 printable characters"));
        }
        let program =
            |cmd: &str| Program::parse(cmd).map_err(|e| format!("{name}: command {cmd:?}: {e}"));
        let kind = if let Some(cmd) = spec.strip_prefix("koth:") {
            Kind::Koth(program(cmd)?)
        } else if let Some(cmd) = spec.strip_prefix("gtp:") {
            Kind::Gtp(program(cmd)?)
        } else if spec == "builtin" || spec.starts_with("builtin:") {
            let flags = spec.strip_prefix("builtin:").unwrap_or("");
            let words = if flags.trim().is_empty() {
                Vec::new()
            } else {
                Program::parse(flags).map_err(|e| format!("{name}: flags {flags:?}: {e}"))?.argv
            };
            Kind::Builtin(Box::new(builtin(&words).map_err(|e| format!("{name}: {e}"))?))
        } else {
            return Err(format!(
                "{name}: SPEC must start with koth:, gtp: or builtin, got {spec:?}"
            ));
        };
        Ok(Entrant { name: name.to_string(), spec: spec.to_string(), kind })
    }
}

impl Entrant {
    /// The entrant in the configuration's canonical text: its name and spec, and for our
    /// bot in-process every setting resolved (`builtin` alone means the defaults of the
    /// day, and a changed default must not resume into results played under another).
    fn canonical(&self) -> Value {
        match &self.kind {
            Kind::Builtin(b) => json!([self.name, self.spec, b.canonical]),
            _ => json!([self.name, self.spec]),
        }
    }
}

/// How the results are fingerprinted and the SGF files named: a tournament's, or the
/// match runner's (kept as it was, so a match recorded before the one referee resumes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `menace go tournament`: SGF `sgf/unit-NNNNN.sgf`.
    Tournament,
    /// `menace go match`: two GTP engines, SGF `sgf/game-NNN.sgf` (game = unit + 1).
    Match,
}

/// The tournament's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The entrants, in the order given.
    pub entrants: Vec<Entrant>,
    /// Games each pair plays, colours alternating.
    pub games_per_pair: u64,
    /// How each game is refereed.
    pub rules: Rules,
    /// Tournament or match.
    pub format: Format,
    /// Each game's line says what else the machine did while it was played
    /// ([`menace_run::load`]): its load average, the CPU time of every process the judge did
    /// not start, and whether it was played alone (`"clean"`). Not part of the
    /// fingerprint: a record resumes with it or without it.
    pub watch_load: bool,
}

impl Config {
    /// `menace go match`: a two-entrant run under `rules` (the `gtp` preset) of GTP
    /// engines given as `(name, command line)`, `games` in all, colours alternating.
    /// Errors name the command line that does not parse.
    pub fn gtp_match(
        engines: [(&str, &str); 2],
        games: u64,
        rules: Rules,
    ) -> Result<Config, String> {
        let gtp = |(name, cmd): (&str, &str)| {
            let program = Program::parse(cmd).map_err(|e| format!("{cmd:?}: {e}"))?;
            Ok::<_, String>(Entrant {
                name: name.into(),
                spec: format!("gtp:{cmd}"),
                kind: Kind::Gtp(program),
            })
        };
        let [a, b] = engines;
        let entrants = vec![gtp(a)?, gtp(b)?];
        Ok(Config {
            entrants,
            games_per_pair: games,
            rules,
            format: Format::Match,
            watch_load: false,
        })
    }

    /// `menace go tournament`: every entrant (`NAME=SPEC`, read by [`Entrant::parse`] with
    /// `builtin` for our bot's flags) against every other, `games_per_pair` games a pair,
    /// under `rules`.
    pub fn tournament(
        entrants: &[String],
        builtin: BuiltinFlags,
        games_per_pair: u64,
        rules: Rules,
    ) -> Result<Config, String> {
        let entrants =
            entrants.iter().map(|e| Entrant::parse(e, builtin)).collect::<Result<Vec<_>, _>>()?;
        Ok(Config {
            entrants,
            games_per_pair,
            rules,
            format: Format::Tournament,
            watch_load: false,
        })
    }

    /// [`Config::judge`], refusing a changed entrant with advice in no command's words.
    pub fn run<'f>(
        &self,
        flags: impl FnOnce() -> Result<RunOptions<'f>, String>,
        stop: Option<&SprtStop>,
        out: &Path,
    ) -> Result<String, String> {
        let advice =
            "to play the games again with the new files, remove that folder or record into another";
        self.judge(flags, stop, out, OnChange::Refuse(advice))
    }

    /// Runs the units of the shard `flags` gives (asked for only once the settings are
    /// checked, so a bad setting is the error) through the tournament driver into `out`,
    /// `flags.jobs` at once, until `stop` decides (its entrant must be one of exactly two)
    /// or `flags.batch` games are played; each game's [`progress`] goes to stderr unless
    /// `flags.quiet`. The answer is the summary of the results file.
    ///
    /// Before any game, and before anything is written: every program an entrant names
    /// must be found ([`Config::check_programs`]), and the files the entrants run are
    /// checked against those the folder's games were played by ([`entrants::settle`]);
    /// `on_change` says what a change means.
    pub fn judge<'f>(
        &self,
        flags: impl FnOnce() -> Result<RunOptions<'f>, String>,
        stop: Option<&SprtStop>,
        out: &Path,
        on_change: OnChange,
    ) -> Result<String, String> {
        self.check()?;
        if let Some(stop) = stop {
            let names: Vec<&str> = self.entrants.iter().map(|e| e.name.as_str()).collect();
            stop.check(&names)?;
        }
        self.check_programs()?;
        let stamped = self.stamps()?.map(|stamps| Entrants { stamps, on_change });
        let plan = self.plan();
        let flags = flags()?;
        let run = Run { plan: &plan, out, stop, options: flags };
        let play = |unit| run_unit(self, unit, out);
        let each = |r: &Record| {
            if !flags.quiet {
                eprintln!("{}", progress(r));
            }
        };
        let (text, merged) = driver::run_with(&GoResults, &run, stamped.as_ref(), play, each)?;
        // The whole run's standings are kept in the folder too (a shard's part is not).
        if let Some(m) = merged.filter(|_| flags.shard.is_whole()) {
            write_report(out, &m, &text)?;
        }
        Ok(text)
    }

    /// The programs of the entrants that run one (`koth:` and `gtp:`), by name.
    fn programs(&self) -> impl Iterator<Item = (&Entrant, &Program)> {
        self.entrants.iter().filter_map(|e| match &e.kind {
            Kind::Koth(p) | Kind::Gtp(p) => Some((e, p)),
            Kind::Builtin(_) => None,
        })
    }

    /// Refuses an entrant whose program is not there (a typo such as `gnugoo`, a path to
    /// nothing) or does not run (a typo in its script's name: `python3 myrandm.py`), naming
    /// it: otherwise it would forfeit every game it is in. Each program is found, then asked
    /// once ([`Seat::probe`]: GTP's `name`, or a king-of-the-hill answer to the empty
    /// board), before anything is written.
    pub fn check_programs(&self) -> Result<(), String> {
        let refuse = |e: &Entrant, why: String| {
            format!("entrant {} ({}): {why}; nothing was played", e.name, e.spec)
        };
        for (e, p) in self.programs() {
            with_unit(p, UnitId(0)).locate().map_err(|why| refuse(e, why.to_string()))?;
        }
        // Whether it runs, not whether it is fast: at least PROBE_WAIT to answer.
        let rules = Rules {
            move_timeout: self.rules.move_timeout.max(menace_run::PROBE_WAIT),
            ..self.rules.clone()
        };
        for (e, _) in self.programs() {
            seat(e, UnitId(0)).probe(&rules).map_err(|why| {
                // Killed by a signal that is ending the judge: it ends by that signal.
                menace_run::await_signal_end();
                refuse(e, why)
            })?;
        }
        Ok(())
    }

    /// The files each program-running entrant runs, stamped (`None` when every entrant is
    /// in-process): what a re-run into the same folder is checked against.
    pub fn stamps(&self) -> Result<Option<Vec<EntrantStamp>>, String> {
        let mut field = Vec::new();
        for (e, p) in self.programs() {
            let files = p.files().map_err(|why| format!("entrant {}: {why}", e.name))?;
            field.push((e.name.clone(), p.to_string(), files));
        }
        if field.is_empty() {
            return Ok(None);
        }
        Ok(Some(entrants::stamp(&field)))
    }
}

/// Who plays which colour in a unit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Index of the entrant with black.
    pub black: usize,
    /// Index of the entrant with white.
    pub white: usize,
}

impl Config {
    /// Checks the settings: the first that cannot be played.
    pub fn check(&self) -> Result<(), Invalid> {
        if self.entrants.len() < 2 {
            return Err(Invalid::Entrants);
        }
        for (i, e) in self.entrants.iter().enumerate() {
            if self.entrants[..i].iter().any(|o| o.name == e.name) {
                return Err(Invalid::SameName(e.name.clone()));
            }
        }
        if self.games_per_pair == 0 || self.games_per_pair > 1_000_000 {
            return Err(Invalid::Games(self.games_per_pair));
        }
        self.rules.check()
    }

    /// The canonical text of everything that decides the results (not the job count, the
    /// shard or the output folder): its fingerprint tags every line.
    /// A clock ([`Rules::clock`]) adds `"time"` (its command-line form), a cleanup phase
    /// ([`Rules::cleanup`]) `"cleanup"`; without them the text is what it was before
    /// either, so older records resume.
    pub fn canonical(&self) -> String {
        let r = &self.rules;
        let mut v = match self.format {
            Format::Tournament => json!({
                "kind": KIND,
                "entrants": self.entrants.iter().map(Entrant::canonical).collect::<Vec<_>>(),
                "games_per_pair": self.games_per_pair,
                "size": r.size,
                "komi": r.komi,
                "move_cap": r.move_cap,
                "move_timeout_ms": r.move_timeout.as_millis() as u64,
            }),
            // The match runner's fingerprint, field for field as it was written before the
            // one referee (whole seconds), so its A/B records resume.
            Format::Match => json!({
                "kind": "go-match",
                "players": self.entrants.iter().map(|e| {
                    let program = match &e.kind {
                        Kind::Gtp(p) | Kind::Koth(p) => p.to_string(),
                        Kind::Builtin(_) => e.spec.clone(),
                    };
                    [e.name.clone(), program]
                }).collect::<Vec<_>>(),
                "games": self.games_per_pair,
                "size": r.size,
                "komi": r.komi,
                "move_cap": r.move_cap,
                "handicap": r.handicap,
                "move_timeout": r.move_timeout.as_secs(),
            }),
        };
        if let (Some(tc), Value::Object(m)) = (r.clock, &mut v) {
            m.insert("time".into(), tc.to_string().into());
        }
        // Likewise a cleanup phase adds `"cleanup": true`, and its absence changes nothing.
        if let (true, Value::Object(m)) = (r.cleanup, &mut v) {
            m.insert("cleanup".into(), true.into());
        }
        // Limits on the entrants' programs add `"entrant_limits"` (a program over one loses,
        // so they decide results); without them the text is as before.
        if let (false, Value::Object(m)) = (r.entrant_limits.is_none(), &mut v) {
            let l = &r.entrant_limits;
            m.insert(
                "entrant_limits".into(),
                json!({"memory_bytes": l.memory, "cpu_s": l.cpu.map(|d| d.as_secs_f64())}),
            );
        }
        // A match under positional superko adds `"superko": "positional"`: its absence is
        // situational superko, the rule of every match before issue 61.
        if let (Format::Match, Superko::Positional, Value::Object(m)) =
            (&self.format, r.superko, &mut v)
        {
            m.insert("superko".into(), "positional".into());
        }
        v.to_string()
    }

    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        let n = self.entrants.len() as u64;
        n * n.saturating_sub(1) / 2
    }

    /// The plan: every game of every pair.
    pub fn plan(&self) -> Plan {
        Plan::new(KIND, &self.canonical(), self.pairs() * self.games_per_pair)
    }

    /// Who has black and white in `unit`.
    pub fn pairing(&self, unit: UnitId) -> Pairing {
        let pair = unit.0 / self.games_per_pair;
        let game = unit.0 % self.games_per_pair;
        let n = self.entrants.len() as u64;
        // Pairs (i, j), i < j, in order: (0,1), (0,2), ..., (1,2), ...
        let (mut i, mut left) = (0u64, pair);
        while left >= n - 1 - i {
            left -= n - 1 - i;
            i += 1;
        }
        let j = i + 1 + left;
        let (i, j) = (i as usize, j as usize);
        // With a handicap the first of the pair takes the stones every time: alternating
        // would hand them to each in turn.
        if game.is_multiple_of(2) || self.rules.handicap > 0 {
            Pairing { black: i, white: j }
        } else {
            Pairing { black: j, white: i }
        }
    }
}

/// The placeholders of an entrant's spec and what each stands for: the game's unit plus
/// this (`{unit}` from 0, `{game}` from 1).
const PLACEHOLDERS: [(&str, u64); 2] = [("{unit}", 0), ("{game}", 1)];

/// What `word` stands for if it is a placeholder: the game's unit plus this (`{unit}` 0,
/// `{game}` 1).
pub fn placeholder(word: &str) -> Option<u64> {
    PLACEHOLDERS.iter().find(|(p, _)| *p == word).map(|&(_, offset)| offset)
}

/// `program` with `{unit}` and `{game}` replaced.
pub fn with_unit(program: &Program, unit: UnitId) -> Program {
    Program::new(program.argv.iter().map(|a| {
        PLACEHOLDERS
            .iter()
            .fold(a.clone(), |a, (p, offset)| a.replace(p, &(unit.0 + offset).to_string()))
    }))
}

/// The seat of `entrant` in `unit`.
fn seat(entrant: &Entrant, unit: UnitId) -> Box<dyn Seat> {
    match &entrant.kind {
        Kind::Builtin(b) => {
            let seed = b.seed_per_game.map_or(b.search.seed, |offset| unit.0 + offset);
            Box::new(BuiltinSeat::new(SearchConfig { seed, ..b.search.clone() }))
        }
        Kind::Koth(p) => Box::new(KothSeat::new(with_unit(p, unit))),
        Kind::Gtp(p) => Box::new(GtpSeat::new(with_unit(p, unit))),
    }
}

/// Plays one game of the tournament: who had which colour, and the game.
pub fn play(cfg: &Config, unit: UnitId) -> (Pairing, Game) {
    let (pairing, game, _) = play_kept(cfg, unit);
    (pairing, game)
}

/// What a game leaves of each side's programs besides the game: the end of black's and
/// white's standard error when that side failed ([`Seat::stderr`]), and their CPU time
/// ([`Seat::cpu`]).
struct Kept {
    stderr: [Option<String>; 2],
    cpu: [Option<std::time::Duration>; 2],
}

/// [`play`], with what it [`Kept`].
fn play_kept(cfg: &Config, unit: UnitId) -> (Pairing, Game, Kept) {
    let pairing = cfg.pairing(unit);
    let (b, w) = (&cfg.entrants[pairing.black], &cfg.entrants[pairing.white]);
    let (mut sb, mut sw) = (seat(b, unit), seat(w, unit));
    let game = game::play(&cfg.rules, [&b.name, &w.name], [sb.as_mut(), sw.as_mut()]);
    (pairing, game, Kept { stderr: [sb.stderr(), sw.stderr()], cpu: [sb.cpu(), sw.cpu()] })
}

/// The SGF file of `unit`, relative to the output folder.
pub fn sgf_path(cfg: &Config, unit: UnitId) -> PathBuf {
    match cfg.format {
        Format::Tournament => Path::new("sgf").join(format!("unit-{:05}.sgf", unit.0)),
        Format::Match => Path::new("sgf").join(format!("game-{:03}.sgf", unit.0 + 1)),
    }
}

/// The game as SGF.
pub fn sgf_text(cfg: &Config, pairing: Pairing, game: &Game) -> String {
    sgf::write(&SgfGame {
        size: cfg.rules.size,
        komi: cfg.rules.komi,
        black: cfg.entrants[pairing.black].name.clone(),
        white: cfg.entrants[pairing.white].name.clone(),
        result: game.result.clone(),
        handicap: cfg.rules.handicap_points(),
        rules: cfg.rules.sgf_ru_name().into(),
        moves: game.moves.clone(),
        comment: game.reason.clone(),
        time: cfg.rules.clock,
        app: sgf::APP.into(),
        date: Some(sgf::today()),
        game_comment: format!(
            "rules: {}; komi {}. black: {}; white: {}",
            cfg.rules.sgf_ru(),
            cfg.rules.komi,
            cfg.entrants[pairing.black].spec,
            cfg.entrants[pairing.white].spec
        ),
    })
}

/// Plays `unit`, writes its SGF under `out` and returns the fields of its results line;
/// a side that lost by a failure of its program (a forfeit) and wrote on standard error
/// has the end of it (at most 4 KiB) as `black_stderr` or `white_stderr`.
///
/// Every line has each side's mean and slowest answer in seconds (`black_mean_s`,
/// `black_slowest_s`...), as the judge timed them, the same way for both; with
/// [`Config::watch_load`], what else the machine did ([`load_fields`]).
pub fn run_unit(cfg: &Config, unit: UnitId, out: &Path) -> Map<String, Value> {
    let watch = cfg.watch_load.then(LoadWatch::start);
    let (pairing, res, kept) = play_kept(cfg, unit);
    // Read once the seats are finished: their programs are reaped, so their CPU is ours.
    let load = watch.map(LoadWatch::finish);
    let rel = sgf_path(cfg, unit);
    let path = out.join(&rel);
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = menace_files::write_atomic(&path, sgf_text(cfg, pairing, &res).as_bytes()) {
        eprintln!("cannot write {}: {e}", path.display());
    }
    let mut v = json!({
        "black": cfg.entrants[pairing.black].name,
        "white": cfg.entrants[pairing.white].name,
        "winner": res.winner.word(),
        "ending": res.ending.word(),
        "reason": res.reason,
        "result": res.result,
        "black_score": res.score.0,
        "white_score": res.score.1,
        "moves": res.moves.len(),
        "black_slowest_s": (res.slowest[0] * 100.0).round() / 100.0,
        "white_slowest_s": (res.slowest[1] * 100.0).round() / 100.0,
        "black_mean_s": (res.mean_s()[0] * 1000.0).round() / 1000.0,
        "white_mean_s": (res.mean_s()[1] * 1000.0).round() / 1000.0,
        "sgf": rel.to_string_lossy(),
        "size": cfg.rules.size,
        "komi": cfg.rules.komi,
    });
    // The failed side's last words, only with its forfeit: other lines stay as they were.
    let loser = match res.winner {
        game::Winner::White => Some(0),
        game::Winner::Black => Some(1),
        game::Winner::Tie => None,
    };
    if let (Ending::Forfeit, Some(i), Value::Object(m)) = (res.ending, loser, &mut v) {
        if let Some(tail) = &kept.stderr[i] {
            m.insert(format!("{}_stderr", ["black", "white"][i]), tail.clone().into());
        }
    }
    // CPU time beside the wall time of the slowest answer, for a side that runs programs
    // (measured, so it varies from run to run, as the wall times do).
    if let Value::Object(m) = &mut v {
        for (i, seat) in ["black", "white"].into_iter().enumerate() {
            if let Some(cpu) = kept.cpu[i] {
                m.insert(
                    format!("{seat}_cpu_s"),
                    ((cpu.as_secs_f64() * 100.0).round() / 100.0).into(),
                );
            }
        }
    }
    // Clock use, only under a clock: the lines of unclocked runs stay as they were.
    if let (Some(clocks), Value::Object(m)) = (&res.clocks, &mut v) {
        let ms = |d: std::time::Duration| (d.as_secs_f64() * 1000.0).round() / 1000.0;
        for (i, seat) in ["black", "white"].into_iter().enumerate() {
            m.insert(format!("{seat}_time_used_s"), ms(res.used[i]).into());
            m.insert(format!("{seat}_time_left_s"), ms(clocks[i].available()).into());
        }
    }
    if let (Some(load), Value::Object(m)) = (load, &mut v) {
        m.extend(load_fields(load));
    }
    match v {
        Value::Object(m) => m,
        _ => unreachable!("a JSON object"),
    }
}

/// A game's line's account of the machine while it was played (`None`: it could not be
/// read, as off Linux): `load_1m_mean` and `load_1m_max` (the 1-minute load average
/// sampled through the game), `others_cpu_s` (CPU seconds of every process the judge did
/// not start) and `clean` (played alone, [`Load::clean`]; `false` when unknown, so that
/// only a game known to be alone counts as one).
pub fn load_fields(load: Option<Load>) -> Map<String, Value> {
    let r2 = |x: f64| (x * 100.0).round() / 100.0;
    let v = match load {
        Some(l) => json!({
            "load_1m_mean": r2(l.mean_1m),
            "load_1m_max": r2(l.max_1m),
            "others_cpu_s": r2(l.others_cpu_s),
            "clean": l.clean(),
        }),
        None => json!({ "clean": false }),
    };
    match v {
        Value::Object(m) => m,
        _ => unreachable!("a JSON object"),
    }
}

/// The Go referee's results lines (`menace go tournament` and `menace go match`), for the
/// tournament driver and `menace merge`.
pub struct GoResults;

impl ResultKind for GoResults {
    fn kind(&self) -> &'static str {
        KIND
    }

    fn summary(&self, m: &Merged) -> Result<String, String> {
        summary(m)
    }

    fn pair_game(&self, r: &Record) -> Option<Result<PairGame, String>> {
        Some(pair_game(r))
    }

    fn words(&self) -> UnitWords {
        UnitWords::GAMES
    }

    fn timings(&self, m: &Merged) -> Option<Result<String, String>> {
        Some(timings(m))
    }
}

/// A line of progress for a finished game, on stderr while a run goes.
pub fn progress(r: &Record) -> String {
    let f = |k: &str| {
        r.data.get(k).map(|v| v.as_str().map_or(v.to_string(), String::from)).unwrap_or_default()
    };
    format!(
        "unit {}: {} (black) vs {} (white): {} after {} moves; {}",
        r.unit,
        f("black"),
        f("white"),
        f("result"),
        f("moves"),
        f("reason")
    )
}

/// The pairwise games of a set of Go lines (`black` first, `winner` black, white or tie).
pub fn pair_games(m: &Merged) -> Result<Vec<PairGame>, String> {
    m.records.iter().map(pair_game).collect()
}

/// One Go line as a pairwise game.
pub fn pair_game(r: &Record) -> Result<PairGame, String> {
    let field = |k: &str| {
        r.data.get(k).and_then(Value::as_str).ok_or_else(|| format!("unit {}: no {k:?}", r.unit))
    };
    let outcome = match field("winner")? {
        "black" => Outcome::FirstWins,
        "white" => Outcome::SecondWins,
        "tie" => Outcome::Tie,
        w => return Err(format!("unit {}: winner {w:?} is not black, white or tie", r.unit)),
    };
    Ok(PairGame {
        first: field("black")?.to_string(),
        second: field("white")?.to_string(),
        outcome,
    })
}

/// The standings of a Go tournament or match (its header says which), from its lines
/// alone: the table, the crosstable, Elo, and how the games ended.
pub fn summary(m: &Merged) -> Result<String, String> {
    let games = pair_games(m)?;
    let s = standings::standings(&games);
    let count = |k: &str, v: &str| {
        m.records.iter().filter(|r| r.data.get(k).and_then(Value::as_str) == Some(v)).count()
    };
    let ended = |e: Ending| m.records.iter().filter(|r| ending(r) == Some(e)).count();
    let size = m
        .records
        .first()
        .and_then(|r| r.data.get("size"))
        .map(Value::to_string)
        .unwrap_or_default();
    let komi = m
        .records
        .first()
        .and_then(|r| r.data.get("komi"))
        .map(Value::to_string)
        .unwrap_or_default();
    // A match's lines name its SGF files `sgf/game-NNN.sgf`, a tournament's `sgf/unit-...`.
    let is_match = m.records.first().and_then(|r| r.data.get("sgf")).and_then(Value::as_str);
    let what =
        if is_match.is_some_and(|s| s.starts_with("sgf/game-")) { "match" } else { "tournament" };
    let mut out = format!(
        "Go {what} {}: {} of {} games, {size}x{size}, komi {komi}\n",
        m.config,
        m.records.len(),
        m.units
    );
    out.push_str(&format!(
        "black won {}, white won {}, ties {}; ended by two passes {}, move cap {}, repeated position {}, resignation {}, time {}, forfeit {}\n\n",
        count("winner", "black"),
        count("winner", "white"),
        count("winner", "tie"),
        ended(Ending::TwoPasses),
        ended(Ending::MoveCap),
        ended(Ending::Repeat),
        ended(Ending::Resignation),
        ended(Ending::Time),
        ended(Ending::Forfeit),
    ));
    out.push_str(&s.to_string());
    out.push_str(&by_colour(&s, &games));
    out.push_str(&game_list(m));
    Ok(out)
}

/// How the standings are ordered, as the report says it.
pub const ORDER: &str = "Best first: most points (a win 1, a tie half a point), then name; the Elo figures and their 95% intervals are estimated from the same games.";

/// The standings of `m` written into `out` as CSV, JSON and an HTML report
/// ([`menace_arena::tournament::report`]); `summary` is the printed summary, whose first
/// line is the report's title. Each game lost by a program's failure or on time is an
/// incident.
pub fn write_report(out: &Path, m: &Merged, summary: &str) -> Result<(), String> {
    let s = standings::standings(&pair_games(m)?);
    let incidents = m
        .records
        .iter()
        .filter(|r| matches!(ending(r), Some(Ending::Forfeit | Ending::Time)))
        .map(|r| {
            format!(
                "game {} ({} black, {} white): {}",
                r.unit.0 + 1,
                text_field(r, "black"),
                text_field(r, "white"),
                text_field(r, "reason")
            )
        })
        .collect();
    let title = summary.lines().next().unwrap_or("Go").to_string();
    report::write(out, &report::Report { title, standings: &s, order: ORDER, incidents })
}

/// Each entrant's share of the points with its Wilson 95% interval, and its games as
/// black and as white: with no komi, colour decides much, so a total alone misleads.
fn by_colour(s: &standings::Standings, games: &[PairGame]) -> String {
    let width = s.rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(0).max(8);
    let mut out = String::from(
        "\nshare of the points with its Wilson 95% interval (a tie half a point), and games by colour as won-tied-lost:\n",
    );
    out.push_str(&format!(
        "{:<width$}  {:>5}  {:>12}  {:>9}  {:>9}\n",
        "entrant", "share", "95% interval", "as black", "as white"
    ));
    for r in &s.rows {
        // [won, tied, lost] as black, then as white.
        let mut wtl = [[0u32; 3]; 2];
        for g in games {
            let (seat, mine) = if g.first == r.name {
                (0, Outcome::FirstWins)
            } else if g.second == r.name {
                (1, Outcome::SecondWins)
            } else {
                continue;
            };
            let k = match g.outcome {
                Outcome::Tie => 1,
                o if o == mine => 0,
                _ => 2,
            };
            wtl[seat][k] += 1;
        }
        let (lo, hi) = interval::wilson(r.points(), r.games).unwrap_or((0.0, 100.0));
        let share = if r.games == 0 { 0.0 } else { 100.0 * r.points() / f64::from(r.games) };
        let cell = |c: [u32; 3]| format!("{}-{}-{}", c[0], c[1], c[2]);
        out.push_str(&format!(
            "{:<width$}  {:>4}%  {:>12}  {:>9}  {:>9}\n",
            r.name,
            share.round(),
            // Outward, so the printed interval holds the exact one.
            format!("[{}, {}]", lo.floor(), hi.ceil()),
            cell(wtl[0]),
            cell(wtl[1])
        ));
    }
    out
}

/// A record's text field, `-` when absent, control characters shown as spaces so a
/// hostile file cannot break the table's lines.
fn text_field(r: &menace_arena::tournament::Record, k: &str) -> String {
    let v = r.data.get(k);
    let t = match v {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => "-".to_string(),
    };
    t.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// How the game of a Go line ended ([`Ending::of_record`]).
pub fn ending(r: &Record) -> Option<Ending> {
    let field = |k: &str| r.data.get(k).and_then(Value::as_str).unwrap_or("");
    Ending::of_record(field("ending"), field("result"), field("reason"))
}

/// Every game in unit order, with how it ended, so a reader can find any game's SGF
/// (`sgf/unit-NNNNN.sgf`, unit = game − 1) from the standings.
fn game_list(m: &Merged) -> String {
    let names = |k: &str| m.records.iter().map(|r| text_field(r, k).chars().count()).max();
    let bw = names("black").unwrap_or(0).max(5);
    let ww = names("white").unwrap_or(0).max(5);
    let rw = names("result").unwrap_or(0).max(6);
    let mut out = format!(
        "\ngames (game = unit + 1, the {{game}} of the entrants' commands):\n{:>4}  {:<bw$}  {:<ww$}  {:<rw$}  {:>5}  ending\n",
        "game", "black", "white", "result", "moves"
    );
    for r in &m.records {
        let why = match ending(r) {
            Some(e @ (Ending::TwoPasses | Ending::MoveCap)) => e.name().to_string(),
            Some(e) => format!("{}: {}", e.name(), text_field(r, "reason")),
            None => format!("{}: {}", text_field(r, "ending"), text_field(r, "reason")),
        };
        out.push_str(&format!(
            "{:>4}  {:<bw$}  {:<ww$}  {:<rw$}  {:>5}  {why}\n",
            r.unit.0 + 1,
            text_field(r, "black"),
            text_field(r, "white"),
            text_field(r, "result"),
            text_field(r, "moves"),
        ));
    }
    out
}

/// The slowest answer of each entrant over the games of `m`, as the judge timed it (for
/// a king-of-the-hill program, its whole run), and in which game. Apart from
/// [`summary`] because times are measurements of one machine on one day: a merge of
/// shards must print the one-machine standings byte for byte.
pub fn timings(m: &Merged) -> Result<String, String> {
    // Entrant → (seconds, game), the first game on a tie.
    let mut slowest: std::collections::BTreeMap<String, (f64, u64)> = Default::default();
    let mut timed = 0;
    for r in &m.records {
        timed += usize::from(
            ["black", "white"].iter().any(|seat| r.data.contains_key(&format!("{seat}_slowest_s"))),
        );
        for seat in ["black", "white"] {
            let name = r
                .data
                .get(seat)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("unit {}: no {seat:?}", r.unit))?;
            let Some(t) = r.data.get(&format!("{seat}_slowest_s")).and_then(Value::as_f64) else {
                continue;
            };
            let e = slowest.entry(name.to_string()).or_insert((t, r.unit.0 + 1));
            if t > e.0 {
                *e = (t, r.unit.0 + 1);
            }
        }
    }
    if slowest.is_empty() {
        return Err("these results record no move times (older runs did not)".into());
    }
    let width = slowest.keys().map(|k| k.chars().count()).max().unwrap_or(0).max(8);
    // Lines written before a runner recorded times have none: say how many games count.
    let over = if timed == m.records.len() {
        format!("{timed} games")
    } else {
        format!("the {timed} of {} games that record times", m.records.len())
    };
    let mut out =
        format!("slowest answer of each entrant, wall clock as the judge timed it, over {over}:\n");
    for (name, (t, game)) in &slowest {
        out.push_str(&format!("{name:<width$}  {t:>7.2} s  (game {game})\n"));
    }
    out.push_str(&mean_answers(m, width));
    out.push_str(&clock_use(m, width));
    Ok(out)
}

/// Each entrant's mean answer over its games (the mean of the lines' `*_mean_s`, so every
/// game weighs the same), for the lines that record one; nothing when none does, so the
/// timings of older runs print as they did.
fn mean_answers(m: &Merged, width: usize) -> String {
    // Entrant -> (sum of the games' means, games).
    let mut by: std::collections::BTreeMap<String, (f64, u32)> = Default::default();
    for r in &m.records {
        for seat in ["black", "white"] {
            let (Some(name), Some(t)) = (
                r.data.get(seat).and_then(Value::as_str),
                r.data.get(&format!("{seat}_mean_s")).and_then(Value::as_f64),
            ) else {
                continue;
            };
            let e = by.entry(name.to_string()).or_default();
            *e = (e.0 + t, e.1 + 1);
        }
    }
    if by.is_empty() {
        return String::new();
    }
    let mut out = "mean answer of each entrant, the mean of its games' means:\n".to_string();
    for (name, (sum, games)) in &by {
        let mean = sum / f64::from(*games);
        out.push_str(&format!("{name:<width$}  {mean:>7.2} s  ({games} games)\n"));
    }
    out
}

/// Under a clock: each entrant's most clock used in one game and least left at the end of
/// one (with the games), from the lines' `*_time_used_s` and `*_time_left_s`; nothing for
/// lines without a clock, so the timings of older runs print as they did.
fn clock_use(m: &Merged, width: usize) -> String {
    /// Seconds, and the game they were in.
    type InGame = (f64, u64);
    // Entrant → (most used, least left).
    let mut by: std::collections::BTreeMap<String, (InGame, InGame)> = Default::default();
    for r in &m.records {
        for seat in ["black", "white"] {
            let num = |k: &str| r.data.get(&format!("{seat}_{k}")).and_then(Value::as_f64);
            let (Some(name), Some(used), Some(left)) =
                (r.data.get(seat).and_then(Value::as_str), num("time_used_s"), num("time_left_s"))
            else {
                continue;
            };
            let game = r.unit.0 + 1;
            let e = by.entry(name.to_string()).or_insert(((used, game), (left, game)));
            if used > e.0 .0 {
                e.0 = (used, game);
            }
            if left < e.1 .0 {
                e.1 = (left, game);
            }
        }
    }
    if by.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "\nclock use of each entrant: most clock used in a game, least left at the end of one (what it could still have spent on one move):\n",
    );
    for (name, ((used, ug), (left, lg))) in &by {
        out.push_str(&format!(
            "{name:<width$}  {used:>7.2} s used (game {ug})  {left:>7.2} s left (game {lg})\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A builtin entrant of these tests: the library's defaults, its canonical text the
    /// words it was given.
    fn builtin(search: SearchConfig, words: &[String]) -> Builtin {
        Builtin { search, canonical: words.join(" "), seed_per_game: None }
    }

    /// The flags of every builtin entrant of these tests: none, the library's defaults.
    fn defaults(words: &[String]) -> Result<Builtin, String> {
        match words {
            [] => Ok(builtin(SearchConfig::default(), words)),
            _ => Err(format!("flags {words:?}")),
        }
    }

    fn cfg(n: usize, gpp: u64) -> Config {
        Config {
            entrants: (0..n)
                .map(|i| Entrant::parse(&format!("e{i}=builtin"), &defaults).unwrap())
                .collect(),
            games_per_pair: gpp,
            rules: Rules::koth(5, 0.0, 10, Duration::from_secs(5)),
            format: Format::Tournament,
            watch_load: false,
        }
    }

    #[test]
    fn every_pair_plays_each_colour_in_turn() {
        for n in 2..6 {
            let c = cfg(n, 3);
            let plan = c.plan();
            let mut seen = std::collections::BTreeMap::new();
            for u in plan.all() {
                let p = c.pairing(u);
                assert_ne!(p.black, p.white);
                *seen.entry((p.black, p.white)).or_insert(0) += 1;
            }
            // By enumeration: each ordered pair (i<j) has black in ceil(3/2) = 2 games,
            // the reverse in 1.
            for i in 0..n {
                for j in i + 1..n {
                    assert_eq!(seen.get(&(i, j)), Some(&2), "{n}: {i} {j}");
                    assert_eq!(seen.get(&(j, i)), Some(&1), "{n}: {j} {i}");
                }
            }
            assert_eq!(seen.values().sum::<i32>() as u64, plan.units);
        }
    }

    #[test]
    fn entrant_specs_are_read_or_refused() {
        let e = Entrant::parse("g=gtp:gnugo -m gtp -s {game}", &defaults).unwrap();
        assert!(matches!(e.kind, Kind::Gtp(ref p) if p.argv.len() == 5));
        assert_eq!(
            with_unit(&Program::parse("a -s {game} {unit}").unwrap(), UnitId(4)).argv,
            ["a", "-s", "5", "4"]
        );
        assert_eq!(
            (placeholder("{unit}"), placeholder("{game}"), placeholder("7")),
            (Some(0), Some(1), None)
        );
        for bad in ["x", "=koth:a", "x=shell:a", "x=koth:", "x=koth:'a", "x=builtin:'a"] {
            assert!(Entrant::parse(bad, &defaults).is_err(), "{bad:?}");
        }
        // A builtin's flags are split as a command line and handed over, placeholders as
        // written; their reader's error names the entrant.
        for spec in ["x=builtin", "x=builtin:", "x=builtin:  "] {
            let e = Entrant::parse(spec, &defaults).unwrap();
            let want = builtin(SearchConfig::default(), &[]);
            assert!(matches!(e.kind, Kind::Builtin(ref b) if **b == want), "{spec}");
        }
        let e = Entrant::parse("x=builtin:tune 'a b' {game}", &defaults).unwrap_err();
        assert_eq!(e, r#"x: flags ["tune", "a b", "{game}"]"#);
        let e = Entrant::parse("x=koth", &defaults).unwrap_err();
        assert_eq!(e, r#"x: SPEC must start with koth:, gtp: or builtin, got "koth""#);
    }

    #[test]
    fn builtin_entrants_seeded_per_game_play_other_games() {
        // Two builtins on 5x5 at few playouts: deterministic, so with fixed seeds game 3
        // replays game 1 (same colours); seeded by the game it is another game.
        let fast = |words: &[String]| {
            let search =
                SearchConfig { playouts: 40, threads: 1, seed: 7, ..SearchConfig::default() };
            let seed_per_game = match words {
                [] => None,
                [w] => placeholder(w),
                _ => return Err(format!("flags {words:?}")),
            };
            Ok(Builtin { seed_per_game, ..builtin(search, words) })
        };
        let games = |a: &str, b: &str| {
            let mut c = cfg(2, 4);
            c.entrants = vec![Entrant::parse(a, &fast).unwrap(), Entrant::parse(b, &fast).unwrap()];
            [0, 2].map(|u| play(&c, UnitId(u)).1.moves)
        };
        let [g1, g3] = games("a=builtin", "b=builtin");
        assert_eq!(g1, g3);
        let [g1, g3] = games("a=builtin:{game}", "b=builtin:{game}");
        assert_ne!(g1, g3);
    }

    #[test]
    fn a_builtin_entrant_is_fingerprinted_by_its_canonical_text() {
        let fingerprint = |canonical: &str, spec: &str| {
            let mut c = cfg(2, 2);
            let read = |_: &[String]| {
                Ok(Builtin {
                    search: SearchConfig::default(),
                    canonical: canonical.to_string(),
                    seed_per_game: None,
                })
            };
            c.entrants[0] = Entrant::parse(spec, &read).unwrap();
            c.plan().config
        };
        // The same words resolved to other settings are another tournament...
        assert_ne!(fingerprint("a", "a=builtin"), fingerprint("b", "a=builtin"));
        // ...and the same settings the same one.
        assert_eq!(fingerprint("a", "a=builtin"), fingerprint("a", "a=builtin"));
        // Programs are fingerprinted by their command line alone.
        assert_eq!(fingerprint("a", "a=koth:bot"), fingerprint("b", "a=koth:bot"));
    }

    #[test]
    fn a_setting_that_cannot_be_played_is_named_by_its_setting() {
        let mut c = cfg(2, 0);
        assert_eq!(c.check(), Err(Invalid::Games(0)));
        assert_eq!(c.check().unwrap_err().to_string(), "games must be from 1 to 1000000");
        c.games_per_pair = 1;
        c.entrants.truncate(1);
        assert_eq!(c.check(), Err(Invalid::Entrants));
        let mut c = cfg(2, 1);
        c.rules.size = 20;
        assert_eq!(c.check().unwrap_err().to_string(), "size 20: give a side from 2 to 19");
    }
}
