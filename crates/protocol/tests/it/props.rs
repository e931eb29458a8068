//! Property tests of the protocol: no input can make it panic, and a line answered with
//! an error changes nothing at all.
//!
//! The second property is checked from the outside: a session's whole output with a line
//! L inserted must equal its output without L, plus L's single error answer at that
//! point. Everything later (boards, beads, results, even the random draws) would differ if
//! the bad line had touched any state.

use menace_core::game::Side;
use menace_core::menace::BeadRules;
use menace_protocol::{parse_line, serve, Answer, Config, FileAccess, LineReader, Session, Stop};
use proptest::prelude::*;
use std::sync::OnceLock;

fn run(input: &[u8], seed: u64) -> Vec<String> {
    let mut session = Session::new(BeadRules::challenge(), seed);
    let mut out = Vec::new();
    serve(input, &mut out, &mut session).expect("serve never fails on a Vec");
    String::from_utf8(out).expect("UTF-8 output").lines().map(str::to_string).collect()
}

/// A fresh challenge MENACE's state on one line, for `import`.
fn fresh_state() -> &'static str {
    static STATE: OnceLock<String> = OnceLock::new();
    STATE.get_or_init(|| {
        let state = Session::new(BeadRules::challenge(), 0).state().unwrap();
        serde_json::to_string(&state).unwrap()
    })
}

/// Lines a session is made of: mostly real commands, with arguments that are sometimes
/// out of place (occupied cells, moves without a game), and every kind of command:
/// training, watching, evaluating, files, state as data, rules, history, stop.
fn command_line() -> impl Strategy<Value = String> {
    let cell = prop::sample::select(vec!["LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"]);
    let opponent = prop::sample::select(vec![
        "",
        " random",
        " perfect",
        " mixed:0.5",
        " menace",
        " exploiter",
    ]);
    prop_oneof![
        8 => cell.clone().prop_map(|c| format!("move {c}")),
        2 => cell.prop_map(|c| c.to_lowercase()),
        2 => (1u32..4).prop_map(|n| format!("games {n}")),
        3 => prop::sample::select(vec![
            "dump", "dump opponent", "board", "status", "resign", "abort", "reset", "help",
            "history", "history 3", "export", "stop", "eval",
        ])
        .prop_map(str::to_string),
        1 => any::<u64>().prop_map(|n| format!("seed {n}")),
        1 => ((1u32..40), opponent.clone()).prop_map(|(n, o)| format!("train {n}{o}")),
        1 => ((1u32..3), opponent).prop_map(|(n, o)| format!("watch {n}{o}")),
        1 => prop::sample::select(vec![
            "rules reward 3,1,-1", "rules initial 2,2,1", "rules empty resign",
            "rules preset michie reset", "rules preset challenge", "rules colours symmetry reset",
            "rules colours every reset",
        ])
        .prop_map(str::to_string),
        1 => prop::sample::select(vec!["save s.json", "load s.json", "save t.json", "load t.json"])
            .prop_map(str::to_string),
        1 => Just(format!("import {}", fresh_state())),
    ]
}

/// Lines that are usually wrong in some way.
fn doubtful_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => command_line().prop_map(String::into_bytes),
        2 => "[a-z]{1,8}( [-+0-9a-zA-Z.:,]{0,25}){0,3}".prop_map(String::into_bytes),
        2 => "(games|seed|move|help|dump|train|watch|history|rules|save|load|import|export|stop|eval) [^\n]{0,30}"
            .prop_map(String::into_bytes),
        1 => prop::sample::select(vec![
            "load missing.json", "save ../escape.json", "load /etc/passwd", "save /tmp/x.json",
            "import {}", "import {\"format\":\"menace-state\"}", "rules reward 1,2",
            "rules initial 0", "rules empty refill:0", "train 5 bogus", "watch 0", "history 1001",
            "train 5 exec:ls", "rules reset reset", "rules colours symmetry", "rules colours plaid",
        ])
        .prop_map(|l| l.as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>().prop_filter("no newline", |b| *b != b'\n'), 0..40),
        1 => (5000usize..9000).prop_map(|n| vec![b'x'; n]),
        1 => Just(vec![b'y'; menace_protocol::MAX_LINE + 1]),
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

/// Runs `lines` in a fresh session whose files are confined to a fresh folder; before the
/// line at `probe`, records what the session shows (`observe`), and returns every answer
/// of the run, the observation before the probe, the probe's answers and the observation
/// after it.
fn run_probed(
    lines: &[Vec<u8>],
    probe: usize,
    seed: u64,
    side: Side,
) -> (Vec<String>, Vec<String>, Vec<String>, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let files = FileAccess::Within(dir.path().to_path_buf());
    let config = Config { seed, side: Some(side), files, ..Config::default() };
    let mut session = Session::with(config).unwrap();
    let stop = Stop::new();
    let observe = |s: &Session| s.observe().iter().map(Answer::to_json).collect::<Vec<_>>();
    let (mut all, mut before, mut answers, mut after) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let input = join(lines);
    let mut reader = LineReader::new(&input[..]);
    let mut i = 0;
    while let Some(line) = reader.next_line().unwrap() {
        if i == probe {
            before = observe(&session);
        }
        let mut out: Vec<Answer> = Vec::new();
        match line {
            Ok(text) => {
                session.handle_line(&text, &mut out, &stop);
            }
            Err(message) => out.push(Answer::error(message)),
        }
        let out: Vec<String> = out.iter().map(Answer::to_json).collect();
        if i == probe {
            answers = out.clone();
            after = observe(&session);
        }
        all.extend(out);
        i += 1;
    }
    (all, before, answers, after)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

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
            // Every refusal carries its code, for a page to say in its language.
            prop_assert!(v["type"] != "error" || v["code"].is_string(), "{}", line);
        }
    }
}

