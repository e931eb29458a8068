//! Games as SGF (FF\[4\]), the format every Go program and viewer reads: written for
//! every match game, and read back to check a record (one line of play, no variations).
//!
//! ```
//! use menace_go::rules::board::{Board, Move};
//! use menace_go::io::sgf::{self, SgfGame};
//! let b = Board::new(9);
//! let game = SgfGame {
//!     size: 9, komi: 7.5, black: "menace".into(), white: "gnugo".into(),
//!     result: "W+R".into(), handicap: vec![],
//!     moves: vec![Move::Play(b.point(2, 2)), Move::Play(b.point(6, 6)), Move::Pass],
//!     comment: "resignation by menace".into(),
//!     time: Some("600+30/1".parse().unwrap()),
//! };
//! let text = sgf::write(&game);
//! assert!(text.contains(";B[cc];W[gg];B[]"));
//! assert!(text.contains("TM[600]OT[1/30 Canadian]"));
//! assert_eq!(sgf::read(&text), Ok(game));
//! ```

use crate::rules::board::{Board, Move, Point, MAX_SIZE};
use crate::rules::clock::TimeControl;
use crate::rules::game::Game;

/// A finished game to record.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    /// Board side.
    pub size: usize,
    /// Komi.
    pub komi: f32,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Result, e.g. `B+3`, `W+R`, `0` (a tie), `Void`.
    pub result: String,
    /// Black's handicap stones, on the board before the first move (`HA` and `AB`).
    pub handicap: Vec<Point>,
    /// The moves, alternating: black first, or white first after a handicap.
    pub moves: Vec<Move>,
    /// A comment for the root node (how the game ended).
    pub comment: String,
    /// The time control (`TM` main time in seconds, `OT` overtime as KGS writes it:
    /// `1/30 Canadian`, `5x30 byo-yomi`); `None`: no clock, neither property.
    pub time: Option<TimeControl>,
}

impl SgfGame {
    /// The position before move `before` (1-based; `None`, or past the end: after the last
    /// move, [`Game::replay`]'s one answer, as GTP's `loadsgf` gives it): the handicap
    /// stones, then the moves up to it (what `menace go position --move N` prints). Errors
    /// say when `before` is 0, or which move is illegal.
    pub fn position_before(&self, before: Option<usize>) -> Result<Board, String> {
        let upto = match before {
            None => usize::MAX,
            Some(0) => return Err("--move counts from 1".into()),
            Some(n) => n - 1,
        };
        let game = Game::replay(self.start()?, &self.moves, upto)
            .map_err(|(i, e)| format!("move {} is illegal: {e:?}", i + 1))?;
        Ok(game.board().clone())
    }

    /// The position before the first move: the empty board, or black's handicap stones
    /// with white to move.
    pub fn start(&self) -> Result<Board, String> {
        if self.handicap.is_empty() {
            Ok(Board::new(self.size))
        } else {
            crate::rules::handicap::board(self.size, &self.handicap)
        }
    }
}

