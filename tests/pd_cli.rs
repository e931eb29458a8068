//! `menace pd` and `menace pd-player` from the outside: files written, determinism,
//! re-checking a game from its files, clear errors for bad arguments.

use std::path::Path;
use std::process::Output;

mod common;

fn menace(args: &[&str]) -> Output {
    common::menace(args, None, b"")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn fixture(name: &str) -> String {
    format!("{}/fixtures/pd/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn list_names_every_builtin() {
    let out = menace(&["pd", "--list"]);
    assert!(out.status.success());
    for e in menace::pd::strategies::TABLE {
        assert!(text(&out.stdout).contains(e.name), "{}", e.name);
    }
}

#[test]
fn the_house_game_writes_all_results() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("res");
    let seeds = fixture("pd_rand");
    let out = menace(&[
        "pd",
        "lazy",
        "greedy",
        "wrathful",
        "envious",
        "--order",
        "4,3,2,1",
        "--seeds",
        &seeds,
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains("   1   3     -100  greedy"), "{table}");
    assert!(table.contains("   4   4     -204  lazy"), "{table}");
    let read = |f: &str| std::fs::read_to_string(out_dir.join(f)).unwrap();
    assert_eq!(read("scores.csv").lines().count(), 101);
    assert!(read("scores.csv").starts_with("round,1:envious,2:wrathful,3:greedy,4:lazy\n1,"));
    assert_eq!(read("takes.txt").lines().count(), 100);
    assert!(read("plot.svg").starts_with("<svg"));
    let json: serde_json::Value = serde_json::from_str(&read("game.json")).unwrap();
    assert_eq!(json["final_scores"], serde_json::json!([-199, -199, -100, -204]));
    assert_eq!(read("incidents.txt"), "");
    // The seeds came from a file, so none is written beside the results.
    assert!(!out_dir.join("seeds.txt").exists());
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn same_arguments_same_bytes_and_a_game_can_be_rechecked_from_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c) = (dir.path().join("a"), dir.path().join("b"), dir.path().join("c"));
    let run = |d: &Path, extra: &[&str]| {
        let mut args =
            vec!["pd", "--published", "contender", "--seed", "5", "--rounds", "40", "--out"];
        args.push(d.to_str().unwrap());
        args.extend_from_slice(extra);
        let out = menace(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    run(&a, &[]);
    run(&b, &[]);
    assert_eq!(files(&a), files(&b));
    assert!(a.join("seeds.txt").exists());
    // Replay with the written seeds and the ids the game used.
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(a.join("game.json")).unwrap()).unwrap();
    let order: Vec<String> =
        json["ids_in_listed_order"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
    let seeds = a.join("seeds.txt");
    run(&c, &["--seeds", seeds.to_str().unwrap(), "--order", &order.join(",")]);
    let take_log = |d: &Path| std::fs::read(d.join("takes.txt")).unwrap();
    assert_eq!(take_log(&a), take_log(&c));
}

#[test]
fn several_games_report_mean_and_spread() {
    let dir = tempfile::tempdir().unwrap();
    let out = menace(&[
        "pd",
        "greedy",
        "lazy",
        "patient",
        "contender",
        "--games",
        "3",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("mean_rank  mean_score"));
    let csv = std::fs::read_to_string(dir.path().join("summary.csv")).unwrap();
    assert_eq!(csv.lines().count(), 5);
    assert!(dir.path().join("game-003/plot.svg").exists());
}

#[test]
fn an_external_program_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = menace(&[
        "pd",
        "greedy",
        "sh -c 'echo 1 1 x; exit 0'",
        "--rounds",
        "2",
        "--order",
        "1,2",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let inc = std::fs::read_to_string(dir.path().join("incidents.txt")).unwrap();
    assert_eq!(inc.lines().count(), 2, "{inc}");
    assert!(inc.contains("dropped: duplicate id 1; garbage token \"x\""), "{inc}");
}

#[test]
fn bad_arguments_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad_seeds = dir.path().join("bad.txt");
    std::fs::write(&bad_seeds, "1\nnot a number\n").unwrap();
    let short_seeds = dir.path().join("short.txt");
    std::fs::write(&short_seeds, "1\n2\n").unwrap();
    let out_dir = dir.path().join("o");
    let o = out_dir.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["pd", "greedy", "lazy", "--seeds", bad_seeds.to_str().unwrap(), "--out", o],
            "line 2",
        ),
        (
            vec!["pd", "greedy", "lazy", "--seeds", short_seeds.to_str().unwrap(), "--out", o],
            "needs 50",
        ),
        (vec!["pd", "greedy", "lazy", "--seeds", "/nonexistent/seeds", "--out", o], "cannot read"),
        (vec!["pd", "greedy", "lazy", "--order", "1,1", "--out", o], "permutation"),
        (vec!["pd", "greedy", "lazy", "--order", "1", "--out", o], "2 players"),
        (vec!["pd", "greedy", "gredy", "--out", o], "neither a built-in"),
        (vec!["pd", "greedy", "--out", o], "at least 2 players"),
        (vec!["pd", "greedy", "lazy", "--timeout", "0", "--out", o], "--timeout"),
        (vec!["pd", "greedy", "lazy", "--games", "0", "--out", o], "--games"),
        (vec!["pd", "greedy", "'unclosed", "--out", o], "unclosed"),
    ];
    for (args, want) in cases {
        let out = menace(&args);
        assert!(!out.status.success(), "{args:?}");
        assert!(text(&out.stderr).contains(want), "{args:?}: {}", text(&out.stderr));
    }
}

#[test]
fn pd_player_speaks_the_protocol() {
    let run =
        |name: &str, input: &str| common::menace(&["pd-player", name], None, input.as_bytes());
    let out = run("greedy", "3 2 0\n5\n");
    assert_eq!(text(&out.stdout), "1 3\n");
    let out = run("wrathful", "3 2 1\n(1, 2) (3, 1) \n5\n\n");
    assert_eq!(text(&out.stdout), "1\n");
    let out = run("greedy", "3 9 0\n5\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("own id 9"));
    let out = run("nosuch", "3 1 0\n5\n");
    assert_eq!(out.status.code(), Some(2));
}
