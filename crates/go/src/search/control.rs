//! Search control: what may end a search before its fixed playout count, and what a
//! running search shows of itself.
//!
//! A search without control ([`Control::default`]) runs its fixed number of playouts and
//! is deterministic. With a [`Control`] it may also end at a deadline, when another
//! thread raises a stop flag, or early when the most visited root move can no longer be
//! overtaken in the time left (the "obvious move" saving); and it can publish snapshots
//! of its root ([`Progress`]) for live analysis. What is searched stays seeded: only
//! *when* it ends depends on time, so a clocked search is reproducible up to its number
//! of playouts.

use crate::rules::board::Move;
use crate::search::ownership::Ownership;
use crate::search::reuse::Forest;
use crate::search::tree::Row;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Playouts between two looks at the clock and the stop flag: a clock read costs tens of
/// nanoseconds, a playout tens of microseconds, so the check is negligible, and a stop
/// is seen within a few milliseconds.
pub const CHECK_EVERY: usize = 32;

/// The limits of one search besides its playout budget.
#[derive(Clone, Copy, Debug, Default)]
pub struct Control<'a> {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this flag is raised (by another thread).
    pub stop: Option<&'a AtomicBool>,
    /// With a deadline: stop once the most visited root move of a thread's tree can no
    /// longer be overtaken in the playouts that thread can still run.
    pub early_stop: bool,
    /// Replace the position's playout budget (a clocked search runs to its deadline, up to
    /// this many playouts so a huge clock cannot exhaust memory or time).
    pub max_playouts: Option<usize>,
    /// Where the threads publish their root rows.
    pub progress: Option<&'a Progress>,
    /// Tree reuse: start from the kept trees when they fit, and keep the trees after.
    pub reuse: Option<&'a Mutex<Forest>>,
    /// Count who owns each point at the end of the playouts through each root move
    /// (`kata-analyze ... movesOwnership true`): each [`Row`] then carries it.
    pub moves_ownership: bool,
}

impl Control<'_> {
    /// Does anything besides the playout count limit the search?
    pub fn is_active(&self) -> bool {
        self.deadline.is_some() || self.stop.is_some() || self.progress.is_some()
    }

    /// Has the stop flag been raised or the deadline passed?
    pub fn should_stop(&self, now: Instant) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| now >= d)
    }

    /// The obvious-move test for one thread: `lead` visits between its two most visited
    /// root moves, `done` playouts run since `start`. The thread stops when even all the
    /// playouts it can still run (at its rate so far, up to `left_by_count`) could not
    /// change its most visited move.
    pub fn obvious(
        &self,
        start: Instant,
        now: Instant,
        done: usize,
        lead: u32,
        left_by_count: usize,
    ) -> bool {
        let (true, Some(deadline)) = (self.early_stop, self.deadline) else { return false };
        let spent = now.saturating_duration_since(start).as_secs_f64();
        if spent <= 0.0 || done == 0 {
            return false;
        }
        let rate = done as f64 / spent;
        let left_by_time = rate * deadline.saturating_duration_since(now).as_secs_f64();
        let left = left_by_time.min(left_by_count as f64);
        f64::from(lead) > left
    }
}

/// A root move with every thread's statistics summed: what live analysis reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Playouts through it, summed over the threads.
    pub visits: u32,
    /// Winrate for the player to move (0 to 1; 0 without playouts).
    pub winrate: f32,
    /// Prior share (0 to 1).
    pub prior: f32,
    /// Lower confidence bound of the winrate: `winrate - 1.96 * sqrt(wr (1 - wr) / visits)`
    /// (normal approximation), 0 without visits.
    pub lcb: f32,
    /// The principal variation from the thread's tree with the most visits of this move
    /// (the lowest thread index on a tie).
    pub pv: Vec<Move>,
    /// The visits of each move of `pv`, in that tree.
    pub pv_visits: Vec<u32>,
    /// Who owned each point at the end of the playouts through the move, summed over the
    /// threads, when the search counted it ([`Control::moves_ownership`]).
    pub ownership: Option<Ownership>,
    /// Black's mean final margin (komi included) over the playouts through the move;
    /// `None` without any.
    pub score: Option<f32>,
    /// Their standard deviation (`scoreStdev`); `None` without any.
    pub score_stdev: Option<f32>,
}

