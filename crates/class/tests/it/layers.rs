//! The class crate's modules form layers that point one way, in the order the crate's
//! documentation lists them: no module reaches, through `crate::` or `super::` paths,
//! one listed after it, so none uses one that uses it back, at any depth.

use std::collections::{BTreeMap, BTreeSet};

/// The layers, lowest first, as `lib.rs` lists them.
const LAYERS: [&str; 7] = ["limits", "key", "record", "store", "room", "seat", "member"];

/// Each module of `src/` and the modules its non-test code names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    menace_testkit::layers::module_graph(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    )))
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
