//! What a command is ([`Verb`]) and what the table knows of it ([`CommandSpec`]): its
//! name, how to write it, what it does, which games and learners have it ([`Support`])
//! and who may run it in a class ([`Who`]).

use crate::engine::About;
use crate::session::{Capability, Flow};
use crate::sink::Out;

use super::Command;

/// One protocol command: a type that parses itself from the rest of its line and runs
/// against the one capability of the session it needs ([`Verb::On`]). Its constants are
/// its row of the table ([`super::COMMANDS`]), which `help`, the dispatch and
/// protocol.md's command list all follow.
pub trait Verb: Sized + Into<Command> {
    /// The command's name, as typed (any case).
    const NAME: &'static str;
    /// How to write it, e.g. `games N`.
    const USAGE: &'static str;
    /// What it does, in one line.
    const SUMMARY: &'static str;
    /// Which games and learners have it.
    const SUPPORT: Support;
    /// Who may run it in a class.
    const WHO: Who;
    /// The part of the session it runs against ([`Capability`]).
    type On<'a>: Capability<'a>;

    /// The command from the rest of its line (after the name, white space included), or
    /// why it is not one.
    fn parse(rest: &str) -> Result<Self, String>;

    /// Runs it, its answers going out as they are made; `Err` is the one error answer of
    /// a line that changed nothing.
    fn run(self, on: Self::On<'_>, out: &mut Out) -> Result<Flow, String>;
}

/// One row of the command table: everything the table knows about one command.
pub struct CommandSpec {
    /// The command's name, as typed (any case).
    pub name: &'static str,
    /// How to write it, e.g. `games N`.
    pub usage: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    /// Which games and learners have it.
    pub support: Support,
    /// Who may run it in a class.
    pub who: Who,
    pub(super) parse: fn(&str) -> Result<Command, String>,
}

impl CommandSpec {
    /// The row of command `V`.
    pub(super) const fn of<V: Verb>() -> CommandSpec {
        CommandSpec {
            name: V::NAME,
            usage: V::USAGE,
            summary: V::SUMMARY,
            support: V::SUPPORT,
            who: V::WHO,
            parse: parse_as::<V>,
        }
    }

    /// Why this command is refused to the session `about` describes, if it is.
    pub(crate) fn refusal(&self, about: &dyn About) -> Option<String> {
        let (game, learner) = (about.game_name(), about.learner_name());
        self.who
            .refusal(self.name, about.member())
            .or_else(|| self.support.refusal(self.name, game, learner))
    }
}

fn parse_as<V: Verb>(rest: &str) -> Result<Command, String> {
    V::parse(rest).map(Into::into)
}

/// Who may run a command in a class session. A private session runs every command but
/// the class's own ([`Who::Class`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// Anyone, in a class or alone.
    Anyone,
    /// In a class, only a session that gave the teacher's key (`teacher KEY`).
    Teacher,
    /// Only in a private session: a class has no such thing (its files are the server's).
    Private,
    /// Only in a class.
    Class,
    /// Only in a class, and only the teacher.
    ClassTeacher,
}

impl Who {
    /// Why command `name` is refused to this session: `member` is `None` in a private
    /// session, else whether the session is the teacher's.
    pub fn refusal(self, name: &str, member: Option<bool>) -> Option<String> {
        match (self, member) {
            (Who::Teacher | Who::ClassTeacher, Some(false)) => {
                Some(format!("`{name}` is the teacher's in a class: send `teacher KEY` first"))
            }
            (Who::Private, Some(_)) => Some(format!(
                "`{name}` is for a private session, not a class (the class's machine is the \
                 server's: the teacher downloads it with `export`)"
            )),
            (Who::Class | Who::ClassTeacher, None) => {
                Some(format!("`{name}` is for a class session (menace serve in class mode)"))
            }
            _ => None,
        }
    }

    /// In words, for protocol.md's list.
    pub fn describe(self) -> &'static str {
        match self {
            Who::Anyone => "anyone",
            Who::Teacher => "the teacher",
            Who::Private => "no (private only)",
            Who::Class => "anyone (class only)",
            Who::ClassTeacher => "the teacher (class only)",
        }
    }
}

/// Which games and learners a command works with (empty: all).
#[derive(Copy, Clone, Debug)]
pub struct Support {
    /// Game names (`ttt`, `nim`, `hexapawn`); empty for every game.
    pub games: &'static [&'static str],
    /// Learner names (`menace`, `weighted`); empty for both.
    pub learners: &'static [&'static str],
}

impl Support {
    /// Every game and learner.
    pub const ALL: Support = Support { games: &[], learners: &[] };
    /// The matchbox learner, any game.
    pub const MENACE: Support = Support { games: &[], learners: &["menace"] };
    /// Tic-tac-toe with the matchbox learner (a class's commands: a class plays it).
    pub const TTT_MENACE: Support = Support { games: &["ttt"], learners: &["menace"] };

    /// Why command `name` is refused in a session of `game` with `learner`, if it is.
    pub fn refusal(&self, name: &str, game: &str, learner: &str) -> Option<String> {
        if !self.learners.is_empty() && !self.learners.contains(&learner) {
            return Some(format!(
                "`{name}` needs the {} learner; this session's learner is {learner}",
                self.learners.join(" or ")
            ));
        }
        if !self.games.is_empty() && !self.games.contains(&game) {
            return Some(format!(
                "`{name}` is for {} only; this session plays {game}",
                self.games.join(" or ")
            ));
        }
        None
    }

    /// In words, for protocol.md: `all`, or the games and learners.
    pub fn describe(&self) -> String {
        match (self.games, self.learners) {
            ([], []) => "every game and learner".into(),
            ([], l) => format!("the {} learner", l.join(", ")),
            (g, []) => g.join(", "),
            (g, l) => format!("{} with the {} learner", g.join(", "), l.join(", ")),
        }
    }
}