/// One thread's latest snapshot: its playouts so far and its root rows.
type Snapshot = (usize, Vec<Row>);

/// Root snapshots that the search threads publish while they run.
#[derive(Debug)]
pub struct Progress {
    /// How often a thread publishes.
    pub every: Duration,
    slots: Mutex<Vec<Option<Snapshot>>>,
    /// Whether the threads publish their ownership too ([`Progress::with_ownership`]).
    wants_ownership: bool,
    /// Each thread's latest ownership, when wanted.
    ownership: Mutex<Vec<Option<Ownership>>>,
}

impl Progress {
    /// Snapshots published every `every` (at most; at the next check after it).
    pub fn new(every: Duration) -> Progress {
        Progress {
            every,
            slots: Mutex::new(Vec::new()),
            wants_ownership: false,
            ownership: Mutex::new(Vec::new()),
        }
    }

    /// The threads also publish who owns each point (`kata-analyze ... ownership true`);
    /// without it, `ownership` is never called (summing a shared tree's slots waits for
    /// the playouts under way).
    pub fn with_ownership(mut self) -> Progress {
        self.wants_ownership = true;
        self
    }

    /// Thread `t` publishes its rows after `playouts` playouts, and its ownership when
    /// wanted.
    pub fn publish(
        &self,
        t: usize,
        playouts: usize,
        rows: Vec<Row>,
        ownership: impl FnOnce() -> Ownership,
    ) {
        if self.wants_ownership {
            put(&self.ownership, t, ownership());
        }
        put(&self.slots, t, (playouts, rows));
    }

    /// Forgets every snapshot (a new search starts).
    pub fn clear(&self) {
        self.slots.lock().unwrap_or_else(|p| p.into_inner()).clear();
        self.ownership.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }

    /// The threads' latest ownership, summed; `None` unless wanted.
    pub fn ownership(&self) -> Option<Ownership> {
        if !self.wants_ownership {
            return None;
        }
        let slots = self.ownership.lock().unwrap_or_else(|p| p.into_inner());
        let mut sum = Ownership::new();
        for own in slots.iter().flatten() {
            sum.merge(own);
        }
        Some(sum)
    }

    /// The playouts so far and the root moves, summed over the threads' latest
    /// snapshots, most visited first (ties in move order); moves without visits are left
    /// out.
    pub fn candidates(&self) -> (usize, Vec<Candidate>) {
        let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let mut playouts = 0;
        // (row summed, most visits of one thread, that thread's pv)
        let mut sums: Vec<(Row, u32)> = Vec::new();
        for (done, rows) in slots.iter().flatten() {
            playouts += done;
            for r in rows {
                match sums.iter_mut().find(|(s, _)| s.mv == r.mv) {
                    Some((s, most)) => {
                        s.visits += r.visits;
                        s.n += r.n;
                        s.w += r.w;
                        s.prior += r.prior;
                        s.score.merge(&r.score);
                        if let (Some(a), Some(b)) = (&mut s.ownership, &r.ownership) {
                            a.merge(b);
                        }
                        if r.visits > *most {
                            *most = r.visits;
                            s.pv = r.pv.clone();
                            s.pv_visits = r.pv_visits.clone();
                        }
                    }
                    None => sums.push((r.clone(), r.visits)),
                }
            }
        }
        let threads = slots.iter().flatten().count().max(1) as f32;
        let mut out: Vec<Candidate> = sums
            .into_iter()
            .filter(|(r, _)| r.visits > 0)
            .map(|(r, _)| {
                let winrate = if r.n > 0.0 { (r.w / r.n).clamp(0.0, 1.0) } else { 0.0 };
                let spread = 1.96 * (winrate * (1.0 - winrate) / r.visits as f32).sqrt();
                Candidate {
                    mv: r.mv,
                    visits: r.visits,
                    winrate,
                    prior: r.prior / threads,
                    lcb: (winrate - spread).max(0.0),
                    score: r.score.mean(),
                    score_stdev: r.score.stdev(),
                    pv: r.pv,
                    pv_visits: r.pv_visits,
                    ownership: r.ownership,
                }
            })
            .collect();
        out.sort_by(|a, b| b.visits.cmp(&a.visits).then(a.mv.cmp(&b.mv)));
        (playouts, out)
    }
}

