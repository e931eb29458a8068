//! Saved state: MENACE's configuration and boxes as a versioned JSON document.
//!
//! ```json
//! {"format":"menace-state","version":1,"game":"ttt","side":"second",
//!  "rules":{"initial":[4,3,2,1],"win":1,"draw":0,"loss":-1,"empty":{"refill":3}},
//!  "games_played":120,
//!  "story":{"score":{"win":70,"draw":20,"loss":30},"curve":[...],"curve_step":1},
//!  "boxes":[{"position":".........","beads":[4,4,4,4,4,4,4,4,4]}, ...]}
//! ```
//!
//! Every game with matchboxes has one: `game` is `ttt`, `nim` (with its `rows`, e.g.
//! `[3,4,5]`) or `hexapawn`, and the boxes are drawn as the game draws them (the
//! protocol's `matchboxes` answer has the same shape). Loading checks everything before
//! it changes anything: the format and version, the game, the rules, exactly the known
//! drawings once each (304 for tic-tac-toe's MENACE playing first, 289 playing second),
//! a count per move, beads only on legal moves, and a story whose curve is not ahead of
//! its score.
//!
//! `side` says which side the machine plays; it is left out for the first side, so
//! files written before MENACE could play second read as they are and first-side files
//! keep their bytes. `rows` and `story` are left out where there are none, so older
//! files read as they are.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::class::{ClassPoint, ClassRecord};
use super::curve::{Curve, Story};
use super::{BeadRules, Matchboxes};
use crate::game::{Game, Side};
use crate::hexapawn::Hexapawn;
use crate::nim::Nim;
use crate::play::Tally;
use crate::ttt::{Board, TicTacToe};

/// The `format` field of a state file.
pub const FORMAT: &str = "menace-state";
/// The state format this build writes and reads.
pub const VERSION: u32 = 1;

/// The largest state file read. A pretty-printed state is about 50 KiB; beads counts are
/// capped, so anything past a megabyte is not a state this build wrote.
pub const MAX_STATE_BYTES: u64 = 1 << 20;

/// One box in a state file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedBox {
    /// The drawing as the game draws it (tic-tac-toe: 9 characters `X`, `O`, `.`; the
    /// others: their board's rows joined by `/`).
    pub position: String,
    /// Beads per move of the drawing (tic-tac-toe: per cell).
    pub beads: Vec<u32>,
}

/// A state file's contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// Always `menace-state`.
    pub format: String,
    /// The format version.
    pub version: u32,
    /// The game: `ttt`, `nim` or `hexapawn`.
    pub game: String,
    /// Nim's rows (counters in each row, top first); absent for the other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<u8>>,
    /// The side MENACE plays: `first` (X, left out of the file) or `second` (O).
    #[serde(default = "first", skip_serializing_if = "Side::is_first")]
    pub side: Side,
    /// The bead rules.
    pub rules: BeadRules,
    /// Games MENACE has learned from.
    pub games_played: u64,
    /// MENACE's whole story: its results since the machine was made and their learning
    /// curve (absent in files written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story: Option<Story>,
    /// The boxes.
    pub boxes: Vec<SavedBox>,
    /// What a class adds (`menace serve --class`): absent in a private MENACE's state.
    /// Every reader of states takes a class's file as the MENACE it holds; only the class
    /// server reads this part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<ClassRecord>,
    /// A class's earlier machines, newest first: the undo history of `menace serve
    /// --class`, kept in the class's file beside the class so that both are written as
    /// one (a kill between two files' writes lost one). Absent elsewhere; `export` never
    /// hands it out, and every other reader ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier: Option<Vec<SavedEarlier>>,
}

/// One of a class's earlier machines as its file keeps it ([`State::earlier`]):
/// the whole class as it was, what replaced it (`reset`, `rules`, `import` or `restore`)
/// and when, in seconds since 1970.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedEarlier {
    /// What replaced it.
    pub why: String,
    /// When, if the class had a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<u64>,
    /// The class as it was.
    pub state: State,
}

