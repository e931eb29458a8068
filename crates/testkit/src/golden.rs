//! What both replays of the golden transcripts share (stdin in the root's
//! `tests/it/transcripts.rs`, the WebSocket in `crates/serve/tests/it/socket_transcripts.rs`):
//! the list of transcripts, the `#!args` line, and a readable first difference.

use std::path::{Path, PathBuf};

/// Every `NAME.in` in `dir`, sorted; at least `min` of them, or the fixtures are missing.
pub fn inputs(dir: &Path, min: usize) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixtures/transcripts")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= min, "transcripts missing: {inputs:?}");
    inputs
}

/// The words of a transcript's first line `#!args ...` (`None` without one).
pub fn args_line(input: &[u8]) -> Option<Vec<String>> {
    let first = input.split(|&b| b == b'\n').next().unwrap_or_default();
    std::str::from_utf8(first)
        .ok()
        .and_then(|l| l.strip_prefix("#!args"))
        .map(|rest| rest.split_whitespace().map(str::to_string).collect())
}

/// The first differing line, for a readable failure.
pub fn first_difference(want: &[u8], got: &[u8]) -> String {
    let (w, g) = (String::from_utf8_lossy(want), String::from_utf8_lossy(got));
    for (i, (a, b)) in w.lines().zip(g.lines()).enumerate() {
        if a != b {
            return format!("line {}:\n  want {a}\n  got  {b}", i + 1);
        }
    }
    format!("lengths differ: want {} lines, got {}", w.lines().count(), g.lines().count())
}
