//! Training: a learner plays N games against an opponent and learns, with a learning
//! curve recorded every K games.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use serde::Serialize;

use super::eval::{outcome_odds, report, Model, Report, Version};
use super::unbeatable::UnbeatableWatch;
use super::{play, Exploiter, Mixed, Perfect, Player, Policy, Random};
use crate::game::{Game, GameResult, Outcome, Side};
use crate::menace::{BeadRules, Matchboxes};
use crate::solve::Solver;
use menace_stats::rng::GameRng;

/// An opponent by name, as written on the command line and in the protocol.
#[derive(Clone, Debug, PartialEq)]
pub enum OpponentSpec {
    /// `random`: uniformly random legal moves.
    Random,
    /// `perfect`: minimax, random among the best moves.
    Perfect,
    /// `mixed:P`: perfect, but a random move with probability P.
    Mixed(f64),
    /// `exploiter`: the exact best response to the learner's current policy.
    Exploiter,
    /// `menace`: a second matchbox learner, learning as the other side.
    Menace,
    /// `exec:COMMAND`: an external program speaking the protocol's opponent side.
    Program(String),
}

/// The names, for help texts (the names of [`OPPONENTS`], joined).
pub const OPPONENT_NAMES: &str = "random, perfect, mixed:P, exploiter, menace, exec:COMMAND";

/// One kind of opponent, as help texts, the protocol's `info` answer and the web page
/// list it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OpponentKind {
    /// How it is written (`mixed:P` with its parameter as `P`).
    pub name: &'static str,
    /// What it does, in a few words.
    pub summary: &'static str,
    /// Whether the protocol's `train` and `watch` have it (external programs are for the
    /// command line only).
    pub built_in: bool,
    /// Games between two progress answers of a long `train`: a hundredth of the run, at
    /// least the first and at most the second, so that an opponent that plays slowly
    /// reports oftener. Rough speeds on one loaded core (2 cores, 5 builds at once):
    /// random ~6 M games/s (the hot loop), perfect, mixed and menace 0.3-1.5 M/s,
    /// exploiter (a best response before every game) 3-10 k/s.
    pub progress: (u64, u64),
}

/// The progress cadence of the opponents that play about a million games a second.
const STEADY: (u64, u64) = (20_000, 200_000);

/// Every opponent, in the order help texts list them: the one table.
pub const OPPONENTS: &[OpponentKind] = &[
    OpponentKind {
        name: "random",
        summary: "uniformly random legal moves",
        built_in: true,
        progress: (20_000, 1_000_000),
    },
    OpponentKind {
        name: "perfect",
        summary: "minimax, random among the best moves",
        built_in: true,
        progress: STEADY,
    },
    OpponentKind {
        name: "mixed:P",
        summary: "perfect, but a random move with probability P",
        built_in: true,
        progress: STEADY,
    },
    OpponentKind {
        name: "exploiter",
        summary: "the exact best response to the learner's current policy",
        built_in: true,
        progress: (200, 10_000),
    },
    OpponentKind {
        name: "menace",
        summary: "a second MENACE, learning as the other side",
        built_in: true,
        progress: STEADY,
    },
    OpponentKind {
        name: "exec:COMMAND",
        summary: "a program speaking the protocol's opponent side",
        built_in: false,
        progress: STEADY,
    },
];

impl OpponentSpec {
    /// Its row of [`OPPONENTS`].
    pub fn kind(&self) -> &'static OpponentKind {
        let name = match self {
            OpponentSpec::Random => "random",
            OpponentSpec::Perfect => "perfect",
            OpponentSpec::Mixed(_) => "mixed:P",
            OpponentSpec::Exploiter => "exploiter",
            OpponentSpec::Menace => "menace",
            OpponentSpec::Program(_) => "exec:COMMAND",
        };
        OPPONENTS.iter().find(|o| o.name == name).expect("every opponent has its row")
    }
}

