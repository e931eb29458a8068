//! The page in a real browser: Debian's Chromium driven through chromedriver (WebDriver,
//! with fantoccini), against a real server on a free loopback port. Each test clicks what
//! a person clicks and checks what the page shows against the protocol itself (a session
//! replayed with the same seed and lines), then saves a screenshot under `target/`.
//!
//! Without /usr/bin/chromium or /usr/bin/chromedriver these tests skip, except under
//! `CI=true`, where they fail (`menace_testkit::require` decides; `.ci/run` installs both).
//!
//! `docs/serve.png` (the README's picture) is made by the ignored test `docs_screenshot`:
//! `cargo test -p menace-serve --test real -- --ignored browser::docs_screenshot`.

use crate::chrome;
use crate::common;

use std::path::Path;

use chrome::{
    browser, click, js, open_private, private_page, protocol, screenshot, set_value, start_driver,
    tempdir, wait_for, PageAt,
};
use fantoccini::{Client, Locator};
use menace_files::FileAccess;
use menace_protocol::{serve, Config, Session};
use serde_json::{json, Value};

/// The page with `query` loaded, connected, with MENACE's boxes drawn.
async fn open(c: &Client, page: &PageAt, query: &str) {
    open_private(c, &page.url(query)).await;
}

/// The bead counts a box shows on the page (`null` for a marked cell).
async fn shown_box(c: &Client, index: usize) -> Value {
    js(
        c,
        &format!(
            "[...document.querySelectorAll('#boxes .box[data-index=\"{index}\"] span')]\
             .map(s => s.classList.contains('mark') ? null : Number(s.textContent))"
        ),
    )
    .await
}

fn beads_as_shown(b: &Value) -> Value {
    let pos = b["position"].as_str().unwrap().as_bytes().to_vec();
    Value::Array(
        b["beads"]
            .as_array()
            .unwrap()
            .iter()
            .zip(pos)
            .map(|(n, p)| if p == b'.' { n.clone() } else { Value::Null })
            .collect(),
    )
}

/// A value the page holds, as JSON (compared as values: key order does not matter).
async fn page_value(c: &Client, expr: &str) -> Value {
    let text = js(c, &format!("JSON.stringify({expr})")).await;
    serde_json::from_str(text.as_str().expect("a JSON text")).expect("JSON")
}

async fn counters(c: &Client) -> [u64; 3] {
    let mut out = [0; 3];
    for (i, id) in ["count-win", "count-draw", "count-loss"].iter().enumerate() {
        let t = js(c, &format!("document.getElementById('{id}').textContent")).await;
        out[i] = t.as_str().unwrap().parse().unwrap();
    }
    out
}

/// A private-page test, twice: on the page a `menace serve` serves (`NAME::served`), and on
/// the offline file with the engine in the page (`NAME::offline`); one page code, two
/// ways to the engine, the same test.
macro_rules! browser_test {
    ($name:ident, $body:ident) => {
        mod $name {
            use super::*;

            crate::both_ways!(run);

            async fn run(driver: &chrome::Driver, page: PageAt) {
                let downloads = tempdir("downloads");
                let c = browser(driver, &downloads).await;
                $body(&c, &page, &downloads).await;
                c.close().await.unwrap();
            }
        }
    };
}

/// Answers that follow a player's move: MENACE's reply or the game's end.
const ANSWERED: &str =
    "window.menace.log.filter(t => t === 'menace_move' || t === 'result').length";

browser_test!(a_game_played_by_clicking_shows_what_the_protocol_says, play_by_clicking);

