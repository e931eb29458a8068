//! Looking at the learner without changing it: `status`, `dump`, `eval`, `explain` and
//! `history`, each run against the session's [`Observe`].

use crate::engine::Observe;
use crate::history::HISTORY;
use crate::session::Flow;
use crate::sink::Out;
use crate::text::quote;

use super::args::{no_args, parse_number};
use super::verb::{Support, Verb, Who};

/// `status`: the session, the match and the score so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Status;

impl Verb for Status {
    const NAME: &'static str = "status";
    const USAGE: &'static str = "status";
    const SUMMARY: &'static str =
        "the game, the learner, the seed, the bead rules, games played and the match in progress";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a dyn Observe;

    fn parse(rest: &str) -> Result<Status, String> {
        no_args(rest, Self::NAME).map(|()| Status)
    }

    fn run(self, learner: &dyn Observe, out: &mut Out) -> Result<Flow, String> {
        out.emit(learner.status());
        Ok(Flow::Continue)
    }
}

/// `dump [opponent]`: the contents of all matchboxes (the learner's, or the second
/// MENACE's).
#[derive(Clone, Debug, PartialEq)]
pub struct Dump {
    /// The second MENACE's boxes rather than the learner's.
    pub opponent: bool,
}

impl Verb for Dump {
    const NAME: &'static str = "dump";
    const USAGE: &'static str = "dump [opponent]";
    const SUMMARY: &'static str = "the beads in all matchboxes (304 for tic-tac-toe) and the beads drawn in the latest game; `dump opponent`: the second MENACE's";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a dyn Observe;

    fn parse(rest: &str) -> Result<Dump, String> {
        match rest.trim().to_ascii_lowercase().as_str() {
            "" => Ok(Dump { opponent: false }),
            "opponent" => Ok(Dump { opponent: true }),
            _ => Err(format!(
                "dump: {} is not something to dump: expected nothing or `opponent`",
                quote(rest.trim())
            )),
        }
    }

    fn run(self, learner: &dyn Observe, out: &mut Out) -> Result<Flow, String> {
        out.emit(learner.dump(self.opponent)?);
        Ok(Flow::Continue)
    }
}

/// `eval`: exact exploitability and odds.
#[derive(Clone, Debug, PartialEq)]
pub struct Eval;

impl Verb for Eval {
    const NAME: &'static str = "eval";
    const USAGE: &'static str = "eval";
    const SUMMARY: &'static str = "exact figures for the learner as it stands: P(loss) against a best response, odds against random and perfect";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a dyn Observe;

    fn parse(rest: &str) -> Result<Eval, String> {
        no_args(rest, Self::NAME).map(|()| Eval)
    }

    fn run(self, learner: &dyn Observe, out: &mut Out) -> Result<Flow, String> {
        out.emit(learner.eval());
        Ok(Flow::Continue)
    }
}

/// `explain`: why MENACE moved where it did.
#[derive(Clone, Debug, PartialEq)]
pub struct Explain;

impl Verb for Explain {
    const NAME: &'static str = "explain";
    const USAGE: &'static str = "explain";
    const SUMMARY: &'static str = "why MENACE moved where it did: for each of its turns in the game in progress and the last one finished, the box, how the board was turned to match its drawing, every bead mapped onto the real board, and what the result did to them";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a dyn Observe;

    fn parse(rest: &str) -> Result<Explain, String> {
        no_args(rest, Self::NAME).map(|()| Explain)
    }

    fn run(self, learner: &dyn Observe, out: &mut Out) -> Result<Flow, String> {
        out.emit(learner.explain()?);
        Ok(Flow::Continue)
    }
}

/// `history [N]`: the last games' results.
#[derive(Clone, Debug, PartialEq)]
pub struct History(pub Option<u32>);

impl Verb for History {
    const NAME: &'static str = "history";
    const USAGE: &'static str = "history [N]";
    const SUMMARY: &'static str =
        "the last N games (1 to 1000; default all kept, at most 1000): result and first-box beads";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a dyn Observe;

    fn parse(rest: &str) -> Result<History, String> {
        if rest.trim().is_empty() {
            return Ok(History(None));
        }
        let max = HISTORY as u128;
        let n = parse_number(rest, "history", "a number of games, e.g. history 100", 1, max)?;
        Ok(History(Some(n as u32)))
    }

    fn run(self, learner: &dyn Observe, out: &mut Out) -> Result<Flow, String> {
        out.emit(learner.history(self.0.map_or(usize::MAX, |n| n as usize)));
        Ok(Flow::Continue)
    }
}
