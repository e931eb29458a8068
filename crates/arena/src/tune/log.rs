//! A run's folder: its settings (`spsa.json`, written once, atomically) and its log
//! (`spsa.jsonl`, one JSON line per iteration, each appended with one write and synced).
//! Re-opening the folder resumes: the settings must be the same, the log is read, checked
//! line by line against a replay of the algorithm ([`Spsa::replay`]), and a torn last
//! line (a write cut short) is cut off.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::spsa::{Outcome, Settings, Spsa, Step};
use crate::tournament::record::{complete_lines, read_text, MAX_LINE};

/// The settings' file in a run's folder.
pub const SETTINGS_FILE: &str = "spsa.json";
/// The log's file in a run's folder.
pub const LOG_FILE: &str = "spsa.jsonl";
/// The `kind` of a settings file.
pub const KIND: &str = "spsa";

/// A run's settings file: the algorithm's settings and the caller's (what a game is).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always [`KIND`].
    pub kind: String,
    /// The algorithm's settings.
    pub settings: Settings,
    /// The caller's settings (how games are played), compared on resuming.
    pub context: Value,
}

impl Header {
    /// A header of `settings` and `context`.
    pub fn new(settings: Settings, context: Value) -> Header {
        Header { kind: KIND.into(), settings, context }
    }
}

/// The header in `dir`, if there is one.
pub fn read_header(dir: &Path) -> Result<Option<Header>, String> {
    let path = dir.join(SETTINGS_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let text = read_text(&path).map_err(|e| e.to_string())?;
    let h: Header = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a tuning run's settings: {e}", path.display()))?;
    if h.kind != KIND {
        return Err(format!("{}: kind {:?}, not {KIND:?}", path.display(), h.kind));
    }
    Ok(Some(h))
}

/// The steps of a log's text with their line numbers, and the bytes of a torn last line
/// (0: none). Blank lines are skipped; any other line must be a [`Step`], else the error
/// names the line (`label`, line N).
pub fn parse_log(label: &str, text: &str) -> Result<(Vec<(usize, Step)>, usize), String> {
    let (lines, covered) = complete_lines(text);
    let mut steps = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if line.len() > MAX_LINE {
            return Err(format!("{label}, line {}: longer than {MAX_LINE} bytes", i + 1));
        }
        let step: Step = serde_json::from_str(line)
            .map_err(|e| format!("{label}, line {}: not an iteration's line: {e}", i + 1))?;
        steps.push((i + 1, step));
    }
    Ok((steps, text.len() - covered))
}

/// The first place two JSON values differ: its path (`settings.params[0].c`) and the two
/// values there (`null` for a missing key).
fn first_difference(a: &Value, b: &Value, path: &str) -> Option<(String, Value, Value)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| {
                let at = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                match (x.get(k), y.get(k)) {
                    (Some(u), Some(v)) => first_difference(u, v, &at),
                    (u, v) => Some((
                        at,
                        u.cloned().unwrap_or(Value::Null),
                        v.cloned().unwrap_or(Value::Null),
                    )),
                }
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (u, v))| first_difference(u, v, &format!("{path}[{i}]"))),
        _ => (a != b).then(|| (path.to_string(), a.clone(), b.clone())),
    }
}

/// A run being played: its state and its log, open for appending.
#[derive(Debug)]
pub struct Run {
    spsa: Spsa,
    path: PathBuf,
    file: File,
    /// Bytes of a torn last line cut off when the run was opened (0: none).
    pub dropped: usize,
}

