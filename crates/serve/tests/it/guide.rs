//! The lesson guide (`/guide`, issue 59): every language's guide has the same sections,
//! questions, answers and worksheet as the English one; no English is left in the
//! others; each writes its numbers and sentence ends as its pages do; every button it
//! names is the page's own word; and both kinds of server answer `/guide` in the asked
//! language (English for any other), under a policy that lets only its own style and
//! script run. The real Chromium checks (axe-core, the printed PDF) are in
//! `tests/real/guide.rs`.

use crate::common;

use menace_serve::guide::{self, Guide, GUIDES};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The guide's elements that carry its structure, in order: each as its tag name, with
/// its id when it has one (`h3#step-1-title`).
fn structure(html: &str) -> Vec<String> {
    const TAGS: [&str; 14] = [
        "section", "nav", "h1", "h2", "h3", "h4", "ul", "ol", "li", "dl", "dt", "dd", "table", "tr",
    ];
    let mut found = Vec::new();
    for piece in html.split('<').skip(1) {
        let head = &piece[..piece.find('>').unwrap_or(piece.len())];
        let name: String =
            head.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>();
        let id = head.split_once("id=\"").map(|(_, rest)| &rest[..rest.find('"').unwrap()]);
        if TAGS.contains(&name.as_str()) || id.is_some() {
            found.push(match id {
                Some(id) => format!("{name}#{id}"),
                None => name,
            });
        }
    }
    found
}

/// `html` without the elements named (their content too), then without any markup:
/// the prose a reader reads, with white space between what markup separated.
fn prose(html: &str) -> String {
    let mut text = html.to_string();
    // Commands, keys, the language menu (each language in its own name) and the grid.
    for (open, close) in [
        ("<pre", "</pre>"),
        ("<code", "</code>"),
        ("<kbd", "</kbd>"),
        ("<nav class=\"langs\"", "</nav>"),
        ("<svg", "</svg>"),
    ] {
        while let Some(start) = text.find(open) {
            let end = text[start..].find(close).expect("closed") + start + close.len();
            text.replace_range(start..end, " ");
        }
    }
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The runs of ASCII letters in `text` (words, or parts of words).
fn ascii_words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()).collect()
}

/// Words of English that are no words of Portuguese (nor of the other languages): one of
/// them in a guide's prose is English left untranslated.
const ENGLISH: [&str; 40] = [
    "the", "and", "with", "what", "when", "you", "your", "this", "that", "from", "does", "which",
    "will", "how", "their", "they", "not", "after", "before", "each", "every", "game", "games",
    "bead", "beads", "box", "boxes", "curve", "student", "students", "teacher", "press", "play",
    "draw", "wins", "losses", "lesson", "class", "expect", "why",
];

/// Only MENACE's own name may stay in Latin letters in a guide written in another script.
const LATIN_ALLOWED: [&str; 1] = ["MENACE"];

fn filled(g: &Guide) -> String {
    guide::body(g)
}

#[test]
fn every_language_has_the_english_guides_sections_questions_and_worksheet() {
    let english = structure(&filled(&GUIDES[0]));
    assert!(english.len() > 120, "{english:?}");
    for must in [
        "section#worksheet",
        "h2#worksheet-title",
        "table#ws-predictions",
        "table#ws-games",
        "section#weeks",
        "section#two-classes",
        "button#print",
    ] {
        assert!(english.contains(&must.to_string()), "the English guide lacks {must}");
    }
    // Six timed steps, each with its questions and the answers to expect.
    for step in 1..=6 {
        assert!(english.contains(&format!("h3#step-{step}-title")), "step {step}");
    }
    assert_eq!(menace_i18n::LANGUAGES.len(), GUIDES.len());
    for (lang, g) in menace_i18n::LANGUAGES.iter().zip(GUIDES) {
        assert_eq!(lang.code, g.code, "the guides follow the languages' order");
        let theirs = structure(&filled(&g));
        if theirs != english {
            let at = english.iter().zip(&theirs).position(|(a, b)| a != b).unwrap_or(0);
            panic!(
                "{}: the structure differs from English's at element {at}: {:?} against {:?}",
                g.code,
                theirs.get(at.saturating_sub(2)..(at + 3).min(theirs.len())),
                english.get(at.saturating_sub(2)..(at + 3).min(english.len()))
            );
        }
        // Every question has its expected answer: as many answers as English.
        let body = filled(&g);
        assert_eq!(body.matches("<dt>").count(), body.matches("class=\"expect\"").count() - 1);
    }
}

