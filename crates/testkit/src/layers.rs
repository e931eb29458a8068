//! The module graph of a crate's `src/`, for the tests that check its modules form layers
//! pointing one way (protocol's and class's `tests/it/layers.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The non-test code of a file (tests may look anywhere), without its comment lines (a doc
/// link names a module without using it).
fn code_of(path: &Path) -> String {
    let body = std::fs::read_to_string(path).unwrap();
    let code = body.split("#[cfg(test)]").next().unwrap_or("");
    code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
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

/// Every module file of the `src` folder, by its path (`search::mcts`; `lib` and `main`
/// are the crate's root, a folder's `mod.rs` the folder's own module), and the module
/// files its non-test code names: through `crate::a::b` (the longest path that is a
/// module), `super::x` and `self::x` paths, each member of a `{...}` group after them
/// counted as the path it makes. Items re-exported through a module count as that
/// module's, as the compiler sees them too.
pub fn file_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    fn walk(dir: &Path, at: &[String], out: &mut BTreeMap<Vec<String>, std::path::PathBuf>) {
        let mut entries: Vec<_> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut inner = at.to_vec();
                inner.push(stem);
                walk(&path, &inner, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut module = at.to_vec();
                if !(stem == "mod" || (at.is_empty() && (stem == "lib" || stem == "main"))) {
                    module.push(stem);
                }
                out.insert(module, path);
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(src, &[], &mut files);
    let name = |m: &[String]| if m.is_empty() { "crate".to_string() } else { m.join("::") };
    let mut graph = BTreeMap::new();
    for (module, path) in &files {
        let code = code_of(path);
        // The module a path's segments lead to: the longest known prefix.
        let resolve = |mut base: Vec<String>, segments: &[String]| -> Option<Vec<String>> {
            let mut best = None;
            for s in segments {
                base.push(s.clone());
                if files.contains_key(&base) {
                    best = Some(base.clone());
                }
            }
            best
        };
        let mut deps = BTreeSet::new();
        for (prefix, base) in [
            ("crate::", Vec::new()),
            ("super::", module[..module.len().saturating_sub(1)].to_vec()),
            ("self::", module.clone()),
        ] {
            for (at, _) in code.match_indices(prefix) {
                if at > 0
                    && code[..at]
                        .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                {
                    continue;
                }
                for segments in paths(&code[at + prefix.len()..]) {
                    if let Some(m) = resolve(base.clone(), &segments) {
                        if &m != module {
                            deps.insert(name(&m));
                        }
                    }
                }
            }
        }
        graph.insert(name(module), deps);
    }
    graph
}

/// The paths a `use` or a path expression starting at `text` names, as segments: `a::b::C`
/// is one; `a::{b, c::D}` two (`a b` and `a c D`).
fn paths(text: &str) -> Vec<Vec<String>> {
    let mut segments = Vec::new();
    let mut rest = text;
    loop {
        let word: String =
            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if !word.is_empty() {
            rest = &rest[word.len()..];
            segments.push(word);
        }
        if let Some(r) = rest.strip_prefix("::") {
            rest = r;
            if let Some(group) = rest.strip_prefix('{') {
                // The group's members at depth 0, each a path below the segments so far.
                let mut depth = 0;
                let mut end = group.len();
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            end = i;
                            break;
                        }
                        '}' => depth -= 1,
                        _ => {}
                    }
                }
                let inner = &group[..end];
                let mut out = Vec::new();
                let mut depth = 0;
                let mut start = 0;
                for (i, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            out.push(&inner[start..i]);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                out.push(&inner[start..]);
                return out
                    .into_iter()
                    .flat_map(|m| paths(m.trim_start()))
                    .map(|tail| segments.iter().cloned().chain(tail).collect())
                    .collect();
            }
            continue;
        }
        return vec![segments];
    }
}

/// A circle in `graph`, if any: the modules of one, each using the next and the last
/// the first.
pub fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first, with the path on a stack: an edge back into the path is a circle.
    fn visit(
        graph: &BTreeMap<String, BTreeSet<String>>,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(graph, next, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|n| visit(graph, n, &mut Vec::new(), &mut done))
}
