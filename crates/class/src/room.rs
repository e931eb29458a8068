//! A class's room: the one shared machine behind its lock, the store that makes each
//! change durable before it is told ([`Store`]), the bus that tells everyone ([`Bus`]) and
//! the teacher's key. Members join it through `member.rs`, which knows the room; the room
//! knows no member.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use menace_core::game::Side;
use menace_core::menace::class::ClassRecord;
use menace_core::menace::state::{other_side, State};
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_protocol::sink::Out;
use menace_protocol::Answer;

use crate::limits::EARLIER;
use crate::record::{Earlier, Record};
use crate::store::Store;

/// The room's clock for [`Earlier::when`]: seconds since 1970.
pub type Clock = Box<dyn Fn() -> u64 + Send + Sync>;

/// How long a wrong teacher's key holds up every other key attempt in the room.
pub const WRONG_KEY_WAIT: Duration = Duration::from_secs(1);

/// Where what everyone should see goes: called with the session it came from (which has
/// it already, in order, from its own answers) and the answer. It must not block.
pub type Bus = Box<dyn Fn(Option<u64>, &Answer) + Send + Sync>;

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
    /// What makes each change durable before it is told ([`Store`]); `None` keeps the
    /// class in memory only.
    pub store: Option<Box<dyn Store>>,
    /// The class's earlier machines, newest first (as its store kept them), checked as
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
    store: Option<Box<dyn Store>>,
    /// What the store holds: the room's change count and replacement count it has
    /// committed. Held while a commit is made, so committers queue here and one commit
    /// covers every change made before it (group commit: under load one write serves many
    /// games).
    committed: Mutex<Option<(u64, u64)>>,
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
            if e.state.earlier.is_some() {
                return Err("an earlier machine holds earlier machines of its own".into());
            }
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
            store: options.store,
            committed: Mutex::new(None),
            clock: options.clock,
        }))
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, Record> {
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

    pub(crate) fn broadcast(&self, from: u64, answer: &Answer) {
        (self.bus)(Some(from), answer);
    }

    /// The time now by the room's clock, if it has one.
    pub(crate) fn now(&self) -> Option<u64> {
        self.clock.as_ref().map(|c| c())
    }

    /// Changes made so far to what the class file holds (a game counted, a training
    /// block, a new machine, new rules), counted from the room's start.
    pub fn changes(&self) -> u64 {
        self.lock().changes
    }

    /// The number a new member gets (the `from` its broadcasts carry on the bus, so its
    /// transport can skip what it already answered).
    pub(crate) fn next_member(&self) -> u64 {
        self.members.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Makes the changes made so far durable ([`Store`]) before they are told; a failure
    /// is told to this session and everyone (the teacher must see it).
    pub(crate) fn keep_all(&self, from: u64, out: &mut Out) {
        if self.store.is_some() {
            let wanted = self.changes();
            let _told_if_not = self.keep(wanted, from, out);
        }
    }

    /// [`Room::keep_all`] for a caller that read the change count `wanted` under its own
    /// hold of the lock (a finished game takes the lock once): whether it is kept.
    pub(crate) fn keep(&self, wanted: u64, from: u64, out: &mut Out) -> bool {
        if let Err(e) = self.commit(wanted) {
            let error = Answer::error(format!(
                "the class file could not be written ({e}): what happened since the last \
                 save is kept in memory only until a save succeeds"
            ));
            out.emit(error.clone());
            self.broadcast(from, &error);
            return false;
        }
        true
    }

    /// Returns once the store holds at least `wanted` changes, committing them if needed:
    /// the class as it is now (one hold of the lock for the whole group), with its
    /// earlier machines when they changed since the last commit, as one.
    fn commit(&self, wanted: u64) -> Result<(), String> {
        let Some(store) = &self.store else { return Ok(()) };
        let mut committed = self.committed.lock().unwrap_or_else(|e| e.into_inner());
        if committed.is_some_and(|(changes, _)| changes >= wanted) {
            return Ok(());
        }
        let (state, changes, replaced, earlier) = {
            let record = self.lock();
            let replaced = record.replaced;
            let earlier = (*committed).is_none_or(|(_, r)| r != replaced);
            let earlier = earlier.then(|| record.previous.iter().cloned().collect::<Vec<_>>());
            (record.state(), record.changes, replaced, earlier)
        };
        match earlier {
            Some(earlier) => store.commit_replace(&state, &earlier)?,
            None => store.commit_games(&state)?,
        }
        *committed = Some((changes, replaced));
        Ok(())
    }

    /// Commits the class, its earlier machines and the teacher's key now, whatever the
    /// store holds (at start: the key on the board last week and the earlier machines are
    /// in the store before the first game).
    pub fn commit_all(&self) -> Result<(), String> {
        let Some(store) = &self.store else { return Ok(()) };
        *self.committed.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.commit(u64::MAX)?;
        store.keep_key(&self.key)
    }

    /// Commits what the store does not hold yet (when the server stops).
    pub fn save(&self) -> Result<(), String> {
        self.commit(self.changes())
    }

    /// Keys compared in time independent of where they differ; a wrong one waits
    /// [`RoomOptions::wrong_key_wait`] holding up every other attempt, so a room takes at
    /// most one guess per wait.
    pub(crate) fn check_key(&self, key: &str) -> bool {
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
