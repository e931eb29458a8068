//! The MENACE state file's loader, given a file named by a user or a driver: it refuses a
//! FIFO (without blocking), a device (`/dev/zero`, without reading it), a folder and an
//! oversize file with one clear error, and survives arbitrary bytes and damaged copies of a
//! valid file (proptest): it either refuses or loads something valid.
//! (`menace_testkit::hostile` holds the files; the seed file's and `loadsgf`'s loaders
//! have the same tests in their crates.)

use std::path::Path;

use menace_core::game::Side;
use menace_core::menace::state::{State, MAX_STATE_BYTES};
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_stats::rng::from_seed;
use menace_testkit::hostile::{damage, edits, files, write_temp};
use proptest::prelude::*;

fn state_fixture() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read(root.join("fixtures/state/v1-saved-by-0.1.0.json")).unwrap()
}

/// A state of MENACE playing second, with a few games learned.
fn second_side_state() -> Vec<u8> {
    let mut m = Matchboxes::new(TicTacToe, Side::Second, BeadRules::michie());
    m.train_against_random(100, &mut from_seed(5));
    serde_json::to_vec_pretty(&State::of(&m, 100)).unwrap()
}

#[test]
fn the_state_loader_refuses_fifos_devices_folders_and_oversize_files() {
    let (_guards, cases) = files(MAX_STATE_BYTES);
    for (path, words) in cases {
        let e = State::load(&path).map(|_| ()).unwrap_err();
        assert!(e.contains(words), "{}: {e}", path.display());
        assert!(!e.contains('\n'));
    }
}

/// A machine a loader let through: the boxes of the side it plays, beads only on legal
/// moves, and it trains.
fn sound(
    mut m: menace_core::menace::Matchboxes<menace_core::ttt::TicTacToe>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(m.len(), if m.side() == Side::Second { 289 } else { 304 });
    for b in 0..m.len() {
        let legal: Vec<usize> = m.legal(b).collect();
        for (mv, &n) in m.beads(b).iter().enumerate() {
            prop_assert!(n == 0 || legal.contains(&mv), "box {} move {}", b, mv);
        }
    }
    let tally = m.train_against_random(50, &mut from_seed(1));
    prop_assert_eq!(tally.games(), 50);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A damaged 0.1.0 state file is refused or loads into a machine whose beads lie only
    /// on legal moves and which then plays and learns.
    #[test]
    fn damaged_state_files_are_refused_or_valid(e in edits(), cut in proptest::option::of(any::<prop::sample::Index>())) {
        let bytes = damage(&state_fixture(), &e, cut);
        let (_dir, path) = write_temp(&bytes);
        if let Ok((m, _)) = State::load(&path) {
            prop_assert_eq!(m.side(), Side::First);
            sound(m)?;
        }
    }

    /// The same for a state of MENACE playing second: whatever loads has the boxes of
    /// the side it says it plays.
    #[test]
    fn damaged_second_side_states_are_refused_or_valid(e in edits(), cut in proptest::option::of(any::<prop::sample::Index>())) {
        let bytes = damage(&second_side_state(), &e, cut);
        let (_dir, path) = write_temp(&bytes);
        if let Ok((m, _)) = State::load(&path) {
            sound(m)?;
        }
    }

    #[test]
    fn arbitrary_bytes_are_refused_by_the_state_loader(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let (_dir, path) = write_temp(&bytes);
        prop_assert!(State::load(&path).is_err());
    }
}
