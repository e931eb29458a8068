//! One integration-test binary per crate (issue 43): each crate's tests are the modules of
//! `tests/it/main.rs`, and those that drive real programs of `tests/real/main.rs`, so the
//! workspace is linked a few times, not once a test file. A new `tests/NAME.rs` would build
//! as a binary of its own again; the ones allowed are the memory tests (protocol's, and
//! Go's `loadsgf` bound, issue 75), whose counting allocator must be the only one in its
//! process.

use std::path::Path;

/// The test files that are binaries of their own, from the repository's root.
const ALONE: &[&str] = &["crates/protocol/tests/memory.rs", "crates/go/tests/memory.rs"];

#[test]
fn every_test_file_is_a_module_of_it_or_real() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        dirs.push(entry.unwrap().path().join("tests"));
    }
    let mut stray = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let is_binary = path.extension().is_some_and(|e| e == "rs")
                || path.join("main.rs").is_file()
                    && !path.ends_with("it")
                    && !path.ends_with("real");
            if is_binary && !ALONE.contains(&rel.as_str()) {
                stray.push(rel);
            }
        }
    }
    stray.sort();
    assert!(stray.is_empty(), "test files outside tests/it and tests/real: {stray:?}");
}

/// A file in `tests/it` or `tests/real` that `main.rs` does not name as a module is never
/// compiled, so its tests would silently not run.
#[test]
fn every_file_in_it_and_real_is_a_module_of_its_main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        dirs.push(entry.unwrap().path().join("tests"));
    }
    let mut unnamed = Vec::new();
    for dir in dirs {
        for bin in ["it", "real"] {
            let Ok(main) = std::fs::read_to_string(dir.join(bin).join("main.rs")) else {
                continue;
            };
            for entry in std::fs::read_dir(dir.join(bin)).unwrap() {
                let path = entry.unwrap().path();
                let Some(stem) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
                    continue;
                };
                if path.extension().is_some_and(|e| e == "rs")
                    && stem != "main"
                    && !main.lines().any(|l| l.trim() == format!("mod {stem};"))
                {
                    unnamed.push(path.strip_prefix(root).unwrap().display().to_string());
                }
            }
        }
    }
    unnamed.sort();
    assert!(unnamed.is_empty(), "not a module of their main.rs, so never run: {unnamed:?}");
}
