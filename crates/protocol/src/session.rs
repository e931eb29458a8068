//! One protocol session for every game and learner: the state between lines, and the
//! handlers the command table ([`COMMANDS`]) dispatches to.

use menace_core::game::{Game, Side};
use menace_core::hexapawn::Hexapawn;
use menace_core::learn::train::OpponentSpec;
use menace_core::learn::WeightedConfig;
use menace_core::menace::state::{State, MAX_STATE_BYTES};
use menace_core::menace::{BeadColours, BeadRules, EmptyBox};
use menace_core::nim::Nim;
use menace_core::solve::Solver;
use menace_core::ttt::TicTacToe;
use menace_files::FileAccess;

use super::answer::{Answer, HelpEntry};
use super::command::{self, Command, CommandSpec, COMMANDS};
use super::play::Play;
use super::transport::{Closed, Sink, Stop};

/// The seed used when none is given: the year of Michie's MENACE.
pub const DEFAULT_SEED: u64 = 1961;

/// Whether the session goes on after a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was read, or the sink closed: the session is over.
    Quit,
}

/// Which game a session plays.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum GameChoice {
    /// Tic-tac-toe: the learner plays X and moves first.
    #[default]
    Ttt,
    /// Nim with these rows (taking the last counter wins); the learner moves first.
    Nim(Nim),
    /// Gardner's Hexapawn; the learner plays the side that wins with perfect play.
    Hexapawn,
}

impl GameChoice {
    /// The game's command-line name: `ttt`, `nim` or `hexapawn`.
    pub fn name(&self) -> &'static str {
        match self {
            GameChoice::Ttt => "ttt",
            GameChoice::Nim(_) => "nim",
            GameChoice::Hexapawn => "hexapawn",
        }
    }
}

/// Which learner a session trains.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum LearnerChoice {
    /// Michie's matchboxes.
    #[default]
    Menace,
    /// The weighted table.
    Weighted,
}

impl LearnerChoice {
    /// Parses `menace` or `weighted` (any case).
    pub fn parse(name: &str) -> Result<LearnerChoice, String> {
        match name.to_ascii_lowercase().as_str() {
            "menace" => Ok(LearnerChoice::Menace),
            "weighted" => Ok(LearnerChoice::Weighted),
            other => Err(format!("unknown learner {other:?}: menace or weighted")),
        }
    }

    /// The learner's command-line name.
    pub fn name(self) -> &'static str {
        match self {
            LearnerChoice::Menace => "menace",
            LearnerChoice::Weighted => "weighted",
        }
    }
}

/// Everything a session is built from. Build it as
/// `Config { game: GameChoice::Ttt, seed: 7, ..Config::default() }`: fields may be added
/// (they come with defaults), so struct-update syntax keeps callers compiling.
#[derive(Clone, Debug)]
pub struct Config {
    /// The game.
    pub game: GameChoice,
    /// The learner.
    pub learner: LearnerChoice,
    /// The matchbox learner's bead rules.
    pub rules: BeadRules,
    /// The weighted learner's constants.
    pub weighted: WeightedConfig,
    /// The seed of the session's random generator.
    pub seed: u64,
    /// Where `save` and `load` may reach (`export` and `import` always work).
    pub files: FileAccess,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            game: GameChoice::Ttt,
            learner: LearnerChoice::Menace,
            rules: BeadRules::challenge(),
            weighted: WeightedConfig::default(),
            seed: DEFAULT_SEED,
            files: FileAccess::Anywhere,
        }
    }
}

/// Where a command's answers go while it runs, and whether it should end early.
pub(crate) struct Out<'a> {
    sink: &'a mut dyn Sink,
    stop: &'a Stop,
    closed: bool,
}

impl Out<'_> {
    /// Sends one answer on at once (a closed sink makes the command end early).
    pub fn emit(&mut self, answer: Answer) {
        if !self.closed && self.sink.emit(&answer) == Err(Closed) {
            self.closed = true;
        }
    }

    /// Whether the running command should end at this game boundary: `stop` was asked
    /// for, or nobody reads the answers any more.
    pub fn halted(&self) -> bool {
        self.closed || self.stop.is_requested()
    }
}

