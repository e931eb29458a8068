//! Files written a line at a time: tournament records, tuning logs.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

use crate::kind::{follow_links, refusal, refuse_special};

/// Why appending to a file that is not regular is refused.
const APPEND: &str = "lines are only appended to a regular file, to be read back";

/// Opens `path` for appending, creating it if absent, if it is a regular file (or a symlink
/// to one); anything else (a FIFO, a device such as `/dev/null`, a socket, a folder) is
/// refused with one sentence (`it is not a regular file (a FIFO); lines are only appended
/// to a regular file, to be read back: choose another file name`) and left as it is.
///
/// A FIFO is refused rather than written into: these files are read back to resume a run,
/// which a pipe cannot be. The path is checked before it is opened (so a FIFO without a
/// reader cannot block the open, nor a device see one), opened without blocking and
/// checked again on the open handle, so what is written to is the regular file checked:
/// no race between the check and the use.
pub fn open_append(path: &Path) -> io::Result<File> {
    let target = follow_links(path)?;
    refuse_special(path, &target, APPEND)?;
    let file = open(path)?;
    let meta = file.metadata()?;
    if let Some(why) = refusal(path, &target, &meta, APPEND) {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, why));
    }
    blocking(&file)?;
    Ok(file)
}

#[cfg(unix)]
fn open(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .create(true)
        .append(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> io::Result<File> {
    OpenOptions::new().create(true).append(true).open(path)
}

/// Clears the O_NONBLOCK the file was opened with (no effect on a regular file's reads and
/// writes on Linux, but the handle is given back as an ordinary one).
#[cfg(unix)]
fn blocking(file: &File) -> io::Result<()> {
    use std::os::unix::io::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor this function's caller owns, with plain integer flags.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(not(unix))]
fn blocking(_: &File) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tests::*;
    use std::fs;
    use std::io::Write;

    #[test]
    fn creates_then_appends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log.jsonl");
        open_append(&path).unwrap().write_all(b"one\n").unwrap();
        open_append(&path).unwrap().write_all(b"two\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"one\ntwo\n");
    }

    #[cfg(unix)]
    #[test]
    fn appends_through_a_symlink_to_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real");
        fs::write(&real, b"a\n").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("real", &link).unwrap();
        open_append(&link).unwrap().write_all(b"b\n").unwrap();
        assert_eq!(fs::read(&real).unwrap(), b"a\nb\n");
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    }

    /// Without the check, opening a FIFO with no reader for writing blocks for ever: the
    /// open runs on a thread so a regression fails the test instead of hanging it.
    #[cfg(unix)]
    #[test]
    fn a_fifo_and_a_link_to_one_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        mkfifo(&fifo);
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        for p in [fifo.clone(), link] {
            let (tx, rx) = std::sync::mpsc::channel();
            let q = p.clone();
            std::thread::spawn(move || tx.send(open_append(&q).map(|_| ())).unwrap());
            let got = rx.recv_timeout(std::time::Duration::from_secs(60));
            if got.is_err() {
                // Unblock the opener so the process can still exit.
                let _ = fs::File::open(&fifo);
            }
            let e = got.expect("open_append blocked on a FIFO").unwrap_err().to_string();
            assert!(e.contains("not a regular file (a FIFO)"), "{}: {e}", p.display());
            assert!(e.contains("choose another file name"), "{e}");
            assert!(is_fifo(&fifo));
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_is_refused() {
        use std::os::unix::fs::FileTypeExt;
        let e = open_append(Path::new("/dev/null")).unwrap_err().to_string();
        assert!(e.contains("not a regular file (a device)"), "{e}");
        let dir = tempfile::tempdir().unwrap();
        let nul = dir.path().join("nul");
        if mknod_null(&nul) {
            let e = open_append(&nul).unwrap_err().to_string();
            assert!(e.contains("not a regular file (a device)"), "{e}");
            assert!(fs::symlink_metadata(&nul).unwrap().file_type().is_char_device());
        }
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = open_append(dir.path()).unwrap_err().to_string();
        assert!(e.contains("not a regular file (a folder)"), "{e}");
    }
}
