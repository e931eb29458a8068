//! A class's own commands: `name`, `players`, `restore`, `teacher` and `class`, each run
//! against the session's [`Classroom`] (a private session has none: the table refuses
//! them first).

use crate::engine::{Classroom, PlayersChange, EARLIER};
use crate::session::Flow;
use crate::sink::Out;

use super::args::{no_args, parse_number};
use super::verb::{Support, Verb, Who};

/// `name NAME` (class): the player's name.
#[derive(Clone, Debug, PartialEq)]
pub struct Name(pub String);

impl Verb for Name {
    const NAME: &'static str = "name";
    const USAGE: &'static str = "name NAME";
    const SUMMARY: &'static str =
        "in a class: your name on the class's board (1 to 32 characters), needed before `games N`";
    const SUPPORT: Support = Support::TTT_MENACE;
    const WHO: Who = Who::Class;
    type On<'a> = &'a mut dyn Classroom;

    fn parse(rest: &str) -> Result<Name, String> {
        let name =
            menace_core::menace::class::check_name(rest).map_err(|e| format!("name: {e}"))?;
        Ok(Name(name))
    }

    fn run(self, class: &mut dyn Classroom, out: &mut Out) -> Result<Flow, String> {
        class.name(&self.0, out).map(|()| Flow::Continue)
    }
}

/// `players remove NAME` / `players clear` (class, the teacher's).
#[derive(Clone, Debug, PartialEq)]
pub struct Players(pub PlayersChange);

impl Verb for Players {
    const NAME: &'static str = "players";
    const USAGE: &'static str = "players remove NAME|clear";
    const SUMMARY: &'static str = "in a class: take one name (or every name) off the class's board, keeping the score, the curve and the boxes; `clear` also lets every connection name new players again";
    const SUPPORT: Support = Support::TTT_MENACE;
    const WHO: Who = Who::ClassTeacher;
    type On<'a> = &'a mut dyn Classroom;

    fn parse(rest: &str) -> Result<Players, String> {
        let rest = rest.trim();
        let (verb, name) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match verb.to_ascii_lowercase().as_str() {
            "clear" if name.trim().is_empty() => Ok(Players(PlayersChange::Clear)),
            "remove" if !name.trim().is_empty() => {
                Ok(Players(PlayersChange::Remove(name.trim().to_string())))
            }
            _ => Err("players: expected `players remove NAME` or `players clear`".into()),
        }
    }

    fn run(self, class: &mut dyn Classroom, out: &mut Out) -> Result<Flow, String> {
        class.players(&self.0, out).map(|()| Flow::Continue)
    }
}

/// `restore N` (class, the teacher's): bring back earlier machine N.
#[derive(Clone, Debug, PartialEq)]
pub struct Restore(pub usize);

impl Verb for Restore {
    const NAME: &'static str = "restore";
    const USAGE: &'static str = "restore N";
    const SUMMARY: &'static str = "in a class: bring back earlier machine N (1: the one replaced last; the class answer lists them): a reset, new rules with reset, an import or a restore keeps the machine it replaces, five at most";
    const SUPPORT: Support = Support::TTT_MENACE;
    const WHO: Who = Who::ClassTeacher;
    type On<'a> = &'a mut dyn Classroom;

    fn parse(rest: &str) -> Result<Restore, String> {
        let max = EARLIER as u128;
        let n = parse_number(rest, "restore", "the number of an earlier machine", 1, max)?;
        Ok(Restore(n as usize))
    }

    fn run(self, class: &mut dyn Classroom, out: &mut Out) -> Result<Flow, String> {
        class.restore_earlier(self.0, out).map(|()| Flow::Continue)
    }
}

/// `teacher KEY` (class): open the teacher's commands.
#[derive(Clone, Debug, PartialEq)]
pub struct Teacher(pub String);

impl Verb for Teacher {
    const NAME: &'static str = "teacher";
    const USAGE: &'static str = "teacher KEY";
    const SUMMARY: &'static str = "in a class: the teacher's key (the server printed it); opens reset, rules, seed, train, export and import to this session; each wrong key waits a second";
    const SUPPORT: Support = Support::TTT_MENACE;
    const WHO: Who = Who::Class;
    type On<'a> = &'a mut dyn Classroom;

    fn parse(rest: &str) -> Result<Teacher, String> {
        let key = rest.trim();
        if key.is_empty() {
            return Err("teacher: missing argument: expected the key the server printed".into());
        }
        Ok(Teacher(key.to_string()))
    }

    fn run(self, class: &mut dyn Classroom, out: &mut Out) -> Result<Flow, String> {
        class.teacher(&self.0, out).map(|()| Flow::Continue)
    }
}

/// `class` (class): the whole class.
#[derive(Clone, Debug, PartialEq)]
pub struct Class;

impl Verb for Class {
    const NAME: &'static str = "class";
    const USAGE: &'static str = "class";
    const SUMMARY: &'static str = "in a class: the whole class: the shared boxes, MENACE's score against the class, its training apart, the players and the curve";
    const SUPPORT: Support = Support::TTT_MENACE;
    const WHO: Who = Who::Class;
    type On<'a> = &'a mut dyn Classroom;

    fn parse(rest: &str) -> Result<Class, String> {
        no_args(rest, Self::NAME).map(|()| Class)
    }

    fn run(self, class: &mut dyn Classroom, out: &mut Out) -> Result<Flow, String> {
        out.emit(class.class());
        Ok(Flow::Continue)
    }
}