#[test]
fn the_buttons_it_names_are_the_pages_own_words() {
    let english: Vec<&str> = guide::messages(GUIDES[0].source);
    assert!(english.contains(&"button-train") && english.contains(&"panel-explain"));
    for g in GUIDES {
        let mut theirs = guide::messages(g.source);
        let mut want = english.clone();
        theirs.sort_unstable();
        want.sort_unstable();
        assert_eq!(theirs, want, "{}: names other buttons than English", g.code);
        let ids = menace_i18n::message_ids(menace_i18n::language(g.code).unwrap().ftl);
        for id in guide::messages(g.source) {
            assert!(ids.iter().any(|i| i == id), "{}: no message {id} in its catalog", g.code);
        }
        let body = filled(&g);
        assert!(!body.contains("{{") && !body.contains("}}"), "{}: a placeholder left", g.code);
        // The catalog's words are there, as the page shows them.
        let t = menace_i18n::Catalog::new(g.code).unwrap();
        assert!(body.contains(&t.get("button-train")), "{}", g.code);
    }
}

#[test]
fn no_english_is_left_in_the_other_languages() {
    // The checks' own check: on the English guide they find English.
    let english = prose(&filled(&GUIDES[0]));
    let long: Vec<&str> = ascii_words(&english).into_iter().filter(|w| w.len() >= 3).collect();
    assert!(long.len() > 500, "{}", long.len());
    let words = ascii_words(&english);
    let absent: Vec<&str> =
        ENGLISH.into_iter().filter(|e| !words.iter().any(|w| w.eq_ignore_ascii_case(e))).collect();
    assert!(absent.is_empty(), "not in the English guide: {absent:?}");
    for g in &GUIDES[1..] {
        let text = prose(&filled(g));
        let words = ascii_words(&text);
        let left: Vec<&&str> =
            ENGLISH.iter().filter(|e| words.iter().any(|w| w.eq_ignore_ascii_case(e))).collect();
        assert!(left.is_empty(), "{}: English words in the prose: {left:?}", g.code);
        if g.code != "pt" {
            // A script of its own: no Latin word of three letters or more but MENACE's name.
            let latin: Vec<&str> = words
                .iter()
                .copied()
                .filter(|w| w.len() >= 3 && !LATIN_ALLOWED.contains(w))
                .collect();
            assert!(latin.is_empty(), "{}: Latin words in the prose: {latin:?}", g.code);
        }
    }
}

#[test]
fn each_language_writes_its_numbers_and_sentence_ends_as_its_pages_do() {
    for g in &GUIDES {
        let text = prose(&filled(g));
        let has = |f: fn(&char) -> bool| text.chars().any(|c| f(&c));
        match g.code {
            // Bengali digits, as Intl.NumberFormat("bn") writes them on the pages.
            "bn" => {
                assert!(!has(char::is_ascii_digit), "bn: an ASCII digit in the prose");
                assert!(text.contains("৩০৪") && text.contains("১,০০০"), "bn: 304 and 1,000");
            }
            // Hindi's pages write 0-9 (Intl's numbering for "hi" is Latin).
            _ => {
                assert!(
                    !has(|c| ('\u{966}'..='\u{96f}').contains(c)),
                    "{}: Devanagari digits",
                    g.code
                );
                assert!(
                    !has(|c| ('\u{9e6}'..='\u{9ef}').contains(c)),
                    "{}: Bengali digits",
                    g.code
                );
                assert!(text.contains("304"), "{}", g.code);
            }
        }
        let thousand = menace_i18n::format_number(g.code, 1000);
        assert!(text.contains(&thousand), "{}: 1000 written as the pages do: {thousand}", g.code);
        if g.code == "hi" || g.code == "bn" {
            // Sentences end with the danda.
            assert!(text.matches('।').count() > 50, "{}: the danda", g.code);
            // A full stop only numbers a question ("1.", "১.").
            let stop = text.char_indices().find(|&(i, c)| {
                c == '.' && !text[..i].chars().next_back().is_some_and(|p| p.is_numeric())
            });
            if let Some((at, _)) = stop {
                let from = text[..at].char_indices().rev().nth(30).map_or(0, |(i, _)| i);
                panic!("{}: a full stop in the prose: …{}", g.code, &text[from..at + 1]);
            }
        }
    }
}

