//! The class's record: the shared machine and everything the class did with it (the
//! log of people's games and training blocks from a base machine, the board of names,
//! the earlier machines), and the two rules that change the boxes, written once for the
//! live room and for [`replay`].

use std::collections::HashMap;

use menace_core::game::{GameResult, Side};
use menace_core::learn::play;
use menace_core::learn::train::{Opponent, OpponentSpec};
use menace_core::menace::class::MAX_PLAYERS;
use menace_core::menace::class::{check_name, name_key, ClassPoint, ClassRecord};
use menace_core::menace::state::SavedEarlier;
use menace_core::menace::state::State;
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::play::Tally;
use menace_core::ttt::{Board, TicTacToe};
use menace_protocol::answer::{Answer, ChangedBox, ClassPicture, EarlierEntry, HistoryEntry};
use menace_protocol::answer::{PlayerEntry, Score, TrainedEntry, Winner};
use menace_protocol::face::Face;
use menace_protocol::history::History;
use menace_protocol::matchplay::{box_dumps, resigned_for_good};
use menace_protocol::PlayersChange;
use menace_stats::rng::{from_seed, GameRng};
use serde::Serialize;

use crate::limits::{EARLIER, MAX_LOG, NAMES_PER_ADDRESS};

/// What replaced an earlier machine.
pub const WHYS: [&str; 4] = ["reset", "rules", "import", "restore"];

/// An earlier machine of the class: the whole class as it was (machine and record), what
/// replaced it and when.
#[derive(Clone, Debug, PartialEq)]
pub struct Earlier {
    /// The class as it was, as its file held it.
    pub state: State,
    /// What replaced it (one of [`WHYS`]).
    pub why: &'static str,
    /// When, in seconds since 1970, if the room has a clock.
    pub when: Option<u64>,
}

impl Earlier {
    /// How the class's file keeps it.
    pub fn saved(&self) -> SavedEarlier {
        SavedEarlier { why: self.why.into(), when: self.when, state: self.state.clone() }
    }

    /// An earlier machine as a file kept it, if its `why` is one of [`WHYS`] (its state
    /// is checked when a room takes it).
    pub fn from_saved(saved: SavedEarlier) -> Result<Earlier, String> {
        let why = WHYS.iter().copied().find(|w| *w == saved.why).ok_or_else(|| {
            format!("an earlier machine: {:?} is not what replaces a machine", saved.why)
        })?;
        Ok(Earlier { why, when: saved.when, state: saved.state })
    }
}

/// A game in flight: the moves and beads it played, apart from the record until it ends.
#[derive(Clone, Debug)]
pub(crate) struct InFlight {
    /// Cells played, in order (MENACE's and the player's).
    pub moves: Vec<u8>,
    /// Beads drawn, as (box, move on the drawing).
    pub drawn: Vec<(usize, usize)>,
    /// Beads due to empty boxes it drew from (box, counts per move).
    pub refills: Vec<(usize, Vec<u32>)>,
    /// The game's own generator, from the room's seed.
    pub rng: GameRng,
    /// The room's machine when the game began: a game begun before a reset teaches nothing.
    pub epoch: u64,
}

/// A finished thing in the class's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Logged {
    /// A game a person played on the page.
    Game {
        /// Its number among the class's games (1 for the first).
        number: u64,
        /// Who played it.
        player: String,
        /// Cells played, in order (MENACE's and the player's), 0 to 8 row by row.
        moves: Vec<u8>,
        /// Beads drawn, as (box, move on the drawing).
        drawn: Vec<(usize, usize)>,
        /// Beads put into empty boxes before drawing from them (box, counts per move).
        refills: Vec<(usize, Vec<u32>)>,
        /// MENACE's result.
        result: ResultWord,
    },
    /// Training games the teacher started, under one hold of the lock.
    Training {
        /// The opponent, as `train` takes it.
        opponent: String,
        /// Games played.
        games: u64,
        /// The seed of the block's generator.
        seed: u64,
    },
}

/// A game's result for MENACE, as the log writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultWord {
    /// MENACE won.
    Win,
    /// A draw.
    Draw,
    /// MENACE lost or resigned.
    Loss,
}

impl From<GameResult> for ResultWord {
    fn from(r: GameResult) -> ResultWord {
        match r {
            GameResult::Win => ResultWord::Win,
            GameResult::Draw => ResultWord::Draw,
            GameResult::Loss => ResultWord::Loss,
        }
    }
}

