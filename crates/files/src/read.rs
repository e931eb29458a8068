//! Bounded reads of regular files.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use crate::kind::kind;
use crate::FileError;

/// Reads the regular file at `path` if it holds at most `max` bytes.
///
/// The file is opened non-blocking (so a FIFO without a writer cannot hang the reader) and
/// checked with `fstat` on the open handle: anything but a regular file (FIFO, device such
/// as `/dev/zero`, folder, socket) is refused before a byte is read. The size is checked
/// before reading and again while reading (a file growing underneath stops at `max + 1`).
pub fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, FileError> {
    let cannot = |why: String| FileError::new(format!("cannot read {}", path.display()), why);
    let file = open_nonblocking(path).map_err(|e| cannot(e.to_string()))?;
    let meta = file.metadata().map_err(|e| cannot(e.to_string()))?;
    if !meta.file_type().is_file() {
        return Err(cannot(format!("it is not a regular file ({})", kind(&meta))));
    }
    let too_big = || cannot(format!("it is larger than the limit of {max} bytes"));
    if meta.len() > max {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max.saturating_add(1)).read_to_end(&mut bytes).map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY).open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    OpenOptions::new().read(true).open(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn reads_a_regular_file_up_to_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        fs::write(&path, b"12345").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"12345");
        assert_eq!(read_capped(&path, 100).unwrap(), b"12345");
    }

    #[test]
    fn an_oversize_file_is_refused_with_one_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        fs::write(&path, b"123456").unwrap();
        let e = read_capped(&path, 5).unwrap_err().to_string();
        assert!(e.contains("larger than the limit of 5 bytes"), "{e}");
        assert!(e.contains(&path.display().to_string()), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn a_missing_file_and_a_folder_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read_capped(&dir.path().join("nope"), 10).is_err());
        let e = read_capped(dir.path(), 10).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn dev_zero_is_refused_without_reading_it() {
        let e = read_capped(Path::new("/dev/zero"), 1 << 20).unwrap_err().to_string();
        assert!(e.contains("not a regular file (a device)"), "{e}");
    }

    /// A FIFO with no writer: a blocking open would wait forever. If `read_capped` blocked,
    /// this test would hang (the test harness would then time out) rather than pass.
    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fifo");
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let (tx, rx) = std::sync::mpsc::channel();
        let p = path.clone();
        std::thread::spawn(move || tx.send(read_capped(&p, 100)).unwrap());
        let got = rx.recv_timeout(std::time::Duration::from_secs(60));
        // Unblock the reader thread if it did block, so the process can still exit.
        if got.is_err() {
            let _ = OpenOptions::new().write(true).open(&path);
        }
        let e = got.expect("read_capped blocked on a FIFO").unwrap_err().to_string();
        assert!(e.contains("not a regular file (a FIFO)"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_a_regular_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real");
        fs::write(&real, b"abc").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert_eq!(read_capped(&link, 10).unwrap(), b"abc");
    }
}
