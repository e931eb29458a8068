//! Games as SGF (FF\[4\]), the format every Go program and viewer reads: written for
//! every match game and read back to check a record ([`read`]: our records' form), and
//! any program's file loaded as a position ([`load`]: setup stones, the player to move,
//! the main line of a file with variations, as GNU Go's `loadsgf` reads them).
//!
//! ```
//! use menace_go::rules::board::{Board, Move};
//! use menace_go::io::sgf::{self, SgfGame};
//! let b = Board::new(9);
//! let game = SgfGame {
//!     size: 9, komi: 7.5, black: "menace".into(), white: "gnugo".into(),
//!     result: "W+R".into(), handicap: vec![], rules: "Chinese".into(),
//!     moves: vec![Move::Play(b.point(2, 2)), Move::Play(b.point(6, 6)), Move::Pass],
//!     comment: "resignation by menace".into(),
//!     time: Some("600+30/1".parse().unwrap()),
//!     app: sgf::APP.into(),
//!     date: Some("2026-12-07".into()),
//!     game_comment: "black: builtin:--playouts 2000".into(),
//! };
//! let text = sgf::write(&game);
//! assert!(text.contains(";B[cc];W[gg];B[]"));
//! assert!(text.contains("TM[600]OT[1/30 Canadian]"));
//! assert!(text.contains(&format!("AP[{}]", sgf::APP)) && text.contains("DT[2026-12-07]"));
//! assert_eq!(sgf::read(&text), Ok(game));
//! ```

use crate::rules::board::{Board, Colour, Move, Point, BLACK, EMPTY, MAX_SIZE, WHITE};
use crate::rules::clock::TimeControl;
use crate::rules::game::Game;
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// The rules, as `RU` says them (the referee's [`Rules::sgf_ru`]; the records before
    /// issue 61 say `Chinese`).
    ///
    /// [`Rules::sgf_ru`]: crate::referee::Rules::sgf_ru
    pub rules: String,
    /// The moves, alternating: black first, or white first after a handicap.
    pub moves: Vec<Move>,
    /// A comment for the root node (how the game ended).
    pub comment: String,
    /// The time control (`TM` main time in seconds, `OT` overtime as KGS writes it:
    /// `1/30 Canadian`, `5x30 byo-yomi`); `None`: no clock, neither property.
    pub time: Option<TimeControl>,
    /// The program that wrote it (`AP`): [`APP`] from issue 75, `menace` before.
    pub app: String,
    /// The day the game was played (`DT`, `YYYY-MM-DD`); `None` before issue 75.
    pub date: Option<String>,
    /// The game comment (`GC`; empty: none): the rules in full and what each side ran
    /// (the entrants' specifications: profile, playouts, clock).
    pub game_comment: String,
}

/// `AP` of the records written from issue 75 on: the program and its version, as SGF
/// says it (`name:version`).
pub const APP: &str = concat!("menace:", env!("CARGO_PKG_VERSION"));

/// Today's date as SGF's `DT` writes it (`YYYY-MM-DD`, UTC), or the day of
/// `SOURCE_DATE_EPOCH` when it is set (the reproducible-builds convention: a run that
/// must give the same bytes on another day sets it).
pub fn today() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The calendar date of a day number counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, the proleptic Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

