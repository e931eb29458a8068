//! A class: one shared MENACE that many sessions play at once (`menace serve --class`),
//! spoken in the one protocol. A class session is a [`Session`] like any other: the same
//! command table, parsers, answers and errors; its engine ([`ClassPlay`]) plays on the
//! room's shared machine instead of a machine of its own. The class's own commands
//! (`name`, `teacher`, `class`) are rows of the same table, and the table says which
//! commands are the teacher's ([`crate::command::Who`]).
//!
//! A game draws from the shared boxes as they are when it draws, and leaves its beads in
//! them (a bead in one player's game is not hidden from another's); when a game ends, its
//! beads get the reward under [`Matchboxes::reward`], the single-player rule's net change,
//! in the order games end. A game abandoned (its session closed, `abort`) is dropped and
//! touches nothing.
//!
//! What the class did is logged, in the order applied, from a base machine: people's games
//! and the teacher's training blocks (each with its generator's seed), so [`replay`] on
//! the base gives exactly the shared boxes. The log is bounded: past [`MAX_LOG`] entries
//! the base moves to the current boxes.
//!
//! Answers to one session go to its sink in order; what everyone should see (`drew`,
//! `finished`, and `class` after the teacher changes the machine) goes to the others
//! through the room's [`Bus`], which the transport provides.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use menace_core::game::{Game, GameResult, Side};
use menace_core::learn::eval::report;
use menace_core::learn::play;
use menace_core::learn::train::{Opponent, OpponentSpec};
use menace_core::menace::state::{
    check_name, name_key, other_side, ClassPoint, ClassRecord, State, MAX_CURVE,
};
use menace_core::menace::state::{MAX_PLAYERS, MAX_TRAINED};
use menace_core::menace::{BeadRules, Choice, Matchboxes};
use menace_core::play::Tally;
use menace_core::solve::Solver;
use menace_core::ttt::{Board, Cell, TicTacToe};
use menace_files::FileAccess;
use menace_stats::rng::{from_seed, GameRng};
use serde::Serialize;

use crate::answer::{Answer, BoxDump, ChangedBox, ClassPicture, Draw, EarlierEntry, HistoryEntry};
use crate::answer::{MatchStatus, PlayerEntry, Score, TrainedEntry, Winner};
use crate::engine::{Engine, PlayersChange, RulesChange};
use crate::explain::Explainer;
use crate::face::Face;
use crate::history::History;
use crate::play::{clamped, progress_every, resigned_for_good, to_move};
use crate::series::Series;
use crate::session::Session;
use crate::sink::Out;

/// Log entries kept before the log's base moves on.
pub const MAX_LOG: usize = 100_000;

/// Training games played under one hold of the room's lock: people's games go on
/// between blocks (a block is well under a millisecond against random).
const TRAIN_BLOCK: u64 = 4096;

/// New names one connection may give (a few, for typos); past them it plays under one
/// of its names.
pub const NAMES_PER_SESSION: usize = 3;

/// Names on the board from one client address at most: a class behind one shared address
/// (a school's NAT) fits easily, and one machine cannot fill the board
/// ([`MAX_PLAYERS`]) alone.
pub const NAMES_PER_ADDRESS: usize = 200;

pub use crate::engine::EARLIER;

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

/// The room's clock for [`Earlier::when`]: seconds since 1970.
pub type Clock = Box<dyn Fn() -> u64 + Send + Sync>;

/// How long a wrong teacher's key holds up every other key attempt in the room.
pub const WRONG_KEY_WAIT: Duration = Duration::from_secs(1);

/// Where what everyone should see goes: called with the session it came from (which has
/// it already, in order, from its own answers) and the answer. It must not block.
pub type Bus = Box<dyn Fn(Option<u64>, &Answer) + Send + Sync>;

