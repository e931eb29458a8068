//! The repository's `site/menace.html` (what the README links and every `menace serve`
//! hands out) is the page these sources build: the engine inside it was built from the
//! engine's sources as they are now (its stamp), and the page around the engine is the
//! page the assets, catalogs and policy make now, byte for byte. Neither check builds
//! anything for the browser, so they run on a machine without the WebAssembly target.

use std::collections::BTreeSet;
use std::process::Command;

use menace_web::bundle::{self, sources_stamp, workspace, ENGINE_CRATES};

const REFRESH: &str = "refresh it: cargo run --release -p menace-web";

fn committed() -> String {
    let path = workspace().join(bundle::COMMITTED);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_committed_file_was_built_from_the_engines_sources_as_they_are() {
    let page = committed();
    let stamp = menace_serve::offline::stamp_of(&page).expect("the file carries its stamp");
    let now = sources_stamp(&workspace()).unwrap();
    assert_eq!(
        stamp, now,
        "the engine's sources changed since site/menace.html was built: {REFRESH}"
    );
}

#[test]
fn the_committed_file_is_the_page_the_assets_make_around_its_engine() {
    let page = committed();
    let wasm = menace_serve::offline::engine_of(&page).expect("the file holds its engine");
    assert!(wasm.starts_with(b"\0asm"), "the engine is WebAssembly");
    let stamp = menace_serve::offline::stamp_of(&page).unwrap();
    let again = menace_serve::offline::page(&wasm, stamp).unwrap();
    if again != page {
        let at = again.bytes().zip(page.bytes()).take_while(|(a, b)| a == b).count();
        let from = at.saturating_sub(80);
        panic!(
            "the page, its scripts or its catalogs changed since site/menace.html was built \
             (first difference at byte {at}: now {:?}, committed {:?}): {REFRESH}",
            again.get(from..at + 80).unwrap_or(""),
            page.get(from..at + 80).unwrap_or("")
        );
    }
    // The served copy is the same bytes (built into the binary, not built at run time).
    assert_eq!(menace_serve::site::MENACE_HTML, page);
}

#[test]
fn the_stamp_changes_with_any_engine_source_and_only_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for name in ENGINE_CRATES {
        std::fs::create_dir_all(root.join(format!("crates/{name}/src/deep"))).unwrap();
        std::fs::write(root.join(format!("crates/{name}/Cargo.toml")), name).unwrap();
        std::fs::write(root.join(format!("crates/{name}/src/lib.rs")), "//! a").unwrap();
        std::fs::write(root.join(format!("crates/{name}/src/deep/x.rs")), "fn x() {}").unwrap();
    }
    let base = sources_stamp(root).unwrap();
    assert_eq!(base.len(), 40, "SHA-1 in hex");
    assert_eq!(sources_stamp(root).unwrap(), base, "the same tree, the same stamp");
    // A test, another crate or the docs are not the engine.
    std::fs::create_dir_all(root.join("crates/core/tests")).unwrap();
    std::fs::write(root.join("crates/core/tests/t.rs"), "#[test] fn t() {}").unwrap();
    std::fs::create_dir_all(root.join("crates/go/src")).unwrap();
    std::fs::write(root.join("crates/go/src/lib.rs"), "").unwrap();
    assert_eq!(sources_stamp(root).unwrap(), base);
    // One byte in a deep source file, a manifest, a new file, or bytes moved between two
    // files: each another stamp.
    let edits: [(&str, &str); 4] = [
        ("crates/protocol/src/deep/x.rs", "fn x() { }"),
        ("crates/stats/Cargo.toml", "stats2"),
        ("crates/web/src/new.rs", ""),
        ("crates/print/src/lib.rs", "//! "),
    ];
    let mut seen = BTreeSet::from([base.clone()]);
    for (file, text) in edits {
        let path = root.join(file);
        let before = std::fs::read(&path).ok();
        std::fs::write(&path, text).unwrap();
        assert!(seen.insert(sources_stamp(root).unwrap()), "{file} changed the stamp");
        match before {
            Some(b) => std::fs::write(&path, b).unwrap(),
            None => std::fs::remove_file(&path).unwrap(),
        }
        assert_eq!(sources_stamp(root).unwrap(), base, "{file} put back");
    }
    std::fs::write(root.join("crates/print/src/lib.rs"), "//! aa").unwrap();
    std::fs::write(root.join("crates/print/src/deep/x.rs"), "n x() {}").unwrap();
    assert!(seen.insert(sources_stamp(root).unwrap()), "a byte moved between files");
}

/// [`ENGINE_CRATES`] is what the browser build compiles: menace-web's normal, non-optional
/// dependencies among the workspace's members, taken through each member's manifest as
/// cargo reads it (`cargo metadata --no-deps`, nothing downloaded), leaving out those for
/// targets other than the browser's.
#[test]
fn the_engine_crates_are_what_the_browser_build_compiles() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(workspace())
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .output()
        .expect("cargo metadata");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = meta["packages"].as_array().unwrap();
    let package = |name: &str| packages.iter().find(|p| p["name"] == name);
    let mut closure = BTreeSet::new();
    let mut todo = vec!["menace-web".to_string()];
    while let Some(name) = todo.pop() {
        let Some(p) = package(&name) else { continue }; // not a member
        let dir = p["manifest_path"].as_str().unwrap().trim_end_matches("/Cargo.toml");
        if !closure.insert(dir.rsplit('/').next().unwrap().to_string()) {
            continue;
        }
        for dep in p["dependencies"].as_array().unwrap() {
            if !dep["kind"].is_null() || dep["optional"] == true {
                continue;
            }
            match dep["target"].as_str() {
                None => {}
                Some(r#"cfg(not(target_family = "wasm"))"#) => continue,
                Some(other) => panic!("a dependency for {other}: teach this test that target"),
            }
            todo.push(dep["name"].as_str().unwrap().to_string());
        }
    }
    let listed: BTreeSet<String> = ENGINE_CRATES.iter().map(|s| s.to_string()).collect();
    assert_eq!(closure, listed, "bundle::ENGINE_CRATES must list the browser build's members");
}
