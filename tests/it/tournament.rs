//! `menace go tournament` and `menace merge`: shards merged print the one-machine standings
//! byte for byte, resuming skips what is recorded, an entrant that cannot start forfeits,
//! and real entrants from outside (a Python KotH bot, GNU Go over GTP) play through. The
//! referee's rules are tested in crates/go/tests/it/referee.rs.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

use crate::common;
use common::menace;
use menace_testkit::{require, Component};

/// Fast entrants: our bot at two tiny budgets and a KotH program that always passes.
const FIELD: [&str; 3] = [
    "strong=builtin:--playouts 60 --threads 1",
    "weak=builtin:--playouts 8 --threads 1 --seed 3",
    "passer=koth:sh -c 'cat >/dev/null; echo pass'",
];

fn tournament(field: &[&str], extra: &[&str], out: &Path) -> Output {
    let mut args: Vec<String> = vec!["go".into(), "tournament".into()];
    for e in field {
        args.push("--entrant".into());
        args.push(e.to_string());
    }
    args.extend(["--size", "5", "--move-cap", "60", "--out"].map(String::from));
    args.push(out.display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    menace(&args, None, b"")
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn shards_merged_print_the_one_machine_standings_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole");
    let one = ok(&tournament(&FIELD, &["--games-per-pair", "3", "--jobs", "2"], &whole));
    let recs = lines(&whole.join("results.jsonl"));
    assert_eq!(recs.len(), 9, "3 pairs x 3 games");
    for r in &recs {
        for k in [
            "unit",
            "black",
            "white",
            "winner",
            "reason",
            "black_score",
            "white_score",
            "moves",
            "sgf",
        ] {
            assert!(r.get(k).is_some(), "{k} missing in {r}");
        }
        let sgf = std::fs::read_to_string(whole.join(r["sgf"].as_str().unwrap())).unwrap();
        assert!(sgf.contains(&format!("PB[{}]", r["black"].as_str().unwrap())), "{sgf}");
    }
    // The passer loses every game (it never places a stone; the bots do).
    let passer_points: f64 = recs
        .iter()
        .map(|r| {
            let colour = if r["black"] == "passer" {
                "black"
            } else if r["white"] == "passer" {
                "white"
            } else {
                return 0.0;
            };
            match r["winner"].as_str().unwrap() {
                w if w == colour => 1.0,
                "tie" => 0.5,
                _ => 0.0,
            }
        })
        .sum();
    assert_eq!(passer_points, 0.0);
    assert!(one.contains("passer") && one.contains("crosstable"), "{one}");
    for n in [2u64, 3, 4] {
        let shards = dir.path().join(format!("shards-{n}"));
        let mut files = Vec::new();
        for k in 0..n {
            let o = tournament(
                &FIELD,
                &["--games-per-pair", "3", "--shard", &format!("{k}/{n}")],
                &shards,
            );
            let text = ok(&o);
            assert!(text.starts_with(&format!("shard {k}/{n}")), "{text}");
            assert!(String::from_utf8_lossy(&o.stderr).contains("from --shard"));
            files.push(shards.join(format!("results-{k}-of-{n}.jsonl")).display().to_string());
        }
        let mut args = vec!["merge".to_string()];
        args.extend(files.iter().cloned());
        assert_eq!(ok(&menace(&args, None, b"")), one, "{n} shards");
        // A folder stands for its .jsonl files.
        assert_eq!(
            ok(&menace(&["merge".to_string(), shards.display().to_string()], None, b"")),
            one
        );
        // A missing shard is an error naming the missing units.
        let o = menace(&args[..args.len() - 1], None, b"");
        assert!(!o.status.success());
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("missing"),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// `menace merge --timings` names each entrant's slowest answer and its game, recounted
/// here from the lines; it is refused for results that record no move times.
#[test]
fn merge_timings_are_the_slowest_answer_of_each_entrant() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    ok(&tournament(&FIELD, &["--games-per-pair", "2"], &out));
    let plain = ok(&menace(&["merge".to_string(), out.display().to_string()], None, b""));
    let timed = ok(&menace(
        &["merge".to_string(), "--timings".into(), out.display().to_string()],
        None,
        b"",
    ));
    // The summary is unchanged; the times come after it.
    assert!(timed.starts_with(&plain), "{timed}");
    let tail = &timed[plain.len()..];
    let recs = lines(&out.join("results.jsonl"));
    for name in ["strong", "weak", "passer"] {
        let (mut best, mut game) = (-1.0f64, 0u64);
        for r in &recs {
            for seat in ["black", "white"] {
                let t = r[format!("{seat}_slowest_s")].as_f64().unwrap();
                let g = r["unit"].as_u64().unwrap() + 1;
                if r[seat] == name && (t > best || (t == best && g < game)) {
                    (best, game) = (t, g);
                }
            }
        }
        let want = format!("{best:>7.2} s  (game {game})");
        let row = tail.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{tail}"));
        assert!(row.ends_with(&want), "{row:?} should end with {want:?}");
    }
    assert!(tail.contains(&format!("over {} games:", recs.len())), "{tail}");
    // A line from before the runner timed moves (here: its times taken out) is not
    // counted as timed.
    let path = out.join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let (first, rest) = text.split_once('\n').unwrap();
    let mut v: Value = serde_json::from_str(first).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("black_slowest_s");
    o.remove("white_slowest_s");
    std::fs::write(&path, format!("{v}\n{rest}")).unwrap();
    let timed = ok(&menace(&["merge", "--timings", &out.display().to_string()], None, b""));
    let n = recs.len();
    assert!(
        timed.contains(&format!("over the {} of {n} games that record times:", n - 1)),
        "{timed}"
    );
    // A PD run records no move times: one clear error, nothing on stdout.
    let pd = dir.path().join("pd");
    let o = menace(
        &[
            "pd",
            "lazy",
            "greedy",
            "--games",
            "2",
            "--seed",
            "1",
            "--out",
            &pd.display().to_string(),
        ]
        .map(String::from),
        None,
        b"",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = menace(&["merge".to_string(), "--timings".into(), pd.display().to_string()], None, b"");
    assert!(!o.status.success() && o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--timings"));
}

#[test]
fn a_slurm_array_index_picks_the_shard_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_menace"));
    cmd.args(["go", "tournament", "--size", "5", "--move-cap", "20", "--out"])
        .arg(dir.path())
        .args(FIELD.iter().flat_map(|e| ["--entrant", e]))
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "2")
        .env_remove("SLURM_ARRAY_TASK_MIN")
        .env_remove("JOB_COMPLETION_INDEX");
    let o = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("shard 1/2 (from the Slurm job array: SLURM_ARRAY_TASK_ID=1"), "{err}");
    let units: Vec<u64> = lines(&dir.path().join("results-1-of-2.jsonl"))
        .iter()
        .map(|r| r["unit"].as_u64().unwrap())
        .collect();
    let mut sorted = units.clone();
    sorted.sort();
    assert_eq!(sorted, [1, 3, 5]);
}

#[test]
fn a_killed_run_resumes_without_replaying_and_mixed_configurations_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    let full = ok(&tournament(&FIELD, &[], &out));
    let path = out.join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let kept: Vec<&str> = text.lines().take(2).collect();
    let third = text.lines().nth(2).unwrap();
    // Two lines kept, the third torn in the middle, as a killed run leaves it.
    std::fs::write(&path, format!("{}\n{}", kept.join("\n"), &third[..third.len() / 2])).unwrap();
    let o = tournament(&FIELD, &[], &out);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(ok(&o), full);
    assert!(
        err.contains("torn last line") && err.contains("4 units to run, 2 already in"),
        "{err}"
    );
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(after.lines().count(), 6);
    assert!(
        after.starts_with(&format!("{}\n", kept.join("\n"))),
        "the recorded lines stay as they were"
    );
    // Another configuration into the same folder is refused and the file kept.
    let o = tournament(&FIELD, &["--komi", "0.5"], &out);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("another tournament"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), after);
    // Merging files of two configurations is refused too.
    let other = dir.path().join("u");
    ok(&tournament(&FIELD, &["--komi", "0.5", "--shard", "0/2"], &other));
    let o = menace(
        &[
            "merge".into(),
            path.display().to_string(),
            other.join("results-0-of-2.jsonl").display().to_string(),
        ],
        None,
        b"",
    );
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("unit 0 is recorded twice")
            || String::from_utf8_lossy(&o.stderr).contains("another tournament")
    );
}

