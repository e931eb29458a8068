//! The king-of-the-hill format: 19 rows of 19 digits, then `black_prisoners
//! white_prisoners to_move`; the answer is `row col` (1-based from the top left) or `pass`.
//! The judge's smaller boards (`menace go tournament --size N`) come as N rows of N, and
//! are read the same way, so our bot can enter those tournaments as a program too.

use crate::rules::board::{Board, Colour, Move, BLACK, EMPTY, MAX_SIZE, WHITE};
use crate::search::bot::{self, Context, Decision};
use crate::search::mcts::SearchConfig;
use crate::search::seed::position_seed;

/// Board side in the king-of-the-hill format.
pub const KOTH_SIZE: usize = 19;

/// A parsed king-of-the-hill position.
#[derive(Clone, Debug)]
pub struct KothInput {
    /// The stones, the player to move and the prisoner counts.
    pub board: Board,
    /// Stones black has captured.
    pub black_prisoners: u32,
    /// Stones white has captured.
    pub white_prisoners: u32,
}

impl KothInput {
    /// What a king-of-the-hill program is shown of `board`: the stones, the player to move
    /// and the prisoner counts; no history, no ko point, no pass count. `Err` only for a
    /// board with a group without liberties, which play never leaves.
    pub fn seen(board: &Board) -> Result<KothInput, KothError> {
        let stones: Vec<u8> = (0..board.size())
            .flat_map(|r| (0..board.size()).map(move |c| (r, c)))
            .map(|(r, c)| board.at(board.point(r, c)))
            .collect();
        let (bp, wp) = (board.prisoners(Colour::Black), board.prisoners(Colour::White));
        let mut fresh =
            Board::from_stones(board.size(), &stones, board.to_move()).map_err(KothError)?;
        fresh.set_prisoners(bp, wp);
        Ok(KothInput { board: fresh, black_prisoners: bp, white_prisoners: wp })
    }
}

/// Why an input was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KothError(pub String);

impl std::fmt::Display for KothError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for KothError {}

fn err<T>(msg: impl Into<String>) -> Result<T, KothError> {
    Err(KothError(msg.into()))
}

/// Parses the king-of-the-hill input: N rows of N digits (19 in the challenge, 2 to 19 on
/// the judge's smaller boards), then the numbers line. Accepts `\n` or `\r\n` line ends and
/// trailing blank lines; anything else off the format is an error with a message naming
/// the line.
pub fn parse(text: &str) -> Result<KothInput, KothError> {
    let lines: Vec<&str> = text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let mut n = lines.len();
    while n > 0 && lines[n - 1].trim().is_empty() {
        n -= 1;
    }
    // The side is the number of board rows; every row must agree with it.
    let side = n.saturating_sub(1);
    let first = lines.first().map_or(0, |l| l.chars().count());
    if !(2..=MAX_SIZE).contains(&side) {
        let got = match n {
            0 => "nothing".to_string(),
            1 => format!("1 line of {first} characters"),
            _ => format!("{n} lines, the first of {first} characters"),
        };
        return err(format!(
            "expected {} lines (19 board rows and one line of numbers; for an NxN board, N rows \
             of N, N from 2 to 19), got {got}",
            KOTH_SIZE + 1
        ));
    }
    let mut stones = Vec::with_capacity(side * side);
    for (i, line) in lines[..side].iter().enumerate() {
        if line.chars().count() != side {
            return err(format!(
                "line {}: expected {side} characters, got {} ({side} board rows: the \
                 board is {side}x{side}; the challenge's is 19 rows of 19)",
                i + 1,
                line.chars().count()
            ));
        }
        for (j, ch) in line.chars().enumerate() {
            stones.push(match ch {
                '0' => EMPTY,
                '1' => BLACK,
                '2' => WHITE,
                _ => {
                    return err(format!(
                        "line {}, column {}: expected 0, 1 or 2, got {ch:?}",
                        i + 1,
                        j + 1
                    ))
                }
            });
        }
    }
    let at = side + 1;
    let nums: Vec<&str> = lines[side].split_whitespace().collect();
    if nums.len() != 3 {
        return err(format!(
            "line {at}: expected three numbers (black's prisoners, white's prisoners, colour to move), got {:?}",
            lines[side]
        ));
    }
    let num = |s: &str, what: &str| -> Result<u32, KothError> {
        if !s.bytes().all(|b| b.is_ascii_digit()) {
            return err(format!("line {at}: {what} is not a number: {s:?}"));
        }
        s.parse::<u32>()
            .ok()
            .filter(|&v| v <= 10_000)
            .ok_or_else(|| KothError(format!("line {at}: {what} out of range: {s:?}")))
    };
    let bp = num(nums[0], "black's prisoners")?;
    let wp = num(nums[1], "white's prisoners")?;
    let to_move = match nums[2] {
        "1" => Colour::Black,
        "2" => Colour::White,
        s => return err(format!("line {at}: the colour to move must be 1 or 2, got {s:?}")),
    };
    let mut board = Board::from_stones(side, &stones, to_move).map_err(KothError)?;
    board.set_prisoners(bp, wp);
    Ok(KothInput { board, black_prisoners: bp, white_prisoners: wp })
}

