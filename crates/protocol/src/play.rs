//! The session's engine for one game: the learner, its generator, the match in progress,
//! and every command's work, written once for every game (through [`Face`]) and both
//! learners.
//!
//! Games run in a loop, never by recursion, and every answer goes to the sink as it is
//! made: a line that plays a million games holds one answer at a time.

use menace_core::game::Side;
use menace_core::learn::eval::{report, Odds, Report};
use menace_core::learn::train::{Opponent, OpponentSpec};
use menace_core::learn::{play, Player, Policy, Weighted, WeightedConfig};
use menace_core::menace::state::{ClassRecord, State};
use menace_core::menace::{BeadRules, Choice, GameResult, Matchboxes};
use menace_core::solve::Solver;
use menace_stats::rng::{from_seed, GameRng};

use crate::answer::{Answer, BoxDump, Draw, MatchStatus, Score, Turn, Winner};
use crate::engine::{Engine, RulesChange};
use crate::explain::Explainer;
use crate::face::Face;
use crate::history::History;
use crate::series::Series;
use crate::sink::Out;
use menace_core::learn::Learner;

/// Games a `train` plays on the hot loop between two looks at `stop` (well under a
/// millisecond).
const HOT_BLOCK: u64 = 4096;

/// A session's engine for game `G`.
pub(crate) struct Play<G: Face> {
    game: G,
    side: Side,
    learner: Learner<G>,
    weighted: WeightedConfig,
    /// The second MENACE that `train N menace` and `watch N menace` play against; it
    /// keeps learning from one command to the next, until `reset`.
    opponent: Option<Matchboxes<G>>,
    rng: GameRng,
    seed: u64,
    games_played: u64,
    series: Option<Series<G::Pos>>,
    /// Beads drawn in the latest game of a match or `watch`.
    drawn: Vec<Draw>,
    /// The box MENACE found empty when it resigned the game being finished.
    resigned_at: Option<usize>,
    history: History,
    /// Whether each game's end answers the `matchboxes` dump (`matchboxes on|off`).
    dumps: bool,
    /// MENACE's turns in the latest games, for `explain`.
    explainer: Explainer<G::Pos>,
    /// The class's record of a class file this session loaded: written back with the
    /// state, so a class's file played privately keeps its class (dropped by `reset`).
    class: Option<ClassRecord>,
    /// A `train` or `watch` paused between two slices (only a transport that asks for
    /// slices leaves one here; see [`Long`]).
    long: Option<Long<G>>,
}

impl<G: Face> Play<G> {
    /// A fresh learner (`rules` for matchboxes, `weighted` for the table) playing `side`.
    pub fn new(
        game: G,
        side: Side,
        rules: Option<BeadRules>,
        weighted: WeightedConfig,
        seed: u64,
    ) -> Play<G> {
        let learner = match rules {
            Some(rules) => Learner::Menace(Matchboxes::new(game.clone(), side, rules)),
            None => Learner::Weighted(Weighted::new(&game, weighted.clone())),
        };
        Play {
            game,
            side,
            learner,
            weighted,
            opponent: None,
            rng: from_seed(seed),
            seed,
            games_played: 0,
            series: None,
            drawn: Vec::new(),
            resigned_at: None,
            history: History::default(),
            dumps: true,
            explainer: Explainer::default(),
            class: None,
            long: None,
        }
    }

    /// Who moves next in `p`, from the protocol's side (`None` once the game is over).
    fn turn(&self, p: G::Pos) -> Option<Turn> {
        to_move(&self.game, self.side, p)
    }

    /// The sentence of `status`'s and `result`'s `resigned`, when MENACE now resigns every
    /// game (see [`Matchboxes::resigned_for_good`]).
    fn resigned(&self) -> Option<String> {
        resigned_for_good(self.learner.boxes()?)
    }

    /// `record`, the `result` answer, told which box MENACE found empty if it resigned,
    /// and whether it now resigns every game.
    fn with_resignation(&mut self, mut record: Answer) -> Answer {
        if let Answer::Result { empty_box, resigned, .. } = &mut record {
            *empty_box = self.resigned_at.take();
            if empty_box.is_some() {
                *resigned = self.resigned();
            }
        }
        record
    }

    fn machine(&self) -> Result<&Matchboxes<G>, String> {
        self.learner.boxes().ok_or_else(|| "this learner has no matchboxes".to_string())
    }

