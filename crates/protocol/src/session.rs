//! One protocol session for every game and learner: the state between lines, and the
//! capabilities its commands run against ([`Capability`]). The command table (module
//! `command`) reads lines and runs its commands on it; the session knows nothing of the
//! table or of any transport.

use menace_core::game::Side;
use menace_core::hexapawn::Hexapawn;
use menace_core::learn::WeightedConfig;
use menace_core::menace::state::State;
use menace_core::menace::BeadRules;
use menace_core::ttt::TicTacToe;
use menace_files::FileAccess;

use crate::answer::Answer;
use crate::engine::{About, Classroom, Engine, Observe, Play, Teach};
use crate::play::PrivatePlay;
use crate::sink::{Out, Sink, Stop};

pub use menace_core::choice::GameChoice;

/// Which learner a session trains (the core's [`LearnerKind`](menace_core::learn::LearnerKind)
/// under the protocol's name).
pub use menace_core::learn::LearnerKind as LearnerChoice;

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

/// What [`Session::start_line`] and [`Session::resume`] leave: the line is done (and
/// whether the session goes on), or its long command paused and waits for `resume`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The line is answered in full.
    Done(Flow),
    /// A long command paused at a game boundary: call [`Session::resume`].
    Paused,
}

/// Everything a session is built from. Build it as
/// `Config { game: GameChoice::Ttt, seed: 7, ..Config::default() }`: fields may be added
/// (they come with defaults), so struct-update syntax keeps callers compiling.
#[derive(Clone, Debug)]
pub struct Config {
    /// The game.
    pub game: GameChoice,
    /// The side the learner plays, as `--side` asked (`None`: the game's own, X in
    /// tic-tac-toe); only tic-tac-toe's takes either ([`GameChoice::side`]).
    pub side: Option<Side>,
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

impl Config {
    /// Sets one session option by the name a page gives it (a private page's
    /// `/ws?game=nim&seed=3`, the browser engine's `open`): `game` (ttt, nim, hexapawn),
    /// `learner` (menace, weighted), `seed`, `preset` (bead rules), `side` (MENACE's:
    /// first or second). An unknown name or a bad value is one clear sentence.
    pub fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "game" => self.game = GameChoice::parse(value, None).map_err(OptionError::Value)?,
            "side" => self.side = Some(Side::parse(value).map_err(OptionError::Value)?),
            "learner" => self.learner = LearnerChoice::parse(value).map_err(OptionError::Value)?,
            "seed" => {
                self.seed = value.parse().map_err(|_| OptionError::Seed(value.to_string()))?
            }
            "preset" => {
                self.rules = BeadRules::preset(&value.to_ascii_lowercase())
                    .ok_or_else(|| OptionError::Preset(value.to_string()))?
            }
            other => return Err(OptionError::Unknown(other.to_string())),
        }
        Ok(())
    }
}

/// Why [`Config::set_option`] refused an option; its text is the one sentence a page
/// shows (the transport words it as the protocol's `error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// `game`, `side` or `learner` with a value the core does not know: its sentence.
    Value(String),
    /// A `seed` that is not a whole number from 0 to 2^64-1: the value given.
    Seed(String),
    /// A `preset` that is none of the presets: the value given.
    Preset(String),
    /// An option no session has: its name.
    Unknown(String),
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::Value(why) => f.write_str(why),
            OptionError::Seed(value) => {
                write!(f, "seed={value:?} is not a seed: a whole number from 0 to 2^64-1")
            }
            OptionError::Preset(value) => {
                write!(f, "unknown preset {value:?}: challenge, michie or scroggs")
            }
            OptionError::Unknown(key) => {
                write!(f, "unknown session option {key:?}: game, learner, seed, preset or side")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// The sentence, for callers that answer in text (a page's query, the browser's `open`).
impl From<OptionError> for String {
    fn from(e: OptionError) -> String {
        e.to_string()
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            game: GameChoice::Ttt,
            side: None,
            learner: LearnerChoice::Menace,
            rules: BeadRules::challenge(),
            weighted: WeightedConfig::default(),
            seed: DEFAULT_SEED,
            files: FileAccess::Anywhere,
        }
    }
}

/// One protocol session: the learner, its generator, the match being played, and where
/// file commands may reach.
///
/// A line either succeeds, or answers exactly one `error` and changes nothing: every
/// command checks everything before it touches any state.
pub struct Session {
    engine: Box<dyn Engine>,
    files: FileAccess,
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

