//! A training sweep over seeds (`menace train --seeds K --out DIR`) as units of the
//! tournament layer: seed `first_seed + u` is unit `u` (from its index, never its shard),
//! each run's summary (without its curve) is one results line, and the text printed is
//! [`summary`] of the lines, the same as `menace merge` prints for the shards' files.

use std::path::Path;

use menace_arena::tournament::driver::{self, Flags, Run, UnitWords};
use menace_arena::tournament::{Merged, Plan, Record, ResultKind, UnitId};
use serde_json::{Map, Value};

use super::train::Summary;

/// The kind of a sweep's results lines.
pub const KIND: &str = "train";

/// The sweep's results lines, for the tournament driver and `menace merge`.
pub struct Sweep;

impl ResultKind for Sweep {
    fn kind(&self) -> &'static str {
        KIND
    }

    fn summary(&self, m: &Merged) -> Result<String, String> {
        summary(m)
    }

    fn words(&self) -> UnitWords {
        UnitWords { one: "seed", many: "seeds", verb: "train", done: "trained" }
    }
}

/// Everything that decides a sweep's results (its fingerprint).
#[derive(Clone, Debug)]
pub struct Config {
    /// The opponent, as `--opponent` names it.
    pub opponent: String,
    /// The bead rules, as text.
    pub rules: String,
    /// Training games per seed.
    pub games: u64,
    /// A curve point every this many games.
    pub every: u64,
    /// Check for unbeatability every this many games.
    pub check_every: u64,
    /// Stop once the greedy policy is unbeatable.
    pub stop_when_unbeatable: bool,
    /// The seed of unit 0.
    pub first_seed: u64,
    /// Seconds an external opponent may take per move.
    pub move_timeout: f64,
    /// Number of seeds (units).
    pub seeds: u64,
    /// MENACE's side.
    pub side: crate::game::Side,
}

impl Config {
    /// The plan: one unit per seed.
    pub fn plan(&self) -> Plan {
        let mut canonical = serde_json::json!({
            "kind": KIND,
            "opponent": self.opponent,
            "rules": self.rules,
            "games": self.games,
            "every": self.every,
            "check_every": self.check_every,
            "stop_when_unbeatable": self.stop_when_unbeatable,
            "first_seed": self.first_seed,
            "move_timeout": self.move_timeout,
        });
        // Only a second-side sweep names its side, so first-side sweeps keep the
        // fingerprint they had and their folders resume.
        if self.side == crate::game::Side::Second {
            canonical["side"] = "second".into();
        }
        Plan::new(KIND, &canonical.to_string(), self.seeds)
    }

    /// The seed of `unit`.
    pub fn seed(&self, unit: UnitId) -> u64 {
        self.first_seed.wrapping_add(unit.0)
    }

    /// Runs the units of `flags.shard` not yet in `out` (at most `flags.batch` of them)
    /// through the tournament driver, `flags.jobs` at once, `train(seed)` being one run;
    /// each finished seed is said on stderr (unless `flags.quiet`). The answer is
    /// [`summary`] of the results file.
    pub fn run(
        &self,
        flags: Flags,
        out: &Path,
        train: impl Fn(u64) -> Result<Summary, String> + Sync,
    ) -> Result<String, String> {
        let plan = self.plan();
        let flags = Flags { jobs: flags.jobs.max(1), ..flags };
        let run = Run { plan: &plan, out, stop: None, flags };
        let play = |unit| self.record(unit, train(self.seed(unit)).as_ref().map_err(Clone::clone));
        let each = |r: &Record| {
            if !flags.quiet {
                eprintln!("{}: seed {} done", flags.command, r.data["seed"]);
            }
        };
        driver::run(&Sweep, &run, play, each).map(|(text, _)| text)
    }

    /// The fields of `unit`'s line: its seed, the opponent, and the run's summary without
    /// its curve (or the error that stopped it).
    pub fn record(&self, unit: UnitId, run: Result<&Summary, String>) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("seed".into(), self.seed(unit).into());
        m.insert("opponent".into(), self.opponent.clone().into());
        match run {
            Ok(summary) => {
                let mut v = serde_json::to_value(summary).unwrap_or_default();
                if let Some(o) = v.as_object_mut() {
                    o.remove("curve");
                }
                m.insert("summary".into(), v);
            }
            Err(e) => {
                m.insert("error".into(), e.into());
            }
        }
        m
    }
}

