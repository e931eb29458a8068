//! The private page as one file that needs no server: `menace.html`, written by
//! `cargo run --release -p menace-web` (crates/web). The page served at `/` with each of its
//! scripts and its style inlined in order, every language's catalog and the bead
//! palette inlined as `MENACE_OFFLINE` (what the page would fetch from the server), and
//! the engine itself, menace-web compiled to WebAssembly, as base64 that `engine.js`
//! runs on a worker. It works from `file://`, from a USB stick, or from any static host.

use std::path::{Path, PathBuf};
use std::process::Command;

use base64::Engine as _;

use crate::page;

/// The offline page around `wasm`, the browser build of menace-web.
///
/// # Errors
/// When the served page names a script or style this module does not know (a page changed
/// without its offline twin): never a file with a missing part.
pub fn page(wasm: &[u8]) -> Result<String, String> {
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
        }
    }
    Ok(html)
}

/// The WebAssembly target the browser build is for (`rustup target add` it once).
pub const TARGET: &str = "wasm32-unknown-unknown";

/// The workspace's root (this crate is `crates/serve` in it).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Builds the engine for the browser (menace-web for `wasm32-unknown-unknown` under the
/// `wasm` profile, by a nested `cargo build` in a target folder of its own, so it can run
/// while another cargo holds the workspace's: `cargo test` does) and gives its bytes.
///
/// # Errors
/// When cargo fails (the message says how to add the target when it is missing).
pub fn build_wasm() -> Result<Vec<u8>, String> {
    let root = workspace();
    let target_dir = root.join("target/wasm");
    // Under `cargo run` or `cargo test`, the cargo that started us; else the one on PATH.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "--lib", "-p", "menace-web", "--target", TARGET, "--profile", "wasm"])
        .env("CARGO_TARGET_DIR", &target_dir)
        // Flags meant for the host (a coverage or sanitizer run) are not the browser's.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let hint = if stderr.contains("target may not be installed") {
            format!("\nthe browser target is missing: rustup target add {TARGET}")
        } else {
            String::new()
        };
        let tail: Vec<&str> = stderr.lines().rev().take(20).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(format!(
            "building menace-web for the browser failed:\n{}{hint}",
            tail.join("\n")
        ));
    }
    let wasm = target_dir.join(TARGET).join("wasm/menace_web.wasm");
    std::fs::read(&wasm).map_err(|e| format!("cannot read {}: {e}", wasm.display()))
}

/// Nothing leaves the page: no connection of any kind (`connect-src 'none'`), scripts only
/// inline, the engine compiled from the page's own bytes, its worker from a Blob.
pub const POLICY: &str = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; \
     worker-src blob:; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'none'; \
     base-uri 'none'; form-action 'none'";

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
    let data = serde_json::json!({
        "languages": page::languages_json(),
        "catalogs": catalogs,
        "palette": page::palette_json(),
    });
    // Inside a <script>: no `</` may close it early.
    data.to_string().replace("</", "<\\/")
}
