//! Writing `menace.html`: menace-web built for the browser, and the offline page around it
//! ([`menace_serve::offline`], which owns the page).

use std::path::Path;

/// Builds the engine and the page around it: `menace.html`'s text.
pub fn build_page() -> Result<String, String> {
    menace_serve::offline::page(&menace_serve::offline::build_wasm()?)
}

/// Builds `menace.html` and writes it to `out` atomically: its size in bytes.
pub fn write(out: &Path) -> Result<usize, String> {
    let page = build_page()?;
    menace_files::write_atomic(out, page.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(page.len())
}