/// `median M (range LOW..HIGH)` of `v`, or `-` when it is empty.
pub fn median_range(v: Vec<f64>) -> String {
    let Some(median) = menace_stats::stats::median(&v) else {
        return "-".into();
    };
    let low = v.iter().copied().fold(f64::INFINITY, f64::min);
    let high = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    format!("median {median} (range {low}..{high})")
}

/// The summary of a `--seeds` sweep from its lines alone: a line per seed, then the
/// medians and ranges over seeds.
pub fn summary(m: &Merged) -> Result<String, String> {
    use serde_json::Value;
    let mut out = String::new();
    let opponent = m
        .records
        .first()
        .and_then(|r| r.data.get("opponent"))
        .and_then(Value::as_str)
        .unwrap_or("?");
    out.push_str(&format!(
        "MENACE against {opponent}: {} of {} seeds (configuration {})\n",
        m.records.len(),
        m.units,
        m.config
    ));
    let num = |v: &Value, path: &[&str]| -> Option<f64> {
        path.iter().try_fold(v, |v, k| v.get(*k)).and_then(Value::as_f64)
    };
    let opt = |x: Option<f64>| x.map_or("-".to_string(), |n| n.to_string());
    let mut columns = Columns::default();
    for r in &m.records {
        let seed = r.data.get("seed").map(Value::to_string).unwrap_or_default();
        let Some(s) = r.data.get("summary") else {
            let e = r.data.get("error").and_then(Value::as_str).unwrap_or("no summary");
            out.push_str(&format!("seed {seed}: failed: {e}\n"));
            continue;
        };
        let f = |p: &[&str]| num(s, p);
        out.push_str(&format!(
            "seed {seed}: {} games, won {} drew {} lost {}; last loss at game {}; greedy policy unbeatable after game {} (for good from game {}); P(loss) vs best response {:.4}\n",
            opt(f(&["games"])),
            opt(f(&["tally", "win"])),
            opt(f(&["tally", "draw"])),
            opt(f(&["tally", "loss"])),
            opt(f(&["last_loss"])),
            opt(f(&["unbeatable_after"])),
            opt(f(&["unbeatable_since"])),
            f(&["end", "exploitability"]).unwrap_or(f64::NAN),
        ));
        columns.push(
            [f(&["last_loss"]), f(&["unbeatable_after"]), f(&["unbeatable_since"])],
            f(&["end", "exploitability"]),
            f(&["tally", "loss"]),
        );
    }
    out.push_str(&columns.text(m.records.len()));
    Ok(out)
}

/// The columns over seeds that both sweep summaries report (the recorded one, from the
/// lines, and the in-memory one of `menace train --seeds K`), gathered run by run.
#[derive(Clone, Debug, Default)]
pub struct Columns {
    /// Per column (last loss, greedy unbeatable after, unbeatable for good from): the
    /// values of the runs that got there.
    settled: [Vec<f64>; 3],
    /// Per column: the runs that never got there.
    never: [usize; 3],
    /// P(loss) against the best response at the end, per run.
    exploitability: Vec<f64>,
    /// Games lost, per run (the figure Scroggs reports against perfect play).
    lost: Vec<f64>,
}

impl Columns {
    /// Adds one run: the game of its last loss, after which its greedy policy was first
    /// unbeatable and from which for good (`None`: never), its P(loss) against the best
    /// response at the end and the games it lost (`None`: unknown, left out).
    pub fn push(
        &mut self,
        settled: [Option<f64>; 3],
        exploitability: Option<f64>,
        lost: Option<f64>,
    ) {
        self.lost.extend(lost);
        for (k, x) in settled.into_iter().enumerate() {
            match x {
                Some(x) => self.settled[k].push(x),
                None => self.never[k] += 1,
            }
        }
        self.exploitability.extend(exploitability);
    }

