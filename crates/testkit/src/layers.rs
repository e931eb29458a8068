//! The module graph of a crate's `src/`, for the tests that check its modules form layers
//! pointing one way (protocol's and class's `tests/it/layers.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The non-test code of a file (tests may look anywhere).
fn code_of(path: &Path) -> String {
    let body = std::fs::read_to_string(path).unwrap();
    body.split("#[cfg(test)]").next().unwrap_or("").to_string()
}

/// Each module of the `src` folder (a file, or a folder of files taken as one module:
/// their `super::` paths name each other), but `lib`, which only declares and re-exports
/// them, and the modules its non-test code names through `crate::` or `super::` paths.
pub fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut text = BTreeMap::new();
    for entry in std::fs::read_dir(src).unwrap() {
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
