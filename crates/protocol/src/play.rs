//! A private session's engine for one game ([`PrivatePlay`]): the learner, its generator,
//! the match in progress, and every capability's work, written once for every game (through [`Face`]) and both
//! learners. The match itself is [`crate::matchplay`]'s, with this session's own machine
//! ([`Own`]) in the seat.
//!
//! Games run in a loop, never by recursion, and every answer goes to the sink as it is
//! made: a line that plays a million games holds one answer at a time.

use menace_core::game::Side;
use menace_core::learn::eval::{report, Odds, Report};
use menace_core::learn::train::{Opponent, OpponentSpec};
use menace_core::learn::{play, Player, Policy, Weighted, WeightedConfig};
use menace_core::menace::class::ClassRecord;
use menace_core::menace::curve::Story;
use menace_core::menace::state::State;
use menace_core::menace::{BeadRules, Choice, GameResult, Matchboxes};
use menace_core::solve::Solver;
use menace_stats::rng::{from_seed, GameRng};

use crate::answer::{Answer, BoxDump, Score, Winner};
use crate::engine::{About, Engine, Observe, Play, RulesChange, Teach};
use crate::explain::Explainer;
use crate::face::Face;
use crate::history::History;
use crate::matchplay::{
    box_dumps, resigned_for_good, to_move, winner, Bead, Ended, Match, Move, Seat,
};
use crate::series::Series;
use crate::sink::Out;
use menace_core::learn::Learner;

/// Games a `train` plays on the hot loop between two looks at `stop` (well under a
/// millisecond).
const HOT_BLOCK: u64 = 4096;

/// A private session's machine: its learner and generator, and the games it learned from.
struct Own<G: Face> {
    side: Side,
    learner: Learner<G>,
    rng: GameRng,
    games_played: u64,
    history: History,
    /// The machine's whole story: its results since it was made, and their curve.
    story: Story,
}

impl<G: Face> Own<G> {
    /// Counts one finished game: the tally, the history, and the learning curve point.
    fn count(&mut self, game: &G, winner: Winner) {
        self.games_played = self.games_played.saturating_add(1);
        self.story.record(winner.for_menace());
        let first_box = match self.side {
            Side::First => self.learner.weight(game, game.start()).map(|w| w as u64),
            Side::Second => None,
        };
        self.history.push(self.games_played, winner, first_box);
    }

    /// The sentence of `status`'s and `result`'s `resigned`, when MENACE now resigns every
    /// game (see [`Matchboxes::resigned_for_good`]).
    fn resigned(&self) -> Option<String> {
        resigned_for_good(self.learner.boxes()?)
    }
}

impl<G: Face> Seat<G> for Own<G> {
    fn side(&self) -> Side {
        self.side
    }

    fn turn(&mut self, game: &G, p: G::Pos, explainer: &mut Explainer<G::Pos>) -> Move {
        let no_move = Move::Resign { empty_box: None };
        match &mut self.learner {
            Learner::Menace(m) => match m.choose(p, &mut self.rng) {
                None => no_move,
                Some(Choice::Forced(mv)) => {
                    explainer.forced(p, mv);
                    Move::Play { mv, bead: None, event: None }
                }
                Some(Choice::Drew { mv, box_index, bead, refilled }) => {
                    explainer.drew(m, p, box_index, bead, mv, refilled);
                    let bead = game.bead(m.position(box_index), bead);
                    Move::Play { mv, bead: Some(Bead { box_index, bead, refilled }), event: None }
                }
                Some(Choice::Resign { box_index }) => Move::Resign { empty_box: Some(box_index) },
            },
            Learner::Weighted(w) => match Player::choose(w, game, p, &mut self.rng) {
                Some(mv) => Move::Play { mv, bead: None, event: None },
                None => no_move,
            },
        }
    }