/// Why a document is not a state, saying first whether it is JSON at all (`not JSON:
/// ...`), so a refusal's words tell a damaged file from a file of another shape.
fn json_error(e: serde_json::Error) -> String {
    if e.is_syntax() || e.is_eof() {
        format!("not JSON: {e}")
    } else {
        e.to_string()
    }
}

/// A class file of the first format (`menace-class` version 1, before a class's file was
/// a state): read so old files keep loading, as the state they hold.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OldClassFile {
    format: String,
    version: u32,
    state: State,
    score: Tally,
    players: BTreeMap<String, Tally>,
    curve: Vec<ClassPoint>,
    curve_step: u64,
}

/// A game whose MENACE has a saved state: how it is named and drawn in the file.
pub trait Saved: Game + Clone {
    /// Nim's rows; `None` for a game with one board.
    fn nim_rows(&self) -> Option<Vec<u8>> {
        None
    }

    /// Refuses a drawing that is not even of the game's form (before it is looked up).
    fn check_drawing(&self, _drawing: &str) -> Result<(), String> {
        Ok(())
    }
}

impl Saved for TicTacToe {
    fn check_drawing(&self, drawing: &str) -> Result<(), String> {
        match Board::parse(drawing).filter(|_| drawing.len() == 9) {
            Some(_) => Ok(()),
            None => Err(format!("position {drawing:?} is not 9 characters X, O, .")),
        }
    }
}

impl Saved for Nim {
    fn nim_rows(&self) -> Option<Vec<u8>> {
        Some(Nim::rows(self).to_vec())
    }
}

impl Saved for Hexapawn {}

/// Nim's rows as a refusal says them: `3,4,5`.
fn rows_words(rows: &[u8]) -> String {
    rows.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

/// The `format` of the old class files.
pub const OLD_CLASS_FORMAT: &str = "menace-class";

/// The side a state file without `side` plays (every file before MENACE played O).
fn first() -> Side {
    Side::First
}

/// A machine playing `found` where one playing `wanted` is needed: the boxes of one side
/// are not positions the other side ever meets. Every loader refuses it (`--state`, `load`,
/// `import`, `menace train`, `menace eval`); its words name no flag, since a class's
/// teacher meets it over the protocol: the binary says which `--side` loads the file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OtherSide {
    /// The side the state's machine plays.
    pub found: Side,
    /// The side asked for.
    pub wanted: Side,
}

/// A side as the refusals say it: `first (X)`.
fn side_words(side: Side) -> &'static str {
    match side {
        Side::First => "first (X)",
        Side::Second => "second (O)",
    }
}

impl OtherSide {
    /// What the state is: `this state is MENACE playing second (O)`.
    pub fn what(&self) -> String {
        format!("this state is MENACE playing {}", side_words(self.found))
    }
}

impl std::fmt::Display for OtherSide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}; this MENACE plays {}", self.what(), side_words(self.wanted))
    }
}

impl From<OtherSide> for String {
    fn from(e: OtherSide) -> String {
        e.to_string()
    }
}

/// Refuses a machine playing `found` where one playing `wanted` is needed ([`OtherSide`]).
pub fn other_side(found: Side, wanted: Side) -> Result<(), OtherSide> {
    if found == wanted {
        return Ok(());
    }
    Err(OtherSide { found, wanted })
}

impl State {
    /// The state of a tic-tac-toe machine.
    pub fn of(machine: &Matchboxes<TicTacToe>, games_played: u64) -> State {
        State::of_game(machine, games_played)
    }

    /// The state of a machine of any game with a state format ([`Saved`]).
    pub fn of_game<G: Saved>(machine: &Matchboxes<G>, games_played: u64) -> State {
        // Beads drawn in an unfinished game count as in their boxes: the saved state is
        // what MENACE has learned, not a game in flight.
        let mut beads: Vec<Vec<u32>> =
            (0..machine.len()).map(|b| machine.beads(b).to_vec()).collect();
        for (b, m) in machine.beads_out() {
            beads[b][m] += 1;
        }
        let game = machine.game();
        State {
            format: FORMAT.into(),
            version: VERSION,
            game: game.name().into(),
            rows: game.nim_rows(),
            side: machine.side(),
            rules: machine.rules().clone(),
            games_played,
            story: None,
            boxes: (0..machine.len())
                .map(|b| SavedBox {
                    position: game.drawing(machine.position(b)),
                    beads: beads[b].clone(),
                })
                .collect(),
            class: None,
            earlier: None,
        }
    }

