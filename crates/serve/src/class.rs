//! `menace serve --class`: one shared MENACE ([`menace_class::Room`]) carried over
//! WebSockets. A class connection speaks the one MENACE protocol, as a private page does:
//! one command line per frame in, JSON answers out; the class's own commands (`name`,
//! `teacher`, `class`) are rows of the protocol's table. This module only carries frames
//! and the room's broadcasts to every connection and caps the sessions; the class, its
//! key and its file are the class crate's ([`menace_class::FileStore`]).

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State as Extract;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use menace_class::{FileStore, Room as SharedMachine, RoomOptions, Store, WRONG_KEY_WAIT};
use menace_core::game::Side;
use menace_core::menace::BeadRules;
use menace_protocol::Answer;
use tokio::sync::Semaphore;

use crate::engine::Engine;
use crate::news::{Broadcast, Newsroom};
use crate::socket::{connection, refuse, same_origin, Events, Peer, TRY_AGAIN_LATER};
use crate::Limits;

pub use menace_class::{new_key, teacher_file, valid_key, KEY_RULE, KEY_WORDS};

/// Frames a slow connection may fall behind by before it is sent the whole picture again
/// instead: the room sends at most 16 at once and then 4 a second ([`crate::news`]), so
/// this is most of a minute behind, and a busy room's `news` frames held for it stay a few
/// megabytes.
const BACKLOG: usize = 64;

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
    /// What the teacher must hear at start about the kept class (its teacher's file gone
    /// missing), if anything.
    pub notice: Option<String>,
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
            notice: None,
        })
    }

    /// Takes the key kept with the class (its teacher's file, beside `state`) when the key
    /// was made up at start: the key on the board last week still opens the class.
    pub fn adopt_kept_key(&mut self) -> Result<(), String> {
        let Some(state) = self.state.as_ref().filter(|_| self.keep_key) else { return Ok(()) };
        let stored = FileStore::open(state.clone())?.load()?;
        if let Some(key) = stored.key {
            self.key = key;
            self.kept_key = true;
        }
        self.notice = stored.notice;
        Ok(())
    }
}

/// The shared machine, its listeners and its file.
pub struct Room {
    machine: Arc<SharedMachine>,
    news: Arc<Newsroom>,
    sessions: Arc<Semaphore>,
    limits: Limits,
    /// Since when nobody has been connected (set when someone leaves an empty room).
    idle_since: std::sync::Mutex<Option<std::time::Instant>>,
}

/// What a room starts from besides its store: the key, fresh boxes' rules, MENACE's side
/// (`None`: the kept class's, else first) and the games' seed.
struct Start {
    key: String,
    rules: BeadRules,
    side: Option<Side>,
    seed: u64,
}

impl Room {
    /// The room for `options`: the class file restored if it exists (any saved MENACE, or
    /// a class file of the old format), and committed with the key at once (a kill before
    /// the first game still keeps last week's key).
    pub fn open(options: ClassOptions, limits: Limits) -> Result<Arc<Room>, String> {
        let store = options.state.clone().map(FileStore::open).transpose()?;
        let stored = match &store {
            Some(store) => store.load()?,
            None => Default::default(),
        };
        let start = Start {
            key: options.key,
            rules: options.rules,
            side: options.side,
            seed: options.seed,
        };
        Room::build(store.map(|s| Box::new(s) as Box<dyn Store>), stored, start, limits).map_err(
            |e| match &options.state {
                Some(path) => format!("{}: {e}", path.display()),
                None => e,
            },
        )
    }

    /// A room of a rooms server: the class its `store` keeps (fresh boxes under the
    /// challenge's rules if it keeps none), with the teacher's key `key`.
    pub fn with_store(
        store: Box<dyn Store>,
        key: String,
        limits: Limits,
    ) -> Result<Arc<Room>, String> {
        let stored = store.load()?;
        let start = Start { key, rules: BeadRules::challenge(), side: None, seed: 1961 };
        Room::build(Some(store), stored, start, limits)
    }

    /// Whether a class `stored` would open as a room: every check a start applies (the
    /// machine, its side, the class's record, each earlier machine), nothing kept.
    pub fn check(stored: menace_class::Stored) -> Result<(), String> {
        let start = Start {
            key: "a key to check with".into(),
            rules: BeadRules::challenge(),
            side: None,
            seed: 1961,
        };
        Room::build(None, stored, start, Limits::default()).map(drop)
    }

    fn build(
        store: Option<Box<dyn Store>>,
        stored: menace_class::Stored,
        start: Start,
        limits: Limits,
    ) -> Result<Arc<Room>, String> {
        let news = Newsroom::open(BACKLOG);
        let bus = {
            let news = news.clone();
            Box::new(move |from: Option<u64>, answer: &Answer| {
                // Prepared once here (in the session's thread), not by each connection.
                news.publish(Broadcast::of(from, answer));
            })
        };
        let side = start.side.or(stored.state.as_ref().map(|s| s.side)).unwrap_or(Side::First);
        let machine = SharedMachine::open(
            RoomOptions {
                state: stored.state,
                rules: start.rules,
                side,
                key: start.key,
                seed: start.seed,
                wrong_key_wait: WRONG_KEY_WAIT,
                store,
                previous: stored.earlier,
                clock: Some(Box::new(|| {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs())
                })),
            },
            bus,
        )?;
        machine.commit_all()?;
        Ok(Arc::new(Room {
            machine,
            news,
            sessions: Arc::new(Semaphore::new(limits.max_sessions)),
            limits,
            idle_since: std::sync::Mutex::new(Some(std::time::Instant::now())),
        }))
    }

    /// Players connected now.
    pub fn players(&self) -> usize {
        self.limits.max_sessions - self.sessions.available_permits()
    }

    /// How long nobody has been connected (zero while someone is).
    pub fn idle_for(&self) -> std::time::Duration {
        if self.players() > 0 {
            return std::time::Duration::ZERO;
        }
        let mut since = self.idle_since.lock().unwrap_or_else(|e| e.into_inner());
        since.get_or_insert_with(std::time::Instant::now).elapsed()
    }

    /// The shared machine (for tests and the load check).
    pub fn machine(&self) -> &Arc<SharedMachine> {
        &self.machine
    }

    /// Commits what the class file does not hold yet, if there is one.
    pub fn save(&self) -> Result<(), String> {
        self.machine.save()
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
    crate::socket::configured(ws).on_upgrade(move |socket| async move {
        let Some(permit) = permit else {
            let message = format!(
                "the server is full: it runs at most {max} sessions at once; try again later"
            );
            return refuse(socket, message, TRY_AGAIN_LATER).await;
        };
        let (answers, outbox) = tokio::sync::mpsc::channel::<String>(crate::socket::OUTBOX);
        let events = room.news.subscribe();
        let (session, me) = room.machine.session_from(client);
        let engine = Engine::spawn(session, answers);
        let machine = room.machine.clone();
        let picture = Box::new(move || machine.picture().to_json());
        let events = Events::new(events, me, picture);
        connection(socket, Ok((engine, outbox)), permit, idle, Some(events)).await;
        // A rooms server lets go of a room some time after its last player left.
        *room.idle_since.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(std::time::Instant::now());
    })
}
