//! The engine's answers: one JSON object per line, each with a `type`.

use serde::Serialize;

use menace_core::learn::eval::Report;
use menace_core::menace::state::State;
use menace_core::ttt::Board;

/// A board as the protocol shows it: one string per row, top row first (for
/// tic-tac-toe, three strings of `X`, `O`, `.`).
pub type Rows = Vec<String>;

/// Who won a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    /// MENACE (X).
    Menace,
    /// The player (O).
    Player,
    /// Nobody.
    Draw,
}

impl Winner {
    /// The result of the game for MENACE (the learner).
    pub fn for_menace(self) -> menace_core::menace::GameResult {
        match self {
            Winner::Menace => menace_core::menace::GameResult::Win,
            Winner::Draw => menace_core::menace::GameResult::Draw,
            Winner::Player => menace_core::menace::GameResult::Loss,
        }
    }

    /// The winner, given the result for MENACE.
    pub fn from_menace(result: menace_core::menace::GameResult) -> Winner {
        match result {
            menace_core::menace::GameResult::Win => Winner::Menace,
            menace_core::menace::GameResult::Draw => Winner::Draw,
            menace_core::menace::GameResult::Loss => Winner::Player,
        }
    }
}

/// Games won, drawn and lost, keyed by who won: the words of [`Winner`] (`menace`,
/// `draw`, `player`), so a score and a result say the same thing the same way. (Before,
/// the draws were `draws`: a score written that way still reads.)
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Score {
    /// Games MENACE won.
    pub menace: u64,
    /// Drawn games.
    #[serde(alias = "draws")]
    pub draw: u64,
    /// Games the player won.
    pub player: u64,
}

impl Score {
    /// Counts one game won by `winner`.
    pub fn add(&mut self, winner: Winner) {
        match winner {
            Winner::Menace => self.menace += 1,
            Winner::Draw => self.draw += 1,
            Winner::Player => self.player += 1,
        }
    }

    /// The score of a tally kept from MENACE's side.
    pub fn of(t: menace_core::play::Tally) -> Score {
        Score { menace: t.win, draw: t.draw, player: t.loss }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.menace + self.draw + self.player
    }
}

/// Whose move it is after an answer: `menace`, `player`, or `null` once the game is
/// over (so a driver need not work out whether MENACE's move ended the game).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    /// MENACE moves next.
    Menace,
    /// The player moves next.
    Player,
}

/// One box as drawn in a dump.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoxDump {
    /// The drawing on the box: for tic-tac-toe 9 characters `X`, `O`, `.`, row-major;
    /// for other games their board rows joined by `/`.
    pub position: String,
    /// Beads per move of that drawing (for tic-tac-toe: per cell, row-major).
    pub beads: Vec<u32>,
}

/// A bead drawn in a game: from which box, and the bead's move as drawn on the box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Draw {
    /// The box's index in the `matchboxes` answer.
    #[serde(rename = "box")]
    pub box_index: usize,
    /// The bead's move on the box's drawing.
    pub bead: String,
}

/// One game of the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HistoryEntry {
    /// The game's number among all games learned from (`games_played` after it).
    pub game: u64,
    /// Who won it.
    pub winner: Winner,
    /// Beads in the learner's first box after the game (`null` when the learner moves
    /// second or has no boxes).
    pub first_box: Option<u64>,
    /// In a class: who played it (absent in a private session).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// One entry of the help answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HelpEntry {
    /// How to write the command.
    pub usage: &'static str,
    /// What it does.
    pub summary: &'static str,
}

/// One bead preset of the `info` answer, each part written as `rules` takes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresetEntry {
    /// Its name, for `rules preset NAME`.
    pub name: &'static str,
    /// What it is, in one line.
    pub summary: &'static str,
    /// `rules initial`, e.g. `4,3,2,1`.
    pub initial: String,
    /// `rules reward`, e.g. `1,0,-1`.
    pub reward: String,
    /// `rules empty`, e.g. `refill:3`.
    pub empty: String,
    /// `rules colours`: `every` or `symmetry`.
    pub colours: String,
}

impl PresetEntry {
    /// Every preset of the core's one table.
    pub fn all() -> Vec<PresetEntry> {
        menace_core::menace::PRESETS
            .iter()
            .map(|p| {
                let rules = (p.rules)();
                let initial: Vec<String> = rules.initial.iter().map(u32::to_string).collect();
                PresetEntry {
                    name: p.name,
                    summary: p.summary,
                    initial: initial.join(","),
                    reward: format!("{},{},{}", rules.win, rules.draw, rules.loss),
                    empty: rules.empty.to_string(),
                    colours: rules.colours.to_string(),
                }
            })
            .collect()
    }
}

