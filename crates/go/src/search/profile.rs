//! The bot's profiles as one chain: a row per version ([`VERSIONS`], `v1` to the default),
//! each the profile before it plus what it changed, as `NAME=VALUE` settings of the
//! search's parameters ([`params`](crate::search::params)); the first is laid over the
//! registry's base values (the search before any profile changed it). The search and the
//! move decision read the resolved [`Params`], never "is this profile at least v5", so what
//! a profile does is read in one place, and a tuning flag sets the same parameter by the
//! same name.
//!
//! Adopting a lever as the default is one new row here (its changes, and why), plus the
//! lever's own code and registry row, whose base value leaves the search as it was: an older
//! row never names a newer lever, so the older profiles keep their search without an edit.
//! The help (`menace go --profile`'s, [`help`]) and the docs' tables ([`docs_table`], [`registry_table`]) are
//! printed from these rows.
//!
//! The older rows are frozen: recorded games replay move for move with the profile they
//! were played with (tests pin their moves, and `crates/go/tests/it/profiles.rs` every
//! profile's resolved parameters).
//!
//! Which rows stay: v1 and v2, whose published games tests replay move for move
//! (`tests/it/go_cli.rs`); v3 to v6 and v8 to v11, the rungs of the A/B ladder in `docs/ab/`,
//! each the base the next was measured against. v7 (v6 with situational dynamic komi) is
//! gone with its lever, which gave the same result in all 36 paired handicap games: its
//! records are recounted from their lines and SGF (`tests/it/ab_records.rs`,
//! `tests/it/tournament_records.rs`), not replayed, and the lab notebook names commit
//! 26c31bb as the last that can play them. The names are not renumbered, so every record
//! still names the profile it was played with, and v8 is v6 plus its changes.

use crate::search::params::{self, Knob, Overrides, Params};

/// One profile: its name, what it changed over the one before, and why.
#[derive(Clone, Copy, Debug)]
pub struct Version {
    /// The name on the command line and in records.
    pub name: &'static str,
    /// Its changes over the profile before it (`NAME=VALUE`, read by the `--tune` parser).
    pub changes: &'static [&'static str],
    /// What it adds and how it was measured, for the help and the docs (Markdown).
    pub about: &'static str,
}

/// The profiles, oldest first; the last is the default.
pub const VERSIONS: &[Version] = &[
    Version {
        name: "v1",
        changes: &[],
        about: "the bot of the first recorded matches (2026-11-22): michi's hand-set priors, \
                every legal move searchable from the first visit, 20,000 playouts then",
    },
    Version {
        name: "v2",
        changes: &["priors=learned"],
        about: "priors learned from professional games (the move model) order the children, \
                and progressive widening makes only the strongest few searchable at first, \
                one more each time a node's visits pass `40 * 1.4^k`",
    },
    Version {
        name: "v3",
        changes: &["ko_policy=exclude_from_search"],
        about: "the ko policy for play without history (the king-of-the-hill format): no ko \
                retake while winning, a retake for a tie while clearly losing",
    },
    Version {
        name: "v4",
        changes: &["growing_budget=true"],
        about: "a budget that grows as the board fills, up to twice the playouts asked for: \
                the middle game gets the time the opening does not need; it beat v3 in \
                self-play on 9x9 and 13x13",
    },
    Version {
        name: "v5",
        changes: &["ladders=true"],
        about: "ladder reading for the tree's priors: running into a working ladder loses its \
                tactical priors, an atari that starts one gets a capture's",
    },
    Version {
        name: "v6",
        changes: &["wide_root=koth"],
        about: "a wider root in the king-of-the-hill format, where no last move tells the \
                model which move answers it: 33.5 points of 40 against GNU Go level 10 on \
                19x19 (docs/games/koth-19x19-level10-v6)",
    },
    Version {
        name: "v8",
        changes: &["wide_root=always", "patterns=large"],
        about: "the large-pattern move model (33.1% of held-out professional moves predicted, \
                against 27.6%) and a wide root over GTP too: 64.8% of 122 self-play games \
                against v6 on 13x13 (SPRT: accepted)",
    },
    Version {
        name: "v9",
        changes: &["parallel=shared_tree"],
        about: "one search tree shared by the threads (deterministic) instead of a tree per \
                thread: 74.6% of 67 games against v8 on 13x13, both on two threads (SPRT: \
                accepted); on one thread it is v8; 10.5 points of 12 against GNU Go level \
                10 in the king-of-the-hill format",
    },
    Version {
        name: "v10",
        changes: &["policy_net=root"],
        about: "the policy network's priors at the root on 19x19 (a 6-block residual network, \
                41.6% of held-out professional moves predicted against the move model's \
                33.1%, about 10 ms a move on the CPU): 21 of 21 games against v9 on 19x19 at \
                5,000 playouts, 12 of 12 against GNU Go level 10; on other boards it is v9",
    },
    Version {
        name: "v11",
        changes: &["net_depth=1"],
        about: "the network ranking the replies to the root's moves too (5 to 7% more CPU at \
                the default budget): 90 of 143 games against v10 on 19x19 at 3,000 playouts \
                (SPRT: accepted), 11 of 12 against GNU Go level 10; on other boards it is v9",
    },
];

