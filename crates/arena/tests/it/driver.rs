//! The tournament driver with a toy kind of unit: a resumed run plays nothing twice,
//! shards merged print the one-machine summary, an SPRT stops a run once it decides, and
//! `menace merge`'s refusals.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use menace_arena::tournament::driver::{
    self, MergeOptions, ResultKind, Run, RunError, RunOptions, SprtStop,
};
use menace_arena::tournament::report;
use menace_arena::tournament::standings::{Outcome, PairGame};
use menace_arena::tournament::{Merged, Plan, Record, Shard, UnitId};
use serde_json::{Map, Value};

/// Units whose line holds `n = unit²`; `a` beats `b` in every odd unit, `b` wins the even.
struct Squares;

impl ResultKind for Squares {
    fn kind(&self) -> &'static str {
        "squares"
    }

    fn summary(&self, m: &Merged) -> Result<String, String> {
        let sum: u64 = m.records.iter().map(|r| r.data["n"].as_u64().unwrap_or(0)).sum();
        Ok(format!("{} of {} units, sum {sum}\n", m.records.len(), m.units))
    }

    fn pair_game(&self, r: &Record) -> Option<Result<PairGame, String>> {
        let outcome =
            if r.data["a_wins"] == true { Outcome::FirstWins } else { Outcome::SecondWins };
        Some(Ok(PairGame { first: "a".into(), second: "b".into(), outcome }))
    }
}

/// A kind with no pairwise games and no timings.
struct Plain;

impl ResultKind for Plain {
    fn kind(&self) -> &'static str {
        "plain"
    }

    fn summary(&self, m: &Merged) -> Result<String, String> {
        Ok(format!("{} lines\n", m.records.len()))
    }
}

fn fields(unit: UnitId, a_wins: bool) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("n".into(), (unit.0 * unit.0).into());
    m.insert("a_wins".into(), a_wins.into());
    m
}

/// Runs `plan` (shard `shard`) into `out`, counting the units played in `played`.
fn go(
    plan: &Plan,
    shard: Shard,
    out: &Path,
    stop: Option<&SprtStop>,
    played: &AtomicUsize,
    a_wins: impl Fn(UnitId) -> bool + Sync,
) -> String {
    let flags = RunOptions { command: "test", shard, jobs: 2, batch: None, quiet: false };
    let run = Run { plan, out, stop, options: flags };
    let play = |u| {
        played.fetch_add(1, Ordering::SeqCst);
        fields(u, a_wins(u))
    };
    driver::run(&Squares, &run, play, |_| {}).unwrap().0
}

#[test]
fn a_resumed_run_plays_nothing_twice_and_shards_merge_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let plan = Plan::new("squares", "{}", 7);
    let whole = Shard::new(0, 1).unwrap();
    let played = AtomicUsize::new(0);
    let text = go(&plan, whole, &dir.path().join("one"), None, &played, |u| u.0 % 2 == 1);
    assert_eq!(text, "7 of 7 units, sum 91\n");
    assert_eq!(played.load(Ordering::SeqCst), 7);
    let again = go(&plan, whole, &dir.path().join("one"), None, &played, |u| u.0 % 2 == 1);
    assert_eq!((again, played.load(Ordering::SeqCst)), (text.clone(), 7));

    let shards = dir.path().join("shards");
    for k in 0..3 {
        let part = go(&plan, Shard::new(k, 3).unwrap(), &shards, None, &played, |_| true);
        assert!(part.starts_with(&format!("shard {k}/3: ")), "{part}");
        assert!(shards.join(format!("results-{k}-of-3.jsonl")).is_file());
    }
    let files = [shards.clone()];
    let merged = driver::merge_files(&[&Plain, &Squares], &files, &MergeOptions::default());
    assert_eq!(merged.unwrap(), text);
    // Without one shard the merge is refused, unless asked for what is there.
    std::fs::remove_file(shards.join("results-1-of-3.jsonl")).unwrap();
    assert!(driver::merge_files(&[&Squares], &files, &MergeOptions::default()).is_err());
    let partial = MergeOptions { partial: true, ..MergeOptions::default() };
    let some = driver::merge_files(&[&Squares], &files, &partial).unwrap();
    assert!(some.starts_with("5 of 7 units"), "{some}");
    // A kind nobody knows, and timings a kind does not record, are one clear error each.
    let e = driver::merge_files(&[&Plain], &files, &partial).unwrap_err().to_string();
    assert!(e.contains("\"squares\": no summary known (plain)"), "{e}");
    let timings = MergeOptions { timings: true, ..partial };
    let e = driver::merge_files(&[&Squares], &files, &timings).unwrap_err();
    assert_eq!(e, driver::MergeError::NoTimings { kind: "squares".into() });
    assert!(e.to_string().contains("record no move times"), "{e}");
}

