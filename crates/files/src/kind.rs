//! What a path is, when it is not a regular file: the one check every writer makes.
//!
//! A save replaces its target with a rename, and a rename replaces whatever has the name:
//! a FIFO, a socket, even a device such as `/dev/null` (run as root, `save /dev/null`
//! replaced the machine's). So every writer of this crate ([`crate::write_atomic`],
//! [`crate::open_append`]) and [`check_writable`] refuse a path that leads (through its
//! symlinks) to anything but a regular file or nothing at all.

use std::fs::{self, Metadata};
use std::io;
use std::path::{Path, PathBuf};

use crate::FileError;

/// How many symlinks in a row are followed before giving up (the kernel's own limit).
const MAX_LINKS: usize = 40;

/// The path a write to `path` lands on: `path` itself, or the end of its chain of symlinks
/// (which may not exist yet: a dangling link's target is created).
pub(crate) fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{}: too many levels of symbolic links", path.display()),
    ))
}

/// What a file that is not regular is, in words.
pub(crate) fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// What a replacing write (a save) would do to a file that is not regular.
pub(crate) const REPLACE: &str = "writing would replace it";

/// Why writing to a file of metadata `meta` is refused, if it is: `path` is the name the
/// caller gave, `target` the end of its links, `harm` what the write would do (e.g.
/// [`REPLACE`]). `None` for a regular file.
pub(crate) fn refusal(path: &Path, target: &Path, meta: &Metadata, harm: &str) -> Option<String> {
    if meta.file_type().is_file() {
        return None;
    }
    let what = format!("not a regular file ({})", kind(meta));
    let is = if target == path {
        format!("it is {what}")
    } else {
        format!("it links to {}, which is {what}", target.display())
    };
    Some(format!("{is}; {harm}: choose another file name"))
}

/// The refusal for `path`, whose links end at `target`, as it stands now, if any: looks at
/// `target` without following it again. A path that leads to nothing is fine (a first save).
pub(crate) fn refuse_special(path: &Path, target: &Path, harm: &str) -> io::Result<()> {
    match fs::symlink_metadata(target) {
        Ok(meta) => match refusal(path, target, &meta, harm) {
            Some(why) => Err(io::Error::new(io::ErrorKind::InvalidInput, why)),
            None => Ok(()),
        },
        // Absent, or not reachable: the write itself says what is wrong.
        Err(_) => Ok(()),
    }
}

/// Refuses, early, a path no writer of this crate would write: one that leads (through its
/// symlinks) to a FIFO, a device, a socket or a folder. A regular file, a symlink to one,
/// a path that does not exist yet (or a dangling link) pass. For callers that must fail
/// before they start (a server refusing its `--state` before it binds a port); the writers
/// check again themselves, so this is no substitute for handling their errors.
///
/// The error reads `cannot write PATH: it is not a regular file (a FIFO); writing would
/// replace it: choose another file name`; [`FileError::reason`] gives the part after the
/// colon.
pub fn check_writable(path: &Path) -> Result<(), FileError> {
    let cannot = |why: String| FileError::new(format!("cannot write {}", path.display()), why);
    let target = follow_links(path).map_err(|e| cannot(e.to_string()))?;
    refuse_special(path, &target, REPLACE).map_err(|e| cannot(e.to_string()))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Makes a FIFO at `path`.
    #[cfg(unix)]
    pub(crate) fn mkfifo(path: &Path) {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
    }

    /// Makes a character device with /dev/null's numbers (1, 3) at `path`; `false` when not
    /// permitted (not root, or a container without CAP_MKNOD), and only then.
    #[cfg(target_os = "linux")]
    pub(crate) fn mknod_null(path: &Path) -> bool {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        let dev = libc::makedev(1, 3);
        if unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, dev) } == 0 {
            return true;
        }
        let e = io::Error::last_os_error();
        assert_eq!(e.raw_os_error(), Some(libc::EPERM), "mknod {}: {e}", path.display());
        eprintln!("skipped: mknod is not permitted here ({e})");
        false
    }

    /// Whether `path` (not followed) is a FIFO.
    #[cfg(unix)]
    pub(crate) fn is_fifo(path: &Path) -> bool {
        use std::os::unix::fs::FileTypeExt;
        fs::symlink_metadata(path).unwrap().file_type().is_fifo()
    }

    #[cfg(unix)]
    #[test]
    fn check_writable_passes_files_links_to_files_and_new_names() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        fs::write(&file, b"x").unwrap();
        let link = dir.path().join("l");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let dangling = dir.path().join("d");
        std::os::unix::fs::symlink(dir.path().join("none"), &dangling).unwrap();
        for p in [&file, &link, &dangling, &dir.path().join("new")] {
            assert_eq!(check_writable(p), Ok(()), "{}", p.display());
        }
    }

    #[cfg(unix)]
    #[test]
    fn check_writable_refuses_a_fifo_a_link_to_one_and_a_folder_in_one_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        mkfifo(&fifo);
        let e = check_writable(&fifo).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "cannot write {}: it is not a regular file (a FIFO); writing would replace \
                 it: choose another file name",
                fifo.display()
            )
        );
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("fifo", &link).unwrap();
        let e = check_writable(&link).unwrap_err();
        assert!(e.reason().starts_with("it links to "), "{e}");
        assert!(e.reason().contains("which is not a regular file (a FIFO)"), "{e}");
        let e = check_writable(dir.path()).unwrap_err().to_string();
        assert!(e.contains("not a regular file (a folder)"), "{e}");
        assert!(!e.contains('\n'));
        assert!(is_fifo(&fifo));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn check_writable_refuses_a_device() {
        assert!(check_writable(Path::new("/dev/null"))
            .unwrap_err()
            .to_string()
            .contains("not a regular file (a device)"));
        let dir = tempfile::tempdir().unwrap();
        let nul = dir.path().join("nul");
        if mknod_null(&nul) {
            assert!(check_writable(&nul).is_err());
        }
    }
}
