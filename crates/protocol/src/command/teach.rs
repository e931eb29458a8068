//! Teaching the learner: `reset`, `seed`, `train`, `watch` and `rules`, each run against
//! the session's [`Teach`].

use menace_core::learn::train::OpponentSpec;
use menace_core::menace::{BeadColours, BeadRules};

use crate::answer::Answer;
use crate::engine::{RulesChange, Teach};
use crate::session::Flow;
use crate::sink::Out;
use crate::text::quote;

use super::args::{no_args, parse_number, parse_versus};
use super::verb::{Support, Verb, Who};

/// The largest `train N`.
pub const MAX_TRAIN: u64 = 100_000_000;
/// The largest `watch N`.
pub const MAX_WATCH: u64 = 10_000;

/// `reset`: a fresh learner (forget all learning).
#[derive(Clone, Debug, PartialEq)]
pub struct Reset;

impl Verb for Reset {
    const NAME: &'static str = "reset";
    const USAGE: &'static str = "reset";
    const SUMMARY: &'static str = "forget all learning: every box refilled with its initial beads, games played back to 0 (not during a match)";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Teacher;
    type On<'a> = &'a mut dyn Teach;

    fn parse(rest: &str) -> Result<Reset, String> {
        no_args(rest, Self::NAME).map(|()| Reset)
    }

    fn run(self, learner: &mut dyn Teach, out: &mut Out) -> Result<Flow, String> {
        learner.reset(out).map(|()| Flow::Continue)
    }
}

/// `seed N`: reseed the random generator.
#[derive(Clone, Debug, PartialEq)]
pub struct Seed(pub u64);

impl Verb for Seed {
    const NAME: &'static str = "seed";
    const USAGE: &'static str = "seed N";
    const SUMMARY: &'static str = "reseed MENACE's random generator (0 to 18446744073709551615)";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Teacher;
    type On<'a> = &'a mut dyn Teach;

    fn parse(rest: &str) -> Result<Seed, String> {
        let n = parse_number(rest, "seed", "a seed, e.g. seed 42", 0, u64::MAX.into())?;
        Ok(Seed(n as u64))
    }

    fn run(self, learner: &mut dyn Teach, out: &mut Out) -> Result<Flow, String> {
        learner.seed(self.0);
        out.emit(Answer::Seed { seed: self.0 });
        Ok(Flow::Continue)
    }
}

/// `train N [OPPONENT]`: MENACE plays N games against a built-in opponent.
#[derive(Clone, Debug, PartialEq)]
pub struct Train(pub u32, pub OpponentSpec);

impl Verb for Train {
    const NAME: &'static str = "train";
    const USAGE: &'static str = "train N [OPPONENT]";
    const SUMMARY: &'static str = "MENACE plays N games (1 to 100000000) against a built-in opponent (random by default; `info` lists them), and learns; progress answers as it goes; `stop` ends it";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Teacher;
    type On<'a> = &'a mut dyn Teach;

    fn parse(rest: &str) -> Result<Train, String> {
        parse_versus(rest, "train", MAX_TRAIN.into()).map(|(n, o)| Train(n, o))
    }

    fn run(self, learner: &mut dyn Teach, out: &mut Out) -> Result<Flow, String> {
        learner.train(self.0, &self.1, out).map(|()| Flow::Continue)
    }
}

/// `watch N [OPPONENT]`: like `train`, answering every move.
#[derive(Clone, Debug, PartialEq)]
pub struct Watch(pub u32, pub OpponentSpec);

impl Verb for Watch {
    const NAME: &'static str = "watch";
    const USAGE: &'static str = "watch N [OPPONENT]";
    const SUMMARY: &'static str = "MENACE plays N games (1 to 10000) against a built-in opponent, answering every move and bead, and learns";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Private;
    type On<'a> = &'a mut dyn Teach;

    fn parse(rest: &str) -> Result<Watch, String> {
        parse_versus(rest, "watch", MAX_WATCH.into()).map(|(n, o)| Watch(n, o))
    }

    fn run(self, learner: &mut dyn Teach, out: &mut Out) -> Result<Flow, String> {
        learner.watch(self.0, &self.1, out).map(|()| Flow::Continue)
    }
}

/// `rules ...`: change the bead rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules(pub RulesChange);

impl Verb for Rules {
    const NAME: &'static str = "rules";
    const USAGE: &'static str = "rules [preset NAME] [initial N,N,...] [reward W,D,L] [empty refill:N|resign] [colours every|symmetry] [reset]";
    const SUMMARY: &'static str = "change the bead rules, keeping the beads, or with `reset` refilling every box with the new initial beads (not during a match); colours symmetry: one bead colour per symmetry class";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Teacher;
    type On<'a> = &'a mut dyn Teach;

    fn parse(rest: &str) -> Result<Rules, String> {
        parse_rules(rest)
    }

    fn run(self, learner: &mut dyn Teach, out: &mut Out) -> Result<Flow, String> {
        learner.rules(&self.0, out).map(|()| Flow::Continue)
    }
}

/// `rules` with any of `preset NAME`, `initial N,N,...`, `reward W,D,L`,
/// `empty refill:N|resign`, `colours every|symmetry` (each at most once) and `reset`.
fn parse_rules(rest: &str) -> Result<Rules, String> {
    let mut change = RulesChange::default();
    let mut words = rest.split_whitespace();
    let mut any = false;
    let twice = |what: &str| format!("rules: {what} is given twice");
    while let Some(word) = words.next() {
        let key = word.to_ascii_lowercase();
        if key == "reset" {
            if change.reset {
                return Err(twice("reset"));
            }
            change.reset = true;
            any = true;
            continue;
        }
        let Some(value) = words.next().filter(|_| {
            matches!(key.as_str(), "preset" | "initial" | "reward" | "empty" | "colours")
        }) else {
            return Err(match key.as_str() {
                "preset" | "initial" | "reward" | "empty" | "colours" => {
                    format!("rules: {key} needs a value, e.g. {}", rules_example(&key))
                }
                _ => format!(
                    "rules: {} is not a rule: expected preset, initial, reward, empty, colours or reset",
                    quote(word)
                ),
            });
        };
        any = true;
        match key.as_str() {
            "preset" if change.preset.is_none() => {
                change.preset = Some(BeadRules::preset(value).ok_or_else(|| {
                    format!("rules: unknown preset {}: challenge, michie or scroggs", quote(value))
                })?)
            }
            "initial" if change.initial.is_none() => {
                change.initial =
                    Some(BeadRules::parse_initial(value).map_err(|e| format!("rules: {e}"))?)
            }
            "reward" if change.reward.is_none() => {
                change.reward =
                    Some(BeadRules::parse_reward(value).map_err(|e| format!("rules: {e}"))?)
            }
            "empty" if change.empty.is_none() => {
                change.empty =
                    Some(BeadRules::parse_empty(value).map_err(|e| format!("rules: {e}"))?)
            }
            "colours" if change.colours.is_none() => {
                change.colours = Some(BeadColours::parse(value).map_err(|e| format!("rules: {e}"))?)
            }
            _ => return Err(twice(&key)),
        }
    }
    if !any {
        return Err("rules: nothing to change: expected e.g. rules reward 3,1,-1 or rules preset scroggs reset".into());
    }
    Ok(Rules(change))
}

fn rules_example(key: &str) -> &'static str {
    match key {
        "preset" => "preset michie",
        "initial" => "initial 4,3,2,1",
        "reward" => "reward 3,1,-1",
        "colours" => "colours symmetry",
        _ => "empty refill:3",
    }
}