/// The names of the opponents the protocol has (`built_in`), joined for messages.
pub fn built_in_names() -> String {
    OPPONENTS.iter().filter(|o| o.built_in).map(|o| o.name).collect::<Vec<_>>().join(", ")
}

impl FromStr for OpponentSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "random" => return Ok(OpponentSpec::Random),
            "perfect" => return Ok(OpponentSpec::Perfect),
            "exploiter" => return Ok(OpponentSpec::Exploiter),
            "menace" => return Ok(OpponentSpec::Menace),
            _ => {}
        }
        if let Some(p) = lower.strip_prefix("mixed:") {
            return match p.parse::<f64>() {
                Ok(p) if (0.0..=1.0).contains(&p) => Ok(OpponentSpec::Mixed(p)),
                _ => Err(format!(
                    "opponent {t:?}: mixed:P needs a probability P from 0 to 1, e.g. mixed:0.3"
                )),
            };
        }
        if lower.starts_with("exec:") {
            let cmd = t[5..].trim();
            if cmd.is_empty() {
                return Err("opponent exec: needs a command line, e.g. exec:python3 bot.py".into());
            }
            return Ok(OpponentSpec::Program(cmd.to_string()));
        }
        Err(format!("unknown opponent {t:?}: choose one of {OPPONENT_NAMES}"))
    }
}

impl fmt::Display for OpponentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpponentSpec::Random => f.write_str("random"),
            OpponentSpec::Perfect => f.write_str("perfect"),
            OpponentSpec::Mixed(p) => write!(f, "mixed:{p}"),
            OpponentSpec::Exploiter => f.write_str("exploiter"),
            OpponentSpec::Menace => f.write_str("menace"),
            OpponentSpec::Program(c) => write!(f, "exec:{c}"),
        }
    }
}

/// A live opponent.
pub enum Opponent<G: Game> {
    /// See [`Random`].
    Random(Random),
    /// See [`Perfect`].
    Perfect(Perfect<G>),
    /// See [`Mixed`].
    Mixed(Mixed<G>),
    /// See [`Exploiter`].
    Exploiter(Exploiter<G>),
    /// A second matchbox learner.
    Menace(Box<Matchboxes<G>>),
    /// Anything else that plays (e.g. an external program); `Send`, as a session that
    /// keeps a paused `train` between two lines keeps its opponent.
    Other(Box<dyn Player<G> + Send>),
}

impl<G: Game + Clone> Opponent<G> {
    /// Builds a built-in opponent (`exec:` needs a game-specific adapter: `None`). The
    /// `menace` opponent plays `side` with `rules`.
    pub fn built_in(
        spec: &OpponentSpec,
        game: &G,
        side: Side,
        rules: &BeadRules,
    ) -> Option<Opponent<G>> {
        Some(match spec {
            OpponentSpec::Random => Opponent::Random(Random::default()),
            OpponentSpec::Perfect => Opponent::Perfect(Perfect::new(game.clone())),
            OpponentSpec::Mixed(p) => Opponent::Mixed(Mixed::new(game.clone(), *p)),
            OpponentSpec::Exploiter => Opponent::Exploiter(Exploiter::new(game.clone())),
            OpponentSpec::Menace => {
                Opponent::Menace(Box::new(Matchboxes::new(game.clone(), side, rules.clone())))
            }
            OpponentSpec::Program(_) => return None,
        })
    }
}

impl<G: Game> Player<G> for Opponent<G> {
    #[inline]
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        match self {
            Opponent::Random(o) => o.choose(game, p, rng),
            Opponent::Perfect(o) => o.choose(game, p, rng),
            Opponent::Mixed(o) => o.choose(game, p, rng),
            Opponent::Exploiter(o) => o.choose(game, p, rng),
            Opponent::Menace(o) => Player::choose(o.as_mut(), game, p, rng),
            Opponent::Other(o) => o.choose(game, p, rng),
        }
    }

    #[inline]
    fn finish(&mut self, result: GameResult) {
        match self {
            Opponent::Menace(o) => o.learn(result),
            Opponent::Other(o) => o.finish(result),
            _ => {}
        }
    }

    fn failed(&self) -> Option<String> {
        match self {
            Opponent::Other(o) => o.failed(),
            _ => None,
        }
    }
}

