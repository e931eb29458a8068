//! Every profile resolves to the parameters it had when its games were recorded: the
//! table below was printed from the code before the profiles became a chain of changes
//! (commit a28d88bc), each row every registry parameter of one profile in registry order.
//! A recorded game replays move for move only if its profile's search is the same, so a
//! change to the registry or the profiles that moves any of these values fails here.

use menace_go::search::params::Knob;
use menace_go::search::profile::Profile;

/// Each profile's resolved parameters, as `NAME=VALUE` in registry order.
const RESOLVED: [(&str, &str); 10] = [
    ("v1", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=michi ko_policy=after_search growing_budget=false ladders=false wide_root=never patterns=3x3 parallel=root_trees policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v2", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=after_search growing_budget=false ladders=false wide_root=never patterns=3x3 parallel=root_trees policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v3", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=exclude_from_search growing_budget=false ladders=false wide_root=never patterns=3x3 parallel=root_trees policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v4", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=exclude_from_search growing_budget=true ladders=false wide_root=never patterns=3x3 parallel=root_trees policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v5", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=exclude_from_search growing_budget=true ladders=true wide_root=never patterns=3x3 parallel=root_trees policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v6", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=exclude_from_search growing_budget=true ladders=true wide_root=koth patterns=3x3 parallel=root_trees policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v8", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=exclude_from_search growing_budget=true ladders=true wide_root=always patterns=large parallel=root_trees policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v9", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=exclude_from_search growing_budget=true ladders=true wide_root=always patterns=large parallel=shared_tree policy_net=off self_atari=half verify=false crit_rave=0"),
    ("v10", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=0 priors=learned ko_policy=exclude_from_search growing_budget=true ladders=true wide_root=always patterns=large parallel=shared_tree policy_net=root self_atari=half verify=false crit_rave=0"),
    ("v11", "rave_equiv=3500 expand_visits=8 widen_start=2 widen_at=40 widen_ratio=1.4 score_weight=0.1 prior_model=20 net_prior=40 net_depth=1 priors=learned ko_policy=exclude_from_search growing_budget=true ladders=true wide_root=always patterns=large parallel=shared_tree policy_net=root self_atari=half verify=false crit_rave=0"),
];

/// Each recorded profile resolves to its row of the table, and a parameter added since
/// (a lever or constant the table does not name) is at its base value in it.
#[test]
fn every_profile_resolves_to_the_parameters_its_games_were_played_with() {
    for (name, want) in RESOLVED {
        let p: Profile = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let params = p.params();
        let pinned: Vec<(&str, &str)> =
            want.split(' ').map(|s| s.split_once('=').expect("NAME=VALUE")).collect();
        for (knob, value) in &pinned {
            let k: Knob = knob.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(k.text(params.code(k)), *value, "{name}: {knob}");
        }
        for k in Knob::all().filter(|k| !pinned.iter().any(|(n, _)| *n == k.name())) {
            assert_eq!(params.code(k), k.base_code(), "{name}: {k} is newer than its games");
        }
    }
    // Every profile up to the newest in the table is in it, in order: a profile added
    // later comes after them (it has no recorded games to pin yet).
    let names: Vec<String> = Profile::all().take(RESOLVED.len()).map(|p| p.to_string()).collect();
    assert_eq!(names, RESOLVED.map(|r| r.0));
}

/// The search's numbers are the same for every recorded profile (none changed a tunable
/// constant), bit for bit.
#[test]
fn every_profile_searches_with_the_same_numbers() {
    let numbers = |p: Profile| {
        let x = p.params();
        let f =
            [x.rave_equiv, x.widen_ratio, x.score_weight, x.prior_model, x.net_prior, x.crit_rave];
        (f.map(f32::to_bits), x.expand_visits, x.widen_start, x.widen_thresholds())
    };
    let want = numbers(Profile::V1);
    for p in RESOLVED.map(|r| r.0.parse::<Profile>().unwrap()) {
        assert_eq!(numbers(p), want, "{p}");
    }
    assert_eq!(want.0[0], 3500.0f32.to_bits());
    assert_eq!((want.1, want.2), (8, 2));
}

/// The text of `doc` between `<!-- NAME -->` and `<!-- end NAME -->`.
fn between(doc: &str, name: &str) -> String {
    let (open, close) = (format!("<!-- {name} -->\n"), format!("<!-- end {name} -->"));
    let start = doc.find(&open).unwrap_or_else(|| panic!("docs/go.md has no {open:?}"));
    let rest = &doc[start + open.len()..];
    let end = rest.find(&close).unwrap_or_else(|| panic!("docs/go.md has no {close:?}"));
    rest[..end].to_string()
}

/// docs/go.md's table of profiles and table of the registry are the ones the code prints:
/// a new profile or parameter, or a changed doc, changes them, and this fails until the
/// docs are pasted from the failure's text.
#[test]
fn the_docs_tables_of_profiles_and_parameters_are_the_registrys() {
    use menace_go::search::profile;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/go.md");
    let doc = std::fs::read_to_string(path).unwrap();
    for (name, want) in
        [("profiles table", profile::docs_table()), ("registry table", profile::registry_table())]
    {
        let got = between(&doc, name);
        assert!(
            got == want,
            "docs/go.md's {name} differs from the code's; it should read:\n{want}"
        );
    }
}
