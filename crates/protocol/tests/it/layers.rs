//! The protocol's modules form layers that point one way (see the crate's documentation):
//! no module reaches, through `crate::` or `super::` paths, one that reaches back to it.

use std::collections::{BTreeMap, BTreeSet};

/// Each module of `src/` and the modules its non-test code names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    menace_testkit::layers::module_graph(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    )))
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
