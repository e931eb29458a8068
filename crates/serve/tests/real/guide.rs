//! The lesson guide (`/guide`, issue 59) in real Chromium: in every language, on a class
//! server, at a phone's width (390 px) and a laptop's (1400 px), axe-core finds no
//! serious or critical violation, nothing makes the page scroll sideways, and the Print
//! button is there (its script ran under the page's policy); printed to PDF by headless
//! Chromium on A4, the menu and the button are gone and the worksheet is the last page,
//! a page of its own (read back with pdftotext; the PDFs stay beside the screenshots).
//!
//! With `MENACE_SHOTS=1` screenshots go to Cargo's scratch folder (`guide-LANG-WIDTH.png`,
//! the whole page); with `MENACE_DOCS=1` a phone's first screen of the Hindi and Bengali
//! guides is also written into docs/ (`guide-hi-390.png`, `guide-bn-390.png`).

use crate::chrome;
use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrome::{at_width, axe_in, browser, js, screenshot, start_driver, tempdir, to_docs, wait_for};
use fantoccini::Client;
use menace_testkit::{require, Component};
use serde_json::json;

/// Elements wider than the page (the page scrolling sideways, or a box sticking out).
async fn overflow(c: &Client) -> Vec<String> {
    let found = js(
        c,
        "(() => { const bad = []; const w = document.documentElement.clientWidth; \
          if (document.documentElement.scrollWidth > w + 1) bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + w); \
          for (const e of document.querySelectorAll('main *')) { \
            const q = e.getBoundingClientRect(); \
            if (q.width > 0 && (q.right > w + 1 || q.left < -1)) bad.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' spans ' + Math.round(q.left) + '..' + Math.round(q.right)); \
          } \
          return bad.slice(0, 12); })()",
    )
    .await;
    serde_json::from_value(found).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guide_reads_on_a_phone_and_a_laptop_in_every_language() {
    let Some(driver) = start_driver() else { return };
    let (addr, _room, _stop, _task) =
        common::class::start_class(None, menace_serve::Limits::default()).await;
    let c = browser(driver, &tempdir("guide")).await;
    let mut problems = Vec::new();
    for lang in menace_i18n::LANGUAGES {
        c.goto(&format!("http://{addr}/guide?lang={}", lang.code)).await.unwrap();
        wait_for(&c, "document.readyState === 'complete'").await;
        assert_eq!(js(&c, "document.documentElement.lang").await, json!(lang.code));
        // The script ran (the policy let it): the button is shown.
        assert_eq!(js(&c, "document.getElementById('print').hidden").await, json!(false));
        // The style applied (the policy let it): the toolbar is laid out as a row.
        assert_eq!(
            js(&c, "getComputedStyle(document.querySelector('.toolbar')).display").await,
            json!("flex")
        );
        assert_eq!(
            js(&c, "document.querySelector('[aria-current=page]').getAttribute('hreflang')").await,
            json!(lang.code)
        );
        for width in [390, 1400] {
            at_width(&c, width, &format!("guide-{}-{width}.png", lang.code)).await;
            for v in axe_in(&c, lang.code).await {
                problems.push(format!("{} at {width} px: axe: {v}", lang.code));
            }
            for o in overflow(&c).await {
                problems.push(format!("{} at {width} px: {o}", lang.code));
            }
        }
        if ["hi", "bn"].contains(&lang.code) {
            // A phone's first screen of the guide, for docs/.
            c.set_window_size(390, 1000).await.unwrap();
            js(&c, "window.scrollTo(0, 0) || true").await;
            tokio::time::sleep(Duration::from_millis(150)).await;
            let shot = screenshot(&c, &format!("guide-{}-390-top.png", lang.code)).await;
            to_docs(shot.as_deref(), &format!("guide-{}-390.png", lang.code));
        }
        c.set_window_size(1280, 900).await.unwrap();
    }
    // The menu leads to each language.
    c.goto(&format!("http://{addr}/guide?lang=xx")).await.unwrap();
    assert_eq!(js(&c, "document.documentElement.lang").await, json!("en"));
    c.find(fantoccini::Locator::Css("a[hreflang=ru]")).await.unwrap().click().await.unwrap();
    wait_for(&c, "document.documentElement.lang === 'ru'").await;
    assert!(js(&c, "location.search").await.as_str().unwrap().contains("lang=ru"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    c.close().await.unwrap();
}

/// `url` printed to PDF by headless Chromium (`--print-to-pdf`, the page's own `@page`
/// size), as `pdf`. Bounded: a hang guard, not a timing check.
fn print_to_pdf(chromium: &Path, url: &str, pdf: &Path) {
    let profile = tempdir("guide-pdf-profile");
    let mut child = Command::new(chromium)
        .args(menace_print::pdf::HEADLESS)
        .arg("--no-pdf-header-footer")
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start Chromium");
    let deadline = Instant::now() + Duration::from_secs(180);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium did not print {url} within 180 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let _ = std::fs::remove_dir_all(&profile);
    assert!(status.success(), "Chromium printing {url}: {status}");
}

fn tool(poppler: &Path, name: &str, args: &[&str]) -> String {
    let out = Command::new(poppler.join(name)).args(args).output().unwrap();
    assert!(out.status.success(), "{name} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Text without white space (pdftotext breaks lines, and may put a space inside a word
/// where its layout splits glyphs), ligatures spelt out.
fn bare(text: &str) -> String {
    text.split_whitespace().collect::<String>().replace('\u{fb01}', "fi").replace('\u{fb02}', "fl")
}

/// The text of the element with `id` in the guide of `code`, as the page shows it.
fn text_of(code: &str, id: &str) -> String {
    let body = menace_serve::guide::body(menace_serve::guide::guide(code).unwrap());
    let at = body.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("{code}: no #{id}"));
    let from = &body[at..];
    let from = &from[from.find('>').unwrap() + 1..];
    let inner = &from[..from.find("</").unwrap()];
    inner.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guide_prints_on_a4_with_the_worksheet_on_a_page_of_its_own() {
    let Some(chromium) = require(Component::Chromium) else { return };
    let Some(poppler) = require(Component::Poppler) else { return };
    let Some(_) = require(Component::NotoFonts) else { return };
    let addr = common::start(menace_serve::Limits::default()).await;
    // The PDFs stay in Cargo's scratch folder beside the screenshots, to be looked at.
    let dir = chrome::target_dir();
    let menu = bare(&menace_i18n::LANGUAGES.iter().map(|l| l.name).collect::<String>());
    for lang in menace_i18n::LANGUAGES {
        let pdf = dir.join(format!("guide-{}.pdf", lang.code));
        let url = format!("http://{addr}/guide?lang={}", lang.code);
        {
            let (chromium, pdf) = (chromium.clone(), pdf.clone());
            tokio::task::spawn_blocking(move || print_to_pdf(&chromium, &url, &pdf)).await.unwrap();
        }
        let pdf = pdf.to_str().unwrap();
        let info = tool(&poppler, "pdfinfo", &[pdf]);
        let pages: usize = info
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .and_then(|n| n.trim().parse().ok())
            .expect("pdfinfo gives the pages");
        assert!(info.contains("(A4)"), "{}: not A4: {info}", lang.code);
        let title = bare(&text_of(lang.code, "worksheet-title"));
        let print = bare(&text_of(lang.code, "print"));
        let mut starts = Vec::new();
        for page in 1..=pages {
            let n = page.to_string();
            let text = bare(&tool(&poppler, "pdftotext", &["-f", &n, "-l", &n, pdf, "-"]));
            if text.starts_with(&title) {
                starts.push(page);
            }
            assert!(
                !text.contains(&menu),
                "{} page {page}: the language menu is printed",
                lang.code
            );
            assert!(
                !text.contains(&print),
                "{} page {page}: the Print button is printed",
                lang.code
            );
            if page == 1 {
                let h1 = bare(&text_of(lang.code, "title"));
                assert!(
                    text.starts_with(&h1),
                    "{} page 1 starts with the guide's title: {text}",
                    lang.code
                );
            }
        }
        // The worksheet starts a page (the second or later) and is all on it: the last.
        assert_eq!(
            starts,
            vec![pages],
            "{}: the worksheet ({title}) starts page(s) {starts:?} of {pages}",
            lang.code
        );
        assert!(pages >= 2, "{}: {pages} page(s)", lang.code);
        eprintln!("{}: {pages} pages, the worksheet on page {pages}", lang.code);
    }
}