    fn finish(
        &mut self,
        game: &G,
        _end: G::Pos,
        winner: Winner,
        explainer: &mut Explainer<G::Pos>,
        _out: &mut Out,
    ) -> Ended {
        self.learner.finish(winner.for_menace());
        if let Learner::Menace(m) = &self.learner {
            explainer.finish(game, m, winner);
        }
        self.count(game, winner);
        Ended { resigned: self.resigned(), event: None, kept: true }
    }

    fn abandon(&mut self) {
        self.learner.abandon();
    }

    fn boxes(&self, game: &G) -> Option<Vec<BoxDump>> {
        Some(box_dumps(game, self.learner.boxes()?))
    }
}

/// A private session's engine for game `G`: every capability of [`Engine`].
pub(crate) struct PrivatePlay<G: Face> {
    game: G,
    /// The session's own machine, in the seat of its matches.
    own: Own<G>,
    weighted: WeightedConfig,
    /// The second MENACE that `train N menace` and `watch N menace` play against; it
    /// keeps learning from one command to the next, until `reset`.
    opponent: Option<Matchboxes<G>>,
    seed: u64,
    /// The match in progress and what the latest game showed (also `watch`'s).
    table: Match<G::Pos>,
    /// The class's record of a class file this session loaded: written back with the
    /// state, so a class's file played privately keeps its class (dropped by `reset`).
    class: Option<ClassRecord>,
    /// A `train` or `watch` paused between two slices (only a transport that asks for
    /// slices leaves one here; see [`Long`]).
    long: Option<Long<G>>,
}

impl<G: Face> PrivatePlay<G> {
    /// A fresh learner (`rules` for matchboxes, `weighted` for the table) playing `side`.
    pub fn new(
        game: G,
        side: Side,
        rules: Option<BeadRules>,
        weighted: WeightedConfig,
        seed: u64,
    ) -> PrivatePlay<G> {
        let learner = match rules {
            Some(rules) => Learner::Menace(Matchboxes::new(game.clone(), side, rules)),
            None => Learner::Weighted(Weighted::new(&game, weighted.clone())),
        };
        PrivatePlay {
            game,
            own: Own {
                side,
                learner,
                rng: from_seed(seed),
                games_played: 0,
                history: History::default(),
                story: Story::default(),
            },
            weighted,
            opponent: None,
            seed,
            table: Match::default(),
            class: None,
            long: None,
        }
    }

    fn machine(&self) -> Result<&Matchboxes<G>, String> {
        self.own.learner.boxes().ok_or_else(|| "this learner has no matchboxes".to_string())
    }

    fn busy(&self, what: &str) -> Result<(), String> {
        self.table.idle(what)
    }

    /// A built-in opponent for `train` and `watch` (the second MENACE is the session's).
    fn opponent(&mut self, spec: &OpponentSpec) -> Result<Opponent<G>, String> {
        let side = self.own.side;
        if *spec == OpponentSpec::Menace {
            let rules = self.own.learner.boxes().map(|m| m.rules().clone()).unwrap_or_default();
            let second = self
                .opponent
                .take()
                .unwrap_or_else(|| Matchboxes::new(self.game.clone(), side.other(), rules));
            return Ok(Opponent::Menace(Box::new(second)));
        }
        Opponent::built_in(spec, &self.game, side.other(), &BeadRules::default()).ok_or_else(|| {
            "external programs are for the command line (menace train's exec: opponents)".into()
        })
    }

    /// Keeps the second MENACE after a command that played it.
    fn keep_opponent(&mut self, opponent: Opponent<G>) {
        if let Opponent::Menace(m) = opponent {
            self.opponent = Some(*m);
        }
    }

    /// One game between the learner and `opponent`, from the start: its winner.
    fn one_game(&mut self, opponent: &mut Opponent<G>) -> Winner {
        let own = &mut self.own;
        if let Opponent::Exploiter(e) = opponent {
            e.prepare(&self.game, &own.learner, own.side);
        }
        let outcome = match own.side {
            Side::First => play(&self.game, &mut own.learner, opponent, &mut own.rng),
            Side::Second => play(&self.game, opponent, &mut own.learner, &mut own.rng),
        };
        Winner::from_menace(GameResult::for_side(outcome, own.side))
    }

