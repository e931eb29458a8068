//! The class page in real Chromium: two browser sessions on one `--class` server. One
//! student plays by clicking; the other page sees the boxes, the score and the board of
//! players change, exactly as the server holds them; the teacher's controls are refused
//! without the key and work with it. With `MENACE_SHOTS=1` screenshots go under Cargo's
//! test scratch folder; `docs/class.png` is the watcher's after the teacher trained MENACE
//! (`MENACE_DOCS=1 cargo test -p menace-serve --test real class_browser::`).
//!
//! Without /usr/bin/chromium or /usr/bin/chromedriver this test skips, except under
//! `CI=true`, where it fails (`menace_testkit::require` decides).

use crate::chrome;
use crate::common;

use chrome::{browser, click, js, screenshot, set_value, start_driver, tempdir, to_docs, wait_for};
use common::class::{record, start_class, start_class_on, KEY};
use fantoccini::Client;
use serde_json::{json, Value};

async fn marks(c: &Client) -> u64 {
    js(c, "document.querySelectorAll('#board button[data-mark]').length").await.as_u64().unwrap()
}

/// The boxes as the page shows them, by box number: per box, the 9 cells (a mark, or the
/// bead count written).
async fn shown_boxes(c: &Client) -> Value {
    js(c, "[...document.querySelectorAll('#boxes .box')].sort((a, b) => a.dataset.index - b.dataset.index)\
           .map(el => [...el.querySelectorAll('span')].map(s => s.dataset.mark || s.textContent))")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_plays_another_watches_the_teacher_needs_the_key() {
    let Some(driver) = start_driver() else { return };
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let student = browser(driver, &tempdir("student")).await;
    let watcher = browser(driver, &tempdir("watcher")).await;
    for c in [&student, &watcher] {
        c.goto(&format!("http://{addr}/")).await.unwrap();
        wait_for(c, "document.querySelectorAll('#boxes .box').length === 304").await;
        wait_for(c, "document.getElementById('connection').textContent === 'connected'").await;
    }

    // The student plays one whole game by clicking, under a name that looks like markup.
    let name = "<b>Ada</b>";
    set_value(&student, "name", name).await;
    click(&student, "#new-game").await;
    wait_for(&student, "document.getElementById('message').textContent.startsWith('Your move')")
        .await;
    loop {
        let open =
            js(&student, "[...document.querySelectorAll('#board button')].some(b => !b.disabled)")
                .await;
        if open != json!(true) {
            break;
        }
        let before = marks(&student).await;
        click(&student, "#board button:not([disabled])").await;
        wait_for(
            &student,
            &format!(
                "document.querySelectorAll('#board button[data-mark]').length >= {} \
                 || !document.getElementById('message').textContent.startsWith('Your move')",
                before + 2
            ),
        )
        .await;
    }
    let message = js(&student, "document.getElementById('message').textContent").await;
    assert!(
        ["MENACE wins", "A draw", "You win"]
            .iter()
            .any(|m| message.as_str().unwrap().starts_with(m)),
        "{message}"
    );

    // The watcher saw it: the count, the score, the player (as text), the boxes.
    wait_for(&watcher, "document.getElementById('games').textContent === '1 game'").await;
    let mut score = 0;
    for id in ["count-win", "count-draw", "count-loss"] {
        let n = js(&watcher, &format!("Number(document.getElementById('{id}').textContent)")).await;
        score += n.as_u64().unwrap();
    }
    assert_eq!(score, 1);
    assert_eq!(
        js(&watcher, "document.querySelector('#players tbody td').textContent").await,
        json!(name)
    );
    assert_eq!(js(&watcher, "document.querySelectorAll('#players b').length").await, json!(0));
    let class = record(&room);
    let want: Vec<Vec<String>> = (0..class.machine().len())
        .map(|b| {
            let pos = class.machine().position(b).to_string();
            pos.chars()
                .zip(class.machine().beads(b))
                .map(|(p, n)| if p == '.' { n.to_string() } else { p.to_string() })
                .collect()
        })
        .collect();
    assert_eq!(shown_boxes(&watcher).await, json!(want), "the watcher's boxes are the server's");
    assert_eq!(class.games_played(), 1);
    screenshot(&watcher, "class-watcher.png").await;
    screenshot(&student, "class-student.png").await;

    // The teacher's controls: refused without the key, visibly, and nothing changes.
    click(&watcher, "#reset").await;
    wait_for(
        &watcher,
        "document.getElementById('teacher-message').textContent.startsWith(\"Type the teacher's key first\")",
    )
    .await;
    click(&watcher, "#train").await;
    wait_for(
        &watcher,
        "document.getElementById('teacher-message').textContent.startsWith(\"Type the teacher's key first\")",
    )
    .await;
    assert_eq!(record(&room).games_played(), 1);
    // With the key: train between lessons; both pages follow.
    set_value(&watcher, "key", KEY).await;
    set_value(&watcher, "train-games", "500").await;
    click(&watcher, "#train").await;
    wait_for(
        &watcher,
        "document.getElementById('teacher-message').textContent.startsWith('Trained 500')",
    )
    .await;
    assert_eq!(record(&room).games_played(), 501);
    // Training is counted apart: the class's score stays its one game, and both pages say
    // what the training did.
    wait_for(
        &student,
        "document.getElementById('trained').textContent.includes('500 games against a player who moves at random')",
    )
    .await;
    assert_eq!(js(&student, "document.getElementById('games').textContent").await, json!("1 game"));
    watcher.execute("window.scrollTo(0, 0); return 0;", vec![]).await.unwrap();
    let shot = screenshot(&watcher, "class-teacher.png").await;
    // `MENACE_DOCS=1 cargo test -p menace-serve --test real class_browser::` renews the
    // README's picture.
    to_docs(shot.as_deref(), "class.png");
    // The teacher takes a name off the board: gone from both pages, the score and the
    // boxes untouched.
    let boxes = shown_boxes(&student).await;
    set_value(&watcher, "player-name", name).await;
    click(&watcher, "#remove-player").await;
    wait_for(
        &watcher,
        "document.getElementById('teacher-message').textContent === 'Taken off the board: <b>Ada</b>.'",
    )
    .await;
    wait_for(&student, "document.querySelectorAll('#players tbody tr').length === 0").await;
    assert!(record(&room).class().players.is_empty());
    assert_eq!(record(&room).games_played(), 501);
    assert_eq!(js(&student, "document.getElementById('games').textContent").await, json!("1 game"));
    assert_eq!(shown_boxes(&student).await, boxes);
    // Clearing the board asks first; saying no sends nothing.
    click(&watcher, "#clear-players").await;
    wait_for(&watcher, "document.getElementById('confirm').open").await;
    click(&watcher, "#confirm-no").await;
    // Reset with the key (asked first): fresh boxes on both pages.
    click(&watcher, "#reset").await;
    wait_for(&watcher, "document.getElementById('confirm').open").await;
    click(&watcher, "#confirm-yes").await;
    wait_for(&student, "document.getElementById('games').textContent === '0 games'").await;
    assert_eq!(record(&room).games_played(), 0);

    student.close().await.unwrap();
    watcher.close().await.unwrap();
}

/// A class against MENACE playing second: the page says the person opens, a click plays X
/// and MENACE answers with O on the same board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_menace_playing_second_the_student_opens() {
    let Some(driver) = start_driver() else { return };
    let side = Some(menace_core::game::Side::Second);
    let (addr, room, _stop, _task) =
        start_class_on(None, menace_serve::Limits::default(), side).await;
    let student = browser(driver, &tempdir("opener")).await;
    student.goto(&format!("http://{addr}/")).await.unwrap();
    wait_for(&student, "document.querySelectorAll('#boxes .box').length === 289").await;
    wait_for(
        &student,
        "document.getElementById('message').textContent.includes('you play X and move first')",
    )
    .await;
    set_value(&student, "name", "Opener").await;
    click(&student, "#new-game").await;
    wait_for(
        &student,
        "document.getElementById('message').textContent.startsWith('Your move (you are X)')",
    )
    .await;
    assert_eq!(marks(&student).await, 0, "the person opens on an empty board");
    click(&student, "#board button:not([disabled])").await;
    wait_for(&student, "document.querySelectorAll('#board button[data-mark=\"O\"]').length === 1")
        .await;
    assert_eq!(
        js(&student, "document.querySelectorAll('#board button[data-mark=\"X\"]').length").await,
        json!(1)
    );
    assert_eq!(record(&room).machine().side(), menace_core::game::Side::Second);
    student.close().await.unwrap();
}

