//! The bot's profiles as one table: a row per version ([`Profile::V1`] to [`Profile::V9`]),
//! a named column per piece of knowledge ([`Capabilities`]). The search and the move
//! decision ask a row's columns, never "is this profile at least v5", so what a profile
//! does is read in one place, and a tuning flag sets a column instead of adding a second
//! notion beside it (`--wide-root` sets [`Capabilities::wide_root`]).
//!
//! The older rows are frozen: recorded games replay move for move with the profile they
//! were played with (tests pin their moves). A new idea gets a new column and a new row.
//!
//! Which rows stay: v1 and v2, whose published games tests replay move for move
//! (`tests/go_cli.rs`); v3 to v6, v8 and v9, the rungs of the A/B ladder in `docs/ab/`, each
//! the base the next was measured against, whose columns tests pin (the ko policy, the
//! budget, ladders, the wide root, the shared tree). v7 (v6 with situational dynamic komi)
//! is gone with its lever, which gave the same result in all 36 paired handicap games: its
//! records are recounted from their lines and SGF (`tests/ab_records.rs`,
//! `tests/tournament_records.rs`), not replayed, and the lab notebook names commit
//! 26c31bb as the last that can play them. The names are not renumbered, so every record
//! still names the profile it was played with.

/// Which version of the search's knowledge to use. The default improves over time; the
/// older profiles stay frozen so that recorded games stay replayable move for move.
/// [`Profile::capabilities`] is what each one does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Profile {
    /// The bot of the first recorded matches (2026-11-22): hand-set priors (michi's),
    /// every legal move searchable from the first visit.
    V1,
    /// V1's priors plus the learned move model as a prior, and progressive widening: a
    /// node's children are ordered by learned strength and only the strongest few are
    /// searchable at first, one more each time its visits pass `40 * 1.4^k`.
    V2,
    /// V2's search; in the king-of-the-hill format (no history), never retakes what
    /// looks like a ko while winning, and retakes one while clearly losing (if the
    /// opponent just took it, the repeat ends the game as a tie, worth half a point).
    V3,
    /// V3 with a budget that grows as the board fills
    /// ([`budget`](crate::search::mcts::budget)): the middle game gets the time the
    /// opening does not need, and no move costs much more than the first. The default
    /// from 2026-11-23 (it beat v3 in self-play on 9x9 and 13x13) to 2026-11-24.
    V4,
    /// V4 with ladders read ([`ladder`](crate::search::ladder)) when a node is expanded:
    /// running from atari into a ladder that works loses its tactical priors and gets
    /// virtual losses instead, and an atari that starts a working ladder gets the priors
    /// of a capture. At the root every group on the board is read, below it the groups at
    /// the last move.
    V5,
    /// V5 and, in the king-of-the-hill format (no history, so no last move), every root
    /// move searchable early ([`WideRoot::Koth`]); deeper nodes, which know the move before
    /// them, still widen progressively. Over GTP it plays as V5. The default from
    /// 2026-11-24 to 2026-11-26: 33.5 points of 40 against GNU Go level 10 in the
    /// king-of-the-hill format on 19x19 (docs/games/koth-19x19-level10-v6).
    V6,
    /// V6 with the large-pattern move model ([`Patterns::Large`]) for its
    /// learned priors and widening, and the root wide in both formats
    /// ([`WideRoot::Always`], which `--wide-root` gives v6; accepted by its A/B on 13x13,
    /// docs/ab/wide-root-gtp-13x13.jsonl). It won 64.8% of
    /// 122 games against v6 on 13x13 (docs/ab/large-patterns-13x13.jsonl, SPRT H1).
    V8,
    /// V8 with one tree for all the search threads ([`Parallel::SharedTree`], the
    /// `--shared-tree` column) instead of a tree per thread: 74.6% of 67 games against v8's
    /// root-parallel trees on 13x13, both on two threads (docs/ab/shared-tree-13x13.jsonl,
    /// SPRT H1). On one thread it is v8. The default since 2026-11-26: 10.5 points of 12
    /// against GNU Go level 10 in the king-of-the-hill format on 19x19
    /// (docs/games/koth-19x19-level10-v9).
    #[default]
    V9,
}

/// Where the tree's priors come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priors {
    /// Hand-set priors only (michi's), every child searchable from the first visit; a
    /// root move's winrate includes its priors.
    Michi,
    /// Michi's plus the learned move model's ([`MoveModel`](crate::model::move_model::MoveModel)),
    /// children ordered by learned strength and widened progressively; a root move's
    /// winrate is its playouts' alone (the learned priors would lift a lost position's
    /// winrate above the resign threshold).
    Learned,
}

