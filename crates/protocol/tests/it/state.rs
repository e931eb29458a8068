//! The protocol's `load` and `save`: a bad file leaves the session untouched, a FIFO or a
//! device is refused without blocking, and a good file round-trips between sessions.

use menace_core::menace::BeadRules;
use menace_protocol::{Answer, Session, Stop};

fn dump(session: &Session) -> String {
    session.dump().expect("matchboxes").to_json()
}

#[test]
fn a_bad_load_in_the_protocol_leaves_the_session_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, b"{\"format\":\"menace-state\"}").unwrap();
    let mut session = Session::new(BeadRules::challenge(), 3);
    let mut out = Vec::new();
    session.handle_line("train 300", &mut out, &Stop::new());
    let before = (dump(&session), session.status().to_json());
    out.clear();
    session.handle_line(&format!("load {}", bad.display()), &mut out, &Stop::new());
    assert_eq!(out.len(), 1);
    assert!(matches!(&out[0], Answer::Error { .. }), "{out:?}");
    assert_eq!((dump(&session), session.status().to_json()), before);

    // And a good save/load round trip through the protocol.
    let good = dir.path().join("good.json");
    out.clear();
    session.handle_line(&format!("save {}", good.display()), &mut out, &Stop::new());
    assert!(matches!(&out[0], Answer::Saved { games_played: 300, .. }), "{out:?}");
    let mut other = Session::new(BeadRules::scroggs(), 4);
    out.clear();
    other.handle_line(&format!("load {}", good.display()), &mut out, &Stop::new());
    assert!(
        matches!(&out[0], Answer::Loaded { games_played: 300, preset: "challenge", .. }),
        "{out:?}"
    );
    assert_eq!(dump(&other), dump(&session));
}

#[test]
fn load_refuses_a_fifo_and_a_device_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut session = Session::new(BeadRules::challenge(), 3);
    let before = session.observe();
    for path in [fifo.to_str().unwrap(), "/dev/zero"] {
        let mut out = Vec::new();
        session.handle_line(&format!("load {path}"), &mut out, &Stop::new());
        assert_eq!(out.len(), 1);
        let Answer::Error { message, .. } = &out[0] else { panic!("{out:?}") };
        assert!(message.contains("not a regular file"), "{message}");
    }
    assert_eq!(session.observe(), before);
}
