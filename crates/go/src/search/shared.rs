//! The shared-tree driver ([`Parallel::SharedTree`](crate::search::params::Parallel)):
//! one tree, which one thread (its owner) walks, expands and updates in a fixed order,
//! while all the threads run playouts. Playout `i` is descended once playout `i - W` is
//! backed up (`W`, the window, from [`shared_window`]), with a virtual loss on its path so
//! that the playouts in flight spread out; it runs with the generator of its slot `i % W`
//! (seeded `seed + slot`), whichever thread runs it; the playouts are backed up in their
//! order. The thread that runs a playout also creates the children of its leaf when the
//! playout makes the leaf expandable (a function of the leaf's position), so that the owner
//! only installs them. The search is thus a function of its input and the window; with one
//! thread the window is one and it is the root-parallel search with one thread, playout
//! for playout.

use crate::rules::board::Board;
use crate::search::config::Resolved;
use crate::search::control::{Control, CHECK_EVERY};
use crate::search::ownership::Ownership;
use crate::search::params::SelfAtari;
use crate::search::tree::{playout_margin, Expander, Node, RootRules, Tree, Walk};
use menace_stats::rng::{from_seed, GameRng};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// A shared tree's playouts in flight with `threads` threads: one for a single thread (the
/// sequential search, playout for playout), else four per thread, so that the threads
/// find playouts queued while the owner of the tree walks and updates it, or runs a playout
/// itself (two per thread left the other thread idle more often on a busy machine).
pub fn shared_window(threads: usize) -> usize {
    if threads <= 1 {
        1
    } else {
        4 * threads
    }
}

/// One playout of a shared tree in flight: its leaf position, its walk, its result, and
/// the generator of its slot; and, when its backup makes the leaf expandable, the leaf's
/// children, created by the thread that plays it.
pub(crate) struct Slot {
    pub(crate) board: Board,
    pub(crate) walk: Walk,
    pub(crate) rng: GameRng,
    /// Black's margin under the real komi, once known.
    pub(crate) margin: f32,
    /// The leaf whose children this playout creates ([`Tree::wants_children`]).
    pub(crate) leaf: Option<u32>,
    /// Those children, for [`Tree::offer`].
    pub(crate) kids: Vec<Node>,
    pub(crate) expander: Expander,
}

/// Who plays what: the slots waiting for a thread, in the order they were descended, and
/// who sleeps.
pub(crate) struct Schedule {
    pub(crate) queue: std::collections::VecDeque<usize>,
    /// Playing threads asleep on [`Pipeline::queued`]: the owner wakes one only when there
    /// is one (a wake is a system call, once a playout, for the thread that all the others
    /// wait on).
    pub(crate) asleep: usize,
    /// The search is over: the playing threads end.
    pub(crate) over: bool,
    /// A playing thread panicked: the owner panics too, instead of waiting for it.
    pub(crate) failed: bool,
}

impl Schedule {
    /// The next queued slot, keeping `pending` equal to the queue's length.
    pub(crate) fn pop(&mut self, pending: &AtomicUsize) -> Option<usize> {
        let j = self.queue.pop_front();
        pending.store(self.queue.len(), Ordering::Release);
        j
    }
}

/// A value on cache lines of its own (128 bytes: two lines, for the processors that fetch
/// lines in pairs), so that the threads writing one flag or counter do not take the line
/// of another from the threads reading it.
#[repr(align(128))]
pub(crate) struct Line<T>(T);

impl<T> std::ops::Deref for Line<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// How long a thread with nothing to do spins before it sleeps: a 19x19 playout takes
/// over 100 µs, and waking a sleeper costs a system call and tens of microseconds, on the
/// owner's path when the owner has to wait.
pub(crate) const SPIN: std::time::Duration = std::time::Duration::from_micros(20);

/// Spins up to [`SPIN`] until `ready` holds; whether it did. It yields between short
/// spins, so that on a machine with more threads than free cores (a busy one, or a test
/// with 32 threads on 2 cores) the thread it waits for gets the core.
pub(crate) fn spin_for(ready: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    loop {
        for _ in 0..32 {
            if ready() {
                return true;
            }
            std::hint::spin_loop();
        }
        if start.elapsed() >= SPIN {
            return ready();
        }
        std::thread::yield_now();
    }
}