async fn play_by_clicking(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "").await;
    assert_eq!(counters(c).await, [0, 0, 0]);
    wait_for(c, "document.querySelectorAll('#boxes .box').length === 304").await;
    // Each box element is tagged, to see after the game whether it was redrawn in place.
    js(c, "document.querySelectorAll('#boxes .box').forEach(b => b.tagged = true) || true").await;
    click(c, "#new-game").await;
    let mut lines = vec!["games 1".to_string()];
    loop {
        wait_for(c, "window.menace.inGame || window.menace.log.includes('match_over')").await;
        if js(c, "window.menace.log.includes('match_over')").await == Value::Bool(true) {
            break;
        }
        let rows: Vec<String> = serde_json::from_value(js(c, "window.menace.board").await).unwrap();
        let cell = common::first_free(&rows);
        let seen = js(c, ANSWERED).await.as_u64().unwrap();
        click(c, &format!("#board button[data-cell=\"{cell}\"]")).await;
        lines.push(format!("move {cell}"));
        wait_for(c, &format!("{ANSWERED} > {seen}")).await;
    }
    wait_for(c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    // The same lines on the protocol's own loop, with the page's seed (1961, the default).
    lines.push("dump".into());
    let answers = protocol(1961, &lines);
    let result = answers.iter().find(|a| a["type"] == "result").expect("a result");
    let want = match result["winner"].as_str().unwrap() {
        "menace" => [1, 0, 0],
        "draw" => [0, 1, 0],
        _ => [0, 0, 1],
    };
    assert_eq!(counters(c).await, want, "counters");
    let dump = answers.last().unwrap();
    assert_eq!(dump["type"], "matchboxes");
    let drawn = dump["drawn"].as_array().expect("the beads drawn in the game");
    let mut want_used: Vec<u64> = drawn.iter().map(|d| d["box"].as_u64().unwrap()).collect();
    want_used.sort();
    let used = js(c, "[...document.querySelectorAll('#boxes .box.used')].map(b => Number(b.dataset.index)).sort((a, b) => a - b)").await;
    assert_eq!(used, json!(want_used), "the boxes marked as used in the game");
    for d in drawn {
        let index = d["box"].as_u64().unwrap() as usize;
        let bead = js(
            c,
            &format!("document.querySelector('#boxes .box[data-index=\"{index}\"]').dataset.drawn"),
        )
        .await;
        assert_eq!(bead, d["bead"], "the drawn bead of box {index}");
        assert_eq!(shown_box(c, index).await, beads_as_shown(&dump["boxes"][index]), "box {index}");
    }
    assert_eq!(shown_box(c, 0).await, beads_as_shown(&dump["boxes"][0]), "box 0");
    // Every box shows the engine's beads, and the game changed them in place: the same
    // 304 elements as before it (a page that rebuilt them all after every game froze a
    // projector's laptop for a moment each time).
    let shown = js(
        c,
        "[...document.querySelectorAll('#boxes .box')].sort((a, b) => a.dataset.index - b.dataset.index)\
         .map(b => [...b.querySelectorAll('span')].map(s => s.classList.contains('mark') ? null : Number(s.textContent)))",
    )
    .await;
    let boxes = dump["boxes"].as_array().unwrap();
    assert_eq!(shown, Value::Array(boxes.iter().map(beads_as_shown).collect()), "every box");
    let kept =
        js(c, "[...document.querySelectorAll('#boxes .box')].filter(b => b.tagged).length").await;
    assert_eq!(kept, json!(boxes.len()), "boxes redrawn in place");
    screenshot(c, "browser-play.png").await;
}

browser_test!(update_and_reset_refills_box_0, update_and_reset);

async fn update_and_reset(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "").await;
    set_value(c, "train-games", "300").await;
    click(c, "#train").await;
    wait_for(c, "window.menace.running === null && window.menace.log.includes('trained')").await;
    wait_for(c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    // Training moved beads in the first box (random opponent, 300 games).
    let trained = shown_box(c, 0).await;
    assert_ne!(trained, json!([4, 4, 4, 4, 4, 4, 4, 4, 4]), "training changed nothing?");
    // Scroggs's preset: 8 beads per legal move at MENACE's first move.
    set_value(c, "preset", "scroggs").await;
    assert_eq!(js(c, "document.getElementById('initial').value").await, json!("8,4,2,1"));
    click(c, "#update-reset").await;
    // 300 games of learning would be lost: the page asks first (issue 73).
    wait_for(c, "document.getElementById('confirm').open").await;
    click(c, "#confirm-yes").await;
    wait_for(c, "window.menace.log.includes('rules')").await;
    wait_for(c, "document.getElementById('games-played').textContent === '0'").await;
    assert_eq!(shown_box(c, 0).await, json!([8, 8, 8, 8, 8, 8, 8, 8, 8]));
    // And the rest as the protocol fills them after the same command.
    let answers = protocol(
        1961,
        &["rules initial 8,4,2,1 reward 3,1,-1 empty resign reset".into(), "dump".into()],
    );
    let dump = answers.last().unwrap();
    for index in [1, 12, 13, 200, 303] {
        assert_eq!(shown_box(c, index).await, beads_as_shown(&dump["boxes"][index]), "box {index}");
    }
    assert_eq!(counters(c).await, [0, 0, 0]);
    screenshot(c, "browser-rules.png").await;
}

