//! What keeps a class: the [`Store`] interface a room commits through, and its one
//! implementation today, the single class file of `menace serve --class` ([`FileStore`]).
//! The rooms' database (many classes by code) is the next: each method is one
//! transaction there.
//!
//! The class file is a state document, as `save` writes and `load`, `import` and `eval
//! --state` read, with the class's record and its earlier machines in it: the class and
//! its undo history are written as one file, atomically, so a kill at any moment loses
//! neither. The teacher's key lives apart, in the teacher's file beside it
//! ([`teacher_file`]), readable by its owner only, written once at start, and never
//! through a symbolic link.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use menace_core::menace::state::{SavedEarlier, State, MAX_STATE_BYTES};

use crate::key::valid_key;
use crate::limits::EARLIER;
use crate::record::Earlier;

/// A class as its store kept it.
#[derive(Debug, Default)]
pub struct Stored {
    /// The class (machine and record); `None` for a class never kept.
    pub state: Option<State>,
    /// Its earlier machines, newest first (not yet checked: the room checks them).
    pub earlier: Vec<Earlier>,
    /// The teacher's key kept with it, if any.
    pub key: Option<String>,
    /// What the teacher must hear at start about what was kept (a teacher's file gone
    /// missing), if anything.
    pub notice: Option<String>,
}

/// Where a class is kept. Each commit returns once what it was given would survive a
/// power cut: a room commits before anything about a change is told.
pub trait Store: Send + Sync {
    /// The class as kept, or why it cannot be read (nothing is changed then).
    fn load(&self) -> Result<Stored, String>;

    /// Commits the class after games, training, rules or names changed it (its earlier
    /// machines are as last committed).
    fn commit_games(&self, class: &State) -> Result<(), String>;

    /// Commits a replacement (a reset, new rules with reset, an import, a restore): the
    /// new class together with its earlier machines, as one.
    fn commit_replace(&self, class: &State, earlier: &[Earlier]) -> Result<(), String>;

    /// Keeps the teacher's key with the class.
    fn keep_key(&self, key: &str) -> Result<(), String>;
}

/// The teacher's file of a class file `state`: `STATE.teacher`, beside it, readable by its
/// owner only. It holds what the class keeps but never hands out: the teacher's key.
pub fn teacher_file(state: &Path) -> PathBuf {
    let mut name = state.as_os_str().to_owned();
    name.push(".teacher");
    PathBuf::from(name)
}

/// The teacher's file's contents. Version 1 also held the earlier machines, which now
/// live in the class file; a version 1 file is still read, its machines taken when the
/// class file has none.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TeacherFile {
    format: String,
    version: u32,
    key: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    previous: Option<Vec<SavedEarlier>>,
}

const TEACHER_FORMAT: &str = "menace-class-teacher";

/// The largest class file read: the class and each of its earlier machines a state.
const MAX_CLASS_BYTES: u64 = (EARLIER as u64 + 1) * MAX_STATE_BYTES;

/// The single class file and its teacher's file.
pub struct FileStore {
    path: PathBuf,
    /// The earlier machines as last committed (a games commit writes them again).
    earlier: Mutex<Vec<SavedEarlier>>,
}

impl FileStore {
    /// The store of the class file at `path`; what a kill mid-write left beside it is
    /// cleared (this server is its one writer).
    pub fn open(path: PathBuf) -> Result<FileStore, String> {
        menace_files::remove_leftovers(&path)
            .map_err(|e| format!("{}: cannot clear its temporary files: {e}", path.display()))?;
        Ok(FileStore { path, earlier: Mutex::new(Vec::new()) })
    }

    /// The class file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The teacher's file, if there is one, checked; a symbolic link is refused (a key is
    /// never read or written through one).
    fn read_teacher(&self) -> Result<Option<TeacherFile>, String> {
        let path = teacher_file(&self.path);
        refuse_link(&path)?;
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(None);
        }
        let cap = MAX_CLASS_BYTES;
        let bytes = menace_files::read_capped(&path, cap)
            .map_err(|e| format!("cannot read {}: {}", path.display(), e.reason()))?;
        let file: TeacherFile = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{} is not a class's teacher file: {e}", path.display()))?;
        let bad = file.format != TEACHER_FORMAT
            || !matches!((file.version, &file.previous), (1, Some(_)) | (2, None))
            || !valid_key(&file.key)
            || file.previous.as_ref().is_some_and(|p| p.len() > EARLIER);
        if bad {
            return Err(format!("{} is not a class's teacher file", path.display()));
        }
        Ok(Some(file))
    }

    /// Writes the class file: `class` with `earlier` in it, atomically.
    fn write(&self, class: &State, earlier: &[SavedEarlier]) -> Result<(), String> {
        // One line, compact: the class file is also what `import` takes.
        menace_files::write_atomic(&self.path, &document(class, earlier))
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

/// Refuses a symbolic link where a secret is kept.
fn refuse_link(path: &Path) -> Result<(), String> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(format!(
            "{} is a symbolic link: the teacher's file holds the class's key, which is never \
             read or written through a link; remove the link (the file is made again)",
            path.display()
        )),
        _ => Ok(()),
    }
}

