//! One page code for both pages, in a real Chromium: the private page and the class page
//! load the same shared scripts in the same order, draw their boxes with the one
//! `Boxes.element` and their board with the one `Board.draw` (what each shows is what the
//! shared function draws, and the two pages' drawings of the same box and board are the
//! same markup), and each reaches its engine the way transport.js says.

use crate::chrome;
use crate::common;

use chrome::{
    axe, browser, click, js, open_private, private_page, screenshot, set_value, start_driver,
    tempdir, wait_for,
};
use fantoccini::Client;
use serde_json::{json, Value};

/// The scripts the page loaded, by file name, in order.
async fn scripts(c: &Client) -> Vec<String> {
    serde_json::from_value(
        js(c, "[...document.scripts].filter(s => s.src).map(s => s.src.split('/').pop())").await,
    )
    .unwrap()
}

/// What the page shows of its box `index` and what `Boxes.element` draws of the same box
/// (`boxes`: a JavaScript expression for the page's list of boxes), as markup; and what
/// `Boxes.element` draws of one box both pages are given.
async fn box_drawings(c: &Client, boxes: &str, index: usize) -> (Value, Value, Value) {
    let shown =
        js(c, &format!("document.querySelector('#boxes .box[data-index=\"{index}\"]').innerHTML"))
            .await;
    let drawn = js(c, &format!("Boxes.element({boxes}[{index}], {index}).innerHTML")).await;
    let given = js(
        c,
        "Boxes.element({ position: 'X...O....', beads: [0, 3, 120, 0, 0, 1, 9, 0, 25000] }, 77, 2).outerHTML",
    )
    .await;
    (shown, drawn, given)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_pages_draw_boxes_and_the_board_with_the_same_scripts() {
    let Some(driver) = start_driver() else { return };
    let page = private_page().await;
    let (class_addr, _room, _stop, _task) =
        common::class::start_class(None, menace_serve::Limits::default()).await;
    let private = browser(driver, &tempdir("private")).await;
    let class = browser(driver, &tempdir("class")).await;
    open_private(&private, &page.url("lang=en")).await;
    class.goto(&format!("http://{class_addr}/?lang=en")).await.unwrap();
    wait_for(&class, "document.querySelectorAll('#boxes .box').length === 304").await;

    // The same shared scripts, in the same order; then each page's own (the private
    // page's Nim and Hexapawn boards, kept machines and labels, the class's teacher).
    let only = ["teacher.js", "games.js", "machines.js", "labels.js"];
    let shared: Vec<String> = menace_serve::page::SCRIPTS
        .iter()
        .map(|(name, _)| name.to_string())
        .filter(|name| !only.contains(&name.as_str()))
        .collect();
    let own = |names: &[&str]| -> Vec<String> {
        shared.iter().cloned().chain(names.iter().map(|n| n.to_string())).collect()
    };
    assert_eq!(
        scripts(&private).await,
        own(&["games.js", "machines.js", "labels.js", "menace.js"])
    );
    assert_eq!(scripts(&class).await, own(&["teacher.js", "class.js"]));

    // Each page's boxes are what the shared function draws, and it draws alike on both.
    let (shown, drawn, given_private) =
        box_drawings(&private, "window.menace.boxes.boxes", 12).await;
    assert!(shown.is_string() && shown == drawn, "private page: {shown} vs {drawn}");
    let (shown, drawn, given_class) = box_drawings(&class, "window.classPage.boxes", 12).await;
    assert!(shown.is_string() && shown == drawn, "class page: {shown} vs {drawn}");
    assert_eq!(given_private, given_class, "the two pages draw one box differently");

    // The board before a game: the same nine buttons, named by their cells, on both pages.
    let board = "document.getElementById('board').outerHTML";
    let (private_board, class_board) = (js(&private, board).await, js(&class, board).await);
    assert_eq!(private_board, class_board, "the two pages draw the board differently");
    let cells =
        js(&class, "[...document.querySelectorAll('#board button')].map(b => b.dataset.cell)")
            .await;
    assert_eq!(cells, json!(["LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"]));

    // The way each reached its engine.
    let way = js(&private, "window.menace.way").await;
    let want = if page.0.starts_with("file:") { "in-page" } else { "server" };
    assert_eq!(way, json!(want));
    assert_eq!(js(&class, "Transport.way(true)").await, json!("class"));

    private.close().await.unwrap();
    class.close().await.unwrap();
}

/// The private page as the offline file holds it: its style and every script inline in
/// the head (classic scripts, not deferred), `MENACE_OFFLINE` with the languages, the
/// five catalogs and the bead colours, and a stand-in for engine.js whose `MenaceInPage`
/// opens a session of the server (a WebSocket has the interface transport.js expects) and
/// keeps the parameters it was given. `fetch` is refused, as it is from a file.
fn offline_page() -> String {
    let offline = json!({
        "languages": menace_i18n::LANGUAGES.iter()
            .map(|l| json!({ "code": l.code, "name": l.name })).collect::<Vec<_>>(),
        "catalogs": menace_i18n::LANGUAGES.iter()
            .map(|l| (l.code.to_string(), json!(l.ftl))).collect::<serde_json::Map<_, _>>(),
        "palette": menace_print::palette::PALETTE.iter()
            .map(|c| json!({ "letter": c.letter.to_string(), "fill": c.fill, "ink": c.ink }))
            .collect::<Vec<_>>(),
    });
    let stub = format!(
        "window.fetched = []; \
         window.fetch = (url) => {{ fetched.push(String(url)); return Promise.reject(new TypeError('offline')); }}; \
         window.MENACE_OFFLINE = {}; \
         window.MenaceInPage = {{ opened: [], open(params) {{ \
           this.opened.push(String(params)); \
           return new WebSocket(`ws://${{location.host}}/ws?${{params}}`); }} }};",
        offline.to_string().replace("</", "<\\/")
    );
    let mut html = menace_serve::page::INDEX.to_string();
    let mut scripts = menace_serve::page::SCRIPTS.to_vec();
    scripts.push(("menace.js", menace_serve::page::SCRIPT));
    for (name, body) in scripts {
        html = html.replace(
            &format!("<script src=\"{name}\" defer></script>"),
            &format!("<script>{body}</script>"),
        );
    }
    let style = format!("<script>{stub}</script><style>{}</style>", menace_serve::page::STYLE);
    html.replace("<link rel=\"stylesheet\" href=\"menace.css\">", &style)
}

/// The private page with no server behind it, as the offline file runs it: its words and
/// bead colours from `MENACE_OFFLINE` (nothing fetched), the links that need a server
/// hidden, and the engine reached through `MenaceInPage` with the /ws parameters.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_runs_on_the_offline_files_data_and_the_engine_in_the_page() {
    let Some(driver) = start_driver() else { return };
    let addr = common::start(menace_serve::Limits::default()).await;
    let c = browser(driver, &tempdir("offline")).await;
    // A page of the server's origin without its policy (a catalog it does not have: a
    // 404 with a body), written over with the offline page: inline scripts run as they
    // will in menace.html.
    c.goto(&format!("http://{addr}/i18n/none.ftl")).await.unwrap();
    c.execute(
        "document.open(); document.write(arguments[0]); document.close(); return 0;",
        vec![json!(offline_page())],
    )
    .await
    .unwrap();
    wait_for(&c, "document.querySelectorAll('#boxes .box').length === 304").await;
    assert_eq!(js(&c, "window.menace.way").await, json!("in-page"));
    assert_eq!(js(&c, "MenaceInPage.opened").await, json!(["game=ttt&seed=1961"]));
    assert_eq!(js(&c, "i18n.languages.length").await, json!(menace_i18n::LANGUAGES.len()));
    // The labels are drawn by the file's engine; the lesson guide is the file's own.
    let print = "document.querySelector('nav.links [data-lang-href=\"print\"]')";
    assert_eq!(js(&c, &format!("{print}.offsetParent !== null")).await, json!(true));
    assert_eq!(
        js(&c, "document.getElementById('guide-link').offsetParent !== null").await,
        json!(true)
    );

    // A game by clicking, explained with the labels' bead letters.
    click(&c, "#new-game").await;
    wait_for(&c, "document.querySelector('#explain .xpair .swatch') !== null").await;
    let letters =
        js(&c, "[...document.querySelectorAll('#explain .swatch')].map(s => s.textContent)").await;
    let letters: Vec<String> = serde_json::from_value(letters).unwrap();
    let palette: Vec<String> =
        menace_print::palette::PALETTE.iter().map(|c| c.letter.to_string()).collect();
    assert!(!letters.is_empty() && letters.iter().all(|l| palette.contains(l)), "{letters:?}");
    // Another language from the menu: its catalog is the offline file's too.
    set_value(&c, "lang", "ru").await;
    wait_for(&c, "document.documentElement.lang === 'ru'").await;
    let message = js(&c, "document.getElementById('message').textContent").await;
    assert!(message.as_str().unwrap().contains("MENACE сходил"), "{message}");
    // Training with its progress, over the same transport.
    set_value(&c, "opponent", "exploiter").await;
    set_value(&c, "train-games", "400").await;
    click(&c, "#train").await;
    wait_for(&c, "window.menace.running === null && window.menace.log.includes('trained')").await;
    assert_eq!(js(&c, "document.getElementById('progress').value").await, json!(400));
    assert_eq!(js(&c, "fetched").await, json!([]), "the page fetched something");
    // As accessible as the served page, on a phone and on a laptop.
    for width in [390, 1400] {
        c.set_window_size(width, 900).await.unwrap();
        assert_eq!(axe(&c).await, Vec::<String>::new(), "at {width} px");
        screenshot(&c, &format!("offline-page-{width}-ru.png")).await;
    }
    c.close().await.unwrap();
}
