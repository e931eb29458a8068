//! `menace serve --rooms DB`: many classes on one server. A teacher makes a room on the
//! teacher's page and gets a six-character code for the board; students type it on the
//! home page (or scan the room's QR code) and land on the class page of that room, which
//! is exactly `menace serve --class`'s: the same protocol, page, projector view, undo,
//! guide, labels, languages, presets, names and limits. Rooms are kept in an SQLite
//! database ([`menace_rooms::Db`]) through the class's [`Store`] interface, so a game a
//! page was told is finished is on disk first, and a restart keeps every room.
//!
//! What a public server needs: rooms made per address per hour, rooms in all, players per
//! room (the class's session cap) and wrong keys per address are capped; a forwarded
//! client address is believed only from the proxies the operator names; every request
//! that changes something must come from this server's own pages (its `Origin`). The
//! teacher's key travels in request bodies only.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{Path, Query, State as Extract};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use menace_class::{Store, Stored};
use menace_core::menace::state::State;
use menace_rooms::limits::Window;
use menace_rooms::{Db, DbError, RoomCode, RoomRow};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;

use crate::class::{new_key, valid_key, Room};
use crate::socket::{same_origin, Peer};
use crate::Limits;

/// How a rooms server runs.
#[derive(Clone, Debug)]
pub struct RoomsOptions {
    /// The database file.
    pub db: PathBuf,
    /// Rooms one client address may make in an hour.
    pub made_per_hour: usize,
    /// Rooms in all (open and archived).
    pub max_rooms: u64,
    /// Wrong teacher's keys one client address may try in an hour.
    pub wrong_keys_per_hour: usize,
    /// Rooms unused this long are archived (students can no longer join; the teacher can
    /// open or download them again) ...
    pub archive_after: Duration,
    /// ... and deleted this long after they were archived.
    pub delete_after: Duration,
    /// Reverse proxies whose `X-Forwarded-For` is believed ([`menace_rooms::proxy`]).
    pub trusted_proxies: Vec<IpAddr>,
    /// The address students reach this server at, for the rooms' QR codes
    /// (`https://menace.example.org/`); `None`: the address the request named.
    pub public_url: Option<String>,
    /// The operator's key, for the operator's view.
    pub operator_key: String,
}

impl RoomsOptions {
    /// The defaults for database `db`: 10 rooms an address an hour, 10,000 rooms, 20 wrong
    /// keys an address an hour, archived after 30 days unused, deleted 60 days later.
    pub fn new(db: PathBuf) -> std::io::Result<RoomsOptions> {
        Ok(RoomsOptions {
            db,
            made_per_hour: 10,
            max_rooms: 10_000,
            wrong_keys_per_hour: 20,
            archive_after: Duration::from_secs(30 * 86_400),
            delete_after: Duration::from_secs(60 * 86_400),
            trusted_proxies: Vec::new(),
            public_url: None,
            operator_key: new_key()?,
        })
    }
}

/// Addresses tracked at most by each limit (a flood of addresses is refused, never
/// grows the server's memory).
const TRACKED: usize = 100_000;

/// How long a room with nobody in it stays in memory.
const IDLE_ROOM: Duration = Duration::from_secs(600);

/// The rooms a server holds: the database, the rooms in memory, the limits.
pub struct Rooms {
    db: Arc<Db>,
    live: Mutex<HashMap<RoomCode, Arc<Room>>>,
    made: Mutex<Window<IpAddr>>,
    wrong: Mutex<Window<IpAddr>>,
    options: RoomsOptions,
    limits: Limits,
    /// (when, games in all) samples for the games a second of the operator's view.
    samples: Mutex<Vec<(Instant, u64)>>,
}

fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A refusal on its way to becoming the answer (boxed: a response is large).
type Refused = Box<Response>;