/// Reads the SGF file at `path` ([`read`]): a regular file of at most 1 MiB (never a
/// FIFO or a device), in UTF-8. Errors name the file.
pub fn read_file(path: &std::path::Path) -> Result<SgfGame, String> {
    let bytes = menace_files::read_capped(path, 1 << 20)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8", path.display()))?;
    read(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// SGF point for a move on a board of the game's size (`tt` is not used for pass: FF[4]
/// writes a pass as an empty value).
fn point(b: &Board, m: Move) -> String {
    let Move::Play(p) = m else {
        return String::new();
    };
    let (r, c) = b.row_col(p);
    format!("{}{}", (b'a' + c as u8) as char, (b'a' + r as u8) as char)
}

/// The game as one SGF text.
pub fn write(g: &SgfGame) -> String {
    let b = Board::new(g.size);
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[menace]RU[Chinese]SZ[{}]KM[{}]PB[{}]PW[{}]RE[{}]C[{}]\n",
        g.size,
        g.komi,
        escape(&g.black),
        escape(&g.white),
        escape(&g.result),
        escape(&g.comment)
    );
    if let Some(tc) = g.time {
        s.push_str(&format!("TM[{}]", tc.main().as_secs_f64()));
        match tc {
            TimeControl::Absolute { .. } => {}
            TimeControl::Canadian { period, stones, .. } => {
                s.push_str(&format!("OT[{stones}/{} Canadian]", period.as_secs_f64()))
            }
            TimeControl::ByoYomi { period, periods, .. } => {
                s.push_str(&format!("OT[{periods}x{} byo-yomi]", period.as_secs_f64()))
            }
        }
        s.push('\n');
    }
    if !g.handicap.is_empty() {
        s.push_str(&format!("HA[{}]AB", g.handicap.len()));
        for &p in &g.handicap {
            s.push_str(&format!("[{}]", point(&b, Move::Play(p))));
        }
        s.push('\n');
    }
    let first = usize::from(!g.handicap.is_empty());
    for (i, &m) in g.moves.iter().enumerate() {
        let col = if (i + first) % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{col}[{}]", point(&b, m)));
        if i % 10 == 9 {
            s.push('\n');
        }
    }
    s.push_str(")\n");
    s
}

/// One node's properties, in order: identifier and values.
type Node = Vec<(String, Vec<String>)>;

/// Splits an SGF game tree with a single line of play into its nodes.
fn nodes(text: &str) -> Result<Vec<Node>, String> {
    let mut chars = text.trim_start_matches('\u{feff}').chars().peekable();
    let skip_ws = |c: &mut std::iter::Peekable<std::str::Chars>| {
        while c.next_if(|c| c.is_whitespace()).is_some() {}
    };
    skip_ws(&mut chars);
    if chars.next() != Some('(') {
        return Err("an SGF game starts with `(`".into());
    }
    let mut out: Vec<Node> = Vec::new();
    loop {
        skip_ws(&mut chars);
        match chars.next() {
            Some(';') => out.push(Vec::new()),
            Some(')') => break,
            Some('(') => return Err("variations are not supported (one line of play only)".into()),
            Some(c) if c.is_ascii_uppercase() => {
                let node = out.last_mut().ok_or("a property before the first node `;`")?;
                let mut ident = c.to_string();
                while let Some(c) = chars.next_if(char::is_ascii_uppercase) {
                    ident.push(c);
                }
                let mut values = Vec::new();
                loop {
                    skip_ws(&mut chars);
                    if chars.next_if_eq(&'[').is_none() {
                        break;
                    }
                    let mut v = String::new();
                    loop {
                        match chars.next() {
                            None => return Err(format!("property {ident}: unclosed `[`")),
                            Some(']') => break,
                            // A backslash escapes the next character; before a line break
                            // it joins the lines (a soft break).
                            Some('\\') => match chars.next() {
                                Some('\n') => {}
                                Some(c) => v.push(c),
                                None => return Err(format!("property {ident}: unclosed `[`")),
                            },
                            Some(c) => v.push(c),
                        }
                    }
                    values.push(v);
                }
                if values.is_empty() {
                    return Err(format!("property {ident} has no value"));
                }
                node.push((ident, values));
            }
            Some(c) => return Err(format!("unexpected {c:?} in the game tree")),
            None => return Err("the game tree is not closed with `)`".into()),
        }
    }
    skip_ws(&mut chars);
    if chars.next().is_some() {
        return Err("text after the game tree (one game per file)".into());
    }
    if out.is_empty() {
        return Err("the game tree has no nodes".into());
    }
    Ok(out)
}

/// The move an SGF point names on `b`: `aa` is the top-left corner (column, then row);
/// an empty value, or `tt` on boards up to 19x19, is a pass.
fn parse_point(b: &Board, v: &str) -> Result<Move, String> {
    if v.is_empty() || (v == "tt" && b.size() <= 19) {
        return Ok(Move::Pass);
    }
    let bytes = v.as_bytes();
    let coord = |x: u8| x.checked_sub(b'a').map(usize::from).filter(|&i| i < b.size());
    match bytes {
        [c, r] => match (coord(*c), coord(*r)) {
            (Some(c), Some(r)) => Ok(Move::Play(b.point(r, c))),
            _ => Err(format!("point {v:?} is off the {0}x{0} board", b.size())),
        },
        _ => Err(format!("point {v:?} is not two letters")),
    }
}

/// Reads one game: the root's `SZ` (2 to 19, default 19), `KM`, `PB`, `PW`, `RE`, `C` and
/// black handicap stones (`AB`; `HA`, if given, must count them), then one `B` or `W` move
/// per node, alternating from black, or from white after a handicap (as [`write()`] writes
/// and the match runner needs). Refused with a reason: variations, other setup (`AW`,
/// `AE`, setup after the root), moves out of turn or off the board, malformed text. Whether the moves are legal is the
/// board's business, not the reader's.
pub fn read(text: &str) -> Result<SgfGame, String> {
    let nodes = nodes(text)?;
    let root = &nodes[0];
    let prop = |id: &str| root.iter().find(|(i, _)| i == id).map(|(_, v)| v[0].clone());
    if let Some((id, _)) = root.iter().find(|(i, _)| i == "AW" || i == "AE") {
        return Err(format!("setup property {id} is not supported (black handicap stones only)"));
    }
    let setup = |i: &str| ["AB", "AW", "AE"].contains(&i);
    if let Some((id, _)) = nodes[1..].iter().flatten().find(|(i, _)| setup(i)) {
        return Err(format!("setup property {id} after the root is not supported"));
    }
    if prop("GM").is_some_and(|g| g.trim() != "1") {
        return Err("not a Go game (GM is not 1)".into());
    }
    let size = match prop("SZ") {
        None => 19,
        Some(s) => s
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (2..=MAX_SIZE).contains(n))
            .ok_or_else(|| format!("board size {s:?}: give a side from 2 to {MAX_SIZE}"))?,
    };
    let komi = match prop("KM") {
        None => 0.0,
        Some(k) => k
            .trim()
            .parse::<f32>()
            .ok()
            .filter(|k| k.is_finite())
            .ok_or_else(|| format!("komi {k:?} is not a number"))?,
    };
    let board = Board::new(size);
    let mut handicap = Vec::new();
    for (_, values) in root.iter().filter(|(i, _)| i == "AB") {
        for v in values {
            match parse_point(&board, v) {
                Ok(Move::Play(p)) if !handicap.contains(&p) => handicap.push(p),
                Ok(_) => return Err(format!("handicap stone {v:?} is a pass or given twice")),
                Err(e) => return Err(format!("handicap stone: {e}")),
            }
        }
    }
    if let Some(ha) = prop("HA") {
        if ha.trim().parse::<usize>().ok() != Some(handicap.len()) {
            return Err(format!("HA[{ha}] but {} handicap stones", handicap.len()));
        }
    }
    let first = usize::from(!handicap.is_empty());
    let mut moves = Vec::new();
    // The root may hold the first move too; every later node at most one.
    for (n, node) in nodes.iter().enumerate() {
        let mut played = node.iter().filter(|(i, _)| i == "B" || i == "W");
        let Some((colour, values)) = played.next() else { continue };
        if played.next().is_some() {
            return Err(format!("node {n} has two moves"));
        }
        let want = if (moves.len() + first) % 2 == 0 { "B" } else { "W" };
        if colour != want {
            return Err(format!(
                "move {}: {colour} plays, but it is {want}'s turn",
                moves.len() + 1
            ));
        }
        let mv = parse_point(&board, &values[0])
            .map_err(|e| format!("move {}: {e}", moves.len() + 1))?;
        moves.push(mv);
    }
    Ok(SgfGame {
        size,
        komi,
        black: prop("PB").unwrap_or_default(),
        white: prop("PW").unwrap_or_default(),
        result: prop("RE").unwrap_or_default(),
        handicap,
        moves,
        comment: prop("C").unwrap_or_default(),
        time: prop("TM").and_then(|tm| time_control(&tm, prop("OT").as_deref())),
    })
}

