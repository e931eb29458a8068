//! One protocol session for every game and learner: the state between lines.

use menace_core::game::Game;
use menace_core::game::Side;
use menace_core::hexapawn::Hexapawn;
use menace_core::learn::experiments::{LearnerKind as CoreKind, Learners};
use menace_core::learn::WeightedConfig;
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::nim::Nim;
use menace_core::solve::Solver;
use menace_core::ttt::TicTacToe;

use super::answer::Answer;
use super::classic::Classic;
use super::play::PlaySession;
use super::transport::{Sink, Stop};

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
}

impl Default for Config {
    fn default() -> Config {
        Config {
            game: GameChoice::Ttt,
            learner: LearnerChoice::Menace,
            rules: BeadRules::challenge(),
            weighted: WeightedConfig::default(),
            seed: DEFAULT_SEED,
        }
    }
}

enum Inner {
    Classic(Box<Classic>),
    Ttt(Box<PlaySession<TicTacToe>>),
    Nim(Box<PlaySession<Nim>>),
    Hexapawn(Box<PlaySession<Hexapawn>>),
}

/// One protocol session: the learner, its generator, the match being played.
///
/// A line either succeeds, or answers exactly one `error` and changes nothing.
pub struct Session {
    inner: Inner,
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
    /// A tic-tac-toe MENACE with `rules`, its generator seeded with `seed`.
    pub fn new(rules: BeadRules, seed: u64) -> Session {
        Session { inner: Inner::Classic(Box::new(Classic::new(rules, seed))) }
    }

    /// The session `config` describes, or why it cannot be built.
    pub fn with(config: Config) -> Result<Session, String> {
        config.rules.validate()?;
        config.weighted.validate()?;
        let kind = match config.learner {
            LearnerChoice::Menace => CoreKind::Menace,
            LearnerChoice::Weighted => CoreKind::Weighted,
        };
        let learners = Learners { rules: config.rules.clone(), weighted: config.weighted.clone() };
        let seed = config.seed;
        let inner = match (&config.game, config.learner) {
            (GameChoice::Ttt, LearnerChoice::Menace) => {
                Inner::Classic(Box::new(Classic::new(config.rules, seed)))
            }
            (GameChoice::Ttt, _) => Inner::Ttt(Box::new(PlaySession::new(
                TicTacToe,
                Side::First,
                kind,
                &learners,
                seed,
            ))),
            (GameChoice::Nim(nim), _) => Inner::Nim(Box::new(PlaySession::new(
                *nim,
                Side::First,
                kind,
                &learners,
                seed,
            ))),
            (GameChoice::Hexapawn, _) => Inner::Hexapawn(Box::new(PlaySession::new(
                Hexapawn,
                hexapawn_winner(),
                kind,
                &learners,
                seed,
            ))),
        };
        Ok(Session { inner })
    }

    /// Handles one line of input (without its line ending): its answers go to `sink` as
    /// they are produced; a long command ends early, at a game boundary, once `stop` is
    /// requested. A closed sink ends the session ([`Flow::Quit`]).
    pub fn handle_line(&mut self, line: &str, sink: &mut dyn Sink, stop: &Stop) -> Flow {
        let _ = stop;
        let mut out = Vec::new();
        let flow = match &mut self.inner {
            Inner::Classic(s) => s.handle_line(line, &mut out),
            Inner::Ttt(s) => s.handle_line(line, &mut out),
            Inner::Nim(s) => s.handle_line(line, &mut out),
            Inner::Hexapawn(s) => s.handle_line(line, &mut out),
        };
        for answer in &out {
            if sink.emit(answer).is_err() {
                return Flow::Quit;
            }
        }
        flow
    }

    /// The tic-tac-toe matchboxes, when the session has them.
    pub fn machine(&self) -> Option<&Matchboxes<TicTacToe>> {
        match &self.inner {
            Inner::Classic(s) => Some(s.machine()),
            _ => None,
        }
    }

    /// Replaces the machine with a loaded one (for `--state`), keeping the seed.
    pub fn restore(
        &mut self,
        machine: Matchboxes<TicTacToe>,
        games_played: u64,
    ) -> Result<(), String> {
        match &mut self.inner {
            Inner::Classic(s) => {
                s.restore(machine, games_played);
                Ok(())
            }
            _ => Err("saved state is for tic-tac-toe with the menace learner".into()),
        }
    }

    /// Writes the learned state to `path` (tic-tac-toe MENACE only).
    pub fn save_state(&self, path: &std::path::Path) -> Result<(), String> {
        match &self.inner {
            Inner::Classic(s) => s.save(&path.to_string_lossy(), &mut Vec::new()),
            _ => Err("saved state is for tic-tac-toe with the menace learner".into()),
        }
    }

    /// The `matchboxes` answer, when the learner has boxes (tic-tac-toe MENACE, for now).
    pub fn dump(&self) -> Option<Answer> {
        match &self.inner {
            Inner::Classic(s) => Some(s.dump()),
            _ => None,
        }
    }

    /// The `status` answer.
    pub fn status(&self) -> Answer {
        match &self.inner {
            Inner::Classic(s) => s.status(),
            Inner::Ttt(s) => s.status(),
            Inner::Nim(s) => s.status(),
            Inner::Hexapawn(s) => s.status(),
        }
    }

    /// The `eval` answer (tic-tac-toe MENACE only, for now).
    pub fn eval(&self) -> Option<Answer> {
        match &self.inner {
            Inner::Classic(s) => Some(s.eval()),
            _ => None,
        }
    }
}
