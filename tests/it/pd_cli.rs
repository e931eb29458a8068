//! `menace pd` and `menace pd-player` from the outside: files written, determinism,
//! re-checking a game from its files, clear errors for bad arguments.

use std::path::Path;
use std::process::Output;

use crate::common;

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
    for e in menace_pd::strategies::TABLE {
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

/// The files of a results folder and their bytes, but `timings.txt`, which holds what was
/// measured and varies from run to run (docs/pd.md).
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    assert!(dir.join("timings.txt").is_file());
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| e.as_ref().is_ok_and(|e| e.file_name() != "timings.txt"))
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

fn run_ok(args: &[&str]) -> String {
    let out = menace(args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

const FIELD: [&str; 6] = ["greedy", "lazy", "patient", "contender", "begrudger", "random"];

fn field_args<'a>(out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["pd"];
    v.extend_from_slice(&FIELD);
    v.extend_from_slice(&[
        "--games", "7", "--seed", "9", "--rounds", "30", "--quiet", "--out", out,
    ]);
    v.extend_from_slice(extra);
    v
}

#[test]
fn shards_merge_to_the_one_machine_table_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole");
    let table = run_ok(&field_args(whole.to_str().unwrap(), &[]));
    assert_eq!(table, std::fs::read_to_string(whole.join("summary.txt")).unwrap());
    let whole_lines: std::collections::BTreeSet<String> =
        std::fs::read_to_string(whole.join("results.jsonl"))
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
    assert_eq!(whole_lines.len(), 7);
    for n in [2u32, 3, 7, 9] {
        let d = dir.path().join(format!("n{n}"));
        for k in 0..n {
            let shard = format!("{k}/{n}");
            run_ok(&field_args(d.to_str().unwrap(), &["--shard", &shard]));
        }
        assert_eq!(run_ok(&["merge", d.to_str().unwrap()]), table, "{n} shards");
        // The shards' lines are the one-machine run's lines (games seeded by index only).
        let mut lines = std::collections::BTreeSet::new();
        for k in 0..n {
            let f = d.join(format!("results-{k}-of-{n}.jsonl"));
            if let Ok(t) = std::fs::read_to_string(f) {
                lines.extend(t.lines().map(String::from));
            }
        }
        assert_eq!(lines, whole_lines, "{n} shards");
    }
    // A missing shard is refused by the merge, and --partial says what it covers.
    let d = dir.path().join("n3");
    std::fs::remove_file(d.join("results-1-of-3.jsonl")).unwrap();
    let out = menace(&["merge", d.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("missing"), "{}", text(&out.stderr));
    let partial = run_ok(&["merge", "--partial", d.to_str().unwrap()]);
    assert!(partial.starts_with("5 of 7 games\n"), "{partial}");
}

/// Mean, sample standard deviation, min and max of the listed players' final scores,
/// recomputed from the lines here, independently of the report code.
fn expected_csv(results: &str) -> String {
    let games: Vec<serde_json::Value> =
        results.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut out = String::from("listed,player,mean_rank,mean_score,sd_score,min,max,wins\n");
    for (i, name) in FIELD.iter().enumerate() {
        let mut scores = Vec::new();
        let mut ranks = Vec::new();
        for g in &games {
            let id = g["ids"][i].as_u64().unwrap() as usize;
            assert_eq!(g["names"][id - 1], *name);
            let finals: Vec<i64> =
                g["final_scores"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
            let mine = finals[id - 1];
            scores.push(mine);
            ranks.push(1 + finals.iter().filter(|&&x| x > mine).count());
        }
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<i64>() as f64 / n;
        let sd =
            (scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        out.push_str(&format!(
            "{},{name},{:.3},{mean:.3},{sd:.3},{},{},{}\n",
            i + 1,
            ranks.iter().sum::<usize>() as f64 / n,
            scores.iter().min().unwrap(),
            scores.iter().max().unwrap(),
            ranks.iter().filter(|&&r| r == 1).count()
        ));
    }
    out
}

#[test]
fn the_summary_is_recomputed_from_the_lines_and_a_game_replays_from_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("t");
    run_ok(&field_args(d.to_str().unwrap(), &[]));
    let results = std::fs::read_to_string(d.join("results.jsonl")).unwrap();
    assert_eq!(std::fs::read_to_string(d.join("summary.csv")).unwrap(), expected_csv(&results));
    // Game 4 (unit 3) replayed alone from its seeds and ids gives the same take log.
    let line: serde_json::Value = serde_json::from_str(
        results.lines().find(|l| l.contains("\"unit\":3,")).expect("unit 3 recorded"),
    )
    .unwrap();
    let order: Vec<String> =
        line["ids"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
    let g4 = d.join("game-004");
    let replay = dir.path().join("replay");
    let mut args = vec!["pd"];
    args.extend_from_slice(&FIELD);
    let seeds = g4.join("seeds.txt");
    let order = order.join(",");
    args.extend_from_slice(&[
        "--rounds",
        "30",
        "--seeds",
        seeds.to_str().unwrap(),
        "--order",
        &order,
        "--out",
        replay.to_str().unwrap(),
    ]);
    run_ok(&args);
    assert_eq!(
        std::fs::read(replay.join("takes.txt")).unwrap(),
        std::fs::read(g4.join("takes.txt")).unwrap()
    );
    // Different games got different id orders (they are seeded per game).
    let orders: std::collections::BTreeSet<String> = results
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["ids"].to_string())
        .collect();
    assert!(orders.len() > 1, "{orders:?}");
}

#[test]
fn a_killed_run_resumes_and_another_field_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("fresh");
    let table = run_ok(&field_args(fresh.to_str().unwrap(), &[]));
    let full = std::fs::read_to_string(fresh.join("results.jsonl")).unwrap();
    // A run killed after three games, in the middle of writing the fourth line.
    let d = dir.path().join("killed");
    std::fs::create_dir_all(&d).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    let torn = format!("{}\n{}\n{}\n{}", lines[0], lines[1], lines[2], &lines[3][..20]);
    std::fs::write(d.join("results.jsonl"), torn).unwrap();
    let out = menace(&field_args(d.to_str().unwrap(), &[]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), table);
    // --quiet: the warning about the torn line is all it says.
    let err = text(&out.stderr);
    assert!(err.starts_with("menace pd: dropped a torn last line (20 bytes)"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let sorted = |t: &str| {
        let mut v: Vec<String> = t.lines().map(String::from).collect();
        v.sort();
        v
    };
    let resumed = std::fs::read_to_string(d.join("results.jsonl")).unwrap();
    assert_eq!(sorted(&resumed), sorted(&full));
    // Another field into the same folder is refused and the results stay as they were.
    let mut other = vec!["pd", "greedy", "lazy", "--games", "7", "--out", d.to_str().unwrap()];
    other.push("--quiet");
    let out = menace(&other);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("holds results of another tournament"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(d.join("results.jsonl")).unwrap(), resumed);
}

/// The folder named after `results in ` in `said` (up to the end of the line).
fn results_in(said: &str) -> String {
    let at = said.find("results in ").unwrap_or_else(|| panic!("no folder in {said}"));
    said[at + "results in ".len()..].lines().next().unwrap().to_string()
}

#[test]
fn two_tournaments_in_a_row_get_their_own_folders_and_a_rerun_says_it_was_played() {
    let dir = tempfile::tempdir().unwrap();
    let house = ["pd", "lazy", "greedy", "wrathful", "envious"];
    let first = common::menace_env(dir.path(), &house, &[]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let folder = results_in(&text(&first.stdout));
    assert!(folder.starts_with("pd-results/"), "{folder}");
    assert!(
        text(&first.stderr)
            .contains(&format!("1 game to play; results go to {folder}/results.jsonl")),
        "{}",
        text(&first.stderr)
    );
    // The folder is named by the configuration fingerprint its lines carry.
    let line = std::fs::read_to_string(dir.path().join(&folder).join("results.jsonl")).unwrap();
    let config: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(format!("pd-results/{}", config["config"].as_str().unwrap()), folder);
    // Another field with the default flags: played, in a folder of its own.
    let mut five = house.to_vec();
    five.push("wrathful");
    let second = common::menace_env(dir.path(), &five, &[]);
    assert!(second.status.success(), "{}", text(&second.stderr));
    let other = results_in(&text(&second.stdout));
    assert_ne!(other, folder);
    assert!(text(&second.stdout).contains("wrathful#2"));
    // The first again: nothing played, the same table, and where the results are.
    let again = common::menace_env(dir.path(), &house, &[]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let table: String = text(&first.stdout).lines().take(5).map(|l| format!("{l}\n")).collect();
    assert_eq!(text(&again.stdout), table);
    assert_eq!(
        text(&again.stderr),
        format!("menace pd: the game was already played; results in {folder}/results.jsonl\n")
    );
    // The same folder given to the other field is refused, saying what to do.
    let mut into = five.clone();
    into.extend(["--out", &folder]);
    let refused = common::menace_env(dir.path(), &into, &[]);
    assert_eq!(refused.status.code(), Some(2));
    let err = text(&refused.stderr);
    assert!(
        err.contains("holds results of another tournament")
            && err.contains("give another results folder"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(&folder).join("results.jsonl")).unwrap(),
        line
    );
}

#[test]
fn quiet_prints_the_table_and_nothing_else_even_as_a_slurm_shard() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["pd", "lazy", "greedy", "patient", "--games", "4", "--rounds", "20", "--quiet"];
    let slurm = [("SLURM_ARRAY_TASK_ID", "1"), ("SLURM_ARRAY_TASK_COUNT", "2")];
    for env in [&[][..], &slurm[..]] {
        for _ in 0..2 {
            // Fresh, then a re-run of the same.
            let out = common::menace_env(dir.path(), &args, env);
            assert!(out.status.success(), "{}", text(&out.stderr));
            assert_eq!(text(&out.stderr), "", "{env:?}");
            let table = text(&out.stdout);
            // (The rating's crosstable says "of games played": a heading, not progress.)
            let progress = ["game(s) played", "already played", "units to run"];
            assert!(!progress.iter().any(|p| table.contains(p)), "{table}");
            if env.is_empty() {
                assert!(table.starts_with("mean_rank  mean_score"), "{table}");
            } else {
                assert!(table.starts_with("shard 1/2: 2 of 4 units"), "{table}");
            }
        }
    }
}

/// Busy processes that load the machine while they live (killed when dropped).
struct Load(Vec<std::process::Child>);

impl Drop for Load {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[test]
fn a_late_judge_on_a_loaded_machine_kills_only_the_sleeper_and_says_how_late() {
    let dir = tempfile::tempdir().unwrap();
    // Tit for tat in Python, when there is one (the issue's honest entrant).
    let python = menace_testkit::require(menace_testkit::Component::Python).is_some();
    std::fs::write(
        dir.path().join("tft.py"),
        "import re, sys\n\
         lines = sys.stdin.read().split('\\n')\n\
         p, me, n = map(int, lines[0].split())\n\
         last = lines[n] if n else ''\n\
         print(' '.join(a for a, b in re.findall(r'\\((\\d+), (\\d+)\\)', last) if int(b) == me))\n",
    )
    .unwrap();
    let mut args = vec![
        "pd",
        "greedy",
        "sh -c 'cat >/dev/null; echo 1'",
        // It answers the judge's question before any game (issue 75), then sleeps.
        "sh -c 'test -e asked || exec touch asked; exec sleep 30'",
        "--rounds",
        "2",
        "--out",
        "late",
    ];
    if python {
        args.insert(2, "python3 tft.py");
    }
    let n = args.len() - 5;
    let order: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let order = order.join(",");
    args.extend(["--order", &order]);
    let sleeper = n;
    let busy = "while :; do :; done";
    let _load = Load(
        (0..3)
            .map(|_| std::process::Command::new("sh").args(["-c", busy]).spawn().unwrap())
            .collect(),
    );
    // The judge looks 2.6 s after starting each program, past the rule's 2 s deadline.
    let out = common::menace_env(dir.path(), &args, &[("MENACE_TEST_JUDGE_LAG_MS", "2600")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let incidents = std::fs::read_to_string(dir.path().join("late/incidents.txt")).unwrap();
    let lines: Vec<&str> = incidents.lines().collect();
    assert_eq!(lines.len(), 2, "only the sleeper, once a round: {incidents}");
    let name = "sh -c 'test -e asked || exec touch asked; exec sleep 30'";
    for (r, line) in lines.iter().enumerate() {
        // What the record says holds nothing measured: the same every run.
        let want = format!(
            "round {}, player {sleeper} ({name}): killed at its 2 s deadline; counted as an empty answer",
            r + 1
        );
        assert_eq!(*line, want);
        assert!(text(&out.stderr).contains(line), "the incident is said on stderr too");
    }
    // How late the kill came is measured, in timings.txt alone.
    let timings = std::fs::read_to_string(dir.path().join("late/timings.txt")).unwrap();
    let late: Vec<&str> = timings.lines().filter(|l| l.contains("killed after")).collect();
    assert_eq!(late.len(), 2, "{timings}");
    for (r, line) in late.iter().enumerate() {
        let head = format!("round {}, player {sleeper} ({name}): killed after ", r + 1);
        assert!(line.starts_with(&head), "{line}");
        // "killed after 2.6xx s, 0.6xx s past the 2 s deadline"
        let figures: Vec<f64> = line[head.len()..]
            .split(' ')
            .filter_map(|w| w.trim_end_matches(',').parse().ok())
            .collect();
        let (ran, late) = (figures[0], figures[1]);
        assert!(ran >= 2.5 && late >= 0.5 && (ran - late - 2.0).abs() < 0.01, "{line}");
        assert!(line.ends_with("s past the 2 s deadline"), "{line}");
    }
    if python {
        // Its answer counted: in round 2 it took from greedy (id 1), who took from it.
        let takes = std::fs::read_to_string(dir.path().join("late/takes.txt")).unwrap();
        assert!(takes.lines().nth(1).unwrap().contains("(2, 1) "), "{takes}");
    }
}

/// The `text` blocks of docs/pd.md's section `### What a judge sees`.
fn judge_blocks() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/pd.md")).unwrap();
    let start = doc.find("### What a judge sees").expect("the section");
    let section = &doc[start..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    section.split("```text\n").skip(1).map(|b| b[..b.find("```").unwrap()].to_string()).collect()
}

/// Seconds in a line, as `#.## s`: they belong to one machine and one day.
fn no_timings(line: &str) -> String {
    line.split(' ')
        .map(|w| {
            let bare = w.trim_start_matches('(');
            if bare.chars().next().is_some_and(|c| c.is_ascii_digit()) && bare.contains('.') {
                "#"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_house_game_and_its_rerun_are_what_docs_pd_md_shows() {
    let blocks = judge_blocks();
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    let dir = tempfile::tempdir().unwrap();
    let house = ["pd", "lazy", "greedy", "wrathful", "envious"];
    for block in &blocks {
        let out = common::menace_env(dir.path(), &house, &[]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        // The terminal: stderr's line comes first (said before the game), then stdout.
        let seen = format!("{}{}", text(&out.stderr), text(&out.stdout));
        let plain = |t: &str| t.lines().map(no_timings).collect::<Vec<_>>();
        assert_eq!(plain(&seen), plain(block));
    }
}

/// A Python player that raises `RuntimeError("boom")` every round, written into `dir`,
/// but for its first run (the judge's question before any game, issue 75), which answers;
/// `None` (the test skips) without Python.
fn python_crasher(dir: &Path) -> Option<String> {
    let python = menace_testkit::require(menace_testkit::Component::Python)?;
    std::fs::write(
        dir.join("crash.py"),
        "import os, sys\nsys.stdin.read()\nif not os.path.exists('asked'):\n    \
         open('asked', 'w').close()\n    sys.exit(0)\nraise RuntimeError('boom')\n",
    )
    .unwrap();
    Some(format!("{} crash.py", python.display()))
}

#[test]
fn a_crashing_program_s_stderr_ends_its_incident_and_is_kept_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let Some(crasher) = python_crasher(dir.path()) else { return };
    let args = ["pd", "greedy", &crasher, "--rounds", "2", "--order", "1,2", "--out", "o"];
    let out = common::menace_env(dir.path(), &args, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let incidents = std::fs::read_to_string(dir.path().join("o/incidents.txt")).unwrap();
    let want = "exited with status 1; last line on stderr: \"RuntimeError: boom\"; counted as an empty answer";
    assert_eq!(incidents.lines().count(), 2, "{incidents}");
    assert!(incidents.lines().all(|l| l.ends_with(want)), "{incidents}");
    assert!(text(&out.stderr).contains(want), "said on the terminal too");
    // The end of its stderr, the traceback, is kept with each incident.
    let game: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("o/game.json")).unwrap()).unwrap();
    let kept = game["incidents"][0]["stderr"].as_str().unwrap();
    assert!(kept.starts_with("Traceback") && kept.ends_with("RuntimeError: boom\n"), "{kept}");
}

#[cfg(unix)]
#[test]
fn quiet_keeps_one_line_per_player_with_incidents() {
    let dir = tempfile::tempdir().unwrap();
    let Some(crasher) = python_crasher(dir.path()) else { return };
    let junk = dir.path().join("junk.sh");
    std::fs::write(&junk, "#!/bin/sh\ncat >/dev/null\necho x 1 y\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&junk, std::fs::Permissions::from_mode(0o755)).unwrap();
    for games in ["1", "2"] {
        // The crasher answers its first run (the judge's question) in each run.
        let _ = std::fs::remove_file(dir.path().join("asked"));
        let out_dir = format!("q{games}");
        let args = ["pd", "greedy", &crasher, "./junk.sh", "--quiet", "--rounds", "3"];
        let mut args = args.to_vec();
        args.extend(["--order", "1,2,3", "--games", games, "--out", &out_dir]);
        let out = common::menace_env(dir.path(), &args, &[]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let n = 3 * games.parse::<usize>().unwrap();
        let details = if games == "1" { "q1/incidents.txt" } else { "q2/game-*/incidents.txt" };
        assert_eq!(
            text(&out.stderr),
            format!(
                "menace pd: player {crasher}: {n} incidents ({n} exited with a failure status); details in {details}\n\
                 menace pd: player ./junk.sh: {n} incidents ({n} had part of the answer dropped); details in {details}\n"
            )
        );
    }
}

#[test]
fn a_player_named_name_equals_command_shows_by_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("o").display().to_string();
    let args = [
        "pd",
        "alice=sh -c 'cat >/dev/null; echo 2'",
        "bob=sh -c 'cat >/dev/null; echo 1'",
        "nice=titfortat",
        // `x=1` inside a command is not a name: the part before `=` has a space.
        "sh -c 'x=1; cat >/dev/null; echo'",
        "--rounds",
        "2",
        "--order",
        "1,2,3,4",
        "--out",
        &o,
    ];
    let table = run_ok(&args);
    for name in ["alice", "bob", "nice", "sh -c 'x=1; cat >/dev/null; echo'"] {
        assert!(table.lines().any(|l| l.ends_with(&format!("  {name}"))), "{name}: {table}");
    }
    assert!(!table.contains("titfortat") && !table.contains("echo 2"), "{table}");
    let game: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("o/game.json")).unwrap()).unwrap();
    assert_eq!(
        game["players"],
        serde_json::json!(["alice", "bob", "nice", "sh -c 'x=1; cat >/dev/null; echo'"])
    );
    // Two players may not be given one name; unnamed repeats are still numbered.
    let out = menace(&["pd", "a=greedy", "a=lazy", "--out", &o]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("two players are named \"a\""), "{}", text(&out.stderr));
}

#[test]
fn a_bare_file_name_here_is_refused_with_its_path_suggested() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tft.py"), "print()\n").unwrap();
    let out = common::menace_env(dir.path(), &["pd", "greedy", "tft.py"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "menace pd: \"tft.py\" is neither a built-in strategy (see --list) nor a program found on PATH; did you mean ./tft.py?\n"
    );
    assert!(!dir.path().join("pd-results").exists(), "nothing recorded");
    // A name that is nowhere gets no suggestion; a path to nothing says so.
    let out = common::menace_env(dir.path(), &["pd", "greedy", "nosuch.py"], &[]);
    assert!(!text(&out.stderr).contains("did you mean"), "{}", text(&out.stderr));
    let out = common::menace_env(dir.path(), &["pd", "greedy", "./nosuch.py"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("\"./nosuch.py\": no such file"), "{}", text(&out.stderr));
}

#[test]
fn a_rerun_after_a_player_s_script_changed_says_which_and_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bot = dir.path().join("bot.sh");
    std::fs::write(&bot, "#!/bin/sh\ncat >/dev/null\necho 1\n").unwrap();
    let args = ["pd", "greedy", "sh bot.sh", "--rounds", "3", "--quiet"];
    let first = common::menace_env(dir.path(), &args, &[]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let table = text(&first.stdout);
    let folder =
        std::fs::read_dir(dir.path().join("pd-results")).unwrap().next().unwrap().unwrap().path();
    let results = std::fs::read_to_string(folder.join("results.jsonl")).unwrap();
    // The same files: the recorded game, as before.
    let again = common::menace_env(dir.path(), &args, &[]);
    assert_eq!((text(&again.stdout), text(&again.stderr)), (table.clone(), String::new()));
    // The judge edits the script: the re-run names it, shows no table and plays nothing.
    std::fs::write(&bot, "#!/bin/sh\ncat >/dev/null\necho\n").unwrap();
    let edited = common::menace_env(dir.path(), &args, &[]);
    assert_eq!(edited.status.code(), Some(2), "{}", text(&edited.stderr));
    assert_eq!(text(&edited.stdout), "");
    let err = text(&edited.stderr);
    let canonical = std::fs::canonicalize(&bot).unwrap();
    assert!(
        err.starts_with(&format!(
            "menace pd: entrant sh bot.sh (sh bot.sh): bot.sh ({}) has changed since the results in pd-results/",
            canonical.display()
        )),
        "{err}"
    );
    assert!(err.contains("nothing was played") && err.contains("--resume-changed"), "{err}");
    assert_eq!(std::fs::read_to_string(folder.join("results.jsonl")).unwrap(), results);
    // Told to go on: said on stderr, then the recorded table; after that the new script is
    // the folder's and a re-run is quiet again.
    let mut on = args.to_vec();
    on.push("--resume-changed");
    let resumed = common::menace_env(dir.path(), &on, &[]);
    assert_eq!(text(&resumed.stdout), table);
    assert!(text(&resumed.stderr).contains("going on as asked"), "{}", text(&resumed.stderr));
    let later = common::menace_env(dir.path(), &args, &[]);
    assert_eq!((text(&later.stdout), text(&later.stderr)), (table.clone(), String::new()));
    // A folder recorded before the files were kept: said once, then adopted.
    std::fs::remove_file(folder.join("entrants.json")).unwrap();
    let old = common::menace_env(dir.path(), &args, &[]);
    assert_eq!(text(&old.stdout), table);
    assert!(
        text(&old.stderr).contains("does not say what its entrants ran"),
        "{}",
        text(&old.stderr)
    );
    assert!(folder.join("entrants.json").is_file());
}

/// Issue 75: a player whose script is missing (`sh tfft.sh`, the program `sh` found) is
/// refused before any game, named, exit status 2, nothing written; after the fix the same
/// command into the same folder plays.
#[test]
fn a_player_whose_script_is_missing_is_refused_and_the_fixed_run_plays_in_the_same_folder() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["pd", "greedy", "lazy", "sh tfft.sh", "--rounds", "2", "--out", "o"];
    let refused = common::menace_env(dir.path(), &args, &[]);
    assert_eq!(refused.status.code(), Some(2));
    let err = text(&refused.stderr);
    assert!(
        err.contains("player \"sh tfft.sh\" did not answer") && err.contains("tfft.sh"),
        "{err}"
    );
    assert!(err.contains("nothing was played"), "{err}");
    assert!(!dir.path().join("o").exists(), "nothing is written");
    std::fs::write(dir.path().join("tfft.sh"), "cat >/dev/null\necho\n").unwrap();
    let fixed = common::menace_env(dir.path(), &args, &[]);
    assert!(fixed.status.success(), "{}", text(&fixed.stderr));
    assert!(dir.path().join("o/game.json").exists());
}

/// Issue 75: a player that rewrites its own script every round. The judge sees it before
/// each next game and at the end of the run: each change is an incident, at once in the
/// folder's incident log, on stderr and in the record (`entrants.json`'s `changes` and
/// versions, each game's `entrant_files`), and the report's incidents list them.
#[test]
fn a_player_that_rewrites_its_script_during_the_run_is_an_incident_logged_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let bot = dir.path().join("bot.sh");
    let script = format!("cat >/dev/null\necho\necho '#' >> '{}'\n", bot.display());
    std::fs::write(&bot, script).unwrap();
    let args = ["pd", "greedy", "bot=sh bot.sh", "--games", "3", "--rounds", "2", "--out", "o"];
    let run = common::menace_env(dir.path(), &args, &[]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let o = dir.path().join("o");
    let canonical = std::fs::canonicalize(&bot).unwrap();
    let changed = |when: &str, v: u32| {
        format!(
            "entrant bot (sh bot.sh): bot.sh ({}) has changed during the run, {when}: the games from then on are recorded as played by version {v} of entrants.json (their entrant_files field)",
            canonical.display()
        )
    };
    let want = [changed("before game 2", 1), changed("before game 3", 2), changed("at its end", 3)];
    let log = std::fs::read_to_string(o.join("run-incidents.txt")).unwrap();
    assert_eq!(log.lines().collect::<Vec<_>>(), want, "{log}");
    let err = text(&run.stderr);
    assert!(err.contains("has changed during the run, before game 2: "), "{err}");
    let stamps: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(o.join("entrants.json")).unwrap()).unwrap();
    assert_eq!(stamps["versions"].as_array().unwrap().len(), 4, "{stamps}");
    assert_eq!(stamps["changes"][0]["when"], "before game 2", "{stamps}");
    let versions: Vec<Option<u64>> = std::fs::read_to_string(o.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["entrant_files"].as_u64())
        .collect();
    assert_eq!(versions, [None, Some(1), Some(2)]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(o.join("standings.json")).unwrap()).unwrap();
    assert_eq!(report["incidents"], serde_json::json!(want), "{report}");
    let page = std::fs::read_to_string(o.join("report.html")).unwrap();
    assert!(page.contains("has changed during the run, before game 3"), "{page}");
}
