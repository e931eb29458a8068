//! The temporary files [`write_atomic`](crate::write_atomic) makes, named in one place so
//! the writer and the cleaner agree, and their removal after a crash.

use std::ffi::OsStr;
use std::io;
use std::path::Path;

/// How a temporary file for `name` starts: `.NAME.` (hidden, beside its file).
pub(crate) fn temp_prefix(name: &OsStr) -> String {
    format!(".{}.", name.to_string_lossy())
}

/// How a temporary file ends.
pub(crate) const TEMP_SUFFIX: &str = ".tmp";

/// Removes the temporary files a writer of `path` killed mid-write left beside it
/// (`.NAME.XXXXXX.tmp`, where `tempfile` picks the six random characters); the number
/// removed. Only regular files of exactly that shape are touched, never `path` itself or
/// anything a symlink points to. Call it at a program's start, before it writes `path`:
/// a write in progress by another program would lose its temporary file.
pub fn remove_leftovers(path: &Path) -> io::Result<usize> {
    let Some(name) = path.file_name() else { return Ok(0) };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = temp_prefix(name);
    let mut removed = 0;
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        let Some(middle) =
            file.strip_prefix(prefix.as_str()).and_then(|rest| rest.strip_suffix(TEMP_SUFFIX))
        else {
            continue;
        };
        // tempfile's random part: six letters and digits.
        if middle.len() != 6 || !middle.bytes().all(|b| b.is_ascii_alphanumeric()) {
            continue;
        }
        if entry.file_type()?.is_file() {
            std::fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_only_the_writers_own_leftovers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("class.json");
        std::fs::write(&path, b"kept").unwrap();
        let keep = [
            "class.json",
            ".class.json.tmp",
            ".class.json.abc.tmp",
            ".other.json.Ab3dE9.tmp",
            "x.class.json.Ab3dE9.tmp",
            ".class.json.Ab3dE9.tmp.bak",
        ];
        let leftovers = [".class.json.Ab3dE9.tmp", ".class.json.zzzzzz.tmp"];
        for name in keep.iter().chain(&leftovers).skip(1) {
            std::fs::write(dir.path().join(name), b"x").unwrap();
        }
        // A folder of the same shape is not a leftover of ours.
        std::fs::create_dir(dir.path().join(".class.json.DIR123.tmp")).unwrap();
        assert_eq!(remove_leftovers(&path).unwrap(), 2);
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let mut want: Vec<String> = keep.iter().map(|s| s.to_string()).collect();
        want.push(".class.json.DIR123.tmp".into());
        want.sort();
        assert_eq!(names, want);
        assert_eq!(std::fs::read(&path).unwrap(), b"kept");
        // A missing folder is nothing to clean.
        assert_eq!(remove_leftovers(&dir.path().join("no/such/x.json")).unwrap(), 0);
    }

    #[test]
    fn a_killed_writers_temporary_is_found_by_name() {
        // The writer's own naming, as write_atomic makes it.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let tmp = tempfile::Builder::new()
            .prefix(&temp_prefix(path.file_name().unwrap()))
            .suffix(TEMP_SUFFIX)
            .tempfile_in(dir.path())
            .unwrap();
        let (_, kept) = tmp.keep().unwrap();
        assert!(kept.exists());
        assert_eq!(remove_leftovers(&path).unwrap(), 1);
        assert!(!kept.exists());
    }
}
