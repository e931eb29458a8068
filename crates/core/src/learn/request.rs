//! What one `menace train` call asks for, checked as a whole before anything runs.
//!
//! Which flags go together is one table ([`REFUSALS`]), not checks scattered along the
//! code paths: a flag a run cannot honour is refused with a message naming it, never
//! silently ignored (a `--game nim --out DIR` that wrote no records, a `--table` on
//! tic-tac-toe that printed nothing, were both accepted once).
//!
//! ```
//! use menace_core::choice::GameChoice;
//! use menace_core::learn::request::{Request, Run};
//! use menace_core::learn::LearnerKind;
//!
//! let mut r = Request::new(GameChoice::Ttt, LearnerKind::Menace, "random".parse()?, 1000);
//! assert_eq!(r.check(), Ok(Run::Single));
//! r.seeds = 10;
//! assert_eq!(r.check(), Ok(Run::Sweep));
//! r.table = true;
//! assert!(r.check().unwrap_err().contains("--table"));
//! # Ok::<(), String>(())
//! ```

use super::train::OpponentSpec;
use super::LearnerKind;
use crate::choice::GameChoice;

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

/// One refusal: when it applies, and what it says.
pub struct Refusal {
    /// Whether the request breaks this rule.
    pub applies: fn(&Request) -> bool,
    /// The message, naming the flags.
    pub message: &'static str,
}

/// Every combination of flags a training call refuses, in the order they are checked.
pub const REFUSALS: &[Refusal] = &[
    Refusal {
        applies: |r| r.games == 0 || r.seeds == 0,
        message: "--games and --seeds must be at least 1",
    },
    Refusal {
        applies: |r| matches!(r.opponent, OpponentSpec::Program(_)) && !r.is_classic(),
        message: "exec: opponents play tic-tac-toe against the menace learner only",
    },
    Refusal {
        applies: |r| r.state && !r.is_classic(),
        message: "--state is for tic-tac-toe with the menace learner",
    },
    Refusal {
        applies: |r| r.out && !r.is_classic(),
        message: "--out records sweeps of the menace learner on tic-tac-toe only",
    },
    Refusal {
        applies: |r| r.state && r.seeds > 1,
        message: "--state goes with a single run, not --seeds",
    },
    Refusal {
        applies: |r| r.state && r.out,
        message: "--out records a sweep over seeds; it does not go with --state",
    },
    Refusal {
        applies: |r| r.out && r.curve,
        message: "--curve draws a run played in this process, not a recorded sweep (--out)",
    },
    Refusal {
        applies: |r| r.out && r.json,
        message: "--out's records are JSON lines already (DIR/results.jsonl); --json goes \
                  without --out",
    },
    Refusal {
        applies: |r| r.table && !matches!(r.game, GameChoice::Nim(_)),
        message: "--table prints Nim's strategy table: it goes with --game nim",
    },
];

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

    /// The kind of run, or the first [`REFUSALS`] message that applies.
    pub fn check(&self) -> Result<Run, String> {
        if let Some(r) = REFUSALS.iter().find(|r| (r.applies)(self)) {
            return Err(r.message.to_string());
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
