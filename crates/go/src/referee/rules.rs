//! The rules of a refereed game, as a value, and the two presets every command uses.

use std::time::Duration;

use menace_run::Rlimits;

use crate::rules::board::{Board, Point};
use crate::rules::clock::TimeControl;
use crate::rules::game::Superko;
use crate::rules::handicap;

/// What the referee adds to a clocked GTP engine's time for its answer to arrive before
/// it stops waiting: the engine has lost on time by then, the grace only lets a late
/// answer be measured (and how late said) instead of cut at the exact limit.
pub const CLOCK_GRACE: Duration = Duration::from_secs(1);

/// What a move that recreates an earlier whole-board position (which ones count is the
/// rules' [`Superko`]) does; an immediate ko retake is such a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// The move is illegal: it loses the game for the side that played it.
    Illegal,
    /// The game ends there as a tie (the move is recorded).
    Tie,
}

/// What reaching the move cap does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AtCap {
    /// The game is scored as it stands (area, with the komi).
    Score,
    /// The game ends without a result: a tie, SGF result `0`.
    NoResult,
}

/// Everything that decides how a game is refereed, besides the players.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Board side.
    pub size: usize,
    /// Komi, added to white's area.
    pub komi: f32,
    /// Black's fixed handicap stones (0: none); white moves first when there are any.
    pub handicap: usize,
    /// Moves (passes included) after which the game ends, see [`Rules::at_cap`].
    pub move_cap: usize,
    /// Which earlier positions count as repeated ([`Superko`]).
    pub superko: Superko,
    /// What a repeated position does.
    pub repetition: Repetition,
    /// What the move cap does.
    pub at_cap: AtCap,
    /// Longest wait for one answer; slower loses the game. Under a [`Rules::clock`] a GTP
    /// engine's `genmove` is waited for as long as its clock allows instead; a
    /// king-of-the-hill program keeps this per-move limit too.
    pub move_timeout: Duration,
    /// Each side's clock (`None`: no clock, as before clocks). A side whose answer takes
    /// more than its clock has left loses on time (SGF result `B+T` or `W+T`).
    pub clock: Option<TimeControl>,
    /// A cleanup phase after two passes, as Go servers play one (KGS): the game goes on,
    /// each side asked with GTP `kgs-genmove_cleanup` (an engine that does not know it gets
    /// `genmove`), until two more passes in a row; then the board is scored as it stands.
    /// An engine that passes with its opponent's dead stones still on the board is thus
    /// made to take them off before the count, instead of losing the points. Off: two
    /// passes end the game.
    pub cleanup: bool,
    /// Memory and CPU limits of every program an entrant runs (none by default); a program
    /// over one loses the game it is in, the reason saying which.
    pub entrant_limits: Rlimits,
}

impl Rules {
    /// The king-of-the-hill challenge's rules, those of `menace go tournament`: no
    /// handicap; a move on an occupied point or a suicide (a move that leaves its own group
    /// without liberties and captures nothing) is illegal; two passes in a row end the
    /// game, scored by Tromp-Taylor area on the board as it stands with the komi (the
    /// challenge has none); a move that recreates an earlier whole-board position with the
    /// same side to move (situational superko; an immediate ko retake is one) ends the game
    /// as a tie, since a program that sees only the board cannot know the history; the move
    /// cap ends it scored as it stands; an illegal move, a crash, malformed or oversized
    /// output, a resignation or no answer within the move timeout loses it for the
    /// offender.
    pub fn koth(size: usize, komi: f32, move_cap: usize, move_timeout: Duration) -> Rules {
        Rules {
            size,
            komi,
            handicap: 0,
            move_cap,
            superko: Superko::Situational,
            repetition: Repetition::Tie,
            at_cap: AtCap::Score,
            move_timeout,
            clock: None,
            cleanup: false,
            entrant_limits: Rlimits::default(),
        }
    }

