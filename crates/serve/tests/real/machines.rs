//! Nothing learned is lost without a word, and every game is played by pointing (issue
//! 73): in Chromium, the offline file keeps each game's machine, says at once when the
//! storage is full (and offers the download), sets a damaged stored machine aside, lets
//! two tabs never overwrite each other's learning, and keeps the machines it replaced
//! across a reload, where one can be brought back; a saved class file of 118 KB is taken;
//! Nim and Hexapawn are played by clicks and by keyboard, with their own words; the cells
//! have a legend; box numbers are readable at 1024x768. Firefox: the reload and bringing
//! an earlier machine back.

use crate::chrome;
use crate::offline::{offline_url, Firefox};

use chrome::{
    axe_in, browser, click, downloaded_json, js, offline_browser, open_private, private_page,
    set_value, start_driver, tempdir, wait_for,
};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::Client;
use menace_core::menace::state::State;
use serde_json::{json, Value};

/// The page asks before it replaces a machine that learned (the page state's dialog):
/// the test says yes.
async fn replace_when_asked(c: &Client) {
    wait_for(c, "document.getElementById('confirm').open").await;
    click(c, "#confirm-yes").await;
}

/// The offline page's stored machine of noughts and crosses (MENACE first).
const KEY: &str = "menace.machine.first";

/// The games the machine stored under `key` learned from (None: nothing stored).
async fn stored_games(c: &Client, key: &str) -> Option<u64> {
    let text = js(c, &format!("localStorage.getItem('{key}')")).await;
    let text = text.as_str()?;
    Some(State::parse(text.as_bytes()).expect("a stored state reads").games_played)
}

/// Message `id` of language `lang`'s catalog, as written there (a one-line message).
fn catalog(lang: &str, id: &str) -> String {
    let ftl = menace_i18n::language(lang).unwrap().ftl;
    let prefix = format!("{id} = ");
    ftl.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("{lang}: {id}"))
        .to_string()
}

/// Whether element `id` is shown.
async fn shown(c: &Client, id: &str) -> bool {
    js(c, &format!("!document.getElementById('{id}').hidden")).await == json!(true)
}

/// Plays one noughts-and-crosses game by clicking the first free cell until it is over.
async fn play_a_game(c: &Client) {
    let over = "window.menace.log.filter(t => t === 'match_over').length";
    let before = js(c, over).await.as_u64().unwrap();
    click(c, "#new-game").await;
    loop {
        wait_for(c, &format!("window.menace.inGame || {over} > {before}")).await;
        if js(c, &format!("{over} > {before}")).await == json!(true) {
            break;
        }
        let rows: Vec<String> = serde_json::from_value(js(c, "window.menace.board").await).unwrap();
        let cell = crate::common::first_free(&rows);
        let seen = js(c, "window.menace.log.length").await.as_u64().unwrap();
        click(c, &format!("#board button[data-cell=\"{cell}\"]")).await;
        wait_for(c, &format!("window.menace.log.length > {seen}")).await;
    }
    wait_for(c, "window.menace.queue.length === 0 && !window.menace.draining").await;
}

/// Trains `games` games against the random player and waits until they are done.
async fn train(c: &Client, games: u64) {
    set_value(c, "opponent", "random").await;
    set_value(c, "train-games", &games.to_string()).await;
    let trained = js(c, "window.menace.log.filter(t => t === 'trained').length").await;
    click(c, "#train").await;
    let done = format!(
        "window.menace.running === null && window.menace.log.filter(t => t === 'trained').length > {trained}"
    );
    wait_for(c, &done).await;
}

