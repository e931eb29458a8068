//! Experiments over many seeds: seed `i` of a run is `base_seed + i`, seeds run in
//! parallel and come back in seed order ([`per_seed`]); per-seed counts are summarised as
//! a median and range ([`OverSeeds`]); "from which game on did a condition hold for good"
//! is tracked by [`Settles`].

use rayon::prelude::*;

use menace_stats::stats::{middle, Middle};

/// Median and range of per-seed counts; `None` (not reached within the budget) sorts
/// above every number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverSeeds {
    /// Per seed, in seed order.
    pub values: Vec<Option<usize>>,
}

impl OverSeeds {
    fn sorted(&self) -> Vec<Option<usize>> {
        let mut v = self.values.clone();
        v.sort_by_key(|x| x.unwrap_or(usize::MAX));
        v
    }

    /// The median (the mean of the middle two for an even count, rounded down); `None`
    /// if it falls on a run that never got there.
    pub fn median(&self) -> Option<usize> {
        match middle(&self.sorted())? {
            Middle::One(x) => x,
            Middle::Two(a, b) => Some((a? + b?) / 2),
        }
    }

    /// `median (min-max)`, with `>B` for runs that did not get there within budget `B`.
    pub fn show(&self, budget: usize) -> String {
        let f = |x: Option<usize>| x.map_or(format!(">{budget}"), |n| n.to_string());
        let v = self.sorted();
        if v.is_empty() {
            return "-".into();
        }
        format!("{} ({}-{})", f(self.median()), f(v[0]), f(v[v.len() - 1]))
    }
}

/// Tracks "from game N on, the condition held at every check": the answer is one check
/// interval after the last failing check, if the last check passed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Settles {
    last_fail: usize,
    holds_now: bool,
}

impl Settles {
    pub(crate) fn check(&mut self, games: usize, holds: bool) {
        if !holds {
            self.last_fail = games;
        }
        self.holds_now = holds;
    }
    /// The first checked game count from which the condition held at every later check
    /// (the first check, after `every` games, if it never failed).
    pub(crate) fn games(&self, every: usize) -> Option<usize> {
        self.holds_now.then_some(self.last_fail + every)
    }
}

pub(crate) fn per_seed<T: Send>(
    seeds: usize,
    base: u64,
    f: impl Fn(u64) -> T + Sync + Send,
) -> Vec<T> {
    (0..seeds as u64).into_par_iter().map(|i| f(base + i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_put_unfinished_runs_last() {
        let s = OverSeeds { values: vec![Some(30), None, Some(10), Some(20)] };
        assert_eq!(s.median(), Some(25));
        assert_eq!(s.show(100), "25 (10->100)");
        let s = OverSeeds { values: vec![Some(30), None, None] };
        assert_eq!(s.median(), None);
        assert_eq!(s.show(100), ">100 (30->100)");
    }

    #[test]
    fn settling_is_counted_from_the_last_failure() {
        let mut s = Settles::default();
        for (g, ok) in [(10, false), (20, true), (30, false), (40, true), (50, true)] {
            s.check(g, ok);
        }
        assert_eq!(s.games(10), Some(40));
        s.check(60, false);
        assert_eq!(s.games(10), None);
        let mut t = Settles::default();
        t.check(10, true);
        assert_eq!(t.games(10), Some(10));
    }
}