impl Run {
    /// Opens the run of `header` in `dir` (created if need be): a new run writes the
    /// settings file; an existing one must hold the same settings (else the error names
    /// the first that differs) and its log is replayed. Either way the run goes on from
    /// the settings as read back from the file, so that a new run and a resumed one work
    /// from the very same numbers.
    pub fn open(dir: &Path, header: &Header) -> Result<Run, String> {
        header.settings.check()?;
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let settings_path = dir.join(SETTINGS_FILE);
        let ours = serde_json::to_string_pretty(header).expect("a header is JSON") + "\n";
        let log_path = dir.join(LOG_FILE);
        let io = |e: std::io::Error| format!("cannot write {}: {e}", log_path.display());
        // A FIFO or a device in either place is refused before anything reads it (opening
        // a FIFO to read waits for a writer); opening an existing log changes nothing.
        menace_files::check_writable(&settings_path).map_err(|e| e.to_string())?;
        let old_log = if log_path.exists() {
            Some(menace_files::open_append(&log_path).map_err(io)?)
        } else {
            None
        };
        if !settings_path.exists() {
            if old_log.is_some() {
                return Err(format!(
                    "{} has a log but no {SETTINGS_FILE}: use another folder",
                    dir.display()
                ));
            }
            menace_files::write_atomic(&settings_path, ours.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", settings_path.display()))?;
        }
        let theirs =
            read_header(dir)?.ok_or_else(|| format!("{} vanished", settings_path.display()))?;
        // Both through the same parser, so only a real difference differs.
        let ours_v: Value = serde_json::from_str(&ours).expect("our own JSON");
        let theirs_v = serde_json::to_value(&theirs).expect("a header is JSON");
        if let Some((at, there, here)) = first_difference(&theirs_v, &ours_v, "") {
            return Err(format!(
                "{} holds a tuning run with other settings ({at}: {there} there, {here} \
                 here): use another folder, or the same settings to resume",
                dir.display()
            ));
        }
        let (steps, dropped) = if old_log.is_some() {
            let text = read_text(&log_path).map_err(|e| e.to_string())?;
            parse_log(&log_path.display().to_string(), &text)?
        } else {
            (Vec::new(), 0)
        };
        let spsa = Spsa::replay(theirs.settings, &steps)
            .map_err(|e| format!("{}, {e}", log_path.display()))?;
        let file = match old_log {
            Some(file) => file,
            None => menace_files::open_append(&log_path).map_err(io)?,
        };
        if dropped > 0 {
            let len = file.metadata().map_err(io)?.len();
            file.set_len(len - dropped as u64).map_err(io)?;
        }
        Ok(Run { spsa, path: log_path, file, dropped })
    }

    /// The state.
    pub fn spsa(&self) -> &Spsa {
        &self.spsa
    }

    /// The log's path.
    pub fn log_path(&self) -> &Path {
        &self.path
    }

    /// Plays the next iteration's `outcome` into θ and appends its line (one write, then
    /// synced): the state moves on only once the line is written.
    pub fn record(&mut self, outcome: Outcome, games: Value) -> Result<Step, String> {
        let mut next = self.spsa.clone();
        let step = next.step(outcome, games)?;
        let mut line = serde_json::to_string(&step).expect("a step is JSON");
        line.push('\n');
        let io = |e: std::io::Error| format!("cannot write {}: {e}", self.path.display());
        self.file.write_all(line.as_bytes()).map_err(io)?;
        self.file.sync_data().map_err(io)?;
        self.spsa = next;
        Ok(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::{Gains, Param};
    use serde_json::json;

    fn header(seed: u64) -> Header {
        let x = Param { name: "x".into(), start: 0.0, min: -5.0, max: 5.0, c: 1.0, per_unit: 0 };
        let n = Param { name: "n".into(), start: 8.0, min: 1.0, max: 20.0, c: 2.0, per_unit: 1 };
        let settings =
            Settings { params: vec![x, n], gains: Gains::for_iterations(10), pairs: 1, seed };
        Header::new(settings, json!({"size": 9}))
    }

    /// θ+ wins both games whenever its `x` is the larger: a fixed rule, so runs compare.
    fn outcome(run: &Run) -> Outcome {
        let t = run.spsa().trial();
        if t.plus[0] > t.minus[0] {
            Outcome { wins: 2, ties: 0, losses: 0 }
        } else {
            Outcome { wins: 0, ties: 1, losses: 1 }
        }
    }

    fn play(run: &mut Run, n: usize) -> Vec<Step> {
        (0..n).map(|_| run.record(outcome(run), json!([{"moves": 3}])).unwrap()).collect()
    }

    #[test]
    fn a_reopened_folder_resumes_where_it_stopped() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let whole = play(&mut Run::open(a.path(), &header(1)).unwrap(), 7);
        let mut run = Run::open(b.path(), &header(1)).unwrap();
        let mut steps = play(&mut run, 3);
        drop(run);
        let mut run = Run::open(b.path(), &header(1)).unwrap();
        assert_eq!(run.spsa().iteration(), 3);
        steps.extend(play(&mut run, 4));
        assert_eq!(steps, whole);
        let text = std::fs::read_to_string(b.path().join(LOG_FILE)).unwrap();
        assert_eq!(text, std::fs::read_to_string(a.path().join(LOG_FILE)).unwrap());
        assert_eq!(text.lines().count(), 7);
        assert!(text.lines().all(|l| l.contains("\"games\":[{\"moves\":3}]")));
    }

    #[test]
    fn a_torn_last_line_is_cut_and_replayed() {
        let dir = tempfile::tempdir().unwrap();
        let mut run = Run::open(dir.path(), &header(1)).unwrap();
        play(&mut run, 2);
        drop(run);
        let log = dir.path().join(LOG_FILE);
        let text = std::fs::read_to_string(&log).unwrap();
        std::fs::write(&log, format!("{text}{{\"iteration\":2,\"th")).unwrap();
        let run = Run::open(dir.path(), &header(1)).unwrap();
        assert_eq!((run.dropped, run.spsa().iteration()), (18, 2));
        assert_eq!(std::fs::read_to_string(&log).unwrap(), text);
    }

    #[test]
    fn other_settings_or_a_bad_line_are_refused_and_the_files_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut run = Run::open(dir.path(), &header(1)).unwrap();
        play(&mut run, 2);
        drop(run);
        let e = Run::open(dir.path(), &header(2)).unwrap_err();
        assert!(e.contains("other settings (settings.seed: 1 there, 2 here)"), "{e}");
        let mut h = header(1);
        h.settings.params[1].c = 3.0;
        let e = Run::open(dir.path(), &h).unwrap_err();
        assert!(e.contains("settings.params[1].c: 2.0 there, 3.0 here"), "{e}");
        h = header(1);
        h.context = json!({"size": 13});
        let e = Run::open(dir.path(), &h).unwrap_err();
        assert!(e.contains("context.size: 9 there, 13 here"), "{e}");
        let log = dir.path().join(LOG_FILE);
        let text = std::fs::read_to_string(&log).unwrap();
        for (bad, why) in [
            ("garbage\n", "line 3: not an iteration's line"),
            ("{\"iteration\":2}\n", "line 3: not an iteration's line"),
            ("[1,2]\n", "line 3: not an iteration's line"),
        ] {
            std::fs::write(&log, format!("{text}{bad}")).unwrap();
            let e = Run::open(dir.path(), &header(1)).unwrap_err();
            assert!(e.contains(why), "{bad:?}: {e}");
            assert_eq!(std::fs::read_to_string(&log).unwrap(), format!("{text}{bad}"));
        }
        // A line that parses but does not follow: the replay says which and why.
        let second = text.lines().nth(1).unwrap();
        std::fs::write(&log, format!("{text}{second}\n")).unwrap();
        let e = Run::open(dir.path(), &header(1)).unwrap_err();
        assert!(e.contains("line 3: iteration 1, expected 2"), "{e}");
        // A log without its settings is not adopted.
        let other = tempfile::tempdir().unwrap();
        std::fs::write(other.path().join(LOG_FILE), &text).unwrap();
        let e = Run::open(other.path(), &header(1)).unwrap_err();
        assert!(e.contains("no spsa.json"), "{e}");
    }

    proptest::proptest! {
        /// Arbitrary bytes as a log: steps or one clear error naming a line, never a panic.
        #[test]
        fn arbitrary_logs_never_panic(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
            text in "[{}\\[\\]\":,.0-9a-z\n -]{0,300}",
        ) {
            for t in [String::from_utf8_lossy(&bytes).into_owned(), text] {
                match parse_log("log", &t) {
                    Ok((steps, torn)) => {
                        proptest::prop_assert!(torn <= t.len());
                        let _ = Spsa::replay(header(1).settings, &steps);
                    }
                    Err(e) => proptest::prop_assert!(e.starts_with("log, line "), "{}", e),
                }
            }
        }

        /// A real log with one byte changed: it replays, or one error names a line.
        #[test]
        fn a_log_with_a_byte_changed_never_panics(
            at in 0usize..10_000,
            byte in proptest::prelude::any::<u8>(),
        ) {
            static LOG: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
            let mut bytes = LOG
                .get_or_init(|| {
                    let dir = tempfile::tempdir().unwrap();
                    play(&mut Run::open(dir.path(), &header(1)).unwrap(), 2);
                    std::fs::read(dir.path().join(LOG_FILE)).unwrap()
                })
                .clone();
            let i = at % bytes.len();
            bytes[i] = byte;
            let text = String::from_utf8_lossy(&bytes);
            match parse_log("log", &text) {
                Ok((steps, _)) => {
                    if let Err(e) = Spsa::replay(header(1).settings, &steps) {
                        proptest::prop_assert!(e.starts_with("line "), "{}", e);
                    }
                }
                Err(e) => proptest::prop_assert!(e.starts_with("log, line "), "{}", e),
            }
        }
    }

    /// A FIFO in the settings' or the log's place: it used to wait for a writer for ever
    /// (reading it). Refused at once, and left a FIFO. On a thread, so a regression fails
    /// instead of hanging.
    #[cfg(unix)]
    #[test]
    fn a_fifo_for_the_settings_or_the_log_is_refused_without_blocking() {
        use std::os::unix::fs::FileTypeExt;
        for name in [SETTINGS_FILE, LOG_FILE] {
            let dir = tempfile::tempdir().unwrap();
            if name == LOG_FILE {
                drop(Run::open(dir.path(), &header(1)).unwrap());
                std::fs::remove_file(dir.path().join(LOG_FILE)).unwrap();
            }
            let fifo = dir.path().join(name);
            let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
            assert!(made.success());
            let (tx, rx) = std::sync::mpsc::channel();
            let d = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let _ = tx.send(Run::open(&d, &header(1)).err());
            });
            let got = rx.recv_timeout(std::time::Duration::from_secs(60));
            if got.is_err() {
                let _ = std::fs::OpenOptions::new().write(true).open(&fifo);
            }
            let e = got.expect("Run::open blocked on a FIFO").expect("a FIFO was accepted");
            assert!(e.contains("not a regular file (a FIFO)"), "{name}: {e}");
            assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        }
    }
}