/// The shared tree's playouts in flight ([`Parallel::SharedTree`]). Playout `i` of the
/// search lives in slot `i % window`: the owner of the tree descends it (with virtual
/// losses along its path) once playout `i - window` is backed up, queues it, and backs the
/// playouts up in their order, removing the virtual losses; any thread (a playing thread,
/// or the owner while it waits) runs a queued playout with its slot's generator, and
/// creates the children of its leaf when the owner asks for them. A playout's result is
/// thus a function of its slot and its leaf, whoever runs it, and everything that touches
/// the tree happens on one thread in a fixed order: the search is a function of its
/// input, whatever the scheduling. With a window of one it is the sequential search,
/// playout for playout.
///
/// The owner is the one thread the others wait on, so its path holds no wait it can
/// avoid: a slot's "played" is an atomic flag it reads without the schedule's lock, a
/// thread with nothing to do spins briefly ([`SPIN`]) before it sleeps, and a sleeper is
/// woken only when there is one.
pub(crate) struct Pipeline {
    pub(crate) slots: Vec<std::sync::Mutex<Slot>>,
    /// Slot `j`'s playout is played, not yet backed up.
    pub(crate) played: Vec<Line<AtomicBool>>,
    /// The queue's length, for the spinning threads to read without the lock.
    pub(crate) pending: Line<AtomicUsize>,
    /// Playing threads looking for a playout (spinning or asleep): the owner plays a
    /// queued playout itself only when there are more than these to take them.
    pub(crate) idle: Line<AtomicUsize>,
    pub(crate) schedule: std::sync::Mutex<Schedule>,
    /// The owner sleeps on `done`: a thread that plays a slot wakes it.
    pub(crate) owner_asleep: Line<AtomicBool>,
    /// Wakes the playing threads: a slot was queued, or the search is over.
    pub(crate) queued: std::sync::Condvar,
    /// Wakes the owner: a slot was played (or a playing thread panicked).
    pub(crate) done: std::sync::Condvar,
    pub(crate) komi: f32,
    /// The playouts' rule for self-ataris (the registry's `self_atari`).
    pub(crate) self_atari: SelfAtari,
}

impl Pipeline {
    /// `window` slots for a search of `root` with `resolved`; slot `j`'s generator is seeded
    /// with its `seed + j` (slot 0's is thus the sequential search's).
    pub(crate) fn new(root: &Board, resolved: &Resolved, window: usize) -> Pipeline {
        let seed = resolved.seed;
        let window = window.max(1);
        Pipeline {
            slots: (0..window)
                .map(|j| {
                    std::sync::Mutex::new(Slot {
                        board: root.clone(),
                        walk: Walk::new(),
                        rng: from_seed(seed.wrapping_add(j as u64)),
                        margin: 0.0,
                        leaf: None,
                        kids: Vec::new(),
                        expander: Expander::new(resolved),
                    })
                })
                .collect(),
            played: (0..window).map(|_| Line(AtomicBool::new(false))).collect(),
            pending: Line(AtomicUsize::new(0)),
            idle: Line(AtomicUsize::new(0)),
            schedule: std::sync::Mutex::new(Schedule {
                queue: std::collections::VecDeque::with_capacity(window),
                asleep: 0,
                over: false,
                failed: false,
            }),
            owner_asleep: Line(AtomicBool::new(false)),
            queued: std::sync::Condvar::new(),
            done: std::sync::Condvar::new(),
            komi: resolved.komi,
            self_atari: resolved.params().self_atari,
        }
    }

