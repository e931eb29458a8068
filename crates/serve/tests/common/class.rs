//! A class server (`--class`) on a free loopback port, in this process so tests can read
//! the shared machine, and a student's client speaking the protocol's lines.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use menace_class::Record;
use menace_serve::class::{ClassOptions, Room};
use serde_json::Value;

use super::{answer, connect, first_free, send, Ws};

/// The teacher's key of the test classes (as in fixtures/class/session.in).
pub const KEY: &str = "class-key";

/// What [`start_class`] gives: the address, the room, a sender that stops the server,
/// and the server's task.
pub type Started =
    (SocketAddr, Arc<Room>, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<()>);

/// Starts a class server; its room, address, and a sender that stops it.
pub async fn start_class(
    state: Option<std::path::PathBuf>,
    limits: menace_serve::Limits,
) -> Started {
    start_class_on(state, limits, None).await
}

/// [`start_class`] with MENACE's side.
pub async fn start_class_on(
    state: Option<std::path::PathBuf>,
    limits: menace_serve::Limits,
    side: Option<menace_core::game::Side>,
) -> Started {
    let mut options = ClassOptions::new(Some(KEY.into()), state).unwrap();
    options.seed = 7;
    options.side = side;
    let room = Room::open(options, limits).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let router = menace_serve::class_app(room.clone());
    let served = room.clone();
    let task = tokio::spawn(async move {
        menace_serve::serve_router(listener, router, &[], async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
        served.save().unwrap();
    });
    (addr, room, stop, task)
}

/// The class's record as it is.
pub fn record(room: &Room) -> Record {
    room.machine().snapshot()
}

/// Connects and asks for the whole picture (`class`).
pub async fn join(addr: SocketAddr) -> (Ws, Value) {
    let mut ws = connect(addr, "").await;
    send(&mut ws, "class").await;
    let picture = answer(&mut ws).await;
    assert_eq!(picture["type"], "class", "{}", short(&picture));
    (ws, picture)
}

/// An answer cut short for a failure message (a `class` answer holds 304 boxes).
pub fn short(v: &Value) -> String {
    v.to_string().chars().take(300).collect()
}

/// Sends `line` and reads answers until one of type `until` (or an error); everything
/// else on the way (broadcasts among them) is returned too.
pub async fn request(ws: &mut Ws, line: &str, until: &str) -> (Value, Vec<Value>) {
    send(ws, line).await;
    read_until(ws, until).await
}

/// Reads answers until one of type `until` (or an error), returning the others too.
pub async fn read_until(ws: &mut Ws, until: &str) -> (Value, Vec<Value>) {
    let mut others = Vec::new();
    loop {
        let a = answer(ws).await;
        if a["type"] == until || a["type"] == "error" {
            return (a, others);
        }
        others.push(a);
    }
}

/// Plays one whole game as `name` (naming the session first), always taking the first
/// free cell: the winner, as the `result` answer says it (`menace`, `draw`, `player`).
pub async fn play_game(ws: &mut Ws, name: &str) -> String {
    let (named, _) = request(ws, &format!("name {name}"), "named").await;
    assert_eq!(named["type"], "named", "{named}");
    send(ws, "games 1").await;
    loop {
        let a = answer(ws).await;
        match a["type"].as_str() {
            Some("error") => panic!("{a}"),
            Some("result") => {
                let winner = a["winner"].as_str().unwrap().to_string();
                read_until(ws, "match_over").await;
                return winner;
            }
            Some("menace_move" | "board") if a["to_move"] == "player" => {
                let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
                send(ws, &format!("move {}", first_free(&rows))).await;
            }
            _ => {}
        }
    }
}

/// Every box's beads.
pub fn beads(m: &menace_core::menace::Matchboxes<menace_core::ttt::TicTacToe>) -> Vec<Vec<u32>> {
    (0..m.len()).map(|b| m.beads(b).to_vec()).collect()
}

/// Connects, retrying while the server is full (a place freed by a close comes back a
/// moment after the close).
pub async fn join_when_free(addr: SocketAddr) -> Ws {
    for _ in 0..500 {
        // Refused at accept (503, the connection caps) or by the class (full): again.
        // A small read buffer: tungstenite zeroes the whole buffer (128 KiB by default)
        // before each read, which at a thousand clients is most of the client's time.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(4096);
        let url = format!("ws://{addr}/ws");
        let Ok((mut ws, _)) =
            tokio_tungstenite::connect_async_with_config(url, Some(config), true).await
        else {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        };
        send(&mut ws, "class").await;
        let first = answer(&mut ws).await;
        if first["type"] == "class" {
            return ws;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("the server stayed full");
}

/// What the clients of a load run did.
#[derive(Debug, Default)]
pub struct Load {
    /// Games the clients saw to their end.
    pub finished: u64,
    /// Games the clients walked away from mid-game (closing the socket).
    pub abandoned: u64,
    /// Frames the watchers received.
    pub watched: u64,
    /// How long each line a player sent waited for its own answer, in seconds (the
    /// broadcasts that came on the way not counted as answers).
    pub waits: Vec<f64>,
    /// Players that finished no game.
    pub idle_players: u64,
}

impl Load {
    /// The wait at `quantile` (0.99: the p99; 1: the slowest), in seconds.
    pub fn wait(&self, quantile: f64) -> f64 {
        let mut w = self.waits.clone();
        w.sort_by(f64::total_cmp);
        let i = ((w.len() as f64 * quantile).ceil() as usize).clamp(1, w.len().max(1)) - 1;
        w.get(i).copied().unwrap_or(0.0)
    }
}

/// Whether the answer `text` to player `name` is someone else's broadcast rather than an
/// answer to what it sent. Read from the text, not parsed: a thousand clients on the
/// server's own two cores would otherwise spend a core parsing broadcasts they skip (a
/// student's phone parses its own).
fn broadcast(text: &str, name: &str) -> bool {
    let kind = |k: &str| text.starts_with(&format!("{{\"type\":\"{k}\""));
    if kind("drew") || kind("news") || kind("class") {
        return true;
    }
    kind("finished") && !text.contains(&format!("\"player\":{}", Value::from(name)))
}

/// The next answer of player `name`'s own, past others' broadcasts.
async fn own_answer(ws: &mut Ws, name: &str) -> Value {
    loop {
        match super::next(ws).await {
            super::Frame::Text(t) if broadcast(&t, name) => continue,
            super::Frame::Text(t) => return serde_json::from_str(&t).expect("a JSON answer"),
            other => panic!("expected an answer, got {other:?}"),
        }
    }
}

/// [`own_answer`] until one of type `until` (or an error).
async fn own_until(ws: &mut Ws, name: &str, until: &str) -> Value {
    loop {
        let a = own_answer(ws, name).await;
        if a["type"] == until || a["type"] == "error" {
            return a;
        }
    }
}

/// Sends `line` and reads this session's answers until one of type `until` (or an error),
/// noting how long the first answer of its own took.
async fn timed(ws: &mut Ws, name: &str, line: &str, until: &str, waits: &mut Vec<f64>) -> Value {
    let sent = std::time::Instant::now();
    send(ws, line).await;
    let mut first = true;
    loop {
        let a = own_answer(ws, name).await;
        if std::mem::take(&mut first) {
            waits.push(sent.elapsed().as_secs_f64());
        }
        if a["type"] == until || a["type"] == "error" || a["to_move"] == "player" {
            return a;
        }
    }
}

/// One player's games (see [`class_load_for`]), counted into `load` as they end.
async fn player(addr: SocketAddr, p: usize, games: u64, abandon_every: u64, load: &mut Load) {
    let name = format!("player {p}");
    let mut ws = join_when_free(addr).await;
    request(&mut ws, "matchboxes off", "setting").await;
    let named = timed(&mut ws, &name, &format!("name {name}"), "named", &mut load.waits).await;
    assert_eq!(named["type"], "named", "{named}");
    for g in 1..=games {
        let mut a = timed(&mut ws, &name, "games 1", "menace_move", &mut load.waits).await;
        if abandon_every > 0 && g % abandon_every == 0 {
            assert_eq!(a["to_move"], "player", "{a}");
            let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
            send(&mut ws, &format!("move {}", first_free(&rows))).await;
            load.abandoned += 1;
            drop(ws);
            ws = join_when_free(addr).await;
            request(&mut ws, "matchboxes off", "setting").await;
            timed(&mut ws, &name, &format!("name {name}"), "named", &mut load.waits).await;
            continue;
        }
        loop {
            match a["type"].as_str() {
                Some("error") => panic!("{a}"),
                Some("result") => break,
                _ if a["to_move"] == "player" => {
                    let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
                    let line = format!("move {}", first_free(&rows));
                    a = timed(&mut ws, &name, &line, "result", &mut load.waits).await;
                }
                // MENACE's move that ended the game: the result follows.
                _ => a = own_until(&mut ws, &name, "result").await,
            }
        }
        own_until(&mut ws, &name, "match_over").await;
        load.finished += 1;
    }
}

/// `watchers` connections that only watch, and `players` that each play `games` games
/// as fast as the server answers, walking away mid-game (after one move) before every
/// `abandon_every`-th game and coming back on a new connection.
pub async fn class_load(
    addr: SocketAddr,
    watchers: usize,
    players: usize,
    games: u64,
    abandon_every: u64,
) -> Load {
    class_load_for(addr, watchers, players, games, abandon_every, None).await
}

/// [`class_load`], the players stopping where they are after `seconds` if given (the
/// games counted are those finished by then).
pub async fn class_load_for(
    addr: SocketAddr,
    watchers: usize,
    players: usize,
    games: u64,
    abandon_every: u64,
    seconds: Option<f64>,
) -> Load {
    let (stop, _) = tokio::sync::broadcast::channel::<()>(1);
    let mut watching = Vec::new();
    for _ in 0..watchers {
        let mut ws = join_when_free(addr).await;
        let mut stopped = stop.subscribe();
        watching.push(tokio::spawn(async move {
            use futures_util::StreamExt;
            let mut frames = 0u64;
            loop {
                tokio::select! {
                    _ = stopped.recv() => return frames,
                    frame = ws.next() => match frame {
                        Some(Ok(_)) => frames += 1,
                        _ => return frames,
                    },
                }
            }
        }));
    }
    let deadline = seconds.map(|s| tokio::time::Instant::now() + Duration::from_secs_f64(s));
    let playing: Vec<_> = (0..players)
        .map(|p| {
            tokio::spawn(async move {
                let mut load = Load::default();
                let play = player(addr, p, games, abandon_every, &mut load);
                match deadline {
                    Some(at) => drop(tokio::time::timeout_at(at, play).await),
                    None => play.await,
                }
                load
            })
        })
        .collect();
    let mut load = Load::default();
    for p in playing {
        let l = p.await.expect("a player finished");
        load.finished += l.finished;
        load.abandoned += l.abandoned;
        load.waits.extend(l.waits);
        load.idle_players += u64::from(l.finished == 0);
    }
    let _ = stop.send(());
    for w in watching {
        load.watched += w.await.unwrap_or(0);
    }
    load
}
