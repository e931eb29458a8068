//! 200 sessions at once (the default cap), each playing a match through `/ws`: every
//! session's answers must be exactly what the same lines give on the protocol's own
//! single-threaded loop (`menace_protocol::serve`) for the same seed, so no answer was
//! lost, duplicated or crossed into another session. No timing is asserted; the figures
//! are `cargo run --release -p menace-serve --example load`'s.

use crate::common;

use menace_files::FileAccess;
use menace_protocol::{serve, Config, Session};

const SESSIONS: u64 = 200;
const GAMES: u32 = 3;

/// What stdin would answer to `lines` for a session seeded `seed`.
fn on_stdin(seed: u64, lines: &[String]) -> Vec<String> {
    let config = Config { seed, files: FileAccess::Nowhere, ..Config::default() };
    let mut session = Session::with(config).unwrap();
    let mut out = Vec::new();
    serve(lines.join("\n").as_bytes(), &mut out, &mut session).unwrap();
    String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_sessions_at_once_all_answered_correctly() {
    let addr = common::start(menace_serve::Limits::default()).await;
    let players: Vec<_> =
        (0..SESSIONS).map(|seed| tokio::spawn(common::play_match(addr, seed, GAMES))).collect();
    let mut total = 0;
    for (seed, player) in players.into_iter().enumerate() {
        let (lines, answers) = player.await.expect("a player finished");
        assert_eq!(answers, on_stdin(seed as u64, &lines), "session {seed} differs from stdin");
        // Each game: new_game, result and a dump at least; the match ends once.
        let dumps = answers.iter().filter(|a| a.starts_with(r#"{"type":"matchboxes""#)).count();
        assert_eq!(dumps, GAMES as usize, "session {seed}");
        total += answers.len();
    }
    assert!(total > SESSIONS as usize * GAMES as usize * 4);
}