impl From<ResultWord> for GameResult {
    fn from(r: ResultWord) -> GameResult {
        match r {
            ResultWord::Win => GameResult::Win,
            ResultWord::Draw => GameResult::Draw,
            ResultWord::Loss => GameResult::Loss,
        }
    }
}

/// The shared machine and everything the class has done with it.
#[derive(Clone, Debug)]
pub struct Record {
    pub(super) machine: Matchboxes<TicTacToe>,
    pub(super) games_played: u64,
    pub(super) class: ClassRecord,
    pub(super) base: Matchboxes<TicTacToe>,
    pub(super) log: Vec<Logged>,
    pub(super) history: History,
    /// Changes with every reset and import: a game started before one teaches nothing.
    pub(super) epoch: u64,
    pub(super) seed: u64,
    /// Generators handed out since the seed was set.
    pub(super) started: u64,
    /// Changes made to what the class file holds, counted from the room's start.
    pub(super) changes: u64,
    /// The board's names by [`name_key`]: a name that looks like one on the board is it.
    pub(super) keys: HashMap<String, String>,
    /// The client address each board name came from, for names put there since the room
    /// started (so one address cannot fill the board).
    pub(super) origins: HashMap<String, String>,
    /// Changes with every cleared board and new machine: every connection may give new
    /// names again.
    pub(super) names_epoch: u64,
    /// The machines replaced, newest first, at most [`EARLIER`].
    pub(super) previous: std::collections::VecDeque<Earlier>,
    /// Replacements since the room started (the earlier machines changed).
    pub(super) replaced: u64,
}

impl Record {
    pub(super) fn new(
        machine: Matchboxes<TicTacToe>,
        games_played: u64,
        class: ClassRecord,
        seed: u64,
    ) -> Record {
        Record {
            base: machine.clone(),
            machine,
            games_played,
            class,
            log: Vec::new(),
            history: History::default(),
            epoch: 0,
            seed,
            started: 0,
            changes: 0,
            keys: HashMap::new(),
            origins: HashMap::new(),
            names_epoch: 0,
            previous: std::collections::VecDeque::new(),
            replaced: 0,
        }
        .with_keys()
    }

    /// The board's index of names rebuilt from the board.
    pub(super) fn with_keys(mut self) -> Record {
        self.reindex();
        self
    }

    pub(super) fn reindex(&mut self) {
        self.keys = self.class.players.keys().map(|n| (name_key(n), n.clone())).collect();
        self.origins.retain(|name, _| self.class.players.contains_key(name));
    }

    /// The board's spelling of `name` or of a name that looks the same, if it is there.
    pub(super) fn board_name(&self, name: &str) -> Option<&String> {
        self.keys.get(&name_key(name))
    }

    /// Names on the board that came from `client`.
    pub(super) fn names_from(&self, client: &str) -> usize {
        self.origins.values().filter(|c| *c == client).count()
    }

    /// Whether a new name from `client` may go on the board now.
    pub(super) fn room_for(&self, client: Option<&str>) -> bool {
        self.class.players.len() < MAX_PLAYERS
            && client.is_none_or(|c| self.names_from(c) < NAMES_PER_ADDRESS)
    }

    /// The shared boxes.
    pub fn machine(&self) -> &Matchboxes<TicTacToe> {
        &self.machine
    }

    /// Games MENACE learned from, all told (people's and training).
    pub fn games_played(&self) -> u64 {
        self.games_played
    }

    /// The class's record: MENACE against the people, its training apart, the players
    /// and the curve.
    pub fn class(&self) -> &ClassRecord {
        &self.class
    }

    /// The boxes the log starts from.
    pub fn base(&self) -> &Matchboxes<TicTacToe> {
        &self.base
    }

    /// What was applied since the base, in order.
    pub fn log(&self) -> &[Logged] {
        &self.log
    }

    /// The earlier machines, newest first.
    pub fn previous(&self) -> impl Iterator<Item = &Earlier> {
        self.previous.iter()
    }

    /// The class as a state document: what `export` answers and the class file holds.
    pub fn state(&self) -> State {
        let mut state = State::of(&self.machine, self.games_played);
        state.class = Some(self.class.clone());
        state
    }

    pub(super) fn generator(&mut self) -> (GameRng, u64) {
        self.started += 1;
        let seed = self.seed ^ self.started.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (from_seed(seed), seed)
    }

    pub(super) fn push_log(&mut self, entry: Logged) {
        self.changes += 1;
        if self.log.len() >= MAX_LOG {
            self.rebase();
        }
        self.log.push(entry);
    }