/// Writes a position in the king-of-the-hill format (20 lines, each ending in `\n`).
pub fn format(b: &Board) -> String {
    let mut s = String::with_capacity(20 * 21);
    for r in 0..b.size() {
        for c in 0..b.size() {
            s.push(match b.at(b.point(r, c)) {
                BLACK => '1',
                WHITE => '2',
                _ => '0',
            });
        }
        s.push('\n');
    }
    let (bp, wp, to_move) =
        (b.prisoners(Colour::Black), b.prisoners(Colour::White), b.to_move().stone());
    s.push_str(&format!("{bp} {wp} {to_move}\n"));
    s
}

/// The answer line for a move (without newline): `row col` or `pass`.
pub fn format_move(b: &Board, m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Play(p) => {
            let (r, c) = b.row_col(p);
            format!("{} {}", r + 1, c + 1)
        }
    }
}

/// Reads an answer line (`row col` or `pass`) on a board of side `size`.
pub fn parse_move(b: &Board, text: &str) -> Result<Move, KothError> {
    let t = text.trim();
    if t == "pass" {
        return Ok(Move::Pass);
    }
    let parts: Vec<&str> = t.split_whitespace().collect();
    if parts.len() != 2 {
        return err(format!("expected `row col` or `pass`, got {t:?}"));
    }
    let n = b.size();
    let r: usize = parts[0]
        .parse()
        .ok()
        .filter(|v| (1..=n).contains(v))
        .ok_or_else(|| KothError(format!("bad row {:?}", parts[0])))?;
    let c: usize = parts[1]
        .parse()
        .ok()
        .filter(|v| (1..=n).contains(v))
        .ok_or_else(|| KothError(format!("bad column {:?}", parts[1])))?;
    Ok(Move::Play(b.point(r - 1, c - 1)))
}

/// What the bot infers from a bare position about how it was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inference {
    /// Moves each side has put on the board: its stones plus its stones the other side
    /// captured (`[black, white]`).
    pub stones_played: [u32; 2],
    /// The opponent seems to have passed last: the side to move has played exactly one
    /// move more than strict alternation allows. Passing back would end the game.
    pub opponent_passed: bool,
}

impl std::fmt::Display for Inference {
    /// What `menace go -v` prints: "black has played 50 moves and white 49; no pass".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [b, w] = self.stones_played;
        let pass = if self.opponent_passed { "the opponent just passed" } else { "no pass" };
        write!(f, "black has played {b} moves and white {w}; {pass}")
    }
}

/// Infers [`Inference`] from the stones and prisoner counts.
pub fn infer(input: &KothInput) -> Inference {
    let b = &input.board;
    let (mut nb, mut nw) = (0, 0);
    for p in b.points() {
        match b.at(p) {
            BLACK => nb += 1,
            WHITE => nw += 1,
            _ => {}
        }
    }
    // White's prisoners are black stones white captured, and vice versa.
    let black_played = nb + input.white_prisoners;
    let white_played = nw + input.black_prisoners;
    // Strict alternation from an empty board gives black_played == white_played with
    // black to move and black_played == white_played + 1 with white to move. Exactly one
    // move "too many" for the side to move means the opponent passed; any other gap is a
    // set-up position (or several passes) and tells us nothing.
    let opponent_passed = if b.to_move() == Colour::Black {
        black_played == white_played + 1
    } else {
        white_played == black_played && black_played > 0
    };
    Inference { stones_played: [black_played, white_played], opponent_passed }
}

/// The king-of-the-hill bot's move for `input`: the one decision behind `menace go` and the
/// judge's built-in entrant. What it knows is inferred from the bare position ([`infer`]:
/// did the opponent just pass?); it cannot see the history, so it avoids what looks like
/// retaking a ko ([`Context::avoid_ko_retakes`]) and never resigns (the format has no word
/// for it). The search is seeded by the position's text and `cfg.seed`
/// ([`position_seed`]); `cfg`'s own seed is only mixed in.
pub fn decide(input: &KothInput, cfg: &SearchConfig) -> Decision {
    let inf = infer(input);
    let seed = position_seed(format(&input.board).as_bytes(), 0, cfg.seed);
    let cfg = SearchConfig { seed, ..cfg.clone() };
    let ctx = Context {
        opponent_passed: inf.opponent_passed,
        forbidden: Vec::new(),
        avoid_ko_retakes: true,
        resign_below: 0.0,
        capture_dead: false,
    };
    bot::decide(&input.board, &cfg, &ctx)
}

/// Why the bot chose `d` for `input`, for a person (`menace go -v` prints it on
/// stderr, followed by the settings in its flags' words): the decision's reason and what
/// was inferred, and the search's eight most visited moves. Each line ends in a newline.
pub fn explain(input: &KothInput, d: &Decision) -> String {
    let mut out = format!("{} ({})\n", d.reason, infer(input));
    if let Some(s) = &d.search {
        for m in s.moves.iter().take(8) {
            out.push_str(&format!(
                "  {:>6} visits {:>6} winrate {:.3} amaf {:>7.0} {:.3}\n",
                format_move(&input.board, m.mv),
                m.visits,
                m.winrate,
                m.amaf_visits,
                m.amaf_winrate
            ));
        }
    }
    out
}

/// `menace go`'s answer to the king-of-the-hill position `text`: the move as the format
/// writes it and, with `verbose`, the [`explain`]ation; or why the input is bad.
pub fn answer(
    text: &str,
    cfg: &SearchConfig,
    verbose: bool,
) -> Result<(String, Option<String>), KothError> {
    let input = parse(text)?;
    let d = decide(&input, cfg);
    let why = verbose.then(|| explain(&input, &d));
    Ok((format_move(&input.board, d.mv), why))
}