    /// Checks the document and builds the tic-tac-toe machine it describes (nothing else
    /// changes).
    pub fn to_machine(&self) -> Result<Matchboxes<TicTacToe>, String> {
        self.to_machine_for(&TicTacToe)
    }

    /// Checks the document and builds the machine it describes for `game` (a state of
    /// another game, or of Nim with other rows, is refused; nothing else changes).
    pub fn to_machine_for<G: Saved>(&self, game: &G) -> Result<Matchboxes<G>, String> {
        if self.format != FORMAT {
            return Err(format!(
                "not a menace state file (format {:?}, expected {FORMAT:?})",
                self.format
            ));
        }
        if self.version != VERSION {
            return Err(format!(
                "state version {} is not supported (this build reads version {VERSION})",
                self.version
            ));
        }
        if self.game != game.name() {
            return Err(format!(
                "state is for game {:?}; this MENACE plays {}",
                self.game,
                game.name()
            ));
        }
        if self.rows != game.nim_rows() {
            return Err(match (&self.rows, game.nim_rows()) {
                (Some(_), None) => format!("state has nim rows, but its game is {}", self.game),
                (found, Some(rows)) => format!(
                    "state is for nim rows {}; this MENACE plays rows {}",
                    rows_words(found.as_deref().unwrap_or(&[])),
                    rows_words(&rows)
                ),
                (None, None) => unreachable!("rows differ"),
            });
        }
        self.rules.validate().map_err(|e| format!("rules: {e}"))?;
        if let Some(class) = &self.class {
            class.check()?;
        }
        if let Some(story) = &self.story {
            story.check().map_err(|e| format!("story: {e}"))?;
        }
        let mut machine = Matchboxes::new(game.clone(), self.side, self.rules.clone());
        if self.boxes.len() != machine.len() {
            return Err(format!("expected {} boxes, found {}", machine.len(), self.boxes.len()));
        }
        let drawings: std::collections::HashMap<String, usize> =
            (0..machine.len()).map(|b| (game.drawing(machine.position(b)), b)).collect();
        let mut seen = vec![false; machine.len()];
        for (i, saved) in self.boxes.iter().enumerate() {
            game.check_drawing(&saved.position).map_err(|e| format!("box {i}: {e}"))?;
            let &b = drawings.get(&saved.position).ok_or_else(|| {
                format!("box {i}: {:?} is not one of MENACE's box drawings", saved.position)
            })?;
            if std::mem::replace(&mut seen[b], true) {
                return Err(format!("box {i}: {:?} appears twice", saved.position));
            }
            machine
                .set_beads(b, &saved.beads)
                .map_err(|e| format!("box {i} ({}): {e}", saved.position))?;
        }
        Ok(machine)
    }

    /// The whole story this state keeps: its own, or an empty one for a file written
    /// before stories were kept.
    pub fn story(&self) -> Story {
        self.story.clone().unwrap_or_default()
    }

    /// Reads a state file: a regular file of at most [`MAX_STATE_BYTES`] (never a FIFO or
    /// a device), parsed but not yet checked ([`State::to_machine`] checks it). Errors
    /// name the file `name`, as the user wrote it.
    ///
    /// The one state loader: the engine's `--state`, `menace train --state`, `menace
    /// eval` and the protocol's `load` all read through it.
    pub fn read(path: &Path, name: &str) -> Result<State, String> {
        let bytes = menace_files::read_capped(path, MAX_STATE_BYTES)
            .map_err(|e| format!("cannot read {name}: {}", e.reason()))?;
        State::parse(&bytes).map_err(|e| format!("{name} is not a valid state file: {e}"))
    }

