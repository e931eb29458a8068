//! `GET /guide`: the lesson guide for teachers (issue 59), in each of the pages' five
//! languages: a 45-minute lesson with what to show, what to ask and the answers to
//! expect; how to keep a class from week to week and run two classes on one laptop; and
//! a one-page worksheet for students, printed on a page of its own.
//!
//! The guide is data: one HTML fragment per language (`assets/guide/CODE.html`) sharing
//! one style (`guide.css`, with the print rules: A4, the menu and the button hidden, the
//! worksheet on its own page) and one script (`guide.js`, the Print button). A fragment
//! names the class page's buttons and panels as `{{message-id}}`, filled in from the
//! language's Fluent catalog, so the guide always says what the page shows; `{{languages}}`
//! is the language menu and `{{grid}}` the worksheet's empty grid for the curve.
//!
//! `?lang=CODE` picks the language; none, or one we do not have, gives English (the menu
//! offers the others). The page is self-contained (inline style and script, allowed by a
//! fresh nonce each time), so a saved copy prints the same.

use std::sync::OnceLock;

use axum::extract::RawQuery;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// One language's guide: its code (as `menace_i18n` names it) and its HTML fragment.
#[derive(Copy, Clone, Debug)]
pub struct Guide {
    /// The language's code: `en`, `hi`, `pt`, `ru`, `bn`.
    pub code: &'static str,
    /// The fragment, with its `{{...}}` placeholders.
    pub source: &'static str,
}

/// Every language's guide, English first, in the order of [`menace_i18n::LANGUAGES`].
pub const GUIDES: [Guide; 5] = [
    Guide { code: "en", source: include_str!("../assets/guide/en.html") },
    Guide { code: "hi", source: include_str!("../assets/guide/hi.html") },
    Guide { code: "pt", source: include_str!("../assets/guide/pt.html") },
    Guide { code: "ru", source: include_str!("../assets/guide/ru.html") },
    Guide { code: "bn", source: include_str!("../assets/guide/bn.html") },
];

/// The guide's style, screen and print.
pub const STYLE: &str = include_str!("../assets/guide/guide.css");
/// The guide's script: the Print button.
pub const SCRIPT: &str = include_str!("../assets/guide/guide.js");

/// The placeholders that are not catalog messages.
const LANGUAGES_SLOT: &str = "languages";
const GRID_SLOT: &str = "grid";

/// The guide in language `code`, or `None` for a language we do not have.
pub fn guide(code: &str) -> Option<&'static Guide> {
    GUIDES.iter().find(|g| g.code == code)
}

/// The names between `{{` and `}}` in `source`, in order.
pub fn placeholders(source: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = source;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start + 2..].find("}}") else { break };
        names.push(&rest[start + 2..start + 2 + len]);
        rest = &rest[start + 2 + len + 2..];
    }
    names
}

/// The catalog messages a guide's placeholders name (the others are filled by this module).
pub fn messages(source: &str) -> Vec<&str> {
    placeholders(source).into_iter().filter(|n| ![LANGUAGES_SLOT, GRID_SLOT].contains(n)).collect()
}

/// `text` escaped for HTML text and attribute values.
fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(text)
}

/// The language menu: a link per language, in its own name and language; the page's own
/// marked as the current one.
fn language_menu(code: &str, label: &str) -> String {
    let links: String = menace_i18n::LANGUAGES
        .iter()
        .map(|l| {
            let current = if l.code == code { " aria-current=\"page\"" } else { "" };
            format!(
                "<li><a href=\"?lang={c}\" hreflang=\"{c}\" lang=\"{c}\"{current}>{name}</a></li>",
                c = l.code,
                name = escape(l.name)
            )
        })
        .collect();
    format!("<nav class=\"langs\" aria-label=\"{}\"><ul>{links}</ul></nav>", escape(label))
}