    fn busy(&self, what: &str) -> Result<(), String> {
        crate::series::idle(&self.series, what)
    }

    /// Counts one finished game: the tally, the history, and the learning curve point.
    fn count(&mut self, winner: Winner) {
        self.games_played = self.games_played.saturating_add(1);
        let first_box = match self.side {
            Side::First => self.learner.weight(&self.game, self.game.start()).map(|w| w as u64),
            Side::Second => None,
        };
        self.history.push(self.games_played, winner, first_box);
    }

    /// The machine's turn in `p`: its move and the `menace_move` answer, or `None` if it
    /// resigns.
    fn machine_move(&mut self, p: G::Pos) -> Option<(usize, Answer)> {
        let (mv, box_index, bead, refilled) = match &mut self.learner {
            Learner::Menace(m) => match m.choose(p, &mut self.rng)? {
                Choice::Forced(mv) => {
                    self.explainer.forced(p, mv);
                    (mv, None, None, 0)
                }
                Choice::Drew { mv, box_index, bead, refilled } => {
                    self.explainer.drew(m, p, box_index, bead, mv, refilled);
                    let bead = self.game.bead(m.position(box_index), bead);
                    self.drawn.push(Draw { box_index, bead: bead.clone() });
                    (mv, Some(box_index), Some(bead), refilled)
                }
                Choice::Resign { box_index } => {
                    self.resigned_at = Some(box_index);
                    return None;
                }
            },
            Learner::Weighted(w) => {
                let mv = Player::choose(w, &self.game, p, &mut self.rng)?;
                (mv, None, None, 0)
            }
        };
        let next = self.game.play(p, mv);
        let answer = Answer::MenaceMove {
            mv: self.game.format_move(p, mv),
            board: self.game.rows(next),
            box_index,
            bead,
            refilled,
            to_move: self.turn(next),
        };
        Some((mv, answer))
    }

    /// The winner of a finished position, from the protocol's side.
    fn winner(&self, p: G::Pos) -> Option<Winner> {
        let o = self.game.outcome(p)?;
        Some(Winner::from_menace(GameResult::for_side(o, self.side)))
    }

    /// Plays the machine's turns and what follows a game (learning, `result`, the dump,
    /// the next game) until the player is to move or the match is over. A loop: a match
    /// of a million games that MENACE resigns at once runs in constant memory.
    fn advance(&mut self, out: &mut Out) {
        while let Some(s) = &self.series {
            let pos = s.pos;
            if let Some(winner) = self.winner(pos) {
                self.finish(winner, None, out);
                continue;
            }
            if self.game.to_move(pos) != self.side {
                return;
            }
            match self.machine_move(pos) {
                Some((mv, answer)) => {
                    self.series.as_mut().expect("a match").pos = self.game.play(pos, mv);
                    out.emit(answer);
                }
                None => self.finish(Winner::Player, Some("menace resigned"), out),
            }
        }
    }

    /// Ends the current game of the match: the learner learns, `result` and the dump are
    /// answered, and the next game starts (or `match_over`; also when `stop` was asked).
    fn finish(&mut self, winner: Winner, reason: Option<&'static str>, out: &mut Out) {
        self.learner.finish(winner.for_menace());
        self.explained(winner);
        self.count(winner);
        let record = self.series.as_mut().expect("a match").record(winner, reason);
        let record = self.with_resignation(record);
        out.emit(record);
        if let Some(dump) = self.boxes_answer() {
            out.emit(dump);
        }
        let s = self.series.as_mut().expect("a match");
        if out.halted() {
            out.emit(s.stopped());
            self.series = None;
            return;
        }
        match s.advance() {
            None => {
                let start = self.game.start();
                let answer = s.new_game(start);
                self.drawn.clear();
                self.explainer.clear();
                out.emit(answer);
            }
            Some(over) => {
                out.emit(over);
                self.series = None;
            }
        }
    }

    /// The finished game's turns become `explain`'s last game (the learner has learned).
    fn explained(&mut self, winner: Winner) {
        if let Learner::Menace(m) = &self.learner {
            self.explainer.finish(&self.game, m, winner);
        }
    }

    /// The learner's `matchboxes` answer after a game, if it has boxes and the session
    /// has not turned the dump off.
    fn boxes_answer(&self) -> Option<Answer> {
        let m = self.learner.boxes().filter(|_| self.dumps)?;
        Some(self.dump_of(m, None, self.drawn.clone()))
    }

