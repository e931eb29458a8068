//! The private page on its one page state (state.js, issue 77 section 5) and the
//! controls of issue 73 built on it, on the served page and on the offline file: nothing
//! that throws learning away happens on a click alone (a `<dialog>`, keyboard reachable,
//! in the page's language); switching the game stops a run first and leaves no message of
//! the other game; training counts are checked in the page; MENACE's side is a menu;
//! the strongest opponent says what it does when it cannot win; the curve tells the whole
//! story when the engine sends it and moves while MENACE trains; no number wraps; and a
//! dropped connection comes back by itself for every way.

use crate::chrome;

use std::path::Path;

use chrome::{at_width, click, js, open_private, set_value, wait_for, PageAt};
use fantoccini::Client;
use serde_json::{json, Value};

/// Message `id` of language `lang` with `args`, as the catalog writes it.
fn text(lang: &str, id: &str, args: &[(&str, menace_i18n::Arg)]) -> String {
    menace_i18n::Catalog::new(lang).unwrap().text(id, args)
}

/// Types `keys` (WebDriver's key codes: Escape, Shift+Tab, Enter) where the focus is.
async fn keys(c: &Client, keys: &str) {
    c.active_element().await.unwrap().send_keys(keys).await.unwrap();
}

async fn string(c: &Client, expr: &str) -> String {
    js(c, expr).await.as_str().unwrap_or_default().to_string()
}

/// How many answers of `kind` the page has handled.
async fn count(c: &Client, kind: &str) -> u64 {
    js(c, &format!("window.menace.log.filter(t => t === '{kind}').length")).await.as_u64().unwrap()
}

/// Trains `games` games against the random player and waits until the page shows them
/// (the `history` asked after the `trained` answer is in).
async fn train(c: &Client, games: u64) {
    let (trained, history) = (count(c, "trained").await, count(c, "history").await);
    set_value(c, "opponent", "random").await;
    set_value(c, "train-games", &games.to_string()).await;
    click(c, "#train").await;
    wait_for(c, &format!("window.menace.log.filter(t => t === 'trained').length > {trained}"))
        .await;
    wait_for(c, &format!("window.menace.log.filter(t => t === 'history').length > {history}"))
        .await;
    settled(c).await;
}

async fn played(c: &Client) -> String {
    string(c, "document.getElementById('games-played').textContent").await
}

/// The page waits for its whole queue of answers.
async fn settled(c: &Client) {
    wait_for(c, "window.menace.queue.length === 0 && !window.menace.draining").await;
}

macro_rules! page_test {
    ($name:ident, $body:ident) => {
        mod $name {
            crate::both_ways!(run);

            async fn run(driver: &crate::chrome::Driver, page: crate::chrome::PageAt) {
                let downloads = crate::chrome::tempdir("downloads");
                let c = crate::chrome::browser(driver, &downloads).await;
                super::$body(&c, &page, &downloads).await;
                c.close().await.unwrap();
            }
        }
    };
}

page_test!(a_reset_asks_first_in_the_pages_language_and_no_keeps_the_learning, reset_asks);

/// "Update and reset" after 300 games: a dialog (not `window.confirm`) says in Hindi what
/// would be lost; Escape and "no" keep every game; the keyboard alone reaches "yes".
async fn reset_asks(c: &Client, page: &PageAt, _: &Path) {
    open_private(c, &page.url("lang=hi")).await;
    train(c, 300).await;
    assert_eq!(played(c).await, "300");
    click(c, "#update-reset").await;
    wait_for(c, "document.getElementById('confirm').open").await;
    assert_eq!(js(c, "document.getElementById('confirm').tagName").await, json!("DIALOG"));
    assert_eq!(
        string(c, "document.getElementById('confirm-title').textContent").await,
        text("hi", "ask-reset-title", &[])
    );
    assert_eq!(
        string(c, "document.getElementById('confirm-body').textContent").await,
        text("hi", "ask-lost", &[("games", 300.into())])
    );
    // Cancel has the focus: Escape closes the dialog and nothing is sent.
    assert_eq!(js(c, "document.activeElement.id").await, json!("confirm-no"));
    keys(c, "\u{E00C}").await; // Escape
    wait_for(c, "!document.getElementById('confirm').open").await;
    settled(c).await;
    assert_eq!(js(c, "window.menace.log.includes('rules')").await, json!(false));
    assert_eq!(played(c).await, "300");
    // Again, by keyboard: back from Cancel to the button that replaces, and Enter.
    click(c, "#update-reset").await;
    wait_for(c, "document.getElementById('confirm').open").await;
    keys(c, "\u{E008}\u{E004}\u{E008}").await; // Shift+Tab
    assert_eq!(js(c, "document.activeElement.id").await, json!("confirm-yes"));
    assert_eq!(
        string(c, "document.activeElement.textContent").await,
        text("hi", "ask-replace", &[])
    );
    keys(c, "\u{E007}").await; // Enter
    wait_for(c, "window.menace.log.includes('rules')").await;
    wait_for(c, "document.getElementById('games-played').textContent === '0'").await;
}

