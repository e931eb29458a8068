//! `menace serve --class`: one shared MENACE ([`menace_protocol::class::Room`]) carried
//! over WebSockets. A class connection speaks the one MENACE protocol, as a private page
//! does: one command line per frame in, JSON answers out; the class's own commands
//! (`name`, `teacher`, `class`) are rows of the protocol's table. This module only
//! carries the room's broadcasts to every connection, caps the sessions, and saves the
//! class file (a state document, as `save` writes, with the class's record) after every
//! change, before the change is told to anyone, and when the server stops.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State as Extract;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use menace_core::game::Side;
use menace_core::menace::state::State;
use menace_core::menace::BeadRules;
use menace_protocol::class::{Room as SharedMachine, RoomOptions, WRONG_KEY_WAIT};
use menace_protocol::Answer;
use tokio::sync::{broadcast, Semaphore};

use crate::engine::Engine;
use crate::socket::{connection, refuse, same_origin, Events, Peer, HARD_CAP, TRY_AGAIN_LATER};
use crate::Limits;

/// Broadcasts a slow connection may fall behind by before it is sent the whole picture
/// again instead.
const BACKLOG: usize = 1024;

/// Words of the teacher's keys. 256 short words a class can read off the board and type:
/// a key of [`KEY_WORDS`] of them holds 32 bits.
const WORDS: &str = include_str!("../assets/words.txt");

/// Words in a teacher's key.
pub const KEY_WORDS: usize = 4;

/// How a class server starts.
#[derive(Clone, Debug)]
pub struct ClassOptions {
    /// The teacher's key (the caller generates one with [`new_key`] unless given).
    pub key: String,
    /// The class file: restored at start if it exists, saved after every change and when
    /// the server stops.
    pub state: Option<PathBuf>,
    /// Rules of a fresh machine.
    pub rules: BeadRules,
    /// MENACE's side: `None` for the class file's side, or first for a new class.
    pub side: Option<Side>,
    /// Seed of the games' generators.
    pub seed: u64,
}

impl ClassOptions {
    /// A class with the challenge's rules, MENACE first: `key` or a new one from
    /// [`new_key`], and the class file `state`, if any.
    pub fn new(key: Option<String>, state: Option<PathBuf>) -> std::io::Result<ClassOptions> {
        let key = match key {
            Some(k) if k.len() >= 8 && !k.chars().any(char::is_control) && k.trim() == k => k,
            Some(_) => {
                return Err(std::io::Error::other(
                    "--teacher-key: at least 8 characters, no control characters, no spaces at the ends",
                ))
            }
            None => new_key()?,
        };
        Ok(ClassOptions { key, state, rules: BeadRules::challenge(), side: None, seed: 1961 })
    }
}

/// A teacher's key: [`KEY_WORDS`] words drawn from 256 with the operating system's
/// randomness (32 bits; a wrong key waits a second, so guessing one takes decades).
pub fn new_key() -> std::io::Result<String> {
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    debug_assert_eq!(words.len(), 256);
    let mut bytes = [0u8; KEY_WORDS];
    getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
    Ok(bytes.iter().map(|&b| words[usize::from(b) % words.len()]).collect::<Vec<_>>().join(" "))
}

/// A broadcast: the session it came from (which has it already) and its JSON.
type Event = (Option<u64>, Arc<str>);

/// The shared machine, its listeners and its file.
pub struct Room {
    machine: Arc<SharedMachine>,
    events: broadcast::Sender<Event>,
    file: Option<Arc<ClassFile>>,
    sessions: Arc<Semaphore>,
    limits: Limits,
}

/// The class file and how far it is written: every change the room counts
/// ([`SharedMachine::changes`]) is in the file once `saved` reaches it.
///
/// Why a whole snapshot per write, not a journal of finished games beside a periodic
/// snapshot: the file stays the one format `save`, `load`, `import` and `eval --state`
/// read (checked when read, fuzzed), there is nothing to replay at start, and writes are
/// grouped: a game waits for the write in progress and the next one, which covers every
/// game finished meanwhile, so under load one write serves many games (docs/menace.md
/// has the load example's figures with and without it).
struct ClassFile {
    path: PathBuf,
    /// The room's change count the file holds; held while a write is made, so writers
    /// queue here and a finished write lets every game it covers go at once.
    saved: Mutex<Option<u64>>,
}