/// A session's answers, as JSON.
#[derive(Default)]
struct Answers(Vec<Value>);

impl menace_protocol::Sink for Answers {
    fn emit(&mut self, a: &menace_protocol::Answer) -> Result<(), menace_protocol::Closed> {
        self.0.push(serde_json::from_str(&a.to_json()).unwrap());
        Ok(())
    }
}

/// A busy class's broadcasts: six players' real games on a shared machine in this process
/// (fresh challenge boxes, MENACE first, as the served class's), their turns interleaved,
/// every broadcast recorded as the server prepares it.
fn a_busy_class() -> Vec<std::sync::Arc<menace_serve::news::Broadcast>> {
    use menace_serve::news::Broadcast;
    use std::sync::{Arc, Mutex};
    let heard: Arc<Mutex<Vec<Arc<Broadcast>>>> = Arc::default();
    let bus: menace_class::Bus = {
        let heard = heard.clone();
        Box::new(move |from, a: &menace_protocol::Answer| {
            heard.lock().unwrap().push(Arc::new(Broadcast::of(from, a)));
        })
    };
    let options = menace_class::RoomOptions {
        state: None,
        rules: menace_core::menace::BeadRules::challenge(),
        side: menace_core::game::Side::First,
        key: KEY.into(),
        seed: 11,
        wrong_key_wait: std::time::Duration::from_millis(20),
        store: None,
        previous: Vec::new(),
        clock: None,
    };
    let room = menace_class::Room::open(options, bus).unwrap();
    let stop = menace_protocol::Stop::new();
    // Each player: its session and the board it is to move on (`None`: between games).
    let mut players: Vec<_> = (0..6)
        .map(|p| {
            let (mut session, _) = room.session();
            session.handle_line(&format!("name player {p}"), &mut Answers::default(), &stop);
            (session, None::<Vec<String>>)
        })
        .collect();
    let mut games = 0;
    while games < 72 {
        for (session, board) in &mut players {
            let line = match board {
                None => "games 1".to_string(),
                Some(rows) => format!("move {}", common::first_free(rows)),
            };
            let mut answers = Answers::default();
            session.handle_line(&line, &mut answers, &stop);
            games += answers.0.iter().filter(|a| a["type"] == "result").count();
            *board = answers
                .0
                .iter()
                .rev()
                .find(|a| a["to_move"] == "player")
                .map(|a| serde_json::from_value(a["board"].clone()).unwrap());
        }
    }
    let heard = heard.lock().unwrap().clone();
    heard
}

