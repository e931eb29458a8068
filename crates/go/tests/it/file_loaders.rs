//! GTP's `loadsgf`, given a file named by a driver: it refuses a FIFO (without blocking), a
//! device (`/dev/zero`, without reading it) and a folder with one clear error, answers
//! arbitrary bytes and damaged copies of a published game (proptest) without a panic, and a
//! refusal leaves the board as it was. (`menace_testkit::hostile` holds the files.)

use std::path::Path;

use menace_go::io::gtp::GtpEngine;
use menace_go::search::mcts::SearchConfig;
use menace_testkit::hostile::{damage, edits, files, write_temp};
use proptest::prelude::*;

fn sgf_fixture() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read(root.join("docs/games/19x19-level10/game-001.sgf")).unwrap()
}

fn engine() -> GtpEngine {
    GtpEngine::new(SearchConfig { playouts: 50, threads: 1, ..SearchConfig::default() })
}

/// The GTP engine's answer to `loadsgf PATH`, and whether its board is what it was.
fn loadsgf(path: &Path) -> (String, bool) {
    let mut e = engine();
    for c in ["boardsize 9", "play b C3"] {
        assert!(e.handle_line(c).unwrap().starts_with('='));
    }
    let before = e.handle_line("showboard").unwrap();
    let answer = e.handle_line(&format!("loadsgf {}", path.display())).unwrap();
    let unchanged = e.handle_line("showboard").unwrap() == before;
    (answer, unchanged)
}

#[test]
fn loadsgf_refuses_fifos_devices_and_folders_and_changes_nothing() {
    let (_guards, cases) = files(1 << 20);
    for (path, words) in cases {
        let (answer, unchanged) = loadsgf(&path);
        assert!(answer.starts_with("? cannot load file: "), "{answer}");
        assert!(answer.contains(words), "{}: {answer}", path.display());
        assert!(unchanged, "{}", path.display());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// loadsgf on arbitrary bytes or a damaged published game: an answer, never a panic,
    /// and a refusal leaves the board as it was.
    #[test]
    fn loadsgf_on_arbitrary_or_damaged_files_answers_and_a_refusal_changes_nothing(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..300),
            (edits(), proptest::option::of(any::<prop::sample::Index>()))
                .prop_map(|(e, cut)| damage(&sgf_fixture(), &e, cut)),
        ]
    ) {
        let (_dir, path) = write_temp(&bytes);
        let (answer, unchanged) = loadsgf(&path);
        prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{}", answer);
        if answer.starts_with('?') {
            prop_assert!(unchanged);
        }
    }
}
