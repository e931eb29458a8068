//! One MENACE for a whole class: many games at once against the same matchboxes.
//!
//! A game draws from the boxes as they are when it draws, and leaves its beads in them
//! (a bead in one student's game is not hidden from another's); when a game ends, its
//! beads get the reward under [`Matchboxes::reward`], the single-player rule's net
//! change, in the order games end. The caller holds the [`Class`] under one lock and
//! each [`ClassGame`] apart from it, so a game that is abandoned (its student
//! disconnected) is simply dropped and touches nothing.
//!
//! Every finished game is kept in a log, in the order it was applied, from a base state
//! (the boxes after the latest reset, rules change or training): replaying the log on
//! the base with [`replay`] gives exactly the class's boxes. The log is bounded: past
//! [`MAX_LOG`] games the base moves to the current boxes.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::state::State;
use super::{BeadRules, Choice, GameResult, Matchboxes};
use crate::game::{Game, Outcome, Side};
use crate::learn::train::{Opponent, OpponentSpec};
use crate::play::{play, Tally};
use crate::ttt::{Board, TicTacToe};
use menace_stats::rng::{from_seed, GameRng};

/// The `format` of a class file.
pub const FORMAT: &str = "menace-class";
/// The class file version this build writes and reads.
pub const VERSION: u32 = 1;
/// The longest player name, in characters.
pub const MAX_NAME: usize = 32;
/// Players on the board at most (a new name past this is refused, so the board's memory
/// is bounded).
pub const MAX_PLAYERS: usize = 2000;
/// Finished games kept in the log before its base moves on.
pub const MAX_LOG: usize = 100_000;
/// Points kept on the learning curve (it thins out as games pile up).
pub const MAX_CURVE: usize = 500;
/// Games one training command may play.
pub const MAX_TRAIN: u64 = 1_000_000;
/// The largest class file read.
pub const MAX_CLASS_BYTES: u64 = 4 << 20;

/// A point of the shared machine's learning curve: after `games` games, MENACE's wins
/// minus losses since the start (Michie's plot).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Games played.
    pub games: u64,
    /// Wins minus losses so far.
    pub net: i64,
}

/// A finished game, as the log keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// Its number among the class's games (1 for the first).
    pub number: u64,
    /// The student.
    pub player: String,
    /// Cells played, in order (MENACE's and the student's).
    pub moves: Vec<u8>,
    /// Beads drawn, as (box, move on the drawing).
    pub drawn: Vec<(usize, usize)>,
    /// Beads put into empty boxes before drawing from them (box, counts per move).
    pub refills: Vec<(usize, Vec<u32>)>,
    /// MENACE's result.
    pub result: GameResultName,
}

/// A [`GameResult`] that can be written down.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResultName {
    /// MENACE won.
    Win,
    /// A draw.
    Draw,
    /// MENACE lost or resigned.
    Loss,
}

impl From<GameResult> for GameResultName {
    fn from(r: GameResult) -> Self {
        match r {
            GameResult::Win => GameResultName::Win,
            GameResult::Draw => GameResultName::Draw,
            GameResult::Loss => GameResultName::Loss,
        }
    }
}

impl From<GameResultName> for GameResult {
    fn from(r: GameResultName) -> Self {
        match r {
            GameResultName::Win => GameResult::Win,
            GameResultName::Draw => GameResult::Draw,
            GameResultName::Loss => GameResult::Loss,
        }
    }
}

/// A student's record against MENACE, from the student's side.
pub type PlayerRecord = Tally;

/// What a class file holds: the boxes (a [`State`]), the score, the board of players
/// and the curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassFile {
    /// Always `menace-class`.
    pub format: String,
    /// The format version.
    pub version: u32,
    /// The boxes and rules.
    pub state: State,
    /// MENACE's results against the class.
    pub score: Tally,
    /// Students by name.
    pub players: BTreeMap<String, PlayerRecord>,
    /// The learning curve.
    pub curve: Vec<CurvePoint>,
    /// Games between two curve points.
    pub curve_step: u64,
}

/// One game in progress: its own board and the beads it drew, apart from the class.
#[derive(Clone, Debug)]
pub struct ClassGame {
    player: String,
    board: Board,
    moves: Vec<u8>,
    drawn: Vec<(usize, usize)>,
    refills: Vec<(usize, Vec<u32>)>,
    rng: GameRng,
    over: Option<GameResult>,
}