/// The worksheet's empty grid to sketch the curve on: squares of 5 units, the zero line
/// (no games won or lost more) across the middle. Decorative: its captions are text.
fn grid() -> String {
    let (w, h) = (180, 40);
    let mut lines = String::new();
    for x in (0..=w).step_by(5) {
        lines.push_str(&format!("<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{h}\"/>"));
    }
    for y in (0..=h).step_by(5) {
        lines.push_str(&format!("<line x1=\"0\" y1=\"{y}\" x2=\"{w}\" y2=\"{y}\"/>"));
    }
    format!(
        "<svg viewBox=\"-1 -1 {vw} {vh}\" aria-hidden=\"true\" \
         focusable=\"false\"><g stroke=\"#b8bec9\" stroke-width=\"0.3\">{lines}</g>\
         <line x1=\"0\" y1=\"{mid}\" x2=\"{w}\" y2=\"{mid}\" stroke=\"#1d2330\" stroke-width=\"0.8\"/>\
         <line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"{h}\" stroke=\"#1d2330\" stroke-width=\"0.8\"/></svg>",
        vw = w + 2,
        vh = h + 2,
        mid = h / 2
    )
}

/// The fragment of `guide` with every placeholder filled in from its language's catalog.
/// A placeholder naming no message of the catalog is left as its name (a test forbids it).
pub fn body(guide: &Guide) -> String {
    let catalog =
        menace_i18n::Catalog::new(guide.code).expect("every guide's language has a catalog");
    let mut out = String::with_capacity(guide.source.len() + 4096);
    let mut rest = guide.source;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start + 2..].find("}}") else { break };
        out.push_str(&rest[..start]);
        let name = &rest[start + 2..start + 2 + len];
        match name {
            LANGUAGES_SLOT => {
                out.push_str(&language_menu(guide.code, &catalog.get("menu-language")))
            }
            GRID_SLOT => out.push_str(&grid()),
            id => out.push_str(&escape(&catalog.get(id))),
        }
        rest = &rest[start + 2 + len + 2..];
    }
    out.push_str(rest);
    whole_words_in_commands(&out)
}

/// `html` with every word of its commands (`<pre><code>...</code></pre>`, plain text) in a
/// `<span class="nobr">`, so that a narrow screen wraps a command only between words,
/// never after the hyphens of `--state` (what is copied stays the command as written).
fn whole_words_in_commands(html: &str) -> String {
    const OPEN: &str = "<pre><code>";
    const CLOSE: &str = "</code></pre>";
    let mut out = String::with_capacity(html.len() + 1024);
    let mut rest = html;
    while let Some(start) = rest.find(OPEN) {
        let from = start + OPEN.len();
        let Some(len) = rest[from..].find(CLOSE) else { break };
        out.push_str(&rest[..from]);
        let lines: Vec<String> = rest[from..from + len]
            .split('\n')
            .map(|line| {
                let words: Vec<String> = line
                    .split(' ')
                    .map(|w| {
                        if w.is_empty() {
                            String::new()
                        } else {
                            format!("<span class=\"nobr\">{w}</span>")
                        }
                    })
                    .collect();
                words.join(" ")
            })
            .collect();
        out.push_str(&lines.join("\n"));
        rest = &rest[from + len..];
    }
    out.push_str(rest);
    out
}

/// The text of the fragment's first `<h1>`, without its markup: the page's title.
fn title(body: &str) -> String {
    let Some(start) = body.find("<h1") else { return "MENACE".into() };
    let inner = &body[start..];
    let inner = &inner[inner.find('>').map_or(0, |i| i + 1)..];
    let inner = &inner[..inner.find("</h1>").unwrap_or(inner.len())];
    let mut text = String::new();
    let mut in_tag = false;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each language's filled-in fragment and title, made once.
fn filled() -> &'static [(String, String); 5] {
    static FILLED: OnceLock<[(String, String); 5]> = OnceLock::new();
    FILLED.get_or_init(|| {
        GUIDES.map(|g| {
            let body = body(&g);
            (title(&body), body)
        })
    })
}