/// A change of the bead rules (`rules ...`): each part given replaces that part.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RulesChange {
    /// Start from this preset.
    pub preset: Option<BeadRules>,
    /// Initial beads per move number.
    pub initial: Option<Vec<u32>>,
    /// Net beads after a win, a draw and a loss.
    pub reward: Option<(i32, i32, i32)>,
    /// The empty-box rule.
    pub empty: Option<EmptyBox>,
    /// Which legal moves get beads (every one, or one per symmetry class).
    pub colours: Option<BeadColours>,
    /// Refill every box with the new initial beads (and forget the games played).
    pub reset: bool,
}

impl RulesChange {
    /// The rules after this change to `old`, checked.
    pub fn apply(&self, old: &BeadRules) -> Result<BeadRules, String> {
        let mut rules = self.preset.clone().unwrap_or_else(|| old.clone());
        if let Some(initial) = &self.initial {
            rules.initial = initial.clone();
        }
        if let Some((w, d, l)) = self.reward {
            (rules.win, rules.draw, rules.loss) = (w, d, l);
        }
        if let Some(empty) = self.empty {
            rules.empty = empty;
        }
        if let Some(colours) = self.colours {
            rules.colours = colours;
        }
        rules.validate().map_err(|e| format!("rules: {e}"))?;
        Ok(rules)
    }
}

