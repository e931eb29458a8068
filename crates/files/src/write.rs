//! Atomic replacement of a file's contents.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::kind::{follow_links, refuse_special, REPLACE};

/// Writes `bytes` to `path` atomically: into a temporary file in the same folder, created
/// exclusively under an unpredictable name (`tempfile`), flushed to disk (fsync), renamed
/// over the target, and the folder synced so the rename lasts. Readers see either the old
/// file or the new one, never a mix.
///
/// If `path` is a symlink, the file it points to is replaced and the link stays a link (the
/// temporary file lives next to the real file, so the rename stays within one folder). An
/// existing file keeps its permissions; a new one gets the usual `0666 & !umask`.
///
/// Only a regular file (or nothing) is ever replaced: a path that leads to a FIFO, a
/// device (`/dev/null`), a socket or a folder is refused with one sentence (`it is not a
/// regular file (a FIFO); writing would replace it: choose another file name`) and left as
/// it is. Nothing is written into a FIFO either: a save that waits for a reader would hang
/// its session, and the contents would not be a file anyone can load. The check is made
/// before the temporary file is created and again right before the rename; a FIFO or
/// device put in the target's place between that last check and the rename (two system
/// calls apart, by someone who can already write the folder) would still be replaced,
/// since a rename cannot be told to replace only regular files.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = follow_links(path)?;
    refuse_special(path, &target, REPLACE)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let old_permissions = fs::metadata(&target).ok().map(|m| m.permissions());

    let prefix = crate::leftovers::temp_prefix(name);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(crate::leftovers::TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir)?;
    if let Some(permissions) = old_permissions {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    // Again, as late as it can be: writing and syncing took time.
    refuse_special(path, &target, REPLACE)?;
    // On failure the temporary file is removed when the error drops it.
    tmp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable; not every platform can open a folder.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn replaces_whole_files_and_leaves_no_temporaries() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert_eq!(names(dir.path()), ["state.json"]);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing-folder").join("x.json");
        assert!(write_atomic(&path, b"data").is_err());
        assert!(!path.exists());
    }

    /// The old writer used `.NAME.tmp-PID`, which an attacker could plant as a symlink to
    /// any file. The temporary name is now random and created exclusively: a link planted
    /// at the old name is neither followed nor touched.
    #[cfg(unix)]
    #[test]
    fn a_symlink_planted_at_the_old_predictable_name_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        fs::write(&victim, b"precious").unwrap();
        let path = dir.path().join("s.json");
        let planted = dir.path().join(format!(".s.json.tmp-{}", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        write_atomic(&path, b"state").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"precious");
        assert_eq!(fs::read(&path).unwrap(), b"state");
        assert!(fs::symlink_metadata(&planted).unwrap().file_type().is_symlink());
        assert_eq!(names(dir.path()).len(), 3, "{:?}", names(dir.path()));
    }

    #[cfg(unix)]
    #[test]
    fn saving_through_a_symlink_updates_its_target_and_keeps_the_link() {
        let dir = tempfile::tempdir().unwrap();
        let real_dir = dir.path().join("real");
        fs::create_dir(&real_dir).unwrap();
        let real = real_dir.join("state.json");
        fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.json");
        // A relative link, resolved against the link's own folder.
        std::os::unix::fs::symlink("real/state.json", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_link(&link).unwrap(), Path::new("real/state.json"));
        assert_eq!(fs::read(&real).unwrap(), b"new");
        assert_eq!(names(&real_dir), ["state.json"]);
        assert_eq!(names(dir.path()), ["link.json", "real"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_chain_of_links_reaches_the_end_and_a_dangling_link_creates_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let end = dir.path().join("end.json");
        let mid = dir.path().join("mid.json");
        let start = dir.path().join("start.json");
        std::os::unix::fs::symlink(&end, &mid).unwrap();
        std::os::unix::fs::symlink(&mid, &start).unwrap();
        write_atomic(&start, b"x").unwrap();
        assert_eq!(fs::read(&end).unwrap(), b"x");
        assert!(fs::symlink_metadata(&start).unwrap().file_type().is_symlink());
        assert!(fs::symlink_metadata(&mid).unwrap().file_type().is_symlink());
    }

    #[cfg(unix)]
    #[test]
    fn a_loop_of_links_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(write_atomic(&a, b"x").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn an_existing_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p");
        fs::write(&path, b"a").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, b"b").unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
    }

    /// `save x/fifo` answered `saved` and left a regular file where the FIFO was.
    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_and_stays_a_fifo() {
        use crate::kind::tests::{is_fifo, mkfifo};
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        mkfifo(&fifo);
        let e = write_atomic(&fifo, b"state").unwrap_err().to_string();
        assert_eq!(
            e,
            "it is not a regular file (a FIFO); writing would replace it: choose another file name"
        );
        assert!(is_fifo(&fifo));
        assert_eq!(names(dir.path()), ["fifo"], "no temporary file is left");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_a_fifo_is_refused_and_both_stay() {
        use crate::kind::tests::{is_fifo, mkfifo};
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        mkfifo(&fifo);
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink("fifo", &link).unwrap();
        let e = write_atomic(&link, b"state").unwrap_err().to_string();
        assert!(e.contains("links to") && e.contains("not a regular file (a FIFO)"), "{e}");
        assert!(is_fifo(&fifo));
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(names(dir.path()), ["fifo", "link.json"]);
    }

    /// Run as root, `save /dev/null` replaced the machine's /dev/null with a regular file:
    /// here a device with the same numbers in a temporary folder (skipped only where mknod
    /// is not permitted).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_is_refused_and_stays_a_device() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let nul = dir.path().join("nul");
        if !crate::kind::tests::mknod_null(&nul) {
            return;
        }
        let e = write_atomic(&nul, b"state").unwrap_err().to_string();
        assert!(e.contains("not a regular file (a device)"), "{e}");
        assert!(fs::symlink_metadata(&nul).unwrap().file_type().is_char_device());
        assert_eq!(names(dir.path()), ["nul"]);
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        let e = write_atomic(&dir.path().join("sub"), b"x").unwrap_err().to_string();
        assert!(e.contains("not a regular file (a folder)"), "{e}");
        assert_eq!(names(dir.path()), ["sub"]);
    }
}
