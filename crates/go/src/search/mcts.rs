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
use crate::search::control::{Control, CHECK_EVERY};
use crate::search::ownership::Ownership;
use crate::search::params::{Override, Overrides, Parallel, Params};
use crate::search::profile::Profile;
use crate::search::reuse::leads_to;
use crate::search::seed::position_seed;
use crate::search::shared::{shared_window, Pipeline};
use crate::search::tree::{RootRow, RootRules, Tree, Walk};
use menace_stats::rng::from_seed;
use std::time::Instant;

/// Playouts per move unless told otherwise: 60,000 since 2026-11-23 (three times the
/// earlier 20,000 went 5-2 on the board against GNU Go level 10 where 20,000 went 3-5 in
/// the same games; a 19x19 move takes about 3 to 5 s on this project's 2-core machine,
/// inside the 10 s the king-of-the-hill goal allows). From [`Profile::V4`] on this is the
/// budget on the empty board; [`budget`] gives the position's.
pub const DEFAULT_PLAYOUTS: usize = 60_000;

/// Search threads unless told otherwise: the two cores of this project's machine.
pub const DEFAULT_THREADS: usize = 2;

/// The most search threads a configuration takes: more are read as this many.
pub const MAX_THREADS: usize = 64;

/// Search parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Total playouts (split evenly across the trees under root parallelism).
    pub playouts: usize,
    /// Threads, 1 or more: one tree each ([`Parallel::RootTrees`]) or all on one tree
    /// ([`Parallel::SharedTree`]).
    pub threads: usize,
    /// Komi, added to white's score.
    pub komi: f32,
    /// The generator seed (each tree, or each playout slot of a shared tree, adds its
    /// index).
    pub seed: u64,
    /// The knowledge profile: its overrides of the registry's defaults
    /// ([`Profile::params`]) say what the search does.
    pub profile: Profile,
    /// The user's parameters by name, laid over the profile's (`--tune NAME=VALUE`; the
    /// registry: [`crate::search::params::REGISTRY`]).
    pub settings: Overrides,
}

/// Which of a configuration's work and identity fields another gives (a builtin entrant's
/// own flags, over a tournament's: [`SearchConfig::overlay`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// The playouts.
    pub playouts: bool,
    /// The threads.
    pub threads: bool,
    /// The seed.
    pub seed: bool,
    /// The profile.
    pub profile: bool,
}

impl SearchConfig {
    /// This configuration with the work a user asked for: `playouts` (at least 1) on
    /// `threads` (1 to [`MAX_THREADS`]).
    pub fn with_work(self, playouts: usize, threads: usize) -> SearchConfig {
        SearchConfig { playouts: playouts.max(1), threads: threads.clamp(1, MAX_THREADS), ..self }
    }

    /// What the search does, resolved once for a decision or a search: the work, and the
    /// registry's base values with the profile's chain of changes, then the user's
    /// settings, laid over them. The search takes only the [`Resolved`] value.
    pub fn resolve(&self) -> Resolved {
        let params = self.settings.over(self.profile.params());
        Resolved {
            playouts: self.playouts,
            threads: self.threads,
            komi: self.komi,
            seed: self.seed,
            params,
            widen_at: params.widen_thresholds(),
        }
    }

    /// [`SearchConfig::resolve`] for a search of `b` with `komi`: the seed mixed with the
    /// position's ([`position_seed`]), so that a position gets the same search whatever
    /// came before it, and another `seed` varies it reproducibly.
    pub fn resolve_for(&self, b: &Board, komi: f32) -> Resolved {
        let seed = position_seed(&b.position_key().to_le_bytes(), b.move_count(), self.seed);
        SearchConfig { komi, seed, ..self.clone() }.resolve()
    }

    /// The user's settings that differ from the profile's values, as `NAME=VALUE` in
    /// registry order: with the work, the seed and the profile, what reproduces this
    /// configuration (`menace go -v` prints them, and they fingerprint a tournament's
    /// builtin entrant, in the binary's words).
    pub fn changes(&self) -> Vec<String> {
        self.settings.changes(&self.profile.params())
    }

