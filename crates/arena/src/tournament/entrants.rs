//! What each entrant runs, kept beside a tournament's results (`entrants.json`), so that a
//! re-run after an entrant's program was edited is told so, entrant by entrant, instead of
//! being shown the games the old program played.
//!
//! The configuration's fingerprint names a folder by the command lines; what those lines
//! run is stamped here: every file a command names (its executable as found on `PATH`,
//! and each argument that is a file, such as the script of `python3 bot.py`), by its
//! content's hash. The fingerprint itself stays the command lines', so a rebuild that
//! changes nothing of a game does not orphan a long record: the judge is told and decides.
//!
//! The file keeps every *version* of the entrants' files that played in the folder, in
//! the order they first played (`versions`, version 0 first), and each results line names
//! the version that played it (its `entrant_files` field; a line without one was played
//! by version 0, so the lines of a run that never changed stay as they were).
//!
//! The rules, checked by [`settle`] before any unit runs:
//! - no results in the folder yet: the stamps are written as version 0;
//! - results, and stamps equal to a recorded version (the last one, or an earlier one an
//!   edit was reverted to): that version plays on, nothing to say;
//! - results, and stamps that match no version: refused with the changes from the last
//!   version named (nothing is played or written), unless the run was told to go on
//!   ([`OnChange::Resume`]): then it says so on stderr and appends them as a new version,
//!   keeping the old ones;
//! - results without stamps (a folder made before they were kept): said once on stderr,
//!   and the files as they are now are recorded as the folder's.
//!
//! During a run, a [`Watch`] looks at the files again before each unit (their size and
//! modification time, hashed again only when those moved; hashed at its first look, so a
//! change between the stamping and the first unit is seen too): a file that changed
//! mid-run is an incident, reported at once on stderr, in the folder's incident log
//! ([`report::LOG`], which the report's incidents include) and in the record (the stamp
//! file's `changes`), appended as a new version, and the units from then on name it. A
//! change a run was told to go on with ([`OnChange::Resume`]) is reported the same way.
//!
//! The stamps guard against mistakes, not forgery (FNV-1a, as the fingerprint), and see
//! only what the command line names: a module a script imports, or a shell's `-c` text
//! naming a script, is not followed.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::report;
use super::unit::{Fnv1a, Plan};

/// The file beside the results that holds the stamps.
pub const FILE: &str = "entrants.json";

/// A file an entrant runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileStamp {
    /// The word of the command line that names it (`python3`, `tft.py`).
    pub word: String,
    /// Where it was found, symbolic links followed.
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// 64-bit FNV-1a of its content, 16 hex digits.
    pub fnv1a64: String,
}

/// One entrant's files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntrantStamp {
    /// The entrant's name in the results.
    pub name: String,
    /// Its command line.
    pub command: String,
    /// The files it runs.
    pub files: Vec<FileStamp>,
}

/// The field of a results line that names the version of the entrants' files that played
/// it (absent: version 0).
pub const VERSION_FIELD: &str = "entrant_files";

/// What the stamp file holds.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Recorded {
    /// The configuration the stamps are of.
    config: String,
    /// The one version a folder recorded before versions were kept (read, never written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    entrants: Option<Vec<EntrantStamp>>,
    /// Every version of the entrants' files that played here, version 0 first.
    #[serde(default)]
    versions: Vec<Vec<EntrantStamp>>,
    /// Each change of the files a run saw, in the order seen (absent: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    changes: Vec<Change>,
}

/// A change of the entrants' files that a run saw: when, what, and the version that
/// played from then on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// When it was seen: `before game 7` or `at its end` (mid-run), or `before the run` (a
    /// run told to go on with changed files).
    pub when: String,
    /// Each entrant that changed, as [`changes`] says it.
    pub what: Vec<String>,
    /// The version of the files that played from then on.
    pub version: usize,
}

impl Change {
    /// The incident's sentence, naming the stamp file as `file`.
    fn said(&self, file: &str) -> String {
        if self.when == BEFORE_THE_RUN {
            format!(
                "{} since the earlier games were played; the run was told to go on: the games from then on are recorded as played by version {} of {file} (their {VERSION_FIELD} field)",
                self.what.join("; "),
                self.version
            )
        } else {
            format!(
                "{} during the run, {}: the games from then on are recorded as played by version {} of {file} (their {VERSION_FIELD} field)",
                self.what.join("; "),
                self.when,
                self.version
            )
        }
    }