/// The status, the headers (lower-cased names) and the body of `GET path`.
async fn get(addr: std::net::SocketAddr, path: &str) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(common::HANG, s.read_to_end(&mut raw)).await.unwrap().unwrap();
    let text = String::from_utf8(raw).unwrap();
    let code = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (code, head.to_lowercase(), body.to_string())
}

/// Checks `/guide?QUERY` on the server at `addr` answers the guide in `want`.
async fn answers_in(addr: std::net::SocketAddr, query: &str, want: &str) {
    let (code, head, body) = get(addr, &format!("/guide{query}")).await;
    assert_eq!(code, 200, "{query}");
    assert!(head.contains("content-type: text/html; charset=utf-8"), "{head}");
    assert!(body.contains(&format!("<html lang=\"{want}\">")), "{query}: not in {want}");
    // The menu offers every language, the page's own marked.
    for lang in menace_i18n::LANGUAGES {
        assert!(body.contains(&format!("href=\"?lang={}\"", lang.code)), "{query}: {}", lang.code);
    }
    assert!(body.contains(&format!("hreflang=\"{want}\" lang=\"{want}\" aria-current=\"page\"")));
    // Only the page's own style and script run: the policy's nonce is theirs, and new
    // every time.
    let policy = head.lines().find_map(|l| l.strip_prefix("content-security-policy: ")).unwrap();
    let nonce = policy.split("'nonce-").nth(1).unwrap().split('\'').next().unwrap();
    assert!(nonce.len() >= 32, "{policy}");
    assert!(body.contains(&format!("<style nonce=\"{nonce}\">")));
    assert!(body.contains(&format!("<script nonce=\"{nonce}\">")));
    assert!(policy.contains("default-src 'none'") && !policy.contains("unsafe-inline"), "{policy}");
    let (_, again, _) = get(addr, &format!("/guide{query}")).await;
    assert!(!again.contains(nonce), "the nonce is new for each answer");
    // Printable: A4, the menu and the button hidden, the worksheet on a page of its own.
    assert!(body.contains("@page { size: A4;") && body.contains("break-before: page"));
    assert!(body.contains("window.print()"));
}

#[tokio::test]
async fn both_servers_answer_the_guide_in_the_asked_language() {
    let addr = common::start(menace_serve::Limits::default()).await;
    answers_in(addr, "", "en").await;
    for lang in menace_i18n::LANGUAGES {
        answers_in(addr, &format!("?lang={}", lang.code), lang.code).await;
    }
    // A language we do not have, or a hostile value: English, with the menu.
    answers_in(addr, "?lang=xx", "en").await;
    answers_in(addr, "?lang=%3Cscript%3E", "en").await;
    answers_in(addr, "?x=1&lang=ru", "ru").await;
    let (addr, _room, _stop, _task) =
        common::class::start_class(None, menace_serve::Limits::default()).await;
    answers_in(addr, "?lang=bn", "bn").await;
    let (_, _, body) = get(addr, "/guide?lang=hi").await;
    assert!(body.contains(&menace_i18n::Catalog::new("hi").unwrap().get("class-panel-teacher")));
}