#[test]
fn an_sprt_stops_the_run_once_it_decides_and_a_resumed_run_plays_no_more() {
    let dir = tempfile::tempdir().unwrap();
    let plan = Plan::new("squares", "{}", 500);
    let whole = Shard::new(0, 1).unwrap();
    let stop = SprtStop { entrant: "a".into(), test: "0,35".parse().unwrap() };
    let played = AtomicUsize::new(0);
    let text = go(&plan, whole, dir.path(), Some(&stop), &played, |_| true);
    let n = played.load(Ordering::SeqCst);
    // `a` wins every game: H1 is accepted long before 500 games (two jobs may each
    // finish the game under way).
    assert!((2..100).contains(&n), "{n} games");
    assert!(text.contains(&format!("{n} of 500 units")), "{text}");
    assert!(text.contains('H') && text.lines().count() > 1, "{text}");
    go(&plan, whole, dir.path(), Some(&stop), &played, |_| true);
    assert_eq!(played.load(Ordering::SeqCst), n);
    // The test needs two entrants, and cannot run as a shard.
    assert!(stop.check(&["a"]).is_err() && stop.check(&["b", "c"]).is_err());
    // Worded as before the errors were typed: `&[&str]`'s Debug, quoted names.
    assert_eq!(
        stop.check(&["b", "c"]).unwrap_err().to_string(),
        format!("the SPRT: no entrant {:?} (there are [\"b\", \"c\"])", stop.entrant)
    );
    assert!(stop.check(&["b", "a"]).is_ok());
    let shard = Shard::new(0, 2).unwrap();
    let flags = RunOptions { command: "t", shard, jobs: 1, batch: None, quiet: false };
    let run = Run { plan: &plan, out: dir.path(), stop: Some(&stop), options: flags };
    let e = driver::run(&Squares, &run, |u| fields(u, true), |_| {}).unwrap_err();
    assert_eq!(e, RunError::SprtAsShard);
    assert_eq!(e.to_string(), "the SPRT decides on all the games, so it cannot run as a shard");
}

#[test]
fn a_batch_plays_that_many_new_units_in_order_and_the_next_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let plan = Plan::new("squares", "{}", 7);
    let whole = Shard::new(0, 1).unwrap();
    let played = AtomicUsize::new(0);
    let batch = |n: u64| {
        let flags =
            RunOptions { command: "t", shard: whole, jobs: 2, batch: Some(n), quiet: false };
        let run = Run { plan: &plan, out: dir.path(), stop: None, options: flags };
        driver::run(
            &Squares,
            &run,
            |u| {
                played.fetch_add(1, Ordering::SeqCst);
                fields(u, true)
            },
            |_| {},
        )
        .unwrap()
        .0
    };
    // 3, then 3, then the last one (a batch larger than what is left plays what is left).
    let first = batch(3);
    assert_eq!(first, "3 of 7 units, sum 5\n"); // 0 + 1 + 4: the first units, in order
    assert_eq!(played.load(Ordering::SeqCst), 3);
    assert_eq!(batch(3), "6 of 7 units, sum 55\n");
    assert_eq!(batch(5), "7 of 7 units, sum 91\n");
    assert_eq!(played.load(Ordering::SeqCst), 7);
    // Done: a further batch plays nothing.
    assert_eq!(batch(1), "7 of 7 units, sum 91\n");
    assert_eq!(played.load(Ordering::SeqCst), 7);
}