impl Store for FileStore {
    fn load(&self) -> Result<Stored, String> {
        let teacher = self.read_teacher()?;
        let state = match std::fs::symlink_metadata(&self.path) {
            Err(_) => None,
            Ok(_) => {
                let name = self.path.display();
                let bytes = menace_files::read_capped(&self.path, MAX_CLASS_BYTES)
                    .map_err(|e| format!("cannot read {name}: {}", e.reason()))?;
                Some(
                    State::parse(&bytes)
                        .map_err(|e| format!("{name} is not a valid state file: {e}"))?,
                )
            }
        };
        let kept_in_file = state.as_ref().and_then(|s| s.earlier.clone());
        let notice = match (&state, &teacher) {
            (Some(s), None) if s.class.is_some() => Some(format!(
                "{} is missing: the class's key is a new one{}",
                teacher_file(&self.path).display(),
                if kept_in_file.is_some() {
                    ""
                } else {
                    ", and the earlier machines it kept are gone"
                }
            )),
            _ => None,
        };
        let (key, from_teacher) = match teacher {
            Some(t) => (Some(t.key), t.previous.unwrap_or_default()),
            None => (None, Vec::new()),
        };
        let saved = kept_in_file.unwrap_or(from_teacher);
        let earlier = saved.into_iter().map(Earlier::from_saved).collect::<Result<_, _>>()?;
        let state = state.map(|mut s| {
            s.earlier = None;
            s
        });
        Ok(Stored { state, earlier, key, notice })
    }

    fn commit_games(&self, class: &State) -> Result<(), String> {
        let earlier = self.earlier.lock().unwrap_or_else(|e| e.into_inner());
        self.write(class, &earlier)
    }

    fn commit_replace(&self, class: &State, earlier: &[Earlier]) -> Result<(), String> {
        let mut kept = self.earlier.lock().unwrap_or_else(|e| e.into_inner());
        let saved: Vec<SavedEarlier> = earlier.iter().map(Earlier::saved).collect();
        self.write(class, &saved)?;
        *kept = saved;
        Ok(())
    }

    /// Written owner-only, atomically, never through a link (checked again here: a link
    /// put there since the start is refused, not followed).
    fn keep_key(&self, key: &str) -> Result<(), String> {
        let path = teacher_file(&self.path);
        refuse_link(&path)?;
        let file = TeacherFile {
            format: TEACHER_FORMAT.into(),
            version: 2,
            key: key.into(),
            previous: None,
        };
        let text = serde_json::to_string(&file).expect("a teacher file serializes") + "\n";
        #[cfg(unix)]
        if std::fs::symlink_metadata(&path).is_err() {
            // Created owner-only before the first write: the writer keeps a file's mode.
            use std::os::unix::fs::OpenOptionsExt;
            let _ =
                std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&path);
        }
        menace_files::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// A class as one document, the bytes a class file holds: `class` with its earlier
/// machines in it, on one line (the rooms' database keeps a room's class so, and a room's
/// export is a class file).
pub fn document(class: &State, earlier: &[SavedEarlier]) -> Vec<u8> {
    let mut state = class.clone();
    state.earlier = Some(earlier.to_vec());
    let mut text = serde_json::to_vec(&state).expect("a state serializes");
    text.push(b'\n');
    text
}

/// A class document read back ([`document`]): the class, its `earlier` taken out, and its
/// earlier machines (checked as states when a room takes them); no bytes: a class never
/// kept. The key is not in the document.
pub fn read_document(bytes: &[u8]) -> Result<Stored, String> {
    if bytes.is_empty() {
        return Ok(Stored::default());
    }
    if bytes.len() as u64 > MAX_CLASS_BYTES {
        return Err(format!("a class is at most {MAX_CLASS_BYTES} bytes"));
    }
    let mut state = State::parse(bytes).map_err(|e| format!("not a valid state file: {e}"))?;
    let earlier = state
        .earlier
        .take()
        .unwrap_or_default()
        .into_iter()
        .map(Earlier::from_saved)
        .collect::<Result<_, _>>()?;
    Ok(Stored { state: Some(state), earlier, key: None, notice: None })
}