pub use crate::play::Tally;

/// One run of `menace train` from `seed`: `learner` (playing `side`) trained per `plan`
/// against the opponent `spec` names, built in (a `menace` opponent with `rules`) or, for
/// `exec:COMMAND`, what `program(COMMAND)` starts (the caller's: core starts no
/// programs). `progress` is as for [`train`]. The learner comes back with the summary.
#[allow(clippy::too_many_arguments)]
pub fn run_seed<G, L>(
    game: &G,
    mut learner: L,
    side: Side,
    spec: &OpponentSpec,
    rules: &BeadRules,
    program: impl FnOnce(&str) -> Result<Opponent<G>, String>,
    plan: &Plan,
    seed: u64,
    progress: impl FnMut(u64),
) -> Result<(Summary, L), String>
where
    G: Game + Clone,
    L: Player<G> + Policy<G>,
{
    let mut opponent = match spec {
        OpponentSpec::Program(cmd) => program(cmd)?,
        _ => Opponent::built_in(spec, game, side.other(), rules).expect("every other is built in"),
    };
    let mut rng = menace_stats::rng::from_seed(seed);
    let summary = train(game, &mut learner, side, &mut opponent, plan, &mut rng, progress);
    Ok((summary, learner))
}

/// One point of a learning curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CurvePoint {
    /// Games played so far.
    pub games: u64,
    /// Share of wins over the games since the previous point.
    pub win: f64,
    /// Share of draws over that window.
    pub draw: f64,
    /// Share of losses over that window.
    pub loss: f64,
    /// P(loss) against a best response, stochastic policy.
    pub exploitability: f64,
    /// P(loss) against a best response, greedy policy.
    pub greedy_exploitability: f64,
    /// Beads in the box of the learner's first position (total weight, for learners
    /// without beads); `null` when the learner moves second.
    pub first_box: Option<f64>,
}

/// What a training run found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Results over all games.
    pub tally: Tally,
    /// The number of the last game the learner lost (1-based), if any.
    pub last_loss: Option<u64>,
    /// The first game count after which the greedy policy could not be beaten (checked
    /// every `check_every` games), if it happened.
    pub unbeatable_after: Option<u64>,
    /// The game count from which the greedy policy stayed unbeatable at every later check
    /// to the end of the run, if it ended unbeatable.
    pub unbeatable_since: Option<u64>,
    /// The exact figures at the end.
    pub end: Report,
    /// The learning curve.
    pub curve: Vec<CurvePoint>,
    /// Why training stopped early, if the opponent failed.
    pub stopped: Option<String>,
}

impl Summary {
    /// The run from `seed` as one JSON object (what `menace train --json` prints per
    /// seed): `seed`, `opponent`, the summary, and `extra` fields (the game and the
    /// learner, for anything but MENACE on tic-tac-toe).
    pub fn json_line(&self, seed: u64, opponent: &str, extra: &[(&str, &str)]) -> String {
        let mut line = serde_json::Map::new();
        line.insert("seed".into(), seed.into());
        line.insert("opponent".into(), opponent.into());
        line.insert("summary".into(), serde_json::to_value(self).unwrap_or_default());
        for (key, value) in extra {
            line.insert((*key).into(), (*value).into());
        }
        serde_json::Value::Object(line).to_string()
    }

