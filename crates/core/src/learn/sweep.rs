//! A training sweep over seeds (`menace train --seeds K --out DIR`) as units of the
//! tournament layer: seed `first_seed + u` is unit `u` (from its index, never its shard),
//! each run's summary (without its curve) is one results line, and the text printed is
//! [`summary`] of the lines, the same as `menace merge` prints for the shards' files.

use menace_arena::tournament::{Merged, Plan, ResultKind, UnitId};
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
}

impl Config {
    /// The plan: one unit per seed.
    pub fn plan(&self) -> Plan {
        let canonical = serde_json::json!({
            "kind": KIND,
            "opponent": self.opponent,
            "rules": self.rules,
            "games": self.games,
            "every": self.every,
            "check_every": self.check_every,
            "stop_when_unbeatable": self.stop_when_unbeatable,
            "first_seed": self.first_seed,
            "move_timeout": self.move_timeout,
        })
        .to_string();
        Plan::new(KIND, &canonical, self.seeds)
    }

    /// The seed of `unit`.
    pub fn seed(&self, unit: UnitId) -> u64 {
        self.first_seed.wrapping_add(unit.0)
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
    let mut cols: [Vec<f64>; 4] = Default::default();
    let mut never = [0usize; 3];
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
        for (k, key) in ["last_loss", "unbeatable_after", "unbeatable_since"].iter().enumerate() {
            match f(&[key]) {
                Some(x) => cols[k].push(x),
                None => never[k] += 1,
            }
        }
        if let Some(x) = f(&["end", "exploitability"]) {
            cols[3].push(x);
        }
    }
    let [a, b, c, d] = cols;
    out.push_str(&format!("summary over {} seeds:\n", m.records.len()));
    out.push_str(&format!(
        "  last loss at game: {} ({} runs never lost)\n",
        median_range(a),
        never[0]
    ));
    out.push_str(&format!(
        "  greedy unbeatable after: {} ({} runs never)\n",
        median_range(b),
        never[1]
    ));
    out.push_str(&format!(
        "  greedy unbeatable for good from: {} ({} runs not at the end)\n",
        median_range(c),
        never[2]
    ));
    out.push_str(&format!("  P(loss) vs best response at the end: {}\n", median_range(d)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_arena::tournament::{merge, Record};

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
        }
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
}