page_test!(a_load_asks_first_and_no_keeps_the_learning, load_asks);

/// A saved MENACE loaded over one that learned asks first; "no" keeps it, "yes" loads.
async fn load_asks(c: &Client, page: &PageAt, downloads: &Path) {
    open_private(c, &page.url("")).await;
    train(c, 200).await;
    click(c, "#save").await;
    let file = chrome::downloaded_json(downloads).await;
    train(c, 100).await;
    assert_eq!(played(c).await, "300");
    chrome::load_file(c, &file).await;
    wait_for(c, "document.getElementById('confirm').open").await;
    let body = string(c, "document.getElementById('confirm-body').textContent").await;
    assert_eq!(body, text("en", "ask-lost", &[("games", 300.into())]));
    click(c, "#confirm-no").await;
    wait_for(c, "!document.getElementById('confirm').open").await;
    settled(c).await;
    assert_eq!(js(c, "window.menace.log.includes('imported')").await, json!(false));
    assert_eq!(played(c).await, "300");
    chrome::load_file(c, &file).await;
    wait_for(c, "document.getElementById('confirm').open").await;
    click(c, "#confirm-yes").await;
    wait_for(c, "window.menace.log.includes('imported')").await;
    wait_for(c, "document.getElementById('games-played').textContent === '200'").await;
}

page_test!(
    switching_the_game_while_training_stops_the_run_and_leaves_no_old_message,
    switch_while_training
);

/// A long train, then Nim chosen: the page asks, stops the run (waiting for its answer),
/// and the Nim page shows nothing of the other game. Either way (the engine in the page,
/// or a server's session, which ends with its socket) the games trained are kept: the
/// noughts-and-crosses machine has them when chosen again, and after a reload.
async fn switch_while_training(c: &Client, page: &PageAt, _: &Path) {
    open_private(c, &page.url("")).await;
    set_value(c, "train-games", "100000000").await;
    click(c, "#train").await;
    wait_for(c, "document.getElementById('progress').value > 0").await;
    // Training says so only while Stop can stop it.
    assert_eq!(js(c, "document.getElementById('stop').disabled").await, json!(false));
    set_value(c, "game", "nim").await;
    wait_for(c, "document.getElementById('confirm').open").await;
    let in_page = js(c, "window.menace.way").await == json!("in-page");
    let body = string(c, "document.getElementById('confirm-body').textContent").await;
    assert_eq!(body, text("en", "ask-switch-kept", &[]));
    click(c, "#confirm-yes").await;
    wait_for(c, "window.menace.game === 'nim' && window.menace.log.includes('status')").await;
    wait_for(c, "document.querySelectorAll('#boxes .box.generic').length > 0").await;
    settled(c).await;
    // The run ended with the engine's answer before the switch.
    assert_eq!(js(c, "window.menace.running").await, Value::Null);
    assert_eq!(js(c, "document.getElementById('stop').disabled").await, json!(true));
    assert_eq!(js(c, "document.getElementById('train').disabled").await, json!(false));
    let message = string(c, "document.getElementById('message').textContent").await;
    assert_eq!(message, text("en", "message-start-nim", &[]), "Nim's own words");
    assert_eq!(string(c, "document.getElementById('progress-text').textContent").await.trim(), "");
    assert_eq!(js(c, "document.getElementById('progress').value").await, json!(0));
    assert_eq!(played(c).await, "0");
    assert_eq!(js(c, "document.getElementById('toast').hidden").await, json!(true));
    let explain = string(c, "document.getElementById('explain').textContent").await;
    assert_eq!(explain, text("en", "explain-none", &[]));
    // Another game is a new session, not a reconnection.
    assert_eq!(js(c, "window.menace.conn.reconnects").await, json!(0));
    let pill = if in_page { "connection-in-page" } else { "connection-connected" };
    assert_eq!(
        string(c, "document.getElementById('connection').textContent").await,
        text("en", pill, &[])
    );

    // A Nim game to its end, then back to noughts and crosses: none of Nim's words stay.
    click(c, "#new-game").await;
    wait_for(c, "window.menace.log.includes('menace_move')").await;
    settled(c).await;
    set_value(c, "game", "ttt").await;
    // Nothing runs and nothing is lost: nothing asked.
    assert_eq!(js(c, "document.getElementById('confirm').open").await, json!(false));
    wait_for(
        c,
        "window.menace.game === 'ttt' && document.querySelectorAll('#boxes .box').length === 304",
    )
    .await;
    settled(c).await;
    let message = string(c, "document.getElementById('message').textContent").await;
    assert_eq!(message, text("en", "message-start", &[]));
    assert_eq!(js(c, "document.getElementById('game-board').hidden").await, json!(true));
    wait_for(c, "document.getElementById('games-played').textContent !== '0'").await;
    let games = played(c).await;
    let trained: u64 = games.replace(',', "").parse().unwrap();
    assert!(trained > 0, "the games trained before the switch were lost");
    // The engine has them, not only the page.
    assert_eq!(js(c, "window.menace.gamesPlayed").await, json!(trained));
    // And after a reload.
    c.refresh().await.unwrap();
    wait_for(c, "document.querySelectorAll('#boxes .box').length === 304").await;
    wait_for(c, &format!("document.getElementById('games-played').textContent === '{games}'"))
        .await;
    settled(c).await;
    assert_eq!(js(c, "window.menace.gamesPlayed").await, json!(trained));
    if !in_page {
        // The served page took it back in a new session, and said nothing about it.
        assert_eq!(js(c, "window.menace.log.includes('imported')").await, json!(true));
        assert_eq!(js(c, "document.getElementById('toast').hidden").await, json!(true));
    }
}

