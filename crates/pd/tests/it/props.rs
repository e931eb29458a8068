//! Property tests: the readers never panic on arbitrary bytes, keep only legal ids, and
//! the input format round-trips; every built-in answers legally on any valid input.

use menace_pd::format::{parse_answer, parse_input, parse_round, render_input};
use menace_pd::rules::{Round, Take};
use menace_pd::seeds::parse_seeds;
use menace_pd::strategies::TABLE;
use proptest::prelude::*;

/// A valid game position: players, own id, history, seed, state.
fn position() -> impl Strategy<Value = (u32, u32, Vec<Round>, u64, String)> {
    (2u32..9).prop_flat_map(|p| {
        let take = (1..=p, 1..=p)
            .prop_filter("no self-takes", |(a, b)| a != b)
            .prop_map(|(taker, victim)| Take { taker, victim });
        let round = proptest::collection::vec(take, 0..12).prop_map(|mut r| {
            r.sort_by_key(|t| t.taker);
            r.dedup();
            r
        });
        (Just(p), 1..=p, proptest::collection::vec(round, 0..30), any::<u64>(), "[ -~]{0,20}")
    })
}

proptest! {
    #[test]
    fn answers_never_panic_and_keep_only_legal_ids(
        out in proptest::collection::vec(any::<u8>(), 0..200),
        players in 0u32..20,
        own in 0u32..20,
        truncated in any::<bool>(),
    ) {
        let p = parse_answer(&out, players, own, truncated);
        let mut seen = std::collections::BTreeSet::new();
        for &id in &p.takes {
            prop_assert!(id >= 1 && id <= players && id != own);
            prop_assert!(seen.insert(id));
        }
    }

    #[test]
    fn answer_text_never_panics(s in "\\PC{0,80}(\n\\PC{0,40}){0,3}", players in 2u32..20, own in 1u32..20) {
        let _ = parse_answer(s.as_bytes(), players, own, false);
    }

    #[test]
    fn inputs_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = parse_input(&bytes);
    }

    #[test]
    fn input_lines_never_panic(s in "[0-9 (),\n-]{0,120}", head in "[0-9]{1,3} [0-9]{1,3} [0-9]{1,2}\n") {
        let _ = parse_input(format!("{head}{s}").as_bytes());
        let _ = parse_round(&s, 7);
    }

    #[test]
    fn seed_files_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_seeds(&bytes);
    }

    #[test]
    fn input_round_trips((p, id, history, seed, state) in position()) {
        let bytes = render_input(p, id, &history, seed, state.as_bytes());
        let back = parse_input(&bytes).unwrap();
        prop_assert_eq!(back.players, p);
        prop_assert_eq!(back.id, id);
        prop_assert_eq!(&back.history, &history);
        prop_assert_eq!(back.seed, seed);
        let want = if history.is_empty() { None } else { Some(state.clone()) };
        // Round one has no state line at all; an empty later one reads back as empty.
        if history.is_empty() {
            prop_assert_eq!(back.state, None);
        } else {
            prop_assert_eq!(back.state, want);
        }
    }

    #[test]
    fn builtins_answer_legally((p, id, history, seed, state) in position()) {
        let bytes = render_input(p, id, &history, seed, state.as_bytes());
        let input = parse_input(&bytes).unwrap();
        for e in TABLE {
            let a = (e.play)(&input.view());
            let parsed = parse_answer(&a.render(), p, id, false);
            prop_assert!(parsed.dropped.is_empty(), "{} dropped {:?}", e.name, parsed.dropped);
            prop_assert_eq!(parsed.takes, a.takes);
        }
    }
}
