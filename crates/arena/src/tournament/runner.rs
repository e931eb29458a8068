//! Running a shard's units: the ones not yet recorded, `jobs` at a time, each appended to
//! the journal as soon as it finishes.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::{Map, Value};

use super::record::{Journal, Record};
use super::unit::{Plan, UnitId};

/// Plays `units` with `jobs` worker threads (at least 1). `play` returns a unit's fields;
/// each record is appended to `journal` and then shown to `each` (for progress lines, and
/// for a stopping rule: once `each` breaks, no further unit starts, units under way still
/// finish and are recorded). Units are handed out in order; they may finish in any order,
/// which changes nothing in the results (a unit's result depends on its index only).
/// Stops at the first failed append and returns that error; units already recorded stay
/// recorded. Returns whether `each` stopped the run.
pub fn run_units<P, E>(
    journal: &Journal,
    plan: &Plan,
    units: &[UnitId],
    jobs: usize,
    play: P,
    each: E,
) -> std::io::Result<bool>
where
    P: Fn(UnitId) -> Map<String, Value> + Sync,
    E: Fn(&Record) -> ControlFlow<()> + Sync,
{
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let stopped = AtomicBool::new(false);
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, units.len().max(1)) {
            scope.spawn(|| loop {
                if failed.load(Ordering::SeqCst) || stopped.load(Ordering::SeqCst) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&unit) = units.get(i) else { return };
                let record = Record::new(plan, unit, play(unit));
                if let Err(e) = journal.append(&record) {
                    failed.store(true, Ordering::SeqCst);
                    error.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                    return;
                }
                if each(&record).is_break() {
                    stopped.store(true, Ordering::SeqCst);
                }
            });
        }
    });
    match error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(stopped.into_inner()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_is_recorded_once_whatever_the_job_count() {
        for jobs in [1, 3, 8] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("r.jsonl");
            let plan = Plan::new("t", "c", 10);
            let o = Journal::open(&path, &plan, |_| true).unwrap();
            let units: Vec<UnitId> = plan.all().filter(|u| u.0 != 4).collect();
            run_units(
                &o.journal,
                &plan,
                &units,
                jobs,
                |u| {
                    let mut m = Map::new();
                    m.insert("square".into(), Value::from(u.0 * u.0));
                    m
                },
                |_| ControlFlow::Continue(()),
            )
            .unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            let mut got: Vec<(u64, u64)> = text
                .lines()
                .map(|l| {
                    let r = Record::from_line(l).unwrap();
                    (r.unit.0, r.data["square"].as_u64().unwrap())
                })
                .collect();
            got.sort();
            let want: Vec<(u64, u64)> = units.iter().map(|u| (u.0, u.0 * u.0)).collect();
            assert_eq!(got, want, "jobs {jobs}");
        }
    }

    #[test]
    fn a_break_starts_no_further_unit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let plan = Plan::new("t", "c", 10);
        let o = Journal::open(&path, &plan, |_| true).unwrap();
        let units: Vec<UnitId> = plan.all().collect();
        let stopped = run_units(
            &o.journal,
            &plan,
            &units,
            1,
            |_| Map::new(),
            |r| if r.unit.0 == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) },
        )
        .unwrap();
        assert!(stopped);
        // One job: units 0 to 3 ran, in order, and nothing after the break.
        assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 4);
    }
}