/// The largest counts of the `info` answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MaxCounts {
    /// `games N`.
    pub games: u64,
    /// `train N`.
    pub train: u64,
    /// `watch N`.
    pub watch: u64,
    /// `history N`.
    pub history: u64,
}

/// One opponent of the `info` answer, as `train N OPPONENT` and `watch` take it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpponentEntry {
    /// How it is written (`mixed:P`: P a probability).
    pub name: &'static str,
    /// What it does.
    pub summary: &'static str,
}

impl OpponentEntry {
    /// The opponents the protocol has, from the core's one table.
    pub fn all() -> Vec<OpponentEntry> {
        menace_core::learn::train::OPPONENTS
            .iter()
            .filter(|o| o.built_in)
            .map(|o| OpponentEntry { name: o.name, summary: o.summary })
            .collect()
    }
}

/// Everything the engine can say. Serialized with a `type` field naming the variant in
/// snake case; field order is fixed, so transcripts are byte-stable.
///
/// New answers are added as the protocol grows: renderers (the terminal view, the web
/// page) should show an answer they do not know by its JSON ([`Answer::to_json`]).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Answer {
    /// A game starts.
    NewGame {
        /// This game's number in the match, from 1.
        game: u32,
        /// The match length.
        games: u32,
    },
    /// MENACE moved.
    MenaceMove {
        /// The cell, in RC notation.
        #[serde(rename = "move")]
        mv: String,
        /// The board after the move.
        board: Rows,
        /// The box used (its index in the `matchboxes` answer), `null` for a forced move.
        #[serde(rename = "box")]
        box_index: Option<usize>,
        /// The bead's cell as drawn on that box, `null` for a forced move.
        bead: Option<String>,
        /// Beads put into an empty box before drawing (only when it happened).
        #[serde(skip_serializing_if = "is_zero")]
        refilled: u32,
        /// Who moves next: `player`, or `null` when MENACE's move ended the game.
        to_move: Option<Turn>,
    },
    /// The board, after the player's move (with `move`) or on request (without).
    Board {
        /// The player's move, in RC notation.
        #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
        mv: Option<String>,
        /// The board.
        board: Rows,
        /// Who moves next: `menace`, `player`, or `null` when the game is over.
        to_move: Option<Turn>,
    },
    /// A game ended.
    Result {
        /// The game's number in the match.
        game: u32,
        /// `menace`, `player` or `draw`.
        winner: Winner,
        /// Why it ended, when not on the board: `player resigned`, `menace resigned`.
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<&'static str>,
        /// The match score after this game.
        score: Score,
        /// When MENACE resigned: the box it found empty (absent otherwise).
        #[serde(skip_serializing_if = "Option::is_none")]
        empty_box: Option<usize>,
        /// When that resignation means MENACE now resigns every game: a sentence saying so
        /// and what to do (the same as `status`'s `resigned`).
        #[serde(skip_serializing_if = "Option::is_none")]
        resigned: Option<String>,
    },
    /// The contents of every box.
    Matchboxes {
        /// Whose boxes: absent for the learner, `opponent` for the second MENACE that
        /// `train N menace` trains against.
        #[serde(skip_serializing_if = "Option::is_none")]
        machine: Option<&'static str>,
        /// The boxes, in a fixed order (by MENACE's move number, then drawing).
        boxes: Vec<BoxDump>,
        /// The beads drawn in the latest game (the one in progress, or else the last
        /// one finished), in the order drawn; absent when there are none.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        drawn: Vec<Draw>,
    },
    /// The match ended (all games played, or `abort`).
    MatchOver {
        /// Games finished.
        played: u32,
        /// The match length asked for.
        games: u32,
        /// Whether `abort` ended it early.
        aborted: bool,
        /// The final score.
        score: Score,
    },
    /// The session's state.
    Status {
        /// The game: `ttt`, `nim` or `hexapawn`.
        game: &'static str,
        /// The learner: `menace` or `weighted`.
        learner: &'static str,
        /// The side the learner plays: `first` or `second`.
        side: &'static str,
        /// The seed last set (`--seed` or `seed`).
        seed: u64,
        /// The bead rules' preset name, or `custom` (`null` for the weighted learner).
        preset: Option<&'static str>,
        /// The learner's rules in words.
        rules: String,
        /// Games learned from, all told (saturates at 18446744073709551615).
        games_played: u64,
        /// The match in progress, if any.
        #[serde(rename = "match")]
        current: Option<MatchStatus>,
        /// Present when MENACE resigns every game (`empty resign` and its first box
        /// empty): a sentence saying so and what to do.
        #[serde(skip_serializing_if = "Option::is_none")]
        resigned: Option<String>,
    },
    /// The generator was reseeded.
    Seed {
        /// The new seed.
        seed: u64,
    },
    /// Every box was refilled with its initial beads.
    Reset {
        /// How many boxes.
        boxes: usize,
    },
    /// The commands.
    Help {
        /// One entry per command.
        commands: Vec<HelpEntry>,
    },
    /// What the session offers, from the engine's own tables (for a page or a view that
    /// should not list them by hand).
    Info {
        /// The game: `ttt`, `nim` or `hexapawn`.
        game: &'static str,
        /// The learner: `menace` or `weighted`.
        learner: &'static str,
        /// The bead presets, for `rules preset NAME`.
        presets: Vec<PresetEntry>,
        /// The opponents, for `train N OPPONENT` and `watch N OPPONENT`.
        opponents: Vec<OpponentEntry>,
        /// The largest count each counted command takes (the smallest is 1), so a page
        /// can check a count and say the limit before it sends it.
        max: MaxCounts,
    },
    /// A long command's progress, at a steady rate in games (never by the clock, so
    /// output stays deterministic).
    Progress {
        /// The command: `train`, `watch` or `games`.
        command: &'static str,
        /// Games done so far in this command.
        games: u64,
        /// Games the command asked for.
        of: u64,
        /// Their results so far, from MENACE's side.
        score: Score,
    },
    /// A `train` command finished.
    Trained {
        /// Games played in this command.
        games: u64,
        /// The opponent.
        opponent: String,
        /// Their results, from MENACE's side.
        score: Score,
        /// Games MENACE has learned from, all told.
        games_played: u64,
        /// Present (`true`) when `stop` ended the command early.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        stopped: bool,
    },
    /// Exact figures for the current beads.
    Eval(Report),
    /// The state was written.
    Saved {
        /// Where.
        path: String,
        /// Games learned from, as recorded in the file.
        games_played: u64,
    },
    /// A state was read and replaced MENACE's.
    Loaded {
        /// From where.
        path: String,
        /// Games learned from, as recorded in the file.
        games_played: u64,
        /// The loaded rules' preset name, or `custom`.
        preset: &'static str,
    },
    /// The learner's state, as a state file holds it (`export`).
    State {
        /// The state document (see "Saved state" in protocol.md).
        state: State,
    },
    /// `import` replaced the learner's state.
    Imported {
        /// Games learned from, as recorded in the state.
        games_played: u64,
        /// The imported rules' preset name, or `custom`.
        preset: &'static str,
    },
    /// The bead rules changed (`rules`).
    Rules {
        /// The new rules' preset name, or `custom`.
        preset: &'static str,
        /// The new rules in words.
        rules: String,
        /// Whether the boxes were refilled with the new initial beads (`reset`).
        reset: bool,
    },
    /// The last games' results and first-box beads, and the whole story's curve and
    /// score (`history`).
    History {
        /// The last games (at most 1000), oldest first.
        games: Vec<HistoryEntry>,
        /// MENACE's learning curve over every game since the machine was made (training
        /// and play alike), thinned as games pile up, oldest first: after each point's
        /// `games`, MENACE's wins minus losses (`net`). In a class: the class's curve
        /// (people's games).
        curve: Vec<menace_core::menace::curve::Point>,
        /// MENACE's wins, draws and losses since the machine was made (in a class: in the
        /// people's games), counted with the curve; a `reset` or `rules ... reset` clears
        /// both.
        score: menace_core::play::Tally,
    },
    /// `matchboxes on|off`: whether each game's end answers the `matchboxes` dump.
    Setting {
        /// The dump after every game is on (the default) or off.
        matchboxes: bool,
    },
    /// `name NAME` (class): the name the class knows this session's player by.
    Named {
        /// The name as the board keeps it: normalised, or the spelling already on the
        /// board of a name that looks the same.
        name: String,
        /// The name is not on the board and cannot go there now (the board holds
        /// `MAX_PLAYERS` names, or this address has put `NAMES_PER_ADDRESS` there): this
        /// player's games count for the class, unlisted, until the teacher makes room
        /// with `players`.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        unlisted: bool,
    },
    /// `restore N` (class, the teacher's): earlier machine N is the class's again (the
    /// machine it replaced is kept as the newest earlier one); everyone gets the picture.
    Restored {
        /// The number it had in the list.
        number: usize,
        /// Games the class's machine has now learned from.
        games_played: u64,
    },
    /// `players remove NAME` or `players clear` (class, the teacher's): the names taken
    /// off the board; the class's score, curve and boxes are untouched.
    Removed {
        /// The names removed, as the board had them.
        names: Vec<String>,
    },
    /// `teacher KEY` (class): the key was right; the teacher's commands are open to this
    /// session.
    Teacher,
    /// The whole class (`class`; also sent to everyone after the teacher changes the
    /// machine).
    Class(ClassPicture),
    /// To everyone in the class but the player: MENACE drew a bead in someone's game.
    Drew {
        /// Whose game.
        player: String,
        /// The box (its index in `matchboxes` and `class`).
        #[serde(rename = "box")]
        box_index: usize,
        /// The bead, on the box's drawing.
        bead: String,
        /// The move it made on the real board.
        #[serde(rename = "move")]
        mv: String,
        /// The real board after the move (a projector shows the game, not the drawing).
        board: Rows,
        /// The box's beads now (the bead stays in the box while the game runs).
        beads: Vec<u32>,
    },
    /// To everyone in the class: a game played on the page ended and MENACE learned from
    /// it.
    Finished {
        /// The game's number among the class's games.
        number: u64,
        /// Who played it.
        player: String,
        /// Who won.
        winner: Winner,
        /// MENACE's results against the class, after it.
        score: Score,
        /// MENACE's results against this player, after it.
        record: Score,
        /// The curve's new point, if it gained one.
        #[serde(skip_serializing_if = "Option::is_none")]
        point: Option<menace_core::menace::class::ClassPoint>,
        /// The game's last board.
        board: Rows,
        /// The boxes the game changed, with their beads now.
        boxes: Vec<ChangedBox>,
    },
    /// Why MENACE moved where it did (`explain`): the game in progress and the last one
    /// finished, turn by turn.
    Explain {
        /// MENACE's turns in the game in progress (absent when no game is being played).
        #[serde(skip_serializing_if = "Option::is_none")]
        playing: Option<Vec<Step>>,
        /// The last game finished, with what its result did to each box (absent before
        /// the first, and after `train`, `reset`, `rules` or a new state).
        #[serde(skip_serializing_if = "Option::is_none")]
        finished: Option<Finished>,
    },
    /// `stop` was read: everything sent before it has ended.
    Stopped,
    /// The session ends.
    Bye,
    /// The line was not accepted; nothing changed.
    Error {
        /// What was wrong, for a person (in English).
        message: String,
        /// The refusal's stable name, so a page says it in its own language from its
        /// catalog's `error-CODE` ([`ERROR_CODES`]; every refusal the engine words has
        /// one); absent only for a sentence no pattern fits.
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
        /// The refusal's particulars a translation needs (a command, a number).
        #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
        args: std::collections::BTreeMap<&'static str, String>,
    },
}

