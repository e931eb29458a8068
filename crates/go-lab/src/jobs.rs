//! Work shared out to a number of threads, its results kept in order: the lab's fits,
//! searches and tuning games are each a list of independent items.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `f(0)`, ..., `f(n - 1)`, computed by `jobs` threads (at least one, at most `n`) that each
/// take the next index when they finish one, and returned in index order: the result does
/// not depend on the number of threads. A panic in `f` is the caller's.
pub fn in_order<R: Send>(n: usize, jobs: usize, f: impl Fn(usize) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<R>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, n.max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = f(i);
                out.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(r);
            });
        }
    });
    out.into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .map(|r| r.expect("every index is computed once the threads end"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_once_in_order_whatever_the_job_count() {
        let calls = AtomicUsize::new(0);
        for jobs in [0, 1, 3, 8, 50] {
            let got = in_order(20, jobs, |i| {
                calls.fetch_add(1, Ordering::Relaxed);
                i * i
            });
            assert_eq!(got, (0..20).map(|i| i * i).collect::<Vec<_>>(), "{jobs} jobs");
        }
        assert_eq!(calls.into_inner(), 5 * 20);
        assert!(in_order(0, 4, |i| i).is_empty());
    }
}