    /// Appends the incident's line to `out`'s incident log at once (the stamp file named
    /// by its name, so the same run in another folder logs the same bytes); a failure to
    /// write it is said to `warn`.
    fn log(&self, out: &Path, warn: &mut dyn FnMut(String)) {
        if let Err(e) = report::log_incident(out, &self.said(FILE)) {
            warn(e);
        }
    }
}

/// [`Change::when`] of a change a run was told to go on with.
const BEFORE_THE_RUN: &str = "before the run";

impl Recorded {
    /// Folds the older form (one `entrants` list) into `versions`.
    fn normalised(mut self) -> Recorded {
        if let Some(old) = self.entrants.take() {
            self.versions.insert(0, old);
        }
        self
    }

    fn write(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).unwrap_or_default() + "\n";
        menace_files::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Largest stamp file read.
const MAX_FILE: u64 = 16 << 20;

/// An entrant to stamp: its name, its command line, and the files it runs, each as
/// `(word, path)` (what `menace_run::Program::files` finds).
pub type Unstamped = (String, String, Vec<(String, PathBuf)>);

/// The hash of a file that could not be read.
pub const UNREADABLE: &str = "unreadable";

/// Stamps the files of each entrant. A file named by several entrants is read once; one
/// that cannot be read is stamped [`UNREADABLE`] (size 0).
pub fn stamp(entrants: &[Unstamped]) -> Vec<EntrantStamp> {
    let mut seen: Vec<(PathBuf, u64, String)> = Vec::new();
    let mut out = Vec::with_capacity(entrants.len());
    for (name, command, files) in entrants {
        let mut stamped = Vec::with_capacity(files.len());
        for (word, path) in files {
            let (bytes, hash) = match seen.iter().find(|(p, ..)| p == path) {
                Some((_, b, h)) => (*b, h.clone()),
                None => {
                    // A program may be executable and not readable: it still runs, so it
                    // is stamped as such rather than refused.
                    let (b, h) = hash_file(path).unwrap_or((0, UNREADABLE.into()));
                    seen.push((path.clone(), b, h.clone()));
                    (b, h)
                }
            };
            stamped.push(FileStamp {
                word: word.clone(),
                path: path.display().to_string(),
                bytes,
                fnv1a64: hash,
            });
        }
        out.push(EntrantStamp { name: name.clone(), command: command.clone(), files: stamped });
    }
    out
}

/// The size and FNV-1a hash of a file's content, read in blocks.
fn hash_file(path: &Path) -> std::io::Result<(u64, String)> {
    let mut file = std::fs::File::open(path)?;
    let mut h = Fnv1a::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                h.write(&buf[..n]);
                bytes += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok((bytes, format!("{:016x}", h.finish())))
}

/// What a run does when an entrant's files changed since its folder's results were played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnChange<'a> {
    /// Refuse before any unit; the text says what to do, in the command's own words (the
    /// binary's flags), after `nothing was played: `.
    Refuse(&'a str),
    /// Go on, saying on stderr what changed, and record the new files as the folder's.
    Resume,
}

/// The entrants of a run that run programs, stamped, and what to do if they changed.
#[derive(Clone, Debug)]
pub struct Entrants<'a> {
    /// Each entrant's files, as [`stamp`] makes them.
    pub stamps: Vec<EntrantStamp>,
    /// What a change means.
    pub on_change: OnChange<'a>,
}

/// How each entrant of `new` differs from `old`, one phrase an entrant that changed
/// (`entrant tft (python3 tft.py): tft.py (/home/j/tft.py) has changed`); empty when none.
pub fn changes(old: &[EntrantStamp], new: &[EntrantStamp]) -> Vec<String> {
    let mut out = Vec::new();
    for n in new {
        let Some(o) = old.iter().find(|o| o.name == n.name) else {
            out.push(format!("entrant {} ({}): its files were not recorded", n.name, n.command));
            continue;
        };
        let mut what = Vec::new();
        for f in &n.files {
            match o.files.iter().find(|g| g.word == f.word) {
                Some(g) if (g.bytes, &g.fnv1a64) == (f.bytes, &f.fnv1a64) => {}
                Some(g) if g.path == f.path => {
                    what.push(format!("{} ({}) has changed", f.word, f.path))
                }
                Some(g) => what.push(format!(
                    "{} is now {}, not {}, with other content",
                    f.word, f.path, g.path
                )),
                None => what.push(format!("{} ({}) was not a file then", f.word, f.path)),
            }
        }
        for g in &o.files {
            if !n.files.iter().any(|f| f.word == g.word) {
                what.push(format!("{} ({}) is no longer a file", g.word, g.path));
            }
        }
        if !what.is_empty() {
            out.push(format!("entrant {} ({}): {}", n.name, n.command, what.join(", ")));
        }
    }
    out
}

