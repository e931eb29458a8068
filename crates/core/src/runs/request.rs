//! What one `menace train` call asks for, checked as a whole before anything runs.
//!
//! Which settings go together is one list ([`Refusal::ALL`]), not checks scattered along
//! the code paths: a setting a run cannot honour is refused (the binary's message names
//! its flag), never silently ignored (a `--game nim --out DIR` that wrote no records, a
//! `--table` on tic-tac-toe that printed nothing, were both accepted once).
//!
//! ```
//! use menace_core::choice::GameChoice;
//! use menace_core::runs::request::{Refusal, Request, Run};
//! use menace_core::learn::LearnerKind;
//!
//! let mut r = Request::new(GameChoice::Ttt, LearnerKind::Menace, "random".parse()?, 1000);
//! assert_eq!(r.check(), Ok(Run::Single));
//! r.seeds = 10;
//! assert_eq!(r.check(), Ok(Run::Sweep));
//! r.table = true;
//! assert_eq!(r.check(), Err(Refusal::TableNeedsNim));
//! # Ok::<(), String>(())
//! ```

use crate::choice::GameChoice;
use crate::learn::train::OpponentSpec;
use crate::learn::LearnerKind;

/// The flags of one training call that decide what kind of run it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// `--game`.
    pub game: GameChoice,
    /// `--learner`.
    pub kind: LearnerKind,
    /// `--opponent`.
    pub opponent: OpponentSpec,
    /// `--games`.
    pub games: u64,
    /// `--seeds`.
    pub seeds: u64,
    /// `--state FILE` was given.
    pub state: bool,
    /// `--out DIR` was given.
    pub out: bool,
    /// `--curve PREFIX` was given.
    pub curve: bool,
    /// `--json` was given.
    pub json: bool,
    /// `--table` was given.
    pub table: bool,
}

/// The kind of run a valid [`Request`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Run {
    /// Any learner on any game with a built-in opponent, one seed or several; no saved
    /// state, no records.
    Generic,
    /// MENACE on tic-tac-toe, one seed: it may load and save a state file and play a
    /// program (`exec:`).
    Single,
    /// MENACE on tic-tac-toe over several seeds, summarized.
    Sweep,
    /// MENACE on tic-tac-toe over seeds, one JSON line per seed in `--out`'s records
    /// (resumable, shardable).
    Recorded,
}

/// Everything a training call refuses, in the order they are checked: the facts, not the
/// words. The binary says each in terms of its flags; [`Refusal::parts`] says which parts
/// of the request a refusal is about, so it can name the flags the user gave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No games or no seeds: nothing to play.
    NothingToPlay,
    /// A program (`exec:`) opponent with another game or learner than MENACE on
    /// tic-tac-toe.
    ProgramNeedsClassic,
    /// A state file with another game or learner than MENACE on tic-tac-toe.
    StateNeedsClassic,
    /// Records with another game or learner than MENACE on tic-tac-toe.
    OutNeedsClassic,
    /// A state file with several seeds.
    StateWithSeeds,
    /// A state file with records.
    StateWithOut,
    /// A curve of a recorded sweep (records are not played in this process).
    CurveWithOut,
    /// JSON output with records (the records are JSON lines already).
    JsonWithOut,
    /// Nim's strategy table for another game.
    TableNeedsNim,
}

/// A part of a [`Request`] a [`Refusal`] is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// [`Request::games`].
    Games,
    /// [`Request::seeds`].
    Seeds,
    /// The opponent, a program.
    Program,
    /// [`Request::state`].
    State,
    /// [`Request::out`].
    Out,
    /// [`Request::curve`].
    Curve,
    /// [`Request::json`].
    Json,
    /// [`Request::table`].
    Table,
}

impl Refusal {
    /// Every refusal, in the order they are checked.
    pub const ALL: [Refusal; 9] = [
        Refusal::NothingToPlay,
        Refusal::ProgramNeedsClassic,
        Refusal::StateNeedsClassic,
        Refusal::OutNeedsClassic,
        Refusal::StateWithSeeds,
        Refusal::StateWithOut,
        Refusal::CurveWithOut,
        Refusal::JsonWithOut,
        Refusal::TableNeedsNim,
    ];

    /// Whether request `r` breaks this rule.
    pub fn applies(self, r: &Request) -> bool {
        match self {
            Refusal::NothingToPlay => r.games == 0 || r.seeds == 0,
            Refusal::ProgramNeedsClassic => {
                matches!(r.opponent, OpponentSpec::Program(_)) && !r.is_classic()
            }
            Refusal::StateNeedsClassic => r.state && !r.is_classic(),
            Refusal::OutNeedsClassic => r.out && !r.is_classic(),
            Refusal::StateWithSeeds => r.state && r.seeds > 1,
            Refusal::StateWithOut => r.state && r.out,
            Refusal::CurveWithOut => r.out && r.curve,
            Refusal::JsonWithOut => r.out && r.json,
            Refusal::TableNeedsNim => r.table && !matches!(r.game, GameChoice::Nim(_)),
        }
    }

    /// The parts of the request this refusal is about (a message names their flags).
    pub fn parts(self) -> &'static [Part] {
        match self {
            Refusal::NothingToPlay => &[Part::Games, Part::Seeds],
            Refusal::ProgramNeedsClassic => &[Part::Program],
            Refusal::StateNeedsClassic => &[Part::State],
            Refusal::OutNeedsClassic => &[Part::Out],
            Refusal::StateWithSeeds => &[Part::State, Part::Seeds],
            Refusal::StateWithOut => &[Part::State, Part::Out],
            Refusal::CurveWithOut => &[Part::Curve, Part::Out],
            Refusal::JsonWithOut => &[Part::Json, Part::Out],
            Refusal::TableNeedsNim => &[Part::Table],
        }
    }
}

impl Request {
    /// One seed of `games` games, no other flag.
    pub fn new(game: GameChoice, kind: LearnerKind, opponent: OpponentSpec, games: u64) -> Request {
        Request {
            game,
            kind,
            opponent,
            games,
            seeds: 1,
            state: false,
            out: false,
            curve: false,
            json: false,
            table: false,
        }
    }

    /// MENACE on tic-tac-toe: the run with state files, programs and records.
    pub fn is_classic(&self) -> bool {
        self.game == GameChoice::Ttt && self.kind == LearnerKind::Menace
    }

    /// The kind of run, or the first [`Refusal`] that applies.
    pub fn check(&self) -> Result<Run, Refusal> {
        if let Some(&r) = Refusal::ALL.iter().find(|r| r.applies(self)) {
            return Err(r);
        }
        Ok(if !self.is_classic() {
            Run::Generic
        } else if self.out {
            Run::Recorded
        } else if self.seeds == 1 {
            Run::Single
        } else {
            Run::Sweep
        })
    }
}