page_test!(training_counts_are_checked_in_the_page, counts_checked);

/// "-5", "0", "abc", "1.5", an empty box: a clear message each, nothing trained; above
/// the largest count the page says the largest; a count in Devanagari digits trains.
async fn counts_checked(c: &Client, page: &PageAt, _: &Path) {
    open_private(c, &page.url("")).await;
    for (typed, id, args) in [
        ("-5", "train-count-not-whole", vec![("text", menace_i18n::Arg::from("-5"))]),
        ("0", "train-count-zero", vec![]),
        ("abc", "train-count-not-whole", vec![("text", "abc".into())]),
        ("1.5", "train-count-not-whole", vec![("text", "1.5".into())]),
        ("", "train-count-empty", vec![]),
        ("   ", "train-count-empty", vec![]),
    ] {
        set_value(c, "train-games", typed).await;
        click(c, "#train").await;
        let said = string(c, "document.getElementById('progress-text').textContent").await;
        assert_eq!(said, text("en", id, &args), "{typed:?}");
        assert_eq!(
            js(c, "document.getElementById('train-games').getAttribute('aria-invalid')").await,
            json!("true")
        );
    }
    set_value(c, "train-games", "1000000000").await;
    click(c, "#train").await;
    let said = string(c, "document.getElementById('progress-text').textContent").await;
    assert_eq!(
        said,
        "At most 100,000,000 games at once (1,000,000,000 asked). Nothing was trained."
    );
    settled(c).await;
    for refused in ["trained", "progress"] {
        assert_eq!(js(c, &format!("window.menace.log.includes('{refused}')")).await, json!(false));
    }
    assert_eq!(played(c).await, "0");
    set_value(c, "train-games", "२००").await;
    click(c, "#train").await;
    wait_for(c, "document.getElementById('games-played').textContent === '200'").await;
    assert_eq!(
        js(c, "document.getElementById('train-games').hasAttribute('aria-invalid')").await,
        json!(false)
    );
}

page_test!(menace_s_side_is_a_menu_in_every_language, side_menu);

