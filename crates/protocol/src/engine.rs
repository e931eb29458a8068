//! What a session needs from the game and learner it plays: the [`Engine`] trait that
//! `Play` implements for every game, and a change of the bead rules
//! ([`RulesChange`]) that engines apply.

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

/// A session's engine: everything that depends on the game and the learner, behind one
/// object-safe face, so one table and one session serve them all.
pub trait Engine: Send {
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
    /// Whether a long command (`train`, `watch`) paused at a game boundary because the
    /// transport asked for its thread back ([`Out::pausing`]); only such a transport
    /// leaves one.
    fn pending(&self) -> bool {
        false
    }
    /// Goes on with the paused long command, until it ends or pauses again.
    fn resume(&mut self, _out: &mut Out) {}
    fn eval(&self) -> Answer;
    fn rules(&mut self, change: &RulesChange, out: &mut Out) -> Result<(), String>;
    fn history(&self, last: usize) -> Answer;
    fn state(&self) -> Result<State, String>;
    fn restore(&mut self, state: &State) -> Result<(), String>;
    fn games_played(&self) -> u64;
    /// Turns the `matchboxes` dump after each game on or off.
    fn set_dumps(&mut self, on: bool);
    /// In a class, whether this session is the teacher's; `None` in a private session.
    fn member(&self) -> Option<bool> {
        None
    }
    /// `name NAME` (class only).
    fn name(&mut self, _name: &str, _out: &mut Out) -> Result<(), String> {
        Err(CLASS_ONLY.into())
    }
    /// `players remove NAME|clear` (class only, the teacher's).
    fn players(&mut self, _change: &PlayersChange, _out: &mut Out) -> Result<(), String> {
        Err(CLASS_ONLY.into())
    }
    /// `restore N` (class only, the teacher's).
    fn restore_earlier(&mut self, _number: usize, _out: &mut Out) -> Result<(), String> {
        Err(CLASS_ONLY.into())
    }
    /// `teacher KEY` (class only).
    fn teacher(&mut self, _key: &str, _out: &mut Out) -> Result<(), String> {
        Err(CLASS_ONLY.into())
    }
    /// After a restore: in a class the new machine is everyone's, so this session and
    /// every other are shown it; nothing in a private session.
    fn announce(&self, _out: &mut Out) {}
    /// The `explain` answer: MENACE's turns in the game in progress and the last one
    /// finished, box by box.
    fn explain(&self) -> Result<Answer, String> {
        Err("explain: this session's machine does not record its turns".into())
    }
    /// The `class` answer (class only).
    fn class(&self) -> Result<Answer, String> {
        Err(CLASS_ONLY.into())
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

/// What a private session answers to a class's command (the table refuses them first).
const CLASS_ONLY: &str = "this is for a class session (menace serve in class mode)";