    /// This configuration with what `given` says `from` gives laid over it: each of
    /// `playouts`, `threads`, `seed` and `profile` given is taken from `from`, and
    /// `from`'s settings are added to this one's. A tournament's builtin entrant is its own
    /// `menace go` flags over the tournament's.
    pub fn overlay(&self, from: &SearchConfig, given: Given) -> SearchConfig {
        let mut cfg = self.clone();
        if given.playouts {
            cfg.playouts = from.playouts;
        }
        if given.threads {
            cfg.threads = from.threads;
        }
        if given.seed {
            cfg.seed = from.seed;
        }
        if given.profile {
            cfg.profile = from.profile;
        }
        cfg.settings.add(&from.settings);
        cfg
    }

    /// This configuration with `NAME=VALUE` set (as `--tune NAME=VALUE` sets it).
    pub fn with(mut self, setting: &str) -> Result<SearchConfig, String> {
        self.settings.put(setting.parse::<Override>()?);
        Ok(self)
    }
}

/// A [`SearchConfig`] resolved once ([`SearchConfig::resolve`]): the work, and the
/// parameters with the numbers computed from them. Every search, tree and expander of a
/// decision reads this one value; it holds no profile or settings, so nothing can resolve
/// it again or disagree with it. Its parameters are read-only: only a resolution makes
/// them (so the widening table always is theirs); the work may be changed (a decision's
/// shorter checks, [`Resolved::with_playouts`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// Total playouts asked for ([`Resolved::budget`] is a position's).
    pub playouts: usize,
    /// Threads, 1 or more.
    pub threads: usize,
    /// Komi, added to white's score.
    pub komi: f32,
    /// The generator seed.
    pub seed: u64,
    params: Params,
    /// The widening's thresholds ([`Params::widen_thresholds`]).
    widen_at: [u32; 32],
}

impl Resolved {
    /// The parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// This search with `playouts` asked for instead.
    pub fn with_playouts(&self, playouts: usize) -> Resolved {
        Resolved { playouts, ..self.clone() }
    }

    /// The playouts a search of `root` runs ([`budget`] of the playouts asked for).
    pub fn budget(&self, root: &Board) -> usize {
        budget(root, self.playouts, &self.params)
    }

    /// How many children (besides passing) a node with `visits` may search.
    pub fn widened(&self, visits: u32) -> usize {
        self.params.widen_start as usize
            + self.widen_at.iter().take_while(|&&t| t <= visits).count()
    }
}

/// The bot `menace go` runs without flags ([`DEFAULT_THREADS`], seed 0), so the library's
/// default and the command line's are one.
impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            playouts: DEFAULT_PLAYOUTS,
            threads: DEFAULT_THREADS,
            komi: 0.0,
            seed: 0,
            profile: Profile::default(),
            settings: Overrides::default(),
        }
    }
}

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

/// The playouts a search of `root` runs when `base` is asked for. Up to V3, `base`. From
/// V4, `base` on an empty board and more as the board fills, up to twice `base`, so that
/// the middle game, where games are decided, gets the time the opening does not need:
/// `base * 1.6 N / (empties + 0.6 N)` on a board of N points. A playout's cost falls
/// with the empty points but more slowly at first (10,000 v3 playouts on one thread took
/// 1.30 s of CPU on the empty 19x19 board, 1.14 s at 262 empty points, 0.97 s at 216, 0.77 s
/// at 166, 0.56 s at 128, in a recorded game), so this keeps every move within about 6%
/// of the first move's time. A function of the position alone: the bot stays deterministic.
pub fn budget(root: &Board, base: usize, params: &Params) -> usize {
    if !params.growing_budget {
        return base;
    }
    let n = (root.size() * root.size()) as u64;
    let e = root.empties().len() as u64;
    let scaled = base as u64 * (16 * n) / (10 * e + 6 * n);
    scaled.clamp(base as u64, 2 * base as u64) as usize
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
    let shared = cfg.params.parallel == Parallel::SharedTree;
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
