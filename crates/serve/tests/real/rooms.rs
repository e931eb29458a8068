//! `menace serve --rooms` in real Chromium, in Hindi: a teacher makes a room on the
//! teacher's page, two students join by typing its code on the home page and play, and
//! the projector view shows their games; then the server dies (its task aborted, nothing
//! saved at the end) and comes back on the same database and port, and the pages carry
//! on in the same room with nothing lost: they reconnect by themselves, the games are
//! there, and the next game is counted with them. And the operator's page, in Bengali on a
//! phone: its figures, asked for with the operator's key, move by themselves after a game.

use std::net::SocketAddr;

use crate::chrome;
use crate::lesson::{play_to_the_end, read_qr};

use chrome::{axe, browser, click, js, screenshot, set_value, start_driver, tempdir, wait_for};
use fantoccini::Client;
use menace_serve::rooms::{Rooms, RoomsOptions};
use serde_json::json;

/// A rooms server on its own runtime and thread: dropping [`Server::kill`]'s runtime ends
/// every task of it at once (its connections among them) with nothing saved at the end,
/// as a killed process would.
struct Server {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Starts on `addr` (port 0: a free one) over the database `db`.
    fn start(addr: SocketAddr, db: &std::path::Path) -> Server {
        Server::start_with(addr, RoomsOptions::new(db.to_path_buf()).unwrap())
    }

    /// [`Server::start`] with `options`.
    fn start_with(addr: SocketAddr, options: RoomsOptions) -> Server {
        let (ready, bound) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                // The killed server's file is free once its thread is gone.
                let rooms = Rooms::open(options, menace_serve::Limits::default()).unwrap();
                let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
                ready.send(listener.local_addr().unwrap()).unwrap();
                let app = menace_serve::rooms::app(rooms);
                tokio::select! {
                    _ = menace_serve::serve_router(listener, app, &[], std::future::pending()) => {}
                    _ = stopped => {}
                }
            });
            rt.shutdown_background();
        });
        let addr = bound.recv().unwrap();
        Server { addr, stop: Some(stop), thread: Some(thread) }
    }

    /// Kills it: every task and socket gone, nothing written at the end.
    fn kill(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.thread.take().unwrap().join().unwrap();
    }
}

/// The class's games as the page holds them (its page state's score, not its words, which
/// are written in Devanagari digits).
const GAMES: &str = "((s) => s.menace + s.draw + s.player)(window.classPage.score)";

async fn games(c: &Client) -> u64 {
    js(c, GAMES).await.as_u64().unwrap_or(0)
}

