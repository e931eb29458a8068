//! GNU Go as an independent reference for the standard handicap points the referee sets
//! up (`menace go match --handicap`).

use menace_go::io::gtp::format_vertex;
use menace_go::rules::board::{Board, Move};
use menace_go::rules::handicap;

use menace_testkit::{require, Component};

/// GNU Go is an independent reference for the standard handicap points: for every board
/// from 7x7 to 19x19 and every count it takes, it places the same stones as we do.
#[test]
fn handicap_points_agree_with_gnugo() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let mut cases = Vec::new();
    let mut script = String::new();
    for size in 7..=19 {
        for n in 2..=handicap::max_fixed(size) {
            script.push_str(&format!("boardsize {size}\nfixed_handicap {n}\n"));
            cases.push((size, n));
        }
    }
    script.push_str("quit\n");
    let out = std::process::Command::new(&gnugo)
        .args(["--mode", "gtp"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // Answers come in pairs: `=` for boardsize, `= vertices` for fixed_handicap.
    let answers: Vec<&str> = text.split("\n\n").filter(|a| a.starts_with('=')).collect();
    assert_eq!(answers.len(), 2 * cases.len() + 1, "{text}");
    for (k, &(size, n)) in cases.iter().enumerate() {
        let mut theirs: Vec<&str> = answers[2 * k + 1][1..].split_whitespace().collect();
        let b = Board::new(size);
        let ours: Vec<String> = handicap::fixed(size, n)
            .unwrap()
            .iter()
            .map(|&p| format_vertex(&b, Move::Play(p)))
            .collect();
        let mut ours: Vec<&str> = ours.iter().map(String::as_str).collect();
        theirs.sort_unstable();
        ours.sort_unstable();
        assert_eq!(ours, theirs, "{size}x{size}, {n} stones");
    }
}