/// Receives `answers` (JSON texts) on the class page as its socket would, one by one.
async fn receive_all(c: &Client, answers: &[String]) {
    let list = format!("[{}]", answers.join(","));
    js(c, &format!("(() => {{ for (const a of {list}) receive(a); return true; }})()")).await;
}

/// What a class page shows and holds of the class: its state, then the boxes, the count,
/// the players' table and the latest game as drawn.
async fn shown(c: &Client) -> Value {
    let state = js(
        c,
        "JSON.stringify({ boxes: classPage.boxes, players: [...classPage.players.entries()], \
         curve: classPage.curve, score: classPage.score, last: classPage.lastGame, \
         lines: classPage.lines })",
    )
    .await;
    let texts = js(
        c,
        "['games', 'players', 'last-game', 'count-win', 'count-draw', 'count-loss']\
           .map(id => document.getElementById(id).textContent)",
    )
    .await;
    json!([state, shown_boxes(c).await, texts])
}

/// A busy class's broadcasts merged as a paced connection sends them (`news`, in runs of
/// 37 broadcasts, as they might come between two frames) leave the page exactly where the
/// broadcasts one by one leave it: the same state, boxes, score, players, curve and
/// latest game, from a tenth of the frames or fewer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn merged_broadcasts_leave_the_page_where_one_by_one_leaves_it() {
    let Some(driver) = start_driver() else { return };
    let heard = a_busy_class();
    let singles: Vec<String> = heard.iter().map(|b| b.json.to_string()).collect();
    let merged: Vec<String> = heard.chunks(37).flat_map(menace_serve::news::frames).collect();
    assert!(singles.len() > 300, "{} broadcasts", singles.len());
    assert!(merged.len() * 10 <= singles.len() + 37, "{} frames", merged.len());
    assert!(merged.iter().all(|f| f.starts_with("{\"type\":\"news\"")));

    let (addr, _room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let one = browser(driver, &tempdir("one-by-one")).await;
    let news = browser(driver, &tempdir("merged")).await;
    for c in [&one, &news] {
        c.goto(&format!("http://{addr}/")).await.unwrap();
        wait_for(c, "document.querySelectorAll('#boxes .box').length === 304").await;
        wait_for(c, "document.getElementById('connection').textContent === 'connected'").await;
    }
    let before = shown(&one).await;
    receive_all(&one, &singles).await;
    receive_all(&news, &merged).await;
    let after = shown(&one).await;
    assert_ne!(after, before, "the broadcasts changed the page");
    assert_eq!(shown(&news).await, after);
    let games = singles.iter().filter(|a| a.starts_with("{\"type\":\"finished\"")).count();
    assert!(games >= 72, "{games} games");
    assert_eq!(
        js(&news, "document.getElementById('games').textContent").await,
        json!(format!("{games} games"))
    );
    one.close().await.unwrap();
    news.close().await.unwrap();
}