/// The side menu: in each language its label and choices are the catalog's; choosing
/// "second" gives MENACE the second machine (289 boxes), as `?side=second` does, and the
/// address keeps it.
async fn side_menu(c: &Client, page: &PageAt, _: &Path) {
    for lang in ["en", "hi", "pt", "ru", "bn"] {
        open_private(c, &page.url(&format!("lang={lang}"))).await;
        let options: Vec<String> = serde_json::from_value(
            js(c, "[...document.querySelectorAll('#side option')].map(o => o.textContent)").await,
        )
        .unwrap();
        assert_eq!(
            options,
            [text(lang, "side-first", &[]), text(lang, "side-second", &[])],
            "{lang}"
        );
        let label = string(c, "document.getElementById('side').parentElement.textContent").await;
        assert!(label.contains(&text(lang, "menu-side", &[])), "{lang}: {label}");
        // The strongest opponent says what it does when it cannot win.
        let exploiter =
            string(c, "document.querySelector('#opponent option[value=exploiter]').textContent")
                .await;
        assert_eq!(exploiter, text(lang, "opponent-exploiter-menu", &[]), "{lang}");
    }
    assert!(text("en", "opponent-exploiter-menu", &[]).contains("half the time"));
    open_private(c, &page.url("")).await;
    assert_eq!(js(c, "document.getElementById('side').value").await, json!("first"));
    set_value(c, "side", "second").await;
    wait_for(c, "window.menace.side === 'second' && document.querySelectorAll('#boxes .box').length === 289").await;
    assert!(
        string(c, "location.search").await.contains("side=second") || page.0.starts_with("file:")
    );
    click(c, "#new-game").await;
    wait_for(c, "window.menace.inGame").await;
    assert_eq!(js(c, "window.menace.log.includes('menace_move')").await, json!(false));
    // And back to first: the first machine, which opens the game itself.
    set_value(c, "side", "first").await;
    wait_for(
        c,
        "window.menace.side === 'first' && document.querySelectorAll('#boxes .box').length === 304",
    )
    .await;
}

page_test!(the_curve_tells_the_whole_story_and_moves_while_menace_trains, whole_story);

/// A `history` answer with the whole story (`curve`, `score`: the engine's new fields)
/// drawn as MENACE's wins minus losses since it was made, the counters from its score;
/// then a real train: the curve moves with each `progress`, from where it stood.
async fn whole_story(c: &Client, page: &PageAt, _: &Path) {
    open_private(c, &page.url("")).await;
    settled(c).await;
    // The answer the engine sends after the change of issue 73, through the page's own path.
    js(
        c,
        "(handle({type: 'history', games: [], curve: [{games: 0, net: 0}, {games: 500, net: 40}], \
          score: {win: 300, draw: 100, loss: 100}}), 0)",
    )
    .await;
    assert_eq!(js(c, "window.menace.curveFromEngine").await, json!(true));
    assert_eq!(string(c, "document.getElementById('count-win').textContent").await, "300");
    assert_eq!(string(c, "document.getElementById('count-loss').textContent").await, "100");
    assert_eq!(js(c, "document.querySelectorAll('#plot polyline').length").await, json!(1));
    assert_eq!(
        string(c, "document.getElementById('legend').textContent").await,
        format!("● {}", text("en", "legend-net", &[]))
    );
    // Where the curve ends after each `progress` of a real train (the engine's next
    // `history` replaces what the page drew).
    js(
        c,
        "(window.seen = [], window.drawn = handle, handle = (a) => { drawn(a); \
          if (a.type === 'progress') seen.push([a.games, a.score, window.menace.curve.at(-1), \
          document.querySelector('#plot polyline').getAttribute('points').split(' ').length]); }, 0)",
    )
    .await;
    train(c, 100000).await;
    // A `progress` every 20,000 games: the curve moved on with each, from where it stood
    // (500 games, +40), by the run's wins minus losses so far.
    let seen: Vec<Value> = serde_json::from_value(js(c, "window.seen").await).unwrap();
    assert_eq!(
        seen.iter().map(|s| s[0].as_u64().unwrap()).collect::<Vec<_>>(),
        [20000, 40000, 60000, 80000]
    );
    for (i, s) in seen.iter().enumerate() {
        let net = s[1]["menace"].as_i64().unwrap() - s[1]["player"].as_i64().unwrap();
        assert_eq!(s[2], json!({"games": 500 + s[0].as_u64().unwrap(), "net": 40 + net}));
        // The drawn line has the two points, the origin and one more per progress.
        assert_eq!(s[3].as_u64().unwrap(), 3 + 1 + i as u64, "{s}");
    }
    // An exact evaluation is a diamond on the whole story too, on a scale of its own.
    click(c, "#eval").await;
    wait_for(c, "window.menace.evals.length === 1").await;
    assert_eq!(js(c, "document.querySelectorAll('#plot rect').length").await, json!(1));
    let legend = string(c, "document.getElementById('legend').textContent").await;
    assert!(legend.contains(&text("en", "legend-exploit", &[])), "{legend}");
}

