//! `menace go tune` as a process: the log's lines, resuming a run where it stopped, and
//! refused settings. The algorithm is tested in menace-arena (`tune`), the games and the
//! parameters' registry (`menace_go_lab::tune`, `menace_go::search::params`).

use serde_json::Value;

use crate::common;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = common::menace(args, None, b"");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tune_args<'a>(out: &'a str, iterations: &'a str) -> Vec<&'a str> {
    vec![
        "go",
        "tune",
        "--param",
        "rave_equiv",
        "--param",
        "widen_ratio=1.3",
        "--size",
        "9",
        "--playouts",
        "50",
        "--iterations",
        iterations,
        "--jobs",
        "2",
        "--out",
        out,
    ]
}

fn log_lines(dir: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("spsa.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn tune_logs_each_iteration_and_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let out_s = out.to_str().unwrap();
    let (code, stdout, stderr) = run(&tune_args(out_s, "2"));
    assert_eq!(code, 0, "{stderr}");
    let lines = log_lines(&out);
    assert_eq!(lines.len(), 2);
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(line["iteration"], k as u64);
        let results = ["wins", "ties", "losses"].map(|f| line[f].as_u64().unwrap());
        assert_eq!(results.iter().sum::<u64>(), 2, "{line}");
        assert_eq!(line["games"].as_array().unwrap().len(), 2);
        for key in ["theta", "delta", "plus", "minus", "next"] {
            let names: Vec<&String> = line[key].as_object().unwrap().keys().collect();
            assert_eq!(names, ["rave_equiv", "widen_ratio"], "{key}");
        }
    }
    assert_eq!(lines[0]["theta"]["rave_equiv"], 3500.0);
    assert_eq!(lines[0]["theta"]["widen_ratio"], 1.3);
    assert_eq!(lines[1]["theta"], lines[0]["next"]);
    assert!(stderr.contains("menace go tune: iteration 2 of 2: θ+ won "), "{stderr}");
    assert!(
        stdout.contains("iterations 2, games 4; 9x9, komi 7.5, 50 playouts a move"),
        "{stdout}"
    );
    assert!(stdout.contains("\n  --tune rave_equiv="), "{stdout}");
    assert!(stdout.contains("--sprt tuned"), "{stdout}");
    // The printed A/B runs as pasted (two games of it here): the tuned and base bots as
    // builtin entrants, in the format they were tuned in, a seed per game.
    let ab = stdout.lines().skip_while(|l| !l.starts_with("confirm with an A/B")).nth(1);
    let ab = ab.unwrap_or_else(|| panic!("no A/B command: {stdout}")).trim();
    let mut words = menace_run::Program::parse(ab).unwrap().argv;
    assert_eq!(words[..3], ["menace", "go", "tournament"], "{ab}");
    let n = words.iter().position(|w| w == "--games-per-pair").expect(ab) + 1;
    words[n] = "2".into();
    let (code, _, stderr) = run(&words[1..].iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{ab}: {stderr}");
    let text = std::fs::read_to_string(out.join("ab/results.jsonl")).unwrap();
    let games: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 2, "{text}");
    assert_eq!(
        (games[0]["black"].as_str(), games[1]["black"].as_str()),
        (Some("tuned"), Some("base"))
    );
    assert_eq!(log_lines(&out).len(), 2, "the A/B leaves the tuning log alone");

    // The same command with more iterations goes on from the last line's θ.
    let (code, stdout2, stderr) = run(&tune_args(out_s, "3"));
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("resuming after iteration 2: "), "{stderr}");
    assert!(stderr.contains("iteration 3 of 3"), "{stderr}");
    assert!(!stderr.contains("iteration 2 of"), "{stderr}");
    let after = log_lines(&out);
    assert_eq!(after.len(), 3);
    assert_eq!(&after[..2], &lines[..]);
    assert_eq!(after[2]["iteration"], 2);
    assert_eq!(after[2]["theta"], lines[1]["next"]);
    assert!(stdout2.contains("iterations 3, games 6"), "{stdout2}");
    // Each constant's slope z, worked out here from the log's lines: the mean of
    // (wins - losses) / games times the constant's sign, over its standard error.
    for name in ["rave_equiv", "widen_ratio"] {
        let x: Vec<f64> = after
            .iter()
            .map(|l| {
                let [w, t, lo] = ["wins", "ties", "losses"].map(|f| l[f].as_f64().unwrap());
                (w - lo) / (w + t + lo) * l["delta"][name].as_f64().unwrap()
            })
            .collect();
        let n = x.len() as f64;
        let mean = x.iter().sum::<f64>() / n;
        let var = x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let want =
            if var > 1e-12 { format!("{:+.2}", mean / (var / n).sqrt()) } else { "-".into() };
        let row = stdout2.lines().find(|l| l.starts_with(name)).expect(name);
        assert_eq!(row.split_whitespace().nth(4), Some(want.as_str()), "{row}");
    }

    // A run already done plays nothing and says where it stands.
    let (code, stdout3, _) = run(&tune_args(out_s, "3"));
    assert_eq!((code, stdout3), (0, stdout2));
    assert_eq!(log_lines(&out).len(), 3);

    // Other settings into the same folder are refused, the files kept.
    let mut other = tune_args(out_s, "4");
    other.extend(["--seed", "2"]);
    let (code, _, stderr) = run(&other);
    assert_eq!(code, 2);
    assert!(stderr.contains("other settings (settings.seed: 1 there, 2 here)"), "{stderr}");
    assert_eq!(log_lines(&out).len(), 3);
}

#[test]
fn a_bad_param_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    for (param, why) in [
        ("bogus", "unknown parameter \"bogus\" (the parameters: rave_equiv, expand_visits"),
        ("widen_at=3", "widen_at=3 is out of its range 5 to 1000"),
        ("expand_visits=2.5", "expand_visits=2.5: must be a whole number"),
    ] {
        let (code, stdout, stderr) = run(&[
            "go",
            "tune",
            "--param",
            param,
            "--iterations",
            "1",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{param}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(why), "{param}: {stderr}");
        assert_eq!(stderr.matches("error").count(), 1, "{stderr}");
    }
    assert!(!out.exists());
    // The same words as `--tune` on `menace go`.
    let (code, _, stderr) = run(&["go", "--tune", "score_weight=2", "--playouts", "10"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("score_weight=2 is out of its range 0 to 1"), "{stderr}");
}

#[test]
fn help_says_how_to_confirm_and_lists_the_constants() {
    let (code, stdout, _) = run(&["go", "tune", "--help"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("confirm it with an A/B") || stdout.contains("A/B with the SPRT"));
    assert!(stdout.contains("menace go tournament ... --sprt tuned"), "{stdout}");
    for name in ["rave_equiv", "expand_visits", "widen_start", "widen_at", "widen_ratio"] {
        assert!(stdout.contains(&format!("  {name}: ")), "{name}: {stdout}");
    }
}
