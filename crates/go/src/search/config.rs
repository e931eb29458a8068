//! What a search is asked to do: the configuration as a user gives it ([`SearchConfig`]:
//! the work, the profile and the user's settings), and the one value a search takes,
//! [`Resolved`], made from it once. Below the search's own modules (the tree, the shared
//! tree, the driver in [`crate::search::mcts`]), which all read it and which it reads
//! nothing of.

use crate::rules::board::Board;
use crate::search::params::{Override, Overrides, Params};
use crate::search::profile::Profile;
use crate::search::seed::position_seed;

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
