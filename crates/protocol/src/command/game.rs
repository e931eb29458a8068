//! Playing a match against the machine: `games`, `move`, `board`, `resign`, `abort` and
//! `matchboxes`, each run against the session's [`Play`].

use crate::answer::Answer;
use crate::engine::Play;
use crate::session::Flow;
use crate::sink::Out;
use crate::text::quote;

use super::args::{no_args, parse_number};
use super::verb::{Support, Verb, Who};

/// The largest `games N`.
pub const MAX_GAMES: u64 = u32::MAX as u64;

/// `games N`: start a match of N games.
#[derive(Clone, Debug, PartialEq)]
pub struct Games(pub u32);

impl Verb for Games {
    const NAME: &'static str = "games";
    const USAGE: &'static str = "games N";
    const SUMMARY: &'static str = "start a match of N games (1 to 4294967295); MENACE moves first in each when its side starts";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a mut dyn Play;

    fn parse(rest: &str) -> Result<Games, String> {
        let n =
            parse_number(rest, "games", "a number of games, e.g. games 3", 1, MAX_GAMES.into())?;
        Ok(Games(n as u32))
    }

    fn run(self, play: &mut dyn Play, out: &mut Out) -> Result<Flow, String> {
        play.games(self.0, out).map(|()| Flow::Continue)
    }
}

/// `move MOVE`: the player's move, in the game's notation (checked when played). A line
/// that is just a move (`MR`) is one too.
#[derive(Clone, Debug, PartialEq)]
pub struct Move(pub String);

impl Verb for Move {
    const NAME: &'static str = "move";
    const USAGE: &'static str = "move MOVE";
    const SUMMARY: &'static str = "play your move: in tic-tac-toe row then column, each L/M/R (top/middle/bottom, left/middle/right), e.g. move MR; a bare MR works too";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a mut dyn Play;

    fn parse(rest: &str) -> Result<Move, String> {
        let text = rest.trim();
        if text.is_empty() {
            return Err(
                "move: missing argument: expected a move, e.g. move MR (tic-tac-toe), 2:3 (nim), a1-a2 (hexapawn)"
                    .into(),
            );
        }
        Ok(Move(text.to_string()))
    }

    fn run(self, play: &mut dyn Play, out: &mut Out) -> Result<Flow, String> {
        play.play_move(&self.0, out).map(|()| Flow::Continue)
    }
}

/// `board`: show the current board.
#[derive(Clone, Debug, PartialEq)]
pub struct Board;

impl Verb for Board {
    const NAME: &'static str = "board";
    const USAGE: &'static str = "board";
    const SUMMARY: &'static str = "show the current board";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a mut dyn Play;

    fn parse(rest: &str) -> Result<Board, String> {
        no_args(rest, Self::NAME).map(|()| Board)
    }

    fn run(self, play: &mut dyn Play, out: &mut Out) -> Result<Flow, String> {
        out.emit(play.board()?);
        Ok(Flow::Continue)
    }
}

/// `resign`: the player gives up the current game.
#[derive(Clone, Debug, PartialEq)]
pub struct Resign;

impl Verb for Resign {
    const NAME: &'static str = "resign";
    const USAGE: &'static str = "resign";
    const SUMMARY: &'static str = "give up the current game: MENACE wins it and learns from it";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a mut dyn Play;

    fn parse(rest: &str) -> Result<Resign, String> {
        no_args(rest, Self::NAME).map(|()| Resign)
    }

    fn run(self, play: &mut dyn Play, out: &mut Out) -> Result<Flow, String> {
        play.resign(out).map(|()| Flow::Continue)
    }
}

/// `abort`: end the match now; the game in progress teaches nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Abort;

impl Verb for Abort {
    const NAME: &'static str = "abort";
    const USAGE: &'static str = "abort";
    const SUMMARY: &'static str = "end the match now; the unfinished game teaches MENACE nothing";
    const SUPPORT: Support = Support::ALL;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a mut dyn Play;

    fn parse(rest: &str) -> Result<Abort, String> {
        no_args(rest, Self::NAME).map(|()| Abort)
    }

    fn run(self, play: &mut dyn Play, out: &mut Out) -> Result<Flow, String> {
        play.abort(out).map(|()| Flow::Continue)
    }
}

/// `matchboxes on|off`: the dump after each game, or not.
#[derive(Clone, Debug, PartialEq)]
pub struct Matchboxes(pub bool);

impl Verb for Matchboxes {
    const NAME: &'static str = "matchboxes";
    const USAGE: &'static str = "matchboxes on|off";
    const SUMMARY: &'static str = "whether each game's end answers the `matchboxes` dump (on by default; a driver that does not want it turns it off)";
    const SUPPORT: Support = Support::MENACE;
    const WHO: Who = Who::Anyone;
    type On<'a> = &'a mut dyn Play;

    fn parse(rest: &str) -> Result<Matchboxes, String> {
        match rest.trim().to_ascii_lowercase().as_str() {
            "on" => Ok(Matchboxes(true)),
            "off" => Ok(Matchboxes(false)),
            "" => Err("matchboxes: missing argument: expected on or off".into()),
            other => Err(format!("matchboxes: {} is not on or off", quote(other))),
        }
    }

    fn run(self, play: &mut dyn Play, out: &mut Out) -> Result<Flow, String> {
        play.set_dumps(self.0);
        out.emit(Answer::Setting { matchboxes: self.0 });
        Ok(Flow::Continue)
    }
}