/// A session's engine: everything that depends on the game and the learner, behind one
/// object-safe face, so one table and one session serve them all.
pub(crate) trait Engine: Send {
    fn game_name(&self) -> &'static str;
    fn learner_name(&self) -> &'static str;
    fn is_bare_move(&self, line: &str) -> bool;
    /// `Err` (why `what` must wait) while a match is in progress.
    fn idle(&self, what: &str) -> Result<(), String>;
    fn games(&mut self, games: u32, out: &mut Out) -> Result<(), String>;
    fn play_move(&mut self, text: &str, out: &mut Out) -> Result<(), String>;
    fn board(&self) -> Result<Answer, String>;
    fn status(&self) -> Answer;
    fn dump(&self, opponent: bool) -> Result<Answer, String>;
    fn resign(&mut self, out: &mut Out) -> Result<(), String>;
    fn abort(&mut self, out: &mut Out) -> Result<(), String>;
    fn reset(&mut self, out: &mut Out) -> Result<(), String>;
    fn seed(&mut self, seed: u64);
    fn train(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String>;
    fn watch(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String>;
    fn eval(&self) -> Answer;
    fn rules(&mut self, change: &RulesChange, out: &mut Out) -> Result<(), String>;
    fn history(&self, last: usize) -> Answer;
    fn state(&self) -> Result<State, String>;
    fn restore(&mut self, state: &State) -> Result<(), String>;
    fn games_played(&self) -> u64;
}

/// One protocol session: the learner, its generator, the match being played, and where
/// file commands may reach.
///
/// A line either succeeds, or answers exactly one `error` and changes nothing: every
/// handler checks everything before it touches any state.
pub struct Session {
    engine: Box<dyn Engine>,
    files: FileAccess,
}

/// The side that wins Hexapawn with perfect play (the learner takes it, as Gardner's HER).
fn hexapawn_winner() -> Side {
    if Solver::new(Hexapawn).value(Hexapawn.start()) > 0 {
        Side::First
    } else {
        Side::Second
    }
}

impl Session {
    /// A tic-tac-toe MENACE with `rules`, its generator seeded with `seed`, files anywhere.
    ///
    /// # Panics
    /// If `rules` are invalid ([`BeadRules::validate`]); [`Session::with`] returns the
    /// error instead.
    pub fn new(rules: BeadRules, seed: u64) -> Session {
        Session::with(Config { rules, seed, ..Config::default() }).expect("valid rules")
    }

    /// The session `config` describes, or why it cannot be built.
    pub fn with(config: Config) -> Result<Session, String> {
        config.rules.validate()?;
        config.weighted.validate()?;
        let rules = match config.learner {
            LearnerChoice::Menace => Some(config.rules),
            LearnerChoice::Weighted => None,
        };
        let (weighted, seed) = (config.weighted, config.seed);
        let engine: Box<dyn Engine> = match config.game {
            GameChoice::Ttt => Box::new(Play::new(TicTacToe, Side::First, rules, weighted, seed)),
            GameChoice::Nim(nim) => Box::new(Play::new(nim, Side::First, rules, weighted, seed)),
            GameChoice::Hexapawn => {
                Box::new(Play::new(Hexapawn, hexapawn_winner(), rules, weighted, seed))
            }
        };
        Ok(Session { engine, files: config.files })
    }

    /// Handles one line of input (without its line ending): its answers go to `sink` as
    /// they are produced; a long command ends early, at a game boundary, once `stop` is
    /// requested. A closed sink ends the session ([`Flow::Quit`]).
    pub fn handle_line(&mut self, line: &str, sink: &mut dyn Sink, stop: &Stop) -> Flow {
        let mut out = Out { sink, stop, closed: false };
        let (engine, game, learner) =
            (&self.engine, self.engine.game_name(), self.engine.learner_name());
        let refusal = |spec: &CommandSpec| spec.support.refusal(spec.name, game, learner);
        let flow = match command::parse(line, &|word| engine.is_bare_move(word), &refusal) {
            Ok(None) => Flow::Continue,
            Ok(Some((spec, cmd))) => match (spec.run)(self, cmd, &mut out) {
                Ok(flow) => flow,
                Err(message) => {
                    out.emit(Answer::error(message));
                    Flow::Continue
                }
            },
            Err(message) => {
                out.emit(Answer::error(message));
                Flow::Continue
            }
        };
        if out.closed {
            Flow::Quit
        } else {
            flow
        }
    }

    /// Why `spec` is not available in this session, if it is not.
    pub(crate) fn refusal(&self, spec: &CommandSpec) -> Option<String> {
        let (game, learner) = (self.engine.game_name(), self.engine.learner_name());
        spec.support.refusal(spec.name, game, learner)
    }

    /// The matchboxes answer, when the learner has boxes.
    pub fn dump(&self) -> Option<Answer> {
        self.engine.dump(false).ok()
    }

    /// The `status` answer.
    pub fn status(&self) -> Answer {
        self.engine.status()
    }

    /// The `eval` answer.
    pub fn eval(&self) -> Answer {
        self.engine.eval()
    }

    /// Everything a client can ask about the session without changing it: `status`, both
    /// `dump`s and `history` (errors where the session has no such thing). Two sessions
    /// that observe alike and were fed the same lines answer alike; the property tests
    /// use it to check that a refused line changed nothing.
    pub fn observe(&self) -> Vec<Answer> {
        let or_error = |r: Result<Answer, String>| r.unwrap_or_else(Answer::error);
        vec![
            self.engine.status(),
            or_error(self.engine.dump(false)),
            or_error(self.engine.dump(true)),
            self.engine.history(usize::MAX),
        ]
    }

    /// Games learned from, all told.
    pub fn games_played(&self) -> u64 {
        self.engine.games_played()
    }

    /// The learner's state (tic-tac-toe MENACE only), as a state file holds it.
    pub fn state(&self) -> Result<State, String> {
        self.engine.state()
    }

    /// Replaces the learner with a saved one (for `--state`), keeping the seed.
    pub fn restore(&mut self, state: &State) -> Result<(), String> {
        self.engine.restore(state)
    }

    /// Writes the learned state to `path` atomically (for `--state`; not confined by
    /// the session's file access, which is for commands).
    pub fn save_state(&self, path: &std::path::Path) -> Result<(), String> {
        self.engine.state()?.save(path)
    }

    // The handlers of the command table, one per command.

    pub(crate) fn run_games(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Games(n) = cmd else { return Err(mismatch()) };
        self.engine.games(n, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_move(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Move(text) = cmd else { return Err(mismatch()) };
        self.engine.play_move(&text, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_board(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.board()?);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_status(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.status());
        Ok(Flow::Continue)
    }

    pub(crate) fn run_dump(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Dump { opponent } = cmd else { return Err(mismatch()) };
        out.emit(self.engine.dump(opponent)?);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_resign(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        self.engine.resign(out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_abort(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        self.engine.abort(out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_reset(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        self.engine.reset(out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_seed(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Seed(seed) = cmd else { return Err(mismatch()) };
        self.engine.seed(seed);
        out.emit(Answer::Seed { seed });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_train(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Train(n, spec) = cmd else { return Err(mismatch()) };
        self.engine.train(n, &spec, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_watch(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Watch(n, spec) = cmd else { return Err(mismatch()) };
        self.engine.watch(n, &spec, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_eval(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.eval());
        Ok(Flow::Continue)
    }

    pub(crate) fn run_rules(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Rules(change) = cmd else { return Err(mismatch()) };
        self.engine.rules(&change, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_history(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::History(n) = cmd else { return Err(mismatch()) };
        out.emit(self.engine.history(n.map_or(usize::MAX, |n| n as usize)));
        Ok(Flow::Continue)
    }

    pub(crate) fn run_save(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Save(name) = cmd else { return Err(mismatch()) };
        let path = self.files.resolve(&name).map_err(|e| format!("save: {e}"))?;
        let state = self.engine.state()?;
        let mut text = serde_json::to_vec_pretty(&state).expect("a state serializes");
        text.push(b'\n');
        // Errors name the file as the client did, not the folder it is confined to.
        menace_files::write_atomic(&path, &text)
            .map_err(|e| format!("cannot write {name}: {e}"))?;
        out.emit(Answer::Saved { path: name, games_played: state.games_played });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_load(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Load(name) = cmd else { return Err(mismatch()) };
        self.engine.idle("loading a state")?;
        let path = self.files.resolve(&name).map_err(|e| format!("load: {e}"))?;
        let state = read_state(&path, &name)?;
        self.engine.restore(&state).map_err(|e| format!("{name}: {e}"))?;
        let preset = state.rules.preset_name().unwrap_or("custom");
        out.emit(Answer::Loaded { path: name, games_played: state.games_played, preset });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_export(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::State { state: self.engine.state()? });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_import(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Import(text) = cmd else { return Err(mismatch()) };
        self.engine.idle("importing a state")?;
        let state: State =
            serde_json::from_str(&text).map_err(|e| format!("import: not a valid state: {e}"))?;
        self.engine.restore(&state).map_err(|e| format!("import: {e}"))?;
        let preset = state.rules.preset_name().unwrap_or("custom");
        out.emit(Answer::Imported { games_played: state.games_played, preset });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_help(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Help(name) = cmd else { return Err(mismatch()) };
        let entry = |c: &CommandSpec| HelpEntry { usage: c.usage, summary: c.summary };
        let commands = match name.as_deref().and_then(command::spec) {
            Some(c) => vec![entry(c)],
            None => COMMANDS.iter().filter(|c| self.refusal(c).is_none()).map(entry).collect(),
        };
        out.emit(Answer::Help { commands });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_stop(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.stop.clear();
        out.emit(Answer::Stopped);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_quit(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::Bye);
        Ok(Flow::Quit)
    }
}

/// Reads a state file: a regular file of at most [`MAX_STATE_BYTES`] (never a FIFO or a
/// device), parsed but not yet checked.
/// Errors name the file `name`, as the client wrote it.
fn read_state(path: &std::path::Path, name: &str) -> Result<State, String> {
    let bytes = menace_files::read_capped(path, MAX_STATE_BYTES)
        .map_err(|e| format!("cannot read {name}: {}", e.reason()))?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{name} is not a valid state file: {e}"))
}

/// A handler given another command's arguments: a bug in the table, answered as an
/// error rather than a panic.
fn mismatch() -> String {
    "internal error: the command table paired this command with another's handler".into()
}