/// What the `class` answer shows: the shared machine and the class's record, with the
/// people's games and the training apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClassPicture {
    /// MENACE's side: `first` (X) or `second` (O).
    pub side: &'static str,
    /// The bead rules' preset name, or `custom`.
    pub preset: &'static str,
    /// The bead rules in words.
    pub rules: String,
    /// Games MENACE has learned from, all told (people's and training).
    pub games_played: u64,
    /// MENACE's results in the games people played on the page.
    pub score: Score,
    /// MENACE's results in training, by opponent.
    pub trained: Vec<TrainedEntry>,
    /// MENACE's results against each player, by name.
    pub players: Vec<PlayerEntry>,
    /// The class's learning curve (people's games only).
    pub curve: Vec<menace_core::menace::class::ClassPoint>,
    /// When MENACE now resigns every game: why, and what to do (as `status` says it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resigned: Option<String>,
    /// The class's earlier machines, newest first, that `restore N` brings back (absent
    /// while there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub previous: Vec<EarlierEntry>,
    /// Every box, as `matchboxes` shows them.
    pub boxes: Vec<BoxDump>,
}

/// An earlier machine of the class, in the `class` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EarlierEntry {
    /// Its number for `restore N` (1: the one replaced last).
    pub number: usize,
    /// What replaced it: `reset`, `rules`, `import` or `restore`.
    pub why: &'static str,
    /// When it was replaced, in seconds since 1970 (absent where the transport keeps no
    /// clock, as in the golden transcripts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<u64>,
    /// Games it had learned from.
    pub games_played: u64,
    /// MENACE's results against the class then.
    pub score: Score,
    /// Names on its board.
    pub players: usize,
}