/// An engine that is there but cannot be started (not executable) is refused before any
/// game, as one that is not there at all (below): it is asked its `name` first (issue 75;
/// it forfeited every game before).
#[test]
fn a_program_that_cannot_start_is_refused_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let ghost = dir.path().join("engine");
    std::fs::write(&ghost, "not a program").unwrap();
    let ghost = format!("ghost=gtp:{}", ghost.display());
    let field = [ghost.as_str(), "p=koth:sh -c 'echo pass'"];
    let o = tournament(&field, &["--games-per-pair", "2"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("entrant ghost") && err.contains("could not start"), "{err}");
    assert!(!dir.path().join("results.jsonl").exists());
}

#[test]
fn bad_flags_are_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    for (field, extra, says) in [
        (&["a=builtin"][..], &[][..], "at least 2 entrants"),
        (&["a=builtin", "a=builtin"][..], &[][..], "two entrants are named"),
        (&["a=builtin", "b=sh:x"][..], &[][..], "koth:, gtp: or builtin"),
        (&["a=builtin", "b=builtin"][..], &["--shard", "2/2"][..], "K must be below N"),
        (&["a=builtin", "b=builtin"][..], &["--move-timeout", "0"][..], "--move-timeout"),
        // A builtin's flags are `menace go`'s, read by its own table.
        (
            &["a=builtin:--fast 1", "b=builtin"][..],
            &[][..],
            "--entrant a: unexpected argument '--fast'",
        ),
        (&["a=builtin:--profile v99", "b=builtin"][..], &[][..], "invalid value 'v99'"),
        (
            &["a=builtin:--playouts {game}", "b=builtin"][..],
            &[][..],
            "only for the value of --seed",
        ),
    ] {
        let o = tournament(field, extra, dir.path());
        assert_eq!(o.status.code(), Some(2), "{field:?} {extra:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{err}");
    }
    let o = menace(&["merge", "/nonexistent/results.jsonl"], None, b"");
    assert_eq!(o.status.code(), Some(2));
}

