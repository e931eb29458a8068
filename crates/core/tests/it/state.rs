//! Saved state: round trips, and every kind of bad file refused with nothing changed (the
//! loader itself; the protocol's `load` is tested in `crates/protocol/tests/it/state.rs`, the
//! `--state` flag and the signals in the root's `tests/it/state.rs`).

use menace_core::game::Side;
use menace_core::learn::train::{train, Opponent, OpponentSpec, Plan};
use menace_core::menace::state::{OtherSide, State};
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_stats::rng::from_seed;

fn trained(games: u64) -> Matchboxes<TicTacToe> {
    let rules = BeadRules::michie();
    let mut m = Matchboxes::new(TicTacToe, Side::First, rules.clone());
    let mut opp =
        Opponent::built_in(&OpponentSpec::Random, &TicTacToe, Side::Second, &rules).unwrap();
    let plan = Plan { games, every: 0, check_every: 0, stop_when_unbeatable: false };
    train(&TicTacToe, &mut m, Side::First, &mut opp, &plan, &mut from_seed(9), |_| {});
    m
}

#[test]
fn a_trained_machine_survives_a_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.json");
    let m = trained(500);
    State::of(&m, 500).save(&path).unwrap();
    let (back, played) = State::load(&path).unwrap();
    assert_eq!(played, 500);
    assert_eq!(back.rules(), m.rules());
    for b in 0..m.len() {
        assert_eq!(back.position(b), m.position(b));
        assert_eq!(back.beads(b), m.beads(b), "box {b}");
    }
    // The document has the matchboxes answer's shape.
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(v["format"], "menace-state");
    assert_eq!(v["version"], 1);
    assert_eq!(v["boxes"].as_array().unwrap().len(), 304);
    assert_eq!(v["boxes"][0]["position"], ".........");
}

/// Edits a saved document and returns the error loading it gives.
fn load_error(edit: impl Fn(&mut serde_json::Value)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    let mut v = serde_json::to_value(State::of(&trained(50), 50)).unwrap();
    edit(&mut v);
    std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
    State::load(&path).map(|_| ()).expect_err("the file must be refused")
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    use serde_json::json;
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("version 2 is not supported", Box::new(|v| v["version"] = json!(2))),
        ("not a menace state file", Box::new(|v| v["format"] = json!("other"))),
        ("for game", Box::new(|v| v["game"] = json!("chess"))),
        (
            "expected 304 boxes",
            Box::new(|v| {
                v["boxes"].as_array_mut().unwrap().pop();
            }),
        ),
        ("appears twice", Box::new(|v| v["boxes"][1] = v["boxes"][2].clone())),
        (
            "not one of MENACE's box drawings",
            Box::new(|v| v["boxes"][5]["position"] = json!("XXXXXXXXX")),
        ),
        ("is not 9 characters", Box::new(|v| v["boxes"][5]["position"] = json!("X.."))),
        ("not legal there", Box::new(|v| v["boxes"][1]["beads"][0] = json!(5))),
        (
            "expected 9 bead counts",
            Box::new(|v| {
                v["boxes"][3]["beads"].as_array_mut().unwrap().pop();
            }),
        ),
        ("invalid value", Box::new(|v| v["boxes"][3]["beads"][8] = json!(-1))),
        ("rules", Box::new(|v| v["rules"]["initial"] = json!([]))),
        ("unknown field", Box::new(|v| v["extra"] = json!(1))),
    ];
    for (fragment, edit) in cases {
        let err = load_error(edit);
        assert!(err.contains(fragment), "want {fragment:?} in {err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.json");
    std::fs::write(&path, b"{ not json").unwrap();
    assert!(State::load(&path).unwrap_err().contains("not a valid state file"));
}