/// Makes what the room holds now durable (the transport's class file), returning once it
/// is: called after every change to the class (a game counted, a training, a reset,
/// rules, an import) and before anything about that change is answered or broadcast, so a
/// page is told a game is finished only once it would survive a power cut. Many sessions
/// may call it at once: it is given the number of changes to make durable
/// ([`Room::changes`]), and a write of [`Room::saved_state`] covers every change it
/// counts. `Err` is the sentence to tell everyone (the change stays made in memory).
pub type Keeper = Box<dyn Fn(&Room, u64) -> Result<(), String> + Send + Sync>;

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
    machine: Matchboxes<TicTacToe>,
    games_played: u64,
    class: ClassRecord,
    base: Matchboxes<TicTacToe>,
    log: Vec<Logged>,
    history: History,
    /// Changes with every reset and import: a game started before one teaches nothing.
    epoch: u64,
    seed: u64,
    /// Generators handed out since the seed was set.
    started: u64,
    /// Changes made to what the class file holds, counted from the room's start.
    changes: u64,
    /// The board's names by [`name_key`]: a name that looks like one on the board is it.
    keys: HashMap<String, String>,
    /// The client address each board name came from, for names put there since the room
    /// started (so one address cannot fill the board).
    origins: HashMap<String, String>,
    /// Changes with every cleared board and new machine: every connection may give new
    /// names again.
    names_epoch: u64,
    /// The machines replaced, newest first, at most [`EARLIER`].
    previous: std::collections::VecDeque<Earlier>,
    /// Replacements since the room started (the earlier machines changed).
    replaced: u64,
}