impl SgfGame {
    /// The position before move `before` (1-based; `None`, or past the end: after the last
    /// move, [`Game::replay`]'s one answer, as GTP's `loadsgf` gives it): the handicap
    /// stones, then the moves up to it (what `menace go position --move N` prints). Errors
    /// say when `before` is 0, or which move is illegal.
    pub fn position_before(&self, before: Option<usize>) -> Result<Board, String> {
        let upto = match before {
            None => usize::MAX,
            Some(0) => return Err("move numbers count from 1".into()),
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
        "(;GM[1]FF[4]CA[UTF-8]AP[{}]RU[{}]SZ[{}]KM[{}]PB[{}]PW[{}]RE[{}]C[{}]\n",
        escape(&g.app),
        escape(&g.rules),
        g.size,
        g.komi,
        escape(&g.black),
        escape(&g.white),
        escape(&g.result),
        escape(&g.comment)
    );
    if let Some(date) = &g.date {
        s.push_str(&format!("DT[{}]", escape(date)));
    }
    if !g.game_comment.is_empty() {
        s.push_str(&format!("GC[{}]", escape(&g.game_comment)));
    }
    if g.date.is_some() || !g.game_comment.is_empty() {
        s.push('\n');
    }
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

/// The game `game` (GTP's `printsgf`): its start as setup stones (`AB`, `AW`) with the
/// player to move (`PL`) when it is not the empty board, then every move with the colour
/// that played it, in the root's properties of [`write()`] (`AP`, `RU`, `SZ`, `KM`, `DT`).
/// [`load`] reads it back to the same game.
pub fn write_position(game: &Game, komi: f32, rules: &str, comment: &str) -> String {
    let start = game.start();
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[{}]RU[{}]SZ[{}]KM[{komi}]DT[{}]",
        escape(APP),
        escape(rules),
        start.size(),
        today()
    );
    if !comment.is_empty() {
        s.push_str(&format!("GC[{}]", escape(comment)));
    }
    s.push('\n');
    let stones = |stone| -> String {
        start
            .points()
            .filter(|&p| start.at(p) == stone)
            .map(|p| format!("[{}]", point(start, Move::Play(p))))
            .collect()
    };
    let (black, white) = (stones(BLACK), stones(WHITE));
    if !black.is_empty() || !white.is_empty() {
        if !black.is_empty() {
            s.push_str(&format!("AB{black}"));
        }
        if !white.is_empty() {
            s.push_str(&format!("AW{white}"));
        }
        let pl = if start.to_move() == Colour::Black { 'B' } else { 'W' };
        s.push_str(&format!("PL[{pl}]\n"));
    }
    for (i, (colour, m)) in game.coloured_moves().enumerate() {
        let col = if colour == Colour::Black { 'B' } else { 'W' };
        s.push_str(&format!(";{col}[{}]", point(start, m)));
        if i % 10 == 9 {
            s.push('\n');
        }
    }
    s.push_str(")\n");
    s
}

/// One node's properties, in order: identifier and values.
type Node = Vec<(String, Vec<String>)>;

/// The nodes of an SGF game tree's main line, in order: at each branch the first
/// variation, as GNU Go and every viewer read a file (the other variations are checked
/// for syntax and skipped).
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
    // One entry per open game tree: is it on the main line, and has it had a variation
    // (a subtree) yet. Nodes are kept only on the main line.
    let mut trees = vec![(true, false)];
    // The node being read, if one is open: whether it is the main line's (its properties
    // are kept). A `(` or `)` closes it.
    let mut node: Option<bool> = None;
    while let Some(&(main, branched)) = trees.last() {
        skip_ws(&mut chars);
        match chars.next() {
            Some(';') if branched => {
                return Err("a node after a variation (the game tree is malformed)".into())
            }
            Some(';') => {
                node = Some(main);
                if main {
                    out.push(Vec::new());
                }
            }
            Some(')') => {
                node = None;
                trees.pop();
            }
            Some('(') => {
                node = None;
                let first = !branched;
                if let Some(t) = trees.last_mut() {
                    t.1 = true;
                }
                trees.push((main && first, false));
            }
            Some(c) if c.is_ascii_uppercase() => {
                let keep = node.ok_or("a property outside a node (before its `;`)")?;
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
                if let (true, Some(n)) = (keep, out.last_mut()) {
                    // Exact sizes: a file of a quarter million one-move nodes is held at
                    // about a hundred bytes a node (see [`LOAD_BYTES_PER_BYTE`]).
                    values.shrink_to_fit();
                    n.push((ident, values));
                    n.shrink_to_fit();
                }
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

/// The value of a node's property `id`, if it has it (its first value).
fn prop(node: &Node, id: &str) -> Option<String> {
    node.iter().find(|(i, _)| i == id).map(|(_, v)| v[0].clone())
}

/// The root's game (`GM`, 1 if given), board size (`SZ`, 2 to 19, default 19) and komi
/// (`KM`, default 0).
fn size_and_komi(root: &Node) -> Result<(usize, f32), String> {
    if prop(root, "GM").is_some_and(|g| g.trim() != "1") {
        return Err("not a Go game (GM is not 1)".into());
    }
    let size = match prop(root, "SZ") {
        None => 19,
        Some(s) => s
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (2..=MAX_SIZE).contains(n))
            .ok_or_else(|| format!("board size {s:?}: give a side from 2 to {MAX_SIZE}"))?,
    };
    let komi = match prop(root, "KM") {
        None => 0.0,
        Some(k) => crate::rules::score::parse_komi(&k).ok_or_else(|| {
            format!(
                "komi {k:?} is not a number from -{0} to {0} (as the komi command takes)",
                crate::rules::score::MAX_KOMI
            )
        })?,
    };
    Ok((size, komi))
}

/// The move node `n` holds, if any (`B` or `W`; at most one), numbered `number` in errors.
fn node_move(
    b: &Board,
    node: &Node,
    n: usize,
    number: usize,
) -> Result<Option<(Colour, Move)>, String> {
    let mut played = node.iter().filter(|(i, _)| i == "B" || i == "W");
    let Some((colour, values)) = played.next() else { return Ok(None) };
    if played.next().is_some() {
        return Err(format!("node {n} has two moves"));
    }
    let colour = if colour == "B" { Colour::Black } else { Colour::White };
    let mv = parse_point(b, &values[0]).map_err(|e| format!("move {number}: {e}"))?;
    Ok(Some((colour, mv)))
}

/// The points of a setup property's values: single points and SGF's compressed
/// rectangles (`aa:cc`).
fn setup_points(b: &Board, id: &str, values: &[String]) -> Result<Vec<Point>, String> {
    let mut out = Vec::new();
    for v in values {
        let (from, to) = v.split_once(':').unwrap_or((v, v));
        let corner = |x: &str| match parse_point(b, x) {
            Ok(Move::Play(p)) => Ok(b.row_col(p)),
            Ok(Move::Pass) => Err(format!("setup property {id}: {v:?} is not a point")),
            Err(e) => Err(format!("setup property {id}: {e}")),
        };
        let ((r0, c0), (r1, c1)) = (corner(from)?, corner(to)?);
        for r in r0.min(r1)..=r0.max(r1) {
            for c in c0.min(c1)..=c0.max(c1) {
                out.push(b.point(r, c));
            }
        }
    }
    Ok(out)
}

/// Reads one of our records: the root's `SZ` (2 to 19, default 19), `KM`, `PB`, `PW`,
/// `RE`, `RU`, `C` and black handicap stones (`AB`; `HA`, if given, must count them),
/// then one `B` or `W` move per node of the main line, alternating from black, or from
/// white after a handicap (as [`write()`] writes and the match runner needs). Refused with
/// a reason: other setup (`AW`, `AE`, setup after the root: [`load`] reads those), moves
/// out of turn or off the board, malformed text. Whether the moves are legal is the
/// board's business, not the reader's.
pub fn read(text: &str) -> Result<SgfGame, String> {
    let nodes = nodes(text)?;
    let root = &nodes[0];
    if let Some((id, _)) = root.iter().find(|(i, _)| i == "AW" || i == "AE") {
        return Err(format!(
            "setup property {id} is not supported in a record (black handicap stones only)"
        ));
    }
    let setup = |i: &str| ["AB", "AW", "AE"].contains(&i);
    if let Some((id, _)) = nodes[1..].iter().flatten().find(|(i, _)| setup(i)) {
        return Err(format!("setup property {id} after the root is not supported in a record"));
    }
    let (size, komi) = size_and_komi(root)?;
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
    if let Some(ha) = prop(root, "HA") {
        if ha.trim().parse::<usize>().ok() != Some(handicap.len()) {
            return Err(format!("HA[{ha}] but {} handicap stones", handicap.len()));
        }
    }
    let first = usize::from(!handicap.is_empty());
    let mut moves = Vec::new();
    // The root may hold the first move too; every later node at most one.
    for (n, node) in nodes.iter().enumerate() {
        let Some((colour, mv)) = node_move(&board, node, n, moves.len() + 1)? else { continue };
        let want = if (moves.len() + first) % 2 == 0 { Colour::Black } else { Colour::White };
        if colour != want {
            let letter = |c: Colour| if c == Colour::Black { 'B' } else { 'W' };
            return Err(format!(
                "move {}: {} plays, but it is {}'s turn",
                moves.len() + 1,
                letter(colour),
                letter(want)
            ));
        }
        moves.push(mv);
    }
    Ok(SgfGame {
        size,
        komi,
        black: prop(root, "PB").unwrap_or_default(),
        white: prop(root, "PW").unwrap_or_default(),
        result: prop(root, "RE").unwrap_or_default(),
        handicap,
        rules: prop(root, "RU").unwrap_or_default(),
        moves,
        comment: prop(root, "C").unwrap_or_default(),
        time: prop(root, "TM").and_then(|tm| time_control(&tm, prop(root, "OT").as_deref())),
        app: prop(root, "AP").unwrap_or_default(),
        date: prop(root, "DT"),
        game_comment: prop(root, "GC").unwrap_or_default(),
    })
}

/// The most memory [`load`] takes while it loads, for each byte of its text: a node is at
/// least four bytes (`;B[]`) and is held in about a hundred while the file is read, and
/// each move's position in [`BYTES_PER_MOVE`](crate::rules::game::BYTES_PER_MOVE) after.
/// docs/go.md states it; `crates/go/tests/memory.rs` checks it on 1 MB of passes.
pub const LOAD_BYTES_PER_BYTE: usize = 100;

/// What [`load`] answers when its `stop` flag is set before it is done.
pub const INTERRUPTED: &str = "interrupted";

/// A position loaded from an SGF file by [`load`].
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Komi (`KM`, 0 if not given).
    pub komi: f32,
    /// The game from its last set-up position (or the empty board) to the position loaded:
    /// its moves are those played since, replayed by the rules.
    pub game: Game,
}

/// Loads a position from any program's SGF file, as GNU Go's `loadsgf` does: the main line
/// (the first variation at every branch), its setup stones (`AB`, `AW`, `AE`, single
/// points or rectangles `aa:cc`) and player to move (`PL`), and its moves (`B`, `W`, in
/// any order of colours; an empty value or `tt` is a pass) up to the position before move
/// `before` (1-based, moves alone counted; `None` or past the end: after the last one).
/// A node that sets up stones or `PL` starts the history afresh there (`undo` and the
/// repetition checks reach back to it, not before), as a position set up has no history;
/// without `PL` the side to move there is the next move's colour, else black (white after
/// a handicap, `HA` of 2 or more, with black stones alone). Errors say what is wrong: the
/// text, a set-up group without liberties, an illegal move, [`INTERRUPTED`] once `stop`
/// is set (checked at every node).
///
/// Linear in the text: each node is read once (the next move's colour for a setup node
/// without `PL` comes from one backward pass), and the game keeps hashes of its positions,
/// not boards ([`Game`]).
pub fn load(text: &str, before: Option<usize>, stop: &AtomicBool) -> Result<Loaded, String> {
    let nodes = nodes(text)?;
    let (size, komi) = size_and_komi(&nodes[0])?;
    // The colour of the first move at or after each node (a node whose move cannot be read
    // is skipped here: the forward pass refuses it when it gets there).
    let probe = Board::new(size);
    let mut next_colour: Vec<Option<Colour>> = vec![None; nodes.len() + 1];
    for (n, node) in nodes.iter().enumerate().rev() {
        let here = node_move(&probe, node, n, 0).ok().flatten().map(|(c, _)| c);
        next_colour[n] = here.or(next_colour[n + 1]);
    }
    let handicap = prop(&nodes[0], "HA").and_then(|h| h.trim().parse::<usize>().ok()).unwrap_or(0);
    let upto = match before {
        None => usize::MAX,
        Some(0) => return Err("move numbers count from 1".into()),
        Some(n) => n - 1,
    };
    let mut game = Game::new(Board::new(size));
    // The position set up by the setup nodes since the last move (stones by row, the side
    // to move, the last such node): a run of setup nodes becomes one board, checked when
    // the next move is played or the file ends (a board rebuilt for each of a megabyte of
    // setup nodes took 10 s).
    let mut pending: Option<(Vec<u8>, Colour, usize)> = None;
    let settle = |pending: &mut Option<(Vec<u8>, Colour, usize)>, game: &mut Game| {
        if let Some((stones, to_move, n)) = pending.take() {
            let start = Board::from_stones(size, &stones, to_move)
                .map_err(|e| format!("the position set up in node {n}: {e}"))?;
            *game = Game::new(start);
        }
        Ok::<(), String>(())
    };
    let mut played = 0;
    for (n, node) in nodes.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return Err(INTERRUPTED.into());
        }
        let is_setup = |i: &str| ["AB", "AW", "AE", "PL"].contains(&i);
        if node.iter().any(|(i, _)| is_setup(i)) {
            let b = game.board();
            let mut stones: Vec<u8> = match pending.take() {
                Some((stones, ..)) => stones,
                None => b.points().map(|p| b.at(p)).collect(),
            };
            for (id, values) in node {
                let stone = match id.as_str() {
                    "AB" => BLACK,
                    "AW" => WHITE,
                    "AE" => EMPTY,
                    _ => continue,
                };
                for p in setup_points(b, id, values)? {
                    let (r, c) = b.row_col(p);
                    stones[r * size + c] = stone;
                }
            }
            let to_move = match prop(node, "PL").map(|v| v.trim().to_ascii_uppercase()) {
                Some(v) if v == "B" || v == "BLACK" => Colour::Black,
                Some(v) if v == "W" || v == "WHITE" => Colour::White,
                Some(v) => return Err(format!("PL[{v}] is not B or W")),
                None => match next_colour[n] {
                    Some(c) => c,
                    None if handicap >= 2 && !stones.contains(&WHITE) => Colour::White,
                    None => Colour::Black,
                },
            };
            pending = Some((stones, to_move, n));
        }
        let Some((colour, mv)) = node_move(game.board(), node, n, played + 1)? else { continue };
        if played >= upto {
            break;
        }
        settle(&mut pending, &mut game)?;
        game.play_as(colour, mv).map_err(|e| format!("move {} is illegal: {e}", played + 1))?;
        played += 1;
    }
    settle(&mut pending, &mut game)?;
    Ok(Loaded { komi, game })
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
            rules: "Chinese".into(),
            moves,
            comment: String::new(),
            time: None,
            app: APP.into(),
            date: None,
            game_comment: String::new(),
        }
    }

    #[test]
    fn dates_are_the_gregorian_calendars() {
        // Checked against Python's datetime.date(1970, 1, 1) + timedelta(days=d).
        for (days, want) in [
            (0, (1970, 1, 1)),
            (11016, (2000, 2, 29)),
            (19700, (2023, 12, 9)),
            (20794, (2026, 12, 7)),
            (-1, (1969, 12, 31)),
        ] {
            assert_eq!(civil_from_days(days), want, "{days}");
        }
        assert_eq!(today().len(), 10);
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
        assert_eq!(g.position_before(Some(0)).unwrap_err(), "move numbers count from 1");
        // Handicap stones stand before the first move; a move on one of them is illegal.
        let h = game(vec![p, q], vec![Move::Play(p)]);
        assert_eq!(h.position_before(Some(1)).unwrap().to_move(), Colour::White);
        assert!(h.position_before(None).unwrap_err().starts_with("move 1 is illegal"));
    }
}