#[test]
fn without_out_each_tournament_gets_a_folder_of_its_own_and_a_rerun_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("results");
    let (a, b) = (Plan::new("squares", "{\"x\":1}", 3), Plan::new("squares", "{\"x\":2}", 4));
    let (da, db) = (driver::results_dir(None, &base, &a), driver::results_dir(None, &base, &b));
    assert_eq!(da, base.join(a.config.to_string()));
    assert_ne!(da, db);
    let mine = dir.path().join("mine");
    assert_eq!(driver::results_dir(Some(&mine), &base, &a), mine);
    // Two tournaments in a row into the default place, then the first again: both are
    // played, and the re-run plays nothing and prints the same summary.
    let whole = Shard::WHOLE;
    let played = AtomicUsize::new(0);
    let first = go(&a, whole, &da, None, &played, |_| true);
    assert_eq!(go(&b, whole, &db, None, &played, |_| true), "4 of 4 units, sum 14\n");
    assert_eq!(played.load(Ordering::SeqCst), 7);
    assert_eq!(go(&a, whole, &da, None, &played, |_| true), first);
    assert_eq!(played.load(Ordering::SeqCst), 7);
    // The same folder given explicitly to the other tournament is refused, file untouched.
    let before = std::fs::read_to_string(da.join("results.jsonl")).unwrap();
    let flags = RunOptions { command: "t", shard: whole, jobs: 1, batch: None, quiet: true };
    let run = Run { plan: &b, out: &da, stop: None, options: flags };
    let err = driver::run(&Squares, &run, |u| fields(u, true), |_| {}).unwrap_err();
    assert!(matches!(err, RunError::AnotherTournament(_)), "{err:?}");
    let err = err.to_string();
    assert!(err.contains("another tournament") && err.contains("another results folder"), "{err}");
    // The setting that differs is named, with both values, not two fingerprints.
    assert!(err.contains("x differs: recorded 1, now 2"), "{err}");
    assert!(!err.contains("configuration"), "{err}");
    assert_eq!(std::fs::read_to_string(da.join("results.jsonl")).unwrap(), before);
}

#[test]
fn unit_words_say_one_and_many() {
    let g = driver::UnitWords::GAMES;
    assert_eq!((g.count(1), g.count(4)), ("1 game".to_string(), "4 games".to_string()));
    assert_eq!(g.all_done(1), "the game was already played");
    assert_eq!(g.all_done(4), "all 4 games were already played");
}