/// A two-entrant tournament on 7x7 (two games, colours swapped): the printed standings,
/// the results lines and the folder holding them.
fn play_pair(a: &str, b: &str) -> (String, Vec<Value>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().display().to_string();
    let args = ["go", "tournament", "--entrant", a, "--entrant", b, "--size", "7", "--out", &out];
    let text = ok(&menace(&args, None, b""));
    let recs = lines(&dir.path().join("results.jsonl"));
    assert_eq!(recs.len(), 2);
    (text, recs, dir)
}

/// Every game replays legally on our board, and its recorded moves and areas follow.
fn check_replays(dir: &Path, recs: &[Value]) {
    for r in recs {
        assert_ne!(r["ending"], "forfeit", "{r}");
        let sgf = menace_go::io::sgf::read(
            &std::fs::read_to_string(dir.join(r["sgf"].as_str().unwrap())).unwrap(),
        )
        .unwrap();
        let mut b = menace_go::rules::board::Board::new(sgf.size);
        for m in &sgf.moves {
            b.play(*m).unwrap_or_else(|e| panic!("illegal {m:?}: {e} in {r}"));
        }
        assert_eq!(sgf.moves.len() as u64, r["moves"].as_u64().unwrap());
        let (black, white) = menace_go::rules::score::area(&b);
        assert_eq!(
            (u64::from(black), u64::from(white)),
            (r["black_score"].as_u64().unwrap(), r["white_score"].as_u64().unwrap())
        );
    }
}

#[test]
fn the_python_example_plays_legal_moves_to_the_end() {
    let Some(python) = require(Component::Python) else { return };
    let python = python.display();
    let bot = format!("{}/examples/koth_random.py", env!("CARGO_MANIFEST_DIR"));
    let random = format!("random=koth:{python} {bot}");
    let (text, recs, dir) = play_pair(&random, "menace=builtin:--playouts 100 --threads 1");
    // The example never forfeits, and every move of both sides was legal.
    check_replays(dir.path(), &recs);
    assert!(text.contains("random") && text.contains("menace"), "{text}");
}

#[test]
fn gnu_go_over_gtp_against_our_bot() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let gnugo = gnugo.display();
    let g = format!(
        "gnugo=gtp:{gnugo} --mode gtp --level 1 --chinese-rules --capture-all-dead --seed {{game}}"
    );
    // A frozen profile: the default keeps getting stronger, and v6 made GNU Go resign here.
    let (text, recs, dir) = play_pair(&g, "menace=builtin:--profile v4 --playouts 200 --threads 1");
    check_replays(dir.path(), &recs);
    for r in &recs {
        assert!(r["moves"].as_u64().unwrap() > 4, "{r}");
    }
    assert!(text.contains("gnugo"), "{text}");
}

#[test]
fn a_training_sweep_recorded_sharded_and_merged_matches_the_plain_sweep() {
    let dir = tempfile::tempdir().unwrap();
    let base = ["train", "--seeds", "4", "--games", "200", "--seed", "7"];
    let run = |extra: &[&str]| {
        let mut a: Vec<String> = base.iter().map(|s| s.to_string()).collect();
        a.extend(extra.iter().map(|s| s.to_string()));
        ok(&menace(&a, None, b""))
    };
    let whole = dir.path().join("whole").display().to_string();
    let one = run(&["--out", &whole]);
    let shards = dir.path().join("shards").display().to_string();
    for k in 0..3 {
        run(&["--out", &shards, "--shard", &format!("{k}/3")]);
    }
    assert_eq!(ok(&menace(&["merge", &shards], None, b"")), one);
    // Each seed's games agree with the sweep run without the layer (seeds 7 to 10).
    let plain = run(&[]);
    for seed in 7..11 {
        let tally = |text: &str| {
            let line =
                text.lines().find(|l| l.starts_with(&format!("seed {seed}:"))).unwrap().to_string();
            line.split("; ").next().unwrap().to_string()
        };
        assert_eq!(tally(&one), tally(&plain), "seed {seed}");
    }
}

