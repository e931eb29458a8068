//! A built-in strategy and the same strategy run as `menace pd-player NAME` are the same
//! player: the same game through both paths gives the same takes and scores.

use menace_pd::judge::{play, Config, Kind, Player};
use menace_pd::seeds::parse_seeds;
use menace_pd::strategies::TABLE;
use menace_run::{Limits, Program};
use menace_testkit::process::UNHURRIED;

fn external(name: &str) -> Player {
    let exe = env!("CARGO_BIN_EXE_menace");
    Player { name: name.into(), kind: Kind::External(Program::new([exe, "pd-player", name])) }
}

fn same_game(names: &[&str], ids: &[u32], rounds: usize) {
    let seeds = parse_seeds(include_bytes!("../../fixtures/pd/pd_rand")).unwrap();
    // Each program given a minute: this compares what they say, not how fast.
    let limits = Limits { deadline: UNHURRIED, ..Limits::default() };
    let config = Config { rounds: Some(rounds), limits };
    let builtin: Vec<Player> = names.iter().map(|n| Player::parse(n).unwrap()).collect();
    let programs: Vec<Player> = names.iter().map(|n| external(n)).collect();
    let a = play(&builtin, ids, &seeds, &config).unwrap();
    let b = play(&programs, ids, &seeds, &config).unwrap();
    assert!(b.incidents.is_empty(), "{:?}", b.incidents);
    assert_eq!(a.history, b.history, "{names:?}");
    assert_eq!(a.scores, b.scores);
}

#[test]
fn every_builtin_plays_the_same_in_process_and_as_a_program() {
    // All built-ins at once, a short game (each round spawns one process per player).
    let names: Vec<&str> = TABLE.iter().map(|e| e.name).collect();
    let ids: Vec<u32> = (1..=names.len() as u32).rev().collect();
    same_game(&names, &ids, 30);
}

#[test]
fn contender_plays_a_whole_game_the_same_both_ways() {
    // A full game (5 players, 125 rounds) including its last-round rule.
    same_game(&["contender", "lunatic", "envious", "begrudger", "judge"], &[3, 1, 5, 2, 4], 125);
}
