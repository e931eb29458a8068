//! The library against the independent Python scripts in `tests/reference/`, run live:
//! each counts by its own enumeration what a Rust test elsewhere states as a number (304
//! boxes and 1087 colours, the exact tic-tac-toe odds; the lab's 41 Nim lines are
//! `menace-core-lab`'s). Running them keeps
//! the scripts and the numbers honest with each other. Needs Python 3
//! (`menace_testkit::require`: skipped without it, a failure under `CI=true`).

use std::path::Path;

use menace_core::game::Side;
use menace_core::learn::eval::{outcome_odds, Model, Odds, Version};
use menace_core::menace::{BeadColours, BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_testkit::python_output;

/// What `tests/reference/NAME` prints, or `None` when Python is missing outside CI.
fn run(name: &str) -> Option<String> {
    python_output(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference").join(name))
}

#[test]
fn boxes_and_colours_per_symmetry_class_are_counted_alike() {
    let Some(out) = run("orbits.py") else { return };
    // "304 boxes; mismatches 0 ; colours 1087"
    let words: Vec<&str> = out.split_whitespace().collect();
    let [boxes, "boxes;", "mismatches", mismatches, ";", "colours", colours] = words[..] else {
        panic!("unexpected output: {out}");
    };
    let rules = BeadRules { colours: BeadColours::PerSymmetryClass, ..BeadRules::challenge() };
    let m = Matchboxes::new(TicTacToe, Side::First, rules);
    assert_eq!(m.len().to_string(), boxes);
    assert_eq!(mismatches, "0", "the two ways of counting orbits disagree in Python");
    let ours: usize = (0..m.len()).map(|b| m.legal(b).count()).sum();
    assert_eq!(ours.to_string(), colours);
}

/// The W/D/L list after `label` in the script's output.
fn shares(out: &str, label: &str) -> [f64; 3] {
    let line = out.lines().find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("{out}"));
    let list = &line[line.find('[').unwrap() + 1..line.find(']').unwrap()];
    let v: Vec<f64> = list.split(',').map(|x| x.trim().parse().unwrap()).collect();
    v.try_into().unwrap_or_else(|v| panic!("three shares, got {v:?}"))
}

#[test]
fn exact_tic_tac_toe_odds_agree() {
    let Some(out) = run("ttt_exact.py") else { return };
    let fresh = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
    let close = |o: Odds, want: [f64; 3]| {
        for (got, want) in [o.win, o.draw, o.loss].into_iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{o:?} against {want}");
        }
    };
    let random = outcome_odds(&TicTacToe, &fresh, Side::First, Version::Stochastic, Model::Random);
    close(random, shares(&out, "random vs random W/D/L"));
    let best =
        outcome_odds(&TicTacToe, &fresh, Side::First, Version::Stochastic, Model::BestResponse);
    close(best, shares(&out, "random vs best response W/D/L"));
}