    /// Parses a state document (not yet checked: [`State::to_machine`] checks it). An old
    /// class file (`menace-class` version 1) reads as the state it holds, its class's
    /// record carried over: that format's score counted training games with the class's,
    /// so the whole score becomes the class's (its board of players was kept from the
    /// players' side and is turned round to MENACE's).
    pub fn parse(bytes: &[u8]) -> Result<State, String> {
        #[derive(Deserialize)]
        struct Format {
            format: Option<String>,
        }
        let format: Format = serde_json::from_slice(bytes).map_err(json_error)?;
        if format.format.as_deref() != Some(OLD_CLASS_FORMAT) {
            return serde_json::from_slice(bytes).map_err(json_error);
        }
        let old: OldClassFile = serde_json::from_slice(bytes).map_err(|e| {
            format!("an old class file ({OLD_CLASS_FORMAT}) with {}", json_error(e))
        })?;
        if old.format != OLD_CLASS_FORMAT || old.version != 1 {
            return Err(format!("class file version {} is not supported", old.version));
        }
        let turned = |t: Tally| Tally { win: t.loss, draw: t.draw, loss: t.win };
        let mut state = old.state;
        state.class = Some(ClassRecord {
            score: old.score,
            trained: BTreeMap::new(),
            players: old.players.into_iter().map(|(n, t)| (n, turned(t))).collect(),
            curve: Curve::from_parts(old.curve, old.curve_step),
        });
        Ok(state)
    }

    /// The state file at `path` if it exists (read by [`State::read`]), refused when
    /// `asked` gives the bead rules the user asked for explicitly and the file was trained
    /// with others ([`State::refuse_other_rules`]).
    pub fn read_existing(path: &Path, asked: Option<&BeadRules>) -> Result<Option<State>, String> {
        if !path.exists() {
            return Ok(None);
        }
        let name = path.display().to_string();
        let state = State::read(path, &name)?;
        if let Some(rules) = asked {
            state.refuse_other_rules(&name, rules)?;
        }
        Ok(Some(state))
    }

    /// [`State::read_existing`], then validated: the machine the file describes and its
    /// games played, if the file exists (`menace train --state`).
    pub fn load_existing(
        path: &Path,
        asked: Option<&BeadRules>,
    ) -> Result<Option<(Matchboxes<TicTacToe>, u64)>, String> {
        let Some(state) = State::read_existing(path, asked)? else { return Ok(None) };
        let machine = state.to_machine().map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Some((machine, state.games_played)))
    }

    /// Reads and validates a state file: the machine it describes and its games played.
    pub fn load(path: &Path) -> Result<(Matchboxes<TicTacToe>, u64), String> {
        let name = path.display().to_string();
        let state = State::read(path, &name)?;
        let machine = state.to_machine().map_err(|e| format!("{name}: {e}"))?;
        Ok((machine, state.games_played))
    }

    /// Refuses this state when it is a machine for the other side than `side`, the side
    /// the session or command plays ([`OtherSide`]).
    pub fn refuse_other_side(&self, side: Side) -> Result<(), OtherSide> {
        other_side(self.side, side)
    }

    /// Refuses this state (read from `name`) when it was trained with other bead rules
    /// than `rules`, which the user asked for explicitly: continuing it under other rules
    /// would silently mix the two.
    pub fn refuse_other_rules(&self, name: &str, rules: &BeadRules) -> Result<(), String> {
        if &self.rules == rules {
            return Ok(());
        }
        Err(format!(
            "{name} was trained with other bead rules ({}); drop the bead flags or use a new file",
            self.rules
        ))
    }

    /// The state file's text: what [`State::save`] writes and [`State::parse`] reads (the
    /// browser's page keeps and downloads the same).
    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("state serializes");
        text.push('\n');
        text
    }

    /// Writes the state atomically (temporary file, fsync, rename).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        menace_files::write_atomic(path, self.to_text().as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}
