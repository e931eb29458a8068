//! Monte-Carlo tree search, as the bot asks for it: the configuration
//! ([`SearchConfig`]), the budget, the entry points ([`search`], [`search_with`]) and what
//! they find, and the root-parallel driver.
//!
//! Determinism: the work is a fixed number of playouts, and how the threads share it is
//! [`Params::parallel`]:
//!
//! - [`Parallel::RootTrees`] (root parallelism, here): each thread searches its own tree
//!   ([`crate::search::tree`]) from the seed `seed + thread index`, and the root statistics
//!   are summed in thread order.
//! - [`Parallel::SharedTree`] (`--tune parallel=shared_tree`): one tree for all the
//!   threads, its playouts scheduled in a fixed order ([`crate::search::shared`]).
//!
//! Either way the same input gives the same move on any machine, whatever the scheduling.

use crate::rules::board::{Board, Move};
pub use crate::search::config::{
    budget, Given, Resolved, SearchConfig, DEFAULT_PLAYOUTS, DEFAULT_THREADS, MAX_THREADS,
};
use crate::search::control::{Control, CHECK_EVERY};
use crate::search::ownership::Ownership;
use crate::search::params::Parallel;
use crate::search::reuse::leads_to;
use crate::search::shared::{shared_window, Pipeline};
use crate::search::tree::{RootRow, RootRules, Tree, Walk};
use menace_stats::rng::from_seed;
use std::time::Instant;

/// Statistics of one root move after the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: Move,
    /// Playouts through it (summed over the trees).
    pub visits: u32,
    /// Its winrate for the player to move: priors included in profile v1, the playouts
    /// alone from v2 (0 when it had none).
    pub winrate: f32,
    /// AMAF (RAVE) visits.
    pub amaf_visits: f32,
    /// AMAF winrate.
    pub amaf_winrate: f32,
    /// Black's mean final margin (komi included) over this search's playouts through the
    /// move, `None` without any: the move's `scoreLead` in `kata-analyze`.
    pub score: Option<f32>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Root moves, most visited first (ties in [`Move`] order: pass, then by point).
    pub moves: Vec<MoveStat>,
    /// Playouts run.
    pub playouts: usize,
    /// Who owned each point at the end of the playouts, summed over every thread.
    pub ownership: Ownership,
}

impl SearchResult {
    /// The most visited move ([`Move::Pass`] if the root had no move).
    pub fn best(&self) -> Move {
        self.moves.first().map_or(Move::Pass, |m| m.mv)
    }
}

/// Stack of a search thread. The ladder reader ([`crate::search::ladder`]) recurses once per
/// node it visits, at most its node budget (400) deep, holding a board copy (about
/// 9 KiB) per level: about 4 MiB at worst, which overflowed the 2 MiB default of a
/// spawned thread on a 19x19 position of a recorded game. 16 MiB leaves a wide margin;
/// untouched pages cost nothing.
pub const SEARCH_STACK: usize = 16 << 20;

/// Searches `root` for the player to move with [`budget`]`(root, cfg.playouts, profile)`
/// playouts.
pub fn search(root: &Board, cfg: &SearchConfig, rules: &RootRules) -> SearchResult {
    search_with(root, cfg, rules, &Control::default())
}

/// [`search_with`] of a configuration the caller resolved ([`SearchConfig::resolve`]): a
/// decision that runs several searches resolves its configuration once.
pub fn search_resolved(
    root: &Board,
    resolved: &Resolved,
    rules: &RootRules,
    ctl: &Control,
) -> SearchResult {
    search_in(root, resolved, rules, ctl, None)
}

/// [`search`] under a [`Control`]: it may also stop at a deadline, on a stop flag, or
/// early on an obvious move, and it may publish snapshots. Without a deadline, a flag or a
/// snapshot slot it is exactly [`search`] (the checks are not even made). With them, each
/// tree is looked at every [`CHECK_EVERY`] playouts; the obvious-move test is each tree's
/// own (its two most visited root moves).
pub fn search_with(
    root: &Board,
    cfg: &SearchConfig,
    rules: &RootRules,
    ctl: &Control,
) -> SearchResult {
    search_in(root, &cfg.resolve(), rules, ctl, None)
}