/// A student on the home page types `code` as read off the board and joins.
async fn join(c: &Client, addr: SocketAddr, code: &str) {
    c.goto(&format!("http://{addr}/?lang=hi")).await.unwrap();
    wait_for(
        c,
        "document.documentElement.lang === 'hi' && document.getElementById('code') !== null",
    )
    .await;
    // As a phone might send it: lower case, with a space.
    set_value(c, "code", &format!("{} {}", code[..3].to_lowercase(), &code[3..])).await;
    click(c, "#join button[type=submit]").await;
    wait_for(c, &format!("location.pathname === '/r/{code}/'")).await;
    wait_for(c, "document.querySelectorAll('#boxes .box').length === 304").await;
    wait_for(c, "document.getElementById('connection').classList.contains('ok')").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_class_in_a_room_by_its_code_in_hindi_survives_the_server_dying() {
    let Some(driver) = start_driver() else { return };
    let dir = tempdir("rooms");
    let db = dir.join("rooms.sqlite");
    let first = Server::start("127.0.0.1:0".parse().unwrap(), &db);
    let addr = first.addr;

    // The teacher makes a room.
    let teacher = browser(driver, &tempdir("rooms-teacher")).await;
    teacher.goto(&format!("http://{addr}/teacher?lang=hi")).await.unwrap();
    wait_for(&teacher, "document.documentElement.lang === 'hi' && window.Rooms !== undefined")
        .await;
    click(&teacher, "#make").await;
    wait_for(&teacher, "document.querySelector('#rooms tbody a.room-code') !== null").await;
    let code = js(&teacher, "document.querySelector('#rooms tbody a.room-code').textContent").await;
    let code = code.as_str().unwrap().to_string();
    let made = js(&teacher, "document.getElementById('made').textContent").await;
    assert!(made.as_str().unwrap().contains(&code), "{made}");
    // Every word the teacher reads is Hindi but the code, the key and MENACE.
    let key =
        js(&teacher, "document.getElementById('key').value").await.as_str().unwrap().to_string();
    assert_eq!(key.split(' ').count(), 4, "{key}");
    let text = js(&teacher, "document.querySelector('main').innerText").await;
    let latin: String = text
        .as_str()
        .unwrap()
        .replace(&code, "")
        .replace("MENACE", "")
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    assert_eq!(latin, "", "English on the Hindi teacher's page: {text}");
    screenshot(&teacher, "rooms-teacher-hi.png").await;

    // The projector shows the room; two students join by the code and play a game each.
    let projector = browser(driver, &tempdir("rooms-projector")).await;
    projector.goto(&format!("http://{addr}/r/{code}/?view=projector&lang=hi")).await.unwrap();
    wait_for(&projector, "document.querySelector('#qr svg') !== null").await;
    assert_eq!(read_qr(&projector).await, format!("http://{addr}/r/{code}/"), "the room's address");
    let ada = browser(driver, &tempdir("rooms-ada")).await;
    let bob = browser(driver, &tempdir("rooms-bob")).await;
    for (c, name) in [(&ada, "अदा"), (&bob, "बॉब")] {
        join(c, addr, &code).await;
        set_value(c, "name", name).await;
        click(c, "#new-game").await;
        play_to_the_end(c).await;
    }
    wait_for(&projector, "document.querySelectorAll('#players tbody tr').length === 2").await;
    wait_for(&projector, &format!("{GAMES} === 2")).await;
    screenshot(&projector, "rooms-projector-hi.png").await;

    // The server dies: every task and connection gone, nothing saved at the end.
    tokio::task::block_in_place(|| first.kill());
    wait_for(&ada, "!document.getElementById('connection').classList.contains('ok')").await;
    // It comes back on the same database and port.
    let second = tokio::task::block_in_place(|| Server::start(addr, &db));
    assert_eq!(second.addr, addr);
    for c in [&ada, &bob, &projector] {
        wait_for(c, "document.getElementById('connection').classList.contains('ok')").await;
        wait_for(c, &format!("{GAMES} === 2")).await;
    }
    assert_eq!(games(&projector).await, 2, "nothing lost");
    // The class carries on: Ada's next game is the third.
    click(&ada, "#new-game").await;
    play_to_the_end(&ada).await;
    wait_for(&projector, &format!("{GAMES} === 3")).await;
    assert_eq!(
        js(&projector, "document.querySelectorAll('#players tbody tr').length").await,
        json!(2)
    );
    // And the teacher's list counts them.
    teacher.refresh().await.unwrap();
    wait_for(&teacher, "document.querySelector('#rooms tbody td.n') !== null").await;
    let counted = js(&teacher, "document.querySelector('#rooms tbody td.n').textContent").await;
    // Hindi's numbers are written in the digits its locale uses (CLDR: 0-9).
    let counted = counted.as_str().unwrap();
    assert!(counted.starts_with('3') || counted.starts_with('३'), "{counted}");

    // A room's address that leads nowhere (a code mistyped in the address bar, an old QR
    // code) lands on the home page with the code filled in, saying why in Hindi.
    ada.goto(&format!("http://{addr}/r/ZZZZZZ/?lang=hi")).await.unwrap();
    wait_for(
        &ada,
        "location.pathname === '/' && document.getElementById('join-note').textContent !== ''",
    )
    .await;
    assert_eq!(js(&ada, "document.getElementById('code').value").await, json!("ZZZZZZ"));
    let said = js(&ada, "document.getElementById('join-note').textContent").await;
    let hindi = menace_i18n::language("hi").unwrap().ftl;
    let wanted = hindi.lines().find_map(|l| l.strip_prefix("rooms-error-no-room = ")).unwrap();
    assert_eq!(said.as_str().unwrap(), wanted);
}

/// A figure of the operator's page, as it shows it.
async fn figure(c: &Client, id: &str) -> String {
    js(c, &format!("document.getElementById('{id}').textContent")).await.as_str().unwrap().into()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operators_page_in_bengali_on_a_phone_sees_the_figures_move_after_a_game() {
    let Some(driver) = start_driver() else { return };
    let dir = tempdir("rooms-operator");
    let options = RoomsOptions::new(dir.join("rooms.sqlite")).unwrap();
    let key = options.operator_key.clone();
    let server = Server::start_with("127.0.0.1:0".parse().unwrap(), options);
    let addr = server.addr;

    let op = browser(driver, &tempdir("rooms-operator-page")).await;
    op.set_window_size(390, 900).await.unwrap();
    op.goto(&format!("http://{addr}/operator?lang=bn")).await.unwrap();
    wait_for(&op, "document.documentElement.lang === 'bn' && window.Rooms !== undefined").await;
    // A wrong key: said in Bengali, and no figures.
    set_value(&op, "operator-key", "not the key").await;
    click(&op, "#operator-form button[type=submit]").await;
    wait_for(&op, "document.getElementById('operator-note').textContent !== ''").await;
    let note = figure(&op, "operator-note").await;
    assert!(note.contains("পরিচালকের চাবি"), "{note}");
    assert_eq!(js(&op, "document.getElementById('figures-panel').hidden").await, json!(true));
    // The operator's key: the figures of an empty server, in Bengali's digits.
    set_value(&op, "operator-key", &key).await;
    click(&op, "#operator-form button[type=submit]").await;
    wait_for(&op, "!document.getElementById('figures-panel').hidden").await;
    assert_eq!(figure(&op, "fig-rooms").await, "০");
    assert_eq!(figure(&op, "fig-players").await, "০");
    assert!(figure(&op, "fig-games").await.contains('০'));
    assert!(figure(&op, "fig-size").await.ends_with("এমবি"));
    // Nothing on it in English: every word is the catalog's, but MENACE.
    let text = js(&op, "document.querySelector('main').innerText").await;
    let latin: String = text
        .as_str()
        .unwrap()
        .replace("MENACE", "")
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    assert_eq!(latin, "", "English on the Bengali operator's page: {text}");
    // Readable on a phone: nothing wider than the screen, and accessible.
    assert_eq!(js(&op, "document.documentElement.scrollWidth <= 390").await, json!(true));
    assert_eq!(axe(&op).await, Vec::<String>::new());

    // A teacher makes a room and a student plays a game in it, the page left alone.
    let teacher = browser(driver, &tempdir("rooms-operator-teacher")).await;
    teacher.goto(&format!("http://{addr}/teacher")).await.unwrap();
    wait_for(&teacher, "window.Rooms !== undefined").await;
    click(&teacher, "#make").await;
    wait_for(&teacher, "document.querySelector('#rooms tbody a.room-code') !== null").await;
    let code = js(&teacher, "document.querySelector('#rooms tbody a.room-code').textContent").await;
    let ada = browser(driver, &tempdir("rooms-operator-ada")).await;
    join(&ada, addr, code.as_str().unwrap()).await;
    set_value(&ada, "name", "Ada").await;
    click(&ada, "#new-game").await;
    play_to_the_end(&ada).await;
    // The page asks again by itself: one room, one player now, one game.
    wait_for(
        &op,
        "document.getElementById('fig-rooms').textContent === '১' && \
         document.getElementById('fig-players').textContent === '১' && \
         document.getElementById('fig-games').textContent.includes('১')",
    )
    .await;
    screenshot(&op, "rooms-operator-bn-390.png").await;
    tokio::task::block_in_place(|| server.kill());
}