impl ClassGame {
    /// The board now.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The student.
    pub fn player(&self) -> &str {
        &self.player
    }

    /// MENACE's result, once the game is over.
    pub fn over(&self) -> Option<GameResult> {
        self.over
    }

    /// The student's move at `cell` (0..9); refused, with nothing changed, unless it is
    /// the student's turn and the cell is free.
    pub fn play(&mut self, cell: usize) -> Result<(), String> {
        if self.over.is_some() {
            return Err("this game is over; start a new one".into());
        }
        if TicTacToe.to_move(self.board) != Side::Second {
            return Err("it is MENACE's turn".into());
        }
        if cell >= 9 || self.board.empty_mask() & (1 << cell) == 0 {
            return Err(format!("cell {cell} is not a free cell (0 to 8)"));
        }
        self.board = TicTacToe.play(self.board, cell);
        self.moves.push(cell as u8);
        self.settle();
        Ok(())
    }

    fn settle(&mut self) {
        if let Some(outcome) = TicTacToe.outcome(self.board) {
            self.over = Some(GameResult::for_side(outcome, Side::First));
        }
    }
}

/// What MENACE did at its turn, for the page: the cell and, when it drew, the box.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Drew {
    /// The cell played on the real board (`None`: MENACE resigned).
    pub cell: Option<usize>,
    /// The box drawn from, if a bead was drawn.
    #[serde(rename = "box")]
    pub box_index: Option<usize>,
    /// The bead (move on the box's drawing).
    pub bead: Option<usize>,
}

/// The shared machine and everything the class has done with it.
#[derive(Clone, Debug)]
pub struct Class {
    machine: Matchboxes<TicTacToe>,
    games_played: u64,
    seed: u64,
    games_started: u64,
    score: Tally,
    players: BTreeMap<String, PlayerRecord>,
    curve: Vec<CurvePoint>,
    curve_step: u64,
    base: Matchboxes<TicTacToe>,
    log: Vec<Finished>,
}

impl Class {
    /// A fresh class machine with `rules`; games draw from generators seeded from `seed`
    /// and their number.
    pub fn new(rules: BeadRules, seed: u64) -> Class {
        let machine = Matchboxes::new(TicTacToe, Side::First, rules);
        Class {
            base: machine.clone(),
            machine,
            games_played: 0,
            seed,
            games_started: 0,
            score: Tally::default(),
            players: BTreeMap::new(),
            curve: Vec::new(),
            curve_step: 1,
            log: Vec::new(),
        }
    }

    /// The class a file describes, checked through [`State::to_machine`].
    pub fn from_file(file: ClassFile, seed: u64) -> Result<Class, String> {
        if file.format != FORMAT || file.version != VERSION {
            return Err(format!(
                "not a menace class file of version {VERSION} (format {:?}, version {})",
                file.format, file.version
            ));
        }
        let machine = file.state.to_machine()?;
        if file.players.len() > MAX_PLAYERS
            || file.players.keys().any(|n| check_name(n).as_deref() != Ok(n.as_str()))
        {
            return Err("the board of players has a bad name or too many names".into());
        }
        if file.curve.len() > MAX_CURVE || file.curve_step == 0 {
            return Err("the learning curve is malformed".into());
        }
        Ok(Class {
            base: machine.clone(),
            machine,
            games_played: file.state.games_played,
            seed,
            games_started: file.state.games_played,
            score: file.score,
            players: file.players,
            curve: file.curve,
            curve_step: file.curve_step,
            log: Vec::new(),
        })
    }

    /// Reads a class file (a regular file of at most [`MAX_CLASS_BYTES`]), checked.
    pub fn load(path: &Path, seed: u64) -> Result<Class, String> {
        let name = path.display();
        let bytes = menace_files::read_capped(path, MAX_CLASS_BYTES)
            .map_err(|e| format!("cannot read {name}: {}", e.reason()))?;
        let file: ClassFile = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{name} is not a valid class file: {e}"))?;
        Class::from_file(file, seed).map_err(|e| format!("{name}: {e}"))
    }

