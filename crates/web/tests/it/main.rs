//! The engine as a page holds it, natively: a long command run in slices answers exactly
//! what the protocol answers in one go, a `stop` between slices ends it as it ends a
//! running command on stdin, and no message, however malformed, breaks the session.

mod committed;
mod labels;

use menace_protocol::{Answer, Config, FileAccess, Session, Sink, Stop};
use menace_web::in_page::{InPage, Status};
use proptest::prelude::*;

/// Runs `lines` through an [`InPage`] whose long commands pause whenever `pause` says;
/// every answer, in order.
fn in_page(options: &str, lines: &[String], pause: &dyn Fn() -> bool) -> String {
    let mut page = InPage::open(options).unwrap();
    let mut out = String::new();
    for line in lines {
        let mut status = page.line(line.as_bytes(), pause);
        out.push_str(&page.take_answers());
        while status == Status::Paused {
            status = page.resume(pause);
            out.push_str(&page.take_answers());
        }
        if status == Status::Over {
            break;
        }
    }
    out
}

/// The protocol's own session with the same options, one line at a time.
fn native(seed: u64, lines: &[String]) -> String {
    struct Text(String);
    impl Sink for Text {
        fn emit(&mut self, a: &Answer) -> Result<(), menace_protocol::Closed> {
            self.0.push_str(&a.to_json());
            self.0.push('\n');
            Ok(())
        }
    }
    let config = Config { seed, files: FileAccess::Nowhere, ..Config::default() };
    let mut session = Session::with(config).unwrap();
    let (mut out, stop) = (Text(String::new()), Stop::new());
    for line in lines {
        if session.handle_line(line, &mut out, &stop) == menace_protocol::Flow::Quit {
            break;
        }
    }
    out.0
}

fn lines(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_sliced_session_answers_what_the_protocol_answers() {
    let script = lines(&[
        "train 30000 random",
        "train 500 exploiter",
        "watch 3 perfect",
        "status",
        "games 1",
        "move 1",
        "abort",
        "train 2000 menace",
        "watch 2 menace",
        "history 5",
        "eval",
    ]);
    let want = native(11, &script);
    assert!(want.contains(r#""type":"progress""#), "the script reports progress");
    // Paused at every game boundary it may pause at, and never.
    assert_eq!(in_page("seed=11", &script, &|| true), want);
    assert_eq!(in_page("seed=11", &script, &|| false), want);
    // Paused now and then.
    let n = std::cell::Cell::new(0u32);
    let sometimes = || {
        n.set(n.get() + 1);
        n.get().is_multiple_of(7)
    };
    assert_eq!(in_page("seed=11", &script, &sometimes), want);
}

#[test]
fn a_stop_between_slices_ends_the_command_and_keeps_what_was_learned() {
    let mut page = InPage::open("seed=3").unwrap();
    let pause = || true;
    assert_eq!(page.line(b"train 100000 exploiter", &pause), Status::Paused);
    // The page reads `stop` while the command is paused: it acts at once.
    page.arrived(b"stop");
    assert_eq!(page.resume(&pause), Status::Ready);
    let answers = page.take_answers();
    let trained = answers.lines().last().unwrap();
    let trained: serde_json::Value = serde_json::from_str(trained).unwrap();
    assert_eq!(trained["type"], "trained");
    assert_eq!(trained["stopped"], true);
    let games = trained["games"].as_u64().unwrap();
    assert!(games > 0 && games < 100_000, "stopped after {games} games");
    // The `stop` line itself, in its turn, answers `stopped`; the machine kept its games.
    assert_eq!(page.line(b"stop", &pause), Status::Ready);
    assert!(page.take_answers().contains(r#""type":"stopped""#));
    assert_eq!(page.line(b"status", &pause), Status::Ready);
    let status: serde_json::Value = serde_json::from_str(page.take_answers().trim()).unwrap();
    assert_eq!(status["games_played"].as_u64(), Some(games));
}

/// Every game's MENACE goes to storage and comes back, with its whole story (the
/// `history` answer's curve and score after a reload are those before it).
#[test]
fn the_state_goes_to_storage_and_comes_back() {
    for game in ["seed=5", "seed=5&side=second", "seed=5&game=nim", "seed=5&game=hexapawn"] {
        let mut page = InPage::open(game).unwrap();
        page.line(b"train 5000", &|| false);
        page.take_answers();
        let state = page.state().unwrap();
        let mut again = InPage::open(game).unwrap();
        again.restore(&state).unwrap();
        assert_eq!(again.state().unwrap(), state, "{game}");
        let story = |page: &mut InPage| {
            page.line(b"history 1", &|| false);
            let h: serde_json::Value = serde_json::from_str(page.take_answers().trim()).unwrap();
            (h["curve"].clone(), h["score"].clone())
        };
        let (curve, score) = story(&mut page);
        assert_eq!(story(&mut again), (curve.clone(), score.clone()), "{game}");
        assert!(!curve.as_array().unwrap().is_empty(), "{game}");
        assert_eq!(
            score["win"].as_u64().unwrap()
                + score["draw"].as_u64().unwrap()
                + score["loss"].as_u64().unwrap(),
            5000,
            "{game}"
        );
        // A damaged copy changes nothing.
        let fresh = InPage::open(game).unwrap().state().unwrap();
        let mut other = InPage::open(game).unwrap();
        assert!(other.restore(&state[..state.len() / 2]).is_err());
        assert_eq!(other.state().unwrap(), fresh, "{game}");
    }
    // A machine of one game is not taken by another's page.
    let nim = InPage::open("game=nim").unwrap().state().unwrap();
    assert!(InPage::open("game=hexapawn").unwrap().restore(&nim).is_err());
    // The weighted learner keeps no state.
    assert!(InPage::open("game=nim&learner=weighted").unwrap().state().is_err());
}

#[test]
fn bad_options_are_refused_in_one_sentence() {
    for bad in ["game=chess", "seed=-1", "colour=red", "side=%ZZ", "preset=x"] {
        let e = InPage::open(bad).err().unwrap_or_else(|| panic!("{bad} was taken"));
        assert!(!e.contains('\n'), "{e}");
    }
    assert!(InPage::open("game=hexapawn&seed=2&learner=weighted").is_ok());
    assert!(InPage::open("side=second&preset=Michie").is_ok());
}

proptest! {
    /// Any bytes as a message: one answer at most per line that is not a command the
    /// session runs (an `error`), never a panic, and the session still answers.
    #[test]
    fn any_message_is_answered_and_the_session_goes_on(msgs in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..40), 1..8)) {
        let mut page = InPage::open("seed=1").unwrap();
        for m in &msgs {
            page.arrived(m);
            let mut status = page.line(m, &|| true);
            while status == Status::Paused {
                status = page.resume(&|| true);
            }
            if status == Status::Over {
                return Ok(());
            }
            let _ = page.take_answers();
        }
        prop_assert_eq!(page.line(b"status", &|| false), Status::Ready);
        let answered = page.take_answers().starts_with(r#"{"type":"status""#);
        prop_assert!(answered, "status is answered after the messages");
    }
}
