//! Property tests of the protocol: no input can make it panic, and a line answered with
//! an error changes nothing at all.
//!
//! The second property is checked from the outside: a session's whole output with a line
//! L inserted must equal its output without L, plus L's single error answer at that
//! point. Everything later (boards, beads, results, even the random draws) would differ if
//! the bad line had touched any state.

use menace::menace::BeadRules;
use menace::protocol::{parse_line, serve, Session};
use proptest::prelude::*;

fn run(input: &[u8], seed: u64) -> Vec<String> {
    let mut session = Session::new(BeadRules::challenge(), seed);
    let mut out = Vec::new();
    serve(input, &mut out, &mut session).expect("serve never fails on a Vec");
    String::from_utf8(out).expect("UTF-8 output").lines().map(str::to_string).collect()
}

/// Lines a session is made of: mostly real commands, with arguments that are sometimes
/// out of place (occupied cells, moves without a game).
fn command_line() -> impl Strategy<Value = String> {
    let cell = prop::sample::select(vec!["LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"]);
    prop_oneof![
        4 => cell.clone().prop_map(|c| format!("move {c}")),
        1 => cell.prop_map(|c| c.to_lowercase()),
        1 => (1u32..4).prop_map(|n| format!("games {n}")),
        1 => prop::sample::select(vec!["dump", "board", "status", "resign", "abort", "reset", "help"])
            .prop_map(str::to_string),
        1 => any::<u64>().prop_map(|n| format!("seed {n}")),
    ]
}

/// Lines that are usually wrong in some way.
fn doubtful_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        command_line().prop_map(String::into_bytes),
        "[a-z]{1,8}( [-+0-9a-zA-Z.]{0,25}){0,3}".prop_map(String::into_bytes),
        "(games|seed|move|help|dump) [^\n]{0,30}".prop_map(String::into_bytes),
        prop::collection::vec(any::<u8>().prop_filter("no newline", |b| *b != b'\n'), 0..40),
        (5000usize..9000).prop_map(|n| vec![b'x'; n]),
    ]
}

fn is_error(answer: &str) -> bool {
    answer.starts_with(r#"{"type":"error""#)
}

fn join(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut v = Vec::new();
    for l in lines {
        v.extend_from_slice(l);
        v.push(b'\n');
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_parser_never_panics(line in any::<String>()) {
        let _ = parse_line(&line);
    }

    #[test]
    fn the_parser_never_panics_on_command_like_text(line in "(?i)(games|move|seed|help|dump|quit|board)[ \t]{0,3}[-+]?[0-9a-zA-Z]{0,30}[ \t]{0,2}[^\n]{0,5}") {
        let _ = parse_line(&line);
    }

    #[test]
    fn any_bytes_get_json_lines_and_no_panic(input in prop::collection::vec(any::<u8>(), 0..300)) {
        for line in run(&input, 1) {
            let v: serde_json::Value = serde_json::from_str(&line).expect("JSON");
            prop_assert!(v["type"].is_string());
        }
    }

    #[test]
    fn an_error_line_changes_nothing(
        script in prop::collection::vec(command_line(), 1..40),
        bad in doubtful_line(),
        at in any::<prop::sample::Index>(),
        seed in 0u64..1000,
    ) {
        let lines: Vec<Vec<u8>> = script.into_iter().map(String::into_bytes).collect();
        let i = at.index(lines.len() + 1);
        let without = run(&join(&lines), seed);
        let before = run(&join(&lines[..i]), seed).len();
        let mut prefix = lines[..i].to_vec();
        prefix.push(bad.clone());
        let bad_answers = run(&join(&prefix), seed)[before..].to_vec();
        let mut with_lines = lines.clone();
        with_lines.insert(i, bad.clone());
        let with = run(&join(&with_lines), seed);
        let is_single_error = bad_answers.len() == 1 && is_error(&bad_answers[0]);
        if is_single_error || bad_answers.is_empty() {
            let mut expected = without.clone();
            expected.splice(before..before, bad_answers.iter().cloned());
            prop_assert_eq!(&with, &expected, "line {:?} changed the session", String::from_utf8_lossy(&bad));
        }
        let errors = bad_answers.iter().filter(|a| is_error(a)).count();
        prop_assert!(errors <= 1);
    }
}

#[test]
fn end_of_input_mid_game_ends_cleanly() {
    let out = run(b"games 5\nmove MM", 3);
    assert!(out.last().unwrap().contains("menace_move") || out.last().unwrap().contains("result"));
}

mod play_sessions {
    //! The same property for the play sessions of other games.

    use menace::nim::Nim;
    use menace::protocol::{serve, Config, GameChoice, LearnerChoice, Session};
    use proptest::prelude::*;

    fn run(input: &str, seed: u64, hexapawn: bool) -> Vec<String> {
        let mut out = Vec::new();
        let config = if hexapawn {
            Config {
                game: GameChoice::Hexapawn,
                learner: LearnerChoice::Weighted,
                seed,
                ..Config::default()
            }
        } else {
            Config { game: GameChoice::Nim(Nim::default()), seed, ..Config::default() }
        };
        let mut s = Session::with(config).unwrap();
        serve(input.as_bytes(), &mut out, &mut s).unwrap();
        String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
    }

    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => "[1-3]:[0-6]",
            3 => "[a-c][1-3](-|x)[a-c][1-3]",
            1 => "(move|MOVE) [^\n]{0,12}",
            1 => (1u32..3).prop_map(|n| format!("games {n}")),
            1 => prop::sample::select(vec!["board", "status", "resign", "abort", "help", "train 5", "seed 9"]).prop_map(str::to_string),
            1 => "[^\n]{0,20}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn an_error_line_changes_nothing_in_play_sessions(
            script in prop::collection::vec(line(), 1..30),
            bad in line(),
            at in any::<prop::sample::Index>(),
            hexapawn in any::<bool>(),
        ) {
            let i = at.index(script.len() + 1);
            let join = |lines: &[String]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
            let without = run(&join(&script), 5, hexapawn);
            let before = run(&join(&script[..i]), 5, hexapawn).len();
            let mut prefix = script[..i].to_vec();
            prefix.push(bad.clone());
            let answers = run(&join(&prefix), 5, hexapawn)[before..].to_vec();
            if answers.is_empty() || (answers.len() == 1 && answers[0].starts_with(r#"{"type":"error""#)) {
                let mut with = script.clone();
                with.insert(i, bad.clone());
                let mut expected = without.clone();
                expected.splice(before..before, answers.iter().cloned());
                prop_assert_eq!(run(&join(&with), 5, hexapawn), expected, "{:?}", bad);
            }
        }
    }
}
