//! GNU Go's own SGF, as its `printsgf` writes it (the position as setup stones `AB`, `AW`
//! and the player to move `PL`, no moves), read by our `loadsgf`: the stones GNU Go lists
//! and the side to move it names.

use std::io::Write;
use std::process::{Command, Stdio};

use menace_go::io::gtp::{format_vertex, GtpEngine};
use menace_go::rules::board::{Colour, Move, BLACK, WHITE};
use menace_go::search::mcts::SearchConfig;
use menace_testkit::{require, Component};

/// GNU Go plays both sides of a 9x9 game for 41 moves (captures and all), prints it with
/// `printsgf` and lists its stones; our engine loads the file and must hold the same stones
/// with white to move.
#[test]
fn loadsgf_reads_what_gnugo_printsgf_writes() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("printsgf.sgf");
    let mut script = String::from("boardsize 9\nkomi 7.5\n");
    for k in 0..41 {
        script.push_str(if k % 2 == 0 { "genmove b\n" } else { "genmove w\n" });
    }
    script.push_str(&format!(
        "printsgf {}\nlist_stones black\nlist_stones white\nquit\n",
        file.display()
    ));
    let mut child = Command::new(&gnugo)
        .args(["--mode", "gtp", "--level", "1", "--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let answers: Vec<&str> = out.split("\n\n").filter(|a| a.starts_with('=')).collect();
    let n = answers.len();
    assert!(n >= 5, "{out}");
    let listed = |a: &str| {
        let mut v: Vec<String> = a[1..].split_whitespace().map(str::to_string).collect();
        v.sort();
        v
    };
    let (black, white) = (listed(answers[n - 3]), listed(answers[n - 2]));
    assert!(black.len() + white.len() > 20, "a game with stones on the board: {out}");
    let mut e = GtpEngine::new(SearchConfig::default());
    let load = format!("loadsgf {}", file.display());
    assert_eq!(e.handle_line(&load).as_deref(), Some("=\n\n"), "{}", {
        std::fs::read_to_string(&file).unwrap()
    });
    let b = e.board();
    let ours = |stone: u8| {
        let mut v: Vec<String> = b
            .points()
            .filter(|&p| b.at(p) == stone)
            .map(|p| format_vertex(b, Move::Play(p)))
            .collect();
        v.sort();
        v
    };
    assert_eq!((ours(BLACK), ours(WHITE)), (black, white));
    assert_eq!(b.to_move(), Colour::White, "41 moves played: PL[W]");
}