    /// The log starts again from the boxes as they are.
    pub(super) fn rebase(&mut self) {
        self.changes += 1;
        self.base = self.machine.clone();
        self.log.clear();
    }

    /// A new machine for the class (reset, rules with reset, import, restore): games in
    /// flight teach it nothing, and the one it replaces is kept as the newest earlier
    /// machine, `why` and `when` with it.
    pub(super) fn replace(
        &mut self,
        machine: Matchboxes<TicTacToe>,
        games_played: u64,
        class: ClassRecord,
        why: &'static str,
        when: Option<u64>,
    ) {
        self.previous.push_front(Earlier { state: self.state(), why, when });
        self.previous.truncate(EARLIER);
        self.replaced += 1;
        self.machine = machine;
        self.games_played = games_played;
        self.class = class;
        self.history.clear();
        self.epoch += 1;
        self.origins.clear();
        self.names_epoch += 1;
        self.reindex();
        self.rebase();
    }

    /// Takes names off the board (the score, the curve and the boxes stay): `names`, or
    /// every name.
    pub(super) fn remove_players(&mut self, change: &PlayersChange) -> Result<Vec<String>, String> {
        let names = match change {
            PlayersChange::Remove(typed) => {
                let found = check_name(typed)
                    .ok()
                    .and_then(|n| self.board_name(&n).cloned())
                    .or_else(|| self.class.players.contains_key(typed).then(|| typed.clone()));
                match found {
                    Some(name) => vec![name],
                    None => return Err(format!("players: {typed:?} is not on the board")),
                }
            }
            PlayersChange::Clear => {
                self.names_epoch += 1;
                self.class.players.keys().cloned().collect()
            }
        };
        for name in &names {
            self.class.players.remove(name);
        }
        self.changes += 1;
        self.reindex();
        Ok(names)
    }

    /// A person's game that is over: its beads' reward applied, the class's score, the
    /// player's record and the curve counted, the game logged. `None` (nothing counted)
    /// when the machine was replaced while it ran.
    pub(super) fn finish(
        &mut self,
        player: &str,
        client: Option<&str>,
        game: InFlight,
        last: Board,
        result: GameResult,
    ) -> Option<Answer> {
        if game.epoch != self.epoch {
            return None;
        }
        // A name that looks like one put on the board meanwhile is that player.
        let player = self.board_name(player).cloned().unwrap_or_else(|| player.to_string());
        let player = player.as_str();
        apply(&mut self.machine, &game.refills, &game.drawn, result);
        self.games_played = self.games_played.saturating_add(1);
        self.class.score.add(result);
        let number = self.class.score.games();
        let listed = self.class.players.contains_key(player);
        if listed || self.room_for(client) {
            self.class.players.entry(player.to_string()).or_default().add(result);
            if !listed {
                self.keys.insert(name_key(player), player.to_string());
                if let Some(client) = client {
                    self.origins.insert(player.to_string(), client.to_string());
                }
            }
        }
        let point = self.extend_curve();
        let winner = Winner::from_menace(result);
        let first_box = match self.machine.side() {
            Side::First => Some(self.machine.beads(0).iter().map(|&n| u64::from(n)).sum()),
            Side::Second => None,
        };
        self.history.push_entry(HistoryEntry {
            game: number,
            winner,
            first_box,
            player: Some(player.to_string()),
        });
        let mut touched: Vec<usize> = game.drawn.iter().map(|&(b, _)| b).collect();
        touched.sort_unstable();
        touched.dedup();
        let boxes = touched
            .into_iter()
            .map(|b| ChangedBox { box_index: b, beads: self.machine.beads(b).to_vec() })
            .collect();
        let record = self.class.players.get(player).copied().unwrap_or_default();
        self.push_log(Logged::Game {
            number,
            player: player.to_string(),
            moves: game.moves,
            drawn: game.drawn,
            refills: game.refills,
            result: result.into(),
        });
        Some(Answer::Finished {
            number,
            player: player.to_string(),
            winner,
            score: Score::of(self.class.score),
            record: Score::of(record),
            point,
            board: TicTacToe.rows(last),
            boxes,
        })
    }

    /// The curve's new point after a person's game, if it gains one (the curve thins
    /// itself as games pile up).
    pub(super) fn extend_curve(&mut self) -> Option<ClassPoint> {
        self.class.curve.record(&self.class.score)
    }