browser_test!(train_shows_progress_and_stop_ends_it, train_and_stop);

async fn train_and_stop(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "").await;
    // Against the exploiter a train reports every 200 games (against random, every 20,000).
    set_value(c, "opponent", "exploiter").await;
    set_value(c, "train-games", "1000").await;
    click(c, "#train").await;
    wait_for(c, "window.menace.running === null && window.menace.log.includes('trained')").await;
    // The bar moved through values between empty and full (one per `progress` answer).
    let shown: Vec<u64> =
        serde_json::from_value(js(c, "window.menace.progressShown").await).unwrap();
    let between = shown.iter().filter(|&&v| v > 0 && v < 1000).count();
    assert!(between >= 3, "the bar hardly moved: {shown:?}");
    assert!(shown.windows(2).all(|w| w[0] <= w[1]), "the bar went back: {shown:?}");
    assert_eq!(js(c, "document.getElementById('progress').value").await, json!(1000));
    let played = js(c, "document.getElementById('games-played').textContent").await;
    assert_eq!(played, json!("1,000"), "written as English writes numbers");
    screenshot(c, "browser-train.png").await;

    // A long train, stopped by the button.
    set_value(c, "opponent", "random").await;
    set_value(c, "train-games", "100000000").await;
    click(c, "#train").await;
    wait_for(c, "document.getElementById('progress').value > 0").await;
    assert_eq!(js(c, "document.getElementById('stop').disabled").await, json!(false));
    click(c, "#stop").await;
    wait_for(c, "window.menace.running === null").await;
    wait_for(c, "document.getElementById('progress-text').textContent.startsWith('Stopped')").await;
    let value = js(c, "document.getElementById('progress').value").await.as_f64().unwrap();
    assert!(value < 1e8, "stopped at {value}");
    assert_eq!(js(c, "document.getElementById('train').disabled").await, json!(false));
    screenshot(c, "browser-stop.png").await;
}

browser_test!(a_downloaded_state_uploaded_into_a_fresh_tab_shows_the_same_boxes, save_and_load);

