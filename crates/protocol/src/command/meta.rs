//! Commands about the session and the protocol itself: `stop`, `help`, `info` and `quit`.

use nom::character::complete::space1;
use nom::{IResult, Parser};

use crate::answer::{Answer, HelpEntry, MaxCounts, OpponentEntry, PresetEntry};
use crate::engine::About;
use crate::history::HISTORY;
use crate::session::Flow;
use crate::sink::Out;
use crate::text::{quote, trailing};

use super::args::{no_args, word};
use super::game::MAX_GAMES;
use super::teach::{MAX_TRAIN, MAX_WATCH};
use super::verb::{CommandSpec, Support, Verb, Who};
use super::{spec, COMMANDS};

/// The largest counts, as `info` answers them.
pub const MAX_COUNTS: MaxCounts =
    MaxCounts { games: MAX_GAMES, train: MAX_TRAIN, watch: MAX_WATCH, history: HISTORY as u64 };

/// `stop`: end the running command.
#[derive(Clone, Debug, PartialEq)]
pub struct Stop;

impl Verb for Stop {
    const NAME: &'static str = "stop";
    const USAGE: &'static str = "stop";
    const SUMMARY: &'static str = "end the running command (and any sent before) at its next game boundary, keeping what was learned";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = ();

    fn parse(rest: &str) -> Result<Stop, String> {
        no_args(rest, Self::NAME).map(|()| Stop)
    }

    fn run(self, (): (), out: &mut Out) -> Result<Flow, String> {
        // The transport asked the running command to stop when it read this line; the
        // request is spent now, so later commands run in full.
        out.stop.clear();
        out.emit(Answer::Stopped);
        Ok(Flow::Continue)
    }
}

/// `help [COMMAND]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Help(pub Option<String>);

impl Verb for Help {
    const NAME: &'static str = "help";
    const USAGE: &'static str = "help [COMMAND]";
    const SUMMARY: &'static str = "list the commands, or describe one";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a dyn About;

    fn parse(rest: &str) -> Result<Help, String> {
        let parsed: IResult<&str, &str> = (space1, word).map(|(_, w)| w).parse(rest);
        match parsed {
            Ok((after, w)) if after.is_empty() || after.starts_with(char::is_whitespace) => {
                trailing(after, &format!("`help {w}`"))?;
                match spec(w) {
                    Some(s) => Ok(Help(Some(s.name.to_string()))),
                    None => {
                        Err(format!("help: no command called {}; type help for the list", quote(w)))
                    }
                }
            }
            _ if rest.trim().is_empty() => Ok(Help(None)),
            _ => Err(format!("help: {} is not a command name", quote(rest.trim()))),
        }
    }

    fn run(self, about: &dyn About, out: &mut Out) -> Result<Flow, String> {
        let entry = |c: &CommandSpec| HelpEntry { usage: c.usage, summary: c.summary };
        let commands = match self.0.as_deref().and_then(spec) {
            Some(c) => vec![entry(c)],
            None => COMMANDS.iter().filter(|c| c.refusal(about).is_none()).map(entry).collect(),
        };
        out.emit(Answer::Help { commands });
        Ok(Flow::Continue)
    }
}

/// `info`: the presets and opponents the session offers.
#[derive(Clone, Debug, PartialEq)]
pub struct Info;

impl Verb for Info {
    const NAME: &'static str = "info";
    const USAGE: &'static str = "info";
    const SUMMARY: &'static str = "the game, the learner, the bead presets and the opponents this session offers, from the engine's own tables";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a dyn About;

    fn parse(rest: &str) -> Result<Info, String> {
        no_args(rest, Self::NAME).map(|()| Info)
    }

    fn run(self, about: &dyn About, out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::Info {
            game: about.game_name(),
            learner: about.learner_name(),
            presets: PresetEntry::all(),
            opponents: OpponentEntry::all(),
            max: MAX_COUNTS,
        });
        Ok(Flow::Continue)
    }
}

/// `quit`.
#[derive(Clone, Debug, PartialEq)]
pub struct Quit;

impl Verb for Quit {
    const NAME: &'static str = "quit";
    const USAGE: &'static str = "quit";
    const SUMMARY: &'static str = "end the session (end of input does too)";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = ();

    fn parse(rest: &str) -> Result<Quit, String> {
        no_args(rest, Self::NAME).map(|()| Quit)
    }

    fn run(self, (): (), out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::Bye);
        Ok(Flow::Quit)
    }
}
