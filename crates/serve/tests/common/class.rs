//! A class server (`--class`) on a free loopback port, in this process so tests can read
//! the shared machine, and a student's client.

use std::net::SocketAddr;
use std::sync::Arc;

use menace_serve::class::{ClassOptions, Room};
use serde_json::{json, Value};

use super::{answer, connect, send, Ws};

pub const KEY: &str = "teacher-key-for-tests";

/// Starts a class server; its room, address, and a sender that stops it.
pub async fn start_class(
    state: Option<std::path::PathBuf>,
    limits: menace_serve::Limits,
) -> (SocketAddr, Arc<Room>, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let mut options = ClassOptions::new(Some(KEY.into()), state).unwrap();
    options.seed = 11;
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

/// Connects and reads the first frame (the whole picture).
pub async fn join(addr: SocketAddr) -> (Ws, Value) {
    let mut ws = connect(addr, "").await;
    let picture = answer(&mut ws).await;
    assert_eq!(picture["type"], "class", "{picture}");
    (ws, picture)
}

/// Sends `request` and reads frames until one of type `until` (or an error); broadcasts
/// on the way are returned too.
pub async fn request(ws: &mut Ws, request: Value, until: &str) -> (Value, Vec<Value>) {
    send(ws, &request.to_string()).await;
    let mut others = Vec::new();
    loop {
        let a = answer(ws).await;
        if a["type"] == until || a["type"] == "error" {
            return (a, others);
        }
        others.push(a);
    }
}

/// The first free cell of a board written as 9 characters.
pub fn free_cell(board: &str) -> usize {
    board.bytes().position(|b| b == b'.').expect("a free cell")
}

/// Plays one whole game as `name`, always taking the first free cell; MENACE's result
/// as the page is told it (`menace`, `draw`, `you`).
pub async fn play_game(ws: &mut Ws, name: &str) -> String {
    let (mut game, _) = request(ws, json!({"do": "play", "name": name}), "game").await;
    loop {
        assert_eq!(game["type"], "game", "{game}");
        if let Some(w) = game["winner"].as_str() {
            return w.to_string();
        }
        let cell = free_cell(game["board"].as_str().unwrap());
        game = request(ws, json!({"do": "move", "cell": cell}), "game").await.0;
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
        let mut ws = connect(addr, "").await;
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
    let playing: Vec<_> = (0..players)
        .map(|p| {
            tokio::spawn(async move {
                let name = format!("player {p}");
                let mut ws = join_when_free(addr).await;
                let mut load = Load::default();
                for g in 1..=games {
                    if abandon_every > 0 && g % abandon_every == 0 {
                        let (game, _) =
                            request(&mut ws, json!({"do": "play", "name": name}), "game").await;
                        if game["winner"].is_null() {
                            let cell = free_cell(game["board"].as_str().unwrap());
                            send(&mut ws, &json!({"do": "move", "cell": cell}).to_string()).await;
                            load.abandoned += 1;
                            drop(ws);
                            ws = join_when_free(addr).await;
                            continue;
                        }
                    }
                    play_game(&mut ws, &name).await;
                    load.finished += 1;
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
    }
    let _ = stop.send(());
    for w in watching {
        load.watched += w.await.unwrap_or(0);
    }
    load
}
