//! Every word in the page's language (issue 73, section 5): each refusal the private page
//! can cause (a move typed wrong in Nim and Hexapawn, bad bead rules, an empty seed, files
//! that are not a machine, of another game or with a field no state has, training counts
//! that are not one) reaches the reader from the catalog, by the answer's code: in Hindi
//! and in Bengali the page shows no Latin letter (but the name MENACE), no backtick and
//! no field name. On the served page and on the offline file.

use crate::chrome;

use chrome::{click, js, open_private, set_value, tempdir, wait_for, PageAt};
use fantoccini::Client;
use serde_json::json;

/// What the reader sees of `text`, less the machine's name and what the reader wrote
/// (`own`: a file's name, a count typed), in Latin letters: none may be left.
fn latin(text: &str, own: &str) -> Vec<char> {
    let text = if own.is_empty() { text.to_string() } else { text.replace(own, "") };
    text.replace("MENACE", "").chars().filter(|c| c.is_ascii_alphabetic() || *c == '`').collect()
}

async fn string(c: &Client, expr: &str) -> String {
    js(c, expr).await.as_str().unwrap_or_default().to_string()
}

async fn errors(c: &Client) -> u64 {
    js(c, "window.menace.log.filter(t => t === 'error').length").await.as_u64().unwrap()
}

/// Runs `act` (a script) and waits for the engine's refusal: the toast's text, whose code
/// must be one the catalog words.
async fn refused(c: &Client, what: &str, act: &str) -> String {
    let before = errors(c).await;
    js(c, &format!("({act}, true)")).await;
    wait_for(c, &format!("window.menace.log.filter(t => t === 'error').length > {before}")).await;
    wait_for(c, "!document.getElementById('toast').hidden").await;
    let shown = string(c, "document.getElementById('toast').textContent").await;
    assert!(!shown.trim().is_empty(), "{what}: nothing shown");
    shown
}

/// Types `text` in the move box and sends it.
fn typed(text: &str) -> String {
    format!(
        "document.getElementById('move-text').value = {}, document.getElementById('text-move').requestSubmit()",
        json!(text)
    )
}

/// A file of `text` given to the page's Load: the page's own words (not a machine), or
/// the engine's refusal of what it read.
async fn load(c: &Client, what: &str, text: &str) -> String {
    let dir = tempdir("refused-files");
    let file = dir.join(format!("{what}.json"));
    std::fs::write(&file, text).unwrap();
    let before = errors(c).await;
    // The toast may still show the case before (a slow machine read it back as this
    // one's): wait for words other than those.
    let earlier = string(c, "document.getElementById('toast').textContent").await;
    chrome::load_file(c, &file).await;
    wait_for(
        c,
        &format!(
            "(window.menace.log.filter(t => t === 'error').length > {before} || !document.getElementById('toast').hidden) && !['', {}].includes(document.getElementById('toast').textContent)",
            json!(earlier)
        ),
    )
    .await;
    string(c, "document.getElementById('toast').textContent").await
}

async fn every_refusal(c: &Client, page: &PageAt, lang: &str) {
    let mut shown: Vec<(String, String)> = Vec::new();
    // Nim, moves typed wrong.
    open_private(c, &page.url(&format!("lang={lang}&game=nim"))).await;
    wait_for(c, &format!("document.documentElement.lang === '{lang}'")).await;
    click(c, "#new-game").await;
    wait_for(c, "window.menace.inGame").await;
    for (what, text) in
        [("no row", "9:1"), ("not a move", "abc"), ("too many", "1:9"), ("none", "2:0")]
    {
        shown.push((format!("nim {what}"), refused(c, what, &typed(text)).await));
    }
    // Hexapawn.
    set_value(c, "game", "hexapawn").await;
    wait_for(c, "window.menace.game === 'hexapawn' && window.menace.log.includes('status')").await;
    click(c, "#new-game").await;
    wait_for(c, "window.menace.inGame").await;
    for (what, text) in [("illegal", "a1-a3"), ("not a move", "zz"), ("no pawn", "b2-b3")] {
        shown.push((format!("hexapawn {what}"), refused(c, what, &typed(text)).await));
    }
    // Noughts and crosses: the bead rules, the seed, the files.
    set_value(c, "game", "ttt").await;
    wait_for(
        c,
        "window.menace.game === 'ttt' && document.querySelectorAll('#boxes .box').length === 304",
    )
    .await;
    let rules = [
        ("initial", "document.getElementById('initial').value = '3,x'"),
        ("reward", "document.getElementById('reward').value = 'q'"),
    ];
    for (what, set) in rules {
        let act = format!("{set}, document.getElementById('update').click()");
        shown.push((format!("rules {what}"), refused(c, what, &act).await));
        js(c, "(document.getElementById('initial').value = '4,3,2,1', document.getElementById('reward').value = '1,0,-1', true)").await;
    }
    let seed =
        "document.getElementById('seed').value = '', document.getElementById('set-seed').click()";
    shown.push(("seed".into(), refused(c, "seed", seed).await));
    shown.push(("not json".into(), load(c, "not-json", "this is not a machine").await));
    shown.push((
        "unknown field".into(),
        load(
            c,
            "unknown-field",
            r#"{"format":"menace-state","version":1,"game":"ttt","name":"x"}"#,
        )
        .await,
    ));
    let nim = r#"{"format":"menace-state","version":1,"game":"nim","rows":[3,4,5],"rules":{"initial":[4,3,2,1],"win":1,"draw":0,"loss":-1,"empty":{"refill":3}},"games_played":0,"boxes":[]}"#;
    shown.push(("other game".into(), load(c, "other-game", nim).await));
    // Training counts, checked in the page.
    for count in ["-5", "abc", "", "1000000000"] {
        set_value(c, "train-games", count).await;
        click(c, "#train").await;
        let line = string(c, "document.getElementById('progress-text').textContent").await;
        assert_eq!(
            js(c, "window.menace.running").await,
            serde_json::Value::Null,
            "{count:?} trained nothing"
        );
        shown.push((format!("count {count:?}"), line));
    }
    let mut bad = Vec::new();
    for (what, text) in &shown {
        assert!(!text.trim().is_empty(), "{lang} {what}: nothing said");
        // The reader's own words may come back: the file's name, the count typed.
        let own = match what.as_str() {
            "not json" => "not-json.json",
            "count \"abc\"" => "abc",
            _ => "",
        };
        if !latin(text, own).is_empty() {
            bad.push(format!("{lang} {what}: {text}"));
        }
    }
    // Each said something of its own (not one catch-all line).
    let distinct: std::collections::BTreeSet<&String> = shown.iter().map(|(_, t)| t).collect();
    assert!(distinct.len() >= shown.len() - 4, "{lang}: {shown:?}");
    assert!(bad.is_empty(), "English on a {lang} page:\n{}", bad.join("\n"));
}

async fn in_hindi_and_bengali(driver: &crate::chrome::Driver, page: PageAt) {
    for lang in ["hi", "bn"] {
        let c = chrome::browser(driver, &tempdir("refusals")).await;
        every_refusal(&c, &page, lang).await;
        c.close().await.unwrap();
    }
}

mod every_refusal_the_page_can_cause_is_said_in_hindi_and_bengali {
    crate::both_ways!(super::in_hindi_and_bengali);
}