/// Why [`settle`] refused a run; `Display` is the sentence the binary prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettleError {
    /// The files changed since the folder's results were played, and the run was not told
    /// to go on: which entrant and file, where, and what to do.
    Changed(String),
    /// The stamp file cannot be read, holds no list of entrants' files, or cannot be
    /// written.
    File(String),
}

impl std::fmt::Display for SettleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettleError::Changed(s) | SettleError::File(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for SettleError {}

/// Does `out` hold any results (a `results*.jsonl` with something in it)?
pub fn holds_results(out: &Path) -> bool {
    let Ok(dir) = std::fs::read_dir(out) else { return false };
    dir.filter_map(Result::ok).any(|e| {
        let name = e.file_name();
        let name = name.to_string_lossy();
        name.starts_with("results")
            && name.ends_with(".jsonl")
            && e.metadata().is_ok_and(|m| m.is_file() && m.len() > 0)
    })
}

/// Checks `entrants` against the stamps recorded in `out` for `plan`, by the rules of the
/// module's documentation, and records them; `results` says whether the folder holds
/// results of this plan (the caller has opened them). Warnings go to `warn` (the driver
/// prints them on stderr, `--quiet` or not). `Ok`: the version (index in `versions`) the
/// run's units are played by. `Err`: the entrants changed and the run must not go on;
/// nothing was written.
pub fn settle(
    out: &Path,
    plan: &Plan,
    entrants: &Entrants,
    results: bool,
    warn: &mut dyn FnMut(String),
) -> Result<usize, SettleError> {
    let path = out.join(FILE);
    let recorded = read(&path).map_err(SettleError::File)?.filter(|r| r.config == plan.config.0);
    let fresh = || Recorded {
        config: plan.config.0.clone(),
        versions: vec![entrants.stamps.clone()],
        ..Recorded::default()
    };
    if !results {
        fresh().write(&path).map_err(SettleError::File)?;
        return Ok(0);
    }
    let Some(mut recorded) = recorded.filter(|r| !r.versions.is_empty()) else {
        warn(format!(
            "{} does not say what its entrants ran (it was recorded before that was kept): its games are taken to be of the files as they are now, recorded in {}",
            out.display(),
            path.display()
        ));
        fresh().write(&path).map_err(SettleError::File)?;
        return Ok(0);
    };
    // The files as they are now may be any version that played here (an edit reverted).
    if let Some(v) = recorded.versions.iter().rposition(|v| changes(v, &entrants.stamps).is_empty())
    {
        return Ok(v);
    }
    let last = recorded.versions.last().map_or(&[][..], Vec::as_slice);
    let changed = changes(last, &entrants.stamps);
    let said = format!(
        "{} since the results in {} were played ({} keeps what each entrant ran)",
        changed.join("; "),
        out.display(),
        path.display()
    );
    match entrants.on_change {
        OnChange::Refuse(advice) => {
            Err(SettleError::Changed(format!("{said}; nothing was played: {advice}")))
        }
        OnChange::Resume => {
            let v = recorded.versions.len();
            warn(format!(
                "{said}; going on as asked: the games recorded before were played by the old files, kept as version{} {} of {FILE}, and the new ones are version {v}",
                if v == 1 { "" } else { "s" },
                (0..v).map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
            ));
            let change = Change { when: BEFORE_THE_RUN.into(), what: changed, version: v };
            recorded.versions.push(entrants.stamps.clone());
            recorded.changes.push(change.clone());
            recorded.write(&path).map_err(SettleError::File)?;
            change.log(out, warn);
            Ok(v)
        }
    }
}

/// What a run knows of its entrants' files while units play: the version now playing, and
/// each file's size and modification time when it was last hashed.
pub struct Watch {
    out: PathBuf,
    path: PathBuf,
    state: Mutex<Watched>,
}

struct Watched {
    version: usize,
    stamps: Vec<EntrantStamp>,
    seen: Vec<(PathBuf, Option<(u64, SystemTime)>)>,
}

/// A file's size and modification time (`None`: it cannot be read).
fn metadata(path: &Path) -> Option<(u64, SystemTime)> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.len(), m.modified().ok()?))
}

