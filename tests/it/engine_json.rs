//! How the engine chooses between JSON lines and text, checked under a real
//! pseudo-terminal: `script` (util-linux) runs the engine with its standard output on a
//! terminal, as pexpect or tmux would, and its input from a file.
//!
//! `script` rather than a pty crate: it is on every Linux machine this project builds on,
//! it needs no new dependency, and it is exactly what a user would type.

use std::path::Path;
use std::process::Command;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts").join(name)
}

/// What `menace ARGS < INPUT` writes on a terminal, with the terminal's `\r\n` line
/// endings back to `\n`.
fn on_a_terminal(args: &str, input: &Path) -> String {
    let quote = |p: &Path| format!("'{}'", p.display().to_string().replace('\'', r"'\''"));
    let bin = quote(Path::new(env!("CARGO_BIN_EXE_menace")));
    let line = format!("{bin} {args} < {}", quote(input));
    let out = Command::new("script")
        .args(["-q", "-e", "-c", &line, "/dev/null"])
        .output()
        .expect("run script (util-linux)");
    assert!(out.status.success(), "{line}: {out:?}");
    String::from_utf8(out.stdout).unwrap().replace("\r\n", "\n")
}

#[test]
fn json_forces_the_protocol_on_a_terminal_byte_for_byte() {
    let got = on_a_terminal("--json", &fixture("full_match.in"));
    let want = std::fs::read_to_string(fixture("full_match.out")).unwrap();
    assert!(got == want, "--json on a terminal is not the golden transcript:\n{got}");
}

#[test]
fn a_terminal_gets_text_without_the_flag() {
    let got = on_a_terminal("", &fixture("full_match.in"));
    assert!(!got.contains(r#"{"type""#), "JSON on a terminal without --json:\n{got}");
    assert!(got.contains("       L   M   R\n"), "no grid on a terminal:\n{got}");
}

#[test]
fn json_and_pretty_conflict() {
    let out =
        Command::new(env!("CARGO_BIN_EXE_menace")).args(["--json", "--pretty"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot be used with"), "{err}");
}
