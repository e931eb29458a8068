//! A class's room: the one shared machine behind its lock, what makes each change
//! durable before it is told ([`Keeper`]), the bus that tells everyone ([`Bus`]), the
//! teacher's key, and the sessions that join it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use menace_core::game::Side;
use menace_core::menace::class::ClassRecord;
use menace_core::menace::state::{other_side, State};
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_files::FileAccess;

use super::member::ClassPlay;
use super::record::{Earlier, Record};
use super::EARLIER;
use crate::answer::Answer;
use crate::session::Session;
use crate::sink::Out;

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

    pub(super) fn lock(&self) -> MutexGuard<'_, Record> {
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
        let play = ClassPlay::new(self.clone(), id, client);
        (Session { engine: Box::new(play), files: FileAccess::Nowhere }, id)
    }

    pub(super) fn broadcast(&self, from: u64, answer: &Answer) {
        (self.bus)(Some(from), answer);
    }

    /// The time now by the room's clock, if it has one.
    pub(super) fn now(&self) -> Option<u64> {
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
    pub(super) fn keep(&self, from: u64, out: &mut Out) {
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
    pub(super) fn check_key(&self, key: &str) -> bool {
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
