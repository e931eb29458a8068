//! `menace pd --games`: games as units of the tournament layer
//! ([`menace_arena::tournament`]).
//!
//! Game `u` takes its id order and generated round seeds from a generator seeded with
//! `UnitId(u).seed(base)`, a function of the game's index and `--seed` only, so a game
//! plays the same on one machine, in any shard of a Slurm array, or resumed after a kill.
//! Each finished game is one results line holding its [`Finals`]; the printed table is
//! computed from the lines alone, which is why `menace merge` of the shards' files prints
//! what a one-machine run prints.
//!
//! ```
//! use menace_arena::tournament::UnitId;
//! use menace_pd::tournament::unit_plan;
//!
//! let (ids, seeds) = unit_plan(UnitId(3), 1, 4, 100, None, None);
//! assert_eq!(ids.len(), 4);
//! assert_eq!(seeds.len(), 100);
//! // The same unit under the same base seed: the same game, wherever it runs.
//! assert_eq!(unit_plan(UnitId(3), 1, 4, 100, None, None), (ids, seeds));
//! ```

use menace_arena::tournament::{Merged, Record, UnitId};
use menace_stats::rng::from_seed;
use menace_stats::rng::RngCore;
use serde_json::{Map, Value};

use super::judge::{shuffled_ids, Finals, GameResult};
use super::report;
use super::rules::Id;
use super::seeds;

/// The kind of a prisoner's-dilemma results line.
pub const KIND: &str = "pd";

/// Game `unit`'s id order (`ids[i]` for the i-th listed player) and round seeds: the
/// fixed `order` and `file_seeds` when given, else drawn from the unit's own generator
/// (`UnitId::seed(base)`): first the shuffle's seed, then the round seeds' seed.
pub fn unit_plan(
    unit: UnitId,
    base: u64,
    players: usize,
    rounds: usize,
    order: Option<&[Id]>,
    file_seeds: Option<&[u64]>,
) -> (Vec<Id>, Vec<u64>) {
    let mut g = from_seed(unit.seed(base));
    let order_seed = g.next_u64();
    let seed_seed = g.next_u64();
    let ids = order.map_or_else(|| shuffled_ids(players, order_seed), <[Id]>::to_vec);
    let s = file_seeds.map_or_else(|| seeds::generate(seed_seed, rounds), <[u64]>::to_vec);
    (ids, s)
}

/// The fields of a finished game's results line: its [`Finals`] (`names`, `ids`,
/// `final_scores`), the number of rounds and of incidents. No clock times, so the same
/// arguments give byte-identical lines.
pub fn record_fields(g: &GameResult) -> Map<String, Value> {
    let mut m = match serde_json::to_value(g.finals()) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    m.insert("rounds".into(), Value::from(g.history.len()));
    m.insert("incidents".into(), Value::from(g.incidents.len()));
    m
}

/// The [`Finals`] of a results line, checked (the line may come from any file).
pub fn finals_of(r: &Record) -> Result<Finals, String> {
    let f: Finals = serde_json::from_value(Value::Object(r.data.clone()))
        .map_err(|e| format!("unit {}: not a prisoner's-dilemma game: {e}", r.unit))?;
    f.check().map_err(|e| format!("unit {}: {e}", r.unit))?;
    Ok(f)
}

/// The games of merged lines, in unit order, checked to be games of one field (the same
/// players, in the same listed order).
pub fn games(m: &Merged) -> Result<Vec<Finals>, String> {
    let games: Vec<Finals> = m.records.iter().map(finals_of).collect::<Result<_, _>>()?;
    if let Some(first) = games.first() {
        let listed = |f: &Finals| -> Vec<String> {
            f.ids.iter().map(|&id| f.names[(id - 1) as usize].clone()).collect()
        };
        let want = listed(first);
        for (g, r) in games.iter().zip(&m.records) {
            if listed(g) != want {
                return Err(format!("unit {} has another field of players than unit 0", r.unit));
            }
        }
    }
    Ok(games)
}

/// The summary printed for a tournament's lines: a one-game tournament prints that game's
/// standings, a longer one the mean and spread per player ([`report::summary_table`]),
/// preceded by how many games the lines cover when some are missing.
pub fn summary(m: &Merged) -> Result<String, String> {
    let games = games(m)?;
    let mut out = String::new();
    if (games.len() as u64) < m.units {
        out.push_str(&format!("{} of {} games\n", games.len(), m.units));
    }
    match games.as_slice() {
        [] => {}
        [one] if m.units == 1 => out.push_str(&report::standings(one)),
        _ => out.push_str(&report::summary_table(&report::summarize(&games))),
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_arena::tournament::Plan;

    fn merged(lines: &[&str]) -> Result<Merged, String> {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        menace_arena::tournament::merge(&[("t".into(), text)]).map_err(|e| e.0)
    }

    fn line(unit: u64, data: &str) -> String {
        let plan = Plan::new(KIND, "c", 2);
        let Value::Object(m) = serde_json::from_str(data).unwrap() else { unreachable!() };
        Record::new(&plan, UnitId(unit), m).to_line()
    }

    #[test]
    fn damaged_lines_are_refused_with_the_unit_named_never_a_panic() {
        let good = r#"{"names":["a","b"],"ids":[2,1],"final_scores":[3,-1]}"#;
        let cases = [
            (r#"{"names":["a","b"],"ids":[2,1],"final_scores":[3]}"#, "2 names but 1"),
            (r#"{"names":["a","b"],"ids":[2,2],"final_scores":[3,1]}"#, "permutation"),
            (r#"{"names":["a","b"],"ids":[0,3],"final_scores":[3,1]}"#, "permutation"),
            (r#"{"names":["a"],"ids":[1],"final_scores":[3]}"#, "another field"),
            (r#"{"names":["a","b"],"ids":[1,2],"final_scores":[3,1]}"#, "another field"),
            (r#"{"error":"x"}"#, "not a prisoner's-dilemma game"),
        ];
        for (bad, want) in cases {
            let m = merged(&[&line(0, good), &line(1, bad)]).unwrap();
            let err = summary(&m).unwrap_err();
            assert!(err.contains("unit 1") && err.contains(want), "{bad}: {err}");
        }
        let m = merged(&[&line(0, good), &line(1, good)]).unwrap();
        assert!(summary(&m).unwrap().contains("  a\n"));
    }

    #[test]
    fn a_unit_plan_depends_on_its_index_and_the_seed_only() {
        let a = unit_plan(UnitId(5), 7, 6, 40, None, None);
        assert_eq!(a, unit_plan(UnitId(5), 7, 6, 40, None, None));
        assert_ne!(a, unit_plan(UnitId(6), 7, 6, 40, None, None));
        assert_ne!(a, unit_plan(UnitId(5), 8, 6, 40, None, None));
        let order = [3, 1, 2];
        let seeds = [9u64; 10];
        let (ids, s) = unit_plan(UnitId(5), 7, 3, 10, Some(&order), Some(&seeds));
        assert_eq!((ids.as_slice(), s.as_slice()), (&order[..], &seeds[..]));
    }
}
