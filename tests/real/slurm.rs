//! Real schedulers: a tournament as a Slurm job array plus a dependent merge job on a
//! one-node cluster started here (scripts/slurm/local-cluster), and as GNU parallel jobs
//! over shards; both merged standings must equal a one-machine run's, byte for byte.
//! Skipped when Slurm (or root, to start it) or GNU parallel is missing, failing under
//! CI=true (`menace_testkit::require`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common;
use common::menace;
use menace_testkit::{require, Component};

const FIELD: [&str; 3] = [
    "strong=builtin:--playouts 40 --threads 1",
    "weak=builtin:--playouts 6 --threads 1 --seed 2",
    "passer=koth:sh -c 'cat >/dev/null; echo pass'",
];

fn tournament_args(out: Option<&Path>) -> Vec<String> {
    let mut a: Vec<String> =
        vec![env!("CARGO_BIN_EXE_menace").into(), "go".into(), "tournament".into()];
    for e in FIELD {
        a.push("--entrant".into());
        a.push(e.into());
    }
    a.extend(["--size", "5", "--move-cap", "50", "--games-per-pair", "2"].map(String::from));
    if let Some(out) = out {
        a.push("--out".into());
        a.push(out.display().to_string());
    }
    a
}

fn one_machine(dir: &Path) -> String {
    let args = tournament_args(Some(&dir.join("one")));
    let o = menace(&args[1..], None, b"");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm")
}

/// Stops the cluster's daemons (by their PID files) however the test ends.
struct Cluster(PathBuf);

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(scripts().join("local-cluster")).arg("stop").arg(&self.0).status();
    }
}

#[test]
fn a_slurm_job_array_and_a_dependent_merge_print_the_one_machine_standings() {
    if require(Component::Slurm).is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cluster = dir.path().join("cluster");
    let started =
        Command::new(scripts().join("local-cluster")).arg("start").arg(&cluster).output().unwrap();
    let _guard = Cluster(cluster.clone());
    assert!(started.status.success(), "{}", String::from_utf8_lossy(&started.stderr));
    let conf = cluster.join("slurm.conf");

    let out = dir.path().join("shards");
    let mut submit = Command::new(scripts().join("submit"));
    submit.env("SLURM_CONF", &conf).arg("3").arg(&out).args(tournament_args(None));
    let o = submit.output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ids = String::from_utf8(o.stdout).unwrap();
    let ids: Vec<&str> = ids.split_whitespace().collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    // Wait until neither job is queued or running (a guard against a hang, not a timing
    // assertion: the jobs take seconds).
    let start = Instant::now();
    loop {
        let q = Command::new("squeue")
            .env("SLURM_CONF", &conf)
            .args(["-h", "-j", &ids.join(",")])
            .output()
            .unwrap();
        if q.status.success() && q.stdout.iter().all(u8::is_ascii_whitespace) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "the jobs did not finish: {}",
            String::from_utf8_lossy(&q.stdout)
        );
        std::thread::sleep(Duration::from_millis(500));
    }
    let logs = || {
        std::fs::read_dir(&out)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .filter(|e| e.path().extension().is_some_and(|x| x == "log"))
                    .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default()
    };
    let merged = std::fs::read_to_string(out.join("standings.txt"))
        .unwrap_or_else(|e| panic!("no standings ({e}); logs:\n{}", logs()));
    for k in 0..3 {
        assert!(out.join(format!("results-{k}-of-3.jsonl")).exists(), "shard {k}: {}", logs());
    }
    assert!(logs().contains("from the Slurm job array"), "{}", logs());
    assert_eq!(merged, one_machine(dir.path()));
}

#[test]
fn gnu_parallel_over_shards_then_merge_prints_the_one_machine_standings() {
    let Some(parallel) = require(Component::Parallel) else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("par");
    let mut args = tournament_args(Some(&out));
    args.push("--shard".into());
    args.push("{}/4".into());
    let o = Command::new(parallel)
        // -q: each argument stays one word (no shell between parallel and menace).
        .args(["-q", "-j2", "--halt", "now,fail=1", "--joblog"])
        .arg(dir.path().join("joblog.tsv"))
        .args(&args)
        .args([":::", "0", "1", "2", "3"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let merged = menace(&["merge".to_string(), out.display().to_string()], None, b"");
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    assert_eq!(String::from_utf8(merged.stdout).unwrap(), one_machine(dir.path()));
}