    /// The `class` answer.
    pub(super) fn picture(&self) -> Answer {
        let m = &self.machine;
        Answer::Class(ClassPicture {
            side: side_word(m.side()),
            preset: m.rules().preset_name().unwrap_or("custom"),
            rules: m.rules().to_string(),
            games_played: self.games_played,
            score: Score::of(self.class.score),
            trained: (self.class.trained.iter())
                .map(|(o, t)| TrainedEntry { opponent: o.clone(), score: Score::of(*t) })
                .collect(),
            players: (self.class.players.iter())
                .map(|(n, t)| PlayerEntry { name: n.clone(), score: Score::of(*t) })
                .collect(),
            curve: self.class.curve.points().to_vec(),
            resigned: resigned_for_good(m),
            previous: (self.previous.iter().enumerate())
                .map(|(i, e)| {
                    let class = e.state.class.clone().unwrap_or_default();
                    EarlierEntry {
                        number: i + 1,
                        why: e.why,
                        when: e.when,
                        games_played: e.state.games_played,
                        score: Score::of(class.score),
                        players: class.players.len(),
                    }
                })
                .collect(),
            boxes: box_dumps(&TicTacToe, m),
        })
    }
}

/// Refuses a board of players that the class could not have made (an import): each name
/// passes [`check_name`] as `name` does (no direction override, no invisible or control
/// character) and no two look alike ([`name_key`]), so nothing gets onto the board, or
/// merges there, that `name` keeps off. The words make the protocol's `state-class` code.
pub(crate) fn check_board(class: &ClassRecord) -> Result<(), String> {
    let mut keys: HashMap<String, &String> = HashMap::new();
    for name in class.players.keys() {
        if let Err(e) = check_name(name) {
            return Err(format!("the class's board of players has {name:?}: {e}"));
        }
        if let Some(other) = keys.insert(name_key(name), name) {
            return Err(format!(
                "the class's board of players has {other:?} and {name:?}, which look alike"
            ));
        }
    }
    Ok(())
}

pub(super) fn side_word(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// A finished game's effect on the boxes: refills of empty boxes, then each drawn bead's
/// reward. The one place a person's game is applied, live and in [`replay`].
pub(super) fn apply(
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

/// Plays `games` training games of `machine` against `spec` with a generator seeded
/// `seed`: MENACE's results. The one place a training block is played, live and in
/// [`replay`].
pub(super) fn train_block(
    machine: &mut Matchboxes<TicTacToe>,
    spec: &OpponentSpec,
    games: u64,
    seed: u64,
) -> Result<Tally, String> {
    let side = machine.side();
    let mut rng = from_seed(seed);
    let mut tally = Tally::default();
    if matches!(spec, OpponentSpec::Random)
        && TicTacToe::train_against_random(machine, games, &mut rng, &mut |r| tally.add(r))
    {
        return Ok(tally);
    }
    let mut opponent = class_opponent(spec, side)?;
    for _ in 0..games {
        if let Opponent::Exploiter(e) = &mut opponent {
            e.prepare(&TicTacToe, &*machine, side);
        }
        let outcome = match side {
            Side::First => play(&TicTacToe, machine, &mut opponent, &mut rng),
            Side::Second => play(&TicTacToe, &mut opponent, machine, &mut rng),
        };
        tally.add(GameResult::for_side(outcome, side));
    }
    Ok(tally)
}

/// The opponent a class's machine playing `side` trains against, or why `spec` is not
/// one (a class keeps no second MENACE, and runs no programs).
pub(super) fn class_opponent(
    spec: &OpponentSpec,
    side: Side,
) -> Result<Opponent<TicTacToe>, String> {
    Opponent::built_in(spec, &TicTacToe, side.other(), &BeadRules::default())
        .filter(|_| !matches!(spec, OpponentSpec::Menace))
        .ok_or_else(|| {
            format!(
                "train: a class's machine trains against random, perfect, mixed:P or exploiter, not {spec}"
            )
        })
}

/// The boxes `base` becomes when `log` is applied in order: for a class, the same boxes
/// as [`Record::machine`] when given its [`Record::base`] and [`Record::log`].
pub fn replay(base: &Matchboxes<TicTacToe>, log: &[Logged]) -> Matchboxes<TicTacToe> {
    let mut machine = base.clone();
    for entry in log {
        match entry {
            Logged::Game { refills, drawn, result, .. } => {
                apply(&mut machine, refills, drawn, (*result).into());
            }
            Logged::Training { opponent, games, seed } => {
                let spec: OpponentSpec = opponent.parse().expect("a logged opponent parses");
                train_block(&mut machine, &spec, *games, *seed).expect("a logged block ran");
            }
        }
    }
    machine
}