/// Which learned move model the [`Priors::Learned`] priors and widening use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Patterns {
    /// The 3x3 model (`crates/go/data/patterns.bin`): the 3x3 pattern and the tactical,
    /// line and distance features ([`MoveModel::builtin`](crate::model::move_model::MoveModel::builtin)).
    Shape3x3,
    /// The large-pattern model (`crates/go/data/patterns-large.bin`): the same features and
    /// the largest known diamond-shaped pattern around the move, up to 72 neighbours
    /// ([`MoveModel::builtin_large`](crate::model::move_model::MoveModel::builtin_large)).
    Large,
}

/// How the king-of-the-hill bot, which cannot see the history, handles a capture that
/// looks like retaking a ko (a repeated position ends the game as a tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoPolicy {
    /// Search every move; if the best is a ko capture, play the best winning move that is
    /// not one instead.
    AfterSearch,
    /// Search without the ko captures; retake a ko only when even the best other move is
    /// clearly losing (the tie is worth more than the loss).
    ExcludeFromSearch,
}

/// Where the root searches every move early instead of widening by the learned ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WideRoot {
    /// Nowhere: the root widens as every node does.
    Never,
    /// In the king-of-the-hill format only. Without the last move the learned model cannot
    /// rank the answer to it, and widening by that ranking kept the urgent local move out
    /// of the search.
    Koth,
    /// In both formats: over GTP too, where the last move is known (`--wide-root`, a
    /// tuning flag; decided H1 against v6 on 13x13, docs/ab/wide-root-gtp-13x13.jsonl).
    Always,
}

impl WideRoot {
    /// Is the root wide in a search where the history is (`koth == false`) or is not
    /// (`koth == true`) known?
    pub fn applies(self, koth: bool) -> bool {
        match self {
            WideRoot::Never => false,
            WideRoot::Koth => koth,
            WideRoot::Always => true,
        }
    }
}

/// How a search uses its threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallel {
    /// Root parallelism: each thread searches a tree of its own with its share of the
    /// playouts, and the root statistics are summed in thread order. Every profile's row up
    /// to [`Profile::V8`].
    RootTrees,
    /// One tree for all threads ([`Profile::V9`]'s row; `--shared-tree` sets it on any
    /// profile): one thread walks and updates the tree in a fixed order while all of them
    /// run the playouts, so the tree gets every playout's knowledge (one tree of N playouts
    /// beat two trees of N/2 by a wide margin on 13x13) and the search stays deterministic.
    SharedTree,
}

/// One row of the profile table: what a profile's search does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// The tree's priors and widening (learned from [`Profile::V2`] on).
    pub priors: Priors,
    /// The king-of-the-hill ko policy ([`KoPolicy::ExcludeFromSearch`] from [`Profile::V3`]).
    pub ko_policy: KoPolicy,
    /// The budget grows as the board fills ([`Profile::V4`] on); otherwise every move
    /// gets the playouts asked for.
    pub growing_budget: bool,
    /// Ladders are read for the tree's priors ([`Profile::V5`] on).
    pub ladders: bool,
    /// Where the root is wide ([`WideRoot::Koth`] from [`Profile::V6`]).
    pub wide_root: WideRoot,
    /// The learned model behind the priors ([`Patterns::Large`] in [`Profile::V8`]).
    pub patterns: Patterns,
    /// How the threads share the work ([`Parallel::SharedTree`] from [`Profile::V9`]).
    pub parallel: Parallel,
}

/// A row, positionally, so that the table below reads as a table (one argument a column).
#[allow(clippy::too_many_arguments)]
const fn row(
    priors: Priors,
    ko_policy: KoPolicy,
    growing_budget: bool,
    ladders: bool,
    wide_root: WideRoot,
    patterns: Patterns,
    parallel: Parallel,
) -> Capabilities {
    Capabilities { priors, ko_policy, growing_budget, ladders, wide_root, patterns, parallel }
}

use KoPolicy::{AfterSearch, ExcludeFromSearch};
use Parallel::{RootTrees, SharedTree};
use Patterns::{Large, Shape3x3};
use Priors::{Learned, Michi};
use WideRoot::{Always, Koth, Never};