impl Watch {
    /// Watches the files of `entrants` (as [`settle`] recorded them in `out`, as `version`).
    /// Nothing is taken as seen yet: the first look hashes the files again, so a change
    /// since they were stamped (by a program run to check it answers, say) is not missed.
    pub fn new(out: &Path, entrants: &Entrants, version: usize) -> Watch {
        let seen =
            entrants.stamps.iter().flat_map(|e| &e.files).map(|f| (PathBuf::from(&f.path), None));
        let seen = seen.collect();
        Watch {
            out: out.to_path_buf(),
            path: out.join(FILE),
            state: Mutex::new(Watched { version, stamps: entrants.stamps.clone(), seen }),
        }
    }

    /// The version a unit starting now is played by: when a file changed since the last
    /// look, the new stamps are compared, and a real change is an incident, reported at
    /// once (`when` says when it was seen: `before game 7`, or `at its end` after the
    /// last unit): said to `warn`, appended to the folder's incident log
    /// ([`report::LOG`]), and to the stamp file's `changes`, with the new files as a new
    /// version (or an earlier version found again, a reverted edit).
    pub fn version(&self, when: &str, warn: &mut dyn FnMut(String)) -> usize {
        let mut w = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let now: Vec<_> = w.seen.iter().map(|(p, _)| (p.clone(), metadata(p))).collect();
        if now == w.seen {
            return w.version;
        }
        w.seen = now;
        let unstamped: Vec<Unstamped> = w
            .stamps
            .iter()
            .map(|e| {
                let files = e.files.iter().map(|f| (f.word.clone(), PathBuf::from(&f.path)));
                (e.name.clone(), e.command.clone(), files.collect())
            })
            .collect();
        let fresh = stamp(&unstamped);
        let changed = changes(&w.stamps, &fresh);
        if changed.is_empty() {
            return w.version;
        }
        let when = when.to_string();
        let mut recorded = match read(&self.path) {
            Ok(Some(r)) => r,
            // Readable at the start of the run: someone else's doing. Said and logged, but
            // the stamp file is left as it is.
            Ok(None) | Err(_) => {
                let said = format!(
                    "{} during the run, {when}; {} cannot be read to record it",
                    changed.join("; "),
                    self.path.display()
                );
                if let Err(e) = report::log_incident(&self.out, &said) {
                    warn(e);
                }
                warn(said);
                w.stamps = fresh;
                return w.version;
            }
        };
        let v = match recorded.versions.iter().position(|v| changes(v, &fresh).is_empty()) {
            Some(v) => v,
            None => {
                recorded.versions.push(fresh.clone());
                recorded.versions.len() - 1
            }
        };
        let change = Change { when, what: changed, version: v };
        warn(change.said(&self.path.display().to_string()));
        recorded.changes.push(change.clone());
        if let Err(e) = recorded.write(&self.path) {
            warn(e);
        }
        change.log(&self.out, warn);
        w.stamps = fresh;
        w.version = v;
        v
    }
}

