//! Where file commands from a driver (save, load) may reach.

use std::fs;
use std::path::{Component, Path, PathBuf};

use crate::FileError;

/// Where file commands (save/load) may reach: a driver relaying untrusted lines can confine
/// them to one folder (`--files DIR`) or turn them off (`--no-files`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FileAccess {
    /// Any path the process can reach (a person at a terminal).
    #[default]
    Anywhere,
    /// Only relative names inside this folder.
    Within(PathBuf),
    /// No file commands at all.
    Nowhere,
}

impl FileAccess {
    /// The access asked for: `nowhere` wins, `within` must name a folder, and neither
    /// means anywhere. (The command line's `--no-files` and `--files DIR`.)
    pub fn choose(within: Option<&Path>, nowhere: bool) -> Result<FileAccess, NotAFolder> {
        match (within, nowhere) {
            (_, true) => Ok(FileAccess::Nowhere),
            (Some(dir), false) if !dir.is_dir() => Err(NotAFolder(dir.to_path_buf())),
            (Some(dir), false) => Ok(FileAccess::Within(dir.to_path_buf())),
            (None, false) => Ok(FileAccess::Anywhere),
        }
    }

    /// The path a file command naming `name` may use, or why not.
    ///
    /// `Within(dir)`: relative names only, no `..`, no absolute paths, and the resolved path
    /// (symlinks followed) stays inside `dir`. A name that does not exist yet is allowed if
    /// its folder resolves inside `dir` (a first save); a dangling symlink is refused, since
    /// a save would create its target wherever it points. `Nowhere`: always refused.
    ///
    /// The check resolves the path when called; it guards against names, not against
    /// another process rearranging the folder between the check and the use.
    pub fn resolve(&self, name: &str) -> Result<PathBuf, FileError> {
        if name.is_empty() {
            return Err(FileError::new("cannot use the file name \"\"", "it is empty"));
        }
        match self {
            FileAccess::Anywhere => Ok(PathBuf::from(name)),
            FileAccess::Nowhere => Err(FileError::new(
                format!("cannot use {name:?}"),
                "file commands are disabled in this session",
            )),
            FileAccess::Within(dir) => within(dir, name),
        }
    }
}

/// A path given as the folder to confine file commands to that is not a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAFolder(pub PathBuf);

impl std::fmt::Display for NotAFolder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: not a folder", self.0.display())
    }
}

fn within(dir: &Path, name: &str) -> Result<PathBuf, FileError> {
    let refuse = |why: &str| {
        FileError::new(
            format!("cannot use {name:?}"),
            format!("{why} (files are confined to a folder)"),
        )
    };
    let relative = Path::new(name);
    for component in relative.components() {
        match component {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => return Err(refuse("names may not contain `..`")),
            Component::RootDir | Component::Prefix(_) => {
                return Err(refuse("names must be relative"))
            }
        }
    }
    let file_name = relative.file_name().ok_or_else(|| refuse("the name has no file part"))?;
    let root = fs::canonicalize(dir).map_err(|e| {
        FileError::new(format!("cannot use the files folder {}", dir.display()), e.to_string())
    })?;
    let joined = root.join(relative);
    let resolved = match fs::canonicalize(&joined) {
        Ok(p) => p,
        Err(_) if fs::symlink_metadata(&joined).is_ok() => {
            return Err(refuse("it is a symlink to nothing"))
        }
        Err(_) => {
            // Not there yet: its folder must exist and resolve inside the root.
            let parent = joined.parent().unwrap_or(&root);
            let parent =
                fs::canonicalize(parent).map_err(|_| refuse("its folder does not exist"))?;
            parent.join(file_name)
        }
    };
    if resolved.starts_with(&root) && resolved != root {
        Ok(resolved)
    } else {
        Err(refuse("it leads outside the folder"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (tempfile::TempDir, FileAccess) {
        let top = tempfile::tempdir().unwrap();
        let inside = top.path().join("inside");
        fs::create_dir(&inside).unwrap();
        fs::create_dir(inside.join("sub")).unwrap();
        fs::write(inside.join("a.json"), b"a").unwrap();
        fs::write(top.path().join("secret"), b"s").unwrap();
        let access = FileAccess::Within(inside);
        (top, access)
    }

    #[test]
    fn nowhere_a_folder_or_anywhere() {
        let (top, _) = setup();
        let inside = top.path().join("inside");
        assert_eq!(FileAccess::choose(Some(&inside), true), Ok(FileAccess::Nowhere));
        assert_eq!(FileAccess::choose(Some(&inside), false), Ok(FileAccess::Within(inside)));
        assert_eq!(FileAccess::choose(None, false), Ok(FileAccess::Anywhere));
        let file = top.path().join("secret");
        let err = FileAccess::choose(Some(&file), false).unwrap_err();
        assert_eq!(err, NotAFolder(file.clone()));
        assert_eq!(err.to_string(), format!("{}: not a folder", file.display()));
    }

    fn refused(access: &FileAccess, name: &str) -> String {
        match access.resolve(name) {
            Ok(p) => panic!("{name:?} was allowed as {}", p.display()),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn relative_names_inside_the_folder_are_allowed() {
        let (top, access) = setup();
        let inside = fs::canonicalize(top.path().join("inside")).unwrap();
        assert_eq!(access.resolve("a.json").unwrap(), inside.join("a.json"));
        assert_eq!(access.resolve("./a.json").unwrap(), inside.join("a.json"));
        assert_eq!(access.resolve("sub/new.json").unwrap(), inside.join("sub/new.json"));
        // A first save: the file does not exist yet.
        assert_eq!(access.resolve("new.json").unwrap(), inside.join("new.json"));
    }

    #[test]
    fn parent_steps_and_absolute_paths_are_refused() {
        let (top, access) = setup();
        assert!(refused(&access, "../secret").contains(".."));
        assert!(refused(&access, "sub/../a.json").contains(".."));
        assert!(refused(&access, "sub/../../secret").contains(".."));
        let abs = top.path().join("secret");
        assert!(refused(&access, abs.to_str().unwrap()).contains("relative"));
        assert!(refused(&access, "/etc/passwd").contains("relative"));
        refused(&access, "");
        refused(&access, ".");
        refused(&access, "missing-folder/x.json");
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_escaping_the_folder_are_refused() {
        let (top, access) = setup();
        let inside = top.path().join("inside");
        std::os::unix::fs::symlink(top.path().join("secret"), inside.join("out")).unwrap();
        std::os::unix::fs::symlink(top.path(), inside.join("updir")).unwrap();
        std::os::unix::fs::symlink(top.path().join("nothing"), inside.join("dangling")).unwrap();
        assert!(refused(&access, "out").contains("outside"));
        assert!(refused(&access, "updir/secret").contains("outside"));
        // A new file under a symlinked folder that leads out.
        assert!(refused(&access, "updir/new.json").contains("outside"));
        assert!(refused(&access, "dangling").contains("symlink to nothing"));
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_staying_inside_are_allowed() {
        let (top, access) = setup();
        let inside = top.path().join("inside");
        std::os::unix::fs::symlink("a.json", inside.join("link.json")).unwrap();
        let real = fs::canonicalize(inside.join("a.json")).unwrap();
        assert_eq!(access.resolve("link.json").unwrap(), real);
    }

    #[test]
    fn nowhere_refuses_and_anywhere_passes_names_through() {
        assert!(FileAccess::Nowhere
            .resolve("a.json")
            .unwrap_err()
            .to_string()
            .contains("disabled"));
        assert_eq!(FileAccess::Anywhere.resolve("../x").unwrap(), PathBuf::from("../x"));
    }
}
