//! The lab's commands through the binary (the `lab` feature): `menace experiment` and
//! `menace bench` run MENACE's lab (`menace-core-lab`) and print its tables; a bad setting
//! is refused naming its flag.

use crate::common;

fn ok(args: &[&str]) -> String {
    let out = common::menace(args, None, b"");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn experiment_prints_its_table_and_refuses_a_bad_flag() {
    let text = ok(&["experiment", "nim-xor", "--seeds", "2", "--games", "300", "--every", "50"]);
    let said = "first player learns against a second learner of the same kind (self-play), \
                2 seeds from 1, 300 games each, checked every 50";
    assert!(text.lines().next().unwrap().ends_with(said), "{text}");
    let out = common::menace(&["experiment", "textbook", "--seeds", "0"], None, b"");
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("--seeds must be 1 to 10000"));
}

#[test]
fn bench_times_each_run_and_says_the_median() {
    let text = ok(&["bench", "--games", "2000", "--runs", "2", "--seed", "3"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("run 1 (seed 3): 2000 games against random"), "{text}");
    assert!(lines[1].starts_with("run 2 (seed 4): 2000 games against random"), "{text}");
    assert!(lines[2].starts_with("hot loop: median") && lines[2].ends_with("over 2 runs)"));
}