/// The whole page in language `code` (English for a code we do not have), its inline
/// style and script marked with `nonce`.
pub fn html(code: &str, nonce: &str) -> String {
    let index = GUIDES.iter().position(|g| g.code == code).unwrap_or(0);
    let (title, body) = &filled()[index];
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style nonce=\"{nonce}\">\n{STYLE}</style>\n</head>\n<body>\n\
         {body}<script nonce=\"{nonce}\">\n{SCRIPT}</script>\n</body>\n</html>\n",
        lang = GUIDES[index].code,
    )
}

/// The guide as the offline page carries it, to open in a window of its own: the whole page
/// in language `code` without its menu of languages (whose links lead to a server's
/// `/guide`; the page's own menu picks the language there).
pub fn offline_html(code: &str) -> String {
    let page = html(code, "offline");
    let Some(start) = page.find("<nav class=\"langs\"") else { return page };
    let end = page[start..].find("</nav>").map_or(page.len(), |e| start + e + "</nav>".len());
    format!("{}{}", &page[..start], &page[end..])
}

/// The language a query asks for: its `lang=` value, if any.
pub fn asked_language(query: &str) -> Option<&str> {
    query.split('&').find_map(|pair| pair.strip_prefix("lang="))
}

/// A fresh nonce for the page's inline style and script: 16 random bytes in hex.
fn nonce() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No randomness from the system (it does not happen on the systems we serve):
        // the page holds nothing a visitor wrote, so a clock-based nonce still only lets
        // our own style and script run.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes = nanos.to_le_bytes();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `GET /guide?lang=CODE`: the lesson guide, printable (A4; the worksheet on its own page).
pub async fn page(RawQuery(query): RawQuery) -> Response {
    let code = asked_language(query.as_deref().unwrap_or("")).unwrap_or("en");
    let nonce = nonce();
    let policy = format!(
        "default-src 'none'; style-src 'nonce-{nonce}'; script-src 'nonce-{nonce}'; \
         img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    );
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CONTENT_SECURITY_POLICY, policy),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
        ],
        html(code, &nonce),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_found_and_filled() {
        assert_eq!(placeholders("a {{x}} b {{y-z}} c {{"), vec!["x", "y-z"]);
        let body = body(&GUIDES[0]);
        assert!(!body.contains("{{"), "every placeholder filled");
        assert!(body.contains("aria-current=\"page\">English<"));
        assert_eq!(title(&body), "MENACE in the classroom: a 45-minute lesson");
        assert_eq!(
            whole_words_in_commands("a <pre><code>menace  --state x.json\nb</code></pre> c"),
            "a <pre><code><span class=\"nobr\">menace</span>  <span class=\"nobr\">--state</span> \
             <span class=\"nobr\">x.json</span>\n<span class=\"nobr\">b</span></code></pre> c"
        );
    }

    #[test]
    fn the_language_comes_from_the_query() {
        assert_eq!(asked_language("lang=hi"), Some("hi"));
        assert_eq!(asked_language("x=1&lang=bn"), Some("bn"));
        assert_eq!(asked_language("x=1"), None);
        assert!(html("xx", "n").contains("<html lang=\"en\">"));
        assert!(html("bn", "n").contains("<html lang=\"bn\">"));
        assert_ne!(nonce(), nonce());
    }

    #[test]
    fn the_offline_guide_is_the_guide_without_its_menu_of_languages() {
        for g in GUIDES {
            let offline = offline_html(g.code);
            let served = html(g.code, "offline");
            assert!(!offline.contains("class=\"langs\""), "{}", g.code);
            assert!(!offline.contains("href=\"?lang="), "{}: no link to a server's guide", g.code);
            assert!(served.contains("class=\"langs\""));
            assert!(served.len() > offline.len());
            assert!(offline.contains(&format!("<html lang=\"{}\">", g.code)));
            assert!(offline.contains("id=\"print\""), "{}: the Print button", g.code);
        }
    }
}