    /// Forgets the latest games' beads and turns (the machine changed).
    fn forget_games(&mut self) {
        self.table.drawn.clear();
        self.table.explainer.forget();
    }
}

/// A long command (`train`, `watch`) between two of its slices: a transport that must
/// keep its thread (the browser's, which cannot read a `stop` while the engine runs)
/// takes it back at a game boundary ([`Out::pausing`]) and resumes it later. Where the
/// command pauses changes nothing it answers: the same lines come out, in the same order.
enum Long<G: Face> {
    Train(Training<G>),
    Watch(Watching<G>),
}

struct Training<G: Face> {
    spec: OpponentSpec,
    opponent: Opponent<G>,
    games: u64,
    every: u64,
    score: Score,
    done: u64,
}

struct Watching<G: Face> {
    opponent: Opponent<G>,
    series: Series<G::Pos>,
}

impl<G: Face> PrivatePlay<G> {
    /// Plays `t`'s games until they are all played, `stop` (or a closed sink) ends it, or
    /// the transport wants its thread back: `true` when the command is over.
    fn train_some(&mut self, t: &mut Training<G>, out: &mut Out) -> bool {
        let history = self.own.history.capacity() as u64;
        let mut stepped = false;
        while t.done < t.games {
            if out.halted() {
                return true;
            }
            if stepped && out.pausing() {
                return false;
            }
            stepped = true;
            let (left, every) = (t.games - t.done, t.every);
            let to_report = every - t.done % every;
            // The hot loop, except for the last games, whose first-box beads the history
            // keeps (the hot loop cannot look at the boxes between games).
            let hot_games = HOT_BLOCK.min(to_report).min(left.saturating_sub(history));
            let hot = hot_games > 0
                && matches!(t.opponent, Opponent::Random(_))
                && match &mut self.own {
                    Own { learner: Learner::Menace(m), games_played, rng, story, .. } => {
                        let score = &mut t.score;
                        G::train_against_random(m, hot_games, rng, &mut |r| {
                            score.add(Winner::from_menace(r));
                            *games_played = games_played.saturating_add(1);
                            story.record(r);
                        })
                    }
                    Own { learner: Learner::Weighted(_), .. } => false,
                };
            if hot {
                t.done += hot_games;
            } else {
                let winner = self.one_game(&mut t.opponent);
                t.score.add(winner);
                self.own.count(&self.game, winner);
                t.done += 1;
            }
            if t.done.is_multiple_of(every) && t.done < t.games {
                out.emit(Answer::Progress {
                    command: "train",
                    games: t.done,
                    of: t.games,
                    score: t.score,
                });
            }
        }
        true
    }

    /// Plays `w`'s games, answering every move, until the series is over, `stop` ends it,
    /// or the transport wants its thread back: `true` when the command is over.
    fn watch_some(&mut self, w: &mut Watching<G>, out: &mut Out) -> bool {
        // Each slice plays a game at least, so a paused command always moves on.
        let mut stepped = false;
        loop {
            if stepped && out.pausing() {
                return false;
            }
            stepped = true;
            let (s, opponent) = (&mut w.series, &mut w.opponent);
            let (game, own, table) = (&self.game, &mut self.own, &mut self.table);
            let start = game.start();
            out.emit(s.new_game(start));
            table.drawn.clear();
            table.explainer.clear();
            if let Opponent::Exploiter(e) = opponent {
                e.prepare(game, &own.learner, own.side);
            }
            let mut pos = start;
            let (winner, reason) = loop {
                if let Some(w) = winner(game, own.side, pos) {
                    break (w, None);
                }
                if game.to_move(pos) == own.side {
                    match table.machine_turn(game, own, pos) {
                        Some((next, answer, _)) => {
                            pos = next;
                            out.emit(answer);
                        }
                        None => break (Winner::Player, Some("menace resigned")),
                    }
                } else {
                    match opponent.choose(game, pos, &mut own.rng) {
                        Some(mv) => {
                            let next = game.play(pos, mv);
                            out.emit(Answer::Board {
                                mv: Some(game.format_move(pos, mv)),
                                board: game.rows(next),
                                to_move: to_move(game, own.side, next),
                            });
                            pos = next;
                        }
                        None => break (Winner::Menace, Some("player resigned")),
                    }
                }
            };
            opponent.finish(match winner.for_menace() {
                GameResult::Win => GameResult::Loss,
                GameResult::Draw => GameResult::Draw,
                GameResult::Loss => GameResult::Win,
            });
            if table.end_game(game, own, s, pos, winner, reason, out) {
                return true;
            }
        }
    }
}

