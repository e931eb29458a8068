//! Training sweeps over seeds: the runs, one a seed, on threads in seed order
//! ([`run_seeds`]), and the columns over seeds their summaries report ([`Columns`],
//! [`describe_runs`]). A sweep recorded as units of the tournament layer (`menace train
//! --seeds K --out DIR`) is the binary's, which knows that layer; core does not.

use super::train::Summary;

/// `median M (range LOW..HIGH)` of `v`, or `-` when it is empty.
pub fn median_range(v: Vec<f64>) -> String {
    let Some(median) = menace_stats::stats::median(&v) else {
        return "-".into();
    };
    let low = v.iter().copied().fold(f64::INFINITY, f64::min);
    let high = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    format!("median {median} (range {low}..{high})")
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
}