/// [`search_with`], with a shared tree's window (its playouts in flight) given instead of
/// [`shared_window`]'s (for the tests).
pub(crate) fn search_in(
    root: &Board,
    cfg: &Resolved,
    rules: &RootRules,
    ctl: &Control,
    window: Option<usize>,
) -> SearchResult {
    let threads = cfg.threads.max(1);
    let shared = cfg.params().parallel == Parallel::SharedTree;
    let trees = if shared { 1 } else { threads };
    let total = ctl.max_playouts.unwrap_or_else(|| cfg.budget(root));
    let per = total.div_ceil(trees).max(1);
    let start = Instant::now();
    // Tree reuse: the kept trees, if they are of a position that the moves since lead to.
    let mut olds: Vec<Option<Tree>> = (0..trees).map(|_| None).collect();
    let mut path = Vec::new();
    if let Some(forest) = ctl.reuse {
        let mut f = forest.lock().unwrap_or_else(|p| p.into_inner());
        if f.trees.len() == trees && f.root.as_ref().is_some_and(|r| leads_to(r, &f.path, root)) {
            olds = std::mem::take(&mut f.trees).into_iter().map(Some).collect();
            path = std::mem::take(&mut f.path);
        }
        f.trees.clear();
        f.root = None;
    }
    let fresh = |old: Option<Tree>| -> Tree {
        let mut tree = Tree::new(root, cfg);
        tree.root_own = ctl.moves_ownership.then(Vec::new);
        if let Some(old) = old {
            tree.graft(&old, &path, root, rules);
        }
        tree
    };
    let run = |t: usize, old: Option<Tree>| -> (Vec<RootRow>, usize, Tree, Ownership) {
        let mut tree = fresh(old);
        let mut rng = from_seed(cfg.seed.wrapping_add(t as u64));
        let mut walk = Walk::new();
        let mut done = 0;
        let mut published = start;
        while done < per {
            tree.simulate(root, rules, &mut rng, &mut walk);
            done += 1;
            if !ctl.is_active() || done % CHECK_EVERY != 0 {
                continue;
            }
            let now = Instant::now();
            if let Some(p) = ctl.progress {
                if now.duration_since(published) >= p.every {
                    p.publish(t, done, tree.rows(), || walk.own.clone());
                    published = now;
                }
            }
            if ctl.should_stop(now) || ctl.obvious(start, now, done, tree.lead(), per - done) {
                break;
            }
        }
        if let Some(p) = ctl.progress {
            p.publish(t, done, tree.rows(), || walk.own.clone());
        }
        (tree.root_stats(), done, tree, walk.own)
    };
    // Every tree runs on a thread of its own with a stack sized for the ladder reader's
    // deepest reading (see [`SEARCH_STACK`]), also with one thread: the caller's stack may
    // be a worker's 2 MiB, which a deep reading overflowed (the process aborted). A shared
    // tree's owner, which expands it and so reads the ladders, is such a thread too.
    let mut per_thread: Vec<(Vec<RootRow>, usize, Tree, Ownership)> = if shared {
        let old = olds.pop().flatten();
        let window = window.unwrap_or_else(|| shared_window(threads));
        let pipe = Pipeline::new(root, cfg, window);
        let (tree, done) = std::thread::scope(|s| {
            for _ in 1..threads {
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(s, || pipe.work())
                    .expect("start a playout thread");
            }
            let owner = std::thread::Builder::new()
                .stack_size(SEARCH_STACK)
                .spawn_scoped(s, || {
                    let mut tree = fresh(old);
                    let done = pipe.drive(&mut tree, root, rules, ctl, per, start);
                    (tree, done)
                })
                .expect("start a search thread");
            let result = owner.join();
            // Also when the owner panicked: the playing threads must end for the scope to.
            pipe.close();
            result.expect("search thread panicked")
        });
        vec![(tree.root_stats(), done, tree, pipe.ownership())]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = olds
                .into_iter()
                .enumerate()
                .map(|(t, old)| {
                    let run = &run;
                    std::thread::Builder::new()
                        .stack_size(SEARCH_STACK)
                        .spawn_scoped(s, move || run(t, old))
                        .expect("start a search thread")
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("search thread panicked")).collect()
        })
    };
    // Every tree has the same root children in the same order; sum in thread order.
    let mut sums = per_thread[0].0.clone();
    for (other, ..) in &per_thread[1..] {
        for (m, o) in sums.iter_mut().zip(other) {
            m.add(o);
        }
    }
    let mut moves: Vec<MoveStat> = sums
        .iter()
        .map(|r| MoveStat {
            mv: r.mv,
            visits: r.visits,
            winrate: if r.n > 0.0 { r.w / r.n } else { 0.0 },
            amaf_visits: r.amaf_n,
            amaf_winrate: if r.amaf_n > 0.0 { r.amaf_w / r.amaf_n } else { 0.0 },
            score: r.score.mean(),
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(a.mv.cmp(&b.mv)));
    let playouts = per_thread.iter().map(|t| t.1).sum();
    let mut ownership = Ownership::new();
    for t in &per_thread {
        ownership.merge(&t.3);
    }
    if let Some(forest) = ctl.reuse {
        let mut f = forest.lock().unwrap_or_else(|p| p.into_inner());
        f.trees = per_thread.drain(..).map(|t| t.2).collect();
        f.root = Some(root.clone());
    }
    SearchResult { moves, playouts, ownership }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::profile::Profile;

    #[test]
    fn an_overlay_takes_only_the_given_fields_and_adds_the_settings() {
        let base =
            SearchConfig { playouts: 777, seed: 9, profile: Profile::V8, ..Default::default() };
        let from = SearchConfig {
            playouts: 300,
            seed: 4,
            profile: Profile::V1,
            threads: 5,
            ..Default::default()
        }
        .with("parallel=shared_tree")
        .unwrap();
        // Nothing given, no settings: the base itself.
        assert_eq!(base.overlay(&SearchConfig::default(), Given::default()), base);
        // Only what is given changes; the settings are added.
        let c = base.overlay(&from, Given { playouts: true, seed: true, ..Given::default() });
        assert_eq!((c.playouts, c.seed, c.profile, c.threads), (300, 4, Profile::V8, base.threads));
        assert_eq!(c.resolve().params().parallel, Parallel::SharedTree);
        let c = base.overlay(&from, Given { profile: true, ..Given::default() });
        assert_eq!((c.profile, c.playouts), (Profile::V1, 777));
        let c = base.overlay(&from, Given { threads: true, ..Given::default() });
        assert_eq!((c.threads, c.playouts), (5, 777));
        // A base's own settings stay, a given one is added, the same row replaced.
        let tuned = base.clone().with("rave_equiv=3000").unwrap().with("widen_ratio=1.2").unwrap();
        let from = SearchConfig::default().with("widen_ratio=1.3").unwrap();
        let c = tuned.overlay(&from, Given::default());
        assert_eq!(c.changes(), ["rave_equiv=3000", "widen_ratio=1.3"]);
        // A setting that changes nothing is not a change.
        assert!(base.clone().with("wide_root=always").unwrap().changes().is_empty());
    }
}