/// A run with entrants that run programs: a changed file refuses a resume before any unit
/// runs (even when units are left to play), the results kept; shards that share the folder
/// are held to the same stamps; told to go on, it plays the rest.
#[test]
fn a_changed_entrant_refuses_a_resume_before_any_unit_runs() {
    use menace_arena::tournament::entrants::{stamp, Entrants, OnChange};
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bot.py");
    std::fs::write(&script, "v1").unwrap();
    let out = dir.path().join("out");
    let plan = Plan::new("squares", "{}", 4);
    let played = AtomicUsize::new(0);
    let attempt = |shard: Shard, batch: Option<u64>, on_change| {
        let field = [(
            "bot".to_string(),
            "python3 bot.py".to_string(),
            vec![("bot.py".to_string(), script.clone())],
        )];
        let entrants = Entrants { stamps: stamp(&field), on_change };
        let flags = RunOptions { command: "test", shard, jobs: 1, batch, quiet: true };
        let run = Run { plan: &plan, out: &out, stop: None, options: flags };
        let play = |u| {
            played.fetch_add(1, Ordering::SeqCst);
            fields(u, true)
        };
        driver::run_with(&Squares, &run, Some(&entrants), play, |_| {}).map(|(t, _)| t)
    };
    let whole = Shard::new(0, 1).unwrap();
    let refuse = OnChange::Refuse("do this");
    attempt(whole, Some(2), refuse).unwrap();
    assert_eq!(played.load(Ordering::SeqCst), 2);
    std::fs::write(&script, "v2").unwrap();
    let results = std::fs::read(out.join("results.jsonl")).unwrap();
    let e = attempt(whole, None, refuse).unwrap_err();
    assert!(matches!(e, RunError::EntrantsChanged(_)), "{e:?}");
    let e = e.to_string();
    assert!(
        e.starts_with("entrant bot (python3 bot.py): bot.py (") && e.ends_with("do this"),
        "{e}"
    );
    // A shard of its own file in the same folder is held to the folder's stamps too.
    let e = attempt(Shard::new(1, 2).unwrap(), None, refuse).unwrap_err().to_string();
    assert!(e.contains("has changed"), "{e}");
    assert_eq!(played.load(Ordering::SeqCst), 2, "no unit ran");
    assert_eq!(std::fs::read(out.join("results.jsonl")).unwrap(), results);
    assert_eq!(attempt(whole, None, OnChange::Resume).unwrap(), "4 of 4 units, sum 14\n");
    assert_eq!(played.load(Ordering::SeqCst), 4);
}

/// `--resume-changed` keeps every version of the files that played, each line names its
/// version, going back to an earlier version needs no flag, and a file that changes while
/// the units play is caught before the next unit and recorded as a version of its own.
#[test]
fn versions_of_the_entrants_files_are_appended_and_each_unit_names_its_own() {
    use menace_arena::tournament::entrants::{stamp, Entrants, OnChange, VERSION_FIELD};
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bot.py");
    std::fs::write(&script, "v1").unwrap();
    let out = dir.path().join("out");
    let plan = Plan::new("squares", "{}", 8);
    let attempt = |batch: u64, on_change, during: Option<(u64, &str)>| {
        let field = [(
            "bot".to_string(),
            "python3 bot.py".to_string(),
            vec![("bot.py".to_string(), script.clone())],
        )];
        let entrants = Entrants { stamps: stamp(&field), on_change };
        let flags = RunOptions {
            command: "test",
            shard: Shard::WHOLE,
            jobs: 1,
            batch: Some(batch),
            quiet: true,
        };
        let run = Run { plan: &plan, out: &out, stop: None, options: flags };
        let play = |u: UnitId| {
            if let Some((_, text)) = during.filter(|(unit, _)| *unit == u.0) {
                std::fs::write(&script, text).unwrap();
            }
            fields(u, true)
        };
        driver::run_with(&Squares, &run, Some(&entrants), play, |_| {}).map(|(t, _)| t)
    };
    let refuse = OnChange::Refuse("do this");
    attempt(2, refuse, None).unwrap();
    std::fs::write(&script, "v2, longer").unwrap();
    assert!(attempt(1, refuse, None).is_err());
    attempt(2, OnChange::Resume, None).unwrap();
    // Reverted: version 0 again, without the flag.
    std::fs::write(&script, "v1").unwrap();
    attempt(1, refuse, None).unwrap();
    // Edited while unit 5 plays: unit 6 is played by a new version, said and recorded.
    attempt(3, refuse, Some((5, "v3, longer still"))).unwrap();
    let stamps: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("entrants.json")).unwrap()).unwrap();
    let versions = stamps["versions"].as_array().unwrap();
    assert_eq!(versions.len(), 3, "{stamps}");
    let sizes: Vec<u64> =
        versions.iter().map(|v| v[0]["files"][0]["bytes"].as_u64().unwrap()).collect();
    assert_eq!(sizes, [2, 10, 16]);
    let lines = std::fs::read_to_string(out.join("results.jsonl")).unwrap();
    let named: Vec<(u64, u64)> = lines
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["unit"].as_u64().unwrap(), v.get(VERSION_FIELD).and_then(Value::as_u64).unwrap_or(0))
        })
        .collect();
    assert_eq!(named, [(0, 0), (1, 0), (2, 1), (3, 1), (4, 0), (5, 0), (6, 2), (7, 2)]);
    // The lines of version 0 are as they were before versions were kept: no field.
    assert!(!lines.lines().next().unwrap().contains(VERSION_FIELD));
    // Each change is an incident: in the record, and in the folder's incident log, which
    // names the stamp file by its name alone.
    let when: Vec<(&str, u64)> = stamps["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["when"].as_str().unwrap(), c["version"].as_u64().unwrap()))
        .collect();
    assert_eq!(when, [("before the run", 1), ("before unit 7", 2)]);
    let log = std::fs::read_to_string(out.join(report::LOG)).unwrap();
    let log: Vec<&str> = log.lines().collect();
    let bot = format!("entrant bot (python3 bot.py): bot.py ({}) has changed", script.display());
    assert_eq!(
        log,
        [
            format!("{bot} since the earlier games were played; the run was told to go on: the games from then on are recorded as played by version 1 of entrants.json (their entrant_files field)"),
            format!("{bot} during the run, before unit 7: the games from then on are recorded as played by version 2 of entrants.json (their entrant_files field)"),
        ]
    );
    // The report's incidents are the kind's, then the log's.
    let games = [PairGame { first: "a".into(), second: "b".into(), outcome: Outcome::Tie }];
    let s = menace_arena::tournament::standings::standings(&games);
    let r = report::Report {
        title: "t".into(),
        standings: &s,
        order: "o",
        incidents: vec!["x".into()],
    };
    report::write(&out, &r).unwrap();
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("standings.json")).unwrap())
            .unwrap();
    let mut want = vec!["x".to_string()];
    want.extend(log.iter().map(|l| l.to_string()));
    assert_eq!(json["incidents"], serde_json::json!(want));
    assert!(std::fs::read_to_string(out.join("report.html")).unwrap().contains("before unit 7"));
}

