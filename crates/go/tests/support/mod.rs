//! What the Go crate's integration tests share: paths into the repository, whose
//! `fixtures/` and `docs/games/` hold the positions and records they read.

use menace_go::rules::board::{Board, Colour, Move, Point};
use menace_stats::rng::{below, from_seed};
use menace_testkit::{require, Component};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// `rel` (a path from the repository's root) from this crate's tests, whatever the
/// working directory.
#[allow(dead_code)]
pub fn repo(rel: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(rel)
}

/// Positions whose dead stones are known, for `final_status_list` and `final_score`
/// (tests/it/gtp.rs) and for the check against GNU Go (tests/real/status_gnugo.rs), which
/// says the same on each: the board (rows top first, `X` black, `O` white), komi, the answers to
/// `final_status_list dead` and `seki` (one group a line), and `final_score`.
#[allow(dead_code)]
pub const DEAD_STONES: &[(&str, &str, f32, &str, &str, &str)] = &[
    (
        "a lone white stone in black's area is dead and black's area counts once it goes",
        "..XO.\n..XO.\n..XO.\n..XO.\nO.XO.\n",
        0.0,
        "A1",
        "",
        "B+5",
    ),
    (
        "a stone with no room next to two opposing stones is dead (the opening of the session fixture)",
        ".....\n.X...\n.OX..\n.....\n.....\n",
        0.0,
        "B3",
        "",
        "B+25",
    ),
    (
        "a seki: black's rows 1-2 and white's row 3 share A2 and C2, which neither can fill",
        ".....\nXXXXX\nOOOOO\n.X.XX\nXXXXX\n",
        0.0,
        "",
        "A3 B3 C3 D3 E3\nB2 D2 E2 A1 B1 C1 D1 E1",
        "B+13",
    ),
    (
        "a wall without eyes: black's D column cannot live around white's invaders",
        "...XO..\n.O.XO..\n...XO..\n...XOX.\n...XO..\n.OOXO..\n...XO..\n",
        0.5,
        "D7 D6 D5 D4 D3 D2 D1\nF4",
        "",
        "W+49.5",
    ),
];

/// GTP commands that set up `rows` (see [`DEAD_STONES`]) with `komi` on an empty board.
#[allow(dead_code)]
pub fn setup_commands(rows: &str, komi: f32) -> Vec<String> {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    let rows: Vec<&str> = rows.lines().filter(|l| !l.is_empty()).collect();
    let n = rows.len();
    let mut cmds = vec![format!("boardsize {n}"), "clear_board".into(), format!("komi {komi}")];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let colour = match ch {
                'X' => "b",
                'O' => "w",
                _ => continue,
            };
            cmds.push(format!("play {colour} {}{}", LETTERS[c] as char, n - r));
        }
    }
    cmds
}

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
