//! `menace serve --class`: one shared MENACE ([`menace_core::menace::class`]) carried
//! over WebSockets. The machine's rules live in core; this module only holds it under one
//! lock, keeps each connection's game apart from it (a game dropped with its socket
//! touches nothing), broadcasts what happens to everyone connected, checks the teacher's
//! key and saves the class file.
//!
//! Frames are JSON objects. A student sends `{"do":"play","name":"Ada"}` then
//! `{"do":"move","cell":4}` (cells 0 to 8, row by row); the teacher adds
//! `{"do":"teacher","key":"...","action":"reset"|"rules"|"train"|"save"|"download", ...}`.
//! The server answers `game`, `error` and `download` frames to the sender and broadcasts
//! `drew`, `finished` and `class` frames (the whole picture: boxes, score, board of
//! players, curve) to every connection.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use menace_core::learn::train::OpponentSpec;
use menace_core::menace::class::{Class, ClassGame, Drew, Finished, MAX_TRAIN};
use menace_core::menace::{BeadRules, GameResult};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, OwnedSemaphorePermit, Semaphore};

use crate::engine::{error_json, Input, MAX_LINE};
use crate::socket::{
    close_idle, line_of, read_frame, refuse, same_origin, Frame, HARD_CAP, TRY_AGAIN_LATER,
};
use crate::Limits;

/// Broadcast frames a slow connection may fall behind by before it is sent the whole
/// picture again instead.
const BACKLOG: usize = 1024;

/// How a class server starts.
#[derive(Clone, Debug)]
pub struct ClassOptions {
    /// The teacher's key (the caller generates one with [`new_key`] unless given).
    pub key: String,
    /// The class file: restored at start if it exists, saved after every finished game
    /// and when the server stops.
    pub state: Option<PathBuf>,
    /// Rules of a fresh machine.
    pub rules: BeadRules,
    /// Seed of the games' generators.
    pub seed: u64,
}

impl ClassOptions {
    /// A class with the challenge's rules: `key` or a new one from [`new_key`], and the
    /// class file `state`, if any.
    pub fn new(key: Option<String>, state: Option<PathBuf>) -> std::io::Result<ClassOptions> {
        let key = match key {
            Some(k) if k.len() >= 8 && !k.chars().any(char::is_whitespace) => k,
            Some(_) => {
                return Err(std::io::Error::other(
                    "--teacher-key: at least 8 characters, no spaces",
                ))
            }
            None => new_key()?,
        };
        Ok(ClassOptions { key, state, rules: BeadRules::challenge(), seed: 1961 })
    }
}

/// A teacher's key: 128 bits from the operating system's randomness, as 32 hex digits.
pub fn new_key() -> std::io::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The shared machine and its listeners.
pub struct Room {
    class: Mutex<Class>,
    events: broadcast::Sender<Arc<str>>,
    key: String,
    state: Option<PathBuf>,
    /// Changes made so far; a save writes only a newer picture than the last one written.
    version: AtomicU64,
    saved: Mutex<u64>,
    sessions: Arc<Semaphore>,
    limits: Limits,
}