/// The profiles, in [`Profile`] order.
#[rustfmt::skip]
const TABLE: [(Profile, Capabilities); 8] = [
    //                priors   ko_policy          growing ladders wide_root patterns  parallel
    (Profile::V1, row(Michi,   AfterSearch,       false,  false,  Never,    Shape3x3, RootTrees)),
    (Profile::V2, row(Learned, AfterSearch,       false,  false,  Never,    Shape3x3, RootTrees)),
    (Profile::V3, row(Learned, ExcludeFromSearch, false,  false,  Never,    Shape3x3, RootTrees)),
    (Profile::V4, row(Learned, ExcludeFromSearch, true,   false,  Never,    Shape3x3, RootTrees)),
    (Profile::V5, row(Learned, ExcludeFromSearch, true,   true,   Never,    Shape3x3, RootTrees)),
    (Profile::V6, row(Learned, ExcludeFromSearch, true,   true,   Koth,     Shape3x3, RootTrees)),
    (Profile::V8, row(Learned, ExcludeFromSearch, true,   true,   Always,   Large,    RootTrees)),
    (Profile::V9, row(Learned, ExcludeFromSearch, true,   true,   Always,   Large,    SharedTree)),
];

impl Profile {
    /// Every profile, oldest first.
    pub const ALL: [Profile; 8] = [
        Profile::V1,
        Profile::V2,
        Profile::V3,
        Profile::V4,
        Profile::V5,
        Profile::V6,
        Profile::V8,
        Profile::V9,
    ];

    /// This profile's row of the table.
    pub fn capabilities(self) -> Capabilities {
        TABLE[self as usize].1
    }

    /// The name on the command line and in records (`v1` ... `v9`; `v7`, v6 with
    /// situational dynamic komi, was deleted with its lever: see the module's doc).
    pub fn name(self) -> &'static str {
        match self {
            Profile::V1 => "v1",
            Profile::V2 => "v2",
            Profile::V3 => "v3",
            Profile::V4 => "v4",
            Profile::V5 => "v5",
            Profile::V6 => "v6",
            Profile::V8 => "v8",
            Profile::V9 => "v9",
        }
    }
}

impl std::str::FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Profile, String> {
        Profile::ALL.into_iter().find(|p| p.name() == s).ok_or_else(|| {
            let known: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
            format!("unknown profile {s:?} (known: {})", known.join(", "))
        })
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_one_row_per_profile_in_order() {
        for (i, p) in Profile::ALL.into_iter().enumerate() {
            assert_eq!(TABLE[i].0, p, "row {i}");
            assert_eq!(p.to_string().parse::<Profile>(), Ok(p));
        }
    }

    #[test]
    fn each_profile_adds_what_its_documentation_says() {
        // Each row differs from the one it builds on (the one before) in exactly the
        // columns its version added.
        let added = |p: Profile| {
            let base = Profile::ALL[p as usize - 1];
            let (a, b) = (base.capabilities(), p.capabilities());
            [
                ("priors", a.priors != b.priors),
                ("ko_policy", a.ko_policy != b.ko_policy),
                ("growing_budget", a.growing_budget != b.growing_budget),
                ("ladders", a.ladders != b.ladders),
                ("wide_root", a.wide_root != b.wide_root),
                ("patterns", a.patterns != b.patterns),
                ("parallel", a.parallel != b.parallel),
            ]
            .into_iter()
            .filter(|x| x.1)
            .map(|x| x.0)
            .collect::<Vec<_>>()
        };
        assert_eq!(added(Profile::V2), ["priors"]);
        assert_eq!(added(Profile::V3), ["ko_policy"]);
        assert_eq!(added(Profile::V4), ["growing_budget"]);
        assert_eq!(added(Profile::V5), ["ladders"]);
        assert_eq!(added(Profile::V6), ["wide_root"]);
        assert_eq!(added(Profile::V8), ["wide_root", "patterns"]);
        assert_eq!(Profile::V8.capabilities().wide_root, WideRoot::Always);
        assert_eq!(added(Profile::V9), ["parallel"]);
        // Only v9 shares its tree (the row added after `--shared-tree`'s A/B).
        let shared: Vec<_> =
            Profile::ALL.into_iter().filter(|p| p.capabilities().parallel == SharedTree).collect();
        assert_eq!(shared, [Profile::V9]);
    }

    #[test]
    fn a_wide_root_applies_where_it_says() {
        assert!(!WideRoot::Never.applies(true) && !WideRoot::Never.applies(false));
        assert!(WideRoot::Koth.applies(true) && !WideRoot::Koth.applies(false));
        assert!(WideRoot::Always.applies(true) && WideRoot::Always.applies(false));
    }
}