/// One case of the second property, for either side: a script, the doubtful line, where it
/// goes, and the session's seed.
fn error_line_case() -> impl Strategy<Value = (Vec<String>, Vec<u8>, prop::sample::Index, u64)> {
    (
        prop::collection::vec(command_line(), 1..30),
        doubtful_line(),
        any::<prop::sample::Index>(),
        0u64..1000,
    )
}

/// The second property for one script: `bad` put in at `at`, with MENACE playing `side`.
fn an_error_line_changes_nothing_in(
    script: Vec<String>,
    bad: Vec<u8>,
    at: prop::sample::Index,
    seed: u64,
    side: Side,
) -> Result<(), TestCaseError> {
    let lines: Vec<Vec<u8>> = script.into_iter().map(String::into_bytes).collect();
    let i = at.index(lines.len() + 1);
    let mut with_lines = lines.clone();
    with_lines.insert(i, bad.clone());
    let (with, before, bad_answers, after) = run_probed(&with_lines, i, seed, side);
    let errors = bad_answers.iter().filter(|a| is_error(a)).count();
    prop_assert!(errors <= 1, "{:?}", bad_answers);
    for a in bad_answers.iter().filter(|a| is_error(a)) {
        prop_assert!(a.contains(r#","code":""#), "a refusal without its code: {}", a);
    }
    if bad_answers.len() == 1 && errors == 1 || bad_answers.is_empty() {
        // What the session shows is unchanged ...
        prop_assert_eq!(
            &before,
            &after,
            "line {:?} changed the session",
            String::from_utf8_lossy(&bad)
        );
        // ... and so is everything after: the same answers as without the line
        // (the random draws included).
        let (without, ..) = run_probed(&lines, usize::MAX, seed, side);
        let mut expected = without.clone();
        let (prefix, ..) = run_probed(&lines[..i], usize::MAX, seed, side);
        expected.splice(prefix.len()..prefix.len(), bad_answers.iter().cloned());
        prop_assert_eq!(
            &with,
            &expected,
            "line {:?} changed later answers",
            String::from_utf8_lossy(&bad)
        );
    }
    Ok(())
}

// MENACE plays either side: as O, the person's moves come first and `import` of the
// (first-side) fresh state is refused. A test a side, 150 cases each (300 in all, as when
// they were one test): the test threads run them side by side, where one test was the
// last second of its binary's run on its own.
proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn an_error_line_changes_nothing((script, bad, at, seed) in error_line_case()) {
        an_error_line_changes_nothing_in(script, bad, at, seed, Side::First)?;
    }

    #[test]
    fn an_error_line_changes_nothing_with_menace_second(
        (script, bad, at, seed) in error_line_case(),
    ) {
        an_error_line_changes_nothing_in(script, bad, at, seed, Side::Second)?;
    }
}

#[test]
fn end_of_input_mid_game_ends_cleanly() {
    let out = run(b"games 5\nmove MM", 3);
    assert!(out.last().unwrap().contains("menace_move") || out.last().unwrap().contains("result"));
}

mod play_sessions {
    //! The same property for the play sessions of other games.

    use menace_core::nim::Nim;
    use menace_protocol::{serve, Config, GameChoice, LearnerChoice, Session};
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
            2 => prop::sample::select(vec![
                "board", "status", "resign", "abort", "help", "train 5", "seed 9", "watch 1",
                "history 2", "eval", "dump", "dump opponent", "train 3 menace", "stop", "reset",
                "rules reward 2,1,-1", "export", "save x.json",
            ])
            .prop_map(str::to_string),
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
            // A byte-order mark is dropped from the first line only (as editors write it), so
            // a line put before a first line that opens with one makes it a line like any
            // other: not a change made by the error.
            prop_assume!(i > 0 || !script[0].starts_with('\u{feff}'));
            let join = |lines: &[String]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
            let without = run(&join(&script), 5, hexapawn);
            let before = run(&join(&script[..i]), 5, hexapawn).len();
            let mut prefix = script[..i].to_vec();
            prefix.push(bad.clone());
            let answers = run(&join(&prefix), 5, hexapawn)[before..].to_vec();
            for a in answers.iter().filter(|a| a.starts_with(r#"{"type":"error""#)) {
                prop_assert!(a.contains(r#","code":""#), "a refusal without its code: {}", a);
            }
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
