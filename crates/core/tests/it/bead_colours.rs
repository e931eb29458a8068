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

#[test]
fn michie_and_scroggs_presets_are_their_machines_one_colour_per_class_and_challenge_is_not() {
    // The first box of Michie's and Scroggs's machines: a corner, an edge, the centre.
    for rules in [BeadRules::michie(), BeadRules::scroggs()] {
        assert_eq!(rules.colours, BeadColours::PerSymmetryClass);
        let m = Matchboxes::new(TicTacToe, Side::First, rules.clone());
        assert_eq!(m.legal(0).collect::<Vec<_>>(), [0, 1, 4], "{rules}");
        assert_eq!(m.beads(0).iter().filter(|&&n| n > 0).count(), 3);
    }
    let challenge = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
    assert_eq!(challenge.legal(0).count(), 9);
}

#[test]
fn a_machine_whose_first_box_is_empty_under_resign_has_resigned_for_good() {
    use menace_core::menace::EmptyBox;
    let mut m = Matchboxes::new(TicTacToe, Side::First, BeadRules::scroggs());
    assert!(!m.resigned_for_good());
    // Another box empty: it resigns in the games that reach it, not in every game.
    m.set_beads(5, &[0; 9]).unwrap();
    assert!(!m.resigned_for_good());
    m.set_beads(0, &[0; 9]).unwrap();
    assert!(m.resigned_for_good());
    // The same boxes under a refill rule play on.
    let refill = BeadRules { empty: EmptyBox::Refill(3), ..BeadRules::scroggs() };
    let mut r = Matchboxes::new(TicTacToe, Side::First, refill);
    r.set_beads(0, &[0; 9]).unwrap();
    assert!(!r.resigned_for_good());
    // Playing second: every box of its first move must be empty.
    let mut o = Matchboxes::new(TicTacToe, Side::Second, BeadRules::scroggs());
    let firsts: Vec<usize> = (0..o.len()).filter(|&b| o.stage(b) == 0).collect();
    assert_eq!(firsts.len(), 3);
    for (i, &b) in firsts.iter().enumerate() {
        assert!(!o.resigned_for_good());
        o.set_beads(b, &[0; 9]).unwrap();
        assert_eq!(o.resigned_for_good(), i == 2);
    }
    // A last bead drawn in a game in progress is still MENACE's: it resigns for good
    // only once a loss takes it away.
    let mut last = Matchboxes::new(TicTacToe, Side::First, BeadRules::scroggs());
    last.set_beads(0, &[1, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert!(last.choose(Board::EMPTY, &mut from_seed(1)).is_some());
    assert!(!last.resigned_for_good());
    last.learn(menace_core::menace::GameResult::Loss);
    assert!(last.resigned_for_good());
}
