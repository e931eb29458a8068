//! What a session's commands run against: the capabilities of the game and learner it
//! plays ([`About`], [`Play`], [`Observe`], [`Teach`], and a class's [`Classroom`]),
//! together an [`Engine`] that `PrivatePlay` implements for every game and a class's
//! member for the room; and the arguments they take ([`RulesChange`], [`PlayersChange`]).

use menace_core::learn::train::OpponentSpec;
use menace_core::menace::state::State;
use menace_core::menace::{BeadColours, BeadRules, EmptyBox};

use crate::answer::Answer;
use crate::sink::Out;

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

/// Which session this is: its game, its learner, and who it is in a class. The table
/// asks it before a command runs (whether the command is this session's at all);
/// `help` and `info` answer from it.
pub trait About {
    /// The game's name (`ttt`, `nim`, `hexapawn`).
    fn game_name(&self) -> &'static str;
    /// The learner's name (`menace`, `weighted`).
    fn learner_name(&self) -> &'static str;
    /// Whether `line`, which is no command, is meant as a move (`MR`).
    fn is_bare_move(&self, line: &str) -> bool;
    /// In a class, whether this session is the teacher's; `None` in a private session.
    fn member(&self) -> Option<bool> {
        None
    }
}

/// Playing a match against the machine: `games`, `move`, `board`, `resign`, `abort`,
/// `matchboxes`.
pub trait Play {
    /// Starts a match of `games` games.
    fn games(&mut self, games: u32, out: &mut Out) -> Result<(), String>;
    /// The player's move, in the game's notation, then the machine's turns.
    fn play_move(&mut self, text: &str, out: &mut Out) -> Result<(), String>;
    /// The `board` answer of the game in progress.
    fn board(&self) -> Result<Answer, String>;
    /// The player gives up the game in progress.
    fn resign(&mut self, out: &mut Out) -> Result<(), String>;
    /// Ends the match now; its game in progress teaches nothing.
    fn abort(&mut self, out: &mut Out) -> Result<(), String>;
    /// Turns the `matchboxes` dump after each game on or off.
    fn set_dumps(&mut self, on: bool);
}

/// Looking at the learner without changing it: `status`, `dump`, `eval`, `history`,
/// `explain`, `export`.
pub trait Observe {
    /// The `status` answer.
    fn status(&self) -> Answer;
    /// The `matchboxes` answer: the learner's boxes, or the second MENACE's.
    fn dump(&self, opponent: bool) -> Result<Answer, String>;
    /// The `eval` answer.
    fn eval(&self) -> Answer;
    /// The `history` answer, of the last `last` games kept.
    fn history(&self, last: usize) -> Answer;
    /// The `explain` answer: MENACE's turns in the game in progress and the last one
    /// finished, box by box.
    fn explain(&self) -> Result<Answer, String>;
    /// The learner's state, as a state file holds it.
    fn state(&self) -> Result<State, String>;
    /// Games learned from, all told.
    fn games_played(&self) -> u64;
}

/// Teaching the learner, or replacing it: `reset`, `seed`, `train`, `watch`, `rules`,
/// and the state `load` and `import` bring.
pub trait Teach: Observe {
    /// `Err` (why `what` must wait) while a match is in progress.
    fn idle(&self, what: &str) -> Result<(), String>;
    /// A fresh learner.
    fn reset(&mut self, out: &mut Out) -> Result<(), String>;
    /// Reseeds the generator.
    fn seed(&mut self, seed: u64);
    /// `games` games against a built-in opponent, learning.
    fn train(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String>;
    /// Like `train`, answering every move.
    fn watch(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String>;
    /// Whether a long command (`train`, `watch`) paused at a game boundary because the
    /// transport asked for its thread back ([`Out::pausing`]); only such a transport
    /// leaves one.
    fn pending(&self) -> bool {
        false
    }
    /// Goes on with the paused long command, until it ends or pauses again.
    fn resume(&mut self, _out: &mut Out) {}
    /// Changes the bead rules.
    fn rules(&mut self, change: &RulesChange, out: &mut Out) -> Result<(), String>;
    /// Replaces the learner with a saved one, keeping the seed.
    fn restore(&mut self, state: &State) -> Result<(), String>;
    /// After a restore: in a class the new machine is everyone's, so this session and
    /// every other are shown it; nothing in a private session.
    fn announce(&self, _out: &mut Out) {}
}

/// What only a class session does: names on the board, the teacher's key, the class's
/// picture and its earlier machines.
pub trait Classroom {
    /// `name NAME`: the player's name on the class's board.
    fn name(&mut self, name: &str, out: &mut Out) -> Result<(), String>;
    /// `players remove NAME|clear` (the teacher's).
    fn players(&mut self, change: &PlayersChange, out: &mut Out) -> Result<(), String>;
    /// `restore N` (the teacher's): earlier machine `number` comes back.
    fn restore_earlier(&mut self, number: usize, out: &mut Out) -> Result<(), String>;
    /// `teacher KEY`: opens the teacher's commands to this session.
    fn teacher(&mut self, key: &str, out: &mut Out) -> Result<(), String>;
    /// The `class` answer.
    fn class(&self) -> Answer;
}

/// A session's engine: every capability a command may run against, for one game and
/// learner (`PrivatePlay` implements it for every game; a class's member for the room),
/// behind one object-safe face, so one table and one session serve them all.
pub trait Engine: About + Play + Observe + Teach + Send {
    /// The class's own commands, in a class session; `None` in a private one.
    fn classroom(&mut self) -> Option<&mut dyn Classroom> {
        None
    }
}

/// What `players` does to the class's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersChange {
    /// Takes one name (or the name that looks the same) off the board.
    Remove(String),
    /// Takes every name off the board.
    Clear,
}

/// Earlier machines a class keeps for `restore` (each replaced by a reset, new rules with
/// reset, an import or a restore).
pub const EARLIER: usize = 5;
