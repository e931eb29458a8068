//! The exact bytes an external program receives in rounds 1, 2 and later.
//!
//! Player 1 is wrathful, player 2 an external recorder (a shell script that appends its
//! whole input and a separator to a file, takes from nobody and prints a state line with
//! two inner spaces and a trailing one), player 3 greedy. The expected bytes are written
//! out by hand in `fixtures/pd/recorder_input.txt` from the rules: round 1 has no state
//! line; every take is `(a, b) ` with its trailing space; takers in id order; the seed
//! line r is line r of the published seed file; the state comes back exactly.

#![cfg(unix)]

use menace_pd::judge::{play, Kind, Player};
use menace_pd::seeds::parse_seeds;
use menace_run::Program;

use crate::unhurried;

#[test]
fn a_program_reads_exactly_the_original_input() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("seen.txt");
    let script = format!(
        "cat >> '{}'; printf '=====\\n' >> '{}'; printf '\\nstate with  two spaces \\n'",
        log.display(),
        log.display()
    );
    let recorder = Player {
        name: "recorder".into(),
        kind: Kind::External(Program::new(["sh", "-c", &script])),
    };
    let players =
        vec![Player::parse("wrathful").unwrap(), recorder, Player::parse("greedy").unwrap()];
    let seeds = parse_seeds(include_bytes!("../../../../fixtures/pd/pd_rand")).unwrap();
    let config = unhurried::config(4);
    let g = play(&players, &[1, 2, 3], &seeds, &config).unwrap();
    assert!(g.incidents.is_empty(), "{:?}", g.incidents);
    let seen = std::fs::read_to_string(&log).unwrap();
    assert_eq!(seen, include_str!("../../../../fixtures/pd/recorder_input.txt"));
    // wrathful: +2 +3 takes, -2 x 4 from greedy; recorder: -2 x 5; greedy: +8, -2 x 4.
    assert_eq!(g.final_scores(), [-3, -10, 0]);
}

#[test]
fn rounds_without_takes_are_empty_lines_and_a_missing_state_is_an_empty_line() {
    // Player 1 is patient (never provoked, never takes), player 2 a recorder that prints
    // nothing at all: every history line is empty, and from round 2 on its state line is
    // present but empty.
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("seen.txt");
    let script = format!("cat >> '{0}'; printf '=====\\n' >> '{0}'", log.display());
    let recorder = Player {
        name: "recorder".into(),
        kind: Kind::External(Program::new(["sh", "-c", &script])),
    };
    let players = vec![Player::parse("patient").unwrap(), recorder];
    let seeds = parse_seeds(include_bytes!("../../../../fixtures/pd/pd_rand")).unwrap();
    let config = unhurried::config(3);
    let g = play(&players, &[1, 2], &seeds, &config).unwrap();
    assert!(g.incidents.is_empty(), "{:?}", g.incidents);
    let seen = std::fs::read_to_string(&log).unwrap();
    assert_eq!(seen, include_str!("../../../../fixtures/pd/recorder_quiet_input.txt"));
}
