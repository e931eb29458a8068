//! The private page as one file that needs no server: `menace.html`, written by
//! `cargo run --release -p menace-web` (crates/web) into the repository's `site/`, whose
//! bytes every `menace serve` hands out ([`crate::site`]). The page served at `/` with each
//! of its scripts and its style inlined in order, every language's catalog and the bead
//! palette inlined as `MENACE_OFFLINE` (what the page would fetch from the server), and
//! the engine itself, menace-web compiled to WebAssembly, as base64 that `engine.js`
//! runs on a worker. It works from `file://`, from a USB stick, or from any static host,
//! where its web app manifest and service worker (`site/`) make it installable and keep
//! it working offline after the first visit.

use base64::Engine as _;

use crate::page;

/// The offline page around `wasm`, the browser build of menace-web, built from the sources
/// whose stamp is `stamp` (see `menace_web::bundle::sources_stamp`; the page carries it in
/// its [`STAMP_META`] so a test can tell a stale file).
///
/// # Errors
/// When the served page names a script or style this module does not know (a page changed
/// without its offline twin), or `stamp` is not plain hex: never a file with a missing part.
pub fn page(wasm: &[u8], stamp: &str) -> Result<String, String> {
    if stamp.is_empty() || !stamp.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("the sources' stamp {stamp:?} is not hex"));
    }
    let mut html = String::with_capacity(wasm.len() * 4 / 3 + 400_000);
    let mut scripts = Vec::new();
    for line in page::INDEX.lines() {
        let trimmed = line.trim();
        if let Some(name) = attribute(trimmed, "<script src=\"") {
            scripts.push(asset(name)?);
            continue;
        }
        if let Some(name) = attribute(trimmed, "<link rel=\"stylesheet\" href=\"") {
            html.push_str(&format!("<style>\n{}</style>\n", asset(name)?));
            continue;
        }
        if trimmed == "</body>" {
            // The page's scripts ran deferred (after the document was parsed): inline,
            // they run in order at the end of the body, which is the same moment.
            html.push_str(&format!(
                "<script>window.MENACE_OFFLINE = {};</script>\n",
                offline_data()
            ));
            html.push_str("<script type=\"application/wasm;base64\" id=\"menace-engine\">");
            html.push_str(&base64::engine::general_purpose::STANDARD.encode(wasm));
            html.push_str("</script>\n");
            html.push_str(&format!("<script>\n{}</script>\n", page::ENGINE_SCRIPT));
            for script in &scripts {
                html.push_str(&format!("<script>\n{}</script>\n", inline_safe(script)));
            }
        }
        html.push_str(line);
        html.push('\n');
        if trimmed.starts_with("<meta charset") {
            html.push_str(&format!(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n"
            ));
            html.push_str(&format!("<meta name=\"{STAMP_META}\" content=\"{stamp}\">\n"));
            // Installable from a static host: the manifest and the service worker beside
            // the file (site/); from file:// neither is fetched.
            html.push_str(&format!("<link rel=\"manifest\" href=\"{MANIFEST}\">\n"));
            html.push_str(&format!("<script>\n{REGISTER}</script>\n"));
        }
    }
    Ok(html)
}

/// Nothing leaves the page: no connection of any kind (`connect-src 'none'`), scripts only
/// inline, the engine compiled from the page's own bytes, its worker from a Blob; from a
/// web host, its own manifest and service worker only.
pub const POLICY: &str = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; \
     worker-src blob: 'self'; manifest-src 'self'; style-src 'unsafe-inline'; \
     img-src data: blob: 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'";

/// The `<meta name>` that holds the stamp of the engine's sources the page was built from.
pub const STAMP_META: &str = "menace-engine-sources";

/// The web app manifest's name beside the file (site/).
pub const MANIFEST: &str = "menace.webmanifest";

/// Registers the service worker beside the file when the page comes from a web host (a
/// service worker needs http(s); from file:// the page needs none), for this one page.
const REGISTER: &str = "if (/^https?:$/.test(location.protocol) && \"serviceWorker\" in navigator) {
  navigator.serviceWorker.register(\"menace-sw.js\", { scope: \"./menace.html\" }).catch((e) => console.warn(`no offline copy: ${e}`));
}
";

/// The stamp of the engine's sources `html` (an offline page) was built from.
pub fn stamp_of(html: &str) -> Option<&str> {
    let tag = format!("<meta name=\"{STAMP_META}\" content=\"");
    let rest = &html[html.find(&tag)? + tag.len()..];
    rest.split('"').next()
}

/// The engine's WebAssembly inside `html` (an offline page), decoded.
pub fn engine_of(html: &str) -> Option<Vec<u8>> {
    let tag = "<script type=\"application/wasm;base64\" id=\"menace-engine\">";
    let rest = &html[html.find(tag)? + tag.len()..];
    let b64 = &rest[..rest.find("</script>")?];
    base64::engine::general_purpose::STANDARD.decode(b64).ok()
}

/// The value of the attribute that `tag` (up to its opening quote) starts `line` with.
fn attribute<'a>(line: &'a str, tag: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(tag)?;
    rest.split('"').next()
}

/// A script or style the served page links, by its name there.
fn asset(name: &str) -> Result<&'static str, String> {
    match name {
        "menace.css" => Some(page::STYLE),
        "menace.js" => Some(page::SCRIPT),
        other => page::shared_script(other),
    }
    .ok_or_else(|| format!("the page links {name:?}, which the offline page does not know"))
}

/// A script as the body of an inline `<script>`: a `</script` inside it would end the
/// element early (none of ours has one; a vendored script could).
fn inline_safe(script: &str) -> String {
    script.replace("</script", "<\\/script")
}

/// What the page fetches from a server, for the page without one.
fn offline_data() -> String {
    let catalogs: serde_json::Map<String, serde_json::Value> = menace_i18n::LANGUAGES
        .iter()
        .map(|l| (l.code.to_string(), serde_json::Value::String(l.ftl.to_string())))
        .collect();
    // The lesson guide in every language, as `/guide` shows it but for its menu of
    // languages: the page opens it in a window of its own.
    let guides: serde_json::Map<String, serde_json::Value> = crate::guide::GUIDES
        .iter()
        .map(|g| {
            (g.code.to_string(), serde_json::Value::String(crate::guide::offline_html(g.code)))
        })
        .collect();
    let data = serde_json::json!({
        "languages": page::languages_json(),
        "catalogs": catalogs,
        "palette": page::palette_json(),
        "guides": guides,
    });
    // Inside a <script>: no `</` may close it early.
    data.to_string().replace("</", "<\\/")
}