/// How often a long command reports: every 1% of its games, but not more often than
/// every `floor` games (so short commands stay quiet) and not less often than every `cap`
/// games, which depends on what a game costs against that opponent, so that a long
/// command reports within a few seconds whatever it plays. Counted in games, never by the
/// clock, so the same input gives the same answers. The floor and the cap are the
/// opponent's row of the one table ([`menace_core::learn::train::OPPONENTS`]).
pub fn progress_every(games: u64, spec: &OpponentSpec) -> u64 {
    let (floor, cap) = spec.kind().progress;
    games.div_ceil(100).clamp(floor, cap)
}

/// An exact report with every figure inside [0, 1]: sums of products of probabilities
/// can round a hair past 1.
pub fn clamped(r: Report) -> Report {
    Report {
        exploitability: r.exploitability.clamp(0.0, 1.0),
        greedy_exploitability: r.greedy_exploitability.clamp(0.0, 1.0),
        vs_random: clamp(r.vs_random),
        vs_perfect: clamp(r.vs_perfect),
    }
}

fn clamp(odds: Odds) -> Odds {
    Odds {
        win: odds.win.clamp(0.0, 1.0),
        draw: odds.draw.clamp(0.0, 1.0),
        loss: odds.loss.clamp(0.0, 1.0),
    }
}

impl<G: Face> About for PrivatePlay<G> {
    fn game_name(&self) -> &'static str {
        self.game.name()
    }

    fn learner_name(&self) -> &'static str {
        match self.own.learner {
            Learner::Menace(_) => "menace",
            Learner::Weighted(_) => "weighted",
        }
    }

    fn is_bare_move(&self, line: &str) -> bool {
        self.game.is_bare_move(self.table.series.as_ref().map(|s| s.pos), line)
    }
}

impl<G: Face> Play for PrivatePlay<G> {
    fn games(&mut self, games: u32, out: &mut Out) -> Result<(), String> {
        self.table.start(&self.game, &mut self.own, games, out)
    }

    fn play_move(&mut self, text: &str, out: &mut Out) -> Result<(), String> {
        self.table.play_move(&self.game, &mut self.own, text, out)
    }

    fn board(&self) -> Result<Answer, String> {
        self.table.board(&self.game, self.own.side)
    }

    fn resign(&mut self, out: &mut Out) -> Result<(), String> {
        self.table.resign(&self.game, &mut self.own, out)
    }

    fn abort(&mut self, out: &mut Out) -> Result<(), String> {
        self.table.abort(&mut self.own, out)
    }

    fn set_dumps(&mut self, on: bool) {
        self.table.dumps = on;
    }
}

