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
use menace_protocol::class::{
    Earlier, Room as SharedMachine, RoomOptions, EARLIER, WHYS, WRONG_KEY_WAIT,
};
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
    /// Whether a key kept with the class (in its teacher's file, [`teacher_file`]) wins
    /// over [`ClassOptions::key`]: true for a key made up at start, false for
    /// `--teacher-key` and `--new-key`.
    pub keep_key: bool,
    /// The key is the one kept with the class ([`ClassOptions::adopt_kept_key`]).
    pub kept_key: bool,
}

impl ClassOptions {
    /// A class with the challenge's rules, MENACE first: `key` or a new one from
    /// [`new_key`], and the class file `state`, if any.
    pub fn new(key: Option<String>, state: Option<PathBuf>) -> std::io::Result<ClassOptions> {
        let generated = key.is_none();
        let key = match key {
            Some(k) if valid_key(&k) => k,
            Some(_) => return Err(std::io::Error::other(format!("the teacher's key: {KEY_RULE}"))),
            None => new_key()?,
        };
        Ok(ClassOptions {
            keep_key: generated,
            key,
            state,
            rules: BeadRules::challenge(),
            side: None,
            seed: 1961,
            kept_key: false,
        })
    }

    /// Takes the key kept with the class (its teacher's file, beside `state`) when the key
    /// was made up at start: the key on the board last week still opens the class.
    pub fn adopt_kept_key(&mut self) -> Result<(), String> {
        let Some(state) = self.state.as_ref().filter(|_| self.keep_key) else { return Ok(()) };
        if let Some(kept) = TeacherFile::read(&teacher_file(state))? {
            self.key = kept.key;
            self.kept_key = true;
        }
        Ok(())
    }
}

/// What a teacher's key must be, as [`valid_key`] checks it.
pub const KEY_RULE: &str = "at least 8 characters, no control characters, no spaces at the ends";

/// Whether `key` may be a teacher's key: [`KEY_RULE`] (`--teacher-key` and the teacher's
/// file alike).
pub fn valid_key(key: &str) -> bool {
    key.len() >= 8 && !key.chars().any(char::is_control) && key.trim() == key
}

/// The teacher's file of a class file `state`: `STATE.teacher`, beside it, readable by its
/// owner only. It holds what the class keeps but never hands out with `export`: the
/// teacher's key and the earlier machines `restore` brings back.
pub fn teacher_file(state: &std::path::Path) -> PathBuf {
    let mut name = state.as_os_str().to_owned();
    name.push(".teacher");
    PathBuf::from(name)
}

/// The teacher's file's contents.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TeacherFile {
    format: String,
    version: u32,
    key: String,
    previous: Vec<SavedEarlier>,
}

/// An earlier machine as the teacher's file keeps it.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedEarlier {
    why: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    when: Option<u64>,
    state: State,
}

const TEACHER_FORMAT: &str = "menace-class-teacher";

impl TeacherFile {
    /// The file at `path`, checked, if there is one (its states are checked when the
    /// room takes them).
    fn read(path: &std::path::Path) -> Result<Option<TeacherFile>, String> {
        if !path.exists() {
            return Ok(None);
        }
        let cap = (EARLIER as u64 + 1) * menace_core::menace::state::MAX_STATE_BYTES;
        let bytes = menace_files::read_capped(path, cap)
            .map_err(|e| format!("cannot read {}: {}", path.display(), e.reason()))?;
        let file: TeacherFile = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{} is not a class's teacher file: {e}", path.display()))?;
        let bad = file.format != TEACHER_FORMAT
            || file.version != 1
            || !valid_key(&file.key)
            || file.previous.len() > EARLIER
            || file.previous.iter().any(|e| !WHYS.contains(&e.why.as_str()));
        if bad {
            return Err(format!("{} is not a class's teacher file", path.display()));
        }
        Ok(Some(file))
    }

    /// The earlier machines as the room takes them.
    fn earlier(self) -> Vec<Earlier> {
        let why = |w: &str| WHYS.iter().copied().find(|x| *x == w).unwrap_or("reset");
        self.previous
            .into_iter()
            .map(|e| Earlier { why: why(&e.why), when: e.when, state: e.state })
            .collect()
    }

    /// Writes it to `path`, atomically, readable by its owner only (it holds the key).
    fn write(path: &std::path::Path, key: &str, previous: &[Earlier]) -> Result<(), String> {
        let file = TeacherFile {
            format: TEACHER_FORMAT.into(),
            version: 1,
            key: key.into(),
            previous: previous
                .iter()
                .map(|e| SavedEarlier { why: e.why.into(), when: e.when, state: e.state.clone() })
                .collect(),
        };
        let text = serde_json::to_string(&file).expect("a teacher file serializes") + "\n";
        #[cfg(unix)]
        if !path.exists() {
            // Created owner-only before the first write: the writer keeps a file's mode.
            use std::os::unix::fs::OpenOptionsExt;
            let _ = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path);
        }
        menace_files::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
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
    /// The teacher's key, kept in the teacher's file.
    key: String,
    /// The replacements the teacher's file holds ([`SharedMachine::earlier`]).
    teacher_saved: Mutex<Option<u64>>,
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
        self.keep_teacher(room)
    }

    /// Writes the teacher's file if the earlier machines changed since it was written.
    fn keep_teacher(&self, room: &SharedMachine) -> Result<(), String> {
        let mut saved = self.teacher_saved.lock().unwrap_or_else(|e| e.into_inner());
        let (previous, replaced) = room.earlier();
        if *saved != Some(replaced) {
            TeacherFile::write(&teacher_file(&self.path), &self.key, &previous)?;
            *saved = Some(replaced);
        }
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
        let previous = match &options.state {
            Some(path) => TeacherFile::read(&teacher_file(path))?.map(TeacherFile::earlier),
            None => None,
        }
        .unwrap_or_default();
        let file = options.state.clone().map(|path| {
            Arc::new(ClassFile {
                path,
                saved: Mutex::new(None),
                key: options.key.clone(),
                teacher_saved: Mutex::new(None),
            })
        });
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
                previous,
                clock: Some(Box::new(|| {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs())
                })),
            },
            bus,
        )
        .map_err(|e| match &options.state {
            Some(path) => format!("{}: {e}", path.display()),
            None => e,
        })?;
        // The key and the earlier machines are on disk from the start: a kill before the
        // first game still keeps last week's key.
        if let Some(file) = &file {
            file.keep_teacher(&machine)?;
        }
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