    fn dump_of(
        &self,
        m: &Matchboxes<G>,
        machine: Option<&'static str>,
        drawn: Vec<Draw>,
    ) -> Answer {
        let boxes = (0..m.len())
            .map(|b| BoxDump {
                position: self.game.drawing(m.position(b)),
                beads: m.beads(b).to_vec(),
            })
            .collect();
        Answer::Matchboxes { machine, boxes, drawn }
    }

    /// A built-in opponent for `train` and `watch` (the second MENACE is the session's).
    fn opponent(&mut self, spec: &OpponentSpec) -> Result<Opponent<G>, String> {
        if *spec == OpponentSpec::Menace {
            let rules = self.learner.boxes().map(|m| m.rules().clone()).unwrap_or_default();
            let second = self
                .opponent
                .take()
                .unwrap_or_else(|| Matchboxes::new(self.game.clone(), self.side.other(), rules));
            return Ok(Opponent::Menace(Box::new(second)));
        }
        Opponent::built_in(spec, &self.game, self.side.other(), &BeadRules::default()).ok_or_else(
            || "external programs are for the command line (menace train's exec: opponents)".into(),
        )
    }

    /// Keeps the second MENACE after a command that played it.
    fn keep_opponent(&mut self, opponent: Opponent<G>) {
        if let Opponent::Menace(m) = opponent {
            self.opponent = Some(*m);
        }
    }

