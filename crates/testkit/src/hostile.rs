//! Files no loader may trust, for the tests of every loader of a file named by a user or a
//! driver (the MENACE state file, the prisoner's-dilemma seed file, GTP's `loadsgf`): each
//! must refuse a FIFO (without blocking), a device (without reading it), a folder and an
//! oversize file with one clear error, and survive arbitrary or damaged bytes.

use std::path::PathBuf;

use proptest::prelude::*;
use tempfile::TempDir;

/// A FIFO with no writer in a fresh folder (kept alive by the returned guard).
pub fn fifo() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fifo");
    let status = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(status.success());
    (dir, path)
}

/// Files no loader with a size limit of `max` bytes may accept, each with the words its
/// error must contain (kept alive by the returned guards).
pub fn files(max: u64) -> (Vec<TempDir>, Vec<(PathBuf, &'static str)>) {
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

/// One edit of [`damage`]: where, which kind (overwrite, insert, delete), which byte.
pub type Edit = (prop::sample::Index, u8, u8);

/// A copy of `bytes` damaged by `edits`, then optionally cut at `cut`.
pub fn damage(bytes: &[u8], edits: &[Edit], cut: Option<prop::sample::Index>) -> Vec<u8> {
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

/// Up to five edits for [`damage`].
pub fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), any::<u8>()), 0..6)
}

/// `bytes` in a file of a fresh folder (kept alive by the returned guard).
pub fn write_temp(bytes: &[u8]) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("file");
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    #[test]
    fn each_hostile_file_is_what_it_claims_to_be() {
        let (_guards, cases) = files(10);
        let kinds: Vec<_> =
            cases.iter().map(|(p, _)| std::fs::metadata(p).unwrap().file_type()).collect();
        use std::os::unix::fs::FileTypeExt;
        assert!(kinds[0].is_fifo());
        assert!(kinds[1].is_char_device());
        assert!(kinds[2].is_dir());
        assert_eq!(std::fs::metadata(&cases[3].0).unwrap().len(), 11);
    }

    #[test]
    fn damage_overwrites_inserts_deletes_and_cuts() {
        let mut runner = TestRunner::deterministic();
        let at = any::<prop::sample::Index>().new_tree(&mut runner).unwrap().current();
        let i = at.index(4);
        let mut want = b"abcd".to_vec();
        want[i] = b'X';
        assert_eq!(damage(b"abcd", &[(at, 0, b'X')], None), want);
        assert_eq!(damage(b"abcd", &[(at, 1, b'X')], None).len(), 5);
        assert_eq!(damage(b"abcd", &[(at, 2, b'X')], None).len(), 3);
        assert!(damage(b"abcd", &[], Some(at)).len() <= 4);
        assert_eq!(damage(b"", &[(at, 1, b'X')], None), b"");
    }
}