async fn save_and_load(c: &Client, page: &PageAt, downloads: &Path) {
    open(c, page, "").await;
    set_value(c, "train-games", "500").await;
    click(c, "#train").await;
    wait_for(c, "window.menace.running === null && window.menace.log.includes('trained')").await;
    wait_for(c, "window.menace.log.filter(t => t === 'matchboxes').length >= 2").await;
    let boxes = js(c, "JSON.stringify(window.menace.boxes.boxes)").await;
    click(c, "#save").await;
    let file = chrome::downloaded_json(downloads).await;
    let saved: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(saved["games_played"], 500);

    // A fresh tab: a fresh session, its boxes as new (the offline page keeps its machine
    // in the browser's storage: forgotten first, as a new browser would have none).
    c.new_window(true).await.unwrap();
    let handles = c.windows().await.unwrap();
    c.switch_to_window(handles.last().unwrap().clone()).await.unwrap();
    open(c, page, "").await;
    if js(c, "window.menace.way").await == json!("in-page") {
        js(c, "window.MenaceInPage.forget()").await;
        open(c, page, "").await;
    }
    assert_eq!(shown_box(c, 0).await, json!([4, 4, 4, 4, 4, 4, 4, 4, 4]));
    chrome::load_file(c, &file).await;
    wait_for(c, "window.menace.log.includes('imported')").await;
    wait_for(c, "document.getElementById('games-played').textContent === '500'").await;
    wait_for(c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    assert_eq!(js(c, "JSON.stringify(window.menace.boxes.boxes)").await, boxes);
    for index in [0, 1, 50, 303] {
        let want = beads_as_shown(&saved["boxes"][index]);
        assert_eq!(shown_box(c, index).await, want, "box {index}");
    }
    screenshot(c, "browser-load.png").await;
}

/// The README's picture: some training, an evaluation, a game by hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes docs/serve.png: cargo test -p menace-serve --test real -- --ignored browser::docs_screenshot"]
async fn docs_screenshot() {
    let driver = start_driver().expect("docs_screenshot needs Chromium and chromedriver");
    let page = private_page().await;
    let c = browser(driver, &tempdir("downloads")).await;
    open(&c, &page, "").await;
    for (games, opponent) in [("300", "random"), ("300", "perfect"), ("400", "mixed")] {
        set_value(&c, "opponent", opponent).await;
        set_value(&c, "train-games", games).await;
        click(&c, "#train").await;
        wait_for(&c, "window.menace.running === null").await;
        let before = js(&c, "window.menace.evals.length").await.as_u64().unwrap();
        click(&c, "#eval").await;
        wait_for(&c, &format!("window.menace.evals.length > {before}")).await;
    }
    set_value(&c, "opponent", "human").await;
    click(&c, "#new-game").await;
    for _ in 0..2 {
        wait_for(&c, "window.menace.inGame || window.menace.log.includes('match_over')").await;
        if js(&c, "window.menace.inGame").await != json!(true) {
            break;
        }
        let rows: Vec<String> =
            serde_json::from_value(js(&c, "window.menace.board").await).unwrap();
        let seen = js(&c, ANSWERED).await.as_u64().unwrap();
        click(&c, &format!("#board button[data-cell=\"{}\"]", common::first_free(&rows))).await;
        wait_for(&c, &format!("{ANSWERED} > {seen}")).await;
    }
    wait_for(&c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    js(&c, "window.scrollTo(0, 0) || true").await;
    // An ignored test run by hand for the picture: it always takes it.
    let png = c.screenshot().await.expect("a screenshot");
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/serve.png");
    std::fs::write(&docs, png).unwrap();
    eprintln!("wrote {}", docs.display());
    c.close().await.unwrap();
}

browser_test!(watching_menace_play_perfect_counts_what_the_protocol_plays, watch_perfect);

async fn watch_perfect(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "").await;
    set_value(c, "opponent", "perfect").await;
    set_value(c, "speed", "0").await;
    set_value(c, "watch-games", "3").await;
    click(c, "#watch").await;
    wait_for(c, "window.menace.running === null && window.menace.log.filter(t => t === 'match_over').length === 3").await;
    wait_for(c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    // The page watches one game at a time: the same lines on the protocol's own loop.
    let answers = protocol(1961, &vec!["watch 1 perfect".to_string(); 3]);
    let mut want = [0; 3];
    for a in answers.iter().filter(|a| a["type"] == "result") {
        want[match a["winner"].as_str().unwrap() {
            "menace" => 0,
            "draw" => 1,
            _ => 2,
        }] += 1;
    }
    assert_eq!(counters(c).await, want);
    assert_eq!(want[0], 0, "MENACE cannot beat a perfect player");
    let dump = answers.iter().rev().find(|a| a["type"] == "matchboxes").unwrap();
    assert!(page_value(c, "window.menace.boxes").await == *dump, "the page's boxes differ");
    screenshot(c, "browser-watch.png").await;
}

browser_test!(the_second_menaces_boxes_are_shown, second_menace);

async fn second_menace(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "").await;
    set_value(c, "opponent", "menace").await;
    set_value(c, "train-games", "200").await;
    click(c, "#train").await;
    wait_for(c, "window.menace.running === null && window.menace.log.includes('trained')").await;
    c.find(Locator::Css("#show-opponent")).await.unwrap().click().await.unwrap();
    wait_for(c, "window.menace.opponentBoxes !== null").await;
    let answers = protocol(1961, &["train 200 menace".into(), "dump opponent".into()]);
    let dump = answers.last().unwrap();
    assert_eq!(dump["machine"], "opponent");
    assert!(page_value(c, "window.menace.opponentBoxes").await == *dump, "opponent boxes differ");
    let shown = js(c, "document.querySelectorAll('#boxes .box').length").await;
    assert_eq!(shown, json!(dump["boxes"].as_array().unwrap().len()));
    for index in [0, 1, 2] {
        assert_eq!(shown_box(c, index).await, beads_as_shown(&dump["boxes"][index]), "box {index}");
    }
    let heading = js(c, "document.getElementById('boxes-count').textContent").await;
    assert!(heading.as_str().unwrap().contains("second MENACE"), "{heading}");
    screenshot(c, "browser-second-menace.png").await;
}

browser_test!(nim_is_selectable_and_played_as_the_protocol_plays_it, nim);

async fn nim(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "").await;
    set_value(c, "game", "nim").await;
    wait_for(c, "document.querySelectorAll('#boxes .box.generic').length > 0").await;
    click(c, "#new-game").await;
    wait_for(c, "window.menace.log.includes('menace_move')").await;
    let config = Config {
        seed: 1961,
        game: menace_protocol::GameChoice::Nim(Default::default()),
        files: FileAccess::Nowhere,
        ..Config::default()
    };
    let mut session = Session::with(config).unwrap();
    let mut out = Vec::new();
    serve(&b"games 1\ndump\n"[..], &mut out, &mut session).unwrap();
    let answers: Vec<Value> =
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let board: Vec<String> = serde_json::from_value(answers[1]["board"].clone()).unwrap();
    // The rows as counters to click (games.js), as many in each as the protocol's board has.
    let counts: Vec<usize> =
        board.iter().map(|row| row.chars().filter(|&ch| ch == '|').count()).collect();
    let shown = js(c, "[...document.querySelectorAll('#game-board .nim-row')].map(r => r.querySelectorAll('button').length)").await;
    assert_eq!(shown, json!(counts));
    let boxes = answers[2]["boxes"].as_array().unwrap().len();
    assert_eq!(js(c, "document.querySelectorAll('#boxes .box').length").await, json!(boxes));
    screenshot(c, "browser-nim.png").await;
}

