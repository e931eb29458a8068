//! The policy network's datasets and its accuracy (`scripts/train-policy` runs both around
//! the trainer, `scripts/train_policy.py`).
//!
//! ```text
//! cargo run --release -p menace-go-lab --example go_policy -- data \
//!     --games /usr/share/goban --out target/policy
//! cargo run --release -p menace-go-lab --example go_policy -- eval \
//!     --games /usr/share/goban [--weights crates/go/data/policy.safetensors]
//! ```
//!
//! `data` writes `train.bin` and `test.bin` (the professional games split as the move
//! model's learner splits them: every tenth game held out) into `--out`. `eval` prints the
//! network's move-prediction accuracy on the held-out games (top 1, 5, 10 and the
//! log-likelihood a move, counted as `go_learn_patterns` counts the move model's, which it
//! prints beside) and its time a position on one thread.

use std::path::PathBuf;
use std::time::Instant;

use menace_go::model::move_model::MoveModel;
use menace_go::model::net::PolicyNet;
use menace_go_lab::mm::{self, Accuracy};
use menace_go_lab::policy;

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    let mut games = PathBuf::from("/usr/share/goban");
    let mut out = PathBuf::from("target/policy");
    let mut weights: Option<PathBuf> = None;
    while let Some(a) = args.next() {
        let v = args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--games" => games = v.into(),
            "--out" => out = v.into(),
            "--weights" => weights = Some(v.into()),
            _ => panic!("unknown flag {a}"),
        }
    }
    let split = policy::professional_games(&games).unwrap_or_else(|e| panic!("{e}"));
    match what.as_str() {
        "data" => {
            std::fs::create_dir_all(&out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
            for (name, gs) in [("train.bin", &split.train), ("test.bin", &split.test)] {
                let recs = policy::records(gs);
                let path = out.join(name);
                menace_files::write_atomic(&path, &policy::dataset(&recs))
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                println!("{}: {} positions of {} games", path.display(), recs.len(), gs.len());
            }
        }
        "eval" => {
            let read;
            let net = match &weights {
                Some(w) => {
                    let bytes = std::fs::read(w).unwrap_or_else(|e| panic!("{}: {e}", w.display()));
                    read = PolicyNet::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
                    &read
                }
                None => PolicyNet::builtin(),
            };
            println!(
                "network: {} blocks x {} channels; {}",
                net.blocks(),
                net.channels(),
                net.about()
            );
            let t = Instant::now();
            let a = policy::accuracy(net, &split.test);
            let per = t.elapsed().as_secs_f64() * 1000.0 / a.positions.max(1) as f64;
            report("network", &a);
            println!("  {per:.1} ms a position (one thread, move generation included)");
            let model = MoveModel::builtin_large();
            let mut m = Accuracy::default();
            for g in &split.test {
                mm::replay(g.size, &g.handicap, &g.moves, |b, mv| m.add(model, b, mv));
            }
            report("move model (large patterns)", &m);
        }
        _ => {
            eprintln!("usage: go_policy data|eval [--games DIR] [--out DIR] [--weights FILE]");
            std::process::exit(2);
        }
    }
}

fn report(name: &str, a: &Accuracy) {
    println!("{name} on the held-out games: {a}");
}
