//! What the Go crate's integration tests share: paths into the repository, whose
//! `fixtures/` and `docs/games/` hold the positions and records they read.

use menace_go::rules::board::{Board, Colour, Move, Point};
use menace_stats::rng::{below, from_seed};
use menace_testkit::{require, Component};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// `rel` (a path from the repository's root), whatever the working directory.
#[allow(unused_imports)]
pub use menace_testkit::repo;

/// A 5x5 position, black to move, where black's capture at row 1, column 2 (0-based) takes
/// a ko: one white stone, and the capturing stone is then in atari alone.
#[allow(dead_code)]
pub fn ko_5x5() -> Board {
    Board::from_diagram(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
        Colour::Black,
    )
    .unwrap()
}

/// A position from `moves` uniformly random legal moves from the empty board (no passes),
/// dense enough for races and enclosed eye spaces; the same for the same seed.
#[allow(dead_code)]
pub fn random_position(size: usize, seed: u64, moves: usize) -> Board {
    let mut rng = from_seed(seed);
    let mut b = Board::new(size);
    for _ in 0..moves {
        let legal: Vec<Point> =
            b.empties().iter().copied().filter(|&p| b.is_legal(Move::Play(p))).collect();
        if legal.is_empty() {
            break;
        }
        b.play(Move::Play(legal[below(&mut rng, legal.len() as u32) as usize])).unwrap();
    }
    b
}

/// GNU Go in GTP mode, for the tests that compare a reader of ours with GNU Go's; `None`
/// (the test is skipped) when it is missing outside CI (see [`require`]).
#[allow(dead_code)]
pub struct GnuGo {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

#[allow(dead_code)]
impl GnuGo {
    /// Starts `gnugo --mode gtp`.
    pub fn start() -> Option<GnuGo> {
        let path = require(Component::GnuGo)?;
        let mut child = Command::new(path)
            .args(["--mode", "gtp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start GNU Go");
        let out = BufReader::new(child.stdout.take().unwrap());
        Some(GnuGo { child, out })
    }

    /// Sends `cmd` and returns its answer without the `=`; panics on a `?` answer.
    pub fn ask(&mut self, cmd: &str) -> String {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{cmd}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            assert!(self.out.read_line(&mut line).unwrap() > 0, "GNU Go closed on {cmd}");
            if line.trim().is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        assert!(answer.starts_with('='), "GNU Go refused {cmd}: {answer}");
        answer[1..].trim().to_string()
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
