//! Putting shards back together: every unit exactly once, one kind, one configuration.

use std::collections::BTreeMap;

use super::record::{complete_lines, parse_lines, Record};
use super::unit::{Fingerprint, UnitId};

/// The records of a whole tournament (or of one shard, for a partial summary), in unit
/// order.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The kind of tournament.
    pub kind: String,
    /// The configuration's fingerprint.
    pub config: Fingerprint,
    /// Units in the whole tournament.
    pub units: u64,
    /// The records, sorted by unit.
    pub records: Vec<Record>,
}

/// Why files could not be merged: one clear sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError(pub String);

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MergeError {}

/// Lists up to a few unit numbers, e.g. `3, 7, 12 and 5 more`.
fn some_units(units: &[u64]) -> String {
    let shown: Vec<String> = units.iter().take(8).map(u64::to_string).collect();
    let mut s = shown.join(", ");
    if units.len() > 8 {
        s.push_str(&format!(" and {} more", units.len() - 8));
    }
    s
}

impl Merged {
    /// Checks that `records` (with the name of the file each came from) share one kind,
    /// configuration and unit count, and hold no unit twice; with `complete`, that every
    /// unit is there.
    pub fn from_records(
        records: Vec<(String, Record)>,
        complete: bool,
    ) -> Result<Merged, MergeError> {
        let Some((first_label, first)) = records.first().cloned() else {
            return Err(MergeError("no results to merge (the files hold no complete line)".into()));
        };
        let mut by_unit: BTreeMap<UnitId, (String, Record)> = BTreeMap::new();
        for (label, r) in records {
            if r.kind != first.kind || r.config != first.config || r.units != first.units {
                return Err(MergeError(format!(
                    "{label} (unit {}) is from another tournament than {first_label}: kind {} vs {}, configuration {} vs {}, {} vs {} units",
                    r.unit, r.kind, first.kind, r.config, first.config, r.units, first.units
                )));
            }
            if let Some((other, _)) = by_unit.get(&r.unit) {
                return Err(MergeError(format!(
                    "unit {} is recorded twice ({other} and {label}): were two runs given the same shard?",
                    r.unit
                )));
            }
            by_unit.insert(r.unit, (label, r));
        }
        if complete {
            let missing: Vec<u64> =
                (0..first.units).filter(|u| !by_unit.contains_key(&UnitId(*u))).collect();
            if !missing.is_empty() {
                return Err(MergeError(format!(
                    "{} of {} units are missing: {} (has every shard finished? give all shards' files)",
                    missing.len(),
                    first.units,
                    some_units(&missing)
                )));
            }
        }
        Ok(Merged {
            kind: first.kind,
            config: first.config,
            units: first.units,
            records: by_unit.into_values().map(|(_, r)| r).collect(),
        })
    }
}

/// Merges the text of several results files (`(label, text)`, the label naming the file
/// in messages). A torn last line in a file is ignored (its unit then counts as missing);
/// everything else must parse.
pub fn merge(files: &[(String, String)]) -> Result<Merged, MergeError> {
    let mut all = Vec::new();
    for (label, text) in files {
        let (lines, _) = complete_lines(text);
        let records = parse_lines(label, &lines).map_err(|e| MergeError(e.0))?;
        all.extend(records.into_iter().map(|r| (label.clone(), r)));
    }
    Merged::from_records(all, true)
}

#[cfg(test)]
mod tests {
    use super::super::unit::Plan;
    use super::*;
    use serde_json::{Map, Value};

    fn line(plan: &Plan, u: u64) -> String {
        let mut m = Map::new();
        m.insert("v".into(), Value::from(u * 10));
        Record::new(plan, UnitId(u), m).to_line() + "\n"
    }

    #[test]
    fn shards_merge_in_unit_order() {
        let plan = Plan::new("t", "c", 5);
        let a: String = [4, 0, 2].iter().map(|&u| line(&plan, u)).collect();
        let b: String = [3, 1].iter().map(|&u| line(&plan, u)).collect();
        let m = merge(&[("a".into(), a), ("b".into(), b)]).unwrap();
        let units: Vec<u64> = m.records.iter().map(|r| r.unit.0).collect();
        assert_eq!(units, [0, 1, 2, 3, 4]);
    }

    #[test]
    fn missing_duplicate_and_foreign_units_are_errors() {
        let plan = Plan::new("t", "c", 3);
        let e = merge(&[("a".into(), line(&plan, 0) + &line(&plan, 2))]).unwrap_err();
        assert!(e.0.contains("1 of 3 units are missing: 1"), "{e}");
        let e = merge(&[
            ("a".into(), line(&plan, 0) + &line(&plan, 1)),
            ("b".into(), line(&plan, 1) + &line(&plan, 2)),
        ])
        .unwrap_err();
        assert!(e.0.contains("unit 1 is recorded twice (a and b)"), "{e}");
        let other = Plan::new("t", "d", 3);
        let e =
            merge(&[("a".into(), line(&plan, 0) + &line(&plan, 1)), ("b".into(), line(&other, 2))])
                .unwrap_err();
        assert!(e.0.contains("another tournament"), "{e}");
        let e = merge(&[("a".into(), String::new())]).unwrap_err();
        assert!(e.0.contains("no results"), "{e}");
        // A torn last line is not read; its unit is then missing.
        let torn = line(&plan, 0) + &line(&plan, 1) + &line(&plan, 2)[..9];
        assert!(merge(&[("a".into(), torn)]).unwrap_err().0.contains("missing: 2"));
    }

    proptest::proptest! {
        /// Arbitrary bytes as results files: one clear error or a merge, never a panic.
        #[test]
        fn arbitrary_files_never_panic(a in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400), b in "[{}\":,0-9a-z\n ]{0,300}") {
            let a = String::from_utf8_lossy(&a).into_owned();
            let _ = merge(&[("a".into(), a), ("b".into(), b.clone())]);
            let _ = Record::from_line(&b);
        }

        /// Valid lines of a plan, split any way over files, merge back to every unit once.
        #[test]
        fn any_split_merges_back(units in 1u64..20, cut in proptest::collection::vec(0usize..3, 20)) {
            let plan = Plan::new("t", "c", units);
            let mut files = vec![String::new(), String::new(), String::new()];
            for u in 0..units {
                files[cut[u as usize]].push_str(&line(&plan, u));
            }
            let labelled: Vec<(String, String)> = files.into_iter().enumerate().map(|(i, t)| (i.to_string(), t)).collect();
            let m = merge(&labelled).unwrap();
            let got: Vec<u64> = m.records.iter().map(|r| r.unit.0).collect();
            proptest::prop_assert_eq!(got, (0..units).collect::<Vec<_>>());
        }
    }
}