    /// The rules of `menace go match` between GTP engines: a move on an occupied point or
    /// a suicide is illegal, and so is one that recreates any earlier whole-board position,
    /// whoever was to move then (positional superko, Tromp-Taylor's and the Go servers'
    /// rule; an immediate ko retake is one): each loses the game; two passes in a row end
    /// the game, scored by Tromp-Taylor area with the komi; fixed handicap stones set up
    /// with GTP
    /// `fixed_handicap` (an engine that places them elsewhere loses); the move cap ends the
    /// game without a result (a tie); an illegal move, a malformed answer, a resignation
    /// (SGF `+R`), a crash or a timeout loses it.
    pub fn gtp(
        size: usize,
        komi: f32,
        handicap: usize,
        move_cap: usize,
        move_timeout: Duration,
    ) -> Rules {
        Rules {
            size,
            komi,
            handicap,
            move_cap,
            superko: Superko::Positional,
            repetition: Repetition::Illegal,
            at_cap: AtCap::NoResult,
            move_timeout,
            clock: None,
            cleanup: false,
            entrant_limits: Rlimits::default(),
        }
    }

    /// The komi a Go player expects of these rules' area scoring when none is given
    /// (`menace go match`'s default): 7.5 on every board, 9x9 and 13x13 included, as the
    /// Chinese and AGA rules and the Go servers' area-scored games give it; 0.5 with a
    /// handicap, as handicap games are played (the stones are the compensation).
    pub fn gtp_komi(handicap: usize) -> f32 {
        if handicap > 0 {
            0.5
        } else {
            7.5
        }
    }

    /// A per-move limit given in seconds: more than 0, up to a day.
    pub fn timeout_secs(secs: f64) -> Result<Duration, Invalid> {
        if !(secs.is_finite() && secs > 0.0 && secs <= 86_400.0) {
            return Err(Invalid::MoveTimeout(secs));
        }
        Ok(Duration::from_secs_f64(secs))
    }

    /// These rules with another superko rule: how a record played under `superko` is
    /// refereed again (the match records before issue 61 were played under situational
    /// superko).
    pub fn with_superko(self, superko: Superko) -> Rules {
        Rules { superko, ..self }
    }

    /// The rules in full, as a sentence: what a record's game comment (`GC`) says beside
    /// [`Rules::sgf_ru_name`] (and what the records of issues 61 to 74 wrote as their
    /// `RU`), and what [`Rules::superko_of`] reads back. No ruleset's name says it all: SGF's
    /// `Chinese` says nothing of superko, and none ends a game as a tie on a repetition.
    pub fn sgf_ru(&self) -> String {
        let repeat = match self.repetition {
            Repetition::Illegal => "illegal",
            Repetition::Tie => "a tie",
        };
        format!(
            "area scoring of the board as it stands (Tromp-Taylor), suicide illegal, {}: {repeat}",
            self.superko.name()
        )
    }

    /// The rules' name in SGF's `RU`, one that Go programs know: `Chinese` (area scoring,
    /// positional superko as the servers play it) or `AGA` (area scoring, situational
    /// superko). The details the name leaves out (a repetition that ends the game as a
    /// tie, the board scored as it stands) are in the game comment ([`Rules::sgf_ru`]).
    pub fn sgf_ru_name(&self) -> &'static str {
        match self.superko {
            Superko::Positional => "Chinese",
            Superko::Situational => "AGA",
        }
    }

    /// The superko rule of a record with SGF `RU` `ru` and game comment `gc`: the rule
    /// [`Rules::sgf_ru`] wrote into either (`GC` from issue 75, `RU` from issue 61); with
    /// neither, such as the `RU[Chinese]` the referee wrote before issue 61, situational
    /// superko, the rule those records were played under.
    pub fn superko_of(ru: &str, gc: &str) -> Superko {
        for text in [gc, ru] {
            if text.contains(Superko::Positional.name()) {
                return Superko::Positional;
            }
            if text.contains(Superko::Situational.name()) {
                return Superko::Situational;
            }
        }
        Superko::Situational
    }

    /// These rules with each side's clock under `clock` (`None`: no clock).
    pub fn with_clock(self, clock: Option<TimeControl>) -> Rules {
        Rules { clock, ..self }
    }

    /// These rules with a cleanup phase after two passes, or without ([`Rules::cleanup`]).
    pub fn with_cleanup(self, cleanup: bool) -> Rules {
        Rules { cleanup, ..self }
    }

    /// These rules with the entrants' programs under `limits`.
    pub fn with_entrant_limits(self, entrant_limits: Rlimits) -> Rules {
        Rules { entrant_limits, ..self }
    }

    /// Checks the rules: the first setting that cannot be played, by the setting (the
    /// binary says it in the words of its flags).
    pub fn check(&self) -> Result<(), Invalid> {
        if !(2..=19).contains(&self.size) {
            return Err(Invalid::Size(self.size));
        }
        if !crate::rules::score::komi_in_range(self.komi) {
            return Err(Invalid::Komi(self.komi));
        }
        if self.move_cap == 0 {
            return Err(Invalid::MoveCap);
        }
        if let Some(tc) = self.clock {
            if tc.main().is_zero() && matches!(tc, TimeControl::Absolute { .. }) {
                return Err(Invalid::Clock(tc));
            }
        }
        if self.handicap > 0 {
            if let Err(e) = handicap::fixed(self.size, self.handicap) {
                let takes = match handicap::max_fixed(self.size) {
                    0 => "no fixed handicap".to_string(),
                    max => format!("2 to {max} stones"),
                };
                let why = format!("{e}; {0}x{0} takes {takes} (or 0 for none)", self.size);
                return Err(Invalid::Handicap(self.handicap, why));
            }
        }
        Ok(())
    }

    /// The starting position: the empty board, or black's fixed handicap stones with
    /// white to move (`Err` when the board cannot take that handicap).
    pub fn start(&self) -> Result<Board, String> {
        match self.handicap {
            0 => Ok(Board::new(self.size)),
            n => handicap::board(self.size, &handicap::fixed(self.size, n)?),
        }
    }

    /// Black's handicap stones (none when there is no handicap or the board cannot take it).
    pub fn handicap_points(&self) -> Vec<Point> {
        handicap::fixed(self.size, self.handicap).unwrap_or_default()
    }
}