browser_test!(menace_playing_second_waits_for_the_person_to_open, person_opens);

/// `/?side=second`: MENACE plays O with its 289 boxes; a new game waits for the person's
/// click, and MENACE answers it as the protocol does.
async fn person_opens(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "?side=second").await;
    wait_for(c, "window.menace.side === 'second'").await;
    assert_eq!(js(c, "document.querySelectorAll('#boxes .box').length").await, json!(289));
    click(c, "#new-game").await;
    wait_for(c, "window.menace.inGame").await;
    assert_eq!(js(c, "window.menace.log.includes('menace_move')").await, json!(false));
    let said = js(c, "document.getElementById('message').textContent").await;
    assert_eq!(said, json!("You move first: click a free square."));
    click(c, "#board button[data-cell=\"MM\"]").await;
    wait_for(c, &format!("{ANSWERED} > 0")).await;
    let config = Config {
        seed: 1961,
        side: Some(menace_core::game::Side::Second),
        files: FileAccess::Nowhere,
        ..Config::default()
    };
    let mut session = Session::with(config).unwrap();
    let mut out = Vec::new();
    serve(&b"games 1\nmove MM\n"[..], &mut out, &mut session).unwrap();
    let answers: Vec<Value> =
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers[2]["type"], "menace_move");
    assert_eq!(js(c, "window.menace.board").await, answers[2]["board"]);
}

browser_test!(a_menace_that_resigned_for_good_is_told_on_the_page, resigned_for_good);

/// Scroggs's rules, seed 6: after 80 games against perfect play the first box is empty
/// (protocol.md's example), so MENACE resigns the next game and the page says why.
async fn resigned_for_good(c: &Client, page: &PageAt, _: &Path) {
    open(c, page, "?seed=6").await;
    js(c, "(send('rules preset scroggs reset'), send('train 80 perfect'), 0)").await;
    wait_for(c, "window.menace.log.includes('trained')").await;
    click(c, "#new-game").await;
    wait_for(c, "window.menace.log.includes('match_over')").await;
    let said = js(c, "document.getElementById('message').textContent").await;
    let said = said.as_str().unwrap();
    assert!(said.contains("MENACE has resigned for good: its first box is empty"), "{said}");
}