/// Thread `t`'s latest snapshot in `slots`, which grows to hold it.
fn put<T: Clone>(slots: &Mutex<Vec<Option<T>>>, t: usize, value: T) {
    let mut slots = slots.lock().unwrap_or_else(|p| p.into_inner());
    if slots.len() <= t {
        slots.resize(t + 1, None);
    }
    slots[t] = Some(value);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ownership::ScoreSum;

    #[test]
    fn the_obvious_move_test_needs_a_deadline_and_compares_the_lead_with_what_is_left() {
        let start = Instant::now();
        let now = start + Duration::from_secs(1);
        let mut c = Control { early_stop: true, ..Control::default() };
        assert!(!c.obvious(start, now, 1000, 1_000_000, 10), "no deadline: never");
        c.deadline = Some(now + Duration::from_secs(1));
        // 1000 playouts a second, one second left: about 1000 more.
        assert!(c.obvious(start, now, 1000, 1001, usize::MAX));
        assert!(!c.obvious(start, now, 1000, 999, usize::MAX));
        // The playout cap leaves fewer.
        assert!(c.obvious(start, now, 1000, 11, 10));
        c.early_stop = false;
        assert!(!c.obvious(start, now, 1000, 1001, usize::MAX));
    }

    #[test]
    fn snapshots_sum_over_threads_and_take_the_pv_of_the_busiest() {
        let p = Progress::new(Duration::ZERO);
        let row = |mv, visits, pv: Vec<Move>| Row {
            mv,
            visits,
            n: visits as f32,
            w: visits as f32 / 2.0,
            prior: 0.5,
            pv,
            pv_visits: Vec::new(),
            ownership: None,
            score: {
                let mut s = ScoreSum::default();
                (0..visits).for_each(|_| s.add(1.0));
                s
            },
        };
        let (a, b) = (Move::Pass, Move::Play(crate::rules::board::Board::new(9).point(0, 1)));
        p.publish(1, 30, vec![row(a, 10, vec![a]), row(b, 20, vec![b, a])], || unreachable!());
        p.publish(0, 20, vec![row(a, 15, vec![a, b]), row(b, 5, vec![b])], || unreachable!());
        let (n, c) = p.candidates();
        assert_eq!(n, 50);
        assert_eq!(c.iter().map(|c| (c.mv, c.visits)).collect::<Vec<_>>(), [(a, 25), (b, 25)]);
        assert_eq!(c[0].pv, [a, b]);
        assert_eq!(c[1].pv, [b, a]);
        assert_eq!(c[0].winrate, 0.5);
        assert!(c[0].lcb < 0.5 && c[0].lcb > 0.25);
        assert_eq!(c[0].prior, 0.5);
        assert_eq!(c[0].score, Some(1.0), "a margin of 1 a playout, summed then averaged");
        assert_eq!(p.ownership(), None, "not asked for");
        p.clear();
        assert_eq!(p.candidates(), (0, vec![]));
    }

    #[test]
    fn the_stop_flag_and_the_deadline_stop() {
        let flag = AtomicBool::new(false);
        let now = Instant::now();
        let c = Control { stop: Some(&flag), ..Control::default() };
        assert!(!c.should_stop(now));
        flag.store(true, Ordering::Relaxed);
        assert!(c.should_stop(now));
        let d = Control { deadline: Some(now), ..Control::default() };
        assert!(d.should_stop(now) && !d.should_stop(now - Duration::from_millis(1)));
    }
}
