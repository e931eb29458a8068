//! Golden transcripts: every `fixtures/transcripts/NAME.in` is fed to the `menace` binary
//! and its standard output must equal `NAME.out` byte for byte.
//!
//! A first line `#!args ...` gives the command-line flags (the engine itself ignores `#`
//! lines). After an intended change of output, re-bless every transcript with
//!
//! ```text
//! MENACE_BLESS=1 cargo test --test it transcripts::
//! ```
//!
//! and review the diff of `fixtures/` before committing it.

use std::path::{Path, PathBuf};

use crate::common;
use menace_testkit::golden;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts")
}

/// Runs the engine on `input` with the flags of its `#!args` line.
fn run(input: &[u8]) -> (Vec<u8>, Vec<u8>, Option<i32>) {
    let args = golden::args_line(input).unwrap_or_default();
    let out = common::menace(&args, None, input);
    (out.stdout, out.stderr, out.status.code())
}

#[test]
fn golden_transcripts() {
    let bless = std::env::var_os("MENACE_BLESS").is_some();
    let inputs = golden::inputs(&fixtures(), 4);
    let mut failures = Vec::new();
    for input_path in &inputs {
        let input = std::fs::read(input_path).unwrap();
        let (stdout, stderr, code) = run(&input);
        let name = input_path.file_stem().unwrap().to_string_lossy().into_owned();
        assert_eq!(
            code,
            Some(0),
            "{name}: exit code; stderr: {}",
            String::from_utf8_lossy(&stderr)
        );
        assert!(stderr.is_empty(), "{name}: stderr: {}", String::from_utf8_lossy(&stderr));
        // Every answer is one JSON object with a type.
        for line in String::from_utf8(stdout.clone()).expect("UTF-8 output").lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            assert!(v["type"].is_string(), "{name}: no type in {line}");
        }
        // Replaying gives the same bytes again (also before blessing: a transcript that
        // is not deterministic must not become golden).
        assert_eq!(run(&input).0, stdout, "{name}: not deterministic");
        let out_path = input_path.with_extension("out");
        if bless {
            std::fs::write(&out_path, &stdout).unwrap();
            continue;
        }
        let want = std::fs::read(&out_path).unwrap_or_else(|_| {
            panic!("{name}.out missing: run MENACE_BLESS=1 cargo test --test it transcripts::")
        });
        if want != stdout {
            failures.push(format!("{name}: {}", golden::first_difference(&want, &stdout)));
        }
    }
    assert!(
        failures.is_empty(),
        "transcripts differ (MENACE_BLESS=1 re-blesses):\n{}",
        failures.join("\n")
    );
}