/// Which version of the search's knowledge to use: a row of [`VERSIONS`]. The default
/// (the last row) improves over time; the older profiles stay frozen so that recorded
/// games stay replayable move for move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Profile(u8);

impl Profile {
    /// The bot of the first recorded matches.
    pub const V1: Profile = Profile(0);
    /// V1 with learned priors and progressive widening.
    pub const V2: Profile = Profile(1);
    /// V2 with the king-of-the-hill ko policy.
    pub const V3: Profile = Profile(2);
    /// V3 with the growing budget.
    pub const V4: Profile = Profile(3);
    /// V4 with ladders read.
    pub const V5: Profile = Profile(4);
    /// V5 with a wide root in the king-of-the-hill format.
    pub const V6: Profile = Profile(5);
    /// V6 with large patterns and a wide root in both formats.
    pub const V8: Profile = Profile(6);
    /// V8 with one tree shared by the threads.
    pub const V9: Profile = Profile(7);
    /// V9 with the policy network at the root.
    pub const V10: Profile = Profile(8);
    /// V10 with the policy network one level below the root.
    pub const V11: Profile = Profile(9);

    /// Every profile, oldest first.
    pub fn all() -> impl Iterator<Item = Profile> {
        (0..VERSIONS.len() as u8).map(Profile)
    }

    /// Its row.
    pub fn version(self) -> &'static Version {
        &VERSIONS[usize::from(self.0)]
    }

    /// The profile this one builds on (`None` for v1).
    pub fn before(self) -> Option<Profile> {
        self.0.checked_sub(1).map(Profile)
    }

    /// Its own changes over the profile before it.
    pub fn changes(self) -> Overrides {
        Overrides::parse(self.version().changes).expect("the profiles' changes are legal")
    }

    /// What this profile's search does: the registry's base values with every profile's
    /// changes up to this one laid over them, oldest first.
    pub fn params(self) -> Params {
        let base = self.before().map_or_else(Params::base, Profile::params);
        self.changes().over(base)
    }

    /// The name on the command line and in records (`v1` ... `v11`; `v7`, v6 with
    /// situational dynamic komi, was deleted with its lever: see the module's doc).
    pub fn name(self) -> &'static str {
        self.version().name
    }
}

impl Default for Profile {
    /// The last row.
    fn default() -> Profile {
        Profile(VERSIONS.len() as u8 - 1)
    }
}