#[test]
fn a_recorded_match_in_shards_merges_to_the_one_machine_standings() {
    // Two scripted GTP engines: one always answers A1, the other always passes; every game
    // ends when A1 comes a second time, on an occupied point.
    let player = |name: &str, reply: &str| {
        format!("{name}=sh -c 'while read -r l; do case \"$l\" in genmove*) printf \"= {reply}\\n\\n\";; quit*) printf \"=\\n\\n\"; exit 0;; *) printf \"=\\n\\n\";; esac; done'")
    };
    let a = player("stubborn", "A1");
    let b = player("passer", "pass");
    let (na, pa) = a.split_once('=').unwrap();
    let (nb, pb) = b.split_once('=').unwrap();
    let dir = tempfile::tempdir().unwrap();
    let run = |out: &Path, extra: &[&str]| {
        let mut args: Vec<String> = [
            "go",
            "match",
            "--a",
            pa,
            "--b",
            pb,
            "--name-a",
            na,
            "--name-b",
            nb,
            "--games",
            "4",
            "--size",
            "5",
            "--move-cap",
            "20",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        args.push(out.display().to_string());
        args.extend(extra.iter().map(|s| s.to_string()));
        ok(&menace(&args, None, b""))
    };
    let one = run(&dir.path().join("one"), &[]);
    let recs = lines(&dir.path().join("one/results.jsonl"));
    assert_eq!(recs.len(), 4);
    // stubborn has black in games 1 and 3 (units 0 and 2): A1, pass, then A1 again is
    // illegal; as white it plays A1 after black's pass, black passes, A1 again: illegal.
    for r in &recs {
        assert_eq!(r["ending"], "forfeit", "{r}");
        let stubborn_colour = if r["black"] == "stubborn" { "black" } else { "white" };
        assert_ne!(r["winner"], stubborn_colour, "{r}");
        assert!(dir.path().join("one").join(r["sgf"].as_str().unwrap()).is_file());
    }
    let shards = dir.path().join("shards");
    for k in 0..2 {
        run(&shards, &["--shard", &format!("{k}/2")]);
    }
    assert_eq!(ok(&menace(&["merge".to_string(), shards.display().to_string()], None, b"")), one);
    assert!(one.contains("passer") && one.contains("4 of 4 games"), "{one}");
    // Each line times both sides, so `--timings` reads a match as it reads the judge.
    for r in &recs {
        for seat in ["black_slowest_s", "white_slowest_s"] {
            let t = r[seat].as_f64().unwrap_or_else(|| panic!("no {seat}: {r}"));
            assert!((0.0..60.0).contains(&t), "{r}");
        }
    }
    let timed = ok(&menace(
        &["merge", "--timings", &dir.path().join("one").display().to_string()],
        None,
        b"",
    ));
    assert!(timed.contains("over 4 games:") && timed.contains("stubborn"), "{timed}");
}

/// `menace merge --sprt`: the counts and the ratio of a published A/B record, the ratio
/// recomputed here from the binomial formula (no ties in that record), and one clear
/// error for each misuse.
#[test]
fn merge_reports_an_sprt_for_an_ab_record() {
    let rec = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ab/ladders-13x13.jsonl");
    let rec = rec.display().to_string();
    let text = ok(&menace(&["merge", "--partial", &rec, "--sprt", "v5"], None, b""));
    let line = text.lines().find(|l| l.starts_with("SPRT for v5 against v4")).unwrap();
    assert!(line.contains("86 won, 0 tied, 49 lost"), "{line}");
    let s1 = 1.0 / (1.0 + 10f64.powf(-35.0 / 400.0));
    let llr = 86.0 * (s1 / 0.5f64).ln() + 49.0 * ((1.0 - s1) / 0.5f64).ln();
    assert!(line.contains(&format!("log-likelihood ratio {llr:.2} in (-2.94, 2.94)")), "{line}");
    assert!(line.ends_with("H1 accepted: v5 is stronger than v4"), "{line}");
    // From v4's side the same games reject "v4 is 35 Elo stronger".
    let text = ok(&menace(&["merge", "--partial", &rec, "--sprt", "v4"], None, b""));
    assert!(text.contains("H0 accepted: v4 is not 35 Elo stronger"), "{text}");
    for (extra, says) in [
        (&["--sprt", "v9"][..], "no entrant \"v9\""),
        (&["--sprt", "v5", "--sprt-elo", "35,0"][..], "below H1"),
        (&["--sprt-elo", "0,10"][..], "--sprt"),
    ] {
        let mut args = vec!["merge", "--partial", &rec];
        args.extend(extra);
        let o = menace(&args, None, b"");
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{extra:?}: {err}");
    }
}

/// `--sprt` stops a run at the first game after which the test has decided, and a resumed
/// run plays nothing more. The ratio is recomputed here from the lines with the binomial
/// formula (these games have no ties), game by game.
#[test]
fn the_sprt_stops_a_run_as_soon_as_it_decides() {
    let dir = tempfile::tempdir().unwrap();
    let pair = [FIELD[0], FIELD[1]];
    let sprt = ["--games-per-pair", "40", "--sprt", "strong", "--sprt-elo", "0,300"];
    let first = tournament(&pair, &sprt, dir.path());
    assert!(String::from_utf8_lossy(&first.stderr).contains("no further game starts"));
    let text = ok(&first);
    let recs = lines(&dir.path().join("results.jsonl"));
    assert!(recs.len() < 40, "the test decided before the 40 games: {}", recs.len());
    let (s0, s1) = (0.5f64, 1.0 / (1.0 + 10f64.powf(-300.0 / 400.0)));
    let (win, loss) = ((s1 / s0).ln(), ((1.0 - s1) / (1.0 - s0)).ln());
    let bound = 19f64.ln();
    let mut llr = 0.0f64;
    for (i, r) in recs.iter().enumerate() {
        assert!(llr.abs() < bound, "still undecided before game {}", i + 1);
        let seat = if r["black"] == "strong" { "black" } else { "white" };
        assert_ne!(r["winner"], "tie");
        llr += if r["winner"] == seat { win } else { loss };
    }
    assert!(llr.abs() >= bound, "decided after the last game: {llr}");
    let verdict = if llr > 0.0 { "H1 accepted" } else { "H0 accepted" };
    assert!(
        text.contains(&format!("log-likelihood ratio {llr:.2}")) && text.contains(verdict),
        "{text}"
    );
    assert!(text.contains(&format!("{} of 40 games", recs.len())), "{text}");
    // Resumed: nothing is played, the same verdict is printed.
    let again = tournament(&pair, &sprt, dir.path());
    assert!(String::from_utf8_lossy(&again.stderr).contains("no game to play"));
    assert_eq!(ok(&again), text);
    assert_eq!(lines(&dir.path().join("results.jsonl")).len(), recs.len());
    // Misuse: a third entrant, an entrant not in the field, a shard.
    for (field, extra, says) in [
        (&FIELD[..], &["--sprt", "strong"][..], "two entrants"),
        (&pair[..], &["--sprt", "nobody"][..], "no entrant"),
        (&pair[..], &["--sprt", "strong", "--shard", "0/2"][..], "cannot run as a shard"),
    ] {
        let o = tournament(field, extra, tempfile::tempdir().unwrap().path());
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(says), "{extra:?}");
    }
}