/// Training against one opponent, in the `class` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrainedEntry {
    /// The opponent, as `train` takes it.
    pub opponent: String,
    /// MENACE's results.
    pub score: Score,
}

/// One player of the class, in the `class` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerEntry {
    /// The name.
    pub name: String,
    /// MENACE's results against them.
    pub score: Score,
}

/// A box a game changed, in the `finished` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangedBox {
    /// Its index.
    #[serde(rename = "box")]
    pub box_index: usize,
    /// Its beads now.
    pub beads: Vec<u32>,
}

/// One bead colour of a box, as the `explain` answer shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BeadCell {
    /// The move on the real board this bead means (after turning back).
    #[serde(rename = "move")]
    pub mv: String,
    /// The bead, as drawn on the box.
    pub bead: String,
    /// Beads of this colour in the box when MENACE drew (the drawn one included).
    pub count: u32,
    /// Beads of this colour after this game's own lesson: the count when drawn and the
    /// rule's change for the bead drawn (never below zero). Only once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taught: Option<u32>,
    /// Beads of this colour in the box now (only once the game is over). In a private
    /// session this is `taught`; in a class it also holds every other game finished since
    /// (box 0 is in every game), so a page shows `taught` as what this game did and
    /// `after` apart, as what the box holds now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<u32>,
}