/// A setting of a game's rules or of a tournament that cannot be played, as a value: the
/// library says what is wrong with the setting, and the binary, which knows the flag that
/// set it, names the flag ([`Invalid::setting`] says which setting it is).
#[derive(Clone, Debug, PartialEq)]
pub enum Invalid {
    /// A board side outside 2 to 19.
    Size(usize),
    /// A komi that is not a usable number.
    Komi(f32),
    /// A move cap of 0.
    MoveCap,
    /// A clock with no time at all.
    Clock(TimeControl),
    /// Handicap stones the board does not take, and why.
    Handicap(usize, String),
    /// A per-move limit that is not 0 to a day of seconds.
    MoveTimeout(f64),
    /// Fewer than two entrants.
    Entrants,
    /// Two entrants with this name.
    SameName(String),
    /// Games per pair (a match's games) outside 1 to 1,000,000.
    Games(u64),
}

impl Invalid {
    /// The setting at fault, as the rules and the tournament call it: `size`, `komi`,
    /// `move_cap`, `time`, `handicap`, `move_timeout`, `entrant`, `games`.
    pub fn setting(&self) -> &'static str {
        match self {
            Invalid::Size(_) => "size",
            Invalid::Komi(_) => "komi",
            Invalid::MoveCap => "move_cap",
            Invalid::Clock(_) => "time",
            Invalid::Handicap(..) => "handicap",
            Invalid::MoveTimeout(_) => "move_timeout",
            Invalid::Entrants | Invalid::SameName(_) => "entrant",
            Invalid::Games(_) => "games",
        }
    }

    /// What is wrong, after the setting and its value (`20: give a side from 2 to 19`).
    pub fn problem(&self) -> String {
        match self {
            Invalid::Size(n) => format!("{n}: give a side from 2 to 19"),
            Invalid::Komi(k) => format!("{k} is not a usable number"),
            Invalid::MoveCap => "must be at least 1".into(),
            Invalid::Clock(tc) => format!("{tc}: a clock with no time loses every game"),
            Invalid::Handicap(n, why) => format!("{n}: {why}"),
            Invalid::MoveTimeout(s) => format!("{s}: give seconds, up to a day"),
            Invalid::Entrants => "a tournament needs at least 2 entrants".into(),
            Invalid::SameName(name) => format!("two entrants are named {name:?}"),
            Invalid::Games(_) => "must be from 1 to 1000000".into(),
        }
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Invalid::Entrants | Invalid::SameName(_) => f.write_str(&self.problem()),
            _ => write!(f, "{} {}", self.setting(), self.problem()),
        }
    }
}

impl From<Invalid> for String {
    fn from(e: Invalid) -> String {
        e.to_string()
    }
}