/// The time control of `TM` and `OT` in the forms [`write()`] writes (`OT` as KGS writes
/// it); another program's overtime text, which SGF leaves free, reads as no clock.
fn time_control(tm: &str, ot: Option<&str>) -> Option<TimeControl> {
    let main = tm.trim();
    if main.contains('+') {
        return None; // TM is main time alone
    }
    let text = match ot.map(str::trim) {
        None | Some("") => main.to_string(),
        Some(ot) => match ot.split_once(' ') {
            Some((o, kind)) if kind.eq_ignore_ascii_case("canadian") => {
                let (stones, period) = o.split_once('/')?;
                format!("{main}+{period}/{stones}")
            }
            Some((o, kind)) if kind.eq_ignore_ascii_case("byo-yomi") => {
                let (periods, period) = o.split_once('x')?;
                format!("{main}+{period}x{periods}")
            }
            _ => return None,
        },
    };
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::koth::format;
    use crate::rules::board::Colour;

    fn game(handicap: Vec<Point>, moves: Vec<Move>) -> SgfGame {
        SgfGame {
            size: 9,
            komi: 0.0,
            black: "B".into(),
            white: "W".into(),
            result: "0".into(),
            handicap,
            moves,
            comment: String::new(),
            time: None,
        }
    }

    #[test]
    fn the_position_before_a_move_replays_the_moves_up_to_it() {
        let b = Board::new(9);
        let (p, q) = (b.point(2, 2), b.point(6, 6));
        let g = game(Vec::new(), vec![Move::Play(p), Move::Play(q), Move::Pass]);
        assert_eq!(format(&g.position_before(Some(1)).unwrap()), format(&Board::new(9)));
        let mut two = Board::new(9);
        two.play(Move::Play(p)).unwrap();
        two.play(Move::Play(q)).unwrap();
        assert_eq!(format(&g.position_before(Some(3)).unwrap()), format(&two));
        two.play(Move::Pass).unwrap();
        assert_eq!(format(&g.position_before(None).unwrap()), format(&two));
        // Past the end: the last position (GTP's loadsgf answer), not an error.
        assert_eq!(format(&g.position_before(Some(5)).unwrap()), format(&two));
        assert_eq!(g.position_before(Some(0)).unwrap_err(), "--move counts from 1");
        // Handicap stones stand before the first move; a move on one of them is illegal.
        let h = game(vec![p, q], vec![Move::Play(p)]);
        assert_eq!(h.position_before(Some(1)).unwrap().to_move(), Colour::White);
        assert!(h.position_before(None).unwrap_err().starts_with("move 1 is illegal"));
    }
}
