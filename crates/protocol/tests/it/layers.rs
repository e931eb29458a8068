//! The protocol's modules form layers that point one way (see the crate's documentation):
//! no module reaches, through `crate::` or `super::` paths, one that reaches back to it.

use std::collections::{BTreeMap, BTreeSet};

/// The non-test code of a file (tests may look anywhere).
fn code_of(path: &std::path::Path) -> String {
    let body = std::fs::read_to_string(path).unwrap();
    body.split("#[cfg(test)]").next().unwrap_or("").to_string()
}

/// Each module of `src/` (a file, or a folder of files taken as one module: their
/// `super::` paths name each other) and the modules its non-test code names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut text = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_some_and(|e| e == "rs") {
            text.insert(name, code_of(&path));
        } else if path.is_dir() {
            let mut files: Vec<_> = std::fs::read_dir(&path)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "rs"))
                .collect();
            files.sort();
            assert!(!files.is_empty(), "{} holds no module", path.display());
            // Within a folder, `super::` is the folder's own module: only `crate::` counts.
            let code: String =
                files.iter().map(|f| code_of(f).replace("super::", "self::")).collect();
            text.insert(name, code);
        }
    }
    let names: BTreeSet<String> = text.keys().filter(|n| *n != "lib").cloned().collect();
    let mut graph = BTreeMap::new();
    for (name, code) in &text {
        if name == "lib" {
            continue; // it only declares the modules and re-exports them
        }
        let mut deps = BTreeSet::new();
        for prefix in ["crate::", "super::"] {
            for (at, _) in code.match_indices(prefix) {
                let rest = &code[at + prefix.len()..];
                let word: String =
                    rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if names.contains(&word) && &word != name {
                    deps.insert(word);
                }
            }
        }
        graph.insert(name.clone(), deps);
    }
    graph
}

/// A cycle through `from`, if there is one, as the modules along it.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> Option<Vec<String>> {
    let mut path = vec![from.to_string()];
    fn walk(
        graph: &BTreeMap<String, BTreeSet<String>>,
        from: &str,
        path: &mut Vec<String>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        let last = path.last().unwrap().clone();
        for next in &graph[&last] {
            if next == from {
                path.push(next.clone());
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if walk(graph, from, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    walk(graph, from, &mut path, &mut BTreeSet::new()).then_some(path)
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = graph();
    assert!(graph.len() >= 10, "modules not found: {graph:?}");
    for name in graph.keys() {
        if let Some(path) = cycle(&graph, name) {
            panic!("import circle: {}", path.join(" -> "));
        }
    }
}

#[test]
fn the_session_knows_neither_the_table_nor_a_transport() {
    let graph = graph();
    for (low, high) in [("session", "command"), ("session", "transport"), ("play", "session")] {
        assert!(!graph[low].contains(high), "{low} uses {high}: {:?}", graph[low]);
    }
    assert!(graph["command"].contains("session") && graph["transport"].contains("session"));
}