/// The offline page with `query`, the engine open and MENACE's boxes drawn.
async fn open_offline(c: &Client, url: &str, query: &str) {
    open_private(c, &format!("{url}?{query}")).await;
    wait_for(c, "window.menace.queue.length === 0 && !window.menace.draining").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_storage_is_said_at_once_in_the_pages_language_with_the_download() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let downloads = tempdir("full-downloads");
    let c = offline_browser(driver, &downloads).await;
    open_offline(&c, &url, "lang=hi").await;
    play_a_game(&c).await;
    assert_eq!(stored_games(&c, KEY).await, Some(1));
    assert!(!shown(&c, "notice-full").await, "nothing to say while the storage keeps it");
    // Another page of this origin fills the storage to the last character.
    let filled = js(
        &c,
        "(() => { let n = 0; for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) { \
           const chunk = 'x'.repeat(size); \
           for (;;) { try { localStorage.setItem('filler.' + n, chunk); n++; } catch (e) { break; } } } \
           return n; })()",
    )
    .await;
    assert!(filled.as_u64().unwrap() > 0);
    // The next game cannot be kept: the page says so at once, in Hindi.
    train(&c, 200).await;
    wait_for(&c, "!document.getElementById('notice-full').hidden").await;
    assert_eq!(stored_games(&c, KEY).await, Some(1), "the storage still holds game 1's machine");
    let said = js(&c, "document.querySelector('#notice-full span').textContent").await;
    assert_eq!(said, json!(catalog("hi", "page-storage-full")));
    assert_eq!(axe_in(&c, "hi").await, Vec::<String>::new());
    // The download is offered: the machine of 201 games, a file the engine reads.
    click(&c, "#notice-full-save").await;
    let file = downloaded_json(&downloads).await;
    let (_, games) = State::load(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games, 201);
    // Room again: the next store keeps it, and the notice goes.
    js(&c, "Object.keys(localStorage).filter(k => k.startsWith('filler.')).forEach(k => localStorage.removeItem(k)) || true").await;
    play_a_game(&c).await;
    wait_for(&c, "document.getElementById('notice-full').hidden").await;
    assert_eq!(stored_games(&c, KEY).await, Some(202));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_stored_machine_is_kept_aside_said_and_offered_never_overwritten() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let downloads = tempdir("damaged-downloads");
    let c = offline_browser(driver, &downloads).await;
    open_offline(&c, &url, "lang=pt").await;
    play_a_game(&c).await;
    // The stored machine is damaged (cut short), then the page opens again.
    let damaged = js(&c, &format!("localStorage.getItem('{KEY}').slice(0, 500)")).await;
    js(&c, &format!("localStorage.setItem('{KEY}', {damaged}) || true")).await;
    open_offline(&c, &url, "lang=pt").await;
    wait_for(&c, "!document.getElementById('notice-damaged').hidden").await;
    let said = js(&c, "document.querySelector('#notice-damaged span').textContent").await;
    assert_eq!(said, json!(catalog("pt", "page-storage-damaged")));
    // Kept aside as it was; a fresh machine in its place.
    let aside = js(
        &c,
        "Object.keys(localStorage).filter(k => k.startsWith('menace.damaged.first.')).map(k => localStorage.getItem(k))",
    )
    .await;
    assert_eq!(aside, json!([damaged]), "the damaged copy, byte for byte");
    assert_eq!(stored_games(&c, KEY).await, Some(0));
    // Offered as a download, as it was.
    click(&c, "#notice-damaged-save").await;
    let file = downloaded_json(&downloads).await;
    assert_eq!(json!(std::fs::read_to_string(&file).unwrap()), damaged);
    // Forgotten only at the reader's word.
    click(&c, "#notice-damaged-drop").await;
    let left =
        js(&c, "Object.keys(localStorage).filter(k => k.startsWith('menace.damaged.')).length")
            .await;
    assert_eq!(left, json!(0));
    assert!(!shown(&c, "notice-damaged").await);
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tabs_never_overwrite_each_others_learning() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let c = offline_browser(driver, &tempdir("tabs-downloads")).await;
    open_offline(&c, &url, "lang=en").await;
    play_a_game(&c).await;
    let first = c.window().await.unwrap();
    // A second tab of the same file, in the same browser (WebDriver's new window would
    // be another profile's), takes the machine (one game learned).
    let before = c.windows().await.unwrap();
    js(&c, "!!window.open(location.href, '_blank')").await;
    let mut second = None;
    for _ in 0..100 {
        second = c.windows().await.unwrap().into_iter().find(|w| !before.contains(w));
        if second.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let second = second.expect("the second tab");
    c.switch_to_window(second.clone()).await.unwrap();
    wait_for(&c, "document.querySelectorAll('#boxes .box').length > 0").await;
    wait_for(&c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    assert_eq!(js(&c, "window.menace.gamesPlayed").await, json!(1));
    // The first tab is told at once, and what it learns now is not stored over it.
    c.switch_to_window(first.clone()).await.unwrap();
    wait_for(&c, "!document.getElementById('notice-elsewhere').hidden").await;
    train(&c, 100).await;
    assert_eq!(js(&c, "window.menace.gamesPlayed").await, json!(101));
    assert_eq!(stored_games(&c, KEY).await, Some(1), "the second tab's machine stays");
    c.switch_to_window(second.clone()).await.unwrap();
    train(&c, 10).await;
    assert_eq!(stored_games(&c, KEY).await, Some(11));
    assert!(!shown(&c, "notice-elsewhere").await, "the tab that keeps it is not warned");
    // The first tab takes it back: what it learned alone goes among the earlier machines,
    // and it goes on from the machine the second tab kept.
    c.switch_to_window(first.clone()).await.unwrap();
    click(&c, "#take-over").await;
    wait_for(&c, "window.menace.gamesPlayed === 11").await;
    assert!(!shown(&c, "notice-elsewhere").await);
    let earlier = js(&c, "window.MenaceInPage.earlier().map(e => [e.games, e.why])").await;
    assert_eq!(earlier, json!([[101, "tab"]]));
    play_a_game(&c).await;
    assert_eq!(stored_games(&c, KEY).await, Some(12));
    c.switch_to_window(second).await.unwrap();
    wait_for(&c, "!document.getElementById('notice-elsewhere').hidden").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_machines_replaced_stay_across_a_reload_and_come_back() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let c = offline_browser(driver, &tempdir("earlier-downloads")).await;
    open_offline(&c, &url, "lang=ru").await;
    let none = js(&c, "document.getElementById('earlier-list').textContent").await;
    assert_eq!(none, json!(catalog("ru", "class-previous-none")));
    train(&c, 300).await;
    // Update and reset: a fresh machine; the one of 300 games is kept.
    click(&c, "#update-reset").await;
    replace_when_asked(&c).await;
    wait_for(&c, "window.menace.gamesPlayed === 0").await;
    wait_for(&c, "document.querySelectorAll('#earlier-list button').length === 1").await;
    // Nim's machine is its own: switching there and back loses nothing.
    set_value(&c, "game", "nim").await;
    wait_for(&c, "document.querySelectorAll('#boxes .box.generic').length > 0").await;
    wait_for(&c, "document.querySelectorAll('#earlier-list button').length === 0").await;
    set_value(&c, "game", "ttt").await;
    wait_for(&c, "document.querySelectorAll('#earlier-list button').length === 1").await;
    // A reload keeps the list.
    open_offline(&c, &url, "lang=ru").await;
    wait_for(&c, "document.querySelectorAll('#earlier-list button').length === 1").await;
    let entry = js(&c, "document.querySelector('#earlier-list li span').textContent").await;
    let entry = entry.as_str().unwrap();
    assert!(
        entry.contains("300 партий") && entry.contains(&catalog("ru", "class-why-rules")),
        "{entry}"
    );
    // Brought back: the machine of 300 games plays again, and the fresh one is kept.
    click(&c, "#earlier-list button").await;
    wait_for(&c, "window.menace.gamesPlayed === 300").await;
    assert_eq!(stored_games(&c, KEY).await, Some(300));
    let earlier = js(&c, "window.MenaceInPage.earlier().map(e => [e.games, e.why])").await;
    assert_eq!(earlier, json!([[0, "restore"]]));
    // Five at most: the oldest go.
    for _ in 0..6 {
        let before = js(&c, "window.menace.log.filter(t => t === 'reset').length").await;
        js(&c, "window.menace.ws.send('reset') || true").await;
        wait_for(&c, &format!("window.menace.log.filter(t => t === 'reset').length > {before}"))
            .await;
        train(&c, 1).await;
    }
    let earlier = js(&c, "window.MenaceInPage.earlier().map(e => e.games)").await;
    assert_eq!(earlier, json!([1, 1, 1, 1, 1]));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_118_kb_class_file_is_taken_and_the_machine_it_replaces_is_kept() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let dir = tempdir("class-file");
    let machine = menace_core::menace::Matchboxes::new(
        menace_core::ttt::TicTacToe,
        menace_core::game::Side::First,
        menace_core::menace::BeadRules::challenge(),
    );
    let mut state = State::of(&machine, 2000);
    let mut class = menace_core::menace::class::ClassRecord::default();
    for i in 0..2000u32 {
        class.players.insert(
            format!("player {i:04} of class"),
            menace_core::play::Tally { win: 1, draw: 0, loss: 0 },
        );
    }
    class.score = menace_core::play::Tally { win: 2000, draw: 0, loss: 0 };
    state.class = Some(class);
    let text = serde_json::to_string(&state).unwrap();
    eprintln!("the class file: {} bytes", text.len());
    assert!((110_000..130_000).contains(&text.len()), "{} bytes", text.len());
    let file = dir.join("class.json");
    std::fs::write(&file, &text).unwrap();
    let c = offline_browser(driver, &tempdir("upload-downloads")).await;
    open_offline(&c, &url, "lang=en").await;
    play_a_game(&c).await;
    chrome::load_file(&c, &file).await;
    replace_when_asked(&c).await;
    wait_for(&c, "window.menace.log.includes('imported') || window.menace.log.includes('error')")
        .await;
    assert_eq!(js(&c, "window.menace.log.includes('imported')").await, json!(true));
    wait_for(&c, "window.menace.gamesPlayed === 2000").await;
    assert_eq!(stored_games(&c, KEY).await, Some(2000));
    let earlier = js(&c, "window.MenaceInPage.earlier().map(e => [e.games, e.why])").await;
    assert_eq!(earlier, json!([[1, "import"]]), "the machine the upload replaced");
    c.close().await.unwrap();
}

/// One key pressed and let go, wherever the focus is.
async fn press(c: &Client, key: Key) {
    let k: char = key.into();
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: k })
        .then(KeyAction::Up { value: k });
    c.perform_actions(keys).await.unwrap();
}

