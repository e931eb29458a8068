//! One bead colour per symmetry class (Scroggs's boxes): the colours of every box are the
//! orbits of its empty cells under the symmetries that fix its drawing, found here by
//! enumerating the 8 symmetries of the square directly (menace-testkit's `square`, not the
//! crate's own symmetry code).

use menace_core::game::Side;
use menace_core::menace::state::State;
use menace_core::menace::{BeadColours, BeadRules, Matchboxes};
use menace_core::ttt::{Board, TicTacToe};
use menace_stats::rng::from_seed;
use menace_testkit::square::symmetries;

/// The orbits of the empty cells of `drawing` (9 characters) under its stabiliser.
fn orbits(drawing: &str) -> Vec<Vec<usize>> {
    let cells: Vec<char> = drawing.chars().collect();
    let moved = |perm: &[usize; 9]| {
        let mut out = ['?'; 9];
        for i in 0..9 {
            out[perm[i]] = cells[i];
        }
        out
    };
    let stabiliser: Vec<[usize; 9]> =
        symmetries().into_iter().filter(|perm| moved(perm)[..] == cells[..]).collect();
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    for cell in (0..9).filter(|&i| cells[i] == '.') {
        if orbits.iter().any(|o| o.contains(&cell)) {
            continue;
        }
        let mut orbit: Vec<usize> = stabiliser.iter().map(|perm| perm[cell]).collect();
        orbit.sort_unstable();
        orbit.dedup();
        orbits.push(orbit);
    }
    orbits
}

fn classes() -> BeadRules {
    BeadRules { colours: BeadColours::PerSymmetryClass, ..BeadRules::challenge() }
}

#[test]
fn the_enumeration_knows_the_first_box() {
    // The empty board: corners, edges and the centre.
    assert_eq!(orbits("........."), vec![vec![0, 2, 6, 8], vec![1, 3, 5, 7], vec![4]]);
    // X in a corner, O in the centre: the diagonal through them is a mirror.
    assert_eq!(orbits("X...O....").len(), 4);
}

#[test]
fn every_box_has_one_colour_per_orbit_on_its_lowest_cell() {
    let m = Matchboxes::new(TicTacToe, Side::First, classes());
    assert_eq!(m.len(), 304);
    let mut colours = 0;
    for b in 0..m.len() {
        let drawing = m.position(b).to_string();
        let orbits = orbits(&drawing);
        let legal: Vec<usize> = m.legal(b).collect();
        let lowest: Vec<usize> = orbits.iter().map(|o| o[0]).collect();
        let mut want = lowest.clone();
        want.sort_unstable();
        assert_eq!(legal, want, "box {b} {drawing}: orbits {orbits:?}");
        // Beads on those cells only, the stage's initial count each.
        let n = BeadRules::challenge().initial_for(m.stage(b));
        for (cell, &beads) in m.beads(b).iter().enumerate() {
            assert_eq!(beads, if lowest.contains(&cell) { n } else { 0 }, "box {b} cell {cell}");
        }
        colours += legal.len();
    }
    // Counted by the independent Python enumeration in tests/reference/orbits.py.
    assert_eq!(colours, 1087);
}

#[test]
fn every_move_rule_is_unchanged_and_is_the_default() {
    let m = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
    for b in 0..m.len() {
        let empty = m.position(b).to_string().chars().filter(|&c| c == '.').count();
        assert_eq!(m.legal(b).count(), empty);
    }
    assert_eq!(BeadRules::default().colours, BeadColours::EveryMove);
}

#[test]
fn a_machine_with_symmetry_classes_learns_and_round_trips_through_a_state_file() {
    let mut m = Matchboxes::new(TicTacToe, Side::First, classes());
    let tally = m.train_against_random(5_000, &mut from_seed(3));
    assert!(tally.win > tally.loss);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    State::of(&m, 5_000).save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"colours\": \"per_symmetry_class\""), "{text:.400}");
    let (back, played) = State::load(&path).unwrap();
    assert_eq!(played, 5_000);
    assert_eq!(back.rules(), m.rules());
    for b in 0..m.len() {
        assert_eq!(back.beads(b), m.beads(b));
    }
    // A bead on a cell that is not its class's lowest is refused.
    let first = back.find(Board::parse(".........").unwrap()).unwrap();
    let mut beads = back.beads(first).to_vec();
    beads[8] = 1;
    assert!(back.clone().set_beads(first, &beads).is_err());
}