/// Our bot enters a small-board tournament as a king-of-the-hill program (N rows of N on
/// stdin), and plays exactly what the in-process entrant with the same flags plays.
#[test]
fn our_bot_as_a_koth_program_plays_as_the_builtin_on_a_small_board() {
    let bin = env!("CARGO_BIN_EXE_menace");
    let flags = "--playouts 60 --threads 1";
    let program = format!("prog=koth:{bin} go {flags}");
    let builtin = format!("prog=builtin:{flags}");
    let weak = "weak=builtin:--playouts 8 --threads 1 --seed 3";
    let run = |entrant: &str| {
        let dir = tempfile::tempdir().unwrap();
        ok(&tournament(&[entrant, weak], &[], dir.path()));
        let recs = lines(&dir.path().join("results.jsonl"));
        let sgfs: Vec<String> = recs
            .iter()
            .map(|r| std::fs::read_to_string(dir.path().join(r["sgf"].as_str().unwrap())).unwrap())
            .collect();
        (recs.iter().map(|r| (r["result"].clone(), r["moves"].clone())).collect::<Vec<_>>(), sgfs)
    };
    let (as_program, sgf_program) = run(&program);
    let (as_builtin, sgf_builtin) = run(&builtin);
    assert!(as_program.iter().all(|(_, m)| m.as_u64().unwrap() > 4), "{as_program:?}");
    assert_eq!(as_program, as_builtin);
    // The same records but for the game comment's line (with the day), which names each
    // entrant's specification: `koth:...` and `builtin:...`.
    let games = |sgfs: &[String]| -> Vec<String> {
        sgfs.iter()
            .map(|s| s.lines().filter(|l| !l.starts_with("DT[")).collect::<Vec<_>>().join("\n"))
            .collect()
    };
    assert_eq!(games(&sgf_program), games(&sgf_builtin));
    assert!(sgf_program[0].contains("koth:") && sgf_builtin[0].contains("builtin:"));
}

/// A `go tournament` of KotH programs named `names` that pass, one game a pair, on 5x5,
/// without --out.
fn passers(names: &[&str], extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = vec!["go".into(), "tournament".into()];
    for n in names {
        args.push("--entrant".into());
        args.push(format!("{n}=koth:sh -c 'cat >/dev/null; echo pass'"));
    }
    args.extend(["--size", "5", "--games-per-pair", "1"].map(String::from));
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// The folder a run's stderr names after `results go to ` or `results in `.
fn folder_said(stderr: &[u8]) -> String {
    let err = String::from_utf8_lossy(stderr);
    let at = err
        .find("results go to ")
        .map(|i| i + "results go to ".len())
        .or_else(|| err.find("results in ").map(|i| i + "results in ".len()))
        .unwrap_or_else(|| panic!("no folder in {err}"));
    let file = err[at..].lines().next().unwrap();
    file.strip_suffix("/results.jsonl").unwrap_or_else(|| panic!("{file}")).to_string()
}

#[test]
fn tournaments_in_a_row_in_the_default_folder_a_rerun_and_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let first = common::menace_env(dir.path(), &passers(&["a", "b"], &[]), &[]);
    let table = ok(&first);
    let folder = folder_said(&first.stderr);
    assert!(folder.starts_with("go-tournament/"), "{folder}");
    // Another field, the same default flags: played in a folder of its own.
    let second = common::menace_env(dir.path(), &passers(&["a", "b", "c"], &[]), &[]);
    ok(&second);
    assert_ne!(folder_said(&second.stderr), folder);
    // The first again: nothing played, the same standings, and where they are.
    let again = common::menace_env(dir.path(), &passers(&["a", "b"], &[]), &[]);
    assert_eq!(ok(&again), table);
    let said = String::from_utf8_lossy(&again.stderr).to_string();
    let want = format!(
        "menace go tournament: the game was already played; results in {folder}/results.jsonl\n"
    );
    assert_eq!(said, want);
    // --quiet: the standings alone, fresh or re-run, whole or a Slurm shard.
    let slurm = [("SLURM_ARRAY_TASK_ID", "0"), ("SLURM_ARRAY_TASK_COUNT", "2")];
    for env in [&[][..], &slurm[..]] {
        for _ in 0..2 {
            let o = common::menace_env(dir.path(), &passers(&["a", "b", "d"], &["--quiet"]), env);
            ok(&o);
            assert_eq!(String::from_utf8_lossy(&o.stderr), "", "{env:?}");
        }
    }
}