mod fuzz {
    //! The state loader is a parser of files a user may have edited by hand: no input
    //! makes it panic, and whatever it accepts is a machine that plays and learns.
    use super::*;
    use menace_core::learn::{play, Random};
    use menace_core::menace::GameResult;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    fn saved() -> &'static serde_json::Value {
        static SAVED: OnceLock<serde_json::Value> = OnceLock::new();
        SAVED.get_or_init(|| serde_json::to_value(State::of(&trained(50), 50)).unwrap())
    }

    fn load(bytes: &[u8]) -> Result<(Matchboxes<TicTacToe>, u64), String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, bytes).unwrap();
        State::load(&path)
    }

    /// Bead counts: ordinary, zero, the largest a file may hold, and refused ones.
    fn count() -> impl Strategy<Value = i64> {
        prop_oneof![
            8 => 0i64..12,
            2 => Just(i64::from(u32::MAX)),
            1 => Just(i64::from(u32::MAX) + 1),
            1 => Just(-3),
        ]
    }

    /// Rewards: ordinary, the extremes allowed, and one too large.
    fn reward() -> impl Strategy<Value = i64> {
        prop_oneof![8 => -4i64..5, 2 => Just(1_000_000), 2 => Just(-1_000_000), 1 => Just(1_000_001)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn arbitrary_bytes_are_refused_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            prop_assert!(load(&bytes).is_err());
        }

        #[test]
        fn a_damaged_file_is_refused_without_panicking(at in any::<prop::sample::Index>(), byte in any::<u8>()) {
            let mut text = serde_json::to_vec(saved()).unwrap();
            let i = at.index(text.len());
            text[i] = byte;
            let _ = load(&text);
            text.truncate(i);
            prop_assert!(load(&text).is_err(), "a truncated file loads");
        }

        #[test]
        fn an_edited_file_that_loads_plays_and_learns(
            edits in prop::collection::vec((0usize..304, any::<prop::sample::Index>(), count()), 1..6),
            rewards in (reward(), reward(), reward()),
            seed in any::<u64>(),
        ) {
            let mut v = saved().clone();
            for (b, at, n) in edits {
                // Mostly a cell that is empty on the drawing, where beads may lie.
                let position = v["boxes"][b]["position"].as_str().unwrap().to_string();
                let empty: Vec<usize> = position.match_indices('.').map(|(i, _)| i).collect();
                let cell = if n == 11 { at.index(9) } else { empty[at.index(empty.len())] };
                v["boxes"][b]["beads"][cell] = n.into();
            }
            v["rules"]["win"] = rewards.0.into();
            v["rules"]["draw"] = rewards.1.into();
            v["rules"]["loss"] = rewards.2.into();
            if let Ok((mut m, _)) = load(&serde_json::to_vec(&v).unwrap()) {
                // The hot loop and the generic loop both run on it, and agree.
                let mut generic = m.clone();
                let mut rng = from_seed(seed);
                let hot = m.train_against_random(300, &mut from_seed(seed));
                let mut tally = menace_core::learn::train::Tally::default();
                for _ in 0..300 {
                    let outcome = play(&TicTacToe, &mut generic, &mut Random::default(), &mut rng);
                    tally.add(GameResult::for_side(outcome, Side::First));
                }
                prop_assert_eq!(hot, tally);
                for b in 0..m.len() {
                    prop_assert_eq!(m.beads(b), generic.beads(b));
                }
            }
        }
    }
}

#[test]
fn a_machine_playing_second_says_so_and_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("o.json");
    let rules = BeadRules::challenge();
    let mut m = Matchboxes::new(TicTacToe, Side::Second, rules.clone());
    let mut opp =
        Opponent::built_in(&OpponentSpec::Random, &TicTacToe, Side::First, &rules).unwrap();
    let plan = Plan { games: 300, every: 0, check_every: 0, stop_when_unbeatable: false };
    train(&TicTacToe, &mut m, Side::Second, &mut opp, &plan, &mut from_seed(4), |_| {});
    State::of(&m, 300).save(&path).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(v["side"], "second");
    assert_eq!(v["boxes"].as_array().unwrap().len(), 289);
    let (back, played) = State::load(&path).unwrap();
    assert_eq!((back.side(), played, back.len()), (Side::Second, 300, 289));
    for b in 0..m.len() {
        assert_eq!((back.position(b), back.beads(b)), (m.position(b), m.beads(b)), "box {b}");
    }
    let state = State::read(&path, "o.json").unwrap();
    let e = state.refuse_other_side(Side::First).unwrap_err();
    assert_eq!(e, OtherSide { found: Side::Second, wanted: Side::First });
    assert_eq!(
        e.to_string(),
        "this state is MENACE playing second (O); this MENACE plays first (X)"
    );
    assert_eq!(state.refuse_other_side(Side::Second), Ok(()));
}

#[test]
fn a_first_side_state_leaves_side_out_and_a_file_without_it_is_first() {
    let v = serde_json::to_value(State::of(&trained(10), 10)).unwrap();
    assert!(v.get("side").is_none(), "first-side files keep their bytes");
    let state: State = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(state.side, Side::First);
    assert_eq!(state.to_machine().unwrap().side(), Side::First);
    // Saying `first` out loud is fine too; anything else is refused.
    let mut said = v.clone();
    said["side"] = serde_json::json!("first");
    assert_eq!(serde_json::from_value::<State>(said).unwrap().side, Side::First);
    let mut bad = v;
    bad["side"] = serde_json::json!("third");
    assert!(serde_json::from_value::<State>(bad).is_err());
}

