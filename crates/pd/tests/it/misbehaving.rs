//! Misbehaving programs: the game finishes, only legal takes count, each incident is in
//! the log. Only the sleeper is meant to be killed, so the deadlines leave the others
//! ample time even on a loaded machine (a test checks behaviour, never speed).

#![cfg(unix)]

use menace_pd::judge::{play, Config, GameResult, Kind, Player};
use menace_pd::rules::Id;
use menace_run::{Limits, Program};

use crate::unhurried;

fn sh(name: &str, script: &str) -> Player {
    Player { name: name.into(), kind: Kind::External(Program::new(["sh", "-c", script])) }
}

fn takes_of(g: &GameResult, round: usize, taker: Id) -> Vec<Id> {
    g.history[round].iter().filter(|t| t.taker == taker).map(|t| t.victim).collect()
}

fn incidents_of(g: &GameResult, id: Id) -> Vec<String> {
    g.incidents
        .iter()
        .filter(|x| x.id == id)
        .map(|x| format!("round {}: {}", x.round, x.what))
        .collect()
}

#[test]
fn misbehaving_programs_do_not_stop_the_game() {
    let players = vec![
        Player::parse("greedy").unwrap(),                        // 1
        Player::parse("lazy").unwrap(),                          // 2
        sh("sleeper", "echo 1; exec sleep 60"),                  // 3
        sh("exit1", "echo 1 2; exit 1"),                         // 4
        sh("junk", "echo 'x 1 y 1 5 -2 3.5 2'"),                 // 5
        sh("flood", "yes '1 2 3' | head -c 5000000"),            // 6
        sh("oneline", "head -c 3000000 /dev/zero | tr '\\0' 7"), // 7
        sh("range", "echo 0 9 10 1 8 2"),                        // 8
        Player {
            name: "missing".into(),
            kind: Kind::External(Program::new(["/nonexistent/menace-pd-test"])),
        }, // 9
    ];
    let ids: Vec<Id> = (1..=9).collect();
    // The rule's 2 s: the sleeper costs 6 s over three rounds, and the 5 MB flood and
    // the 3 MB line finish well within it even beside a Go match.
    let config = Config { limits: Limits::default(), rounds: Some(3) };
    let g = play(&players, &ids, &[11, 22, 33], &config).unwrap();
    assert_eq!(g.history.len(), 3);
    for r in 0..3 {
        assert_eq!(takes_of(&g, r, 1), [2, 3, 4, 5, 6, 7, 8, 9]);
        for silent in [2, 3, 4, 7, 9] {
            assert!(takes_of(&g, r, silent).is_empty(), "player {silent} round {r}");
        }
        assert_eq!(takes_of(&g, r, 5), [1, 2]);
        assert_eq!(takes_of(&g, r, 6), [1, 2, 3]);
        assert_eq!(takes_of(&g, r, 8), [9, 1, 2]);
    }
    let has = |id: Id, what: &str| {
        let inc = incidents_of(&g, id);
        assert_eq!(inc.len(), 3, "one incident a round for {id}: {inc:?}");
        assert!(inc.iter().all(|x| x.contains(what)), "{id}: {inc:?} should say {what:?}");
    };
    has(3, "killed at its 2 s deadline");
    assert!(g
        .incidents
        .iter()
        .filter(|x| x.id == 3)
        .all(|x| x.timing.as_deref().is_some_and(|t| t.starts_with("killed after"))));
    has(4, "exited with status 1; counted as an empty answer");
    has(5, "dropped: garbage token \"x\"; garbage token \"y\"; duplicate id 1; own id 5; garbage token \"-2\"; garbage token \"3.5\"");
    has(7, "first line cut by the output cap");
    has(8, "dropped: id 0 out of range 1..=9; id 10 out of range 1..=9; own id 8");
    has(9, "could not run");
    let flood = incidents_of(&g, 6);
    assert!(flood.iter().any(|x| x.contains("output cut at 65536 bytes")), "{flood:?}");
    assert!(incidents_of(&g, 1).is_empty() && incidents_of(&g, 2).is_empty());
    // Only legal takes were scored: greedy's 8 a round, and the junk, flood and range
    // players' legal ones.
    let s = g.final_scores();
    assert_eq!(s.iter().sum::<i64>(), -3 * (8 + 2 + 3 + 3));
}

#[test]
fn the_judge_log_names_every_incident() {
    let players = vec![Player::parse("greedy").unwrap(), sh("exit1", "exit 1")];
    let config = unhurried::config(2);
    let g = play(&players, &[2, 1], &[1, 2], &config).unwrap();
    let log = menace_pd::report::log_text(&g);
    assert!(
        log.contains("round 1: (2, 1) \n  incident: player 1 (exit1): exited with status 1"),
        "{log}"
    );
    assert_eq!(menace_pd::report::incidents_text(&g).lines().count(), 2);
}

#[test]
fn the_programs_of_a_round_run_at_the_same_time() {
    // Each program marks its start, then waits (up to 3 s) for the other's mark and takes
    // from it only if it saw it. Run one after another, the first would never see the
    // second; run together, both do.
    let dir = tempfile::tempdir().unwrap();
    let waiter = |me: &str, other: &str, victim: u32| {
        let d = dir.path().display();
        sh(
            me,
            &format!(
                "touch '{d}/{me}'; i=0; while [ ! -e '{d}/{other}' ] && [ $i -lt 60 ]; do sleep 0.05; i=$((i+1)); done; [ -e '{d}/{other}' ] && echo {victim}; exit 0"
            ),
        )
    };
    let players = vec![waiter("a", "b", 2), waiter("b", "a", 1)];
    let config = unhurried::config(1);
    let g = play(&players, &[1, 2], &[7], &config).unwrap();
    assert!(g.incidents.is_empty(), "{:?}", g.incidents);
    assert_eq!(takes_of(&g, 0, 1), [2]);
    assert_eq!(takes_of(&g, 0, 2), [1]);
}

#[cfg(target_os = "linux")]
#[test]
fn an_answer_printed_before_exiting_counts_and_the_programs_children_are_gone() {
    use menace_testkit::leftovers::{assert_all_gone, unique};
    // The f.sh: it answers and exits, leaving a child that holds its output open
    // (and one in a session of its own). The answer counts, with no incident; nothing it
    // started outlives its turn; the round does not wait for the pipe until the deadline.
    let (bg, own) = (unique(308), unique(309));
    let script = format!("sleep {bg} &\nsetsid sleep {own} &\necho 1\n");
    let players =
        vec![Player::parse("greedy").unwrap(), Player::parse("lazy").unwrap(), sh("f.sh", &script)];
    let config = unhurried::config(2);
    let g = play(&players, &[1, 2, 3], &[5, 6], &config).unwrap();
    assert_all_gone(&[(&bg, "the backgrounded child"), (&own, "the setsid child")]);
    for r in 0..2 {
        assert_eq!(takes_of(&g, r, 3), [1], "round {r}");
    }
    assert!(incidents_of(&g, 3).is_empty(), "{:?}", g.incidents);
    let takes = menace_pd::report::takes_text(&g);
    assert_eq!(takes.lines().filter(|l| l.contains("(3, 1)")).count(), 2, "{takes}");
    // Liveness, not speed: neither round waited out its 60 s deadline.
    let waited: f64 = g.round_seconds.iter().sum();
    assert!(waited < config.limits.deadline.as_secs_f64(), "{:?}", g.round_seconds);
}
