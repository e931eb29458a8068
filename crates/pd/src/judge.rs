//! The judge: plays a game of built-in and external players, round by round.
//!
//! Each round every player gets its input (see [`crate::format`]); the external
//! programs of a round run concurrently through [`menace_run::run_once`] (they cannot
//! see each other's answers anyway), the built-ins are called in-process. A program that
//! times out, crashes, exits non-zero or cannot start counts as an empty answer; illegal
//! ids are dropped. Every such event is an [`Incident`] in the result, and the game goes on.

use std::time::Instant;

use menace_run::{run_once, Limits, Program};
use menace_stats::rng::{below, from_seed};

use super::format::{parse_answer, render_input, Parsed, View};
use super::rules::{rounds_for, score_round, Id, Round, Take};
use super::strategies::{self, Entry};

/// How a player decides.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A strategy from [`strategies::TABLE`], called in-process.
    Builtin(&'static Entry),
    /// An external program, run once per round.
    External(Program),
}

/// One player of a game.
#[derive(Clone, Debug)]
pub struct Player {
    /// The name shown in results (the strategy name, or the command line).
    pub name: String,
    /// How it decides.
    pub kind: Kind,
}

impl Player {
    /// A player from a command-line word: the name of a built-in strategy, or else a
    /// command line to run (split without a shell).
    pub fn parse(spec: &str) -> Result<Player, String> {
        if let Some(e) = strategies::find(spec.trim()) {
            return Ok(Player { name: e.name.to_string(), kind: Kind::Builtin(e) });
        }
        let program = Program::parse(spec).map_err(|e| format!("player {spec:?}: {e}"))?;
        Ok(Player { name: program.to_string(), kind: Kind::External(program) })
    }

    /// Is this an in-process strategy?
    pub fn is_builtin(&self) -> bool {
        matches!(self.kind, Kind::Builtin(_))
    }
}

/// Settings of a game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Config {
    /// Limits for each external program in each round.
    pub limits: Limits,
    /// Rounds to play; `None` means the rule's `P * 25`.
    pub rounds: Option<usize>,
}

/// Something a player did wrong in a round.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Incident {
    /// Round number, 1-based.
    pub round: usize,
    /// The player's id.
    pub id: Id,
    /// What happened (with the last line of the program's standard error, if it wrote one).
    pub what: String,
    /// What kind of thing happened, the first that applies ([`menace_run::Run::failure`]'s
    /// words, or [`DROPPED`]), for counting.
    #[serde(skip)]
    pub kind: &'static str,
    /// The end of what the program wrote on standard error in that round (at most
    /// [`menace_run::STDERR_TAIL`] bytes, decoded lossily), if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    /// What was measured of a run that timed out ([`menace_run::Run::timing`]): kept out of
    /// `game.json`, `log.txt` and `incidents.txt`, which the same seed makes byte for
    /// byte, and written to `timings.txt`.
    #[serde(skip)]
    pub timing: Option<String>,
}

/// The kind of an incident whose answer had tokens or lines dropped.
pub const DROPPED: &str = "had part of the answer dropped";

/// Everything about a finished game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameResult {
    /// Player names by id (index id - 1).
    pub names: Vec<String>,
    /// The ids given to the players in the order they were listed.
    pub ids: Vec<Id>,
    /// The seeds of the rounds played.
    pub seeds: Vec<u64>,
    /// The takes of each round.
    pub history: Vec<Round>,
    /// Scores by id after each round (`scores[r][id - 1]`).
    pub scores: Vec<Vec<i64>>,
    /// Everything that went wrong, in order.
    pub incidents: Vec<Incident>,
    /// Wall-clock time of each round, in seconds.
    pub round_seconds: Vec<f64>,
    /// CPU time each external player's programs used over the game, in seconds, by id
    /// (index id - 1; 0 for a built-in).
    pub cpu_seconds: Vec<f64>,
}

impl GameResult {
    /// Final scores by id (index id - 1).
    pub fn final_scores(&self) -> Vec<i64> {
        self.scores.last().cloned().unwrap_or_else(|| vec![0; self.names.len()])
    }

    /// Rank of each id (index id - 1), 1 for the best; equal scores share a rank.
    pub fn ranks(&self) -> Vec<usize> {
        ranks_of(&self.final_scores())
    }

    /// What the standings and the multi-game summaries need from this game.
    pub fn finals(&self) -> Finals {
        Finals {
            names: self.names.clone(),
            ids: self.ids.clone(),
            final_scores: self.final_scores(),
        }
    }
}