    /// `summary over N seeds:` and a line per column, median and range (`runs` is N).
    pub fn text(&self, runs: usize) -> String {
        let [a, b, c] = &self.settled;
        format!(
            "summary over {runs} seeds:\n  \
             games lost: {}\n  \
             last loss at game: {} ({} runs never lost)\n  \
             greedy unbeatable after: {} ({} runs never)\n  \
             greedy unbeatable for good from: {} ({} runs not at the end)\n  \
             P(loss) vs best response at the end: {}\n",
            median_range(self.lost.clone()),
            median_range(a.clone()),
            self.never[0],
            median_range(b.clone()),
            self.never[1],
            median_range(c.clone()),
            self.never[2],
            median_range(self.exploitability.clone()),
        )
    }
}

/// What `menace train --seeds K` prints for runs it kept in memory (no `--out`): each
/// run in words ([`Summary::describe`]), the [`Columns`], and the median result against
/// random at the end.
pub fn describe_runs(runs: &[(u64, Summary)]) -> String {
    let mut out = String::new();
    let mut columns = Columns::default();
    for (seed, s) in runs {
        out.push_str(&s.describe(*seed));
        out.push('\n');
        let game = |n: Option<u64>| n.map(|n| n as f64);
        columns.push(
            [game(s.last_loss), game(s.unbeatable_after), game(s.unbeatable_since)],
            Some(s.end.exploitability),
            Some(s.tally.loss as f64),
        );
    }
    out.push_str(&columns.text(runs.len()));
    // Rounded to three places first, as the per-run lines show them.
    let col = |f: &dyn Fn(&Summary) -> f64| {
        median_range(runs.iter().map(|(_, s)| (f(s) * 1000.0).round() / 1000.0).collect())
    };
    out.push_str(&format!(
        "  vs random at the end, W/D/L: {} / {} / {}\n",
        col(&|s| s.end.vs_random.win),
        col(&|s| s.end.vs_random.draw),
        col(&|s| s.end.vs_random.loss)
    ));
    out
}

