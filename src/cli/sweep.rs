//! A training sweep over seeds (`menace train --seeds K --out DIR`) as units of the
//! tournament layer: seed `first_seed + u` is unit `u` (from its index, never its shard),
//! each run's summary (without its curve) is one results line, and the text printed is
//! [`summary`] of the lines, the same as `menace merge` prints for the shards' files.
//! Here, not in menace-core: the runs are core's, the tournament layer the arena's, and
//! the binary is where the two meet.

use std::path::Path;

use menace_arena::tournament::driver::{self, Run, RunOptions, UnitWords};
use menace_arena::tournament::{Merged, Plan, Record, ResultKind, UnitId};
use menace_core::learn::sweep::Columns;
use menace_core::learn::train::Summary;
use serde_json::{Map, Value};

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
    pub side: menace_core::game::Side,
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
        if self.side == menace_core::game::Side::Second {
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
        flags: RunOptions,
        out: &Path,
        train: impl Fn(u64) -> Result<Summary, String> + Sync,
    ) -> Result<String, String> {
        let plan = self.plan();
        let flags = RunOptions { jobs: flags.jobs.max(1), ..flags };
        let run = Run { plan: &plan, out, stop: None, options: flags };
        let play = |unit| self.record(unit, train(self.seed(unit)).as_ref().map_err(Clone::clone));
        let each = |r: &Record| {
            if !flags.quiet {
                eprintln!("{}: seed {} done", flags.command, r.data["seed"]);
            }
        };
        driver::run(&Sweep, &run, play, each).map(|(text, _)| text).map_err(String::from)
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
            side: menace_core::game::Side::First,
        }
    }

    #[test]
    fn only_a_second_side_sweep_names_its_side_in_its_fingerprint() {
        let first = config(2);
        let second = Config { side: menace_core::game::Side::Second, ..config(2) };
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
        let flags = RunOptions { command: "test", shard, jobs: 2, batch: None, quiet: true };
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
