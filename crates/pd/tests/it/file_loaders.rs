//! The seed file's loader, given a file named by a user: it refuses a FIFO (without
//! blocking), a device (`/dev/zero`, without reading it), a folder and an oversize file with
//! one clear error, and reads arbitrary or damaged bytes (proptest) as an error or as exactly
//! the numbers on its lines. (`menace_testkit::hostile` holds the files.)

use menace_pd::seeds::{read_seeds, MAX_SEED_FILE_BYTES};
use menace_testkit::hostile::{damage, edits, files, write_temp};
use proptest::prelude::*;

#[test]
fn the_seed_loader_refuses_fifos_devices_folders_and_oversize_files() {
    let (_guards, cases) = files(MAX_SEED_FILE_BYTES);
    for (path, words) in cases {
        let e = read_seeds(&path, 1).unwrap_err();
        assert!(e.contains(words), "{}: {e}", path.display());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

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
}