impl Record {
    fn new(
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
    fn with_keys(mut self) -> Record {
        self.reindex();
        self
    }

    fn reindex(&mut self) {
        self.keys = self.class.players.keys().map(|n| (name_key(n), n.clone())).collect();
        self.origins.retain(|name, _| self.class.players.contains_key(name));
    }

    /// The board's spelling of `name` or of a name that looks the same, if it is there.
    fn board_name(&self, name: &str) -> Option<&String> {
        self.keys.get(&name_key(name))
    }

    /// Names on the board that came from `client`.
    fn names_from(&self, client: &str) -> usize {
        self.origins.values().filter(|c| *c == client).count()
    }

    /// Whether a new name from `client` may go on the board now.
    fn room_for(&self, client: Option<&str>) -> bool {
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

    fn generator(&mut self) -> (GameRng, u64) {
        self.started += 1;
        let seed = self.seed ^ self.started.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (from_seed(seed), seed)
    }

    fn push_log(&mut self, entry: Logged) {
        self.changes += 1;
        if self.log.len() >= MAX_LOG {
            self.rebase();
        }
        self.log.push(entry);
    }

    /// The log starts again from the boxes as they are.
    fn rebase(&mut self) {
        self.changes += 1;
        self.base = self.machine.clone();
        self.log.clear();
    }

    /// A new machine for the class (reset, rules with reset, import, restore): games in
    /// flight teach it nothing, and the one it replaces is kept as the newest earlier
    /// machine, `why` and `when` with it.
    fn replace(
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
    fn remove_players(&mut self, change: &PlayersChange) -> Result<Vec<String>, String> {
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
    fn finish(
        &mut self,
        player: &str,
        client: Option<&str>,
        game: InFlight,
        result: GameResult,
    ) -> Option<Answer> {
        if game.epoch != self.epoch {
            return None;
        }
        // A name that looks like one put on the board meanwhile is that player.
        let player = self.board_name(player).cloned().unwrap_or_else(|| player.to_string());
        let player = player.as_str();
        let last = game.board;
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

    /// The curve's new point after a person's game, if it gains one; past [`MAX_CURVE`]
    /// points every other one goes and the step doubles.
    fn extend_curve(&mut self) -> Option<ClassPoint> {
        let games = self.class.score.games();
        if !games.is_multiple_of(self.class.curve_step) {
            return None;
        }
        let net = self.class.score.win as i64 - self.class.score.loss as i64;
        let point = ClassPoint { games, net };
        self.class.curve.push(point);
        if self.class.curve.len() >= MAX_CURVE {
            self.class.curve_step *= 2;
            let step = self.class.curve_step;
            self.class.curve.retain(|p| p.games.is_multiple_of(step));
        }
        Some(point)
    }

    /// The `class` answer.
    fn picture(&self) -> Answer {
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
            curve: self.class.curve.clone(),
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
            boxes: boxes(m),
        })
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

fn boxes(m: &Matchboxes<TicTacToe>) -> Vec<BoxDump> {
    (0..m.len())
        .map(|b| BoxDump { position: m.position(b).to_string(), beads: m.beads(b).to_vec() })
        .collect()
}

/// A finished game's effect on the boxes: refills of empty boxes, then each drawn bead's
/// reward. The one place a person's game is applied, live and in [`replay`].
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

/// Plays `games` training games of `machine` against `spec` with a generator seeded
/// `seed`: MENACE's results. The one place a training block is played, live and in
/// [`replay`].
fn train_block(
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
fn class_opponent(spec: &OpponentSpec, side: Side) -> Result<Opponent<TicTacToe>, String> {
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

/// How a room starts.
pub struct RoomOptions {
    /// The machine and the class's record to start from: a state document (a class file,
    /// or any saved MENACE), checked; `None` for fresh boxes.
    pub state: Option<State>,
    /// The bead rules of fresh boxes.
    pub rules: BeadRules,
    /// MENACE's side.
    pub side: Side,
    /// The teacher's key.
    pub key: String,
    /// The seed of the games' generators.
    pub seed: u64,
    /// How long a wrong key holds up key attempts ([`WRONG_KEY_WAIT`]).
    pub wrong_key_wait: Duration,
    /// What makes each change durable before it is told ([`Keeper`]); `None` keeps the
    /// class in memory only.
    pub keeper: Option<Keeper>,
    /// The class's earlier machines, newest first (from its teacher's file), checked as
    /// a state is; at most [`EARLIER`] are kept.
    pub previous: Vec<Earlier>,
    /// The clock that dates a replaced machine; `None`: undated.
    pub clock: Option<Clock>,
}

/// One shared MENACE and the sessions that play it.
pub struct Room {
    record: Mutex<Record>,
    key: String,
    bus: Bus,
    /// Held while a wrong key waits, so keys are tried one at a time, slowly.
    guesses: Mutex<()>,
    wrong_key_wait: Duration,
    members: AtomicU64,
    keeper: Option<Keeper>,
    clock: Option<Clock>,
}

impl Room {
    /// The room `options` describe, its broadcasts going to `bus`.
    pub fn open(options: RoomOptions, bus: Bus) -> Result<Arc<Room>, String> {
        if options.key.is_empty() {
            return Err("the teacher's key is empty".into());
        }
        for e in &options.previous {
            let machine =
                e.state.to_machine().map_err(|err| format!("an earlier machine: {err}"))?;
            other_side(machine.side(), options.side)
                .map_err(|err| format!("an earlier machine: {err}"))?;
            e.state.class.as_ref().map_or(Ok(()), ClassRecord::check)?;
        }
        let mut record = match &options.state {
            Some(state) => {
                let machine = state.to_machine()?;
                other_side(machine.side(), options.side)?;
                let class = state.class.clone().unwrap_or_default();
                Record::new(machine, state.games_played, class, options.seed)
            }
            None => {
                options.rules.validate()?;
                let machine = Matchboxes::new(TicTacToe, options.side, options.rules);
                Record::new(machine, 0, ClassRecord::default(), options.seed)
            }
        };
        record.previous = options.previous.into_iter().take(EARLIER).collect();
        Ok(Arc::new(Room {
            record: Mutex::new(record),
            key: options.key,
            bus,
            guesses: Mutex::new(()),
            wrong_key_wait: options.wrong_key_wait,
            members: AtomicU64::new(0),
            keeper: options.keeper,
            clock: options.clock,
        }))
    }

    fn lock(&self) -> MutexGuard<'_, Record> {
        // Every change is checked before it is made, so a panic while the lock was held
        // cannot have left the record half-changed: a poisoned lock is still good.
        self.record.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the record as it is (for saving, tests and the load check).
    pub fn snapshot(&self) -> Record {
        self.lock().clone()
    }

    /// The `class` answer: the whole picture.
    pub fn picture(&self) -> Answer {
        self.lock().picture()
    }

    /// The class as a state document (the class file's contents).
    pub fn state(&self) -> State {
        self.lock().state()
    }

    /// A new member's session, and its number (the `from` its broadcasts carry on the
    /// bus, so its transport can skip what it already answered).
    pub fn session(self: &Arc<Self>) -> (Session, u64) {
        self.session_from(None)
    }

    /// [`Room::session`] for a connection from `client` (its address, as the transport
    /// knows it), so names can be counted per address.
    pub fn session_from(self: &Arc<Self>, client: Option<String>) -> (Session, u64) {
        let id = self.members.fetch_add(1, Ordering::Relaxed) + 1;
        let play = ClassPlay {
            room: self.clone(),
            id,
            name: None,
            teacher: false,
            series: None,
            game: None,
            drawn: Vec::new(),
            dumps: true,
            explainer: Explainer::default(),
            resigned_at: None,
            client,
            introduced: (Vec::new(), 0),
        };
        (Session { engine: Box::new(play), files: FileAccess::Nowhere }, id)
    }

    fn broadcast(&self, from: u64, answer: &Answer) {
        (self.bus)(Some(from), answer);
    }

    /// The time now by the room's clock, if it has one.
    fn now(&self) -> Option<u64> {
        self.clock.as_ref().map(|c| c())
    }

    /// Changes made so far to what the class file holds (a game counted, a training
    /// block, a new machine, new rules), counted from the room's start.
    pub fn changes(&self) -> u64 {
        self.lock().changes
    }

    /// The earlier machines, newest first, and the replacements made since the room
    /// started (a newer count: the list changed), taken together.
    pub fn earlier(&self) -> (Vec<Earlier>, u64) {
        let record = self.lock();
        (record.previous.iter().cloned().collect(), record.replaced)
    }

    /// The class file's contents and the changes they hold, taken together.
    pub fn saved_state(&self) -> (State, u64) {
        let record = self.lock();
        (record.state(), record.changes)
    }

    /// Makes the changes made so far durable ([`Keeper`]) before they are told; a failure
    /// is told to this session and everyone (the teacher must see it).
    fn keep(&self, from: u64, out: &mut Out) {
        let Some(keeper) = &self.keeper else { return };
        if let Err(e) = keeper(self, self.changes()) {
            let error = Answer::error(format!(
                "the class file could not be written ({e}): what happened since the last \
                 save is kept in memory only until a save succeeds"
            ));
            out.emit(error.clone());
            self.broadcast(from, &error);
        }
    }

    /// Keys compared in time independent of where they differ; a wrong one waits
    /// [`RoomOptions::wrong_key_wait`] holding up every other attempt, so a room takes at
    /// most one guess per wait.
    fn check_key(&self, key: &str) -> bool {
        let (a, b) = (key.as_bytes(), self.key.as_bytes());
        let same =
            a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0;
        if !same {
            let _one_at_a_time = self.guesses.lock().unwrap_or_else(|e| e.into_inner());
            std::thread::sleep(self.wrong_key_wait);
        }
        same
    }
}

/// A game in flight: its own board and the beads it drew, apart from the room.
#[derive(Clone, Debug)]
struct InFlight {
    board: Board,
    moves: Vec<u8>,
    drawn: Vec<(usize, usize)>,
    refills: Vec<(usize, Vec<u32>)>,
    rng: GameRng,
    epoch: u64,
}

/// One session of a class: a player (and maybe the teacher) on the room's machine.
pub(crate) struct ClassPlay {
    room: Arc<Room>,
    id: u64,
    name: Option<String>,
    teacher: bool,
    series: Option<Series<Board>>,
    game: Option<InFlight>,
    /// Beads drawn in this session's latest game, as the `matchboxes` answer shows them.
    drawn: Vec<Draw>,
    dumps: bool,
    /// MENACE's turns in this session's latest games, for `explain`.
    explainer: Explainer<Board>,
    /// The box MENACE found empty when it resigned this game, for `result`.
    resigned_at: Option<usize>,
    /// The client's address, as the transport gave it (`None`: not known).
    client: Option<String>,
    /// The new names this connection gave ([`name_key`]s), since the board's names
    /// epoch in the second place; at most [`NAMES_PER_SESSION`].
    introduced: (Vec<String>, u64),
}

impl ClassPlay {
    fn side(&self) -> Side {
        self.room.lock().machine.side()
    }

    fn busy(&self, what: &str) -> Result<(), String> {
        crate::series::idle(&self.series, what)
    }

    /// A new game of the match from the empty board, with its own generator.
    fn start_game(&mut self) {
        let mut record = self.room.lock();
        let (rng, _) = record.generator();
        self.game = Some(InFlight {
            board: Board::EMPTY,
            moves: Vec::new(),
            drawn: Vec::new(),
            refills: Vec::new(),
            rng,
            epoch: record.epoch,
        });
        self.drawn.clear();
        self.explainer.clear();
    }

    /// MENACE's turn in this session's game: the `menace_move` answer and, if it drew a
    /// bead, the `drew` answer for everyone else; `None` if it resigns. The bead is drawn
    /// from the shared box and left in it.
    fn menace_turn(&mut self) -> Option<(Answer, Option<Answer>)> {
        let game = self.game.as_mut().expect("a game in flight");
        let (answer, drew) = {
            let mut record = self.room.lock();
            let m = &mut record.machine;
            let choice = m.choose(game.board, &mut game.rng)?;
            m.put_back();
            let (mv, drew) = match choice {
                Choice::Forced(mv) => {
                    self.explainer.forced(game.board, mv);
                    (mv, None)
                }
                Choice::Drew { mv, box_index, bead, refilled } => {
                    self.explainer.drew(m, game.board, box_index, bead, mv, refilled);
                    if refilled > 0 {
                        // The box was empty: the refill is the game's, applied when it ends.
                        let beads = m.beads(box_index).to_vec();
                        m.set_beads(box_index, &[0; 9]).expect("an empty box is legal");
                        game.refills.push((box_index, beads));
                    }
                    game.drawn.push((box_index, bead));
                    (mv, Some((box_index, bead, refilled, m.beads(box_index).to_vec())))
                }
                Choice::Resign { box_index } => {
                    self.resigned_at = Some(box_index);
                    return None;
                }
            };
            let before = game.board;
            game.board = TicTacToe.play(before, mv);
            game.moves.push(mv as u8);
            let side = m.side();
            let answer = Answer::MenaceMove {
                mv: Cell::ALL[mv].rc(),
                board: TicTacToe.rows(game.board),
                box_index: drew.as_ref().map(|d| d.0),
                bead: drew.as_ref().map(|d| Cell::ALL[d.1].rc()),
                refilled: drew.as_ref().map_or(0, |d| d.2),
                to_move: to_move(&TicTacToe, side, game.board),
            };
            (answer, drew.map(|(b, bead, _, beads)| (b, bead, mv, beads)))
        };
        let board = TicTacToe.rows(game.board);
        let event = drew.map(|(box_index, bead, mv, beads)| {
            let bead = Cell::ALL[bead].rc();
            self.drawn.push(Draw { box_index, bead: bead.clone() });
            let player = self.name.clone().unwrap_or_default();
            Answer::Drew { player, box_index, bead, mv: Cell::ALL[mv].rc(), board, beads }
        });
        Some((answer, event))
    }

    /// Plays MENACE's turns and what follows a game until the player is to move or the
    /// match is over.
    fn advance(&mut self, out: &mut Out) {
        let side = self.side();
        while self.series.is_some() {
            let board = self.game.as_ref().expect("a game in flight").board;
            if let Some(o) = TicTacToe.outcome(board) {
                self.finish(Winner::from_menace(GameResult::for_side(o, side)), None, out);
                continue;
            }
            if TicTacToe.to_move(board) != side {
                return;
            }
            match self.menace_turn() {
                Some((answer, event)) => {
                    out.emit(answer);
                    if let Some(event) = event {
                        self.room.broadcast(self.id, &event);
                    }
                }
                None => self.finish(Winner::Player, Some("menace resigned"), out),
            }
        }
    }

    /// Ends the current game: the class learns (unless the machine was replaced while it
    /// ran), `result`, the dump and `finished` are answered, everyone else is told, and
    /// the next game starts (or `match_over`).
    fn finish(&mut self, winner: Winner, reason: Option<&'static str>, out: &mut Out) {
        let game = self.game.take().expect("a game in flight");
        let player = self.name.clone().unwrap_or_default();
        let (finished, resigned) = {
            let mut record = self.room.lock();
            let finished =
                record.finish(&player, self.client.as_deref(), game, winner.for_menace());
            self.explainer.finish(&TicTacToe, &record.machine, winner);
            (finished, resigned_for_good(&record.machine))
        };
        if finished.is_some() {
            // Durable before the page hears that the game is over.
            self.room.keep(self.id, out);
        }
        let s = self.series.as_mut().expect("a match");
        let mut result = s.record(winner, reason);
        if let Answer::Result { empty_box, resigned: now, .. } = &mut result {
            *empty_box = self.resigned_at.take();
            if empty_box.is_some() {
                *now = resigned;
            }
        }
        out.emit(result);
        if self.dumps {
            let m = self.room.lock();
            out.emit(Answer::Matchboxes {
                machine: None,
                boxes: boxes(&m.machine),
                drawn: self.drawn.clone(),
            });
        }
        if let Some(event) = finished {
            out.emit(event.clone());
            self.room.broadcast(self.id, &event);
        }
        let s = self.series.as_mut().expect("a match");
        if out.halted() {
            out.emit(s.stopped());
            self.series = None;
            return;
        }
        match s.advance() {
            None => {
                let answer = s.new_game(Board::EMPTY);
                out.emit(answer);
                self.start_game();
            }
            Some(over) => {
                out.emit(over);
                self.series = None;
            }
        }
    }

    /// After the teacher changed the machine: the picture to this session and everyone.
    fn tell_everyone(&self, out: &mut Out) {
        self.room.keep(self.id, out);
        let picture = self.room.lock().picture();
        out.emit(picture.clone());
        self.room.broadcast(self.id, &picture);
    }
}

impl Engine for ClassPlay {
    fn game_name(&self) -> &'static str {
        "ttt"
    }

    fn learner_name(&self) -> &'static str {
        "menace"
    }

    fn is_bare_move(&self, line: &str) -> bool {
        Cell::parse_rc(line).is_ok()
    }

    fn idle(&self, what: &str) -> Result<(), String> {
        self.busy(what)
    }

    fn games(&mut self, games: u32, out: &mut Out) -> Result<(), String> {
        if let Some(s) = &self.series {
            return Err(s.busy("finish it, or `abort` it first"));
        }
        if self.name.is_none() {
            return Err("type your name first: name NAME (it goes on the class's board)".into());
        }
        let mut s = Series::new(games, Board::EMPTY);
        out.emit(s.new_game(Board::EMPTY));
        self.series = Some(s);
        self.start_game();
        self.advance(out);
        Ok(())
    }

    fn play_move(&mut self, text: &str, out: &mut Out) -> Result<(), String> {
        let game = self
            .game
            .as_mut()
            .filter(|_| self.series.is_some())
            .ok_or_else(crate::series::no_game)?;
        let mv = TicTacToe.read_move(game.board, text)?;
        game.board = TicTacToe.play(game.board, mv);
        game.moves.push(mv as u8);
        let board = game.board;
        let side = self.side();
        out.emit(Answer::Board {
            mv: Some(Cell::ALL[mv].rc()),
            board: TicTacToe.rows(board),
            to_move: to_move(&TicTacToe, side, board),
        });
        self.advance(out);
        Ok(())
    }

    fn board(&self) -> Result<Answer, String> {
        let game = self
            .game
            .as_ref()
            .filter(|_| self.series.is_some())
            .ok_or_else(crate::series::no_game)?;
        Ok(Answer::Board {
            mv: None,
            board: TicTacToe.rows(game.board),
            to_move: to_move(&TicTacToe, self.side(), game.board),
        })
    }

    fn status(&self) -> Answer {
        let record = self.room.lock();
        let m = &record.machine;
        Answer::Status {
            game: "ttt",
            learner: "menace",
            side: side_word(m.side()),
            seed: record.seed,
            preset: Some(m.rules().preset_name().unwrap_or("custom")),
            rules: m.rules().to_string(),
            games_played: record.games_played,
            resigned: resigned_for_good(&record.machine),
            current: self.series.as_ref().zip(self.game.as_ref()).map(|(s, g)| MatchStatus {
                game: s.game,
                games: s.games,
                board: TicTacToe.rows(g.board),
                score: s.score,
            }),
        }
    }

    fn dump(&self, opponent: bool) -> Result<Answer, String> {
        if opponent {
            return Err("dump opponent: a class has no second MENACE".into());
        }
        let m = self.room.lock();
        Ok(Answer::Matchboxes {
            machine: None,
            boxes: boxes(&m.machine),
            drawn: self.drawn.clone(),
        })
    }

    fn resign(&mut self, out: &mut Out) -> Result<(), String> {
        self.series.as_ref().ok_or_else(crate::series::no_game)?;
        self.finish(Winner::Menace, Some("player resigned"), out);
        self.advance(out);
        Ok(())
    }

    fn abort(&mut self, out: &mut Out) -> Result<(), String> {
        let s = self.series.take().ok_or("no match to abort: none is in progress")?;
        // The game's beads stayed in the boxes: dropping it touches nothing.
        self.game = None;
        self.explainer.clear();
        out.emit(s.aborted());
        Ok(())
    }

    fn reset(&mut self, out: &mut Out) -> Result<(), String> {
        self.busy("resetting the class's MENACE")?;
        let boxes = {
            let mut record = self.room.lock();
            let mut machine = record.machine.clone();
            machine.reset();
            let n = machine.len();
            record.replace(machine, 0, ClassRecord::default(), "reset", self.room.now());
            n
        };
        self.room.keep(self.id, out);
        out.emit(Answer::Reset { boxes });
        self.tell_everyone(out);
        Ok(())
    }

    fn seed(&mut self, seed: u64) {
        let mut record = self.room.lock();
        record.seed = seed;
        record.started = 0;
    }

    fn train(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String> {
        self.busy("training")?;
        let opponent = spec.to_string();
        {
            let record = self.room.lock();
            let trained = &record.class.trained;
            if !trained.contains_key(&opponent) && trained.len() >= MAX_TRAINED {
                return Err(format!(
                    "train: the class keeps records of {MAX_TRAINED} opponents at most; train against one of them"
                ));
            }
            // Refused before anything is played (an opponent a class cannot train with).
            class_opponent(spec, record.machine.side())?;
        }
        let games = u64::from(games);
        let every = progress_every(games, spec);
        let mut score = Score::default();
        let mut done = 0;
        while done < games && !out.halted() {
            let block = TRAIN_BLOCK.min(games - done).min(every - done % every);
            {
                let mut record = self.room.lock();
                let (_, seed) = record.generator();
                let tally = train_block(&mut record.machine, spec, block, seed)?;
                record.games_played = record.games_played.saturating_add(block);
                let kept = record.class.trained.entry(opponent.clone()).or_default();
                kept.win += tally.win;
                kept.draw += tally.draw;
                kept.loss += tally.loss;
                record.push_log(Logged::Training {
                    opponent: opponent.clone(),
                    games: block,
                    seed,
                });
                score.menace += tally.win;
                score.draw += tally.draw;
                score.player += tally.loss;
            }
            done += block;
            if done % every == 0 && done < games {
                out.emit(Answer::Progress { command: "train", games: done, of: games, score });
            }
        }
        self.room.keep(self.id, out);
        let games_played = self.room.lock().games_played;
        out.emit(Answer::Trained {
            games: done,
            opponent,
            score,
            games_played,
            stopped: done < games,
        });
        self.tell_everyone(out);
        Ok(())
    }

    fn watch(&mut self, _: u32, _: &OpponentSpec, _: &mut Out) -> Result<(), String> {
        // The command table refuses `watch` in a class before it gets here.
        Err("watch is for a private session".into())
    }

    fn eval(&self) -> Answer {
        let machine = self.room.lock().machine.clone();
        let side = machine.side();
        let mut solver = Solver::new(TicTacToe);
        Answer::Eval(clamped(report(&TicTacToe, &machine, side, &mut solver)))
    }

    fn rules(&mut self, change: &RulesChange, out: &mut Out) -> Result<(), String> {
        self.busy("changing the rules")?;
        let answer = {
            let mut record = self.room.lock();
            let old = &record.machine;
            let rules = change.apply(old.rules())?;
            if rules.colours != old.rules().colours && !change.reset {
                return Err(format!(
                    "rules: bead colours {} put beads on other moves: add `reset` to refill the boxes",
                    rules.colours
                ));
            }
            let mut machine = Matchboxes::new(TicTacToe, old.side(), rules.clone());
            if change.reset {
                record.replace(machine, 0, ClassRecord::default(), "rules", self.room.now());
            } else {
                for b in 0..old.len() {
                    machine.set_beads(b, old.beads(b))?;
                }
                // Same boxes, same beads: games in flight go on; the log restarts here,
                // as later rewards follow the new rules.
                record.machine = machine;
                record.rebase();
            }
            Answer::Rules {
                preset: rules.preset_name().unwrap_or("custom"),
                rules: rules.to_string(),
                reset: change.reset,
            }
        };
        self.room.keep(self.id, out);
        out.emit(answer);
        self.tell_everyone(out);
        Ok(())
    }

    fn history(&self, last: usize) -> Answer {
        Answer::History { games: self.room.lock().history.last(last) }
    }

    fn state(&self) -> Result<State, String> {
        Ok(self.room.state())
    }

    fn restore(&mut self, state: &State) -> Result<(), String> {
        self.busy("loading a state")?;
        let machine = state.to_machine()?;
        let mut record = self.room.lock();
        other_side(machine.side(), record.machine.side())?;
        let class = state.class.clone().unwrap_or_default();
        record.replace(machine, state.games_played, class, "import", self.room.now());
        Ok(())
    }

    fn games_played(&self) -> u64 {
        self.room.lock().games_played
    }

    fn set_dumps(&mut self, on: bool) {
        self.dumps = on;
    }

    fn member(&self) -> Option<bool> {
        Some(self.teacher)
    }

    fn name(&mut self, name: &str, out: &mut Out) -> Result<(), String> {
        self.busy("changing your name")?;
        let name = check_name(name).map_err(|e| format!("name: {e}"))?;
        let record = self.room.lock();
        if let Some(listed) = record.board_name(&name) {
            // On the board already (or a name that looks the same): that player.
            let name = listed.clone();
            drop(record);
            self.name = Some(name.clone());
            out.emit(Answer::Named { name, unlisted: false });
            return Ok(());
        }
        if self.introduced.1 != record.names_epoch {
            self.introduced = (Vec::new(), record.names_epoch);
        }
        let key = name_key(&name);
        if !self.introduced.0.contains(&key) && self.introduced.0.len() >= NAMES_PER_SESSION {
            return Err(format!(
                "name: one connection gives {NAMES_PER_SESSION} new names at most; play under \
                 one of yours, or ask the teacher"
            ));
        }
        let unlisted = !record.room_for(self.client.as_deref());
        drop(record);
        if !self.introduced.0.contains(&key) {
            self.introduced.0.push(key);
        }
        self.name = Some(name.clone());
        out.emit(Answer::Named { name, unlisted });
        Ok(())
    }

    fn restore_earlier(&mut self, number: usize, out: &mut Out) -> Result<(), String> {
        self.busy("bringing back an earlier machine")?;
        let games_played = {
            let mut record = self.room.lock();
            let kept = record.previous.len();
            let earlier = (number >= 1)
                .then(|| record.previous.get(number - 1).cloned())
                .flatten()
                .ok_or_else(|| {
                    format!("restore: no earlier machine {number}: the class keeps {kept} now")
                })?;
            // Checked when it was kept or read; a machine that is one cannot fail here.
            let machine = earlier.state.to_machine()?;
            record.previous.remove(number - 1);
            let class = earlier.state.class.clone().unwrap_or_default();
            let games = earlier.state.games_played;
            let now = self.room.now();
            record.replace(machine, games, class, "restore", now);
            games
        };
        self.explainer.forget();
        self.room.keep(self.id, out);
        out.emit(Answer::Restored { number, games_played });
        self.tell_everyone(out);
        Ok(())
    }

    fn players(&mut self, change: &PlayersChange, out: &mut Out) -> Result<(), String> {
        let names = self.room.lock().remove_players(change)?;
        self.room.keep(self.id, out);
        out.emit(Answer::Removed { names });
        self.tell_everyone(out);
        Ok(())
    }

    fn teacher(&mut self, key: &str, out: &mut Out) -> Result<(), String> {
        if !self.room.check_key(key) {
            return Err(
                "teacher: the key is wrong (wrong keys are slowed down, so keys cannot be guessed)"
                    .into(),
            );
        }
        self.teacher = true;
        out.emit(Answer::Teacher);
        Ok(())
    }

    fn class(&self) -> Result<Answer, String> {
        Ok(self.room.lock().picture())
    }

    fn announce(&self, out: &mut Out) {
        self.tell_everyone(out);
    }

    fn explain(&self) -> Result<Answer, String> {
        let record = self.room.lock();
        let (playing, finished) =
            self.explainer.answer(&TicTacToe, &record.machine, self.series.is_some());
        Ok(Answer::Explain { playing, finished })
    }
}