    /// The class as a file's contents.
    pub fn to_file(&self) -> ClassFile {
        ClassFile {
            format: FORMAT.into(),
            version: VERSION,
            state: State::of(&self.machine, self.games_played),
            score: self.score,
            players: self.players.clone(),
            curve: self.curve.clone(),
            curve_step: self.curve_step,
        }
    }

    /// Writes the class file atomically (temporary file, fsync, rename).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = self.to_json();
        menace_files::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// The class file as JSON text (what `save` writes and a download gets).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_file()).expect("a class file serializes") + "\n"
    }

    /// The shared boxes.
    pub fn machine(&self) -> &Matchboxes<TicTacToe> {
        &self.machine
    }

    /// Games finished (by students and by training).
    pub fn games_played(&self) -> u64 {
        self.games_played
    }

    /// MENACE's results.
    pub fn score(&self) -> Tally {
        self.score
    }

    /// Students by name, with their records against MENACE.
    pub fn players(&self) -> &BTreeMap<String, PlayerRecord> {
        &self.players
    }

    /// The learning curve.
    pub fn curve(&self) -> &[CurvePoint] {
        &self.curve
    }

    /// The boxes the log starts from.
    pub fn base(&self) -> &Matchboxes<TicTacToe> {
        &self.base
    }

    /// Finished games since the base, in the order they were applied.
    pub fn log(&self) -> &[Finished] {
        &self.log
    }

    /// Starts a game for `player` (a name checked by [`check_name`]); MENACE moves first,
    /// drawing from the boxes as they are now.
    pub fn start(&mut self, player: &str) -> Result<(ClassGame, Drew), String> {
        let player = check_name(player)?;
        if !self.players.contains_key(&player) && self.players.len() >= MAX_PLAYERS {
            return Err(format!(
                "the board is full ({MAX_PLAYERS} names); play under a name on it"
            ));
        }
        self.games_started += 1;
        let rng = from_seed(self.seed ^ self.games_started.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut game = ClassGame {
            player,
            board: Board::EMPTY,
            moves: Vec::new(),
            drawn: Vec::new(),
            refills: Vec::new(),
            rng,
            over: None,
        };
        let drew = self.menace_moves(&mut game);
        Ok((game, drew))
    }

    /// MENACE's turn in `game`: a bead drawn from the box as it is now and left in it
    /// (the single-player draw, with the bead put straight back), or a forced move, or a
    /// resignation. `None` when it is not MENACE's turn.
    pub fn menace_moves(&mut self, game: &mut ClassGame) -> Drew {
        let none = Drew { cell: None, box_index: None, bead: None };
        if game.over.is_some() || TicTacToe.to_move(game.board) != Side::First {
            return none;
        }
        let choice = self.machine.choose(game.board, &mut game.rng);
        self.machine.put_back();
        let drew = match choice {
            Some(Choice::Forced(mv)) => Drew { cell: Some(mv), ..none },
            Some(Choice::Drew { mv, box_index, bead, refilled }) => {
                if refilled > 0 {
                    // The box was empty: the refill is the game's, applied when it ends.
                    let beads = self.machine.beads(box_index).to_vec();
                    self.machine.set_beads(box_index, &[0; 9]).expect("an empty box is legal");
                    game.refills.push((box_index, beads));
                }
                game.drawn.push((box_index, bead));
                Drew { cell: Some(mv), box_index: Some(box_index), bead: Some(bead) }
            }
            Some(Choice::Resign { box_index }) => {
                game.over = Some(GameResult::Loss);
                return Drew { box_index: Some(box_index), ..none };
            }
            None => return none,
        };
        if let Some(cell) = drew.cell {
            game.board = TicTacToe.play(game.board, cell);
            game.moves.push(cell as u8);
            game.settle();
        }
        drew
    }

    /// A game that is over: its beads' reward applied now, its player's record and the
    /// score counted, the curve extended, the game logged. `Err` (nothing changes) if the
    /// game is not over.
    pub fn finish(&mut self, game: ClassGame) -> Result<&Finished, String> {
        let result = game.over.ok_or("the game is not over")?;
        apply(&mut self.machine, &game.refills, &game.drawn, result);
        self.games_played += 1;
        self.score.add(result);
        let record = self.players.entry(game.player.clone()).or_default();
        record.add(flip(result));
        self.extend_curve();
        if self.log.len() >= MAX_LOG {
            self.rebase();
        }
        self.log.push(Finished {
            number: self.games_played,
            player: game.player,
            moves: game.moves,
            drawn: game.drawn,
            refills: game.refills,
            result: result.into(),
        });
        Ok(self.log.last().expect("just pushed"))
    }

    /// Forgets everything: fresh boxes with `rules`, no score, no players, no curve.
    pub fn reset(&mut self, rules: BeadRules) -> Result<(), String> {
        rules.validate()?;
        *self = Class::new(rules, self.seed ^ self.games_started);
        Ok(())
    }

    /// MENACE plays `games` games against `opponent` (training between lessons), learning
    /// by the single-player rule; they count in the score and the curve, not on the
    /// board of players. Games in progress keep their draws.
    pub fn train(&mut self, opponent: &OpponentSpec, games: u64) -> Result<Tally, String> {
        if games == 0 || games > MAX_TRAIN {
            return Err(format!("train: games must be 1 to {MAX_TRAIN}"));
        }
        let rules = self.machine.rules().clone();
        let mut opp = Opponent::built_in(opponent, &TicTacToe, Side::Second, &rules)
            .ok_or_else(|| format!("{opponent} cannot train a class machine"))?;
        self.games_started += 1;
        let mut rng = from_seed(self.seed ^ self.games_started.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut tally = Tally::default();
        for _ in 0..games {
            let outcome: Outcome = play(&TicTacToe, &mut self.machine, &mut opp, &mut rng);
            let result = GameResult::for_side(outcome, Side::First);
            tally.add(result);
            self.score.add(result);
            self.games_played += 1;
            self.extend_curve();
        }
        self.rebase();
        Ok(tally)
    }

    /// The log starts again from the boxes as they are.
    fn rebase(&mut self) {
        self.base = self.machine.clone();
        self.log.clear();
    }

    fn extend_curve(&mut self) {
        if !self.games_played.is_multiple_of(self.curve_step) {
            return;
        }
        let net = self.score.win as i64 - self.score.loss as i64;
        self.curve.push(CurvePoint { games: self.games_played, net });
        if self.curve.len() >= MAX_CURVE {
            // Keep every other point and sample half as often from now on.
            self.curve_step *= 2;
            let step = self.curve_step;
            self.curve.retain(|p| p.games.is_multiple_of(step));
        }
    }
}

/// A finished game's effect on the boxes: refills of empty boxes, then each drawn bead's
/// reward ([`Matchboxes::reward`]). The one place the class applies a game, live and in
/// [`replay`].
fn apply(
    machine: &mut Matchboxes<TicTacToe>,
    refills: &[(usize, Vec<u32>)],
    drawn: &[(usize, usize)],
    result: GameResult,
) {
    for (b, beads) in refills {
        let now: Vec<u32> =
            machine.beads(*b).iter().zip(beads).map(|(n, r)| n.saturating_add(*r)).collect();
        // Refills are drawn from the box's legal moves, so this cannot be refused.
        let _ = machine.set_beads(*b, &now);
    }
    machine.reward(drawn, result);
}

/// The boxes `base` becomes when `log`'s games are applied in order: for a class, the
/// same boxes as [`Class::machine`] when given its [`Class::base`] and [`Class::log`].
pub fn replay(base: &Matchboxes<TicTacToe>, log: &[Finished]) -> Matchboxes<TicTacToe> {
    let mut machine = base.clone();
    for game in log {
        apply(&mut machine, &game.refills, &game.drawn, game.result.into());
    }
    machine
}

fn flip(r: GameResult) -> GameResult {
    match r {
        GameResult::Win => GameResult::Loss,
        GameResult::Draw => GameResult::Draw,
        GameResult::Loss => GameResult::Win,
    }
}

/// A player's name as the board keeps it: trimmed, 1 to [`MAX_NAME`] characters, no
/// control characters. It is text: pages must show it as text, never as markup.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("type your name first".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!("a name has at most {MAX_NAME} characters"));
    }
    if name.chars().any(char::is_control) {
        return Err("a name cannot hold control characters".into());
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `game` to its end with the student taking the first free cell.
    fn to_the_end(class: &mut Class, game: &mut ClassGame) {
        while game.over().is_none() {
            let cell = (0..9).find(|&c| game.board().empty_mask() & (1 << c) != 0).unwrap();
            game.play(cell).unwrap();
            class.menace_moves(game);
        }
    }

    #[test]
    fn interleaved_games_replay_to_the_same_boxes_and_abandoned_ones_touch_nothing() {
        let mut class = Class::new(BeadRules::challenge(), 7);
        let fresh = class.machine().clone();
        let (mut a, _) = class.start("Ada").unwrap();
        let (mut b, _) = class.start("Bo").unwrap();
        let (abandoned, _) = class.start("Cy").unwrap();
        to_the_end(&mut class, &mut b);
        to_the_end(&mut class, &mut a);
        drop(abandoned);
        // Nothing was applied yet: drawing leaves the beads in.
        assert_eq!(
            (0..fresh.len()).map(|i| fresh.beads(i).to_vec()).collect::<Vec<_>>(),
            (0..fresh.len()).map(|i| class.machine().beads(i).to_vec()).collect::<Vec<_>>()
        );
        class.finish(b).unwrap();
        class.finish(a).unwrap();
        assert_eq!(class.games_played(), 2);
        assert_eq!(
            class.log().iter().map(|g| g.player.as_str()).collect::<Vec<_>>(),
            ["Bo", "Ada"]
        );
        let replayed = replay(class.base(), class.log());
        for i in 0..replayed.len() {
            assert_eq!(replayed.beads(i), class.machine().beads(i), "box {i}");
        }
        assert_eq!(class.players().len(), 2);
        assert_eq!(class.score().games(), 2);
        assert!(class.players().values().all(|r| r.games() == 1));
    }

    #[test]
    fn one_game_learns_as_the_single_player_rule_does() {
        let mut class = Class::new(BeadRules::challenge(), 3);
        let (mut game, _) = class.start("Ada").unwrap();
        to_the_end(&mut class, &mut game);
        let drawn = game.drawn.clone();
        let result = game.over().unwrap();
        class.finish(game).unwrap();
        // The same draws, taken out and learned from as a private MENACE does.
        let mut single = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
        for &(b, m) in &drawn {
            let mut beads = single.beads(b).to_vec();
            beads[m] -= 1;
            single.set_beads(b, &beads).unwrap();
            beads[m] += 1;
            let after = (i64::from(beads[m])
                + i64::from(match result {
                    GameResult::Win => single.rules().win,
                    GameResult::Draw => single.rules().draw,
                    GameResult::Loss => single.rules().loss,
                }))
            .max(0) as u32;
            beads[m] = after;
            single.set_beads(b, &beads).unwrap();
        }
        for i in 0..single.len() {
            assert_eq!(single.beads(i), class.machine().beads(i), "box {i}");
        }
    }

    #[test]
    fn names_are_capped_and_checked_and_bad_moves_change_nothing() {
        assert!(check_name("").is_err());
        assert!(check_name(&"a".repeat(MAX_NAME + 1)).is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert_eq!(check_name("  <b>Ada</b> ").unwrap(), "<b>Ada</b>");
        let mut class = Class::new(BeadRules::challenge(), 1);
        let (mut game, drew) = class.start("Ada").unwrap();
        let taken = drew.cell.unwrap();
        let before = game.board();
        assert!(game.play(taken).is_err());
        assert!(game.play(9).is_err());
        assert_eq!(game.board(), before);
        assert!(class.finish(game).is_err());
        assert_eq!(class.games_played(), 0);
    }

    #[test]
    fn a_class_file_round_trips_and_training_moves_the_base() {
        let mut class = Class::new(BeadRules::michie(), 5);
        let (mut game, _) = class.start("Ada").unwrap();
        to_the_end(&mut class, &mut game);
        class.finish(game).unwrap();
        class.train(&OpponentSpec::Random, 50).unwrap();
        assert_eq!(class.games_played(), 51);
        assert!(class.log().is_empty());
        let back = Class::from_file(serde_json::from_str(&class.to_json()).unwrap(), 5).unwrap();
        assert_eq!(back.to_file(), class.to_file());
        let mut bad = class.to_file();
        bad.players.insert("x".repeat(MAX_NAME + 1), Tally::default());
        assert!(Class::from_file(bad, 5).is_err());
    }
}