    /// The run from `seed` in words: its games and results, when it last lost, when its
    /// greedy policy became unbeatable, and the exact figures at the end (what `menace
    /// train` prints per seed).
    pub fn describe(&self, seed: u64) -> String {
        let s = self;
        let opt = |v: Option<u64>| v.map_or("-".to_string(), |n| n.to_string());
        let stopped =
            s.stopped.as_ref().map_or(String::new(), |w| format!("\n  stopped early: {w}"));
        format!(
            "seed {seed}: {} games, won {} drew {} lost {}; last loss at game {}; greedy policy unbeatable after game {} (for good from game {})\n  \
             exact now: P(loss) vs best response {:.4} (greedy {:.4}); vs random W/D/L {:.3}/{:.3}/{:.3}; vs perfect W/D/L {:.3}/{:.3}/{:.3}",
            s.games,
            s.tally.win,
            s.tally.draw,
            s.tally.loss,
            opt(s.last_loss),
            opt(s.unbeatable_after),
            opt(s.unbeatable_since),
            s.end.exploitability,
            s.end.greedy_exploitability,
            s.end.vs_random.win,
            s.end.vs_random.draw,
            s.end.vs_random.loss,
            s.end.vs_perfect.win,
            s.end.vs_perfect.draw,
            s.end.vs_perfect.loss,
        ) + &stopped
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Games to play.
    pub games: u64,
    /// Record a curve point every this many games (0: never).
    pub every: u64,
    /// Check whether the greedy policy is unbeatable every this many games (0: never).
    pub check_every: u64,
    /// Stop as soon as the greedy policy is unbeatable.
    pub stop_when_unbeatable: bool,
}

impl Plan {
    /// A plan of `games` games with a curve point every `every` games, by default every
    /// hundredth of them (at least every game), as `menace train` reads its flags.
    pub fn new(
        games: u64,
        every: Option<u64>,
        check_every: u64,
        stop_when_unbeatable: bool,
    ) -> Plan {
        Plan {
            games,
            every: every.unwrap_or((games / 100).max(1)),
            check_every,
            stop_when_unbeatable,
        }
    }
}

/// Trains `learner` (playing `side`) against `opponent` per `plan`, calling `progress`
/// with the games played after each game.
///
/// A matchbox learner against `random` runs on the machine's own loop
/// ([`Matchboxes::train_against_random_each`]; for tic-tac-toe as X, the hot loop) between
/// curve points. The "greedy policy unbeatable" check of every `check_every` games is
/// incremental for matchbox learners ([`UnbeatableWatch`]): re-evaluated exactly only when
/// a box it depends on changes its most-beaded moves, with the same answers as evaluating
/// at every check.
pub fn train<G, L>(
    game: &G,
    learner: &mut L,
    side: Side,
    opponent: &mut Opponent<G>,
    plan: &Plan,
    rng: &mut GameRng,
    mut progress: impl FnMut(u64),
) -> Summary
where
    G: Game + Clone,
    L: Player<G> + Policy<G>,
{
    let mut solver = Solver::new(game.clone());
    let mut summary = Summary::default();
    let mut window = Tally::default();
    let mut n = 0;
    // Counts one finished game.
    let mut record = |n: u64, r: GameResult, summary: &mut Summary, window: &mut Tally| {
        summary.tally.add(r);
        window.add(r);
        if r == GameResult::Loss {
            summary.last_loss = Some(n);
        }
        summary.games = n;
        progress(n);
    };
    let checks = plan.check_every > 0;
    // (Checking after every game, the default, needs no division.)
    let is_check = |n: u64| plan.check_every == 1 || (checks && n.is_multiple_of(plan.check_every));
    let mut watch = (checks && learner.as_matchboxes().is_some()).then(UnbeatableWatch::new);
    let hot = matches!(opponent, Opponent::Random(_)) && learner.as_matchboxes().is_some();
    while n < plan.games {
        if hot {
            // Up to the next curve point (or the end, without a curve).
            let end = n.checked_div(plan.every).map_or(plan.games, |q| (q + 1) * plan.every);
            let block = end.min(plan.games) - n;
            let machine = learner.as_matchboxes_mut().expect("checked above");
            // Set when a check needs an exact evaluation, which wants the whole machine.
            let mut evaluate = false;
            let mut stop = false;
            machine.train_against_random_each(block, rng, |g| {
                n += 1;
                record(n, g.result(), &mut summary, &mut window);
                let Some(watch) = watch.as_mut() else { return ControlFlow::Continue(()) };
                watch.learned(g);
                if is_check(n) {
                    match watch.cached() {
                        Some(answer) => {
                            stop = mark_unbeatable(&mut summary, n, answer, plan);
                            if stop {
                                return ControlFlow::Break(());
                            }
                        }
                        None => {
                            evaluate = true;
                            return ControlFlow::Break(());
                        }
                    }
                }
                ControlFlow::Continue(())
            });
            if evaluate {
                let machine = learner.as_matchboxes().expect("checked above");
                let answer =
                    watch.as_mut().expect("evaluate needs a watch").unbeatable(game, machine, side);
                stop = mark_unbeatable(&mut summary, n, answer, plan);
            }
            if stop {
                break;
            }
        } else {
            n += 1;
            if let Opponent::Exploiter(e) = opponent {
                e.prepare(game, learner, side);
            }
            let outcome = match side {
                Side::First => play(game, learner, opponent, rng),
                Side::Second => play(game, opponent, learner, rng),
            };
            record(n, GameResult::for_side(outcome, side), &mut summary, &mut window);
            if let (Some(watch), Some(machine)) = (watch.as_mut(), learner.as_matchboxes()) {
                watch.any_changed(machine);
            }
            if is_check(n) {
                let answer = match (watch.as_mut(), learner.as_matchboxes()) {
                    (Some(watch), Some(machine)) => watch.unbeatable(game, machine, side),
                    _ => {
                        outcome_odds(game, learner, side, Version::Greedy, Model::BestResponse).loss
                            == 0.0
                    }
                };
                if mark_unbeatable(&mut summary, n, answer, plan) {
                    break;
                }
            }
        }
        if plan.every > 0 && (n % plan.every == 0 || n == plan.games) {
            let rep = report(game, learner, side, &mut solver);
            let k = window.games().max(1) as f64;
            summary.curve.push(CurvePoint {
                games: n,
                win: window.win as f64 / k,
                draw: window.draw as f64 / k,
                loss: window.loss as f64 / k,
                exploitability: rep.exploitability,
                greedy_exploitability: rep.greedy_exploitability,
                first_box: match side {
                    Side::First => learner.weight(game, game.start()),
                    Side::Second => None,
                },
            });
            window = Tally::default();
        }
        if let Some(why) = opponent.failed() {
            summary.stopped = Some(why);
            break;
        }
    }
    summary.end = report(game, learner, side, &mut solver);
    summary
}

/// Records the answer of the check after game `n`; whether training should stop.
fn mark_unbeatable(summary: &mut Summary, n: u64, unbeatable: bool, plan: &Plan) -> bool {
    if unbeatable {
        summary.unbeatable_after.get_or_insert(n);
        summary.unbeatable_since.get_or_insert(n);
        plan.stop_when_unbeatable
    } else {
        summary.unbeatable_since = None;
        false
    }
}

/// Plays `games` games through the generic [`play`] without any bookkeeping but a tally:
/// what every game and player pair costs, which `menace bench --generic` times against
/// the tic-tac-toe hot loop.
#[inline(never)]
pub fn train_fast<G: Game, L: Player<G>, O: Player<G>>(
    game: &G,
    learner: &mut L,
    opponent: &mut O,
    games: u64,
    rng: &mut GameRng,
) -> Tally {
    let mut tally = Tally::default();
    for _ in 0..games {
        let r = match play(game, learner, opponent, rng) {
            Outcome::Win(Side::First) => GameResult::Win,
            Outcome::Win(Side::Second) => GameResult::Loss,
            Outcome::Draw => GameResult::Draw,
        };
        tally.add(r);
    }
    tally
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_seed_s_run_is_the_training_loop_s_and_exec_asks_the_caller() {
        let rules = BeadRules::challenge();
        let plan = Plan::new(200, None, 0, false);
        let fresh = || Matchboxes::new(TicTacToe, Side::First, rules.clone());
        let no_program = |c: &str| Err(format!("no {c}"));
        let (summary, machine) = run_seed(
            &TicTacToe,
            fresh(),
            Side::First,
            &OpponentSpec::Random,
            &rules,
            no_program,
            &plan,
            3,
            |_| {},
        )
        .unwrap();
        let mut m = fresh();
        let mut opp =
            Opponent::built_in(&OpponentSpec::Random, &TicTacToe, Side::Second, &rules).unwrap();
        let direct =
            train(&TicTacToe, &mut m, Side::First, &mut opp, &plan, &mut from_seed(3), |_| {});
        assert_eq!((summary.tally, summary.last_loss), (direct.tally, direct.last_loss));
        assert_eq!(machine.len(), m.len());
        let exec = OpponentSpec::Program("p".into());
        let err =
            run_seed(&TicTacToe, fresh(), Side::First, &exec, &rules, no_program, &plan, 3, |_| {});
        assert_eq!(err.err(), Some("no p".to_string()));
    }

    #[test]
    fn a_plan_records_a_hundredth_of_its_games_unless_told() {
        assert_eq!(Plan::new(3000, None, 1, false).every, 30);
        assert_eq!(Plan::new(50, None, 1, false).every, 1);
        let told = Plan::new(3000, Some(7), 2, true);
        assert_eq!(
            (told.games, told.every, told.check_every, told.stop_when_unbeatable),
            (3000, 7, 2, true)
        );
    }

    #[test]
    fn the_opponent_names_are_the_table_s() {
        let names: Vec<&str> = OPPONENTS.iter().map(|o| o.name).collect();
        assert_eq!(OPPONENT_NAMES, names.join(", "));
        // The table's `built_in` is what `Opponent::built_in` builds: no list by hand here,
        // so an opponent added to the table changes no test.
        let rules = BeadRules::default();
        for o in OPPONENTS {
            let written = o.name.replace(":P", ":0.5").replace("COMMAND", "bot");
            let spec: OpponentSpec = written.parse().unwrap_or_else(|e| panic!("{written}: {e}"));
            assert_eq!(spec.to_string(), written);
            let built = Opponent::built_in(&spec, &TicTacToe, Side::Second, &rules).is_some();
            assert_eq!(built, o.built_in, "{written}");
            assert_eq!(built_in_names().contains(o.name), o.built_in, "{written}");
        }
    }

    use super::*;
    use crate::ttt::TicTacToe;
    use menace_stats::rng::from_seed;

    fn run(games: u64, stop: bool) -> Summary {
        let rules = BeadRules::challenge();
        let mut m = Matchboxes::new(TicTacToe, Side::First, rules.clone());
        let mut opp =
            Opponent::built_in(&OpponentSpec::Exploiter, &TicTacToe, Side::Second, &rules).unwrap();
        let plan = Plan { games, every: 0, check_every: 1, stop_when_unbeatable: stop };
        train(&TicTacToe, &mut m, Side::First, &mut opp, &plan, &mut from_seed(2), |_| {})
    }

    #[test]
    fn unbeatable_marks_are_consistent_with_the_final_state() {
        let stopped = run(3000, true);
        let n = stopped.unbeatable_after.expect("reached");
        assert_eq!(stopped.games, n);
        assert_eq!(stopped.unbeatable_since, Some(n));
        assert_eq!(stopped.end.greedy_exploitability, 0.0);

        // Running on: "since" is set exactly when the run ends unbeatable.
        let long = run(n + 200, false);
        assert_eq!(long.unbeatable_after, Some(n));
        assert_eq!(long.unbeatable_since.is_some(), long.end.greedy_exploitability == 0.0);
        if let Some(since) = long.unbeatable_since {
            assert!(since >= n);
        }
    }
}