/// The outcome of a game without its rounds: who had which id, and the final scores. A
/// tournament's results line carries exactly this, so every summary can be recomputed
/// from the lines alone.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Finals {
    /// Player names by id (index id - 1).
    pub names: Vec<String>,
    /// The ids given to the players in the order they were listed.
    pub ids: Vec<Id>,
    /// Final scores by id (index id - 1).
    pub final_scores: Vec<i64>,
}

impl Finals {
    /// Rank of each id (index id - 1), 1 for the best; equal scores share a rank.
    pub fn ranks(&self) -> Vec<usize> {
        ranks_of(&self.final_scores)
    }

    /// Checks the parts agree (as read from a results line): as many names, ids and
    /// scores, and the ids a permutation of `1..=n`.
    pub fn check(&self) -> Result<(), String> {
        let n = self.names.len();
        if self.final_scores.len() != n {
            return Err(format!("{n} names but {} final scores", self.final_scores.len()));
        }
        Ok(check_order(&self.ids, n)?)
    }
}

fn ranks_of(s: &[i64]) -> Vec<usize> {
    s.iter().map(|x| 1 + s.iter().filter(|y| *y > x).count()).collect()
}

/// Ids for `n` listed players by a seeded Fisher-Yates shuffle: `ids[i]` is the id of the
/// i-th listed player.
pub fn shuffled_ids(n: usize, seed: u64) -> Vec<Id> {
    let mut ids: Vec<Id> = (1..=n as Id).collect();
    let mut rng = from_seed(seed);
    for i in (1..n).rev() {
        let j = below(&mut rng, i as u32 + 1) as usize;
        ids.swap(i, j);
    }
    ids
}

/// Ids that are not a permutation of `1..=players`. Its words name no flag (a results
/// line is checked with it too); `menace pd` says which flag gave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadOrder {
    /// `given` ids for `players` players.
    Count {
        /// Ids given.
        given: usize,
        /// Players.
        players: usize,
    },
    /// `id` is out of range or repeated.
    NotAPermutation {
        /// The first bad id.
        id: Id,
        /// Players.
        players: usize,
    },
}

impl std::fmt::Display for BadOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadOrder::Count { given, players } => {
                write!(f, "the order names {given} ids for {players} players")
            }
            BadOrder::NotAPermutation { id, players } => write!(
                f,
                "the order must be a permutation of 1..={players}; {id} is out of range or repeated"
            ),
        }
    }
}

impl From<BadOrder> for String {
    fn from(e: BadOrder) -> String {
        e.to_string()
    }
}

/// Checks that `ids` is a permutation of `1..=n`.
pub fn check_order(ids: &[Id], n: usize) -> Result<(), BadOrder> {
    if ids.len() != n {
        return Err(BadOrder::Count { given: ids.len(), players: n });
    }
    let mut seen = vec![false; n + 1];
    for &i in ids {
        if i == 0 || i as usize > n || std::mem::replace(&mut seen[i as usize], true) {
            return Err(BadOrder::NotAPermutation { id: i, players: n });
        }
    }
    Ok(())
}

/// A built-in's answer, read through the same reader as an external program's output so
/// both paths agree exactly.
fn builtin_answer(e: &Entry, view: &View<'_>) -> Answered {
    let out = (e.play)(view).render();
    Answered { parsed: parse_answer(&out, view.players, view.id, false), ..Answered::default() }
}

/// An external program's answer for a round, and what went wrong with it.
fn external_answer(
    program: &Program,
    input: &[u8],
    players: u32,
    id: Id,
    limits: Limits,
) -> Answered {
    let run = run_once(program, input, limits);
    let note = run.incident();
    let failure = run.failure();
    let stderr = (note.is_some() && !run.stderr.is_empty())
        .then(|| String::from_utf8_lossy(&run.stderr).into_owned());
    let (timing, cpu) = (run.timing(), run.cpu);
    if run.succeeded() {
        let parsed = parse_answer(&run.stdout, players, id, run.truncated);
        Answered { parsed, note, failure, stderr, timing, cpu }
    } else {
        let note = note.unwrap_or_else(|| "failed".to_string());
        let note = Some(format!("{note}; counted as an empty answer"));
        Answered { parsed: Parsed::default(), note, failure, stderr, timing, cpu }
    }
}

