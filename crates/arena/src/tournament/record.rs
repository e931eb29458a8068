//! One JSON line per finished unit, and the journal that appends them and resumes.
//!
//! A line is one JSON object: `kind`, `config` (the fingerprint), `units` (how many in
//! the whole tournament), `unit` (this one's index) and the unit's own fields, keys in
//! sorted order. Appending a line is one `write` of the whole line with its newline,
//! under a lock, so lines of concurrent games never interleave; a process killed in the
//! middle of a write can leave a torn last line, which the next run drops.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde_json::{Map, Value};

use super::unit::{Fingerprint, Plan, UnitId};

/// The keys every line carries; a unit's own fields may not use them.
pub const RESERVED: [&str; 4] = ["kind", "config", "units", "unit"];

/// Longest line accepted (a game's record with its moves is a few KiB).
pub const MAX_LINE: usize = 1 << 20;

/// One finished unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The kind of tournament.
    pub kind: String,
    /// The configuration's fingerprint.
    pub config: Fingerprint,
    /// Units in the whole tournament.
    pub units: u64,
    /// This unit.
    pub unit: UnitId,
    /// The unit's own fields (its result).
    pub data: Map<String, Value>,
}

/// Why a line or a results file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(pub String);

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// A record of `unit` under `plan` with the unit's fields.
    ///
    /// # Panics
    /// If `data` uses a [`RESERVED`] key (a programming error).
    pub fn new(plan: &Plan, unit: UnitId, data: Map<String, Value>) -> Record {
        for k in RESERVED {
            assert!(!data.contains_key(k), "a unit's fields may not use the key {k:?}");
        }
        Record {
            kind: plan.kind.clone(),
            config: plan.config.clone(),
            units: plan.units,
            unit,
            data,
        }
    }

    /// The JSON line, without the newline.
    pub fn to_line(&self) -> String {
        let mut m = self.data.clone();
        m.insert("kind".into(), Value::from(self.kind.clone()));
        m.insert("config".into(), Value::from(self.config.0.clone()));
        m.insert("units".into(), Value::from(self.units));
        m.insert("unit".into(), Value::from(self.unit.0));
        Value::Object(m).to_string()
    }

    /// Reads one line (without its newline).
    pub fn from_line(line: &str) -> Result<Record, RecordError> {
        let bad = |why: String| RecordError(why);
        if line.len() > MAX_LINE {
            return Err(bad(format!("line longer than {MAX_LINE} bytes")));
        }
        let v: Value = serde_json::from_str(line).map_err(|e| bad(format!("not JSON: {e}")))?;
        let Value::Object(mut m) = v else {
            return Err(bad("not a JSON object".into()));
        };
        let text = |m: &mut Map<String, Value>, k: &str| match m.remove(k) {
            Some(Value::String(s)) => Ok(s),
            _ => Err(bad(format!("no string {k:?}"))),
        };
        let num = |m: &mut Map<String, Value>, k: &str| match m.remove(k) {
            Some(v) => v.as_u64().ok_or_else(|| bad(format!("{k:?} is not a whole number"))),
            None => Err(bad(format!("no {k:?}"))),
        };
        let kind = text(&mut m, "kind")?;
        let config = Fingerprint(text(&mut m, "config")?);
        let units = num(&mut m, "units")?;
        let unit = UnitId(num(&mut m, "unit")?);
        if unit.0 >= units {
            return Err(bad(format!("unit {unit} is not below units {units}")));
        }
        Ok(Record { kind, config, units, unit, data: m })
    }

    /// Does this record belong to `plan`?
    pub fn fits(&self, plan: &Plan) -> bool {
        self.kind == plan.kind && self.config == plan.config && self.units == plan.units
    }
}

/// The complete lines of a results file's text, and the byte length they cover: a last
/// line without its newline is torn (a write cut short) and is left out.
pub fn complete_lines(text: &str) -> (Vec<&str>, usize) {
    let covered = text.rfind('\n').map_or(0, |i| i + 1);
    let lines = text[..covered].lines().collect();
    (lines, covered)
}

