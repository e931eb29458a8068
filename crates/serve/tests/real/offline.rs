//! The offline file, `menace.html` (the repository's `site/menace.html`, refreshed by
//! `cargo run --release -p menace-web`): the engine compiled to WebAssembly inside the
//! page, opened from `file://` in Chromium with every network request refused, from a
//! static host (installable, and working offline after the first visit), and from
//! `menace serve`'s `/menace.html`.

use crate::chrome;
use crate::common;
use crate::transcripts::cases;

use std::path::{Path, PathBuf};
use std::time::Duration;

use base64::Engine as _;
use chrome::{axe_in, click, js, offline_browser, set_value, start_driver, tempdir, wait_for};
use fantoccini::Client;
use menace_core::menace::state::State;
use serde_json::{json, Value};

/// The size budget of `menace.html` (the engine, the page, five languages).
pub const BUDGET: usize = 2_000_000;

/// `menace.html` as the repository holds it (`site/`, what `menace serve` hands out and
/// the README links): the tests play the committed file, not a fresh build, so what a
/// teacher downloads is what passed. crates/web's tests fail when it is stale.
pub fn offline_file() -> Option<PathBuf> {
    Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site/menace.html"))
}

/// The offline file's address (`None`: skip, as for [`offline_file`]).
pub fn offline_url() -> Option<String> {
    Some(format!("file://{}", offline_file()?.display()))
}

#[test]
fn the_offline_file_holds_its_size_budget() {
    let Some(file) = offline_file() else { return };
    let bytes = std::fs::metadata(&file).unwrap().len() as usize;
    assert!(bytes < BUDGET, "menace.html is {bytes} bytes, over its budget of {BUDGET}");
    let text = std::fs::read_to_string(&file).unwrap();
    // Every script and style is inside; and the page's policy lets it connect nowhere
    // (the browser test also runs it with every request sent to a dead proxy).
    for fetched in ["<script src=", "rel=\"stylesheet\" href="] {
        assert!(!text.contains(fetched), "the offline page still links: {fetched}");
    }
    assert!(text.contains(menace_serve::offline::POLICY), "the page's policy");
    assert!(menace_serve::offline::POLICY.contains("connect-src 'none'"));
}

/// Replays `input`'s lines through `MenaceInPage` in the page: the answers as stdin would
/// print them. Lines go as bytes (binary frames), so a line that is not UTF-8 reaches the
/// engine as stdin's would.
async fn replay_in_page(c: &Client, query: &str, input: &[u8]) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let b64 = base64::engine::general_purpose::STANDARD;
    let lines: Vec<String> = lines.iter().map(|l| b64.encode(l)).collect();
    let script = r#"
        const [query, lines, done] = arguments;
        window.MenaceInPage.forget(); // a transcript starts from a fresh machine
        const socket = window.MenaceInPage.open(new URLSearchParams(query));
        const out = [];
        const SENTINEL = "zzsentinelzz";
        socket.onmessage = (e) => {
          if (e.data.startsWith('{"type":"error"') && e.data.includes(SENTINEL)) {
            socket.onclose = null;
            socket.close();
            done(out);
          } else out.push(e.data);
        };
        socket.onclose = () => done(out);
        socket.onopen = () => {
          for (const line of lines) socket.send(Uint8Array.from(atob(line), (ch) => ch.charCodeAt(0)));
          socket.send(SENTINEL);
        };
    "#;
    let answers = c.execute_async(script, vec![json!(query), json!(lines)]).await.unwrap();
    let mut out = Vec::new();
    for a in answers.as_array().unwrap() {
        out.extend_from_slice(a.as_str().unwrap().as_bytes());
        out.push(b'\n');
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn golden_transcripts_replay_byte_for_byte_through_the_engine_in_the_page() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let c = offline_browser(driver, &tempdir("offline-downloads")).await;
    // A transcript of many games is one script call: a hang guard, not a timing check.
    let timeouts = fantoccini::wd::TimeoutConfiguration::new(
        Some(Duration::from_secs(300)),
        Some(Duration::from_secs(60)),
        Some(Duration::ZERO),
    );
    c.update_timeouts(timeouts).await.unwrap();
    c.goto(&url).await.unwrap();
    wait_for(&c, "typeof window.MenaceInPage === 'object'").await;
    let mut failures = Vec::new();
    for case in cases() {
        let got = replay_in_page(&c, &case.query, &case.input).await;
        failures.extend(case.differs(&got));
    }
    c.close().await.unwrap();
    assert!(failures.is_empty(), "the page's engine differs from stdin:\n{}", failures.join("\n"));
}