/// Runs `run` for the seeds `first`, `first + 1`, ... (`count` of them, wrapping) on
/// `jobs` threads and gives the results in seed order, whatever order they finish in;
/// the first failing seed's error (`seed S: ...`) if any failed. Each run is
/// reproducible from its seed alone.
pub fn run_seeds<T: Send>(
    first: u64,
    count: u64,
    jobs: usize,
    run: impl Fn(u64) -> Result<T, String> + Sync,
) -> Result<Vec<(u64, T)>, String> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let seeds: Vec<u64> = (0..count).map(|i| first.wrapping_add(i)).collect();
    let results: Vec<Result<T, String>> =
        pool.install(|| seeds.par_iter().map(|&s| run(s)).collect());
    seeds
        .into_iter()
        .zip(results)
        .map(|(seed, r)| r.map(|t| (seed, t)).map_err(|e| format!("seed {seed}: {e}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_arena::tournament::merge;

    fn config(seeds: u64) -> Config {
        Config {
            opponent: "random".into(),
            rules: "michie".into(),
            games: 10,
            every: 1,
            check_every: 1,
            stop_when_unbeatable: false,
            first_seed: u64::MAX,
            move_timeout: 5.0,
            seeds,
            side: crate::game::Side::First,
        }
    }

    #[test]
    fn only_a_second_side_sweep_names_its_side_in_its_fingerprint() {
        let first = config(2);
        let second = Config { side: crate::game::Side::Second, ..config(2) };
        assert_ne!(first.plan(), second.plan());
        // The first side's fingerprint is the one it had before sides were named.
        let before = serde_json::json!({
            "kind": KIND, "opponent": "random", "rules": "michie", "games": 10, "every": 1,
            "check_every": 1, "stop_when_unbeatable": false, "first_seed": u64::MAX,
            "move_timeout": 5.0,
        });
        assert_eq!(first.plan(), Plan::new(KIND, &before.to_string(), 2));
    }

    #[test]
    fn a_line_holds_its_seed_and_summary_without_the_curve_and_the_summary_reads_it() {
        let c = config(2);
        // Seeds follow the unit from the first seed, wrapping.
        assert_eq!((c.seed(UnitId(0)), c.seed(UnitId(1))), (u64::MAX, 0));
        let run = Summary { games: 10, last_loss: Some(4), ..Summary::default() };
        let ok = c.record(UnitId(0), Ok(&run));
        assert!(ok["summary"].get("curve").is_none() && ok["summary"]["games"] == 10);
        let failed = c.record(UnitId(1), Err("no such program".into()));
        assert_eq!(failed["error"], "no such program");
        let plan = c.plan();
        let text: String = [ok, failed]
            .into_iter()
            .enumerate()
            .map(|(u, m)| Record::new(&plan, UnitId(u as u64), m).to_line() + "\n")
            .collect();
        let m = merge(&[("t".into(), text)]).unwrap();
        let s = summary(&m).unwrap();
        assert!(s.starts_with("MENACE against random: 2 of 2 seeds"), "{s}");
        assert!(s.contains("seed 0: failed: no such program"), "{s}");
        assert!(s.contains("last loss at game: median 4 (range 4..4) (0 runs never lost)"), "{s}");
        // Another opponent is another fingerprint; more seeds, more units of the same one.
        let other = Config { opponent: "perfect".into(), ..config(2) };
        assert_ne!(plan.config, other.plan().config);
        assert_eq!((plan.config, config(3).plan().units), (config(3).plan().config, 3));
    }
    #[test]
    fn columns_count_the_runs_that_never_got_there_and_give_medians_of_the_others() {
        let mut c = Columns::default();
        c.push([Some(3.0), None, None], Some(0.5), Some(40.0));
        c.push([Some(5.0), Some(7.0), None], None, Some(130.0));
        let t = c.text(2);
        assert!(
            t.starts_with("summary over 2 seeds:\n  games lost: median 85 (range 40..130)\n"),
            "{t}"
        );
        assert!(t.contains("last loss at game: median 4 (range 3..5) (0 runs never lost)"), "{t}");
        assert!(t.contains("greedy unbeatable after: median 7 (range 7..7) (1 runs never)"), "{t}");
        assert!(t.contains("for good from: - (2 runs not at the end)"), "{t}");
        assert!(t.ends_with("P(loss) vs best response at the end: median 0.5 (range 0.5..0.5)\n"));
    }

    #[test]
    fn in_memory_runs_are_described_in_seed_order_with_the_columns_and_random_results() {
        let run = |last: u64| Summary { games: 10, last_loss: Some(last), ..Summary::default() };
        let text = describe_runs(&[(8, run(2)), (9, run(6))]);
        assert!(text.starts_with("seed 8: 10 games"), "{text}");
        assert!(text.find("seed 8:") < text.find("seed 9:"), "{text}");
        assert!(text.contains("last loss at game: median 4 (range 2..6)"), "{text}");
        assert!(text.ends_with("vs random at the end, W/D/L: median 0 (range 0..0) / median 0 (range 0..0) / median 0 (range 0..0)\n"), "{text}");
    }

    #[test]
    fn seeds_come_back_in_order_and_the_first_failure_names_its_seed() {
        let ok = run_seeds(u64::MAX, 3, 2, Ok::<u64, String>).unwrap();
        assert_eq!(ok, vec![(u64::MAX, u64::MAX), (0, 0), (1, 1)]);
        let failed = run_seeds(5, 4, 2, |s| if s >= 6 { Err(format!("no {s}")) } else { Ok(s) });
        assert_eq!(failed, Err("seed 6: no 6".to_string()));
    }

    #[test]
    fn a_run_records_a_line_per_seed_and_a_resumed_run_trains_no_seed_again() {
        let dir = tempfile::tempdir().unwrap();
        let c = Config { first_seed: 5, ..config(3) };
        let trained = std::sync::Mutex::new(Vec::new());
        let train = |seed: u64| {
            trained.lock().unwrap().push(seed);
            if seed == 6 {
                return Err("no such program".to_string());
            }
            Ok(Summary { games: 10, last_loss: Some(seed), ..Summary::default() })
        };
        let shard = menace_arena::tournament::Shard::WHOLE;
        let flags = Flags { command: "test", shard, jobs: 2, batch: None, quiet: true };
        let text = c.run(flags, dir.path(), train).unwrap();
        assert!(text.contains("seed 6: failed: no such program"), "{text}");
        assert!(text.contains("last loss at game: median 6 (range 5..7)"), "{text}");
        let mut seeds = trained.lock().unwrap().clone();
        seeds.sort();
        assert_eq!(seeds, [5, 6, 7]);
        let again = c.run(flags, dir.path(), train).unwrap();
        assert_eq!((again, trained.lock().unwrap().len()), (text, 3));
    }
}
