//! The class crate's modules form layers that point one way, in the order the crate's
//! documentation lists them: no module reaches, through `crate::` or `super::` paths,
//! one listed after it, so none uses one that uses it back, at any depth.

use std::collections::{BTreeMap, BTreeSet};

/// The layers, lowest first, as `lib.rs` lists them.
const LAYERS: [&str; 7] = ["limits", "key", "record", "store", "room", "seat", "member"];

/// Each module of `src/` (but `lib`, which only declares and re-exports them) and the
/// modules its non-test code names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut text = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        assert!(path.extension().is_some_and(|e| e == "rs"), "{}: a file", path.display());
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let body = std::fs::read_to_string(&path).unwrap();
        text.insert(name, body.split("#[cfg(test)]").next().unwrap_or("").to_string());
    }
    let names: BTreeSet<String> = text.keys().filter(|n| *n != "lib").cloned().collect();
    let mut graph = BTreeMap::new();
    for (name, code) in text.iter().filter(|(n, _)| *n != "lib") {
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

#[test]
fn each_module_uses_only_the_layers_below_it() {
    let graph = graph();
    let listed: BTreeSet<String> = LAYERS.iter().map(|s| s.to_string()).collect();
    assert_eq!(graph.keys().cloned().collect::<BTreeSet<_>>(), listed, "list every module");
    for (i, name) in LAYERS.iter().enumerate() {
        for dep in &graph[*name] {
            let at = LAYERS.iter().position(|l| l == dep).unwrap();
            assert!(at < i, "{name} uses {dep}, a layer above it");
        }
    }
    // The room knows no member: members join through `member`.
    assert!(graph["member"].contains("room") && !graph["room"].contains("member"));
}
