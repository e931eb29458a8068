//! The two fixtures written once by Python (`fixtures/pd/python_random.txt`: CPython's
//! `random()` after `random.seed(seed)`; `fixtures/pd/lunatic_reference.txt`: the published
//! lunatic rule), regenerated live and compared line for line. The Rust tests compare the
//! crate with those files (`mt19937.rs`'s unit test, `strategies.rs`); this one keeps the
//! files honest. Needs Python 3 (`menace_testkit::require`: skipped without it, a failure
//! under `CI=true`).

use std::io::Write;
use std::process::{Command, Stdio};

use menace_testkit::{require, Component};

/// The fixture's data lines (comments dropped).
fn data(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect()
}

/// What `python3 -c program` prints with `input` on stdin, or `None` without Python.
fn python(program: &str, input: &str) -> Option<String> {
    let python = require(Component::Python)?;
    let mut child = Command::new(python)
        .args(["-c", program])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start python3");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn python_random_txt_is_what_cpython_draws() {
    let want = data(include_str!("../../../../fixtures/pd/python_random.txt"));
    let seeds: String =
        want.iter().map(|l| l.split(' ').next().unwrap().to_string() + "\n").collect();
    let program = "import random, sys\n\
                   for line in sys.stdin:\n    \
                   seed = int(line)\n    \
                   random.seed(seed)\n    \
                   print(seed, *[random.random() for _ in range(30)])\n";
    let Some(got) = python(program, &seeds) else { return };
    assert!(want.len() >= 5);
    assert_eq!(data(&got), want);
}

#[test]
fn lunatic_reference_txt_is_the_published_rule_run_by_python() {
    let want = data(include_str!("../../../../fixtures/pd/lunatic_reference.txt"));
    let input: String =
        want.iter().map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" ") + "\n").collect();
    // The published rule: random.seed(seed); for each other id in increasing order, take
    // if random() < 0.5 (P = 13 players).
    let program = "import random, sys\n\
                   for line in sys.stdin:\n    \
                   seed, me = map(int, line.split())\n    \
                   random.seed(seed)\n    \
                   takes = [i for i in range(1, 14) if i != me and random.random() < 0.5]\n    \
                   print(seed, me, *takes)\n";
    let Some(got) = python(program, &input) else { return };
    assert_eq!(want.len(), 20 * 13);
    assert_eq!(data(&got), want);
}