/// A JSON answer with `status`; never kept by a browser or a proxy (the answers hold keys,
/// and figures that are stale a moment later).
fn answer(status: StatusCode, value: serde_json::Value) -> Response {
    let headers = [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")];
    (status, headers, value.to_string()).into_response()
}

/// A JSON request body as `T`, or one refusal saying it is not.
fn read<T: DeserializeOwned>(body: &Bytes, what: &str) -> Result<T, Refused> {
    serde_json::from_slice(body).map_err(|e| {
        Box::new(refuse(
            StatusCode::BAD_REQUEST,
            "other",
            &format!("the request is not {what}: {e}"),
        ))
    })
}

/// A refusal of the rooms' API: its status and its code (the pages word it from the
/// catalogs, `rooms-error-CODE`).
fn refuse(status: StatusCode, code: &str, message: &str) -> Response {
    answer(status, json!({ "code": code, "error": message }))
}

fn db_refusal(e: &DbError) -> Response {
    match e {
        DbError::NoRoom => refuse(StatusCode::NOT_FOUND, "no-room", "no class has this code"),
        DbError::Full(_) => refuse(StatusCode::INSUFFICIENT_STORAGE, "other", &e.to_string()),
        _ => refuse(StatusCode::SERVICE_UNAVAILABLE, "other", &e.to_string()),
    }
}

/// What the database keeps of a room: the class file's document, its class and earlier
/// machines in one, as `menace serve --class` writes its file.
struct DbStore {
    db: Arc<Db>,
    code: RoomCode,
    earlier: Mutex<Vec<menace_core::menace::state::SavedEarlier>>,
}

impl Store for DbStore {
    fn load(&self) -> Result<Stored, String> {
        let Some((_, key, doc)) = self.db.load(self.code).map_err(|e| e.to_string())? else {
            return Err(format!("room {}: {}", self.code, DbError::NoRoom));
        };
        let stored = menace_class::read_document(&doc)?;
        *self.earlier.lock().unwrap_or_else(|e| e.into_inner()) =
            stored.earlier.iter().map(menace_class::Earlier::saved).collect();
        Ok(Stored { key: Some(key), ..stored })
    }

    fn commit_games(&self, class: &State) -> Result<(), String> {
        let earlier = self.earlier.lock().unwrap_or_else(|e| e.into_inner());
        let doc = menace_class::document(class, &earlier);
        self.db.commit(self.code, doc, class.games_played, now()).map_err(|e| e.to_string())
    }

    fn commit_replace(
        &self,
        class: &State,
        earlier: &[menace_class::Earlier],
    ) -> Result<(), String> {
        let mut kept = self.earlier.lock().unwrap_or_else(|e| e.into_inner());
        let saved: Vec<_> = earlier.iter().map(menace_class::Earlier::saved).collect();
        let doc = menace_class::document(class, &saved);
        self.db.commit(self.code, doc, class.games_played, now()).map_err(|e| e.to_string())?;
        *kept = saved;
        Ok(())
    }

    /// The key is the room's from its making; it never changes.
    fn keep_key(&self, _key: &str) -> Result<(), String> {
        Ok(())
    }
}

impl Rooms {
    /// Opens the database (checked: a damaged, held or full one is refused with a
    /// sentence, and left as it is).
    pub fn open(options: RoomsOptions, limits: Limits) -> Result<Arc<Rooms>, String> {
        let db = Db::open(&options.db).map_err(|e| {
            let file = options.db.display();
            match e {
                // What to do is the operator's, at start; nothing was written.
                DbError::Full(_) => format!(
                    "{file}: {e}: free some space on its disk (or name a file on a disk with \
                     room) and start again"
                ),
                _ => format!("{file}: {e}"),
            }
        })?;
        let hour = Duration::from_secs(3600);
        Ok(Arc::new(Rooms {
            db: Arc::new(db),
            live: Mutex::new(HashMap::new()),
            made: Mutex::new(Window::new(options.made_per_hour, hour, TRACKED)),
            wrong: Mutex::new(Window::new(options.wrong_keys_per_hour, hour, TRACKED)),
            options,
            limits,
            samples: Mutex::new(Vec::new()),
        }))
    }

    /// The room `code` in memory, opened from the database if it is not yet; `None` when
    /// there is no such room or it is archived. (Public for the load benchmark, which
    /// plays rooms in process: `examples/load.rs`.)
    pub fn enter(&self, code: RoomCode) -> Result<Option<Arc<Room>>, String> {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(room) = live.get(&code) {
            return Ok(Some(room.clone()));
        }
        let Some((row, key, _)) = self.db.load(code).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        if row.archived.is_some() {
            return Ok(None);
        }
        let store = DbStore { db: self.db.clone(), code, earlier: Mutex::new(Vec::new()) };
        let room = Room::with_store(Box::new(store), key, self.limits.clone())
            .map_err(|e| format!("room {code}: {e}"))?;
        live.insert(code, room.clone());
        Ok(Some(room))
    }

    /// [`Rooms::enter`], refused in the rooms' API's form.
    fn room(&self, code: RoomCode) -> Result<Option<Arc<Room>>, Refused> {
        self.enter(code).map_err(|e| Box::new(refuse(StatusCode::SERVICE_UNAVAILABLE, "other", &e)))
    }

    /// The rooms' database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The client address the limits count ([`menace_rooms::proxy::client`]).
    fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> IpAddr {
        let peer = peer.unwrap_or(IpAddr::from([0, 0, 0, 0]));
        let forwarded = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        menace_rooms::proxy::client(peer, forwarded, &self.options.trusted_proxies)
    }

    /// Counts a wrong key from `client`: false once it had its share this hour.
    fn wrong_key(&self, client: IpAddr) -> bool {
        self.wrong.lock().unwrap_or_else(|e| e.into_inner()).allow(&client, Instant::now()).is_ok()
    }

    /// Whether `client` may still try a key this hour (counting nothing).
    fn may_try(&self, client: IpAddr) -> bool {
        self.wrong.lock().unwrap_or_else(|e| e.into_inner()).would_allow(&client, Instant::now())
    }

    /// Checks `key` against room `code`'s (or, with no code, that it owns some room),
    /// under the wrong-key limit; the room's row when it is right.
    fn check_key(&self, client: IpAddr, key: &str, code: RoomCode) -> Result<RoomRow, Refused> {
        if !self.may_try(client) {
            return Err(Box::new(too_many()));
        }
        let Some((row, room_key, _)) = self.db.load(code).map_err(|e| Box::new(db_refusal(&e)))?
        else {
            return Err(Box::new(refuse(
                StatusCode::NOT_FOUND,
                "no-room",
                "no class has this code",
            )));
        };
        if !same_key(&room_key, key) {
            self.wrong_key(client);
            return Err(Box::new(refuse(
                StatusCode::FORBIDDEN,
                "wrong-key",
                "that is not this room's key",
            )));
        }
        Ok(row)
    }

    /// Writes every room in memory once more and lets go of those nobody is in.
    pub fn tidy(&self, everything: bool) {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        live.retain(|code, room| {
            if let Err(e) = room.save() {
                eprintln!("menace serve: room {code}: {e}");
            }
            !(everything || room.idle_for() >= IDLE_ROOM)
        });
    }

    /// When the server stops: every room in memory written once more, and the database's
    /// log moved into its file ([`Db::checkpoint`]).
    pub fn close(&self) {
        self.tidy(true);
        if let Err(e) = self.db.checkpoint() {
            eprintln!("menace serve: {}: {e}", self.db.path().display());
        }
    }

    /// Archives and deletes the rooms past their time (the hourly sweep).
    pub fn sweep(&self) -> Result<(u64, u64), DbError> {
        let t = now();
        let archive = t.saturating_sub(self.options.archive_after.as_secs());
        let delete = t.saturating_sub(self.options.delete_after.as_secs());
        self.db.sweep(archive, delete, t)
    }

    /// The operator's figures: rooms, players now, games a second, the database's size.
    pub fn figures(&self) -> Result<serde_json::Value, DbError> {
        let stats = self.db.stats()?;
        let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        let players: usize = live.values().map(|r| r.players()).sum();
        let rate = {
            let mut samples = self.samples.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            // A sample a second at most: however often the figures are asked for, the
            // minute's samples stay few.
            if samples.last().is_none_or(|(t, _)| now.duration_since(*t) >= Duration::from_secs(1))
            {
                samples.push((now, stats.games));
            }
            samples.retain(|(t, _)| now.duration_since(*t) <= Duration::from_secs(60));
            let (t0, g0) = samples.first().copied().unwrap_or((now, stats.games));
            let secs = now.duration_since(t0).as_secs_f64();
            if secs > 0.0 {
                stats.games.saturating_sub(g0) as f64 / secs
            } else {
                0.0
            }
        };
        Ok(json!({
            "rooms": stats.rooms,
            "archived": stats.archived,
            "rooms_in_memory": live.len(),
            "players": players,
            "games": stats.games,
            "games_per_second": (rate * 10.0).round() / 10.0,
            // The file and its write-ahead log: what the database takes on disk.
            "database_bytes": stats.bytes.saturating_add(stats.wal_bytes),
        }))
    }
}

fn too_many() -> Response {
    refuse(
        StatusCode::TOO_MANY_REQUESTS,
        "too-many",
        "too many tries from this address; wait, then try again",
    )
}

/// Keys compared in time that does not depend on where they differ.
fn same_key(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// A change must come from this server's own pages.
fn from_our_pages(headers: &HeaderMap) -> Result<(), Refused> {
    same_origin(headers).map_err(|why| Box::new(refuse(StatusCode::FORBIDDEN, "other", &why)))
}

fn parse_code(code: &str) -> Result<RoomCode, Refused> {
    code.parse().map_err(|e: menace_rooms::code::CodeError| {
        Box::new(refuse(StatusCode::NOT_FOUND, "no-room", &e.to_string()))
    })
}

fn row_json(r: &RoomRow) -> serde_json::Value {
    json!({ "code": r.code.to_string(), "made": r.made, "used": r.used, "games": r.games, "archived": r.archived })
}

type Shared = Extract<Arc<Rooms>>;
type PeerAt = Option<axum::Extension<Peer>>;

fn peer_ip(peer: PeerAt) -> Option<IpAddr> {
    peer.map(|axum::Extension(Peer(ip))| ip)
}

/// `GET /api/rooms/CODE`: whether students can join (200), or not (404 no room, 410
/// closed).
async fn look_up(Extract(rooms): Shared, Path(code): Path<String>) -> Response {
    let code = match parse_code(&code) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let rooms2 = rooms.clone();
    let found = tokio::task::spawn_blocking(move || rooms2.db.load(code)).await;
    match found {
        Ok(Ok(Some((row, _, _)))) if row.archived.is_none() => {
            answer(StatusCode::OK, json!({ "code": code.to_string() }))
        }
        Ok(Ok(Some(_))) => refuse(StatusCode::GONE, "closed", "this class's room is closed"),
        Ok(Ok(None)) => refuse(StatusCode::NOT_FOUND, "no-room", "no class has this code"),
        Ok(Err(e)) => db_refusal(&e),
        Err(_) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", "the lookup failed"),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Make {
    key: Option<String>,
    /// A class file to make the room from (as `menace serve --class` writes it).
    class: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyOnly {
    key: String,
}

/// `POST /api/rooms` {key?, class?}: a new room, for the teacher whose key is given (it
/// must already own a room) or for a new key; from a class file if one is given, checked
/// as a class server checks it at start.
async fn make(Extract(rooms): Shared, peer: PeerAt, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = from_our_pages(&headers) {
        return *r;
    }
    let ask: Make = match read(&body, "{key, class}") {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let client = rooms.client(peer_ip(peer), &headers);
    tokio::task::spawn_blocking(move || rooms.make_room(client, ask)).await.unwrap_or_else(|_| {
        refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", "making the room failed")
    })
}

impl Rooms {
    fn make_room(&self, client: IpAddr, ask: Make) -> Response {
        let key = match ask.key {
            Some(key) => {
                if !self.may_try(client) {
                    return too_many();
                }
                let owns =
                    valid_key(&key) && self.db.list(&key).map(|r| !r.is_empty()).unwrap_or(false);
                if !owns {
                    self.wrong_key(client);
                    return refuse(
                        StatusCode::FORBIDDEN,
                        "wrong-key",
                        "that key owns no room here",
                    );
                }
                key
            }
            None => match new_key() {
                Ok(k) => k,
                Err(e) => {
                    return refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", &e.to_string())
                }
            },
        };
        let doc = match ask.class.as_deref() {
            Some(text) => {
                if text.len() as u64 > menace_core::menace::state::MAX_STATE_BYTES * 6 {
                    return refuse(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "too-large",
                        "a class file is at most 1 MiB",
                    );
                }
                // Every check a room's start applies, or nothing is made.
                let checked = menace_class::read_document(text.as_bytes()).and_then(|stored| {
                    let state = stored.state.clone();
                    let saved: Vec<_> =
                        stored.earlier.iter().map(menace_class::Earlier::saved).collect();
                    Room::check(stored).map(|()| (state, saved))
                });
                match checked {
                    Ok((Some(state), saved)) => menace_class::document(&state, &saved),
                    Ok((None, _)) => Vec::new(),
                    Err(e) => return refuse(StatusCode::UNPROCESSABLE_ENTITY, "bad-class", &e),
                }
            }
            None => Vec::new(),
        };
        match self.db.stats() {
            Ok(s) if s.rooms >= self.options.max_rooms => {
                return refuse(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "full",
                    "the server holds as many rooms as it may",
                )
            }
            Err(e) => return db_refusal(&e),
            Ok(_) => {}
        }
        if self
            .made
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .allow(&client, Instant::now())
            .is_err()
        {
            return too_many();
        }
        for _ in 0..16 {
            let code = match RoomCode::random() {
                Ok(c) => c,
                Err(e) => {
                    return refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", &e.to_string())
                }
            };
            match self.db.make(code, &key, doc.clone(), now()) {
                Ok(()) => {
                    return answer(StatusCode::OK, json!({ "code": code.to_string(), "key": key }))
                }
                Err(DbError::Taken) => continue,
                Err(e) => return db_refusal(&e),
            }
        }
        refuse(StatusCode::SERVICE_UNAVAILABLE, "other", "no free code was found")
    }
}

/// `POST /api/rooms/list` {key}: the key's rooms, newest first.
async fn list(Extract(rooms): Shared, peer: PeerAt, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(r) = from_our_pages(&headers) {
        return *r;
    }
    let KeyOnly { key } = match read(&body, "{key}") {
        Ok(k) => k,
        Err(r) => return *r,
    };
    let client = rooms.client(peer_ip(peer), &headers);
    if !rooms.may_try(client) {
        return too_many();
    }
    let found = {
        let rooms = rooms.clone();
        let key = key.clone();
        tokio::task::spawn_blocking(move || rooms.db.list(&key)).await
    };
    match found {
        Ok(Ok(list)) if list.is_empty() => {
            rooms.wrong_key(client);
            refuse(StatusCode::FORBIDDEN, "wrong-key", "that key owns no room here")
        }
        Ok(Ok(list)) => answer(
            StatusCode::OK,
            json!({ "rooms": list.iter().map(row_json).collect::<Vec<_>>() }),
        ),
        Ok(Err(e)) => db_refusal(&e),
        Err(_) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", "listing failed"),
    }
}

/// What the teacher does to one room.
#[derive(Clone, Copy)]
enum Act {
    Close,
    Reopen,
    Export,
}

async fn act(
    rooms: Arc<Rooms>,
    peer: PeerAt,
    headers: HeaderMap,
    code: String,
    body: Bytes,
    act: Act,
) -> Response {
    if let Err(r) = from_our_pages(&headers) {
        return *r;
    }
    let code = match parse_code(&code) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let KeyOnly { key } = match read(&body, "{key}") {
        Ok(k) => k,
        Err(r) => return *r,
    };
    let client = rooms.client(peer_ip(peer), &headers);
    tokio::task::spawn_blocking(move || {
        if let Err(r) = rooms.check_key(client, &key, code) {
            return *r;
        }
        let done = match act {
            Act::Close => {
                // Everything in memory written first; then no one new can join.
                if let Some(room) =
                    rooms.live.lock().unwrap_or_else(|e| e.into_inner()).remove(&code)
                {
                    let _ = room.save();
                }
                rooms.db.archive(code, now()).map(|()| json!({ "code": code.to_string() }))
            }
            Act::Reopen => {
                rooms.db.reopen(code, now()).map(|()| json!({ "code": code.to_string() }))
            }
            Act::Export => {
                if let Some(room) = rooms.live.lock().unwrap_or_else(|e| e.into_inner()).get(&code)
                {
                    let _ = room.save();
                }
                rooms.db.load(code).map(|found| {
                    let doc = found.map(|(_, _, doc)| doc).unwrap_or_default();
                    let class: serde_json::Value =
                        serde_json::from_slice(&doc).unwrap_or(serde_json::Value::Null);
                    json!({ "code": code.to_string(), "class": class })
                })
            }
        };
        match done {
            Ok(v) => answer(StatusCode::OK, v),
            Err(e) => db_refusal(&e),
        }
    })
    .await
    .unwrap_or_else(|_| refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", "the request failed"))
}

/// `POST /api/rooms/CODE/close`, `.../reopen`, `.../export` {key}: what the teacher does
/// to one room.
async fn teacher_act(
    Extract(rooms): Shared,
    peer: PeerAt,
    headers: HeaderMap,
    Path((code, word)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let what = match word.as_str() {
        "close" => Act::Close,
        "reopen" => Act::Reopen,
        "export" => Act::Export,
        _ => return refuse(StatusCode::NOT_FOUND, "other", "no such request"),
    };
    act(rooms, peer, headers, code, body, what).await
}

/// `POST /api/operator` {key}: the operator's figures, for the operator's key only (the one
/// printed at start), from the operator's page or a program (no `Origin`), under the
/// wrong-key limit of every key. Not by address: behind a proxy every request comes from
/// loopback.
async fn operator(
    Extract(rooms): Shared,
    peer: PeerAt,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = from_our_pages(&headers) {
        return *r;
    }
    let KeyOnly { key } = match read(&body, "{key}") {
        Ok(k) => k,
        Err(r) => return *r,
    };
    let client = rooms.client(peer_ip(peer), &headers);
    if !rooms.may_try(client) {
        return too_many();
    }
    if !same_key(&key, &rooms.options.operator_key) {
        rooms.wrong_key(client);
        return refuse(StatusCode::FORBIDDEN, "wrong-key", "that is not the operator's key");
    }
    let rooms2 = rooms.clone();
    match tokio::task::spawn_blocking(move || rooms2.figures()).await {
        Ok(Ok(v)) => answer(StatusCode::OK, v),
        Ok(Err(e)) => db_refusal(&e),
        Err(_) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", "the figures failed"),
    }
}

/// `GET /r/CODE/ws`: a connection to room CODE's class, as `/ws` of a class server.
async fn room_ws(
    Extract(rooms): Shared,
    Path(code): Path<String>,
    peer: PeerAt,
    headers: HeaderMap,
    ws: axum::extract::ws::WebSocketUpgrade,
) -> Response {
    let code = match parse_code(&code) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let found = {
        let rooms = rooms.clone();
        tokio::task::spawn_blocking(move || rooms.room(code)).await
    };
    match found {
        Ok(Ok(Some(room))) => crate::class::upgrade(Extract(room), peer, headers, ws).await,
        Ok(Ok(None)) => refuse(StatusCode::NOT_FOUND, "no-room", "no open class has this code"),
        Ok(Err(r)) => *r,
        Err(_) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", "opening the room failed"),
    }
}

/// `GET /r/CODE/qr.svg`: the room's address as a QR code.
async fn room_qr(Extract(rooms): Shared, Path(code): Path<String>, headers: HeaderMap) -> Response {
    let code = match parse_code(&code) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let base = match &rooms.options.public_url {
        Some(url) => url.trim_end_matches('/').to_string() + "/",
        None => {
            let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
            crate::qr::class_address(host).await
        }
    };
    let address = format!("{base}r/{code}/");
    match crate::qr::svg(&address) {
        Some(svg) => crate::page::asset(svg, "image/svg+xml").into_response(),
        None => (StatusCode::INTERNAL_SERVER_ERROR, "the address is too long for a QR code")
            .into_response(),
    }
}

/// `GET /r/CODE`: to `/r/CODE/`, where the page's own addresses resolve inside the room.
async fn to_room(Path(code): Path<String>) -> Response {
    match parse_code(&code) {
        Ok(code) => Redirect::permanent(&format!("/r/{code}/")).into_response(),
        Err(r) => *r,
    }
}

/// `GET /r/CODE/`: the class page of an open room. A code no room could have is not
/// found; a room that is closed, or that never was (a code mistyped in an address, an old
/// QR code), sends the student to the home page with the code filled in, where the page
/// says why in their language, instead of a class page that would try to connect forever.
async fn room_page(
    Extract(rooms): Shared,
    Path(code): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let code = match parse_code(&code) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let found = tokio::task::spawn_blocking(move || rooms.db.load(code)).await;
    match found {
        Ok(Ok(Some((row, _, _)))) if row.archived.is_none() => {
            crate::page::class_index().await.into_response()
        }
        Ok(Ok(_)) => {
            // The page's language goes along (only a language the server has).
            let lang = query.get("lang").and_then(|l| menace_i18n::language(l));
            let lang = lang.map_or(String::new(), |l| format!("&lang={}", l.code));
            Redirect::to(&format!("/?code={code}{lang}")).into_response()
        }
        Ok(Err(e)) => db_refusal(&e),
        Err(_) => refuse(StatusCode::INTERNAL_SERVER_ERROR, "other", "the lookup failed"),
    }
}

/// The routes of a rooms server: `/` (the code's page), `/teacher`, `/operator`, the API under
/// `/api/`, and each room at `/r/CODE/` (the class page, its assets, `ws`, `qr.svg`).
pub fn app(rooms: Arc<Rooms>) -> Router {
    let room = Router::new()
        .route("/class.js", get(crate::page::class_script))
        .merge(crate::page::assets())
        .merge(crate::site::routes())
        .route("/ws", get(room_ws))
        .route("/qr.svg", get(room_qr))
        .route("/print", get(crate::print::sheet))
        .route("/guide", get(crate::guide::page));
    Router::new()
        .route("/", get(crate::page::rooms_index))
        .route("/teacher", get(crate::page::rooms_teacher))
        .route("/operator", get(crate::page::rooms_operator))
        .route("/rooms.js", get(crate::page::rooms_script))
        .merge(crate::page::assets())
        .merge(crate::site::routes())
        .route("/print", get(crate::print::sheet))
        .route("/guide", get(crate::guide::page))
        .route("/api/rooms", post(make))
        .route("/api/rooms/list", post(list))
        .route("/api/rooms/{code}", get(look_up))
        .route("/api/rooms/{code}/{act}", post(teacher_act))
        .route("/api/operator", post(operator))
        .route("/r/{code}", get(to_room))
        .route("/r/{code}/", get(room_page))
        .nest("/r/{code}", room)
        .layer(axum::extract::DefaultBodyLimit::max(2 * 1024 * 1024))
        .with_state(rooms)
}

/// The rooms' upkeep, on the server's runtime until aborted: every minute the rooms nobody
/// is in leave memory (written first), and every hour rooms past their time are archived
/// or deleted.
pub fn keep(rooms: Arc<Rooms>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut minutes = 0u64;
        loop {
            if minutes.is_multiple_of(60) {
                let r = rooms.clone();
                if let Ok(Err(e)) = tokio::task::spawn_blocking(move || r.sweep()).await {
                    eprintln!("menace serve: archiving old rooms: {e}");
                }
            }
            tokio::time::sleep(Duration::from_secs(60)).await;
            minutes += 1;
            let r = rooms.clone();
            let _ = tokio::task::spawn_blocking(move || r.tidy(false)).await;
        }
    })
}
