//! Writing `menace.html`: menace-web built for the browser, and the offline page around it
//! ([`menace_serve::offline`], which owns the page). The repository keeps the current file
//! at [`COMMITTED`] (what the README links and every `menace serve` hands out at
//! `/menace.html`); `cargo run --release -p menace-web` refreshes it. The page carries a
//! stamp of the engine's sources ([`sources_stamp`]), so a test can tell when they changed
//! and the file was not refreshed, without building anything for the browser.

use std::path::{Path, PathBuf};
use std::process::Command;

use sha1::{Digest, Sha1};

/// The WebAssembly target the browser build is for (`rustup target add` it once).
pub const TARGET: &str = "wasm32-unknown-unknown";

/// Where the repository keeps the current `menace.html`, from the workspace's root.
pub const COMMITTED: &str = "site/menace.html";

/// The workspace members the browser build compiles (menace-web's dependencies among the
/// members, for `wasm32-unknown-unknown`): their sources make the engine in the page. A
/// test checks this list against `cargo metadata`.
pub const ENGINE_CRATES: &[&str] = &["core", "files", "print", "protocol", "stats", "web"];

/// The workspace's root (this crate is `crates/web` in it).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Builds the engine for the browser (menace-web for [`TARGET`] under the `wasm` profile,
/// by a nested `cargo build` in a target folder of its own, so it can run while another
/// cargo holds the workspace's) and gives its bytes. Only this build tool runs it: the
/// server and the tests read the committed file.
///
/// # Errors
/// When cargo fails (the message says how to add the target when it is missing).
pub fn build_wasm() -> Result<Vec<u8>, String> {
    let root = workspace();
    let target_dir = root.join("target/wasm");
    // Under `cargo run`, the cargo that started us; else the one on PATH.
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
        let missing = stderr.contains("target may not be installed")
            || stderr.contains("can't find crate for `core`")
            || stderr.contains("can't find crate for `std`");
        let hint = if missing {
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

/// The stamp of the engine's sources under `root` (a workspace): SHA-1, in hex, of every
/// file of the [`ENGINE_CRATES`] but their tests, benches and examples, each as its path
/// from `root` and its bytes, in path order. The same sources give the same stamp on any
/// machine; a change to any of them gives another.
///
/// # Errors
/// When a folder or file cannot be read.
pub fn sources_stamp(root: &Path) -> Result<String, String> {
    let mut files = Vec::new();
    for name in ENGINE_CRATES {
        let dir = root.join("crates").join(name);
        for entry in ["Cargo.toml", "build.rs"] {
            if dir.join(entry).is_file() {
                files.push(format!("crates/{name}/{entry}"));
            }
        }
        walk(root, &format!("crates/{name}/src"), &mut files)?;
    }
    files.sort();
    let mut hash = Sha1::new();
    for file in &files {
        let bytes =
            std::fs::read(root.join(file)).map_err(|e| format!("cannot read {file}: {e}"))?;
        // Each file framed by its name and length, so no two trees hash alike by moving
        // bytes from one file into the next.
        hash.update(file.as_bytes());
        hash.update([0]);
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    Ok(hash.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Every file under `rel` (a folder, relative to `root`), as paths relative to `root`
/// with `/` between parts.
fn walk(root: &Path, rel: &str, files: &mut Vec<String>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(root.join(rel)).map_err(|e| format!("cannot read {rel}: {e}"))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {rel}: {e}"))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{rel}/{name}");
        let kind = entry.file_type().map_err(|e| format!("cannot read {path}: {e}"))?;
        if kind.is_dir() {
            walk(root, &path, files)?;
        } else if kind.is_file() {
            files.push(path);
        }
    }
    Ok(())
}

/// Builds the engine and the page around it: `menace.html`'s text.
pub fn build_page() -> Result<String, String> {
    let wasm = build_wasm()?;
    menace_serve::offline::page(&wasm, &sources_stamp(&workspace())?)
}

/// Builds `menace.html` and writes it to `out` atomically: its size in bytes.
pub fn write(out: &Path) -> Result<usize, String> {
    let page = build_page()?;
    menace_files::write_atomic(out, page.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(page.len())
}