#[test]
fn a_late_judge_forfeits_the_sleeper_not_the_koth_program_that_answered_in_time() {
    let dir = tempfile::tempdir().unwrap();
    let args: Vec<String> = [
        "go",
        "tournament",
        "--entrant",
        "passer=koth:sh -c 'cat >/dev/null; echo pass'",
        "--entrant",
        // Asked first, before any game, with black to move: it answers then (issue 75).
        "sleeper=koth:sh -c 'if grep -q \" 2$\"; then exec sleep 30; else echo pass; fi'",
        "--size",
        "5",
        "--games-per-pair",
        "1",
        "--move-timeout",
        "1",
        "--out",
        "late",
    ]
    .map(String::from)
    .to_vec();
    // The judge looks 1.5 s after starting each program, past the 1 s per move.
    let o = common::menace_env(dir.path(), &args, &[("MENACE_TEST_JUDGE_LAG_MS", "1500")]);
    ok(&o);
    let recs = lines(&dir.path().join("late/results.jsonl"));
    assert_eq!(recs.len(), 1);
    assert_eq!(
        (recs[0]["black"].as_str(), recs[0]["result"].as_str()),
        (Some("passer"), Some("B+F"))
    );
    let reason = recs[0]["reason"].as_str().unwrap();
    assert!(reason.starts_with("sleeper (white) no move within 1 s"), "{reason}");
}

#[test]
fn a_recorded_training_sweep_rerun_says_so_and_quiet_says_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep").display().to_string();
    let args = |extra: &[&str]| -> Vec<String> {
        let mut a: Vec<String> =
            ["train", "--seeds", "2", "--games", "50", "--out", &out].map(String::from).to_vec();
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let first = common::menace_env(dir.path(), &args(&[]), &[]);
    let text = ok(&first);
    let err = String::from_utf8_lossy(&first.stderr).to_string();
    assert!(err.contains(&format!("2 seeds to train; results go to {out}/results.jsonl")), "{err}");
    let again = common::menace_env(dir.path(), &args(&[]), &[]);
    assert_eq!(ok(&again), text);
    let want =
        format!("menace train: all 2 seeds were already trained; results in {out}/results.jsonl\n");
    assert_eq!(String::from_utf8_lossy(&again.stderr), want);
    let quiet = common::menace_env(dir.path(), &args(&["--quiet"]), &[]);
    assert_eq!(
        (ok(&quiet), String::from_utf8_lossy(&quiet.stderr).to_string()),
        (text, String::new())
    );
    // Another sweep into the same explicit folder is refused, saying what to do.
    let mut other = args(&[]);
    other[4] = "60".into();
    let refused = common::menace_env(dir.path(), &other, &[]);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("another tournament") && err.contains("another results folder"), "{err}");
}

/// `menace go tournament` and `menace go match` with a mistyped engine: refused before any
/// game, naming it, exit status 2, no folder made (given or default).
#[test]
fn a_mistyped_program_is_refused_before_any_game_and_nothing_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let passer = "p=koth:sh -c 'cat >/dev/null; echo pass'";
    let runs: [(Vec<&str>, &str); 4] = [
        (
            vec![
                "go",
                "tournament",
                "--entrant",
                "nogo=gtp:gnugoo --mode gtp",
                "--entrant",
                passer,
            ],
            "go-tournament",
        ),
        (
            vec![
                "go",
                "tournament",
                "--entrant",
                "nogo=koth:./nobot.py",
                "--entrant",
                passer,
                "--out",
                "given",
            ],
            "given",
        ),
        (vec!["go", "match", "--a", "gnugoo --mode gtp", "--b", "sh -c 'exit 0'"], "go-match"),
        (
            vec!["go", "match", "--a", "sh -c 'exit 0'", "--b", "gnugoo --mode gtp", "--out", "m"],
            "m",
        ),
    ];
    for (args, folder) in runs {
        let mut args = args;
        args.extend(["--size", "5"]);
        let o = common::menace_env(dir.path(), &args, &[]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        let (name, said) = if args.iter().any(|a| a.contains("nobot")) {
            ("nogo (koth:./nobot.py)", "\"./nobot.py\": no such file")
        } else if args[1] == "tournament" {
            ("nogo (gtp:gnugoo --mode gtp)", "no program \"gnugoo\" found on PATH")
        } else if args[3] == "gnugoo --mode gtp" {
            ("A (gtp:gnugoo --mode gtp)", "no program \"gnugoo\" found on PATH")
        } else {
            ("B (gtp:gnugoo --mode gtp)", "no program \"gnugoo\" found on PATH")
        };
        assert!(err.contains(&format!("entrant {name}: {said}; nothing was played")), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!dir.path().join(folder).exists(), "{folder} was made");
    }
}

