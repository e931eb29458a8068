//! Sabaki's own client code against our engine and our records (issue 75): @sabaki/gtp's
//! `Controller` (the code Sabaki drives engines with) sends every command a GUI sends
//! (`tests/real/sabaki_client.js`) to `menace go --gtp` and reads each answer, and
//! @sabaki/sgf parses `printsgf`'s answer and the SGF files of a fresh tournament and a
//! fresh GTP match. Installed by scripts/install-sabaki (`menace_testkit::require`).

use std::path::Path;
use std::process::Command;

use menace_testkit::{require, Component};
use serde_json::Value;

/// Runs the client script with `files` to parse; one JSON value a line.
fn client(modules: &Path, files: &[std::path::PathBuf]) -> Vec<Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real/sabaki_client.js");
    let out = Command::new("node")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_menace"))
        .arg("--")
        .args(files)
        .env("NODE_PATH", modules)
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    stdout.lines().map(|l| serde_json::from_str(l).expect(l)).collect()
}

/// The SGF files a tournament of two builtin entrants and a GTP match of our engine
/// against itself write, on 5x5.
fn fresh_records(dir: &Path) -> Vec<std::path::PathBuf> {
    let menace = env!("CARGO_BIN_EXE_menace");
    let gtp = format!("{menace} go --gtp --playouts 30 --threads 1");
    let runs: [Vec<String>; 2] = [
        [
            "go",
            "tournament",
            "--entrant",
            "a=builtin:--playouts 30 --threads 1",
            "--entrant",
            "b=builtin:--playouts 10 --threads 1",
            "--size",
            "5",
            "--move-cap",
            "40",
            "--out",
            "t",
        ]
        .map(String::from)
        .to_vec(),
        ["go", "match", "--a", &gtp, "--b", &gtp, "--size", "5", "--games", "1", "--out", "m"]
            .map(String::from)
            .to_vec(),
    ];
    for args in runs {
        let out = Command::new(menace).args(&args).current_dir(dir).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let mut files = Vec::new();
    for sub in ["t/sgf", "m/sgf"] {
        for e in std::fs::read_dir(dir.join(sub)).unwrap() {
            files.push(e.unwrap().path());
        }
    }
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    files
}

#[test]
fn sabakis_client_code_sends_every_gui_command_and_parses_every_answer_and_record() {
    let Some(modules) = require(Component::Sabaki) else { return };
    let dir = tempfile::tempdir().unwrap();
    let files = fresh_records(dir.path());
    let out = client(&modules, &files);
    let answer = |cmd: &str| -> &Value {
        out.iter().find(|v| v["command"] == cmd).unwrap_or_else(|| panic!("{cmd}: {out:?}"))
    };
    let ok = |cmd: &str| -> String {
        let v = answer(cmd);
        assert_eq!(v["error"], false, "{cmd}: {v}");
        v["content"].as_str().unwrap().to_string()
    };
    let refused = |cmd: &str| {
        let v = answer(cmd);
        assert_eq!(v["error"], true, "{cmd}: {v}");
    };
    // Live analysis with the keys GUIs send: lines with what was asked, stopped by `stop`.
    for v in out.iter().filter(|v| v.get("analysis").is_some()) {
        assert_eq!((&v["error"], &v["stopError"]), (&Value::Bool(false), &Value::Bool(false)));
        let lines = v["lines"].as_array().unwrap();
        assert!(lines.len() >= 2, "{v}");
        if v["analysis"].as_str().unwrap().starts_with("kata-analyze") {
            for line in lines {
                let line = line.as_str().unwrap();
                assert!(line.contains(" pvVisits ") && line.contains(" movesOwnership "), "{line}");
                assert!(line.contains(" ownership ") && !line.contains("someFutureKey"), "{line}");
            }
        }
    }
    assert_eq!(ok("get_komi"), "6.5");
    let rules: Value = serde_json::from_str(&ok("kata-get-rules")).unwrap();
    assert_eq!((&rules["ko"], &rules["scoring"]), (&"POSITIONAL".into(), &"AREA".into()));
    ok("kata-set-rules {\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\"}");
    refused("kata-set-rules japanese");
    let params = ok("kata-list-params");
    assert!(params.split_whitespace().any(|p| p == "rave_equiv"), "{params}");
    assert_eq!(ok("kata-set-param rave_equiv 3000"), "");
    let values: Vec<&Value> =
        out.iter().filter(|v| v["command"] == "kata-get-param rave_equiv").collect();
    assert_eq!(
        (values[0]["content"].as_str(), values[1]["content"].as_str()),
        (Some("3500"), Some("3000"))
    );
    refused("kata-set-param rave_equiv -5");
    ok("clear_cache");
    let gogui = ok("gogui-analyze_commands");
    assert!(gogui.lines().all(|l| l.split('/').count() == 3), "{gogui}");
    ok("lz-setoption name Playouts value 200");
    refused("lz-setoption name Maximum Memory Use (MiB) value 2048");
    ok("stop");
    // printsgf: Sabaki's parser reads it, with the moves played.
    let printed = out.iter().find(|v| v["sgf"] == "printsgf").expect("printsgf parsed");
    assert_eq!(printed["nodes"], 4, "the root and three moves: {printed}");
    assert_eq!(printed["root"]["KM"][0], "6.5");
    // Every record: parsed, with rules a program knows, the date and the version.
    assert!(out.iter().all(|v| v.get("sgfError").is_none()), "{out:?}");
    for file in &files {
        let v = out.iter().find(|v| v["sgf"] == file.display().to_string()).expect("parsed");
        let root = &v["root"];
        assert!(["Chinese", "AGA"].contains(&root["RU"][0].as_str().unwrap()), "{v}");
        assert!(root["AP"][0].as_str().unwrap().starts_with("menace:"), "{v}");
        assert_eq!(root["DT"][0].as_str().unwrap().len(), 10, "{v}");
        let gc = root["GC"][0].as_str().unwrap();
        assert!(gc.contains("superko") && gc.contains("--playouts"), "{gc}");
    }
}