impl<G: Face> Observe for PrivatePlay<G> {
    fn status(&self) -> Answer {
        let (preset, rules) = match &self.own.learner {
            Learner::Menace(m) => {
                (Some(m.rules().preset_name().unwrap_or("custom")), m.rules().to_string())
            }
            Learner::Weighted(_) => {
                let w = &self.weighted;
                (
                    None,
                    format!(
                        "prec_coeff {}, learning_step {}, step_coeff {}, initial {}, symmetry {}",
                        w.prec_coeff,
                        w.learning_step,
                        w.step_coeff,
                        w.initial,
                        if w.symmetry { "on" } else { "off" }
                    ),
                )
            }
        };
        Answer::Status {
            game: self.game.name(),
            learner: self.learner_name(),
            side: self.own.side.name(),
            seed: self.seed,
            preset,
            rules,
            games_played: self.own.games_played,
            current: self.table.current(&self.game),
            resigned: self.own.resigned(),
        }
    }

    fn dump(&self, opponent: bool) -> Result<Answer, String> {
        if opponent {
            let m = self.opponent.as_ref().ok_or(
                "dump opponent: there is no second MENACE yet: `train N menace` creates it",
            )?;
            let boxes = box_dumps(&self.game, m);
            return Ok(Answer::Matchboxes { machine: Some("opponent"), boxes, drawn: Vec::new() });
        }
        let boxes = box_dumps(&self.game, self.machine()?);
        Ok(Answer::Matchboxes { machine: None, boxes, drawn: self.table.drawn.clone() })
    }

    fn eval(&self) -> Answer {
        // Beads drawn in a game in progress count as back in their boxes.
        let mut learner = self.own.learner.clone();
        learner.abandon();
        let mut solver = Solver::new(self.game.clone());
        Answer::Eval(clamped(report(&self.game, &learner, self.own.side, &mut solver)))
    }

    fn history(&self, last: usize) -> Answer {
        let story = &self.own.story;
        Answer::History {
            games: self.own.history.last(last),
            curve: story.curve.points().to_vec(),
            score: story.score,
        }
    }

    fn explain(&self) -> Result<Answer, String> {
        let (playing, finished) =
            self.table.explainer.answer(&self.game, self.machine()?, self.table.series.is_some());
        Ok(Answer::Explain { playing, finished })
    }

    fn state(&self) -> Result<State, String> {
        let machine = self.own.learner.boxes().ok_or_else(|| {
            "saved state is for the menace learner: the weighted learner keeps none".to_string()
        })?;
        let state = State::of_game(machine, self.own.games_played);
        Ok(State { class: self.class.clone(), story: Some(self.own.story.clone()), ..state })
    }

    fn games_played(&self) -> u64 {
        self.own.games_played
    }
}

impl<G: Face> Teach for PrivatePlay<G> {
    fn idle(&self, what: &str) -> Result<(), String> {
        self.busy(what)
    }

    fn reset(&mut self, out: &mut Out) -> Result<(), String> {
        self.busy("resetting the learner")?;
        match &mut self.own.learner {
            Learner::Menace(m) => m.reset(),
            Learner::Weighted(w) => *w = Weighted::new(&self.game, self.weighted.clone()),
        }
        self.own.games_played = 0;
        self.own.story = Story::default();
        self.class = None;
        self.own.history.clear();
        self.opponent = None;
        self.forget_games();
        out.emit(Answer::Reset { boxes: self.own.learner.boxes().map_or(0, Matchboxes::len) });
        Ok(())
    }

    fn seed(&mut self, seed: u64) {
        self.own.rng = from_seed(seed);
        self.seed = seed;
    }