impl ClassFile {
    /// Returns once the file holds at least `wanted` changes, writing it if needed.
    fn keep(&self, room: &SharedMachine, wanted: u64) -> Result<(), String> {
        let mut saved = self.saved.lock().unwrap_or_else(|e| e.into_inner());
        if saved.is_some_and(|s| s >= wanted) {
            return Ok(());
        }
        let (state, changes) = room.saved_state();
        // One line, compact: the class file is also what `import` takes.
        let text = serde_json::to_string(&state).expect("a state serializes") + "\n";
        menace_files::write_atomic(&self.path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        *saved = Some(changes);
        Ok(())
    }
}

impl Room {
    /// The room for `options`: the class file restored if it exists (any saved MENACE, or
    /// a class file of the old format).
    pub fn open(options: ClassOptions, limits: Limits) -> Result<Arc<Room>, String> {
        if let Some(path) = &options.state {
            // What a kill mid-write left beside the file (this server is its one writer).
            menace_files::remove_leftovers(path).map_err(|e| {
                format!("{}: cannot clear its temporary files: {e}", path.display())
            })?;
        }
        let saved = match &options.state {
            Some(path) if path.exists() => {
                let name = path.display().to_string();
                Some(State::read(path, &name)?)
            }
            _ => None,
        };
        let events = broadcast::channel(BACKLOG).0;
        let bus = {
            let events = events.clone();
            Box::new(move |from: Option<u64>, answer: &Answer| {
                let _ = events.send((from, answer.to_json().into()));
            })
        };
        let file =
            options.state.clone().map(|path| Arc::new(ClassFile { path, saved: Mutex::new(None) }));
        let keeper = file.clone().map(|file| {
            Box::new(move |room: &SharedMachine, wanted: u64| file.keep(room, wanted))
                as menace_protocol::class::Keeper
        });
        let side = options.side.or(saved.as_ref().map(|s| s.side)).unwrap_or(Side::First);
        let machine = SharedMachine::open(
            RoomOptions {
                state: saved,
                rules: options.rules,
                side,
                key: options.key,
                seed: options.seed,
                wrong_key_wait: WRONG_KEY_WAIT,
                keeper,
            },
            bus,
        )
        .map_err(|e| match &options.state {
            Some(path) => format!("{}: {e}", path.display()),
            None => e,
        })?;
        Ok(Arc::new(Room {
            machine,
            events,
            file,
            sessions: Arc::new(Semaphore::new(limits.max_sessions)),
            limits,
        }))
    }

    /// The shared machine (for tests and the load check).
    pub fn machine(&self) -> &Arc<SharedMachine> {
        &self.machine
    }

    /// Writes the class file, if there is one, unless it already holds every change.
    pub fn save(&self) -> Result<(), String> {
        match &self.file {
            Some(file) => file.keep(&self.machine, self.machine.changes()),
            None => Ok(()),
        }
    }
}

/// `GET /ws` in class mode: the origin check, the cap on sessions, then the connection
/// with a session of the shared machine.
pub async fn upgrade(
    Extract(room): Extract<Arc<Room>>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let client = peer.map(|axum::Extension(Peer(ip))| ip.to_string());
    if let Err(why) = same_origin(&headers) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    let permit = room.sessions.clone().try_acquire_owned().ok();
    let (max, idle) = (room.limits.max_sessions, room.limits.idle);
    ws.max_message_size(HARD_CAP).max_frame_size(HARD_CAP).on_upgrade(move |socket| async move {
        let Some(permit) = permit else {
            let message = format!(
                "the server is full: it runs at most {max} sessions at once; try again later"
            );
            return refuse(socket, message, TRY_AGAIN_LATER).await;
        };
        let (answers, outbox) = tokio::sync::mpsc::channel::<String>(crate::socket::OUTBOX);
        let events = room.events.subscribe();
        let (session, me) = room.machine.session_from(client);
        let engine = Engine::spawn(session, answers);
        let machine = room.machine.clone();
        let picture = Box::new(move || machine.picture().to_json());
        let events = Events { events, me, picture };
        connection(socket, Ok((engine, outbox)), permit, idle, Some(events)).await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_four_words_of_256() {
        let words: Vec<&str> = WORDS.split_whitespace().collect();
        let mut unique = words.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!((words.len(), unique.len()), (256, 256));
        assert!(words.iter().all(|w| w.chars().all(|c| c.is_ascii_lowercase())));
        let key = new_key().unwrap();
        let parts: Vec<&str> = key.split(' ').collect();
        assert_eq!(parts.len(), KEY_WORDS);
        assert!(parts.iter().all(|p| words.contains(p)), "{key}");
        assert!(ClassOptions::new(Some(key), None).is_ok());
        assert!(ClassOptions::new(Some("short".into()), None).is_err());
        assert!(ClassOptions::new(Some(" padded key ".into()), None).is_err());
    }
}