/// Plays one game. `players[i]` gets id `ids[i]`; round `r` uses `seeds[r]`.
///
/// # Errors
/// When the ids are not a permutation or there are fewer seeds than rounds.
pub fn play(
    players: &[Player],
    ids: &[Id],
    seeds: &[u64],
    config: &Config,
) -> Result<GameResult, String> {
    let p = players.len();
    if p < 2 {
        return Err("a game needs at least 2 players".into());
    }
    if p > super::rules::MAX_PLAYERS as usize {
        return Err(format!("at most {} players", super::rules::MAX_PLAYERS));
    }
    check_order(ids, p)?;
    let rounds = config.rounds.unwrap_or_else(|| rounds_for(p as u32));
    if seeds.len() < rounds {
        return Err(format!("{rounds} rounds need {rounds} seeds, got {}", seeds.len()));
    }
    let mut by_id: Vec<&Player> = vec![&players[0]; p];
    for (i, &id) in ids.iter().enumerate() {
        by_id[(id - 1) as usize] = &players[i];
    }
    let mut result = GameResult {
        names: by_id.iter().map(|pl| pl.name.clone()).collect(),
        ids: ids.to_vec(),
        seeds: seeds[..rounds].to_vec(),
        history: Vec::with_capacity(rounds),
        scores: Vec::with_capacity(rounds),
        incidents: Vec::new(),
        round_seconds: Vec::with_capacity(rounds),
        cpu_seconds: vec![0.0; p],
    };
    let mut states: Vec<Vec<u8>> = vec![Vec::new(); p];
    let mut totals = vec![0i64; p];
    let players_n = p as u32;
    for (r, &seed) in seeds[..rounds].iter().enumerate() {
        let start = Instant::now();
        let history = &result.history;
        let answers: Vec<Answered> = std::thread::scope(|scope| {
            // Start every external program first, so they run while the built-ins think.
            let running: Vec<_> =
                (0..p)
                    .map(|i| match &by_id[i].kind {
                        Kind::External(program) => {
                            let id = i as Id + 1;
                            let input = render_input(players_n, id, history, seed, &states[i]);
                            let limits = config.limits;
                            Some(scope.spawn(move || {
                                external_answer(program, &input, players_n, id, limits)
                            }))
                        }
                        Kind::Builtin(_) => None,
                    })
                    .collect();
            let thought: Vec<Option<Answered>> = (0..p)
                .map(|i| match &by_id[i].kind {
                    Kind::Builtin(e) => {
                        // Lossy like `parse_input`, so both paths see the same text.
                        let state = String::from_utf8_lossy(&states[i]);
                        let view = View {
                            players: players_n,
                            id: i as Id + 1,
                            history,
                            seed,
                            state: (r > 0).then_some(&*state),
                        };
                        Some(builtin_answer(e, &view))
                    }
                    Kind::External(_) => None,
                })
                .collect();
            running
                .into_iter()
                .zip(thought)
                .map(|(handle, answer)| match handle {
                    Some(h) => h.join().unwrap_or_else(|_| Answered {
                        note: Some("judge thread failed".into()),
                        failure: Some("could not run"),
                        ..Answered::default()
                    }),
                    None => answer.unwrap_or_default(),
                })
                .collect()
        });
        let mut round: Round = Vec::new();
        for (i, Answered { parsed, note, failure, stderr, timing, cpu }) in
            answers.into_iter().enumerate()
        {
            result.cpu_seconds[i] += cpu.map_or(0.0, |c| c.as_secs_f64());
            let id = i as Id + 1;
            // One incident per player and round: what went wrong with the run, then
            // what was dropped from the answer.
            let mut what: Vec<String> = note.into_iter().collect();
            if !parsed.dropped.is_empty() {
                what.push(format!("dropped: {}", parsed.dropped.join("; ")));
            }
            if !what.is_empty() {
                let kind = failure.unwrap_or(DROPPED);
                let what = what.join("; ");
                result.incidents.push(Incident { round: r + 1, id, what, kind, stderr, timing });
            }
            round.extend(parsed.takes.iter().map(|&victim| Take { taker: id, victim }));
            states[i] = parsed.state.unwrap_or_default();
        }
        score_round(&mut totals, &round);
        result.history.push(round);
        result.scores.push(totals.clone());
        result.round_seconds.push(start.elapsed().as_secs_f64());
    }
    Ok(result)
}

/// A player's answer for a round, and what went wrong with it (if anything).
#[derive(Default)]
struct Answered {
    /// The answer as read.
    parsed: Parsed,
    /// What went wrong with the run, in words.
    note: Option<String>,
    /// Its kind ([`menace_run::Run::failure`]).
    failure: Option<&'static str>,
    /// The end of the program's standard error, when something went wrong.
    stderr: Option<String>,
    /// What was measured of a run that timed out ([`menace_run::Run::timing`]).
    timing: Option<String>,
    /// The CPU time the program used.
    cpu: Option<std::time::Duration>,
}