/// A king-of-the-hill program in Python that reads its position and raises, but for its
/// first run (the judge's question before any game, issue 75), which passes.
fn python_crasher(dir: &Path) -> Option<String> {
    let python = require(Component::Python)?;
    std::fs::write(
        dir.join("crash.py"),
        "import os, sys\nsys.stdin.read()\nif not os.path.exists('asked'):\n    \
         open('asked', 'w').close()\n    print('pass')\n    sys.exit(0)\n\
         raise RuntimeError('boom')\n",
    )
    .unwrap();
    Some(format!("crasher=koth:{} crash.py", python.display()))
}

#[test]
fn a_crashing_program_s_stderr_ends_the_reason_and_is_kept_in_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let Some(crasher) = python_crasher(dir.path()) else { return };
    let args: Vec<String> = ["go", "tournament", "--entrant", &crasher, "--entrant"]
        .into_iter()
        .map(String::from)
        .chain(passers(&["p"], &["--out", "o"]).into_iter().skip(3))
        .collect();
    let o = common::menace_env(dir.path(), &args, &[]);
    let text = ok(&o);
    let recs = lines(&dir.path().join("o/results.jsonl"));
    assert_eq!(recs.len(), 1);
    let r = &recs[0];
    assert_eq!((r["black"].as_str(), r["result"].as_str()), (Some("crasher"), Some("W+F")), "{r}");
    let reason = r["reason"].as_str().unwrap();
    assert_eq!(
        reason,
        "crasher (black) crashed (exited with status 1; last line on stderr: \"RuntimeError: boom\")"
    );
    assert!(text.contains(reason), "the standings' game list says it: {text}");
    let kept = r["black_stderr"].as_str().unwrap();
    assert!(kept.starts_with("Traceback") && kept.ends_with("RuntimeError: boom\n"), "{kept}");
    assert!(r.get("white_stderr").is_none(), "{r}");
}

#[test]
fn a_rerun_after_an_entrant_s_script_changed_says_which_and_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bot = dir.path().join("bot.sh");
    std::fs::write(&bot, "cat >/dev/null; echo pass\n").unwrap();
    let args = |extra: &[&str]| -> Vec<String> {
        let mut a: Vec<String> =
            ["go", "tournament", "--entrant", "mine=koth:sh bot.sh", "--entrant"]
                .map(String::from)
                .to_vec();
        a.extend(passers(&["p"], extra).into_iter().skip(3));
        a
    };
    let first = common::menace_env(dir.path(), &args(&[]), &[]);
    let table = ok(&first);
    let folder = folder_said(&first.stderr);
    let results = std::fs::read_to_string(dir.path().join(&folder).join("results.jsonl")).unwrap();
    std::fs::write(&bot, "cat >/dev/null; echo 1 1\n").unwrap();
    let edited = common::menace_env(dir.path(), &args(&[]), &[]);
    assert_eq!(edited.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&edited.stdout), "", "no stale standings");
    let err = String::from_utf8_lossy(&edited.stderr);
    let canonical = std::fs::canonicalize(&bot).unwrap();
    let want = format!(
        "menace go tournament: entrant mine (sh bot.sh): bot.sh ({}) has changed since the results in {folder} were played",
        canonical.display()
    );
    assert!(err.starts_with(&want) && err.contains("--resume-changed"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join(&folder).join("results.jsonl")).unwrap(),
        results
    );
    // Told to go on, it says so and shows the recorded standings.
    let resumed = common::menace_env(dir.path(), &args(&["--resume-changed", "--quiet"]), &[]);
    assert_eq!(ok(&resumed), table);
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("going on as asked"));
}

/// A GTP engine that dies at `genmove` with a word on stderr: the match's reason quotes it
/// and the line keeps it.
#[test]
fn a_gtp_engine_that_dies_is_quoted_from_its_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let dies = "sh -c 'while read -r l; do case \"$l\" in genmove*) echo \"fatal: out of stones\" >&2; exit 139;; *) printf \"=\\n\\n\";; esac; done'";
    let passes = "sh -c 'while read -r l; do case \"$l\" in genmove*) printf \"= pass\\n\\n\";; *) printf \"=\\n\\n\";; esac; done'";
    let out = dir.path().join("m").display().to_string();
    let args =
        ["go", "match", "--a", dies, "--b", passes, "--games", "1", "--size", "5", "--out", &out];
    ok(&menace(&args, None, b""));
    let recs = lines(&dir.path().join("m/results.jsonl"));
    let reason = recs[0]["reason"].as_str().unwrap();
    assert_eq!(
        reason,
        "A (black) failed genmove: the program closed its output; last line on stderr: \"fatal: out of stones\""
    );
    assert_eq!(recs[0]["black_stderr"], "fatal: out of stones\n");
}

