//! Running the built `menace` binary from the integration tests, one way for all of them.

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `menace ARGS` (in `dir` if given) with `input` on stdin and returns everything it
/// printed and its exit status.
///
/// The input is written from a thread, so a long input cannot deadlock against a full
/// stdout pipe; a program that exits before reading (a refused flag) closes the pipe,
/// and that is its answer, not a test failure.
pub fn menace<S: AsRef<OsStr>>(args: &[S], dir: Option<&Path>, input: &[u8]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_menace"));
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("start menace");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("menace output");
    writer.join().expect("stdin writer");
    out
}

/// Runs `menace ARGS` in `dir` with `env` added to its environment and nothing on stdin,
/// as a judge at a terminal runs it (a default results folder lands in `dir`).
#[allow(dead_code)] // not every test file that shares this module sets variables
pub fn menace_env<S: AsRef<OsStr>>(dir: &Path, args: &[S], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_menace"));
    command.args(args).current_dir(dir).stdin(Stdio::null()).envs(env.iter().copied());
    command.output().expect("run menace")
}