/// A file that changes during the last unit is seen at the run's end, not only by the
/// next run: said, logged and recorded, and the next run plays on without refusal.
#[test]
fn a_change_during_the_last_unit_is_seen_at_the_end_of_the_run() {
    use menace_arena::tournament::entrants::{stamp, Entrants, OnChange};
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bot.py");
    std::fs::write(&script, "v1").unwrap();
    let out = dir.path().join("out");
    let plan = Plan::new("squares", "{}", 2);
    let field = [(
        "bot".to_string(),
        "python3 bot.py".to_string(),
        vec![("bot.py".to_string(), script.clone())],
    )];
    let entrants = Entrants { stamps: stamp(&field), on_change: OnChange::Refuse("do this") };
    let flags =
        RunOptions { command: "test", shard: Shard::WHOLE, jobs: 1, batch: None, quiet: true };
    let run = Run { plan: &plan, out: &out, stop: None, options: flags };
    let play = |u: UnitId| {
        if u.0 == 1 {
            std::fs::write(&script, "v2, longer").unwrap();
        }
        fields(u, true)
    };
    driver::run_with(&Squares, &run, Some(&entrants), play, |_| {}).unwrap();
    let log = std::fs::read_to_string(out.join(report::LOG)).unwrap();
    assert_eq!(log.lines().count(), 1, "{log}");
    assert!(log.contains("has changed during the run, at its end: the games from then on are recorded as played by version 1"), "{log}");
    // The next run with the files as they are now plays on: they are version 1.
    let entrants = Entrants { stamps: stamp(&field), on_change: OnChange::Refuse("do this") };
    let again = driver::run_with(&Squares, &run, Some(&entrants), |u| fields(u, true), |_| {});
    assert_eq!(again.unwrap().0, "2 of 2 units, sum 1\n");
}