    /// One game between the learner and `opponent`, from the start: its winner.
    fn one_game(&mut self, opponent: &mut Opponent<G>) -> Winner {
        if let Opponent::Exploiter(e) = opponent {
            e.prepare(&self.game, &self.learner, self.side);
        }
        let outcome = match self.side {
            Side::First => play(&self.game, &mut self.learner, opponent, &mut self.rng),
            Side::Second => play(&self.game, opponent, &mut self.learner, &mut self.rng),
        };
        Winner::from_menace(GameResult::for_side(outcome, self.side))
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

impl<G: Face> Play<G> {
    /// Plays `t`'s games until they are all played, `stop` (or a closed sink) ends it, or
    /// the transport wants its thread back: `true` when the command is over.
    fn train_some(&mut self, t: &mut Training<G>, out: &mut Out) -> bool {
        let history = self.history.capacity() as u64;
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
                && match &mut self.learner {
                    Learner::Menace(m) => {
                        let (games_played, rng) = (&mut self.games_played, &mut self.rng);
                        let score = &mut t.score;
                        G::train_against_random(m, hot_games, rng, &mut |r| {
                            score.add(Winner::from_menace(r));
                            *games_played = games_played.saturating_add(1);
                        })
                    }
                    Learner::Weighted(_) => false,
                };
            if hot {
                t.done += hot_games;
            } else {
                let winner = self.one_game(&mut t.opponent);
                t.score.add(winner);
                self.count(winner);
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
            let start = self.game.start();
            out.emit(s.new_game(start));
            self.drawn.clear();
            self.explainer.clear();
            if let Opponent::Exploiter(e) = opponent {
                e.prepare(&self.game, &self.learner, self.side);
            }
            let mut pos = start;
            let (winner, reason) = loop {
                if let Some(w) = self.winner(pos) {
                    break (w, None);
                }
                if self.game.to_move(pos) == self.side {
                    match self.machine_move(pos) {
                        Some((mv, answer)) => {
                            pos = self.game.play(pos, mv);
                            out.emit(answer);
                        }
                        None => break (Winner::Player, Some("menace resigned")),
                    }
                } else {
                    match opponent.choose(&self.game, pos, &mut self.rng) {
                        Some(mv) => {
                            let next = self.game.play(pos, mv);
                            out.emit(Answer::Board {
                                mv: Some(self.game.format_move(pos, mv)),
                                board: self.game.rows(next),
                                to_move: self.turn(next),
                            });
                            pos = next;
                        }
                        None => break (Winner::Menace, Some("player resigned")),
                    }
                }
            };
            self.learner.finish(winner.for_menace());
            self.explained(winner);
            opponent.finish(match winner.for_menace() {
                GameResult::Win => GameResult::Loss,
                GameResult::Draw => GameResult::Draw,
                GameResult::Loss => GameResult::Win,
            });
            self.count(winner);
            let record = self.with_resignation(s.record(winner, reason));
            out.emit(record);
            if let Some(dump) = self.boxes_answer() {
                out.emit(dump);
            }
            if out.halted() {
                out.emit(s.stopped());
                return true;
            }
            if let Some(over) = s.advance() {
                out.emit(over);
                return true;
            }
        }
    }
}

/// How often a long command reports: every 1% of its games, but not more often than
/// every `floor` games (so short commands stay quiet) and not less often than every `cap`
/// games, which depends on what a game costs against that opponent, so that a long
/// command reports within a few seconds whatever it plays. Counted in games, never by the
/// clock, so the same input gives the same answers.
///
/// Rough speeds on one loaded core (2 cores, 5 builds at once), for the caps:
/// random ~6 M games/s (the hot loop), perfect, mixed and menace 0.3-1.5 M/s, exploiter
/// (a best response before every game) 3-10 k/s.
pub(crate) fn progress_every(games: u64, spec: &OpponentSpec) -> u64 {
    let (floor, cap) = match spec {
        OpponentSpec::Exploiter => (200, 10_000),
        OpponentSpec::Random => (20_000, 1_000_000),
        OpponentSpec::Perfect
        | OpponentSpec::Mixed(_)
        | OpponentSpec::Menace
        | OpponentSpec::Program(_) => (20_000, 200_000),
    };
    games.div_ceil(100).clamp(floor, cap)
}

/// An exact report with every figure inside [0, 1]: sums of products of probabilities
/// can round a hair past 1.
pub(crate) fn clamped(r: Report) -> Report {
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

impl<G: Face> Engine for Play<G> {
    fn game_name(&self) -> &'static str {
        self.game.name()
    }

    fn learner_name(&self) -> &'static str {
        match self.learner {
            Learner::Menace(_) => "menace",
            Learner::Weighted(_) => "weighted",
        }
    }

    fn is_bare_move(&self, line: &str) -> bool {
        self.game.is_bare_move(self.series.as_ref().map(|s| s.pos), line)
    }

    fn idle(&self, what: &str) -> Result<(), String> {
        self.busy(what)
    }

    fn games(&mut self, games: u32, out: &mut Out) -> Result<(), String> {
        if let Some(s) = &self.series {
            return Err(s.busy("finish it, or `abort` it first"));
        }
        let mut s = Series::new(games, self.game.start());
        let start = self.game.start();
        out.emit(s.new_game(start));
        self.series = Some(s);
        self.drawn.clear();
        self.explainer.clear();
        self.advance(out);
        Ok(())
    }

    fn play_move(&mut self, text: &str, out: &mut Out) -> Result<(), String> {
        let pos = self.series.as_ref().ok_or_else(crate::series::no_game)?.pos;
        let mv = self.game.read_move(pos, text)?;
        let next = self.game.play(pos, mv);
        self.series.as_mut().expect("a match").pos = next;
        out.emit(Answer::Board {
            mv: Some(self.game.format_move(pos, mv)),
            board: self.game.rows(next),
            to_move: self.turn(next),
        });
        self.advance(out);
        Ok(())
    }

    fn board(&self) -> Result<Answer, String> {
        let pos = self.series.as_ref().ok_or_else(crate::series::no_game)?.pos;
        Ok(Answer::Board { mv: None, board: self.game.rows(pos), to_move: self.turn(pos) })
    }

    fn status(&self) -> Answer {
        let (preset, rules) = match &self.learner {
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
            side: self.side.name(),
            seed: self.seed,
            preset,
            rules,
            games_played: self.games_played,
            current: self.series.as_ref().map(|s| MatchStatus {
                game: s.game,
                games: s.games,
                board: self.game.rows(s.pos),
                score: s.score,
            }),
            resigned: self.resigned(),
        }
    }

    fn dump(&self, opponent: bool) -> Result<Answer, String> {
        if opponent {
            let m = self.opponent.as_ref().ok_or(
                "dump opponent: there is no second MENACE yet: `train N menace` creates it",
            )?;
            return Ok(self.dump_of(m, Some("opponent"), Vec::new()));
        }
        Ok(self.dump_of(self.machine()?, None, self.drawn.clone()))
    }

    fn resign(&mut self, out: &mut Out) -> Result<(), String> {
        self.series.as_ref().ok_or_else(crate::series::no_game)?;
        self.finish(Winner::Menace, Some("player resigned"), out);
        self.advance(out);
        Ok(())
    }

    fn abort(&mut self, out: &mut Out) -> Result<(), String> {
        let s = self.series.take().ok_or("no match to abort: none is in progress")?;
        self.learner.abandon();
        self.explainer.clear();
        out.emit(s.aborted());
        Ok(())
    }

    fn reset(&mut self, out: &mut Out) -> Result<(), String> {
        self.busy("resetting the learner")?;
        match &mut self.learner {
            Learner::Menace(m) => m.reset(),
            Learner::Weighted(w) => *w = Weighted::new(&self.game, self.weighted.clone()),
        }
        self.games_played = 0;
        self.class = None;
        self.history.clear();
        self.opponent = None;
        self.drawn.clear();
        self.explainer.forget();
        out.emit(Answer::Reset { boxes: self.learner.boxes().map_or(0, Matchboxes::len) });
        Ok(())
    }

    fn seed(&mut self, seed: u64) {
        self.rng = from_seed(seed);
        self.seed = seed;
    }

    fn train(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String> {
        self.busy("training")?;
        let opponent = self.opponent(spec)?;
        let games = u64::from(games);
        self.drawn.clear();
        self.explainer.forget();
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
                        games_played: self.games_played,
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

    fn eval(&self) -> Answer {
        // Beads drawn in a game in progress count as back in their boxes.
        let mut learner = self.learner.clone();
        learner.abandon();
        let mut solver = Solver::new(self.game.clone());
        Answer::Eval(clamped(report(&self.game, &learner, self.side, &mut solver)))
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
        let mut machine = Matchboxes::new(self.game.clone(), self.side, rules.clone());
        if !change.reset {
            for b in 0..old.len() {
                machine.set_beads(b, old.beads(b))?;
            }
        }
        self.learner = Learner::Menace(machine);
        if change.reset {
            self.games_played = 0;
            self.class = None;
            self.history.clear();
        }
        self.drawn.clear();
        self.explainer.forget();
        out.emit(Answer::Rules {
            preset: rules.preset_name().unwrap_or("custom"),
            rules: rules.to_string(),
            reset: change.reset,
        });
        Ok(())
    }

    fn history(&self, last: usize) -> Answer {
        Answer::History { games: self.history.last(last) }
    }

    fn state(&self) -> Result<State, String> {
        let state = G::state_of(self.machine()?, self.games_played)
            .ok_or_else(|| "saved state is for tic-tac-toe with the menace learner".to_string())?;
        Ok(State { class: self.class.clone(), ..state })
    }

    fn restore(&mut self, state: &State) -> Result<(), String> {
        self.busy("loading a state")?;
        let machine = G::from_state(state)?;
        menace_core::menace::state::other_side(machine.side(), self.side)?;
        self.learner = Learner::Menace(machine);
        self.games_played = state.games_played;
        self.class = state.class.clone();
        self.history.clear();
        self.drawn.clear();
        self.explainer.forget();
        Ok(())
    }

    fn games_played(&self) -> u64 {
        self.games_played
    }

    fn set_dumps(&mut self, on: bool) {
        self.dumps = on;
    }

    fn explain(&self) -> Result<Answer, String> {
        let (playing, finished) =
            self.explainer.answer(&self.game, self.machine()?, self.series.is_some());
        Ok(Answer::Explain { playing, finished })
    }
}

/// The sentence of `status`'s and `result`'s `resigned` when `m` now resigns every game
/// (see [`Matchboxes::resigned_for_good`]): the one wording, private or in a class.
pub(crate) fn resigned_for_good<G: Face>(m: &Matchboxes<G>) -> Option<String> {
    if !m.resigned_for_good() {
        return None;
    }
    let which = match m.side() {
        Side::First => "its first box is empty",
        Side::Second => "every box of its first move is empty",
    };
    Some(format!(
        "MENACE has resigned for good: {which}, and under `empty resign` an empty box \
         never gets beads back; `reset` refills every box, `rules empty refill:3` lets it \
         play on"
    ))
}

/// Who moves next in `p` when the learner plays `side`: `None` once the game is over.
pub(crate) fn to_move<G: Face>(game: &G, side: Side, p: G::Pos) -> Option<Turn> {
    if game.outcome(p).is_some() {
        return None;
    }
    Some(if game.to_move(p) == side { Turn::Menace } else { Turn::Player })
}

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
