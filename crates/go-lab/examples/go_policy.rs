//! The policy network's datasets and its accuracy (`scripts/train-policy` runs both around
//! the trainer, `scripts/train_policy.py`).
//!
//! ```text
//! cargo run --release -p menace-go-lab --example go_policy -- data \
//!     --games /usr/share/goban --out target/policy
//! cargo run --release -p menace-go-lab --example go_policy -- eval \
//!     --games /usr/share/goban [--weights crates/go/data/policy.safetensors]
//! cargo run --release -p menace-go-lab --example go_policy -- value \
//!     --games /usr/share/goban [--also docs/games]... [--every 10] [--ridge 1] [--playouts 64]
//! cargo run --release -p menace-go-lab --example go_policy -- visits \
//!     --games /usr/share/goban --out target/policy [--playouts 1600] [--every 10] \
//!     [--limit 0] [--jobs CORES] [--komi 7.5] [--seed 1] [--split train|test] [--tune NAME=VALUE]...
//! ```
//!
//! `data` writes `train.bin` and `test.bin` (the professional games split as the move
//! model's learner splits them: every tenth game held out) into `--out`. `eval` prints the
//! network's move-prediction accuracy on the held-out games (top 1, 5, 10 and the
//! log-likelihood a move, counted as `go_learn_patterns` counts the move model's, which it
//! prints beside) and its time a position on one thread. `visits` writes `visits.bin`
//! into `--out`: every `--every`-th position of the training games searched by the
//! default engine (`--playouts`, one thread a search, `--jobs` searches at a time) with
//! its root's visit counts, which `scripts/train_policy.py --visits` learns as a second
//! target (the priors learned from our own search); `--split test` searches the held-out
//! games instead, into `visits-test.bin`, to compare the search's choices with the
//! network's on moves neither learned from.
//!
//! `value` fits a value head on the network's board means to the winners of the training
//! games (`menace_go_lab::value`: every `--every`-th position; `--also DIR` adds the
//! training split of our own 19x19 records under DIR), and a stone-count baseline the same
//! way, then foretells the winners of the held-out professional games at 25, 50, ... 275
//! moves with each, and with `--playouts` of our playouts a position (seed `--seed`), as
//! `go_playout_compare outcome` does: the Brier scores and their paired differences.
//!
//! `--weights FILE` puts another network (a candidate from `scripts/train_policy.py`) in
//! the built-in one's place, for `eval`'s measure and `visits`' searches alike.

use std::path::PathBuf;
use std::time::Instant;

use menace_go::model::move_model::MoveModel;
use menace_go::model::net::PolicyNet;
use menace_go::search::mcts::SearchConfig;
use menace_go_lab::mm::{self, Accuracy};
use menace_go_lab::{playouts, policy, value};

const USAGE: &str = "usage: go_policy data|eval|visits|value [--games DIR] [--also DIR]... [--ridge R] [--out DIR] [--weights FILE] [--playouts N] [--every K] [--limit N] [--jobs N] [--komi K] [--seed N] [--split train|test] [--tune NAME=VALUE]";