impl Room {
    /// The room for `options`: the class file restored if it exists.
    pub fn open(options: ClassOptions, limits: Limits) -> Result<Arc<Room>, String> {
        let class = match &options.state {
            Some(path) if path.exists() => Class::load(path, options.seed)?,
            _ => Class::new(options.rules, options.seed),
        };
        Ok(Arc::new(Room {
            class: Mutex::new(class),
            events: broadcast::channel(BACKLOG).0,
            key: options.key,
            state: options.state,
            version: AtomicU64::new(0),
            saved: Mutex::new(0),
            sessions: Arc::new(Semaphore::new(limits.max_sessions)),
            limits,
        }))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Class> {
        // A panic while holding the lock cannot leave the class half-changed (every
        // change is checked before it is made), so a poisoned lock is still good.
        self.class.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the class as it is (for tests and the load check).
    pub fn snapshot(&self) -> Class {
        self.lock().clone()
    }

    /// Writes the class file, if there is one, unless a newer picture was written.
    pub fn save(&self) -> Result<(), String> {
        let Some(path) = &self.state else { return Ok(()) };
        let (version, class) = {
            let class = self.lock();
            (self.version.load(Ordering::SeqCst), class.clone())
        };
        let mut saved = self.saved.lock().unwrap_or_else(|e| e.into_inner());
        if version > *saved || version == 0 {
            class.save(path)?;
            *saved = version;
        }
        Ok(())
    }

    fn changed(&self) {
        self.version.fetch_add(1, Ordering::SeqCst);
    }

    fn broadcast(&self, frame: Value) {
        let _ = self.events.send(frame.to_string().into());
    }

    /// The whole picture, as the `class` frame.
    fn picture(&self) -> Value {
        picture(&self.lock())
    }

    /// Saves off the async threads; a failure is told to everyone (the teacher must see it).
    async fn save_soon(self: &Arc<Self>) {
        if self.state.is_none() {
            return;
        }
        let room = self.clone();
        if let Ok(Err(e)) = tokio::task::spawn_blocking(move || room.save()).await {
            self.broadcast(json!({"type": "error", "message": e}));
        }
    }
}

fn boxes(class: &Class, only: Option<&[usize]>) -> Vec<Value> {
    let m = class.machine();
    let all: Vec<usize> = (0..m.len()).collect();
    only.unwrap_or(&all)
        .iter()
        .map(|&b| json!({"box": b, "position": m.position(b).to_string(), "beads": m.beads(b)}))
        .collect()
}

fn tally(t: menace_core::play::Tally) -> Value {
    json!({"games": t.games(), "wins": t.win, "draws": t.draw, "losses": t.loss})
}

fn standing(class: &Class) -> Value {
    let players: Vec<Value> = class
        .players()
        .iter()
        .map(|(name, r)| {
            let mut v = tally(*r);
            v["name"] = json!(name);
            v
        })
        .collect();
    json!({
        "games": class.games_played(),
        "score": tally(class.score()),
        "players": players,
        "curve": class.curve(),
    })
}

fn picture(class: &Class) -> Value {
    let mut v = standing(class);
    v["type"] = json!("class");
    v["rules"] = json!(class.machine().rules().to_string());
    v["boxes"] = json!(boxes(class, None));
    v
}

fn game_frame(game: &ClassGame, drew: Drew) -> Value {
    let result = game.over().map(|r| match r {
        GameResult::Win => "menace",
        GameResult::Draw => "draw",
        GameResult::Loss => "you",
    });
    json!({"type": "game", "board": game.board().to_string(), "menace": drew, "winner": result})
}

/// `GET /ws` in class mode: the origin check, the cap on sessions, then the connection.
pub async fn upgrade(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(why) = same_origin(&headers) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    let permit = room.sessions.clone().try_acquire_owned().ok();
    let max = room.limits.max_sessions;
    ws.max_message_size(HARD_CAP).max_frame_size(HARD_CAP).on_upgrade(move |socket| async move {
        match permit {
            Some(permit) => connection(socket, room, permit).await,
            None => {
                let message = format!(
                    "the server is full: it runs at most {max} sessions at once; try again later"
                );
                refuse(socket, message, TRY_AGAIN_LATER).await
            }
        }
    })
}

/// What a frame asks.
#[derive(Deserialize)]
#[serde(tag = "do", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    Play { name: String },
    Move { cell: usize },
    Teacher(Teacher),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Teacher {
    key: String,
    action: String,
    preset: Option<String>,
    beads: Option<String>,
    reward: Option<String>,
    opponent: Option<String>,
    games: Option<u64>,
}

async fn connection(mut socket: WebSocket, room: Arc<Room>, _permit: OwnedSemaphorePermit) {
    let mut events = room.events.subscribe();
    let idle = room.limits.idle;
    if socket.send(Message::Text(room.picture().to_string().into())).await.is_err() {
        return;
    }
    // This connection's game: apart from the class, so dropping it touches nothing.
    let mut game: Option<ClassGame> = None;
    let silence = tokio::time::sleep(idle);
    tokio::pin!(silence);
    loop {
        let out: Option<String> = tokio::select! {
            () = &mut silence => {
                close_idle(&mut socket, idle, "a move").await;
                break;
            }
            event = events.recv() => match event {
                Ok(text) => Some(text.to_string()),
                Err(broadcast::error::RecvError::Lagged(_)) => Some(room.picture().to_string()),
                Err(broadcast::error::RecvError::Closed) => break,
            },
            incoming = socket.recv() => {
                silence.as_mut().reset(tokio::time::Instant::now() + idle);
                let bytes = match read_frame(&mut socket, incoming).await {
                    Frame::Data(bytes) => bytes,
                    Frame::Nothing => continue,
                    Frame::Closed => break,
                };
                let answer = match line_of(&bytes) {
                    Input::Text(line) => handle(&room, &mut game, &line).await,
                    Input::TooLong(n) => Err(format!("frame too long: {n} bytes (the limit is {MAX_LINE})")),
                    Input::NotUtf8(at) => Err(format!("frame is not valid UTF-8 (bad byte at position {at})")),
                    Input::Refused(message) => Err(message),
                };
                Some(answer.unwrap_or_else(error_json))
            }
        };
        if let Some(text) = out {
            if socket.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
    }
}

/// A frame's request, or the sentence saying what is wrong with it.
fn parse(line: &str) -> Result<Request, String> {
    serde_json::from_str(line).map_err(|e| {
        format!(
            "not a request ({e}); send {{\"do\":\"play\",\"name\":...}} or \
             {{\"do\":\"move\",\"cell\":N}}"
        )
    })
}

/// One frame's work; the answer to the sender (broadcasts go out on the way).
async fn handle(
    room: &Arc<Room>,
    game: &mut Option<ClassGame>,
    line: &str,
) -> Result<String, String> {
    match parse(line)? {
        Request::Play { name } => {
            let (new, drew) = room.lock().start(&name)?;
            announce(room, &new, drew);
            let frame = game_frame(&new, drew);
            *game = Some(new);
            finish_if_over(room, game).await;
            Ok(frame.to_string())
        }
        Request::Move { cell } => {
            let current = game.as_mut().ok_or("no game: send play with your name first")?;
            current.play(cell)?;
            let drew = room.lock().menace_moves(current);
            announce(room, current, drew);
            let frame = game_frame(current, drew);
            finish_if_over(room, game).await;
            Ok(frame.to_string())
        }
        Request::Teacher(t) => teacher(room, t).await,
    }
}

fn announce(room: &Room, game: &ClassGame, drew: Drew) {
    if drew.box_index.is_some() {
        let m = room.lock();
        let beads = drew.box_index.map(|b| m.machine().beads(b).to_vec());
        drop(m);
        room.broadcast(json!({
            "type": "drew", "player": game.player(), "box": drew.box_index,
            "bead": drew.bead, "cell": drew.cell, "beads": beads,
        }));
    }
}

async fn finish_if_over(room: &Arc<Room>, game: &mut Option<ClassGame>) {
    if game.as_ref().is_some_and(|g| g.over().is_some()) {
        let done = game.take().expect("checked");
        let frame = {
            let mut class = room.lock();
            let Ok(finished) = class.finish(done) else { return };
            let finished: Finished = finished.clone();
            let mut touched: Vec<usize> = finished.drawn.iter().map(|&(b, _)| b).collect();
            touched.dedup();
            room.changed();
            // Only what changed: the page keeps the rest (a whole picture per game would
            // be the curve and the board of players again and again, to every connection).
            let record = class.players().get(&finished.player).copied().unwrap_or_default();
            let mut player = tally(record);
            player["name"] = json!(finished.player);
            json!({
                "type": "finished",
                "games": class.games_played(),
                "score": tally(class.score()),
                "player": player,
                "point": class.curve().last(),
                "game": {"number": finished.number, "player": finished.player, "result": finished.result},
                "boxes": boxes(&class, Some(&touched)),
            })
        };
        room.broadcast(frame);
        room.save_soon().await;
    }
}

/// Keys compared in time independent of where they differ.
fn same_key(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

async fn teacher(room: &Arc<Room>, t: Teacher) -> Result<String, String> {
    if !same_key(&t.key, &room.key) {
        return Err("refused: only the teacher may do that (the key is wrong)".into());
    }
    let done = match t.action.as_str() {
        "reset" | "rules" => {
            let rules = BeadRules::from_parts(
                t.preset.as_deref(),
                t.beads.as_deref(),
                t.reward.as_deref(),
                None,
                None,
            );
            let rules = if t.action == "reset"
                && t.preset.is_none()
                && t.beads.is_none()
                && t.reward.is_none()
            {
                room.lock().machine().rules().clone()
            } else {
                rules?
            };
            room.lock().reset(rules)?;
            "MENACE starts again from fresh boxes".to_string()
        }
        "train" => {
            let games = t.games.ok_or("train: say how many games")?;
            if games == 0 || games > MAX_TRAIN {
                return Err(format!("train: games must be 1 to {MAX_TRAIN}"));
            }
            let spec: OpponentSpec = t.opponent.as_deref().unwrap_or("random").parse()?;
            let r = room.clone();
            let tally = tokio::task::spawn_blocking(move || r.lock().train(&spec, games))
                .await
                .map_err(|e| e.to_string())??;
            format!(
                "trained {games} games: {} won, {} drawn, {} lost",
                tally.win, tally.draw, tally.loss
            )
        }
        "save" => {
            if room.state.is_none() {
                return Err("no class file: start the server with --state FILE".into());
            }
            let r = room.clone();
            tokio::task::spawn_blocking(move || r.save()).await.map_err(|e| e.to_string())??;
            "saved".to_string()
        }
        "download" => {
            let text = room.lock().to_json();
            return Ok(
                json!({"type": "download", "name": "menace-class.json", "text": text}).to_string()
            );
        }
        other => {
            return Err(format!(
                "unknown teacher action {other:?}: reset, rules, train, save or download"
            ))
        }
    };
    room.changed();
    room.broadcast(room.picture());
    room.save_soon().await;
    Ok(json!({"type": "teacher", "message": done}).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_what_is_refused() {
        assert!(matches!(parse(r#"{"do":"play","name":"Ada"}"#), Ok(Request::Play { .. })));
        assert!(matches!(parse(r#"{"do":"move","cell":4}"#), Ok(Request::Move { cell: 4 })));
        for bad in [
            "",
            "{}",
            r#"{"do":"move","cell":-1}"#,
            r#"{"do":"play"}"#,
            r#"{"do":"move","cell":1,"x":2}"#,
        ] {
            assert!(parse(bad).err().is_some_and(|e| e.contains("not a request")), "{bad}");
        }
        assert!(same_key("abcdefgh", "abcdefgh"));
        assert!(!same_key("abcdefgh", "abcdefgi") && !same_key("abc", "abcdefgh"));
    }

    proptest::proptest! {
        /// Any frame text gets a request or one sentence, never a panic; a game takes any
        /// cell numbers without panicking, refusing all but free cells.
        #[test]
        fn any_frame_and_any_cells(line in "\\PC{0,80}", cells in proptest::collection::vec(0usize..20, 0..12)) {
            let _ = parse(&line);
            let mut class = Class::new(BeadRules::challenge(), 1);
            let (mut game, _) = class.start("p").unwrap();
            for cell in cells {
                let before = game.board();
                if game.play(cell).is_ok() {
                    class.menace_moves(&mut game);
                } else {
                    proptest::prop_assert_eq!(game.board(), before);
                }
            }
            if game.over().is_some() {
                proptest::prop_assert!(class.finish(game).is_ok());
            }
        }
    }
}
