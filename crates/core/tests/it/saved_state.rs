//! State files written by an earlier release keep loading: a user's learning survives an
//! upgrade.
//!
//! `fixtures/state/v1-saved-by-0.1.0.json` and `v1-scroggs-saved-by-0.1.0.json` were written
//! by the 0.1.0 release binary before the file handling was rewritten:
//!
//! ```text
//! menace train --games 50 --seed 7 --state fixtures/state/v1-saved-by-0.1.0.json
//! menace train --games 200 --seed 3 --preset scroggs --state fixtures/state/v1-scroggs-saved-by-0.1.0.json
//! ```
//!
//! The expected boxes are read from the file itself with a plain JSON parser, independently
//! of the loader, and a few counts are written out below as they stand in the file.

use std::path::PathBuf;

use menace_core::menace::state::State;
use menace_core::menace::{BeadColours, BeadRules, EmptyBox};
use menace_core::ttt::Board;

/// The rules of `--preset scroggs` in 0.1.0: a colour for every cell. The preset now has
/// Scroggs's one colour per symmetry class, so the file is that machine with every colour
/// (a custom one; it loads and carries on as it was trained).
fn scroggs_0_1_0() -> BeadRules {
    BeadRules { colours: BeadColours::EveryMove, ..BeadRules::scroggs() }
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/state").join(name)
}

/// Loads a fixture and checks every box against the file's own JSON.
fn loads_with_the_same_boxes(name: &str, rules: BeadRules, games: u64) {
    let path = fixture(name);
    let (machine, played) = State::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(played, games);
    assert_eq!(machine.rules(), &rules);
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let boxes = doc["boxes"].as_array().unwrap();
    assert_eq!(boxes.len(), 304);
    assert_eq!(machine.len(), 304);
    for saved in boxes {
        let position = saved["position"].as_str().unwrap();
        let want: Vec<u32> =
            saved["beads"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap() as u32).collect();
        let b = machine.find(Board::parse(position).unwrap()).expect("a box drawing");
        assert_eq!(machine.beads(b), &want[..], "{name}: box {position}");
    }
    // Saving it again writes the very same bytes: the format has not moved.
    let again = tempfile::tempdir().unwrap();
    let out = again.path().join("again.json");
    State::of(&machine, played).save(&out).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&path).unwrap(), "{name}");
}

#[test]
fn a_challenge_state_saved_by_0_1_0_loads_with_the_same_boxes() {
    loads_with_the_same_boxes("v1-saved-by-0.1.0.json", BeadRules::challenge(), 50);
}

#[test]
fn a_scroggs_state_saved_by_0_1_0_loads_with_the_same_boxes() {
    let rules = scroggs_0_1_0();
    assert_eq!(rules.empty, EmptyBox::Resign);
    assert_eq!(rules.preset_name(), None);
    loads_with_the_same_boxes("v1-scroggs-saved-by-0.1.0.json", rules, 200);
}

#[test]
fn the_first_boxes_hold_the_counts_written_in_the_file() {
    // Copied by hand from the fixture, so a loader that shifted or reordered counts fails
    // here even if it did so on both sides of the comparison above.
    let (machine, _) = State::load(&fixture("v1-saved-by-0.1.0.json")).unwrap();
    let first = machine.find(Board::parse(".........").unwrap()).unwrap();
    assert_eq!(machine.beads(first), [5, 6, 7, 9, 8, 4, 7, 7, 3]);
    let second = machine.find(Board::parse("XO.......").unwrap()).unwrap();
    assert_eq!(machine.beads(second), [0, 0, 3, 3, 5, 3, 4, 3, 3]);
}

#[test]
fn an_existing_state_is_read_and_refused_only_under_other_asked_rules() {
    let path = fixture("v1-scroggs-saved-by-0.1.0.json");
    let missing = fixture("no-such-state.json");
    assert!(State::read_existing(&missing, Some(&BeadRules::challenge())).unwrap().is_none());
    let state = State::read_existing(&path, None).unwrap().expect("the file exists");
    assert_eq!(state.games_played, 200);
    let asked = scroggs_0_1_0();
    assert!(State::read_existing(&path, Some(&asked)).unwrap().is_some());
    assert!(State::read_existing(&path, Some(&BeadRules::scroggs())).is_err());
    let other = State::read_existing(&path, Some(&BeadRules::challenge())).unwrap_err();
    assert!(other.contains("was trained with other bead rules"), "{other}");
}

#[test]
fn an_existing_state_loads_as_its_machine_and_games_played() {
    let path = fixture("v1-scroggs-saved-by-0.1.0.json");
    let (machine, played) = State::load_existing(&path, None).unwrap().expect("the file exists");
    assert_eq!((machine.rules(), played), (&scroggs_0_1_0(), 200));
    assert!(State::load_existing(&fixture("no-such-state.json"), None).unwrap().is_none());
    assert!(State::load_existing(&path, Some(&BeadRules::challenge())).is_err());
}
