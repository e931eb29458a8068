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

/// No module, in any crate, uses one that uses it back, at any depth (issue 77): each
/// source file's `crate::`, `super::` and `self::` paths, file by file, form no circle.
#[test]
fn no_module_in_any_crate_uses_one_that_uses_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut srcs = vec![root.join("src")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            srcs.push(src);
        }
    }
    assert!(srcs.len() > 10, "the crates were found");
    for src in srcs {
        let graph = menace_testkit::layers::file_graph(&src);
        assert!(graph.len() > 1 || src.ends_with("src"), "{}", src.display());
        if let Some(circle) = menace_testkit::layers::circle(&graph) {
            panic!(
                "{}: {} uses the next, and the last the first",
                src.display(),
                circle.join(" -> ")
            );
        }
    }
}

/// The reader above finds a circle through a group, a `super::` path and a folder's
/// `mod.rs`, and none where the uses point one way.
#[test]
fn the_circle_reader_finds_a_circle_it_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir(src.join("search")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod search;\npub mod io;\n").unwrap();
    std::fs::write(src.join("search/mod.rs"), "pub mod tree;\npub mod mcts;\n").unwrap();
    std::fs::write(src.join("search/tree.rs"), "use super::mcts::Resolved;\n").unwrap();
    std::fs::write(src.join("io.rs"), "use crate::search::{tree::Tree, mcts};\n").unwrap();
    let graph_of = |mcts: &str| {
        std::fs::write(src.join("search/mcts.rs"), mcts).unwrap();
        menace_testkit::layers::file_graph(src)
    };
    let one_way = graph_of("pub struct Resolved;\n#[cfg(test)]\nuse crate::io::X;\n");
    assert_eq!(one_way["io"].iter().collect::<Vec<_>>(), ["search::mcts", "search::tree"]);
    assert_eq!(menace_testkit::layers::circle(&one_way), None, "{one_way:?}");
    let back = graph_of("use crate::search::{tree::{self, Tree}};\npub struct Resolved;\n");
    assert_eq!(
        menace_testkit::layers::circle(&back),
        Some(vec!["search::mcts".to_string(), "search::tree".to_string()])
    );
}