fn main() {
    if let Err(e) = run() {
        eprintln!("go_policy: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    if matches!(what.as_str(), "-h" | "--help" | "help") {
        println!(
            "{USAGE}\n\nWhat each does: the example's doc (crates/go-lab/examples/go_policy.rs)."
        );
        return Ok(());
    }
    let mut games = PathBuf::from("/usr/share/goban");
    let mut out = PathBuf::from("target/policy");
    let mut weights: Option<PathBuf> = None;
    let (mut playouts, mut every, mut limit, mut komi, mut seed) = (1600, 10, 0, 7.5, 1);
    let mut held_out = false;
    let mut tunes: Vec<String> = Vec::new();
    let mut also: Vec<PathBuf> = Vec::new();
    let mut ridge = 1.0;
    let mut playouts_given = false;
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    while let Some(a) = args.next() {
        let v = args.next().ok_or_else(|| format!("{a} needs a value\n{USAGE}"))?;
        let num = |v: &str| v.parse::<usize>().map_err(|e| format!("{a} {v}: {e}"));
        match a.as_str() {
            "--games" => games = v.into(),
            "--out" => out = v.into(),
            "--weights" => weights = Some(v.into()),
            "--playouts" => {
                playouts = num(&v)?;
                playouts_given = true;
            }
            "--also" => also.push(v.into()),
            "--ridge" => ridge = v.parse::<f64>().map_err(|e| format!("--ridge {v}: {e}"))?,
            "--every" => every = num(&v)?,
            "--limit" => limit = num(&v)?,
            "--jobs" => jobs = num(&v)?,
            "--seed" => seed = num(&v)? as u64,
            "--split" => {
                held_out = match v.as_str() {
                    "train" => false,
                    "test" => true,
                    _ => return Err(format!("--split {v}: train or test")),
                }
            }
            "--tune" => tunes.push(v),
            "--komi" => komi = v.parse::<f32>().map_err(|e| format!("--komi {v}: {e}"))?,
            _ => return Err(format!("unknown flag {a}\n{USAGE}")),
        }
    }
    if !matches!(what.as_str(), "data" | "eval" | "visits" | "value") {
        return Err(USAGE.into());
    }
    // The network the searches (visits) use, and the one measured (eval).
    let net = match &weights {
        Some(w) => PolicyNet::install(PolicyNet::from_file(w)?)?,
        None => PolicyNet::current(),
    };
    let split = policy::split_games(&games)?;
    match what.as_str() {
        "data" => {
            std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
            for (name, gs) in [("train.bin", &split.train), ("test.bin", &split.test)] {
                let recs = policy::records(gs);
                let path = out.join(name);
                menace_files::write_atomic(&path, &policy::dataset(&recs))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                println!("{}: {} positions of {} games", path.display(), recs.len(), gs.len());
            }
        }
        "visits" => {
            std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
            let mut cfg =
                SearchConfig { komi, seed, ..SearchConfig::default() }.with_work(playouts, 1);
            for t in &tunes {
                cfg = cfg.with(t).map_err(|e| format!("--tune {t}: {e}"))?;
            }
            let t = Instant::now();
            let gs = if held_out { &split.test } else { &split.train };
            let recs = policy::search_visits(gs, every, limit, &cfg, jobs, |d, n| {
                if d % 100 == 0 || d == n {
                    let s = t.elapsed().as_secs_f64();
                    eprintln!(
                        "{d} of {n} positions searched ({s:.0} s, {:.1} a second)",
                        d as f64 / s
                    );
                }
            });
            let path = out.join(if held_out { "visits-test.bin" } else { "visits.bin" });
            menace_files::write_atomic(&path, &policy::visits_dataset(&recs))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            println!(
                "{}: {} positions of {} {} games searched ({} komi {komi}; one position in {every}), {:.0} s on {jobs} jobs",
                path.display(),
                recs.len(),
                gs.len(),
                if held_out { "held-out" } else { "training" },
                format_args!(
                    "{} playouts, {} threads, profile {} {}",
                    cfg.playouts,
                    cfg.threads,
                    cfg.profile,
                    cfg.changes().join(" ")
                ),
                t.elapsed().as_secs_f64()
            );
            let a = policy::agreement(&recs, net);
            let pc = |k: usize| 100.0 * k as f64 / a.positions.max(1) as f64;
            println!(
                "the professional's move: the search's most visited in {:.1}% of them, the network's first choice in {:.1}% (both {}, only the search {}, only the network {})",
                pc(a.both + a.search_only),
                pc(a.both + a.net_only),
                a.both,
                a.search_only,
                a.net_only
            );
        }
        "eval" => {
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
        "value" => {
            let stages: Vec<usize> = (1..=11).map(|k| 25 * k).collect();
            let mut train = split.train.clone();
            for dir in &also {
                let ours = policy::split_games(dir)?;
                println!(
                    "{}: {} training games of {} files ({} held out, {} not 19x19 or unread)",
                    dir.display(),
                    ours.train.len(),
                    ours.files,
                    ours.test.len(),
                    ours.refused
                );
                train.extend(ours.train);
            }
            let count = if playouts_given { playouts as u32 } else { 64 };
            println!(
                "outcome: the held-out professional games a player won, foretold by heads fitted on {} training games (one position in {every}, ridge {ridge}) and by {count} playouts a position",
                train.len()
            );
            println!("{}", playouts::OUTCOME_HEADER);
            let t = Instant::now();
            let mut ours = playouts::Ours::new(seed);
            let base = playouts::outcomes(&mut ours, &split.test, &stages, count)?;
            let base_name = format!("{count} playouts");
            for row in playouts::outcome_rows(&base_name, &base, &stages, t.elapsed().as_secs_f64())
            {
                println!("{row}");
            }
            let mut lines = Vec::new();
            let mut heads = Vec::new();
            for kind in [value::Features::Count, value::Features::Net] {
                let t = Instant::now();
                let samples = value::samples(net, &train, kind, every, jobs);
                let head = value::fit(&samples, ridge).ok_or("the fit did not solve")?;
                let f = value::foretell(net, &head, kind, &split.test, &stages)?;
                let secs = t.elapsed().as_secs_f64();
                for row in playouts::outcome_rows(kind.name(), &f, &stages, secs) {
                    println!("{row}");
                }
                lines.push(format!(
                    "  {}: {} positions, {} weights, {} Newton steps",
                    kind.name(),
                    samples.len(),
                    head.w.len(),
                    head.steps
                ));
                lines.extend(playouts::difference_line(&base_name, &base, kind.name(), &f));
                heads.push((kind, f));
            }
            if let [(a, fa), (b, fb)] = &heads[..] {
                lines.extend(playouts::difference_line(a.name(), fa, b.name(), fb));
            }
            for l in lines {
                println!("{l}");
            }
        }
        _ => unreachable!("checked above"),
    }
    Ok(())
}

fn report(name: &str, a: &Accuracy) {
    println!("{name} on the held-out games: {a}");
}
