//! Every loader of a file named by a user or a driver: the MENACE state file, the prisoner's
//! dilemma seed file and GTP's `loadsgf`. Each refuses a FIFO (without blocking), a device
//! (`/dev/zero`, without reading it), a folder and an oversize file with one clear error,
//! and survives arbitrary bytes and damaged copies of a valid file (proptest): it either
//! refuses or loads something valid, and a refusal changes nothing.

use std::path::{Path, PathBuf};

use menace::go::io::gtp::Engine;
use menace::go::search::mcts::SearchConfig;
use menace::menace::state::{State, MAX_STATE_BYTES};
use menace::pd::seeds::{read_seeds, MAX_SEED_FILE_BYTES};
use proptest::prelude::*;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn state_fixture() -> Vec<u8> {
    std::fs::read(root().join("fixtures/state/v1-saved-by-0.1.0.json")).unwrap()
}

fn sgf_fixture() -> Vec<u8> {
    std::fs::read(root().join("docs/games/19x19-level10/game-001.sgf")).unwrap()
}

fn engine() -> Engine {
    Engine::new(SearchConfig { playouts: 50, threads: 1, ..SearchConfig::default() })
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

/// A FIFO with no writer in a fresh folder (kept alive by the returned guard).
fn fifo() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fifo");
    let status = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(status.success());
    (dir, path)
}

/// Files no loader may accept, with the words its error must contain.
fn hostile(max: u64) -> (Vec<tempfile::TempDir>, Vec<(PathBuf, &'static str)>) {
    let (fifo_dir, fifo_path) = fifo();
    let big_dir = tempfile::tempdir().unwrap();
    let big = big_dir.path().join("big");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(max + 1).unwrap(); // sparse: costs no disk
    let folder = big_dir.path().to_path_buf();
    let cases = vec![
        (fifo_path, "not a regular file (a FIFO)"),
        (PathBuf::from("/dev/zero"), "not a regular file (a device)"),
        (folder, "not a regular file (a folder)"),
        (big, "larger than the limit"),
    ];
    (vec![fifo_dir, big_dir], cases)
}

#[test]
fn the_state_loader_refuses_fifos_devices_folders_and_oversize_files() {
    let (_guards, cases) = hostile(MAX_STATE_BYTES);
    for (path, words) in cases {
        let e = State::load(&path).map(|_| ()).unwrap_err();
        assert!(e.contains(words), "{}: {e}", path.display());
        assert!(!e.contains('\n'));
    }
}

#[test]
fn the_seed_loader_refuses_fifos_devices_folders_and_oversize_files() {
    let (_guards, cases) = hostile(MAX_SEED_FILE_BYTES);
    for (path, words) in cases {
        let e = read_seeds(&path, 1).unwrap_err();
        assert!(e.contains(words), "{}: {e}", path.display());
    }
}

#[test]
fn loadsgf_refuses_fifos_devices_and_folders_and_changes_nothing() {
    let (_guards, cases) = hostile(1 << 20);
    for (path, words) in cases {
        let (answer, unchanged) = loadsgf(&path);
        assert!(answer.starts_with("? cannot load file: "), "{answer}");
        assert!(answer.contains(words), "{}: {answer}", path.display());
        assert!(unchanged, "{}", path.display());
    }
}

/// A copy of `bytes` damaged by `edits`: (where, what) pairs that overwrite, insert or
/// delete a byte, then optionally cut the tail.
fn damage(
    bytes: &[u8],
    edits: &[(prop::sample::Index, u8, u8)],
    cut: Option<prop::sample::Index>,
) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for (at, kind, byte) in edits {
        if out.is_empty() {
            break;
        }
        let i = at.index(out.len());
        match kind % 3 {
            0 => out[i] = *byte,
            1 => out.insert(i, *byte),
            _ => {
                out.remove(i);
            }
        }
    }
    if let Some(at) = cut {
        let keep = at.index(out.len() + 1);
        out.truncate(keep);
    }
    out
}

fn edits() -> impl Strategy<Value = Vec<(prop::sample::Index, u8, u8)>> {
    prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), any::<u8>()), 0..6)
}

fn write_temp(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("file");
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A damaged 0.1.0 state file is refused or loads into a machine whose beads lie only
    /// on legal moves and which then plays and learns.
    #[test]
    fn damaged_state_files_are_refused_or_valid(e in edits(), cut in proptest::option::of(any::<prop::sample::Index>())) {
        let bytes = damage(&state_fixture(), &e, cut);
        let (_dir, path) = write_temp(&bytes);
        if let Ok((mut m, _)) = State::load(&path) {
            prop_assert_eq!(m.len(), 304);
            for b in 0..m.len() {
                let legal: Vec<usize> = m.legal(b).collect();
                for (mv, &n) in m.beads(b).iter().enumerate() {
                    prop_assert!(n == 0 || legal.contains(&mv), "box {} move {}", b, mv);
                }
            }
            let tally = m.train_against_random(50, &mut menace::rng::from_seed(1));
            prop_assert_eq!(tally.games(), 50);
        }
    }

    #[test]
    fn arbitrary_bytes_are_refused_by_the_state_loader(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let (_dir, path) = write_temp(&bytes);
        prop_assert!(State::load(&path).is_err());
    }

    /// A seed file that loads holds only numbers that print back to its lines.
    #[test]
    fn seed_files_of_arbitrary_or_damaged_bytes_are_refused_or_read(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..200),
            edits().prop_map(|e| damage(b"1\n2\n18446744073709551615\n0\n", &e, None)),
        ]
    ) {
        let (_dir, path) = write_temp(&bytes);
        if let Ok(seeds) = read_seeds(&path, 0) {
            let text = String::from_utf8(bytes).unwrap();
            let lines: Vec<u64> = text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.trim().parse().unwrap()).collect();
            prop_assert_eq!(seeds, lines);
        }
    }

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