#[test]
fn a_first_side_file_marked_second_is_refused() {
    // X's 304 drawings are not O's boxes: the loader checks them against the side's own.
    let e = load_error(|v| v["side"] = serde_json::json!("second"));
    assert!(e.contains("expected 289 boxes, found 304"), "{e}");
}

mod other_games {
    //! Nim's and Hexapawn's MENACE have saved states too: the same format, boxes in the
    //! game's own drawing, Nim's rows, and the same checks, fuzzed as tic-tac-toe's are.
    use super::*;
    use menace_core::game::Game;
    use menace_core::hexapawn::Hexapawn;
    use menace_core::menace::state::Saved;
    use menace_core::nim::Nim;
    use proptest::prelude::*;

    fn trained_on<G: Saved>(game: G, side: Side, games: u64) -> Matchboxes<G> {
        let rules = BeadRules::challenge();
        let mut m = Matchboxes::new(game.clone(), side, rules.clone());
        let mut opp =
            Opponent::built_in(&OpponentSpec::Random, &game, side.other(), &rules).unwrap();
        let plan = Plan { games, every: 0, check_every: 0, stop_when_unbeatable: false };
        train(&game, &mut m, side, &mut opp, &plan, &mut from_seed(3), |_| {});
        m
    }

    fn round_trip<G: Saved>(game: G, side: Side) -> serde_json::Value {
        let m = trained_on(game.clone(), side, 200);
        let text = State::of_game(&m, 200).to_text();
        let back = State::parse(text.as_bytes()).unwrap().to_machine_for(&game).unwrap();
        assert_eq!((back.side(), back.len()), (m.side(), m.len()));
        for b in 0..m.len() {
            assert_eq!((back.position(b), back.beads(b)), (m.position(b), m.beads(b)));
        }
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn nim_and_hexapawn_machines_round_trip() {
        let nim = Nim::new(&[3, 4, 5]).unwrap();
        let v = round_trip(nim, Side::First);
        assert_eq!(
            (v["game"].clone(), v["rows"].clone()),
            ("nim".into(), serde_json::json!([3, 4, 5]))
        );
        // Boxes are drawn as the game draws them (`dump`'s drawing).
        let m = Matchboxes::new(nim, Side::First, BeadRules::challenge());
        assert_eq!(v["boxes"][0]["position"], nim.drawing(m.position(0)));
        let v = round_trip(Hexapawn, Side::Second);
        assert_eq!((v["game"].clone(), v["side"].clone()), ("hexapawn".into(), "second".into()));
        assert!(v.get("rows").is_none());
        // Another game's, or other rows', state is refused.
        let text = v.to_string();
        let state = State::parse(text.as_bytes()).unwrap();
        assert!(state.to_machine_for(&nim).unwrap_err().contains("for game \"hexapawn\""));
        let five = State::of_game(&Matchboxes::new(nim, Side::First, BeadRules::challenge()), 0);
        let e = five.to_machine_for(&Nim::new(&[1, 2]).unwrap()).unwrap_err();
        assert_eq!(e, "state is for nim rows 3,4,5; this MENACE plays rows 1,2");
    }

    fn load_nim(bytes: &[u8]) -> Result<Matchboxes<Nim>, String> {
        State::parse(bytes)?.to_machine_for(&Nim::new(&[3, 4, 5]).unwrap())
    }

    fn load_hexapawn(bytes: &[u8]) -> Result<Matchboxes<Hexapawn>, String> {
        State::parse(bytes)?.to_machine_for(&Hexapawn)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn arbitrary_bytes_are_refused_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            prop_assert!(load_nim(&bytes).is_err());
            prop_assert!(load_hexapawn(&bytes).is_err());
        }

        #[test]
        fn a_damaged_state_is_refused_or_plays(at in any::<prop::sample::Index>(), byte in any::<u8>()) {
            for (mut text, nim) in [
                (State::of_game(&trained_on(Nim::new(&[3, 4, 5]).unwrap(), Side::First, 50), 50).to_text().into_bytes(), true),
                (State::of_game(&trained_on(Hexapawn, Side::Second, 50), 50).to_text().into_bytes(), false),
            ] {
                let i = at.index(text.len());
                text[i] = byte;
                // Whatever loads is a machine whose every box can be asked for a move.
                if nim {
                    if let Ok(m) = load_nim(&text) {
                        let mut rng = from_seed(1);
                        for b in 0..m.len() {
                            let _ = m.clone().choose(m.position(b), &mut rng);
                        }
                    }
                } else if let Ok(m) = load_hexapawn(&text) {
                    let mut rng = from_seed(1);
                    for b in 0..m.len() {
                        let _ = m.clone().choose(m.position(b), &mut rng);
                    }
                }
                text.truncate(i);
                prop_assert!(load_nim(&text).is_err() && load_hexapawn(&text).is_err());
            }
        }
    }
}