    fn train(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String> {
        self.busy("training")?;
        let opponent = self.opponent(spec)?;
        let games = u64::from(games);
        self.forget_games();
        self.long = Some(Long::Train(Training {
            spec: spec.clone(),
            opponent,
            games,
            every: progress_every(games, spec),
            score: Score::default(),
            done: 0,
        }));
        self.resume(out);
        Ok(())
    }

    fn watch(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String> {
        self.busy("watching")?;
        let opponent = self.opponent(spec)?;
        let series = Series::new(games, self.game.start());
        self.long = Some(Long::Watch(Watching { opponent, series }));
        self.resume(out);
        Ok(())
    }

    fn pending(&self) -> bool {
        self.long.is_some()
    }

    fn resume(&mut self, out: &mut Out) {
        let Some(long) = self.long.take() else { return };
        match long {
            Long::Train(mut t) => {
                if self.train_some(&mut t, out) {
                    self.keep_opponent(t.opponent);
                    out.emit(Answer::Trained {
                        games: t.done,
                        opponent: t.spec.to_string(),
                        score: t.score,
                        games_played: self.own.games_played,
                        stopped: t.done < t.games,
                    });
                } else {
                    self.long = Some(Long::Train(t));
                }
            }
            Long::Watch(mut w) => {
                if self.watch_some(&mut w, out) {
                    self.keep_opponent(w.opponent);
                } else {
                    self.long = Some(Long::Watch(w));
                }
            }
        }
    }

    fn rules(&mut self, change: &RulesChange, out: &mut Out) -> Result<(), String> {
        self.busy("changing the rules")?;
        let old = self.machine()?;
        let rules = change.apply(old.rules())?;
        if rules.colours != old.rules().colours && !change.reset {
            return Err(format!(
                "rules: bead colours {} put beads on other moves: add `reset` to refill the boxes",
                rules.colours
            ));
        }
        let mut machine = Matchboxes::new(self.game.clone(), self.own.side, rules.clone());
        if !change.reset {
            for b in 0..old.len() {
                machine.set_beads(b, old.beads(b))?;
            }
        }
        self.own.learner = Learner::Menace(machine);
        if change.reset {
            self.own.games_played = 0;
            self.own.story = Story::default();
            self.class = None;
            self.own.history.clear();
        }
        self.forget_games();
        out.emit(Answer::Rules {
            preset: rules.preset_name().unwrap_or("custom"),
            rules: rules.to_string(),
            reset: change.reset,
        });
        Ok(())
    }

    fn restore(&mut self, state: &State) -> Result<(), String> {
        self.busy("loading a state")?;
        let machine = state.to_machine_for(&self.game)?;
        menace_core::menace::state::other_side(machine.side(), self.own.side)?;
        self.own.learner = Learner::Menace(machine);
        self.own.games_played = state.games_played;
        self.own.story = state.story();
        self.class = state.class.clone();
        self.own.history.clear();
        self.forget_games();
        Ok(())
    }
}

impl<G: Face> Engine for PrivatePlay<G> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_figures_are_clamped_to_probabilities() {
        // Sums of products can round a hair past 1 (the issue saw 1.0000000000000002).
        let odds = clamp(Odds { win: 1.0000000000000002, draw: -1e-17, loss: 0.25 });
        assert_eq!((odds.win, odds.draw, odds.loss), (1.0, 0.0, 0.25));
    }

    #[test]
    fn progress_comes_every_percent_but_not_too_often() {
        assert_eq!(progress_every(100_000_000, &OpponentSpec::Random), 1_000_000);
        assert_eq!(progress_every(300, &OpponentSpec::Random), 20_000);
        assert_eq!(progress_every(1000, &OpponentSpec::Exploiter), 200);
        assert_eq!(progress_every(1_000_001, &OpponentSpec::Perfect), 20_000);
        assert_eq!(progress_every(5_000_000, &OpponentSpec::Mixed(0.5)), 50_000);
    }

    #[test]
    fn a_long_command_reports_within_a_few_seconds_whatever_it_plays() {
        // 1% of 100 million games would be a million: 85 s against the exploiter.
        assert_eq!(progress_every(100_000_000, &OpponentSpec::Exploiter), 10_000);
        assert_eq!(progress_every(100_000_000, &OpponentSpec::Perfect), 200_000);
        assert_eq!(progress_every(100_000_000, &OpponentSpec::Menace), 200_000);
        assert_eq!(progress_every(u64::from(u32::MAX), &OpponentSpec::Random), 1_000_000);
    }
}
