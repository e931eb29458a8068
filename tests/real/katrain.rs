//! KaTrain's own engine code against `menace go analysis` (issue 75): KaTrain 1.20.0's
//! `KataGoEngine` runs the engine as its custom KataGo command, and KaTrain's default AI
//! plays a short 9x9 game from the analyses it gets (`tests/real/katrain_driver.py`, no
//! window: KaTrain's `KaTrainBase`). Every position's analysis, as KaTrain stored it, is
//! then checked. Installed by scripts/install-katrain (`menace_testkit::require`).

use std::process::Command;

use menace_testkit::{require, Component};
use serde_json::Value;

/// Moves KaTrain's AI plays.
const MOVES: usize = 6;

#[test]
fn katrain_plays_and_analyses_a_game_through_menace_go_analysis() {
    let Some(python) = require(Component::KaTrain) else { return };
    let home = tempfile::tempdir().unwrap();
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real/katrain_driver.py");
    let command = format!("{} go --playouts 60 --threads 1 analysis", env!("CARGO_BIN_EXE_menace"));
    let out = Command::new(python)
        .arg(script)
        .arg(&command)
        .arg(MOVES.to_string())
        // KaTrain keeps its settings under the home folder.
        .env("HOME", home.path())
        .output()
        .expect("run KaTrain's driver");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {stdout}\n{stderr}", out.status);
    let report: Value = serde_json::from_str(stdout.trim()).expect(&stdout);
    assert_eq!(report["errors"], serde_json::json!([]), "KaTrain logged errors");
    let played = report["played"].as_array().unwrap();
    assert_eq!(played.len(), MOVES);
    let nodes = report["nodes"].as_array().unwrap();
    // The root and one node a move, each analysed to the end.
    assert_eq!(nodes.len(), MOVES + 1);
    for (i, node) in nodes.iter().enumerate() {
        let at = format!("node {i}: {node}");
        assert_eq!(node["complete"], true, "{at}");
        let root = &node["root"];
        assert_eq!(root["visits"], 60, "{at}");
        let winrate = root["winrate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&winrate), "{at}");
        assert!(root["scoreLead"].is_number(), "{at}");
        assert_eq!(root["currentPlayer"], if i % 2 == 0 { "B" } else { "W" }, "{at}");
        let own = node["ownership"].as_array().expect(&at);
        assert_eq!(own.len(), 81, "{at}");
        assert!(own.iter().all(|o| o.as_f64().is_some_and(|o| (-1.0..=1.0).contains(&o))), "{at}");
        let policy = node["policy"].as_array().expect(&at);
        assert_eq!(policy.len(), 82, "{at}");
        let candidates = node["candidates"].as_array().unwrap();
        assert!(!candidates.is_empty(), "{at}");
        for c in candidates {
            let w = c["winrate"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&w), "{at}");
            assert!(c["visits"].as_u64().unwrap() >= 1, "{at}");
            assert!(c["scoreLead"].is_number() && c["prior"].is_number(), "{at}");
            assert_eq!(c["pv"][0], c["move"], "{at}");
        }
        // The move KaTrain's AI played from here is among the engine's candidates (its
        // default AI plays the top move).
        if let Some(next) = played.get(i) {
            assert!(candidates.iter().any(|c| &c["move"] == next), "{next} not in {at}");
            assert_eq!(&nodes[i + 1]["move"], next);
        }
    }
}