/// Parses complete lines; `label` names the file in messages. Blank lines are skipped.
pub fn parse_lines(label: &str, lines: &[&str]) -> Result<Vec<Record>, RecordError> {
    let mut out = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let r = Record::from_line(line)
            .map_err(|e| RecordError(format!("{label}, line {}: {e}", i + 1)))?;
        out.push(r);
    }
    Ok(out)
}

/// Largest results file read (far above any real tournament).
pub const MAX_FILE: u64 = 1 << 30;

/// Reads a results file's text, refusing what is not a regular file or is too large.
pub fn read_text(path: &Path) -> Result<String, RecordError> {
    let err = |e: std::io::Error| RecordError(format!("cannot read {}: {e}", path.display()));
    let file = File::open(path).map_err(err)?;
    let meta = file.metadata().map_err(err)?;
    if !meta.is_file() {
        return Err(RecordError(format!("{} is not a regular file", path.display())));
    }
    if meta.len() > MAX_FILE {
        return Err(RecordError(format!("{} is larger than {MAX_FILE} bytes", path.display())));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE).read_to_end(&mut bytes).map_err(err)?;
    String::from_utf8(bytes)
        .map_err(|_| RecordError(format!("{} is not UTF-8 text", path.display())))
}

/// A results file being written: the units already in it, and appends of new ones.
pub struct Journal {
    path: PathBuf,
    file: Mutex<File>,
    done: BTreeSet<UnitId>,
}

/// What [`Journal::open`] found.
pub struct Opened {
    /// The journal, ready to append.
    pub journal: Journal,
    /// The records already in the file (to skip those units).
    pub records: Vec<Record>,
    /// Bytes of a torn last line that were dropped (0: none).
    pub dropped: usize,
}

impl Journal {
    /// Opens (or creates) the results file at `path` for `plan`. Existing lines must all
    /// belong to `plan` and be units `keep` accepts (this shard), each once; a torn last
    /// line is cut off the file. Anything else is an error and the file is left as it is.
    pub fn open(
        path: &Path,
        plan: &Plan,
        keep: impl Fn(UnitId) -> bool,
    ) -> Result<Opened, RecordError> {
        let io = |e: std::io::Error| RecordError(format!("cannot write {}: {e}", path.display()));
        let exists = path.exists();
        // Opened first, so a FIFO or a device is refused before anything reads it (opening
        // a FIFO to read would wait for a writer); an existing file is not changed by it.
        let file = menace_files::open_append(path).map_err(io)?;
        let (records, covered, total) = if exists {
            let text = read_text(path)?;
            let (lines, covered) = complete_lines(&text);
            let records = parse_lines(&path.display().to_string(), &lines)?;
            (records, covered, text.len())
        } else {
            (Vec::new(), 0, 0)
        };
        let mut done = BTreeSet::new();
        for r in &records {
            if !r.fits(plan) {
                return Err(RecordError(format!(
                    "{} holds results of another tournament (kind {}, configuration {}, {} units; this run: kind {}, configuration {}, {} units); nothing was changed: give another results folder (by default each tournament gets one of its own), or the same settings to resume it",
                    path.display(), r.kind, r.config, r.units, plan.kind, plan.config, plan.units
                )));
            }
            if !keep(r.unit) {
                return Err(RecordError(format!(
                    "{} holds unit {}, which is not in this run's shard",
                    path.display(),
                    r.unit
                )));
            }
            if !done.insert(r.unit) {
                return Err(RecordError(format!("{} holds unit {} twice", path.display(), r.unit)));
            }
        }
        let dropped = total - covered;
        if dropped > 0 {
            file.set_len(covered as u64).map_err(io)?;
        }
        Ok(Opened {
            journal: Journal { path: path.to_path_buf(), file: Mutex::new(file), done },
            records,
            dropped,
        })
    }

