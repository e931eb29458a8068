//! Our playout policy against another engine's on the same held-out professional
//! positions (`scripts/playouts-vs-moggy` builds Pachi and runs this against its Moggy
//! playouts).
//!
//! ```text
//! cargo run --release -p menace-go-lab --example go_playout_compare -- --games /usr/share/goban \
//!     [--engine 'moggy=pachi -e replay runs=1 -s 1'] [--playouts 64] \
//!     [--stages 25,50,...,275] [--seed 1] [--what agreement|outcome|both] \
//!     [--ours half|always|half,always]
//! ```
//!
//! For each policy (ours first, under each `--ours` rule for self-ataris: `half`, the
//! default, or `always`, the registry's `self_atari=always`; then each `--engine
//! NAME=COMMAND`, a GTP engine whose `genmove` is one playout move) it prints how often
//! one playout move is the professional's move over every held-out position, then, for
//! the positions `--stages` moves into the held-out games a player won, `--playouts`
//! playouts each: the share of positions whose black share of playouts was on the
//! winner's side of one half, and the Brier score (0.25 is a coin), with each later
//! policy's Brier score minus the first's over the same positions and its standard error.
//! See `menace_go_lab::playouts`.

use std::time::Instant;

use menace_go::search::playout::SelfAtari;
use menace_go_lab::playouts::{self, GtpPolicy, Ours, Policy};
use menace_go_lab::policy;
use menace_run::Program;

fn main() {
    if let Err(e) = run() {
        eprintln!("go_playout_compare: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut games = std::path::PathBuf::from("/usr/share/goban");
    let mut engines: Vec<(String, Program)> = Vec::new();
    let mut count = 64u32;
    let mut stages: Vec<usize> = (1..=11).map(|k| 25 * k).collect();
    let mut seed = 1u64;
    let mut what = "both".to_string();
    let mut ours = vec![SelfAtari::Half];
    while let Some(a) = args.next() {
        let v = args.next().ok_or_else(|| format!("{a} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{a} {v}: {e}");
        match a.as_str() {
            "--games" => games = v.into(),
            "--engine" => {
                let (name, cmd) = v.split_once('=').ok_or_else(|| bad(&"not NAME=COMMAND"))?;
                engines.push((name.to_string(), Program::parse(cmd).map_err(|e| bad(&e))?));
            }
            "--playouts" => count = v.parse().map_err(|e| bad(&e))?,
            "--stages" => {
                stages = v
                    .split(',')
                    .map(|s| s.trim().parse())
                    .collect::<Result<_, _>>()
                    .map_err(|e| bad(&e))?
            }
            "--seed" => seed = v.parse().map_err(|e| bad(&e))?,
            "--ours" => {
                ours = v
                    .split(',')
                    .map(|r| match r.trim() {
                        "half" => Ok(SelfAtari::Half),
                        "always" => Ok(SelfAtari::Always),
                        _ => Err(bad(&"give half, always or both, comma-separated")),
                    })
                    .collect::<Result<_, _>>()?
            }
            "--what" if ["agreement", "outcome", "both"].contains(&v.as_str()) => what = v,
            _ => return Err(format!("unknown flag or value: {a} {v}")),
        }
    }
    let split = policy::split_games(&games)?;
    let mut policies: Vec<Box<dyn Policy>> = Vec::new();
    for &rule in &ours {
        policies.push(Box::new(Ours::with_rule(seed, rule)));
    }
    for (name, program) in &engines {
        policies.push(Box::new(GtpPolicy::start(name, program)?));
    }
    if what != "outcome" {
        println!("move agreement: one playout move at each position of the {} held-out games, the professional's move or not", split.test.len());
        for p in policies.iter_mut() {
            let t = Instant::now();
            let a = playouts::agreement(p.as_mut(), &split.test)?;
            println!("  {:<14} {a}  ({:.1} s)", p.name(), t.elapsed().as_secs_f64());
        }
    }
    if what != "agreement" {
        println!(
            "outcome: {count} playouts from each position of the held-out games a player won, with the game's komi"
        );
        println!("{}", playouts::OUTCOME_HEADER);
        let mut first: Option<Vec<playouts::Foretold>> = None;
        let first_name = policies[0].name().to_string();
        for p in policies.iter_mut() {
            let t = Instant::now();
            let f = playouts::outcomes(p.as_mut(), &split.test, &stages, count)?;
            for row in playouts::outcome_rows(p.name(), &f, &stages, t.elapsed().as_secs_f64()) {
                println!("{row}");
            }
            match &first {
                None => first = Some(f),
                Some(base) => {
                    if let Some(line) = playouts::difference_line(&first_name, base, p.name(), &f) {
                        println!("{line}");
                    }
                }
            }
        }
    }
    Ok(())
}