/// One turn of MENACE, explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The real board MENACE was to move on.
    pub board: Rows,
    /// The box used (its index in `matchboxes`), `null` for a forced move.
    #[serde(rename = "box")]
    pub box_index: Option<usize>,
    /// The drawing on the box (absent for a forced move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing: Option<Rows>,
    /// The symmetry that turns the real board into the drawing, by the core's name
    /// (`identity`, `rotate 90 clockwise`, `mirror left-right`, ...; absent when forced).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<&'static str>,
    /// Every bead colour of the box, mapped onto the real board (empty when forced).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub beads: Vec<BeadCell>,
    /// The bead drawn, as on the box (absent when forced).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bead: Option<String>,
    /// The move it made on the real board.
    #[serde(rename = "move")]
    pub mv: String,
    /// Beads put into the empty box before drawing (only when it happened).
    #[serde(skip_serializing_if = "is_zero")]
    pub refilled: u32,
}

/// The last finished game, in the `explain` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finished {
    /// Who won it.
    pub winner: Winner,
    /// The net change the rules made to each drawn bead (+1: back with one more; 0:
    /// back, nothing changes; -1: taken out).
    pub change: i32,
    /// MENACE's turns, each bead with its count `after`.
    pub moves: Vec<Step>,
}

/// The match part of a `status` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchStatus {
    /// The game in progress.
    pub game: u32,
    /// The match length.
    pub games: u32,
    /// The board of the game in progress.
    pub board: Rows,
    /// The score so far.
    pub score: Score,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The protocol's drawing of a board.
pub fn rows(board: Board) -> Rows {
    board.rows().to_vec()
}

impl Answer {
    /// An error answer, with its code and arguments when it is one of [`ERROR_CODES`].
    pub fn error(message: impl Into<String>) -> Answer {
        let message = message.into();
        let (code, args) = match classify(&message) {
            Some((code, args)) => (Some(code), args.into_iter().collect()),
            None => (None, Default::default()),
        };
        Answer::Error { message, code, args }
    }

    /// The answer as one line of JSON (without the newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("answers always serialize")
    }
}

/// One refusal and its stable code: the pattern its English message follows. Pages say
/// the message `error-CODE` of their catalog, with the arguments read from the message.
#[derive(Copy, Clone, Debug)]
pub struct ErrorCode {
    /// The message's pattern: text as it stands, `{name}` for an argument (the text up to
    /// where the pattern's next text first appears, or to the end), `*` for text that is
    /// not kept. Matched without backtracking, so a long message costs one pass.
    pub pattern: &'static str,
    /// The code pages translate.
    pub code: &'static str,
}