/// The stamps recorded at `path`, if there is such a file.
fn read(path: &Path) -> Result<Option<Recorded>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let bytes = menace_files::read_capped(path, MAX_FILE).map_err(|e| e.to_string())?;
    serde_json::from_slice::<Recorded>(&bytes).map(|r| Some(r.normalised())).map_err(|e| {
        format!(
            "{} is not a list of entrants' files: {e}; remove it to record them again",
            path.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(dir: &Path, name: &str, file: &str) -> (String, String, Vec<(String, PathBuf)>) {
        (name.into(), format!("python3 {file}"), vec![(file.into(), dir.join(file))])
    }

    #[test]
    fn a_changed_file_is_named_and_refused_and_resume_records_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(dir.path().join("a.py"), "print(1)").unwrap();
        std::fs::write(dir.path().join("b.py"), "print(2)").unwrap();
        let field = [entrant(dir.path(), "a", "a.py"), entrant(dir.path(), "b", "b.py")];
        let plan = Plan::new("t", "c", 1);
        let now = |on_change| Entrants { stamps: stamp(&field), on_change };
        let warned = std::cell::RefCell::new(Vec::new());
        let mut warn = |w: String| warned.borrow_mut().push(w);
        // Fresh: recorded; the same files again: nothing said.
        settle(&out, &plan, &now(OnChange::Refuse("do X")), false, &mut warn).unwrap();
        settle(&out, &plan, &now(OnChange::Refuse("do X")), true, &mut warn).unwrap();
        assert!(warned.borrow().is_empty(), "{warned:?}");
        std::fs::write(dir.path().join("b.py"), "print(3)").unwrap();
        let before = std::fs::read(out.join(FILE)).unwrap();
        let e = settle(&out, &plan, &now(OnChange::Refuse("do X")), true, &mut warn).unwrap_err();
        assert!(matches!(e, SettleError::Changed(_)), "{e:?}");
        let e = e.to_string();
        assert!(e.starts_with("entrant b (python3 b.py): b.py ("), "{e}");
        assert!(e.contains("b.py) has changed since the results in"), "{e}");
        assert!(e.ends_with("nothing was played: do X") && !e.contains("entrant a"), "{e}");
        assert_eq!(std::fs::read(out.join(FILE)).unwrap(), before, "nothing written");
        // Told to go on, it says so and records the new files, which then match.
        settle(&out, &plan, &now(OnChange::Resume), true, &mut warn).unwrap();
        assert_eq!(warned.borrow().len(), 1);
        assert!(warned.borrow()[0].contains("going on as asked"), "{warned:?}");
        settle(&out, &plan, &now(OnChange::Refuse("do X")), true, &mut warn).unwrap();
        assert_eq!(warned.borrow().len(), 1);
    }

    #[test]
    fn a_folder_without_stamps_is_adopted_with_a_warning_and_garbage_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "x").unwrap();
        let field = [entrant(dir.path(), "a", "a.py")];
        let plan = Plan::new("t", "c", 1);
        let entrants = Entrants { stamps: stamp(&field), on_change: OnChange::Resume };
        let mut warned = Vec::new();
        settle(dir.path(), &plan, &entrants, true, &mut |w| warned.push(w)).unwrap();
        assert!(warned[0].contains("does not say what its entrants ran"), "{warned:?}");
        assert!(dir.path().join(FILE).is_file());
        // Stamps of another configuration are no evidence either way: adopted likewise.
        let other = Plan::new("t", "d", 1);
        settle(dir.path(), &other, &entrants, true, &mut |w| warned.push(w)).unwrap();
        assert_eq!(warned.len(), 2);
        std::fs::write(dir.path().join(FILE), "garbage").unwrap();
        let e = settle(dir.path(), &plan, &entrants, true, &mut |_| {}).unwrap_err();
        assert!(
            matches!(&e, SettleError::File(s) if s.contains("is not a list of entrants' files")),
            "{e}"
        );
    }

    #[test]
    fn stamps_follow_content_not_time_and_an_unreadable_file_is_stamped_so() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("x");
        std::fs::write(&f, "foobar").unwrap();
        let one = stamp(&[("e".into(), "c".into(), vec![("x".into(), f.clone())])]);
        // FNV-1a's published value for "foobar".
        assert_eq!(one[0].files[0].fnv1a64, "85944171f73967e8");
        assert_eq!(one[0].files[0].bytes, 6);
        std::fs::write(&f, "foobar").unwrap();
        let again = stamp(&[("e".into(), "c".into(), vec![("x".into(), f.clone())])]);
        assert!(changes(&one, &again).is_empty());
        std::fs::remove_file(&f).unwrap();
        let gone = stamp(&[("e".into(), "c".into(), vec![("x".into(), f)])]);
        assert_eq!((gone[0].files[0].bytes, &*gone[0].files[0].fnv1a64), (0, UNREADABLE));
        assert_eq!(changes(&one, &gone).len(), 1);
    }

    #[test]
    fn files_that_appear_or_vanish_are_changes() {
        let f = |word: &str| FileStamp {
            word: word.into(),
            path: format!("/p/{word}"),
            bytes: 1,
            fnv1a64: "0".into(),
        };
        let e = |files| EntrantStamp { name: "e".into(), command: "c".into(), files };
        let said = changes(&[e(vec![f("a"), f("b")])], &[e(vec![f("a"), f("c")])]);
        assert_eq!(
            said,
            ["entrant e (c): c (/p/c) was not a file then, b (/p/b) is no longer a file"]
        );
    }
}
