//! The bot's profiles as one table: a row per version ([`Profile::V1`] to [`Profile::V11`]),
//! each a list of `NAME=VALUE` overrides of the search's parameters
//! ([`params`](crate::search::params)), whose defaults are the default profile's. The
//! search and the move decision read the resolved [`Params`], never "is this profile at
//! least v5", so what a profile does is read in one place, and a tuning flag sets the same
//! parameter by the same name (`--tune wide_root=always`).
//!
//! The older rows are frozen: recorded games replay move for move with the profile they
//! were played with (tests pin their moves). A new idea gets a registry row, and once
//! accepted a new profile; the older profiles then override it back.
//!
//! Which rows stay: v1 and v2, whose published games tests replay move for move
//! (`tests/go_cli.rs`); v3 to v6 and v8 to v11, the rungs of the A/B ladder in `docs/ab/`, each
//! the base the next was measured against, whose parameters tests pin (the ko policy, the
//! budget, ladders, the wide root, the shared tree). v7 (v6 with situational dynamic komi)
//! is gone with its lever, which gave the same result in all 36 paired handicap games: its
//! records are recounted from their lines and SGF (`tests/ab_records.rs`,
//! `tests/tournament_records.rs`), not replayed, and the lab notebook names commit
//! 26c31bb as the last that can play them. The names are not renumbered, so every record
//! still names the profile it was played with.

use crate::search::params::{Params, Settings};

/// Which version of the search's knowledge to use. The default improves over time; the
/// older profiles stay frozen so that recorded games stay replayable move for move.
/// [`Profile::settings`] is what each one does.
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
    /// move searchable early (`wide_root=koth`); deeper nodes, which know the move before
    /// them, still widen progressively. Over GTP it plays as V5. The default from
    /// 2026-11-24 to 2026-11-26: 33.5 points of 40 against GNU Go level 10 in the
    /// king-of-the-hill format on 19x19 (docs/games/koth-19x19-level10-v6).
    V6,
    /// V6 with the large-pattern move model (`patterns=large`) for its
    /// learned priors and widening, and the root wide in both formats
    /// (`wide_root=always`, which `--tune wide_root=always` gives v6; accepted by its A/B on 13x13,
    /// docs/ab/wide-root-gtp-13x13.jsonl). It won 64.8% of
    /// 122 games against v6 on 13x13 (docs/ab/large-patterns-13x13.jsonl, SPRT H1).
    V8,
    /// V8 with one tree for all the search threads (`parallel=shared_tree`, which
    /// `--tune parallel=shared_tree` gives any profile) instead of a tree per thread: 74.6% of 67 games against v8's
    /// root-parallel trees on 13x13, both on two threads (docs/ab/shared-tree-13x13.jsonl,
    /// SPRT H1). On one thread it is v8. The default since 2026-11-26: 10.5 points of 12
    /// against GNU Go level 10 in the king-of-the-hill format on 19x19
    /// (docs/games/koth-19x19-level10-v9) to 2026-11-27.
    V9,
    /// V9 with the policy network ([`PolicyNet`](crate::model::net::PolicyNet), 41.6% of
    /// professional moves on held-out games against the move model's 33.1%) giving the
    /// root's learned priors on 19x19 (`policy_net=root`); on other boards it is v9. It won
    /// all 21 games against v9 on 19x19 at 5,000 playouts (docs/ab/policy-net-19x19.jsonl).
    /// The default on 2026-11-27; 12 of 12 against GNU Go level 10 in the king-of-the-hill
    /// format on 19x19 (docs/games/koth-19x19-level10-v10).
    V10,
    /// V10 with the policy network ranking the replies to the root's moves too
    /// (`net_depth=1`): 90 won, 53 lost (62.9%) against v10 on 19x19 at 3,000 playouts
    /// (docs/ab/net-depth-19x19.jsonl, SPRT H1). The default since 2026-11-27.
    #[default]
    V11,
}

/// The profiles, in [`Profile`] order: each one's overrides of the registry's defaults
/// (v11's search), read by the same parser as `--tune`.
#[rustfmt::skip]
const TABLE: [(Profile, &[&str]); 10] = [
    (Profile::V1, &["priors=michi", "ko_policy=after_search", "growing_budget=false", "ladders=false", "wide_root=never", "patterns=3x3", "parallel=root_trees", "policy_net=off", "net_depth=0"]),
    (Profile::V2, &["ko_policy=after_search", "growing_budget=false", "ladders=false", "wide_root=never", "patterns=3x3", "parallel=root_trees", "policy_net=off", "net_depth=0"]),
    (Profile::V3, &["growing_budget=false", "ladders=false", "wide_root=never", "patterns=3x3", "parallel=root_trees", "policy_net=off", "net_depth=0"]),
    (Profile::V4, &["ladders=false", "wide_root=never", "patterns=3x3", "parallel=root_trees", "policy_net=off", "net_depth=0"]),
    (Profile::V5, &["wide_root=never", "patterns=3x3", "parallel=root_trees", "policy_net=off", "net_depth=0"]),
    (Profile::V6, &["wide_root=koth", "patterns=3x3", "parallel=root_trees", "policy_net=off", "net_depth=0"]),
    (Profile::V8, &["parallel=root_trees", "policy_net=off", "net_depth=0"]),
    (Profile::V9, &["policy_net=off", "net_depth=0"]),
    (Profile::V10, &["net_depth=0"]),
    (Profile::V11, &[]),
];

