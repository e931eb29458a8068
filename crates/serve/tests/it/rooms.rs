//! `menace serve --rooms` over real HTTP and WebSockets, in this process: rooms made,
//! looked up, listed and closed by key; a room's class played over `r/CODE/ws` and kept
//! across a restart of the server on the same database; the limits (rooms an address
//! may make, wrong keys, rooms in all); changes only from the server's own pages; and a
//! room's export taken by a `--class` server and its class file made a room again.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use menace_serve::rooms::{Rooms, RoomsOptions};
use serde_json::{json, Value};

use crate::common::class::{play_game, read_until, request};
use crate::common::{send, Ws, HANG};

/// A rooms server on a free loopback port over the database `db`; a sender that stops it.
async fn start_rooms(
    options: RoomsOptions,
) -> (SocketAddr, Arc<Rooms>, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    // A server of this process on the same file lets go of it once its last room's last
    // connection is gone, a moment after it stopped (a killed process lets go at once).
    let mut tries = 0;
    let rooms = loop {
        match Rooms::open(options.clone(), menace_serve::Limits::default()) {
            Ok(r) => break r,
            Err(e) if e.contains("another process") && tries < 200 => {
                tries += 1;
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            Err(e) => panic!("{e}"),
        }
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app = menace_serve::rooms::app(rooms.clone());
    let kept = rooms.clone();
    let task = tokio::spawn(async move {
        menace_serve::serve_router(listener, app, &[], async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
        kept.tidy(true);
    });
    (addr, rooms, stop, task)
}

fn options(db: &Path) -> RoomsOptions {
    RoomsOptions::new(db.to_path_buf()).unwrap()
}

/// A request as this server's own page sends it (its Origin), or as `origin` says:
/// the status and the JSON answer.
async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
    origin: Option<&str>,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let origin = origin.map_or(format!("http://{addr}"), str::to_string);
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: {origin}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = Vec::new();
    tokio::time::timeout(HANG, stream.read_to_end(&mut reply)).await.expect("an answer").unwrap();
    let text = String::from_utf8(reply).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    // A chunked body: the JSON is between the chunk sizes.
    let json_text = body.find('{').map_or("null", |i| &body[i..body.rfind('}').unwrap() + 1]);
    (status, serde_json::from_str(json_text).unwrap_or(Value::Null))
}

async fn room_ws(addr: SocketAddr, code: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/r/{code}/ws"))
        .await
        .expect("upgrade");
    ws
}

/// An answer's `Location` header.
fn location(head: &str) -> Option<String> {
    head.lines().find_map(|l| l.trim_end().strip_prefix("location: ")).map(str::to_string)
}

async fn make_room(addr: SocketAddr, key: Option<&str>) -> (String, String) {
    let (status, made) = call(addr, "POST", "/api/rooms", Some(json!({ "key": key })), None).await;
    assert_eq!(status, 200, "{made}");
    (made["code"].as_str().unwrap().to_string(), made["key"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_is_made_joined_by_its_code_played_and_kept_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.sqlite");
    let (addr, first, stop, task) = start_rooms(options(&db)).await;
    let (code, key) = make_room(addr, None).await;
    assert_eq!(code.len(), 6);
    // Typed in lower case with a space, as a phone might: the server reads it.
    let typed = format!("/api/rooms/{}%20{}", code[..3].to_lowercase(), &code[3..]);
    assert_eq!(call(addr, "GET", &typed, None, None).await.0, 200);
    assert_eq!(call(addr, "GET", "/api/rooms/ZZZZZZ", None, None).await.0, 404);
    // The room's page and everything it loads beside its own address.
    for path in ["", "class.js", "menace.css", "i18n/hi.ftl", "qr.svg", "guide", "menace.html"] {
        let (head, body) = crate::common::get(addr, &format!("/r/{code}/{path}")).await;
        assert!(head.starts_with("HTTP/1.1 200"), "/r/{code}/{path}: {head}");
        assert!(!body.is_empty());
    }
    let (head, _) = crate::common::get(addr, &format!("/r/{code}")).await;
    assert!(head.starts_with("HTTP/1.1 308") && head.contains(&format!("/r/{code}/")), "{head}");
    let (head, _) = crate::common::get(addr, "/r/O0O0O0/").await;
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    // A room that never was (a code mistyped in an address): back to the home page, which
    // looks the code up and says why, in the page's language (an unknown one is dropped).
    let (head, _) = crate::common::get(addr, "/r/ZZZZZZ/?lang=hi").await;
    assert!(head.starts_with("HTTP/1.1 303"), "{head}");
    assert_eq!(location(&head).as_deref(), Some("/?code=ZZZZZZ&lang=hi"), "{head}");
    let (head, _) = crate::common::get(addr, "/r/ZZZZZZ/?lang=xx%22%3E").await;
    assert_eq!(location(&head).as_deref(), Some("/?code=ZZZZZZ"), "{head}");
    // A second room of the same teacher, listed under the key.
    let (second, same) = make_room(addr, Some(&key)).await;
    assert_eq!(same, key);
    let (status, listed) =
        call(addr, "POST", "/api/rooms/list", Some(json!({ "key": key })), None).await;
    assert_eq!(status, 200, "{listed}");
    let codes: Vec<&str> =
        listed["rooms"].as_array().unwrap().iter().map(|r| r["code"].as_str().unwrap()).collect();
    assert_eq!(codes.len(), 2, "{listed}");
    assert!(codes.contains(&code.as_str()) && codes.contains(&second.as_str()));

    // Two students play in the first room; a watcher in the second sees nothing of it.
    let mut ada = room_ws(addr, &code).await;
    let mut bob = room_ws(addr, &code).await;
    play_game(&mut ada, "Ada").await;
    play_game(&mut bob, "Bob").await;
    let mut other = room_ws(addr, &second).await;
    let (picture, _) = request(&mut other, "class", "class").await;
    assert_eq!(picture["games_played"], 0, "the rooms are apart");
    let (picture, _) = request(&mut ada, "class", "class").await;
    assert_eq!(picture["games_played"], 2);
    drop((ada, bob, other));
    let _ = stop.send(());
    task.await.unwrap();
    drop(first);

    // The same database, a new server: the room and its two games are there.
    let (addr, _rooms, stop, task) = start_rooms(options(&db)).await;
    let mut again = room_ws(addr, &code).await;
    let (picture, _) = request(&mut again, "class", "class").await;
    assert_eq!(
        picture["games_played"],
        2,
        "{}",
        picture.to_string().chars().take(300).collect::<String>()
    );
    let names: Vec<&str> = picture["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Ada") && names.contains(&"Bob"), "{names:?}");
    // The teacher's key of the room is the key the rooms page gave.
    let (taken, _) = request(&mut again, &format!("teacher {key}"), "teacher").await;
    assert_eq!(taken["type"], "teacher", "{taken}");

    // Closed: no one joins, it is still listed, and it opens again.
    let (status, _) =
        call(addr, "POST", &format!("/api/rooms/{code}/close"), Some(json!({ "key": key })), None)
            .await;
    assert_eq!(status, 200);
    assert_eq!(call(addr, "GET", &format!("/api/rooms/{code}"), None, None).await.0, 410);
    // Its page (an old QR code) sends a student home, where the page says it is closed.
    let (head, _) = crate::common::get(addr, &format!("/r/{code}/?lang=bn")).await;
    assert_eq!(location(&head), Some(format!("/?code={code}&lang=bn")), "{head}");
    let (status, listed) =
        call(addr, "POST", "/api/rooms/list", Some(json!({ "key": key })), None).await;
    assert_eq!(status, 200);
    assert!(listed["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["code"] == code.as_str() && r["archived"].is_u64()));
    let (status, _) =
        call(addr, "POST", &format!("/api/rooms/{code}/reopen"), Some(json!({ "key": key })), None)
            .await;
    assert_eq!(status, 200);
    assert_eq!(call(addr, "GET", &format!("/api/rooms/{code}"), None, None).await.0, 200);
    drop(again);
    let _ = stop.send(());
    task.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limits_hold_and_a_right_key_is_no_use_after_too_many_wrong_ones() {
    let dir = tempfile::tempdir().unwrap();
    let o = RoomsOptions {
        made_per_hour: 3,
        max_rooms: 4,
        wrong_keys_per_hour: 5,
        ..options(&dir.path().join("r.sqlite"))
    };
    let (addr, _rooms, _stop, _task) = start_rooms(o).await;
    let (code, key) = make_room(addr, None).await;
    make_room(addr, Some(&key)).await;
    make_room(addr, Some(&key)).await;
    // The fourth from this address within the hour is refused.
    let (status, refused) =
        call(addr, "POST", "/api/rooms", Some(json!({ "key": key })), None).await;
    assert_eq!((status, refused["code"].as_str()), (429, Some("too-many")), "{refused}");

    // Wrong keys: refused one by one, then even the right key is refused for the hour.
    for i in 0..5 {
        let (status, r) = call(
            addr,
            "POST",
            "/api/rooms/list",
            Some(json!({ "key": format!("wrong key {i}") })),
            None,
        )
        .await;
        assert_eq!((status, r["code"].as_str()), (403, Some("wrong-key")), "{r}");
    }
    let (status, r) =
        call(addr, "POST", &format!("/api/rooms/{code}/export"), Some(json!({ "key": key })), None)
            .await;
    assert_eq!((status, r["code"].as_str()), (429, Some("too-many")), "{r}");

    // From another site's page, nothing is changed.
    let (status, _) = call(
        addr,
        "POST",
        "/api/rooms",
        Some(json!({ "key": null })),
        Some("https://evil.example"),
    )
    .await;
    assert_eq!(status, 403);
    // Malformed bodies get one clear refusal each.
    for body in [json!("x"), json!({ "key": 5 }), json!({ "nonsense": true })] {
        let (status, _) = call(addr, "POST", "/api/rooms/list", Some(body), None).await;
        assert!((400..500).contains(&status), "{status}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_in_all_are_capped() {
    let dir = tempfile::tempdir().unwrap();
    let o = RoomsOptions { max_rooms: 2, ..options(&dir.path().join("r.sqlite")) };
    let (addr, _rooms, _stop, _task) = start_rooms(o).await;
    make_room(addr, None).await;
    make_room(addr, None).await;
    let (status, r) = call(addr, "POST", "/api/rooms", Some(json!({ "key": null })), None).await;
    assert_eq!((status, r["code"].as_str()), (503, Some("full")), "{r}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rooms_export_is_a_class_file_and_a_class_file_makes_a_room() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, _rooms, _stop, _task) = start_rooms(options(&dir.path().join("r.sqlite"))).await;
    let (code, key) = make_room(addr, None).await;
    let mut ws = room_ws(addr, &code).await;
    play_game(&mut ws, "Ada").await;
    play_game(&mut ws, "Ada").await;
    let (status, exported) =
        call(addr, "POST", &format!("/api/rooms/{code}/export"), Some(json!({ "key": key })), None)
            .await;
    assert_eq!(status, 200, "{exported}");
    let file = dir.path().join("class.json");
    std::fs::write(&file, exported["class"].to_string()).unwrap();

    // A laptop's class server takes it as its class file.
    let (_, room, stop, task) =
        crate::common::class::start_class(Some(file.clone()), menace_serve::Limits::default())
            .await;
    assert_eq!(crate::common::class::record(&room).games_played(), 2);
    let _ = stop.send(());
    task.await.unwrap();

    // And its class file makes a room again, with the same games.
    let text = std::fs::read_to_string(&file).unwrap();
    let (status, made) =
        call(addr, "POST", "/api/rooms", Some(json!({ "key": key, "class": text })), None).await;
    assert_eq!(status, 200, "{made}");
    let mut again = room_ws(addr, made["code"].as_str().unwrap()).await;
    let (picture, _) = request(&mut again, "class", "class").await;
    assert_eq!(picture["games_played"], 2);
    // Anything else is refused whole.
    let (status, r) = call(
        addr,
        "POST",
        "/api/rooms",
        Some(json!({ "key": key, "class": "{\"format\":\"nonsense\"}" })),
        None,
    )
    .await;
    assert_eq!((status, r["code"].as_str()), (422, Some("bad-class")), "{r}");
    send(&mut again, "class").await;
    read_until(&mut again, "class").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operators_view_counts_rooms_players_games_and_bytes_for_its_key_only() {
    let dir = tempfile::tempdir().unwrap();
    let o = RoomsOptions { wrong_keys_per_hour: 3, ..options(&dir.path().join("r.sqlite")) };
    let operator = o.operator_key.clone();
    let (addr, _rooms, _stop, _task) = start_rooms(o).await;
    let figures =
        |key: &str| call(addr, "POST", "/api/operator", Some(json!({ "key": key })), None);
    let (status, before) = figures(&operator).await;
    assert_eq!(status, 200, "{before}");
    assert_eq!((before["rooms"].as_u64(), before["players"].as_u64()), (Some(0), Some(0)));
    assert_eq!(before["games"], 0);
    assert!(before["games_per_second"].is_number());
    let size = before["database_bytes"].as_u64().unwrap();
    assert!(size > 0, "{before}");

    // A room, a student in it, a game: every figure moves.
    let (code, _) = make_room(addr, None).await;
    let mut ada = room_ws(addr, &code).await;
    play_game(&mut ada, "Ada").await;
    let (status, after) = figures(&operator).await;
    assert_eq!(status, 200);
    assert_eq!(after["rooms"], 1, "{after}");
    assert_eq!(after["rooms_in_memory"], 1, "{after}");
    assert_eq!(after["players"], 1, "{after}");
    assert_eq!(after["games"], 1, "{after}");
    assert!(after["database_bytes"].as_u64().unwrap() > size, "{before} then {after}");

    // Another page's request is refused before its key is read; a teacher's key or a
    // made-up one is refused, counted with every wrong key from the address, and past
    // the limit even the operator's key waits.
    let (status, _) = call(
        addr,
        "POST",
        "/api/operator",
        Some(json!({ "key": operator })),
        Some("http://evil.example"),
    )
    .await;
    assert_eq!(status, 403);
    for wrong in ["not the key", "aa bb cc dd", "x"] {
        let (status, said) = figures(wrong).await;
        assert_eq!((status, said["code"].as_str()), (403, Some("wrong-key")), "{said}");
    }
    let (status, said) = figures(&operator).await;
    assert_eq!((status, said["code"].as_str()), (429, Some("too-many")), "{said}");
    drop(ada);
}