/// Plays one game on the page by clicking the first free cell until the match is over.
pub async fn play_a_game(c: &Client) {
    let over = "window.menace.log.filter(t => t === 'match_over').length";
    let before = js(c, over).await.as_u64().unwrap();
    click(c, "#new-game").await;
    loop {
        wait_for(c, &format!("window.menace.inGame || {over} > {before}")).await;
        if js(c, &format!("{over} > {before}")).await == Value::Bool(true) {
            return;
        }
        let rows: Vec<String> = serde_json::from_value(js(c, "window.menace.board").await).unwrap();
        let cell = common::first_free(&rows);
        let seen = js(c, "window.menace.log.length").await.as_u64().unwrap();
        click(c, &format!("#board button[data-cell=\"{cell}\"]")).await;
        wait_for(c, &format!("window.menace.log.length > {seen}")).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_offline_file_plays_trains_keeps_and_saves_its_machine_with_no_network() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let downloads = tempdir("offline-downloads");
    let c = offline_browser(driver, &downloads).await;
    // A game in each language, the page's words in that language.
    for lang in menace_i18n::LANGUAGES {
        c.goto(&format!("{url}?lang={}", lang.code)).await.unwrap();
        wait_for(&c, "document.querySelectorAll('#boxes .box').length > 0").await;
        wait_for(&c, &format!("document.documentElement.lang === '{}'", lang.code)).await;
        // The pill says where the engine runs, in the page's language.
        let said = lang.ftl.lines().find_map(|l| l.strip_prefix("connection-in-page = "));
        let pill = format!(
            "document.getElementById('connection').textContent === {}",
            json!(said.unwrap())
        );
        wait_for(&c, &pill).await;
        play_a_game(&c).await;
        // The machine was kept before the page heard the game was over.
        let games = menace_i18n::LANGUAGES.iter().position(|l| l.code == lang.code).unwrap() + 1;
        let kept = format!(
            "(localStorage.getItem('menace.machine.first') || '').includes('\"games_played\": {games}')"
        );
        assert_eq!(js(&c, &kept).await, json!(true), "kept before it was told, game {games}");
        chrome::screenshot(&c, &format!("offline-{}.png", lang.code)).await;
    }
    let played = js(&c, "window.menace.gamesPlayed").await.as_u64().unwrap();
    assert_eq!(played, 5, "the machine kept learning across the five reloads");

    // 100,000 games of training, on the page's worker.
    set_value(&c, "opponent", "random").await;
    set_value(&c, "train-games", "100000").await;
    click(&c, "#train").await;
    wait_for(&c, "window.menace.running === null && window.menace.log.includes('trained')").await;
    assert_eq!(js(&c, "window.menace.gamesPlayed").await, json!(100_005));
    let boxes = js(&c, "JSON.stringify(window.menace.boxes.boxes)").await;

    // A reload finds the same machine.
    c.refresh().await.unwrap();
    wait_for(&c, "document.querySelectorAll('#boxes .box').length > 0").await;
    wait_for(&c, "window.menace.gamesPlayed === 100005").await;
    wait_for(&c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    assert_eq!(js(&c, "JSON.stringify(window.menace.boxes.boxes)").await, boxes);

    // The downloaded state is the file the native engine reads.
    click(&c, "#save").await;
    let file = chrome::downloaded_json(&downloads).await;
    let (machine, games) = State::load(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games, 100_005);
    assert_eq!(machine.len(), 304);
    // What `menace eval --state FILE` runs on it: the exact evaluation of that machine.
    let side = menace_core::game::Side::First;
    let report = menace_core::learn::eval::report_of_state(Some(&file), side, || {
        unreachable!("the rules come from the file")
    })
    .unwrap_or_else(|e| panic!("menace eval --state: {e}"));
    let random = report.vs_random.win + report.vs_random.draw + report.vs_random.loss;
    assert!((random - 1.0).abs() < 1e-9, "odds against random sum to {random}");
    assert!(report.vs_random.win > 0.5, "100,000 games taught it to beat random: {report:?}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_offline_page_has_no_serious_accessibility_violation_at_a_phones_and_a_projectors_width(
) {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let c = offline_browser(driver, &tempdir("offline-downloads")).await;
    for lang in ["en", "hi"] {
        c.goto(&format!("{url}?lang={lang}")).await.unwrap();
        wait_for(&c, "document.querySelectorAll('#boxes .box').length > 0").await;
        play_a_game(&c).await;
        for width in [390, 1400] {
            c.set_window_size(width, 900).await.unwrap();
            assert_eq!(axe_in(&c, lang).await, Vec::<String>::new(), "{lang} at {width} px");
            chrome::screenshot(&c, &format!("offline-{lang}-{width}.png")).await;
        }
    }
    c.close().await.unwrap();
}

/// Firefox ESR driven over WebDriver BiDi (built into Firefox, no geckodriver): a
/// WebSocket of JSON commands. Killed when dropped.
pub struct Firefox {
    child: std::process::Child,
    ws: crate::common::Ws,
    next: u64,
    /// The browsing context (the tab) the commands go to.
    pub context: String,
}

impl Drop for Firefox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Firefox {
    pub async fn start(binary: &Path) -> Firefox {
        Firefox::start_in(binary, &tempdir("firefox-profile")).await
    }

    /// Firefox whose downloads go straight into `downloads`, without asking.
    pub async fn downloading_to(binary: &Path, downloads: &Path) -> Firefox {
        let profile = tempdir("firefox-profile");
        let prefs = [
            ("browser.download.folderList", json!(2)),
            ("browser.download.dir", json!(downloads.display().to_string())),
            ("browser.download.useDownloadDir", json!(true)),
            ("browser.download.always_ask_before_handling_new_types", json!(false)),
            ("browser.download.alwaysOpenPanel", json!(false)),
        ];
        let user: String =
            prefs.iter().map(|(k, v)| format!("user_pref(\"{k}\", {v});\n")).collect();
        std::fs::write(profile.join("user.js"), user).unwrap();
        Firefox::start_in(binary, &profile).await
    }

    async fn start_in(binary: &Path, profile: &Path) -> Firefox {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = std::process::Command::new(binary)
            .args(["--headless", "--no-remote", "--profile"])
            .arg(profile)
            .args(["--remote-debugging-port", &port.to_string(), "about:blank"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start firefox-esr");
        let url = format!("ws://127.0.0.1:{port}/session");
        let mut ws = None;
        // Bounded: a hang guard while Firefox starts, not a timing check.
        for _ in 0..600 {
            if let Ok((socket, _)) = tokio_tungstenite::connect_async(&url).await {
                ws = Some(socket);
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let ws = ws.expect("Firefox's WebDriver BiDi socket");
        let mut firefox = Firefox { child, ws, next: 0, context: String::new() };
        firefox.call("session.new", json!({ "capabilities": {} })).await;
        let tree = firefox.call("browsingContext.getTree", json!({})).await;
        firefox.context = tree["contexts"][0]["context"].as_str().unwrap().to_string();
        firefox
    }

    /// Opens `url` in the tab and waits until it is loaded.
    pub async fn open(&mut self, url: &str) {
        let navigate = json!({ "context": self.context, "url": url, "wait": "complete" });
        self.call("browsingContext.navigate", navigate).await;
    }

    /// Sends one command and waits for its result.
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        self.next += 1;
        let id = self.next;
        let command = json!({ "id": id, "method": method, "params": params });
        self.ws.send(Message::text(command.to_string())).await.unwrap();
        loop {
            let frame = self.ws.next().await.expect("Firefox answers").unwrap();
            let Message::Text(text) = frame else { continue };
            let message: Value = serde_json::from_str(&text).unwrap();
            if message["id"] == json!(id) {
                assert_eq!(message["type"], "success", "{method}: {message}");
                return message["result"].clone();
            }
        }
    }

    /// Evaluates `expr` in the page: its value (numbers, strings, booleans).
    pub async fn js(&mut self, expr: &str) -> Value {
        let target = json!({ "context": self.context });
        let params = json!({ "expression": expr, "target": target, "awaitPromise": true });
        self.call("script.evaluate", params).await["result"]["value"].clone()
    }

    pub async fn wait_for(&mut self, expr: &str) {
        for _ in 0..1200 {
            if self.js(expr).await == Value::Bool(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("Firefox never showed {expr}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_offline_file_plays_and_trains_in_firefox_too() {
    let Some(binary) = menace_testkit::require(menace_testkit::Component::Firefox) else { return };
    let Some(url) = offline_url() else { return };
    let mut ff = Firefox::start(&binary).await;
    ff.open(&url).await;
    plays_and_trains(&mut ff).await;
}

/// The served page's "Take MENACE home" link, clicked in Firefox: the file it downloads
/// is the repository's, and opened from the disk it plays and trains with no server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_file_taken_home_from_a_server_plays_and_trains_in_firefox() {
    let Some(binary) = menace_testkit::require(menace_testkit::Component::Firefox) else { return };
    let Some(committed) = offline_file() else { return };
    let page = chrome::private_page().await;
    let downloads = tempdir("firefox-downloads");
    let mut ff = Firefox::downloading_to(&binary, &downloads).await;
    ff.open(&page.url("")).await;
    ff.wait_for("document.querySelectorAll('#boxes .box').length === 304").await;
    assert_eq!(ff.js("window.menace.way").await, json!("server"));
    ff.wait_for("document.getElementById('take-home').offsetParent !== null").await;
    ff.js("document.getElementById('take-home').click()").await;
    let file = downloads.join("menace.html");
    // Bounded: a hang guard while Firefox writes the file, not a timing check.
    let mut bytes = None;
    for _ in 0..1200 {
        let partial = std::fs::read_dir(&downloads)
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".part"));
        if !partial {
            if let Ok(b) = std::fs::read(&file) {
                if !b.is_empty() {
                    bytes = Some(b);
                    break;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let bytes = bytes.expect("Firefox downloaded menace.html");
    assert!(bytes == std::fs::read(&committed).unwrap(), "the download is the repository's file");
    ff.open(&format!("file://{}", file.display())).await;
    plays_and_trains(&mut ff).await;
}

/// In Firefox, on the offline file just opened: a game by clicking, 20,000 games trained
/// on the worker, and the machine kept as a state file the native engine reads.
async fn plays_and_trains(ff: &mut Firefox) {
    ff.wait_for("document.querySelectorAll('#boxes .box').length === 304").await;
    assert_eq!(ff.js("window.menace.way").await, json!("in-page"));
    // A game by clicking, then training on the worker, then the machine kept.
    ff.js("document.getElementById('new-game').click()").await;
    ff.wait_for("window.menace.log.includes('menace_move')").await;
    ff.js("document.getElementById('train-games').value = '20000'; document.getElementById('train').click()").await;
    ff.wait_for("window.menace.running === null && window.menace.log.includes('trained')").await;
    assert_eq!(ff.js("window.menace.gamesPlayed").await, json!(20_000));
    ff.wait_for(
        "(localStorage.getItem('menace.machine.first') || '').includes('\"games_played\": 20000')",
    )
    .await;
    // What the browser kept is a state file the native engine reads.
    let kept = ff.js("localStorage.getItem('menace.machine.first')").await;
    let state = State::parse(kept.as_str().unwrap().as_bytes()).unwrap();
    assert_eq!(state.games_played, 20_000);
    state.to_machine().unwrap();
}

/// The lesson guide is reachable from the offline file, with no network, in the page's
/// language, and printable: the link opens the file's own copy in a window of its own,
/// its Print button working (the guide's script ran).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lesson_guide_opens_from_the_offline_file_in_its_language() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let c = offline_browser(driver, &tempdir("offline-guide")).await;
    let home = c.window().await.unwrap();
    for lang in ["hi", "bn", "en"] {
        c.goto(&format!("{url}?lang={lang}")).await.unwrap();
        wait_for(&c, "document.querySelectorAll('#boxes .box').length > 0").await;
        wait_for(&c, &format!("document.documentElement.lang === '{lang}'")).await;
        // The guide, and the labels (the next test), need no server.
        assert_eq!(
            js(&c, "document.getElementById('guide-link').offsetParent !== null").await,
            json!(true)
        );
        let before = c.windows().await.unwrap();
        click(&c, "#guide-link").await;
        let mut guide = None;
        for _ in 0..600 {
            guide = c.windows().await.unwrap().into_iter().find(|w| !before.contains(w));
            if guide.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let guide = guide.expect("the guide's window");
        c.switch_to_window(guide).await.unwrap();
        wait_for(&c, "document.readyState === 'complete' && !!document.querySelector('h1')").await;
        assert_eq!(js(&c, "document.documentElement.lang").await, json!(lang));
        assert_eq!(
            js(&c, "document.getElementById('print').hidden").await,
            json!(false),
            "Print works"
        );
        let title: String =
            serde_json::from_value(js(&c, "document.querySelector('h1').textContent").await)
                .unwrap();
        let guide = menace_serve::guide::guide(lang).unwrap();
        let body = menace_serve::guide::body(guide);
        let h1 = &body[body.find("<h1").unwrap()..];
        let expected = &h1[h1.find('>').unwrap() + 1..h1.find("</h1>").unwrap()];
        assert_eq!(title.trim(), expected.trim(), "{lang}: the guide in the page's language");
        c.close_window().await.unwrap();
        c.switch_to_window(home.clone()).await.unwrap();
    }
    c.close().await.unwrap();
}

/// The matchbox labels from the offline file, with no network: the link asks what to
/// print (machine and side, paper, preset, bead colours), and the engine in the page draws
/// the sheets in a window of their own, in the page's language, with a Print button. Each
/// sheet is the one a server's `/print` gives for the same choices: the same labels,
/// words and numbers, compared as the browser reads both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_labels_open_from_the_offline_file_as_the_server_draws_them() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    // The server the expectations come from (the browser never reaches it).
    let server = common::start(menace_serve::Limits::default()).await;
    let c = offline_browser(driver, &tempdir("offline-labels")).await;
    let home = c.window().await.unwrap();
    // lang, the menus' values (machine, paper, preset, colours), /print's query.
    let cases = [
        ("hi", ["menace", "a4", "challenge", "cells"], "machine=menace"),
        (
            "hi",
            ["nim", "letter", "scroggs", "symmetry"],
            "machine=nim&paper=letter&preset=scroggs&colours=symmetry",
        ),
        (
            "bn",
            ["menace-second", "letter", "michie", "cells"],
            "machine=menace&side=second&paper=letter&preset=michie",
        ),
        ("bn", ["nim", "a4", "challenge", "cells"], "machine=nim"),
    ];
    for (i, (lang, [machine, paper, preset, colours], query)) in cases.into_iter().enumerate() {
        c.goto(&format!("{url}?lang={lang}")).await.unwrap();
        wait_for(&c, "document.querySelectorAll('#boxes .box').length > 0").await;
        wait_for(&c, &format!("document.documentElement.lang === '{lang}'")).await;
        assert_eq!(
            js(&c, "document.getElementById('labels-link').offsetParent !== null").await,
            json!(true),
            "the labels' link is there"
        );
        click(&c, "#labels-link").await;
        wait_for(&c, "document.getElementById('labels-dialog').open").await;
        // The dialog starts from what the page plays: MENACE's first machine here.
        assert_eq!(
            js(&c, "document.getElementById('labels-machine').value").await,
            json!("menace")
        );
        let title = js(&c, "document.getElementById('labels-title').textContent").await;
        assert_eq!(title, json!(menace_i18n::Catalog::new(lang).unwrap().get("link-print")));
        if i == 0 {
            for width in [390, 1366] {
                c.set_window_size(width, 900).await.unwrap();
                assert_eq!(axe_in(&c, lang).await, Vec::<String>::new(), "{lang} at {width} px");
                chrome::screenshot(&c, &format!("offline-labels-dialog-{lang}-{width}.png")).await;
            }
        }
        for (id, value) in [("labels-machine", machine), ("labels-paper", paper)] {
            set_value(&c, id, value).await;
        }
        for (id, value) in [("labels-preset", preset), ("labels-colours", colours)] {
            set_value(&c, id, value).await;
        }
        let before = c.windows().await.unwrap();
        click(&c, "#labels-open").await;
        let mut sheets = None;
        for _ in 0..600 {
            sheets = c.windows().await.unwrap().into_iter().find(|w| !before.contains(w));
            if sheets.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        c.switch_to_window(sheets.expect("the labels' window")).await.unwrap();
        wait_for(
            &c,
            "document.querySelectorAll('.label').length > 0 && !!document.getElementById('print')",
        )
        .await;

        // What the server gives for the same choices, parsed by the same browser.
        let (status, served) = common::get(server, &format!("/print?{query}&lang={lang}")).await;
        assert!(status.starts_with("HTTP/1.1 200"), "{query}: {status}");
        let same = c
            .execute(
                "const served = new DOMParser().parseFromString(arguments[0], 'text/html');
                 const body = document.body.cloneNode(true);
                 body.querySelector('#print').remove();
                 const pages = (b) => [...b.querySelectorAll('section.page')].map((p) => p.outerHTML);
                 const a = pages(body), b = pages(served.body);
                 return { lang: [document.documentElement.lang, served.documentElement.lang],
                          title: [document.title, served.title],
                          pages: [a.length, b.length],
                          labels: document.querySelectorAll('.label').length,
                          first: a.findIndex((p, i) => p !== b[i]),
                          text: [body.innerText.length, served.body.innerText.length],
                          same: a.length === b.length && a.every((p, i) => p === b[i]) };",
                vec![json!(served)],
            )
            .await
            .unwrap();
        assert_eq!(same["lang"], json!([lang, lang]), "{lang} {query}");
        assert_eq!(same["title"][0], same["title"][1], "{lang} {query}");
        assert_eq!(same["pages"][0], same["pages"][1], "{lang} {query}");
        assert_eq!(same["same"], json!(true), "{lang} {query}: {same}");
        let boxes = match machine {
            "menace" => 304,
            "menace-second" => 289,
            _ => 112,
        };
        assert_eq!(same["labels"], json!(boxes), "{lang} {query}");
        // The numbers are the language's: box 12 in Bengali digits, as the server writes.
        let twelve = menace_i18n::format_number(lang, 12);
        let label =
            js(&c, "document.querySelector('.label[data-box=\"12\"] .no').textContent").await;
        assert!(label.as_str().unwrap().contains(&twelve), "{lang}: {label}");
        // The Print button is the page's language and prints (the window's own print).
        let print = js(&c, "document.getElementById('print').textContent").await;
        assert_eq!(
            print,
            json!(menace_i18n::Catalog::new(lang).unwrap().get("offline-labels-print"))
        );
        js(&c, "(window.printed = 0, window.print = () => { window.printed += 1; }, true)").await;
        click(&c, "#print").await;
        assert_eq!(js(&c, "window.printed").await, json!(1), "Print prints");
        if machine == "nim" || i == 0 {
            for width in [390, 1366] {
                c.set_window_size(width, 900).await.unwrap();
                chrome::screenshot(&c, &format!("offline-labels-{lang}-{machine}-{width}.png"))
                    .await;
            }
        }
        c.close_window().await.unwrap();
        c.switch_to_window(home.clone()).await.unwrap();
    }
    c.close().await.unwrap();
}