impl std::str::FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Profile, String> {
        Profile::all().find(|p| p.name() == s).ok_or_else(|| {
            let known: Vec<&str> = Profile::all().map(|p| p.name()).collect();
            format!("unknown profile {s:?} (known: {})", known.join(", "))
        })
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Debug for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A profile's changes as text: `priors=learned, ko_policy=...`, or `(none)` for v1's.
fn changes_text(p: Profile) -> String {
    let c = p.version().changes;
    if c.is_empty() {
        "(none)".to_string()
    } else {
        c.join(", ")
    }
}

/// What each profile is, newest first, for the long help of the profile flag.
pub fn help() -> String {
    let mut out = String::from(
        "The search's knowledge, by version: each profile is the one before it plus its \
         changes (NAME=VALUE, the parameters of the search); the older ones are frozen so \
         that their records replay move for move.\n",
    );
    for p in Profile::all().collect::<Vec<_>>().into_iter().rev() {
        let default = if p == Profile::default() { " (default)" } else { "" };
        let before = p.before().map_or(String::new(), |b| format!("{b} with "));
        out.push_str(&format!(
            "\n{p}{default}: {before}{}: {}.\n",
            changes_text(p),
            p.version().about
        ));
    }
    out
}

/// The profiles as a Markdown table, oldest first (docs/go.md, which a test checks against
/// this).
pub fn docs_table() -> String {
    let mut out =
        String::from("| profile | builds on | changes | what it adds |\n|---|---|---|---|\n");
    for p in Profile::all() {
        let default = if p == Profile::default() { " (default)" } else { "" };
        let before = p.before().map_or("the base values".to_string(), |b| format!("`{b}`"));
        let changes: Vec<String> = p.version().changes.iter().map(|c| format!("`{c}`")).collect();
        let changes = if changes.is_empty() { "(none)".to_string() } else { changes.join(", ") };
        out.push_str(&format!(
            "| `{p}`{default} | {before} | {changes} | {} |\n",
            p.version().about
        ));
    }
    out
}

/// The default profile's search.
impl Default for Params {
    fn default() -> Self {
        Profile::default().params()
    }
}

impl Knob {
    /// Its code in the default profile's search.
    pub fn default_code(self) -> u32 {
        Params::default().code(self)
    }
}

/// What the profiles did with a row: its base value, then each profile that changed it
/// with the value it set (`michi, learned from v2`), or `3500 in every profile`.
pub fn history(p: Knob) -> String {
    let mut text = p.text(p.base_code());
    let changes: Vec<(Profile, u32)> =
        Profile::all().filter_map(|v| Some((v, v.changes().code(p)?))).collect();
    if changes.is_empty() {
        text.push_str(" in every profile");
    }
    for (profile, code) in changes {
        text.push_str(&format!(", {} from {profile}", p.text(code)));
    }
    text
}

/// The registry as text, one row a line (`menace go tune --help`): name, the default
/// profile's value, the values it takes, what the profiles did with it, what it does.
pub fn registry_text() -> String {
    let mut out = String::new();
    for p in Knob::all() {
        let r = p.row();
        let (default, kind) = (p.text(p.default_code()), params::values(r.kind));
        out.push_str(&format!("  {}: {default} ({kind}; {}). {}\n", r.name, history(p), r.doc));
    }
    out
}

/// The registry as a Markdown table (the docs' table of levers and constants, which a
/// test checks against this).
pub fn registry_table() -> String {
    let mut out = String::from(
        "| parameter | default | values | by profile | what it does |\n|---|---|---|---|---|\n",
    );
    for p in Knob::all() {
        let r = p.row();
        out.push_str(&format!(
            "| `{}` | `{}` | {} | {} | {} |\n",
            r.name,
            p.text(p.default_code()),
            params::values(r.kind).replace('|', "\\|"),
            history(p),
            r.doc.replace('|', "\\|")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::WideRoot;

    #[test]
    fn every_row_parses_and_names_its_profile() {
        for p in Profile::all() {
            assert_eq!(p.to_string().parse::<Profile>(), Ok(p));
            assert!(Overrides::parse(p.version().changes).is_ok(), "{p}");
        }
        assert_eq!(Profile::default().params(), Params::default());
        assert_eq!(Profile::V1.params(), Params::base().clone(), "v1 changes nothing");
        // The constants name the rows they say.
        let named = [
            (Profile::V1, "v1"),
            (Profile::V2, "v2"),
            (Profile::V3, "v3"),
            (Profile::V4, "v4"),
            (Profile::V5, "v5"),
            (Profile::V6, "v6"),
            (Profile::V8, "v8"),
            (Profile::V9, "v9"),
            (Profile::V10, "v10"),
            (Profile::V11, "v11"),
        ];
        for (p, name) in named {
            assert_eq!(p.name(), name);
        }
    }

    /// A profile's own row is its whole difference from the one before, and every change in
    /// it changes something; so no row repeats an older one's setting, and none names a
    /// lever that a later row introduces.
    #[test]
    fn each_row_is_exactly_its_profiles_difference() {
        for p in Profile::all() {
            let before = p.before().map_or_else(Params::base, Profile::params);
            let changed: Vec<&str> = Knob::all()
                .filter(|&q| before.code(q) != p.params().code(q))
                .map(Knob::name)
                .collect();
            let named: Vec<&str> =
                p.version().changes.iter().map(|c| c.split('=').next().unwrap()).collect();
            let mut sorted = named.clone();
            sorted.sort_by_key(|n| Knob::named(n).unwrap());
            assert_eq!(changed, sorted, "{p}");
        }
        assert_eq!(Profile::V8.params().wide_root, WideRoot::Always);
    }

    #[test]
    fn the_help_and_the_table_have_a_line_per_profile() {
        let help = help();
        let table = docs_table();
        for p in Profile::all() {
            assert!(help.contains(&format!("\n{p}")), "{p}: {help}");
            assert!(table.contains(&format!("| `{p}`")), "{p}: {table}");
        }
        assert!(help.contains(": v10 with net_depth=1: the network ranking"), "{help}");
        assert!(help.contains(&format!("\n{} (default): ", Profile::default())), "{help}");
        assert_eq!(table.lines().count(), VERSIONS.len() + 2);
    }

    #[test]
    fn a_wide_root_applies_where_it_says() {
        assert!(!WideRoot::Never.applies(true) && !WideRoot::Never.applies(false));
        assert!(WideRoot::Koth.applies(true) && !WideRoot::Koth.applies(false));
        assert!(WideRoot::Always.applies(true) && WideRoot::Always.applies(false));
    }
}
