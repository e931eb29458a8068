//! A judge's record (issue 75): the same seed gives the same files byte for byte though a
//! program times out (what was measured goes to `timings.txt` alone), the standings are
//! written as CSV, JSON and HTML that agree with the printed table, whose order is said,
//! and a program over its memory limit is said to be.

#![cfg(unix)]

use std::path::{Path, PathBuf};

use menace_arena::tournament::driver::RunOptions;
use menace_arena::tournament::entrants::OnChange;
use menace_arena::tournament::Shard;
use menace_pd::judge::{play, Config, Kind, Player};
use menace_pd::report;
use menace_pd::tournament::{self, Asked};
use menace_run::{Limits, Program, Rlimits};

fn asked(players: &[&str], games: usize, timeout: f64, out: &Path) -> Asked {
    Asked {
        players: players.iter().map(|p| p.to_string()).collect(),
        published: false,
        seed: 7,
        order: None,
        seeds: None,
        timeout,
        max_output: 4096,
        rounds: Some(3),
        games,
        jobs: Some(1),
        out: Some(out.to_path_buf()),
        plot: None,
        on_change: OnChange::Refuse("test"),
        rlimits: Rlimits::default(),
    }
}

fn run(a: &Asked) -> String {
    let flags =
        |_| Ok(RunOptions { command: "t", shard: Shard::WHOLE, jobs: 1, batch: None, quiet: true });
    let mut out = Vec::new();
    tournament::play(a, flags, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.path().is_dir() {
                todo.push(e.path());
            } else {
                out.push(e.path().strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_same_seed_gives_the_same_files_though_a_program_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    // The sleeper answers the judge's first question in time (within PROBE_WAIT), then
    // overruns every round's 0.3 s.
    let players = ["greedy", "lazy", "sleeper=sh -c 'exec sleep 1'"];
    for out in [&a, &b] {
        run(&asked(&players, 2, 0.3, out));
    }
    let names = files(&a);
    assert_eq!(names, files(&b));
    let mut timings = 0;
    for name in &names {
        let (x, y) = (std::fs::read(a.join(name)).unwrap(), std::fs::read(b.join(name)).unwrap());
        if name.ends_with("timings.txt") {
            timings += 1;
            let t = String::from_utf8(x).unwrap();
            assert!(t.contains("(sleeper): killed after "), "{t}");
            continue;
        }
        assert!(x == y, "{} differs between two runs of the same seed", name.display());
    }
    assert_eq!(timings, 2, "one timings.txt a game: {names:?}");
    let incidents = std::fs::read_to_string(a.join("game-001/incidents.txt")).unwrap();
    assert!(incidents.contains("killed at its 0.3 s deadline"), "{incidents}");
}

#[test]
fn the_standings_files_agree_with_the_printed_table_whose_order_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let text = run(&asked(&["greedy", "lazy", "contender"], 4, 2.0, dir.path()));
    assert!(text.contains(report::SUMMARY_ORDER), "{text}");
    assert!(text.contains(report::RATING_ORDER), "{text}");
    // The rating table follows its sentence; each CSV row is on the printed row.
    let table: Vec<&str> =
        text.lines().skip_while(|l| !l.starts_with("rank  entrant")).skip(1).take(3).collect();
    let csv = std::fs::read_to_string(dir.path().join("standings.csv")).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("standings.json")).unwrap())
            .unwrap();
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    for (k, row) in csv.lines().skip(1).enumerate() {
        let f: Vec<&str> = row.split(',').collect();
        let words: Vec<&str> = table[k].split_whitespace().collect();
        assert_eq!(&words[..7], &f[..7], "{row} vs {}", table[k]);
        assert_eq!(json["standings"][k]["entrant"], f[1]);
        assert!(html.contains(&format!("<th scope=\"row\">{}</th>", f[1])));
    }
    // Greedy takes from everyone every round: first by rank, first in both tables.
    assert!(text.lines().nth(1).unwrap().ends_with("greedy"), "{text}");
    assert!(table[0].contains("greedy"), "{text}");
    assert_eq!(json["order"], report::RATING_ORDER);
}

#[test]
fn a_program_over_its_memory_limit_is_said_to_be() {
    let hog = Player {
        name: "hog".into(),
        kind: Kind::External(Program::new(["python3", "-c", "x = bytearray(400 << 20)"])),
    };
    let players = vec![Player::parse("greedy").unwrap(), hog];
    let limits = Limits {
        deadline: menace_testkit::process::UNHURRIED,
        rlimits: Rlimits { memory: Some(64 << 20), cpu: None },
        ..Limits::default()
    };
    let g = play(&players, &[1, 2], &[1], &Config { limits, rounds: Some(1) }).unwrap();
    let said: Vec<&str> = g.incidents.iter().map(|x| x.what.as_str()).collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("over its memory limit of 64 MiB, exited with status 1"),
        "{said:?}"
    );
    assert_eq!(g.incidents[0].kind, "went over its memory limit");
    assert!(g.cpu_seconds[1] > 0.0, "the hog's CPU time is measured: {:?}", g.cpu_seconds);
}