/// Issue 75: a typo in the name of the script an entrant's program runs (`sh myrandm.sh`,
/// the program `sh` found) is refused before any game, naming the entrant, exit status 2,
/// nothing written; after the fix the same command into the same folder plays. Both Go
/// judges: the king-of-the-hill program is asked for a move on the empty board, the GTP
/// engine for its `name`.
#[test]
fn a_program_whose_script_is_missing_is_refused_and_the_fixed_run_plays_in_the_same_folder() {
    let dir = tempfile::tempdir().unwrap();
    let koth = "#!/bin/sh\ncat >/dev/null\necho pass\n";
    let gtp = "while read -r c; do case \"$c\" in genmove*) printf '= pass\\n\\n';; \
               quit*) printf '=\\n\\n'; exit 0;; *) printf '= \\n\\n';; esac; done\n";
    let runs: [(Vec<&str>, &str, &str); 2] = [
        (
            vec!["go", "tournament", "--entrant", "mine=koth:sh myrandom.sh", "--entrant"],
            "myrandom.sh",
            koth,
        ),
        (vec!["go", "match", "--a", "sh myengine.sh", "--b"], "myengine.sh", gtp),
    ];
    for (mut args, script, text) in runs {
        let other = if args[1] == "tournament" {
            "p=koth:sh -c 'cat >/dev/null; echo pass'"
        } else {
            "sh -c 'while read -r c; do printf \"= pass\\n\\n\"; done'"
        };
        args.push(other);
        args.extend(["--size", "5", "--out", "o"]);
        let refused = common::menace_env(dir.path(), &args, &[]);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&refused.stderr);
        let who = if args[1] == "tournament" {
            "entrant mine (koth:sh myrandom.sh)"
        } else {
            "entrant A (gtp:sh myengine.sh)"
        };
        assert!(err.contains(who) && err.contains("nothing was played"), "{err}");
        assert!(err.contains(script), "the reason names the missing file: {err}");
        assert!(!dir.path().join("o").exists(), "nothing is written");
        // The fix: the script is there now. The same command, the same folder, plays.
        std::fs::write(dir.path().join(script), text).unwrap();
        let fixed = common::menace_env(dir.path(), &args, &[]);
        assert!(fixed.status.success(), "{}", String::from_utf8_lossy(&fixed.stderr));
        assert!(dir.path().join("o/results.jsonl").exists());
        std::fs::remove_dir_all(dir.path().join("o")).unwrap();
    }
}

/// Issue 75: a KotH entrant that rewrites its own script every move. The judge sees it
/// before each next game and at the end: each change is an incident, at once in the
/// folder's incident log, on stderr and in the record, and in the report's incidents.
#[test]
fn an_entrant_that_rewrites_its_script_during_the_run_is_an_incident_logged_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let bot = dir.path().join("bot.sh");
    let script = format!("cat >/dev/null\necho pass\necho '#' >> '{}'\n", bot.display());
    std::fs::write(&bot, script).unwrap();
    let args = [
        "go",
        "tournament",
        "--entrant",
        "mine=koth:sh bot.sh",
        "--entrant",
        "p=koth:sh -c 'cat >/dev/null; echo pass'",
        "--size",
        "5",
        "--games-per-pair",
        "3",
        "--out",
        "o",
    ];
    let run = common::menace_env(dir.path(), &args, &[]);
    ok(&run);
    let o = dir.path().join("o");
    let canonical = std::fs::canonicalize(&bot).unwrap();
    let changed = |when: &str, v: u32| {
        format!(
            "entrant mine (sh bot.sh): bot.sh ({}) has changed during the run, {when}: the games from then on are recorded as played by version {v} of entrants.json (their entrant_files field)",
            canonical.display()
        )
    };
    let want = [changed("before game 2", 1), changed("before game 3", 2), changed("at its end", 3)];
    let log = std::fs::read_to_string(o.join("run-incidents.txt")).unwrap();
    assert_eq!(log.lines().collect::<Vec<_>>(), want, "{log}");
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("has changed during the run, before game 2: "), "{err}");
    let versions: Vec<Option<u64>> =
        lines(&o.join("results.jsonl")).iter().map(|l| l["entrant_files"].as_u64()).collect();
    assert_eq!(versions, [None, Some(1), Some(2)]);
    let stamps: Value =
        serde_json::from_str(&std::fs::read_to_string(o.join("entrants.json")).unwrap()).unwrap();
    assert_eq!(stamps["changes"].as_array().unwrap().len(), 3, "{stamps}");
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(o.join("standings.json")).unwrap()).unwrap();
    assert_eq!(report["incidents"], serde_json::json!(want), "{report}");
    let page = std::fs::read_to_string(o.join("report.html")).unwrap();
    assert!(page.contains("has changed during the run, before game 3"), "{page}");
}