page_test!(no_count_wraps_or_spills_at_any_width_in_any_language, counts_fit);

/// Twenty million and a billion games in the counters, at a phone's and a laptop's width,
/// in every language: each number on one line, inside its box.
async fn counts_fit(c: &Client, page: &PageAt, _: &Path) {
    let mut problems = Vec::new();
    for lang in ["en", "hi", "pt", "ru", "bn"] {
        open_private(c, &page.url(&format!("lang={lang}"))).await;
        settled(c).await;
        for (win, loss) in [(19_559_937u64, 37u64), (1_000_000_000, 999_999_999)] {
            js(
                c,
                &format!(
                    "(handle({{type: 'history', games: [], curve: [{{games: 0, net: 0}}, {{games: {g}, net: {n}}}], \
                      score: {{win: {win}, draw: 20000000, loss: {loss}}}}}), \
                      window.menace.gamesPlayed = {g}, renderAll(), 0)",
                    g = win + loss + 20_000_000,
                    n = win - loss
                ),
            )
            .await;
            for width in [390, 1366] {
                at_width(c, width, &format!("counts-{lang}-{width}.png")).await;
                let out = js(
                    c,
                    "['count-win', 'count-draw', 'count-loss', 'games-played'].filter(id => { \
                       const e = document.getElementById(id); const r = document.createRange(); \
                       r.selectNodeContents(e); const box = e.parentElement.getBoundingClientRect(); \
                       const q = r.getBoundingClientRect(); \
                       return r.getClientRects().length !== 1 || q.right > box.right + 0.5 || q.left < box.left - 0.5; })",
                )
                .await;
                if out != json!([]) {
                    problems.push(format!("{lang} {width}px {win}: {out}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

page_test!(a_dropped_connection_comes_back_by_itself_for_every_way, reconnects);

/// The page's connection dropped (its socket closed under it): transport.js connects
/// again by itself, on the served page as on the engine in the page, and the page is
/// drawn from the new session.
async fn reconnects(c: &Client, page: &PageAt, _: &Path) {
    open_private(c, &page.url("")).await;
    settled(c).await;
    js(c, "(window.menace.conn.socket.close(), 0)").await;
    wait_for(c, "window.menace.conn.reconnects >= 1").await;
    wait_for(c, "document.getElementById('connection').classList.contains('ok')").await;
    assert_eq!(
        string(c, "document.getElementById('connection').textContent").await,
        text("en", "class-connection-again", &[])
    );
    wait_for(c, "document.querySelectorAll('#boxes .box').length === 304").await;
    click(c, "#new-game").await;
    wait_for(c, "window.menace.log.includes('menace_move')").await;
}

/// The class page reduces its answers into the same page state, and the teacher's
/// training count is checked by the same code as the private page's: "abc" or "0" trains
/// nothing and says why, above the largest count it says the largest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_class_page_checks_the_teachers_count_as_the_private_page_does() {
    use crate::common::class::{record, start_class, KEY};
    let Some(driver) = chrome::start_driver() else { return };
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let c = chrome::browser(driver, &chrome::tempdir("teacher")).await;
    c.goto(&format!("http://{addr}/?lang=ru")).await.unwrap();
    wait_for(&c, "document.querySelectorAll('#boxes .box').length === 304").await;
    wait_for(&c, "window.classPage.log.includes('class') && window.classPage.kind === 'class'")
        .await;
    set_value(&c, "key", KEY).await;
    for (typed, id, args) in [
        ("abc", "train-count-not-whole", vec![("text", menace_i18n::Arg::from("abc"))]),
        ("0", "train-count-zero", vec![]),
        ("", "train-count-empty", vec![]),
    ] {
        set_value(&c, "train-games", typed).await;
        click(&c, "#train").await;
        let said = string(&c, "document.getElementById('teacher-message').textContent").await;
        assert_eq!(said, text("ru", id, &args), "{typed:?}");
    }
    set_value(&c, "train-games", "1000000000").await;
    click(&c, "#train").await;
    let said = string(&c, "document.getElementById('teacher-message').textContent").await;
    assert!(said.starts_with("Не больше 100"), "{said}");
    assert_eq!(record(&room).games_played(), 0);
    set_value(&c, "train-games", "50").await;
    click(&c, "#train").await;
    wait_for(&c, "window.classPage.log.includes('trained')").await;
    assert_eq!(record(&room).games_played(), 50);
    c.close().await.unwrap();
}