/// What each profile is, for `menace go --profile`'s `--help` (beside the table it
/// describes).
pub const HELP: &str =
    "Profile: `v11` (default) is v10 with the policy network ranking the replies to the \
     root's moves too; it won 90 of 143 games against v10 on 19x19 at 3,000 playouts and 11 of 12 \
     against GNU Go level 10. `v10` is v9 \
     with a policy network (a small convolutional network trained on professional games) \
     giving the root's priors on 19x19; it won all 21 games against v9 on 19x19 at 5,000 \
     playouts and 12 of 12 against GNU Go level 10; on other boards both play as v9. `v9` searches \
     one tree with all `--threads`, takes its priors from the large-pattern move model \
     (patterns of up to 72 neighbours learned from professional games), searches every \
     root move early, reads ladders and grows its budget as the board \
     fills (`--playouts` on the empty board, up to twice that in the middle game); it scored \
     10.5 points of 12 against GNU Go level 10 on 19x19 in the king-of-the-hill format. `v8` \
     is v9 with a tree per thread (v9 won 74.6% of 67 against it on 13x13). The older ones \
     are frozen to replay their records: `v6` (the default before v9: 33.5 of 40 against GNU \
     Go level 10) is v5 with every root move searched early in the king-of-the-hill format; \
     `v5` is v4 plus ladders; `v4` is v3 with the growing budget; `v3` is v2 plus the \
     king-of-the-hill ko policy (no ko retake while winning, a retake for a tie while clearly \
     losing); `v2` adds priors learned from professional games and progressive widening to \
     `v1`, the bot of the first recorded matches.";

impl Profile {
    /// Every profile, oldest first.
    pub const ALL: [Profile; 10] = [
        Profile::V1,
        Profile::V2,
        Profile::V3,
        Profile::V4,
        Profile::V5,
        Profile::V6,
        Profile::V8,
        Profile::V9,
        Profile::V10,
        Profile::V11,
    ];

    /// This profile's overrides of the registry's defaults.
    pub fn settings(self) -> Settings {
        Settings::parse(TABLE[self as usize].1).expect("the profiles' overrides are legal")
    }

    /// What this profile's search does: the defaults with its overrides.
    pub fn params(self) -> Params {
        self.settings().over(Params::default())
    }

    /// The name on the command line and in records (`v1` ... `v11`; `v7`, v6 with
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
            Profile::V10 => "v10",
            Profile::V11 => "v11",
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
    use crate::search::params::{Parallel, Param, WideRoot};

    #[test]
    fn the_table_has_one_row_per_profile_in_order() {
        for (i, p) in Profile::ALL.into_iter().enumerate() {
            assert_eq!(TABLE[i].0, p, "row {i}");
            assert_eq!(p.to_string().parse::<Profile>(), Ok(p));
            assert!(Settings::parse(TABLE[i].1).is_ok(), "{p}");
        }
        // The defaults are the default profile's search.
        assert_eq!(Profile::default().params(), Params::default());
    }

    #[test]
    fn each_profile_adds_what_its_documentation_says() {
        // Each profile differs from the one it builds on (the one before) in exactly the
        // parameters its version added.
        let added = |p: Profile| {
            let (a, b) = (Profile::ALL[p as usize - 1].params(), p.params());
            Param::all().filter(|&q| a.code(q) != b.code(q)).map(Param::name).collect::<Vec<_>>()
        };
        assert_eq!(added(Profile::V2), ["priors"]);
        assert_eq!(added(Profile::V3), ["ko_policy"]);
        assert_eq!(added(Profile::V4), ["growing_budget"]);
        assert_eq!(added(Profile::V5), ["ladders"]);
        assert_eq!(added(Profile::V6), ["wide_root"]);
        assert_eq!(added(Profile::V8), ["wide_root", "patterns"]);
        assert_eq!(Profile::V8.params().wide_root, WideRoot::Always);
        assert_eq!(added(Profile::V9), ["parallel"]);
        assert_eq!(added(Profile::V10), ["policy_net"]);
        assert_eq!(added(Profile::V11), ["net_depth"]);
        // Only v9 and later share their tree (the row added after `parallel=shared_tree`'s
        // A/B).
        let shared: Vec<_> = Profile::ALL
            .into_iter()
            .filter(|p| p.params().parallel == Parallel::SharedTree)
            .collect();
        assert_eq!(shared, [Profile::V9, Profile::V10, Profile::V11]);
        // No profile changes a tunable constant.
        for p in Profile::ALL {
            let d = Params::default().tuned();
            assert_eq!(p.params().tuned(), d, "{p}");
        }
    }

    #[test]
    fn a_wide_root_applies_where_it_says() {
        assert!(!WideRoot::Never.applies(true) && !WideRoot::Never.applies(false));
        assert!(WideRoot::Koth.applies(true) && !WideRoot::Koth.applies(false));
        assert!(WideRoot::Always.applies(true) && WideRoot::Always.applies(false));
    }
}