/// Shorthand for the table.
const fn code(pattern: &'static str, code: &'static str) -> ErrorCode {
    ErrorCode { pattern, code }
}

/// Every refusal a session, a class or a transport words, each with its stable code (the
/// first pattern that fits a message gives its code). The one place a message is tied to
/// its code; a test makes each refusal, checks its code, and that every code has its
/// message in every catalog.
pub const ERROR_CODES: &[ErrorCode] = &[
    // The line itself, and the transports.
    code("line too long: {bytes} bytes*", "line-too-long"),
    code("line is not valid UTF-8*", "not-utf8"),
    code("one command per frame*", "one-line"),
    code("the engine is busy*", "busy"),
    code("closed after {minutes} minute*", "idle"),
    code("the server is full: it runs at most {max} sessions*", "server-full"),
    // Reading the command.
    code("unknown command \"{command}\"*", "unknown-command"),
    code("help: no command called \"{command}\"*", "unknown-command"),
    code("* is not a command*", "not-a-command"),
    code("help: * is not a command name*", "not-a-command"),
    code("`{command}` is the teacher's in a class*", "teacher-only"),
    code("`{command}` is for a private session*", "private-only"),
    code("`{command}` is for a class session*", "class-only"),
    code("`{command}` needs the {learner} learner*", "needs-learner"),
    code("`{command}` is for {games} only; this session plays {game}", "wrong-game"),
    code("unexpected * after `*", "unexpected-words"),
    code("{command}: missing argument*", "missing-argument"),
    code("{command}: * is not a whole number*", "not-a-number"),
    code("{command}: * is negative: expected {min} to {max}", "out-of-range"),
    code("{command}: * is too small: expected {min} to {max}", "out-of-range"),
    code("{command}: * is too large: expected {min} to {max}", "out-of-range"),
    code("{command}: * is not something to dump*", "bad-argument"),
    code("{command}: * is not on or off*", "bad-argument"),
    code("{command}: expected `players remove NAME` or `players clear`", "bad-argument"),
    // A match and its moves.
    code("a match is in progress (game {game} of {games})*", "match-in-progress"),
    code("no game in progress*", "no-game"),
    code("no match to abort*", "nothing-to-abort"),
    code("move: *: a move is two letters*", "not-a-ttt-move"),
    code("move: *: * is not a row or column letter*", "not-a-ttt-move"),
    code("{cell} is taken by *", "cell-taken"),
    code("move *: * is not a nim move*", "not-a-nim-move"),
    code("move *: there is no row {row}: rows are numbered 1 to {rows}", "no-such-row"),
    code("move *: take at least one counter*", "take-one"),
    code("move *: row {row} has {left} counter*; cannot take {take}", "too-many-taken"),
    code("move *: * is not a hexapawn move*", "not-a-hexapawn-move"),
    code("move *: * has no pawn on {square}", "no-pawn"),
    code("move *: * is a straight move*", "hexapawn-dash-x"),
    code("move *: a diagonal move is a capture*", "hexapawn-dash-x"),
    code("move *: a pawn moves one square forward*", "hexapawn-illegal"),
    code("move *: * is occupied*", "hexapawn-illegal"),
    code("move *: no enemy pawn on *", "hexapawn-illegal"),
    // What the learner has.
    code("dump opponent: there is no second MENACE*", "no-opponent-machine"),
    code("dump opponent: a class has no second MENACE*", "no-opponent-machine"),
    code("this learner has no matchboxes*", "no-matchboxes"),
    code("saved state is for the menace learner*", "no-matchboxes"),
    // Training and watching.
    code("{command}: unknown opponent*", "unknown-opponent"),
    code("{command}: opponent *: mixed:P needs a probability*", "bad-probability"),
    code("{command}: external programs are for the command line*", "program-opponent"),
    code("external programs are for the command line*", "program-opponent"),
    code("train: the class keeps records of {max} opponents*", "too-many-opponents"),
    code("train: a class's machine trains against*", "class-opponent"),
    // The bead rules.
    code("rules: nothing to change*", "rules-nothing"),
    code("rules: {rule} is given twice*", "rules-twice"),
    code("rules: {rule} needs a value*", "rules-needs-value"),
    code("rules: * is not a rule*", "not-a-rule"),
    code("rules: unknown preset*", "unknown-preset"),
    code("rules: initial beads: *", "bad-initial"),
    code("rules: reward *", "bad-reward"),
    code("rules: * reward must be between {min} and {max}", "bad-reward"),
    code("rules: empty-box rule *", "bad-empty"),
    code("rules: refill must add {min} to {max} beads", "bad-empty"),
    code("rules: bead colours * put beads on other moves*", "colours-need-reset"),
    code("rules: bead colours *", "bad-colours"),
    // A saved state (`import`, `load`): the words after the file's name or `import:`.
    code("*not a valid state*: not JSON*", "state-not-json"),
    code("*not a valid state*: unknown field*", "state-unknown-field"),
    code("*not a valid state*: missing field*", "state-missing-field"),
    code("*not a valid state*", "state-malformed"),
    code("*not a menace state file*", "state-format"),
    code("*state version {version} is not supported*", "state-version"),
    code("*class file version {version} is not supported*", "state-version"),
    code("*state is for nim rows {rows}; this MENACE plays rows {want}", "state-other-rows"),
    code("*state is for game \"{game}\"; this MENACE plays {want}", "state-other-game"),
    code("*state has nim rows, but its game is *", "state-other-game"),
    code("*this state is MENACE playing {side} (*", "state-other-side"),
    code("*: rules: *", "state-rules"),
    code("*: story: *", "state-curve"),
    code("*the class's record: *", "state-curve"),
    code("*the class's board of players*", "state-class"),
    code("*the class's training record*", "state-class"),
    code("*expected {want} boxes, found {found}", "state-boxes"),
    code("*box {box} (*", "state-boxes"),
    code("*box {box}: *", "state-boxes"),
    // Files (`save`, `load`; a private session on the command line).
    code("{command}: cannot use *", "files-refused"),
    code("cannot read *", "file-unreadable"),
    code("cannot write *", "file-unwritable"),
    // A class.
    code("type your name first*", "name-first"),
    code("name: type your name first*", "name-empty"),
    code("teacher: the key is wrong*", "wrong-key"),
    code("name: a name cannot hold invisible*", "name-invisible"),
    code("name: a name has at most {max} characters*", "name-too-long"),
    code("name: a name cannot hold control*", "name-control"),
    code("name: a name cannot open with a combining*", "name-combining"),
    code("name: one connection gives {max} new names*", "names-per-connection"),
    code("players: \"{name}\" is not on the board*", "not-on-board"),
    code("restore: no earlier machine {number}: the class keeps {kept} now", "no-earlier"),
    code("the class file could not be written*", "class-file"),
];