    /// A session of `engine`, reaching no files (a class's member: the room's crate
    /// implements [`Engine`] over the room's shared machine).
    pub fn of_engine(engine: Box<dyn Engine>) -> Session {
        Session { engine, files: FileAccess::Nowhere }
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
        let side: Side = config.game.side(config.side).map_err(|e| e.to_string())?;
        let engine: Box<dyn Engine> = match config.game {
            GameChoice::Ttt => Box::new(PrivatePlay::new(TicTacToe, side, rules, weighted, seed)),
            GameChoice::Nim(nim) => Box::new(PrivatePlay::new(nim, side, rules, weighted, seed)),
            GameChoice::Hexapawn => {
                Box::new(PrivatePlay::new(Hexapawn, side, rules, weighted, seed))
            }
        };
        Ok(Session { engine, files: config.files })
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

    /// The learner's state (MENACE's, for every game), as a state file holds it.
    pub fn state(&self) -> Result<State, String> {
        self.engine.state()
    }

    /// The session `config` describes, carrying on from the `--state` file at `path`
    /// when it exists (it is written when the session ends). Only the menace learner
    /// keeps a state file (for every game: the file must be of this game, and of Nim's
    /// rows); `asked`, the bead rules given explicitly, must agree with the file's
    /// ([`State::read_existing`]).
    pub fn with_state(
        config: Config,
        path: Option<&std::path::Path>,
        asked: Option<&BeadRules>,
    ) -> Result<Session, String> {
        let Some(path) = path else { return Session::with(config) };
        if config.learner != LearnerChoice::Menace {
            return Err("a state file is for the menace learner".into());
        }
        let state = State::read_existing(path, asked)?;
        let mut session = Session::with(config)?;
        if let Some(state) = &state {
            session.restore(state).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(session)
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

    /// Which session this is (for the table's refusals and a bare move).
    pub(crate) fn about(&self) -> &dyn About {
        self.engine.as_ref()
    }

    /// Goes on with the command [`Session::start_line`] paused (nothing when none is).
    pub fn resume(&mut self, sink: &mut dyn Sink, stop: &Stop, pause: &dyn Fn() -> bool) -> Step {
        let mut out = Out::pausable(sink, stop, pause);
        self.engine.resume(&mut out);
        let flow = if out.closed { Flow::Quit } else { Flow::Continue };
        self.step(flow, &out)
    }

    /// Where a line that ended with `flow` leaves the session: done, or paused.
    pub(crate) fn step(&mut self, flow: Flow, out: &Out) -> Step {
        if out.closed {
            // Nobody reads the rest: a paused command ends here, as it would have ended
            // at its next game boundary on a transport that never pauses.
            let mut nobody: Vec<Answer> = Vec::new();
            let mut gone = Out::new(&mut nobody, out.stop);
            gone.closed = true;
            while self.engine.pending() {
                self.engine.resume(&mut gone);
            }
            return Step::Done(Flow::Quit);
        }
        if self.engine.pending() {
            Step::Paused
        } else {
            Step::Done(flow)
        }
    }

    /// Ends a paused command before the next line, as on a transport that never pauses.
    pub(crate) fn finish_paused(&mut self, out: &mut Out) {
        while self.engine.pending() && !out.closed {
            out.unpaused(|out| self.engine.resume(out));
        }
    }
}

/// A part of a session that a command runs against: each command names the one it needs
/// (`type On`), and gets nothing else. Where a session has no such part (a class's
/// commands in a private session) the command is refused with the reason.
pub trait Capability<'a>: Sized {
    /// This part of `session`.
    fn of(session: &'a mut Session) -> Result<Self, String>;
}

/// Nothing of the session (`stop`, `quit`).
impl<'a> Capability<'a> for () {
    fn of(_: &'a mut Session) -> Result<(), String> {
        Ok(())
    }
}

impl<'a> Capability<'a> for &'a dyn About {
    fn of(session: &'a mut Session) -> Result<Self, String> {
        Ok(session.engine.as_ref())
    }
}

impl<'a> Capability<'a> for &'a mut dyn Play {
    fn of(session: &'a mut Session) -> Result<Self, String> {
        Ok(session.engine.as_mut())
    }
}

impl<'a> Capability<'a> for &'a dyn Observe {
    fn of(session: &'a mut Session) -> Result<Self, String> {
        Ok(session.engine.as_ref())
    }
}

impl<'a> Capability<'a> for &'a mut dyn Teach {
    fn of(session: &'a mut Session) -> Result<Self, String> {
        Ok(session.engine.as_mut())
    }
}

impl<'a> Capability<'a> for &'a mut dyn Classroom {
    fn of(session: &'a mut Session) -> Result<Self, String> {
        session.engine.classroom().ok_or_else(|| CLASS_ONLY.to_string())
    }
}

/// The files a session may reach, and its learner: what `save` and `load` run against.
pub struct Files<'a> {
    /// Where `save` and `load` may reach.
    pub access: &'a FileAccess,
    /// The learner whose state is written or replaced.
    pub learner: &'a mut dyn Teach,
}

impl<'a> Capability<'a> for Files<'a> {
    fn of(session: &'a mut Session) -> Result<Self, String> {
        Ok(Files { access: &session.files, learner: session.engine.as_mut() })
    }
}

/// What a private session answers to a class's command (the table refuses them first).
const CLASS_ONLY: &str = "this is for a class session (menace serve in class mode)";