    pub(crate) fn schedule(&self) -> std::sync::MutexGuard<'_, Schedule> {
        self.schedule.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn slot(&self, j: usize) -> std::sync::MutexGuard<'_, Slot> {
        self.slots[j].lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A playing thread: runs queued playouts until the search is over.
    pub(crate) fn work(&self) {
        /// Tells the owner if this thread panics.
        struct Alarm<'a>(&'a Pipeline);
        impl Drop for Alarm<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.schedule().failed = true;
                    self.0.done.notify_all();
                }
            }
        }
        let _alarm = Alarm(self);
        loop {
            self.idle.fetch_add(1, Ordering::Relaxed);
            let Some(j) = self.next() else { return };
            self.idle.fetch_sub(1, Ordering::Relaxed);
            self.play(j);
        }
    }

    /// A playing thread's next slot, once one is queued; `None` when the search is over.
    /// A thread that sees a queued slot tries the lock and spins again if it is taken,
    /// rather than queueing on it with all the others (the owner needs it to queue the
    /// next one); it sleeps only after a whole [`SPIN`] without work.
    pub(crate) fn next(&self) -> Option<usize> {
        loop {
            if spin_for(|| self.pending.load(Ordering::Acquire) > 0) {
                let mut s = match self.schedule.try_lock() {
                    Ok(s) => s,
                    Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
                    Err(std::sync::TryLockError::WouldBlock) => continue,
                };
                match s.pop(&self.pending) {
                    Some(j) => return Some(j),
                    None => continue,
                }
            }
            let mut s = self.schedule();
            loop {
                if let Some(j) = s.pop(&self.pending) {
                    return Some(j);
                }
                if s.over {
                    return None;
                }
                s.asleep += 1;
                s = self.queued.wait(s).unwrap_or_else(|p| p.into_inner());
                s.asleep -= 1;
            }
        }
    }

    /// Runs slot `j`'s playout (creating its leaf's children first if asked) and marks it
    /// played.
    pub(crate) fn play(&self, j: usize) {
        {
            let mut slot = self.slot(j);
            let Slot { board, walk, rng, margin, leaf, kids, expander } = &mut *slot;
            if leaf.is_some() {
                expander.children(board, None, walk.path.len() - 1, kids);
            }
            *margin = playout_margin(board, rng, walk, self.komi, self.self_atari);
        }
        // Sequentially consistent with the owner's `owner_asleep` then `played`: either
        // the owner sees this slot played, or this thread sees the owner asleep.
        self.played[j].store(true, Ordering::SeqCst);
        if self.owner_asleep.load(Ordering::SeqCst) {
            // The owner holds the lock until it sleeps: taking it makes the wake count.
            drop(self.schedule());
            self.done.notify_one();
        }
    }

    /// The ends of every playout so far, summed over the slots (each slot's walk holds its
    /// own; a slot being played is waited for).
    pub(crate) fn ownership(&self) -> Ownership {
        let mut own = Ownership::new();
        for j in 0..self.slots.len() {
            own.merge(&self.slot(j).walk.own);
        }
        own
    }

    /// Ends the search: the playing threads return.
    pub(crate) fn close(&self) {
        self.schedule().over = true;
        self.queued.notify_all();
    }

    /// The owner: descends the next playout into slot `j` and queues it (or, when the tree
    /// decides its result, marks it played at once).
    pub(crate) fn start(&self, tree: &mut Tree, j: usize, root: &Board, rules: &RootRules) {
        let mut slot = self.slot(j);
        let Slot { board, walk, margin, leaf, .. } = &mut *slot;
        board.clone_from(root);
        let decided = tree.descend(board, rules, walk);
        *leaf = if decided.is_none() { tree.wants_children(&walk.path) } else { None };
        tree.mark(&walk.path, 1);
        if let Some(m) = decided {
            *margin = m;
            walk.count_end(board);
        }
        drop(slot);
        if decided.is_some() {
            self.played[j].store(true, Ordering::Release);
            return;
        }
        let mut s = self.schedule();
        s.queue.push_back(j);
        self.pending.store(s.queue.len(), Ordering::Release);
        let wake = s.asleep > 0;
        drop(s);
        if wake {
            self.queued.notify_one();
        }
    }

    /// The owner: waits for slot `j`'s playout, running queued ones itself meanwhile while
    /// no playing thread is free for them, and backs it up.
    pub(crate) fn finish(&self, tree: &mut Tree, j: usize) {
        let played = || self.played[j].load(Ordering::Acquire);
        let unserved = || self.pending.load(Ordering::Acquire) > self.idle.load(Ordering::Relaxed);
        while !played() {
            // Spin while the others play, unless a playout waits with no thread free for it.
            if spin_for(|| played() || unserved()) && played() {
                break;
            }
            let mut s = self.schedule();
            assert!(!s.failed, "a playout thread panicked");
            if s.queue.len() > self.idle.load(Ordering::Relaxed) {
                let k = s.pop(&self.pending).expect("a queued slot");
                drop(s);
                self.play(k);
                continue;
            }
            self.owner_asleep.store(true, Ordering::SeqCst);
            if !self.played[j].load(Ordering::SeqCst) {
                drop(self.done.wait(s).unwrap_or_else(|p| p.into_inner()));
            }
            self.owner_asleep.store(false, Ordering::Relaxed);
        }
        self.played[j].store(false, Ordering::Relaxed);
        let mut slot = self.slot(j);
        let Slot { walk, margin, leaf, kids, .. } = &mut *slot;
        tree.mark(&walk.path, -1);
        tree.backup(walk, *margin);
        if let Some(id) = leaf.take() {
            tree.offer(id, kids);
        }
    }

    /// The owner's search of `tree` (its `run` under root parallelism): up to `total`
    /// playouts under `ctl`. A stop ends the descents, and the playouts in flight are still
    /// backed up and counted. The playouts run.
    pub(crate) fn drive(
        &self,
        tree: &mut Tree,
        root: &Board,
        rules: &RootRules,
        ctl: &Control,
        total: usize,
        start: Instant,
    ) -> usize {
        let window = self.slots.len();
        let (mut selected, mut done) = (0, 0);
        let mut stopped = false;
        let mut published = start;
        loop {
            if if stopped { done == selected } else { done >= total } {
                break;
            }
            while !stopped && selected < total && selected - done < window {
                self.start(tree, selected % window, root, rules);
                selected += 1;
            }
            self.finish(tree, done % window);
            done += 1;
            if stopped || !ctl.is_active() || done % CHECK_EVERY != 0 {
                continue;
            }
            let now = Instant::now();
            if let Some(p) = ctl.progress {
                if now.duration_since(published) >= p.every {
                    p.publish(0, done, tree.rows(), || self.ownership());
                    published = now;
                }
            }
            if ctl.should_stop(now) || ctl.obvious(start, now, done, tree.lead(), total - done) {
                stopped = true;
            }
        }
        if let Some(p) = ctl.progress {
            p.publish(0, done, tree.rows(), || self.ownership());
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{Colour, Move};
    use crate::search::mcts::{budget, search_in, SearchConfig, SearchResult};
    use crate::search::params::Overrides;
    use crate::search::profile::Profile;
    use crate::search::reuse::Forest;
    use std::sync::Mutex;

    fn shared(playouts: usize, threads: usize, profile: Profile) -> SearchConfig {
        SearchConfig {
            playouts,
            threads,
            seed: 7,
            profile,
            settings: Overrides::parse(&["parallel=shared_tree"]).unwrap(),
            ..SearchConfig::default()
        }
    }

    fn position() -> Board {
        Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . X O . . O . .
             . . X O . . . . .
             . . . X O . . . .
             . . . . X . . . .
             . . O . . . X . .
             . . . . . . . . .
             . . . . . . . . .",
            Colour::Black,
        )
        .unwrap()
    }

    /// A node's every field, floats by their bits.
    type NodeKey = (Move, Colour, bool, u16, u32, u32, [u32; 4]);

    fn keys(t: &Tree) -> Vec<NodeKey> {
        t.nodes
            .iter()
            .map(|x| {
                let f = [x.n.to_bits(), x.w.to_bits(), x.an.to_bits(), x.aw.to_bits()];
                (x.mv, x.color, x.expanded, x.n_children, x.first_child, x.visits, f)
            })
            .collect()
    }

    /// The shared search's tree after a search of `root` with `window` playouts in flight.
    fn shared_tree(root: &Board, cfg: &SearchConfig, window: usize) -> (SearchResult, Tree) {
        let forest = Mutex::new(Forest::default());
        let ctl = Control { reuse: Some(&forest), ..Control::default() };
        let r = search_in(root, &cfg.resolve(), &RootRules::default(), &ctl, Some(window));
        let tree = forest.into_inner().unwrap().trees.pop().unwrap();
        (r, tree)
    }

    /// The schedule the pipeline promises, on one thread and without it: playout `i` is
    /// descended (with virtual losses) once playout `i - window` is backed up, is played at
    /// once with its slot's generator (its result depends on nothing else), and the
    /// playouts are backed up in order.
    fn reference(root: &Board, cfg: &SearchConfig, window: usize) -> Tree {
        let rules = RootRules::default();
        let resolved = cfg.resolve();
        let mut tree = Tree::new(root, &resolved);
        let mut slots: Vec<(Walk, GameRng, f32)> = (0..window)
            .map(|j| (Walk::new(), from_seed(cfg.seed.wrapping_add(j as u64)), 0.0))
            .collect();
        let total = resolved.budget(root);
        for i in 0..total + window {
            if i >= window {
                let (walk, _, margin) = &slots[(i - window) % window];
                tree.mark(&walk.path, -1);
                tree.backup(walk, *margin);
            }
            if i < total {
                let (walk, rng, margin) = &mut slots[i % window];
                let mut b = root.clone();
                *margin = match tree.descend(&mut b, &rules, walk) {
                    Some(m) => m,
                    None => {
                        playout_margin(&mut b, rng, walk, cfg.komi, resolved.params().self_atari)
                    }
                };
                tree.mark(&walk.path, 1);
            }
        }
        tree
    }

    #[test]
    fn the_shared_tree_follows_its_schedule_node_for_node() {
        let b = position();
        for profile in [Profile::V6, Profile::V8] {
            let cfg = shared(1500, 2, profile);
            let (_, tree) = shared_tree(&b, &cfg, 4);
            let want = reference(&b, &cfg, 4);
            assert_eq!(keys(&tree), keys(&want), "{profile}");
            // The virtual losses changed the walks: without them (a window of one), another tree.
            assert_ne!(keys(&tree), keys(&reference(&b, &cfg, 1)), "{profile}");
        }
    }

    #[test]
    fn the_window_not_the_threads_decides_the_search() {
        let b = position();
        let (a, ta) = shared_tree(&b, &shared(1500, 1, Profile::V8), 4);
        for threads in [2, 3] {
            let (r, t) = shared_tree(&b, &shared(1500, threads, Profile::V8), 4);
            assert_eq!((&r.moves, r.playouts), (&a.moves, a.playouts), "{threads} threads");
            assert_eq!(keys(&t), keys(&ta), "{threads} threads");
        }
    }

    #[test]
    fn every_virtual_loss_is_removed_and_every_playout_backed_up_once() {
        let b = position();
        let cfg = shared(2000, 2, Profile::V8);
        let (r, t) = shared_tree(&b, &cfg, shared_window(2));
        assert_eq!(r.playouts, budget(&b, 2000, cfg.resolve().params()));
        assert!(t.vloss.iter().all(|&l| l == 0), "virtual losses left");
        let root = t.nodes[0];
        assert_eq!(root.visits as usize, r.playouts);
        assert_eq!(root.n, r.playouts as f32);
        let kids =
            root.first_child as usize..(root.first_child + u32::from(root.n_children)) as usize;
        assert_eq!(kids.clone().map(|k| t.nodes[k].visits).sum::<u32>(), root.visits);
        // Each playout gave the root its result and one root child the complement: the
        // root's wins are what its children lost.
        let lost: f32 =
            kids.map(|k| t.nodes[k].visits as f32 - (t.nodes[k].w - t.prior_w[k])).sum();
        assert!((root.w - lost).abs() < 1e-2 * root.w, "{} vs {lost}", root.w);
        // Below the root, every node has at least its children's visits, and its playout
        // wins are between none and all of its visits.
        for (i, x) in t.nodes.iter().enumerate() {
            let own = x.w - t.prior_w[i];
            assert!(own > -1e-2 && own < x.visits as f32 + 1e-2, "node {i}: {own} of {}", x.visits);
            if x.expanded {
                let f = x.first_child as usize;
                let sum: u32 =
                    t.nodes[f..f + usize::from(x.n_children)].iter().map(|c| c.visits).sum();
                assert!(sum <= x.visits, "node {i}: children {sum} > {}", x.visits);
            }
        }
    }

    /// Far more threads than this machine's cores, each slot played by whichever thread
    /// takes it: a lost or repeated update, a playout backed up out of order or a virtual
    /// loss left behind would change a node's statistics from the schedule's.
    #[test]
    fn many_threads_on_few_cores_lose_no_update() {
        let b = position();
        for (threads, window) in [(16, 4), (32, 8), (32, shared_window(32))] {
            let cfg = shared(1200, threads, Profile::V9);
            let (r, t) = shared_tree(&b, &cfg, window);
            assert_eq!(keys(&t), keys(&reference(&b, &cfg, window)), "{threads} threads");
            assert_eq!(r.playouts, budget(&b, 1200, cfg.resolve().params()));
            assert_eq!(t.nodes[0].visits as usize, r.playouts, "{threads} threads");
            assert!(t.vloss.iter().all(|&l| l == 0), "{threads} threads: virtual losses left");
        }
    }

    #[test]
    fn every_playout_counts_once_in_the_ownership_whatever_the_threads() {
        let b = position();
        let mut seen = Vec::new();
        for (threads, window) in [(1, 1), (2, 8), (16, 4)] {
            let cfg = shared(600, threads, Profile::V9);
            let (r, t) = shared_tree(&b, &cfg, window);
            assert_eq!(r.ownership.ends() as usize, r.playouts, "{threads} threads");
            // Each root move has a score exactly when this search played through it.
            for m in &r.moves {
                assert_eq!(m.score.is_some(), m.visits > 0, "{:?}", m.mv);
            }
            assert_eq!(t.root_score.iter().map(|s| s.count()).sum::<u32>() as usize, r.playouts);
            seen.push(r.ownership);
        }
        // The same window gives the same search, and so the same sums, on any schedule.
        let cfg = shared(600, 16, Profile::V9);
        assert_eq!(shared_tree(&b, &cfg, 4).0.ownership, seen[2]);
        // Root parallelism (profile v8): each thread's ends, summed.
        let cfg = SearchConfig {
            playouts: 600,
            threads: 2,
            seed: 7,
            profile: Profile::V8,
            ..SearchConfig::default()
        };
        let rules = RootRules { allow_pass: true, ..RootRules::default() };
        let r = crate::search::mcts::search(&b, &cfg, &rules);
        assert_eq!(r.ownership.ends() as usize, r.playouts);
        assert_eq!(crate::search::mcts::search(&b, &cfg, &rules).ownership, r.ownership);
    }

    /// `crit_rave`: the criticality is counted in the backup, every playout once, in the
    /// schedule's order (the search stays a function of its window), and it moves the
    /// search once [`CRIT_MIN_ENDS`](crate::search::tree::CRIT_MIN_ENDS) are counted.
    #[test]
    fn criticality_counts_every_playout_once_on_any_schedule() {
        let b = position();
        let with = |crit: &str, threads| SearchConfig {
            settings: Overrides::parse(&["parallel=shared_tree", crit]).unwrap(),
            ..shared(2500, threads, Profile::V9)
        };
        let cfg = with("crit_rave=1.1", 16);
        let (r, t) = shared_tree(&b, &cfg, 4);
        assert_eq!(keys(&t), keys(&reference(&b, &cfg, 4)), "the schedule's tree");
        let crit = t.crit.as_ref().expect("crit_rave is set");
        assert_eq!(crit.ends() as usize, r.playouts);
        // The same ends as the slots' ownership sums, counted apart.
        for p in b.points() {
            let (c, o) = (crit.owned(p).unwrap(), r.ownership.of(p).unwrap());
            assert!((c as f32 - o).abs() < 1e-6, "{p:?}: {c} against {o}");
        }
        assert!(t.root_crit.iter().any(|&c| c > 0.0), "a critical root move");
        // It changed the search; without it nothing is counted.
        let (_, plain) = shared_tree(&b, &with("crit_rave=0", 16), 4);
        assert!(plain.crit.is_none() && plain.root_crit.is_empty());
        assert_ne!(keys(&t), keys(&plain));
        // One thread, the same window: the same tree.
        assert_eq!(keys(&shared_tree(&b, &with("crit_rave=1.1", 1), 4).1), keys(&t));
    }

    #[test]
    fn the_playing_threads_create_every_expanded_leafs_children() {
        let b = position();
        for (threads, window) in [(1, 1), (2, 4), (8, shared_window(8))] {
            let (_, t) = shared_tree(&b, &shared(1500, threads, Profile::V9), window);
            let expanded = t.nodes.iter().filter(|x| x.expanded).count();
            // All but the root's, which the first descent creates.
            assert!(expanded > 10, "{expanded} expanded");
            assert_eq!(t.handed, expanded - 1, "{threads} threads, window {window}");
            // Children still waiting are those of leaves that the last playouts (some in
            // flight at once) made expandable, after which no descent came.
            for (&id, kids) in &t.ready {
                let x = t.nodes[id as usize];
                let expand = t.resolved.params().expand_visits;
                let last = expand..expand + window as u32;
                assert!(!x.expanded && last.contains(&x.visits), "node {id}: {}", x.visits);
                assert_eq!(kids.first().map(|k| k.color), Some(x.color.opponent()));
            }
        }
    }

    #[test]
    fn a_window_of_one_is_the_sequential_search_node_for_node() {
        let b = position();
        let cfg = shared(1000, 1, Profile::V8);
        let (_, t) = shared_tree(&b, &cfg, 1);
        let mut seq = Tree::new(&b, &cfg.resolve());
        let (mut rng, mut walk) = (from_seed(cfg.seed), Walk::new());
        for _ in 0..budget(&b, 1000, cfg.resolve().params()) {
            seq.simulate(&b, &RootRules::default(), &mut rng, &mut walk);
        }
        assert_eq!(keys(&t), keys(&seq));
    }
}