/// Nim's rows on the board, as counts of counters.
async fn nim_rows(c: &Client) -> Value {
    js(c, "[...document.querySelectorAll('#game-board .nim-row')].map(r => r.querySelectorAll('button').length)").await
}

/// The lines the page sends from now on are noted in `window.sent`.
async fn note_sent(c: &Client) {
    js(c, "(() => { const ws = window.menace.ws; const send = ws.send.bind(ws); window.sent = []; \
             ws.send = (line) => { window.sent.push(String(line)); send(line); }; return true; })()").await;
}

/// The last `move` line the page sent.
async fn last_move_sent(c: &Client) -> Value {
    js(c, "window.sent.filter(l => l.startsWith('move ')).map(l => l.slice(5)).pop() || null").await
}

/// The moves the player made, as the engine's `board` answers say.
async fn answered_moves(c: &Client) -> usize {
    js(c, "window.menace.log.filter(t => t === 'board').length").await.as_u64().unwrap() as usize
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nim_is_played_by_clicks_and_by_keyboard_with_its_own_words() {
    let Some(driver) = start_driver() else { return };
    let page = private_page().await;
    let c = browser(driver, &tempdir("nim-downloads")).await;
    open_private(&c, &page.url("game=nim&seed=3&lang=pt")).await;
    assert_eq!(nim_rows(&c).await, json!([3, 4, 5]), "a new game's rows before it starts");
    let placeholder = js(&c, "document.getElementById('move-text').placeholder").await;
    assert_eq!(placeholder, json!(catalog("pt", "move-placeholder")));
    assert!(js(&c, "document.getElementById('game-help').textContent")
        .await
        .as_str()
        .unwrap()
        .contains("2:3"));
    note_sent(&c).await;
    click(&c, "#new-game").await;
    wait_for(&c, "window.menace.inGame").await;
    // Seed 3: MENACE took 1 from row 1 (protocol.md).
    assert_eq!(nim_rows(&c).await, json!([2, 4, 5]));
    let said = js(&c, "document.getElementById('message').textContent").await;
    assert!(said.as_str().unwrap().contains(&catalog("pt", "message-your-move-nim")), "{said}");
    // A click on row 3's second counter takes it and the three to its right.
    let label = js(&c, "document.querySelector('#game-board button[data-move=\"3:4\"]').getAttribute('aria-label')").await;
    assert_eq!(label, json!("fileira 3: tirar 4 palitos"));
    assert_eq!(axe_in(&c, "pt").await, Vec::<String>::new());
    chrome::screenshot(&c, "nim-pt.png").await;
    let moves = answered_moves(&c).await;
    click(&c, "#game-board button[data-move=\"3:4\"]").await;
    wait_for(&c, &format!("window.menace.log.filter(t => t === 'board').length > {moves}")).await;
    wait_for(&c, "window.menace.inGame || window.menace.log.includes('result')").await;
    // By keyboard: the focus on the board's one tab stop, the arrows, Enter.
    while js(&c, "window.menace.inGame").await == json!(true) {
        js(&c, "document.querySelector('#game-board button[tabindex=\"0\"]').focus() || true")
            .await;
        press(&c, Key::Down).await;
        press(&c, Key::Right).await;
        let focus = js(&c, "getComputedStyle(document.activeElement).outlineStyle").await;
        assert_ne!(focus, json!("none"), "the focused counter shows its focus");
        let chosen = js(&c, "document.activeElement.dataset.move").await;
        let chosen = chosen.as_str().expect("a counter has the focus").to_string();
        let moves = answered_moves(&c).await;
        press(&c, Key::Enter).await;
        wait_for(&c, &format!("window.menace.log.filter(t => t === 'board').length > {moves}"))
            .await;
        assert_eq!(last_move_sent(&c).await, json!(chosen), "the move the keyboard chose");
        wait_for(&c, "window.menace.inGame || window.menace.log.includes('result')").await;
        wait_for(&c, "window.menace.queue.length === 0 && !window.menace.draining").await;
    }
    assert_eq!(js(&c, "window.menace.log.includes('result')").await, json!(true));
    c.close().await.unwrap();
}

/// A move of White's on Hexapawn's board `rows` (the engine's drawing, rank 3 first): a
/// pawn's square and where it goes, straight on or capturing.
fn white_move(rows: &[String]) -> Option<(String, String)> {
    let mut at = std::collections::BTreeMap::new();
    for row in rows {
        let cells: Vec<&str> = row.split_whitespace().collect();
        if let [rank, a, b, c] = cells[..] {
            for (file, piece) in ["a", "b", "c"].iter().zip([a, b, c]) {
                at.insert(format!("{file}{rank}"), piece.to_string());
            }
        }
    }
    for (square, piece) in &at {
        if piece != "W" {
            continue;
        }
        let (f, r) = (square.as_bytes()[0], square.as_bytes()[1] + 1);
        let to = |df: i8| format!("{}{}", (f as i8 + df) as u8 as char, r as char);
        if at.get(&to(0)).is_some_and(|p| p == ".") {
            return Some((square.clone(), to(0)));
        }
        for df in [-1, 1] {
            if at.get(&to(df)).is_some_and(|p| p == "B") {
                return Some((square.clone(), to(df)));
            }
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hexapawn_is_played_by_clicks_and_by_keyboard_with_pawns_in_the_pages_language() {
    let Some(driver) = start_driver() else { return };
    let page = private_page().await;
    let c = browser(driver, &tempdir("hexapawn-downloads")).await;
    open_private(&c, &page.url("game=hexapawn&seed=3&lang=ru")).await;
    note_sent(&c).await;
    // Before a game, Hexapawn's own words (pawns, not noughts and crosses' X and O).
    wait_for(&c, "window.menace.log.includes('status')").await;
    let said = js(&c, "document.getElementById('message').textContent").await;
    assert_eq!(said, json!(catalog("ru", "message-start-hexapawn")));
    click(&c, "#new-game").await;
    wait_for(&c, "window.menace.inGame").await;
    // The player's first move, on a board: no "(no game" line, the game's own words.
    let text = js(&c, "document.body.innerText").await;
    assert!(!text.as_str().unwrap().contains("no game"), "{text}");
    let said = js(&c, "document.getElementById('message').textContent").await;
    assert_eq!(said, json!(catalog("ru", "message-you-first-hexapawn")));
    let placeholder = js(&c, "document.getElementById('move-text').placeholder").await;
    assert_eq!(placeholder, json!(catalog("ru", "move-placeholder-hexapawn")));
    // Pawns are drawn, named in Russian; no letter B or W on the board.
    let pawns = js(&c, "document.querySelectorAll('#game-board svg.pawn').length").await;
    assert_eq!(pawns, json!(6));
    let board_text = js(
        &c,
        "[...document.querySelectorAll('#game-board button')].map(b => b.textContent).join('')",
    )
    .await;
    assert_eq!(board_text, json!(""));
    let label = js(
        &c,
        "document.querySelector('#game-board button[data-name=\"a1\"]').getAttribute('aria-label')",
    )
    .await;
    assert_eq!(label, json!("a1: белая пешка"));
    // The matchboxes draw their positions with pawns too.
    let boxes = js(&c, "[...document.querySelectorAll('#boxes .box.generic')].map(b => [b.querySelectorAll('svg.pawn').length > 0, /[BW]/.test(b.textContent)])").await;
    let boxes: Vec<(bool, bool)> = serde_json::from_value(boxes).unwrap();
    assert!(
        !boxes.is_empty() && boxes.iter().all(|&(pawns, letters)| pawns && !letters),
        "{boxes:?}"
    );
    assert_eq!(axe_in(&c, "ru").await, Vec::<String>::new());
    // By clicks: the pawn on a1, then a2.
    click(&c, "#game-board button[data-name=\"a1\"]").await;
    chrome::screenshot(&c, "hexapawn-ru-chosen.png").await;
    let pressed = js(&c, "document.querySelector('#game-board button[data-name=\"a1\"]').getAttribute('aria-pressed')").await;
    assert_eq!(pressed, json!("true"));
    let moves = answered_moves(&c).await;
    click(&c, "#game-board button[data-name=\"a2\"]").await;
    wait_for(&c, &format!("window.menace.log.filter(t => t === 'board').length > {moves}")).await;
    assert_eq!(last_move_sent(&c).await, json!("a1-a2"));
    wait_for(&c, "window.menace.inGame || window.menace.log.includes('result')").await;
    // By keyboard: to a pawn of the player's with the arrows, Enter, then to a square it
    // may go to, Enter.
    while js(&c, "window.menace.inGame").await == json!(true) {
        wait_for(&c, "window.menace.queue.length === 0 && !window.menace.draining").await;
        let moves = answered_moves(&c).await;
        let rows: Vec<String> =
            serde_json::from_value(js(&c, "window.menace.board").await).unwrap();
        let (from, to) = white_move(&rows).expect("White can move while the game goes on");
        js(&c, "document.querySelector('#game-board button[tabindex=\"0\"]').focus() || true")
            .await;
        for (target, then) in [(&from, true), (&to, false)] {
            // Arrows from where the focus is to `target`: files left and right, ranks up and down.
            let at = js(&c, "document.activeElement.dataset.name").await;
            let at = at.as_str().unwrap().as_bytes().to_vec();
            let (df, dr) = (
                target.as_bytes()[0] as i32 - at[0] as i32,
                target.as_bytes()[1] as i32 - at[1] as i32,
            );
            for _ in 0..df.abs() {
                press(&c, if df > 0 { Key::Right } else { Key::Left }).await;
            }
            for _ in 0..dr.abs() {
                press(&c, if dr > 0 { Key::Up } else { Key::Down }).await;
            }
            assert_eq!(js(&c, "document.activeElement.dataset.name").await, json!(target));
            press(&c, Key::Enter).await;
            if then {
                wait_for(&c, &format!("document.querySelector('#game-board button[data-name=\"{to}\"]').classList.contains('target')")).await;
            }
        }
        wait_for(&c, &format!("window.menace.log.filter(t => t === 'board').length > {moves}"))
            .await;
        let last = last_move_sent(&c).await;
        assert!(
            last.as_str().unwrap().starts_with(&from) && last.as_str().unwrap().ends_with(&to),
            "{last}"
        );
        wait_for(&c, "window.menace.inGame || window.menace.log.includes('result')").await;
    }
    assert_eq!(js(&c, "window.menace.log.includes('result')").await, json!(true));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cells_have_a_legend_and_box_numbers_read_on_a_projector() {
    let Some(driver) = start_driver() else { return };
    let page = private_page().await;
    let c = browser(driver, &tempdir("legend-downloads")).await;
    c.set_window_size(1024, 768).await.unwrap();
    open_private(&c, &page.url("lang=bn")).await;
    // Box numbers at 1024x768: 16 px type, as tall as a line of the page's text or more.
    let size = js(
        &c,
        "parseFloat(getComputedStyle(document.querySelector('#boxes .box-number')).fontSize)",
    )
    .await;
    assert!(size.as_f64().unwrap() >= 16.0, "box numbers at {size} px");
    let height =
        js(&c, "document.querySelector('#boxes .box-number').getBoundingClientRect().height").await;
    assert!(height.as_f64().unwrap() >= 16.0, "box numbers {height} px high");
    // The legend: the nine cells, each with its bead colour named in Bengali.
    click(&c, "#cell-legend-panel summary").await;
    let cells = js(
        &c,
        "[...document.querySelectorAll('#cell-legend .legend-cell b')].map(b => b.textContent)",
    )
    .await;
    assert_eq!(cells, json!(["LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"]));
    let first = js(&c, "document.querySelector('#cell-legend .legend-cell').textContent").await;
    assert!(first.as_str().unwrap().contains(&catalog("bn", "print-colour-red")), "{first}");
    let said = js(&c, "document.querySelector('#cell-legend p').textContent").await;
    assert_eq!(said, json!(catalog("bn", "cell-legend-cells")));
    assert_eq!(
        axe_in(&c, "en").await,
        Vec::<String>::new(),
        "the legend open, colour contrast too"
    );
    js(&c, "document.getElementById('boxes-panel').scrollIntoView() || true").await;
    chrome::screenshot(&c, "legend-bn-1024.png").await;
    // Not for the other games, whose boards say their own notation.
    set_value(&c, "game", "hexapawn").await;
    wait_for(&c, "document.getElementById('cell-legend-panel').hidden").await;
    c.close().await.unwrap();
}

/// Opens the offline `page` in Firefox and trains `games` games against random there.
async fn open_and_train(ff: &mut Firefox, page: &str, games: u64) {
    ff.open(page).await;
    ff.wait_for("document.querySelectorAll('#boxes .box').length === 304").await;
    ff.js(&format!("document.getElementById('train-games').value = '{games}'; document.getElementById('opponent').value = 'random'; document.getElementById('train').click()")).await;
    ff.wait_for(&format!(
        "window.menace.running === null && window.menace.gamesPlayed === {games}"
    ))
    .await;
}

/// Firefox: an update and reset, a reload, and the machine brought back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn firefox_keeps_the_earlier_machines_across_a_reload_and_brings_one_back() {
    let Some(binary) = menace_testkit::require(menace_testkit::Component::Firefox) else { return };
    let Some(url) = offline_url() else { return };
    let mut ff = Firefox::start(&binary).await;
    let page = format!("{url}?lang=en");
    open_and_train(&mut ff, &page, 500).await;
    ff.js("document.getElementById('update-reset').click()").await;
    // The page asks first (what will be replaced); the test says yes.
    ff.wait_for("document.getElementById('confirm').open").await;
    ff.js("document.getElementById('confirm-yes').click()").await;
    ff.wait_for("window.menace.gamesPlayed === 0 && document.querySelectorAll('#earlier-list button').length === 1").await;
    ff.open(&page).await;
    ff.wait_for("document.querySelectorAll('#earlier-list button').length === 1").await;
    ff.wait_for("window.menace.log.includes('status')").await;
    assert_eq!(ff.js("window.menace.gamesPlayed").await, json!(0));
    ff.js("document.querySelector('#earlier-list button').click()").await;
    ff.wait_for("window.menace.gamesPlayed === 500").await;
    ff.wait_for(&format!("/\"games_played\": ?500\\b/.test(localStorage.getItem('{KEY}') || '')"))
        .await;
    let earlier =
        ff.js("JSON.stringify(window.MenaceInPage.earlier().map(e => [e.games, e.why]))").await;
    assert_eq!(earlier, json!("[[0,\"restore\"]]"));
}

/// Firefox: a second tab of the same file takes the machine, and the first is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn firefox_tells_a_tab_that_another_tab_took_its_machine() {
    let Some(binary) = menace_testkit::require(menace_testkit::Component::Firefox) else { return };
    let Some(url) = offline_url() else { return };
    let mut ff = Firefox::start(&binary).await;
    let page = format!("{url}?lang=en");
    open_and_train(&mut ff, &page, 100).await;
    let first = ff.context.clone();
    let tab = ff.call("browsingContext.create", json!({ "type": "tab" })).await;
    ff.context = tab["context"].as_str().unwrap().to_string();
    ff.open(&page).await;
    ff.wait_for("window.menace.gamesPlayed === 100").await;
    ff.context = first;
    ff.wait_for("!document.getElementById('notice-elsewhere').hidden").await;
}

/// The whole story survives a reload, for noughts and crosses and for Nim: the counters
/// and the curve the page shows after training are the ones it shows after the page is
/// opened again (the engine's `history` from the stored machine's `story`), and Save's
/// file carries them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_curve_and_the_counters_survive_a_reload_and_travel_in_the_saved_file() {
    let Some(driver) = start_driver() else { return };
    let Some(url) = offline_url() else { return };
    let downloads = tempdir("story-downloads");
    let c = offline_browser(driver, &downloads).await;
    let shown = "[document.getElementById('count-win').textContent, \
        document.getElementById('count-draw').textContent, \
        document.getElementById('count-loss').textContent, \
        document.getElementById('games-played').textContent, \
        JSON.stringify(window.menace.curve.at(-1)), window.menace.curveFromEngine]";
    for game in ["ttt", "nim"] {
        open_offline(&c, &url, &format!("game={game}")).await;
        let histories = "window.menace.log.filter(t => t === 'history').length";
        let asked = js(&c, histories).await;
        train(&c, 3000).await;
        // The engine's `history` after the run (the curve drawn from its story).
        wait_for(&c, &format!("window.menace.curveFromEngine && {histories} > {asked}")).await;
        wait_for(&c, "window.menace.queue.length === 0 && !window.menace.draining").await;
        let before = js(&c, shown).await;
        assert_eq!(before[3], json!("3,000"), "{game}: {before}");
        assert_eq!(before[5], json!(true));
        let won: u64 = before[0].as_str().unwrap().replace(',', "").parse().unwrap();
        assert!(won > 0, "{game}: {before}");
        open_offline(&c, &url, &format!("game={game}")).await;
        wait_for(&c, "window.menace.curveFromEngine && window.menace.curve.length > 1").await;
        assert_eq!(js(&c, shown).await, before, "{game}: the same story after a reload");
    }
    // Save's file holds the story: the same totals.
    open_offline(&c, &url, "game=ttt").await;
    wait_for(&c, "window.menace.curveFromEngine && window.menace.curve.length > 1").await;
    click(&c, "#save").await;
    let file = downloaded_json(&downloads).await;
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let story = &saved["story"];
    let total =
        ["win", "draw", "loss"].iter().map(|k| story["score"][k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(total, 3000, "{story}");
    assert!(story["curve"].as_array().unwrap().len() > 1, "{story}");
    c.close().await.unwrap();
}
