//! The cleanup phase ([`Rules::cleanup`]) with real engines: GNU Go on both sides says it
//! knows `kgs-genmove_cleanup`, is asked `genmove` until the first two passes and
//! `kgs-genmove_cleanup` after them, and the game ends at two passes in a row of the phase.

use std::time::Duration;

use menace_go::referee::{play, Ending, GtpSeat, Rules};
use menace_go::rules::board::Move;
use menace_run::Program;
use menace_testkit::{require, Component};

#[test]
fn gnugo_is_asked_to_clean_up_after_the_first_two_passes() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let dir = tempfile::tempdir().unwrap();
    let log = |c: &str| dir.path().join(format!("{c}.log"));
    // Each engine's commands, as it reads them, into its own log.
    let seat = |c: &str| {
        let script = format!(
            "tee {} | exec {} --mode gtp --level 0 --seed 1 --chinese-rules",
            log(c).display(),
            gnugo.display()
        );
        GtpSeat::new(Program::new(["sh", "-c", &script]))
    };
    let (mut black, mut white) = (seat("black"), seat("white"));
    let rules = Rules::gtp(7, 7.5, 0, 400, Duration::from_secs(60)).with_cleanup(true);
    let g = play(&rules, ["b", "w"], [&mut black, &mut white]);
    assert_eq!(g.ending, Ending::TwoPasses, "{}", g.reason);
    assert!(g.reason.starts_with("two passes, then a cleanup phase of "), "{}", g.reason);
    // Where the first two passes in a row came, from the moves recorded.
    let first = g.moves.windows(2).position(|w| w == [Move::Pass, Move::Pass]).unwrap() + 2;
    assert!(g.moves.len() >= first + 2 && g.moves[g.moves.len() - 2..] == [Move::Pass; 2]);
    let mut asked = Vec::new();
    for c in ["black", "white"] {
        let text = std::fs::read_to_string(log(c)).unwrap();
        assert!(text.contains("known_command kgs-genmove_cleanup\n"), "{c}: {text}");
        let moves: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("genmove ") || l.starts_with("kgs-genmove_cleanup "))
            .map(|l| l.split(' ').next().unwrap().to_string())
            .collect();
        asked.push(moves);
    }
    // Interleave the two engines' requests back into the game's order (black first).
    let order: Vec<&str> = (0..g.moves.len()).map(|k| asked[k % 2][k / 2].as_str()).collect();
    assert_eq!(order.len(), asked[0].len() + asked[1].len());
    assert!(order[..first].iter().all(|&c| c == "genmove"), "{order:?}");
    assert!(order[first..].iter().all(|&c| c == "kgs-genmove_cleanup"), "{order:?}");
}