/// The code and arguments of a refusal's English `message`: the first of
/// [`ERROR_CODES`] whose pattern fits it.
pub fn classify(message: &str) -> Option<(&'static str, Vec<(&'static str, String)>)> {
    ERROR_CODES.iter().find_map(|e| {
        let mut args = Vec::new();
        fits(e.pattern, message, &mut args).then_some((e.code, args))
    })
}

/// Whether `text` follows `pattern` (see [`ErrorCode::pattern`]), its arguments added to
/// `args`. Each `*` or `{name}` takes the text up to the first place where the pattern's
/// next text stands (or all the rest at the pattern's end): one pass, no backtracking.
fn fits(pattern: &'static str, text: &str, args: &mut Vec<(&'static str, String)>) -> bool {
    let Some(at) = pattern.find(['*', '{']) else { return text == pattern };
    let Some(text) = text.strip_prefix(&pattern[..at]) else { return false };
    let (name, rest) = match pattern[at..].strip_prefix('*') {
        Some(rest) => (None, rest),
        None => match pattern[at + 1..].split_once('}') {
            Some((name, rest)) => (Some(name), rest),
            None => return false,
        },
    };
    let next = &rest[..rest.find(['*', '{']).unwrap_or(rest.len())];
    let end = if next.is_empty() {
        // Nothing follows: the rest of the text; or (a wildcard followed by another)
        // nothing at all.
        if rest.is_empty() {
            text.len()
        } else {
            0
        }
    } else {
        match text.find(next) {
            Some(end) => end,
            None => return false,
        }
    };
    if let Some(name) = name {
        args.push((name, text[..end].to_string()));
    }
    fits(rest, &text[end..], args)
}
