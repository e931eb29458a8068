//! The built-in players. Each is a pure function of the round's input, exactly what an
//! external program receives ([`View`]: P, own id, history, seed, previous state), so a
//! built-in played in-process and the same strategy run as `menace pd-player NAME` give
//! identical games.
//!
//! [`TABLE`] lists them all; the judge, `menace pd --list` and `menace pd-player` read it.

mod contender;
mod simple;

use super::format::{Answer, View};
use super::rules::{scores, Id};

pub use contender::contender;
pub use simple::*;

/// Where a strategy comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Origin {
    /// A house player of the original challenge, always present there.
    House,
    /// A published entry whose behaviour the spec describes.
    Published,
    /// A published entry whose code was not published: our guess from its name.
    Guess,
    /// A classic strategy a user would try.
    Classic,
    /// Our own entry.
    Ours,
}

/// A strategy: one round's input in, one answer out.
pub type Play = fn(&View<'_>) -> Answer;

/// One row of the table of built-in strategies.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The name players are chosen by.
    pub name: &'static str,
    /// Where it comes from.
    pub origin: Origin,
    /// One line saying what it does.
    pub about: &'static str,
    /// The strategy.
    pub play: Play,
}

impl Entry {
    /// The strategy's answer to one round's input as the judge writes it (what
    /// `menace pd-player NAME` prints), or why the input is bad.
    pub fn answer(&self, input: &[u8]) -> Result<Vec<u8>, String> {
        let parsed = super::format::parse_input(input).map_err(|e| e.to_string())?;
        Ok((self.play)(&parsed.view()).render())
    }
}

/// Every built-in strategy, in the order `--list` prints them.
pub const TABLE: &[Entry] = &[
    Entry { name: "lazy", origin: Origin::House, about: "never takes", play: lazy },
    Entry { name: "greedy", origin: Origin::House, about: "always takes from everyone", play: greedy },
    Entry {
        name: "wrathful",
        origin: Origin::House,
        about: "round 1 takes from everyone, then from those who took from it last round",
        play: wrathful,
    },
    Entry {
        name: "envious",
        origin: Origin::House,
        about: "round 1 takes from everyone, then from the top P/2 others by score (ties: higher id)",
        play: envious,
    },
    Entry {
        name: "patient",
        origin: Origin::Published,
        about: "per-opponent tit-for-tat that starts nice",
        play: patient,
    },
    Entry {
        name: "bully",
        origin: Origin::Published,
        about: "takes from those taken from more than the integer average",
        play: bully,
    },
    Entry {
        name: "judge",
        origin: Origin::Published,
        about: "takes from those who took more than the integer average",
        play: judge,
    },
    Entry {
        name: "lunatic",
        origin: Origin::Published,
        about: "takes from each other with probability 1/2 (Python's random seeded from the round's seed)",
        play: lunatic,
    },
    Entry {
        name: "regular",
        origin: Origin::Guess,
        about: "GUESS: a steady taker, one other player per round in turn",
        play: regular,
    },
    Entry {
        name: "titfortat",
        origin: Origin::Guess,
        about: "GUESS: per-opponent tit-for-tat starting nice (same as patient)",
        play: titfortat,
    },
    Entry {
        name: "backstab",
        origin: Origin::Guess,
        about: "GUESS: tit-for-tat starting nice, takes from everyone in the last tenth of the game",
        play: backstab,
    },
    Entry {
        name: "onepercent",
        origin: Origin::Guess,
        about: "GUESS: takes from each other with probability 1/100 (drawn from the seed)",
        play: onepercent,
    },
    Entry {
        name: "begrudger",
        origin: Origin::Guess,
        about: "GUESS: grudger, takes forever from anyone who ever took from it",
        play: begrudger,
    },
    Entry {
        name: "random",
        origin: Origin::Classic,
        about: "takes from each other with probability 1/2 (drawn from the seed)",
        play: random,
    },
    Entry {
        name: "tf2t",
        origin: Origin::Classic,
        about: "tit-for-two-tats: takes from those who took from it in both of the last two rounds",
        play: tf2t,
    },
    Entry {
        name: "contender",
        origin: Origin::Ours,
        about: "our entry: exploits those who do not retaliate, never provokes those who do",
        play: contender,
    },
];

/// The 13 entries of the published tournament (the five unpublished ones as our guesses).
pub const PUBLISHED_FIELD: [&str; 13] = [
    "regular",
    "judge",
    "greedy",
    "titfortat",
    "patient",
    "backstab",
    "bully",
    "wrathful",
    "lunatic",
    "onepercent",
    "envious",
    "begrudger",
    "lazy",
];

/// The built-in strategies, a line each: name, origin and what it does (`menace pd
/// --list`, and `menace pd-player`'s answer to an unknown name).
pub fn list() -> String {
    let mut s = String::new();
    for e in TABLE {
        s.push_str(&format!(
            "{:<11} {:<9} {}\n",
            e.name,
            format!("{:?}", e.origin).to_lowercase(),
            e.about
        ));
    }
    s
}

/// The strategy called `name`.
pub fn find(name: &str) -> Option<&'static Entry> {
    TABLE.iter().find(|e| e.name == name)
}

/// Why `menace pd-player` gave no answer.
#[derive(Debug, PartialEq, Eq)]
pub enum RoundError {
    /// An unknown name or bad input: the message for standard error (exit status 2).
    Refused(String),
    /// The answer could not be written (the judge stopped reading): exit status 1.
    Output,
}

/// One round of `menace pd-player NAME`: reads the judge's whole input from `input` and
/// writes strategy `name`'s answer to `output`.
pub fn play_round(
    name: &str,
    mut input: impl std::io::Read,
    mut output: impl std::io::Write,
) -> Result<(), RoundError> {
    let entry = find(name).ok_or_else(|| {
        RoundError::Refused(format!("no strategy {name:?}; the built-ins are:\n{}", list()))
    })?;
    let mut bytes = Vec::new();
    input
        .read_to_end(&mut bytes)
        .map_err(|e| RoundError::Refused(format!("cannot read standard input: {e}")))?;
    let answer =
        entry.answer(&bytes).map_err(|e| RoundError::Refused(format!("bad input: {e}")))?;
    output.write_all(&answer).and_then(|()| output.flush()).map_err(|_| RoundError::Output)
}

/// The answer taking from `ids`, with no state.
fn take(ids: impl IntoIterator<Item = Id>) -> Answer {
    Answer { takes: ids.into_iter().collect(), state: None }
}

/// Current scores (index id - 1), worked out from the history as a program must.
fn current_scores(v: &View<'_>) -> Vec<i64> {
    scores(v.players, v.history)
}