    /// Is `unit` already recorded?
    pub fn has(&self, unit: UnitId) -> bool {
        self.done.contains(&unit)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one record as one line (one write, then flushed to the disk).
    pub fn append(&self, r: &Record) -> std::io::Result<()> {
        let mut line = r.to_line();
        line.push('\n');
        let mut f = self.file.lock().unwrap_or_else(|p| p.into_inner());
        f.write_all(line.as_bytes())?;
        f.sync_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Plan {
        Plan::new("test", "{\"x\":1}", 4)
    }

    fn rec(u: u64, v: i64) -> Record {
        let mut m = Map::new();
        m.insert("value".into(), Value::from(v));
        Record::new(&plan(), UnitId(u), m)
    }

    #[test]
    fn a_line_round_trips_with_sorted_keys() {
        let r = rec(2, -5);
        let line = r.to_line();
        assert_eq!(
            line,
            format!(
                "{{\"config\":\"{}\",\"kind\":\"test\",\"unit\":2,\"units\":4,\"value\":-5}}",
                plan().config
            )
        );
        assert_eq!(Record::from_line(&line).unwrap(), r);
    }

    #[test]
    fn bad_lines_are_refused() {
        for bad in [
            "",
            "[]",
            "{}",
            "{\"kind\":\"t\",\"config\":\"c\",\"units\":2,\"unit\":2}",
            "{\"kind\":1}",
            "nul",
        ] {
            assert!(Record::from_line(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn resuming_skips_recorded_units_and_cuts_a_torn_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let text = format!(
            "{}\n{}\n{}",
            rec(0, 1).to_line(),
            rec(2, 3).to_line(),
            &rec(3, 0).to_line()[..20]
        );
        std::fs::write(&path, &text).unwrap();
        let o = Journal::open(&path, &plan(), |_| true).unwrap();
        assert_eq!(o.records.len(), 2);
        assert!(o.journal.has(UnitId(0)) && o.journal.has(UnitId(2)) && !o.journal.has(UnitId(3)));
        assert_eq!(o.dropped, 20);
        o.journal.append(&rec(3, 9)).unwrap();
        let after = std::fs::read_to_string(&path).unwrap();
        assert_eq!(after.lines().count(), 3);
        assert_eq!(Record::from_line(after.lines().nth(2).unwrap()).unwrap(), rec(3, 9));
    }

    #[test]
    fn another_configuration_or_shard_is_refused_and_the_file_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let text = format!("{}\n", rec(1, 1).to_line());
        std::fs::write(&path, &text).unwrap();
        let other = Plan::new("test", "{\"x\":2}", 4);
        let e = Journal::open(&path, &other, |_| true).err().unwrap();
        assert!(e.0.contains("another tournament"), "{e}");
        let e = Journal::open(&path, &plan(), |u| u.0 % 2 == 0).err().unwrap();
        assert!(e.0.contains("not in this run's shard"), "{e}");
        std::fs::write(&path, format!("{text}garbage\n")).unwrap();
        let e = Journal::open(&path, &plan(), |_| true).err().unwrap();
        assert!(e.0.contains("line 2"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{text}garbage\n"));
    }

    /// A FIFO given as the results file: the open used to wait for a writer for ever (its
    /// read), or append into the pipe. It is refused at once and stays a FIFO. The open runs
    /// on a thread so a regression fails instead of hanging.
    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking_and_kept() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let made = std::process::Command::new("mkfifo").arg(&path).status().unwrap();
        assert!(made.success());
        let (tx, rx) = std::sync::mpsc::channel();
        let p = path.clone();
        std::thread::spawn(move || {
            let _ = tx.send(Journal::open(&p, &plan(), |_| true).err().map(|e| e.0));
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(60));
        if got.is_err() {
            // Unblock the reader so the process can still exit.
            let _ = std::fs::OpenOptions::new().write(true).open(&path);
        }
        let e = got.expect("Journal::open blocked on a FIFO").expect("a FIFO was accepted");
        assert!(e.contains("not a regular file (a FIFO)"), "{e}");
        assert!(std::fs::symlink_metadata(&path).unwrap().file_type().is_fifo());
    }
}
