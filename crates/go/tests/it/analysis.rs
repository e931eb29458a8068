//! Live analysis over GTP (`lz-analyze`, `genmove_analyze`): the info lines read as Lizzie
//! reads them, the stream over a real OS pipe stopped by the next command or the end of
//! input, and `?` errors that change nothing.

use menace_go::io::gtp::{self, parse_vertex, GtpEngine};
use menace_go::rules::board::{Board, Move};
use menace_go::search::mcts::SearchConfig;
use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};

fn engine(playouts: usize) -> GtpEngine {
    GtpEngine::new(SearchConfig { playouts, threads: 2, ..SearchConfig::default() })
}

/// One candidate of an info line, read the way Lizzie 0.7.4's `MoveData.fromInfo` does:
/// key then value, integers where Lizzie parses integers, `pv` taking the rest.
#[derive(Debug)]
struct Cand {
    mv: Move,
    visits: u32,
    winrate: u32,
    prior: u32,
    lcb: u32,
    order: u32,
    pv: Vec<Move>,
}

/// Reads an info line on `b`, failing where Lizzie's reader thread would die.
fn parse_info(b: &Board, line: &str) -> Vec<Cand> {
    assert!(line.starts_with("info "), "{line:?}");
    assert!(!line.contains("  ") && !line.ends_with(' '), "no empty tokens: {line:?}");
    let mut out = Vec::new();
    for part in line.strip_prefix("info ").unwrap().split(" info ") {
        let (head, pv) = part.split_once(" pv ").expect("a pv");
        let words: Vec<&str> = head.split(' ').collect();
        assert_eq!(words.len() % 2, 0, "key value pairs: {head:?}");
        let get = |k: &str| {
            let i = words.iter().position(|w| *w == k).unwrap_or_else(|| panic!("{k} in {head}"));
            words[i + 1]
        };
        let int = |k: &str| get(k).parse::<u32>().unwrap_or_else(|_| panic!("{k} in {head}"));
        let pv: Vec<Move> = pv.split(' ').map(|v| parse_vertex(b, v).unwrap()).collect();
        out.push(Cand {
            mv: parse_vertex(b, get("move")).unwrap(),
            visits: int("visits"),
            winrate: int("winrate"),
            prior: int("prior"),
            lcb: int("lcb"),
            order: int("order"),
            pv,
        });
    }
    out
}

/// Checks the candidates of a line on `b`: legal moves, numbers in range, the best first,
/// principal variations that start with their move and are legal sequences.
fn check(b: &Board, cands: &[Cand], playouts: u32) {
    assert!(!cands.is_empty());
    let total: u32 = cands.iter().map(|c| c.visits).sum();
    assert!(total <= playouts, "{total} visits of {playouts} playouts");
    for (i, c) in cands.iter().enumerate() {
        assert!(b.is_legal(c.mv), "{c:?}");
        assert_eq!(c.order as usize, i);
        assert!(c.visits > 0 && c.winrate <= 10_000 && c.prior <= 10_000 && c.lcb <= c.winrate);
        assert!(i == 0 || cands[i - 1].visits >= c.visits, "most visited first");
        assert_eq!(c.pv[0], c.mv);
        let mut after = b.clone();
        for &m in &c.pv {
            assert!(after.play(m).is_ok(), "pv {:?} illegal at {m:?}", c.pv);
        }
    }
}

/// The playouts a search of `b` runs on a `base` budget with two threads.
fn playouts(b: &Board, base: usize) -> u32 {
    let params = *SearchConfig::default().resolve().params();
    (menace_go::search::mcts::budget(b, base, &params).div_ceil(2) * 2) as u32
}

#[test]
fn lz_analyze_without_a_stream_is_one_line_of_the_fixed_budget_and_changes_nothing() {
    let mut e = engine(400);
    for cmd in ["boardsize 9", "play b E5", "play w C4"] {
        assert_eq!(e.handle_line(cmd).unwrap(), "=\n\n");
    }
    let board = e.handle_line("showboard").unwrap();
    let ans = e.handle_line("7 lz-analyze b 10").unwrap();
    let lines: Vec<&str> = ans.split('\n').collect();
    assert_eq!((lines[0], lines[2], lines[3], lines.len()), ("=7", "", "", 4), "{ans:?}");
    let b = e.board().clone();
    check(&b, &parse_info(&b, lines[1]), playouts(&b, 400));
    assert_eq!(e.handle_line("7 lz-analyze b 10").unwrap(), ans, "deterministic");
    assert_eq!(e.handle_line("showboard").unwrap(), board);
}

#[test]
fn genmove_analyze_plays_what_genmove_plays() {
    let mut plain = engine(400);
    plain.handle_line("boardsize 9");
    plain.handle_line("play b E5");
    let answer = plain.handle_line("genmove w").unwrap();
    let mv = answer.strip_prefix("= ").unwrap().trim_end();
    for cmd in ["lz-genmove_analyze w 10", "genmove_analyze w"] {
        let mut e = engine(400);
        e.handle_line("boardsize 9");
        e.handle_line("play b E5");
        let before = e.board().clone();
        let ans = e.handle_line(cmd).unwrap();
        let lines: Vec<&str> = ans.split('\n').collect();
        assert_eq!(lines[0], "=");
        check(&before, &parse_info(&before, lines[1]), playouts(&before, 400));
        assert_eq!(&lines[2..], [&format!("play {mv}"), "", ""], "{ans:?}");
        assert_eq!(e.board().last_move(), parse_vertex(&before, mv).unwrap(), "played");
    }
}

#[test]
fn bad_analysis_arguments_are_refused_and_change_nothing() {
    let mut e = engine(200);
    e.handle_line("boardsize 9");
    let board = e.handle_line("showboard").unwrap();
    for (cmd, answer) in [
        ("lz-analyze x", "? syntax error: lz-analyze [color] [interval]\n\n"),
        ("lz-analyze 10 20", "? syntax error: lz-analyze [color] [interval]\n\n"),
        ("3 lz-analyze interval", "?3 syntax error: lz-analyze [color] [interval]\n\n"),
        (
            "lz-analyze 10 avoid b D4",
            "? syntax error: avoid PLAYER VERTEX,VERTEX,... UNTILDEPTH\n\n",
        ),
        ("genmove_analyze 10", "? syntax error: genmove_analyze color [interval]\n\n"),
        ("lz-genmove_analyze purple", "? syntax error: genmove_analyze color [interval]\n\n"),
    ] {
        assert_eq!(e.handle_line(cmd).unwrap(), answer, "{cmd}");
        assert_eq!(e.handle_line("showboard").unwrap(), board);
    }
}

/// A served engine behind real OS pipes: the writer for commands, a line reader for the
/// answers, and the serving thread.
struct Session {
    to: Option<std::io::PipeWriter>,
    from: BufReader<std::io::PipeReader>,
    server: std::thread::JoinHandle<std::io::Result<()>>,
}

impl Session {
    fn start(e: GtpEngine) -> Session {
        let (in_r, in_w) = std::io::pipe().unwrap();
        let (out_r, out_w) = std::io::pipe().unwrap();
        let server = std::thread::spawn(move || gtp::serve(e, BufReader::new(in_r), out_w));
        Session { to: Some(in_w), from: BufReader::new(out_r), server }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.to.as_mut().unwrap(), "{line}").unwrap();
    }

    fn line(&mut self) -> String {
        let mut s = String::new();
        assert!(self.from.read_line(&mut s).unwrap() > 0, "the engine ended");
        s.trim_end_matches('\n').to_string()
    }

    /// The lines of one ordinary answer, its empty line included.
    fn answer(&mut self) -> Vec<String> {
        let mut lines = vec![self.line()];
        while !lines.last().unwrap().is_empty() {
            lines.push(self.line());
        }
        lines
    }
}

#[test]
fn lz_analyze_streams_over_a_pipe_until_the_next_command() {
    let mut s = Session::start(engine(1000));
    s.send("1 boardsize 9");
    assert_eq!(s.answer(), ["=1", ""]);
    s.send("2 play b E5");
    assert_eq!(s.answer(), ["=2", ""]);
    s.send("3 showboard");
    let board = s.answer();
    let b = {
        let mut b = Board::new(9);
        b.play(parse_vertex(&b, "E5").unwrap()).unwrap();
        b
    };
    s.send("4 lz-analyze 2");
    assert_eq!(s.line(), "=4");
    // A few lines, each of the whole root so far; the search grows between them.
    let mut visits = Vec::new();
    for _ in 0..3 {
        let cands = parse_info(&b, &s.line());
        check(&b, &cands, u32::MAX);
        visits.push(cands.iter().map(|c| c.visits).sum::<u32>());
    }
    assert!(visits.windows(2).all(|w| w[0] <= w[1]), "{visits:?}");
    // The next command stops it: maybe a last info line, the empty line, then its answer.
    let sent = Instant::now();
    s.send("5 name");
    let mut line = s.line();
    while line.starts_with("info ") {
        line = s.line();
    }
    assert_eq!(line, "", "the stream ends with an empty line");
    assert_eq!(s.answer(), ["=5 menace", ""]);
    assert!(sent.elapsed() < Duration::from_secs(5), "stopped at once: {:?}", sent.elapsed());
    // The analysis (past its fixed budget: the stream runs on) left the game as it was.
    s.send("6 showboard");
    let again = s.answer();
    assert_eq!((again[0].as_str(), &again[1..]), ("=6 ", &board[1..]));
    s.send("7 quit");
    assert_eq!(s.answer(), ["=7", ""]);
    s.server.join().unwrap().unwrap();
}

#[test]
fn the_end_of_input_stops_an_analysis() {
    let mut s = Session::start(engine(1000));
    s.send("boardsize 9");
    assert_eq!(s.answer(), ["=", ""]);
    s.send("lz-analyze 1");
    assert_eq!(s.line(), "=");
    assert!(s.line().starts_with("info "));
    drop(s.to.take());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut s.from, &mut rest).unwrap();
    assert!(rest.ends_with("\n\n") || rest == "\n", "{rest:?}");
    s.server.join().unwrap().unwrap();
}

#[test]
fn genmove_analyze_under_a_clock_streams_and_plays_within_it() {
    let mut s =
        Session::start(GtpEngine::new(SearchConfig { threads: 2, ..SearchConfig::default() }));
    for cmd in ["boardsize 9", "time_settings 0 1 1"] {
        s.send(cmd);
        assert_eq!(s.answer(), ["=", ""]);
    }
    let b = Board::new(9);
    let start = Instant::now();
    s.send("genmove_analyze b 10");
    assert_eq!(s.line(), "=");
    let mut line = s.line();
    let mut infos = 0;
    while line.starts_with("info ") {
        check(&b, &parse_info(&b, &line), u32::MAX);
        infos += 1;
        line = s.line();
    }
    assert!(start.elapsed() < Duration::from_secs(1), "{:?}", start.elapsed());
    let mv = line.strip_prefix("play ").unwrap_or_else(|| panic!("{line:?}"));
    assert!(b.is_legal(parse_vertex(&b, mv).unwrap()));
    assert_eq!(s.line(), "");
    assert!(infos >= 1);
    s.send("showboard");
    let board = s.answer().join("\n");
    assert!(board.contains('X'), "the move was played: {board}");
    drop(s.to.take());
    s.server.join().unwrap().unwrap();
}

#[test]
fn tree_reuse_keeps_genmove_deterministic_and_legal() {
    let game = |reuse: bool| {
        let mut e = engine(300).reuse_tree(reuse);
        e.handle_line("boardsize 9");
        let mut answers = Vec::new();
        for colour in ["b", "w", "b", "w", "b"] {
            answers.push(e.handle_line(&format!("genmove {colour}")).unwrap());
        }
        answers
    };
    let reused = game(true);
    assert!(reused.iter().all(|a| a.starts_with("= ") && !a.contains("resign")), "{reused:?}");
    assert_eq!(reused, game(true), "the same game again");
}

#[test]
fn pondering_searches_on_the_opponents_time_and_the_next_move_starts_from_it() {
    pondering_keeps_its_tree(engine(300));
}

/// Pondering, live analysis and tree reuse with one shared tree (`--tune parallel=shared_tree`).
#[test]
fn a_shared_tree_ponders_and_the_next_move_starts_from_it() {
    let cfg = SearchConfig { playouts: 300, threads: 2, ..SearchConfig::default() }
        .with("parallel=shared_tree")
        .unwrap();
    pondering_keeps_its_tree(GtpEngine::new(cfg));
}

/// `e` (a 300-playout engine) ponders after its move, and its next move, streamed with
/// `genmove_analyze`, starts from the tree grown meanwhile.
fn pondering_keeps_its_tree(e: GtpEngine) {
    let mut s = Session::start(e.ponder(true));
    s.send("boardsize 9");
    assert_eq!(s.answer(), ["=", ""]);
    s.send("genmove b");
    let mv = s.answer()[0].strip_prefix("= ").unwrap().to_string();
    // The engine ponders now; the opponent takes its time.
    std::thread::sleep(Duration::from_millis(400));
    s.send("reg_genmove w");
    let reply = s.answer()[0].strip_prefix("= ").unwrap().to_string();
    s.send(&format!("play w {reply}"));
    assert_eq!(s.answer(), ["=", ""]);
    s.send("genmove_analyze b 1");
    assert_eq!(s.line(), "=");
    let mut b = Board::new(9);
    b.play(parse_vertex(&b, &mv).unwrap()).unwrap();
    b.play(parse_vertex(&b, &reply).unwrap()).unwrap();
    let mut last = s.line();
    let mut lines = Vec::new();
    while last.starts_with("info ") {
        lines.push(last);
        last = s.line();
    }
    assert!(last.starts_with("play "), "{last}");
    let cands = parse_info(&b, lines.last().unwrap());
    let visits: u32 = cands.iter().map(|c| c.visits).sum();
    // More than this move's own budget: the tree grown while pondering was kept.
    assert!(visits > playouts(&b, 300), "{visits} visits");
    drop(s.to.take());
    s.server.join().unwrap().unwrap();
}

/// A `kata-analyze` line's candidates (move, winrate, scoreLead) and its ownership.
type Kata = (Vec<(Move, f32, f32)>, Option<Vec<f32>>);

/// One `kata-analyze` line read as Lizzie 0.7.4's `MoveData.fromInfoKatago` and KataGo's
/// documentation read it: each candidate's keys and values (floats), then the ownership.
fn parse_kata(b: &Board, line: &str) -> Kata {
    let (moves, ownership) = match line.split_once(" ownership ") {
        Some((m, o)) => (m, Some(o.split(' ').map(|v| v.parse::<f32>().unwrap()).collect())),
        None => (line, None),
    };
    let mut cands = Vec::new();
    for part in moves.strip_prefix("info ").expect("info").split(" info ") {
        let (head, _pv) = part.split_once(" pv ").expect("a pv");
        let words: Vec<&str> = head.split(' ').collect();
        assert_eq!(words.len() % 2, 0, "key value pairs: {head:?}");
        let get = |k: &str| {
            let i = words.iter().position(|w| *w == k).unwrap_or_else(|| panic!("{k} in {head}"));
            words[i + 1].parse::<f32>().unwrap_or_else(|_| panic!("{k} in {head}"))
        };
        let winrate = get("winrate");
        assert!((0.0..=1.0).contains(&winrate) && (0.0..=1.0).contains(&get("prior")));
        assert_eq!(get("scoreMean"), get("scoreLead"));
        assert!(get("scoreStdev") >= 0.0);
        let i = words.iter().position(|w| *w == "move").unwrap();
        cands.push((parse_vertex(b, words[i + 1]).unwrap(), winrate, get("scoreLead")));
    }
    (cands, ownership)
}

#[test]
fn kata_analyze_gives_scores_and_ownership_for_the_side_to_move() {
    // 7x7, komi 0.5: black's wall down column D with white on the edge of the right side;
    // black's left side is black's whatever happens, so its points read near 1 for black.
    let setup = ["boardsize 7", "komi 0.5", "play b D1", "play w G7", "play b D2", "play w G6"]
        .into_iter()
        .chain(["play b D3", "play w G5", "play b D4", "play w G4", "play b D5", "play w G3"])
        .chain(["play b D6", "play w G2", "play b D7", "play w G1"]);
    let mut e = engine(2000);
    for cmd in setup {
        assert_eq!(e.handle_line(cmd).unwrap(), "=\n\n", "{cmd}");
    }
    let board = e.handle_line("showboard").unwrap();
    let b = e.board().clone();
    let mut seen = Vec::new();
    for (colour, sign) in [("b", 1.0), ("w", -1.0)] {
        let ans = e.handle_line(&format!("kata-analyze {colour} 10 ownership true")).unwrap();
        let lines: Vec<&str> = ans.split('\n').collect();
        assert_eq!((lines[0], lines[2], lines[3], lines.len()), ("=", "", "", 4), "{ans:?}");
        let (cands, own) = parse_kata(&b, lines[1]);
        let own = own.expect("ownership asked for");
        assert_eq!(own.len(), 49, "one value a point");
        assert!(own.iter().all(|v| (-1.0..=1.0).contains(v)));
        // Row by row from A7: A4 is row 3, column 0; the wall D4 column 3. (White to move
        // may invade the left side, and a random playout sometimes lets it live.)
        for (point, what) in [(3 * 7, "A4"), (3 * 7 + 3, "D4"), (6 * 7 + 1, "B1")] {
            assert!(sign * own[point] > 0.5, "{what} is black's: {} for {colour}", own[point]);
        }
        // Black leads by about its left side (21 points and its 7 stones) less white's right
        // side: clearly ahead, seen from either side.
        let lead = cands[0].2;
        assert!(sign * lead > 5.0, "black ahead: {lead} for {colour}");
        seen.push(lines[1].to_string());
    }
    // Deterministic, and the game is as it was.
    let again = e.handle_line("kata-analyze b 10 ownership true").unwrap();
    assert_eq!(again.split('\n').nth(1).unwrap(), seen[0]);
    assert_eq!(e.handle_line("showboard").unwrap(), board);
    // Without `ownership true` the line stops after the moves.
    let plain = e.handle_line("kata-analyze b").unwrap();
    assert!(plain.starts_with("=\ninfo move ") && !plain.contains("ownership"), "{plain:?}");
}

/// KataGo's `pvVisits`, `pvEdgeVisits` and `movesOwnership` (issue 75: refused before),
/// a key the engine does not know skipped with its value as KataGo skips it, and what
/// cannot be read refused with the state unchanged.
#[test]
fn kata_analyze_answers_pv_visits_and_moves_ownership_and_skips_unknown_keys() {
    let mut e = engine(400);
    e.handle_line("boardsize 9");
    e.handle_line("play b E5");
    let board = e.handle_line("showboard").unwrap();
    let b = e.board().clone();
    let cmd = "kata-analyze 10 pvVisits true pvEdgeVisits true movesOwnership true \
               ownershipStdev true someFutureKey 3";
    let ans = e.handle_line(cmd).unwrap();
    let line = ans.split('\n').nth(1).unwrap();
    let parts: Vec<&str> = line.split("info move ").skip(1).collect();
    assert!(!parts.is_empty(), "{ans}");
    for (k, part) in parts.iter().enumerate() {
        let words: Vec<&str> = part.split_whitespace().collect();
        let after = |key: &str| -> Vec<&str> {
            let at = words.iter().position(|w| *w == key).unwrap_or_else(|| panic!("{key}"));
            words[at + 1..]
                .iter()
                .take_while(|w| !w.chars().all(char::is_alphabetic))
                .copied()
                .collect()
        };
        let pv = after("pv");
        let visits: Vec<u32> = after("pvVisits").iter().map(|v| v.parse().unwrap()).collect();
        assert_eq!(visits.len(), pv.len(), "{part}");
        assert_eq!(after("pvEdgeVisits"), after("pvVisits"), "no transpositions");
        assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{visits:?}");
        assert_eq!(visits[0].to_string(), after("visits")[0], "the move's own visits");
        let own: Vec<f32> = after("movesOwnership").iter().map(|v| v.parse().unwrap()).collect();
        assert_eq!(own.len(), 81, "{part}");
        assert!(own.iter().all(|v| (-1.0..=1.0).contains(v)));
        // The move's own point ends the mover's more often than not in the playouts through it.
        if k == 0 {
            let Move::Play(p) = parse_vertex(&b, words[0]).unwrap() else { continue };
            let (r, c) = b.row_col(p);
            assert!(own[r * 9 + c] > 0.0, "{} owns {}", words[0], own[r * 9 + c]);
        }
    }
    assert!(!line.contains("ownershipStdev") && !line.contains("someFutureKey"));
    assert_eq!(e.handle_line("showboard").unwrap(), board);
    for (cmd, answer) in [
        (
            "kata-analyze 10 ownership maybe",
            "? syntax error: kata-analyze [color] [interval] [ownership true|false]\n\n",
        ),
        (
            "kata-genmove_analyze 10",
            "? syntax error: kata-genmove_analyze color [interval] [ownership true|false]\n\n",
        ),
        ("lz-analyze 10 ownership", "? syntax error: lz-analyze [color] [interval]\n\n"),
    ] {
        assert_eq!(e.handle_line(cmd).unwrap(), answer, "{cmd}");
    }
    assert_eq!(e.handle_line("showboard").unwrap(), board);
    // kata-genmove_analyze plays, and says what it played last.
    let ans = e.handle_line("kata-genmove_analyze w ownership true").unwrap();
    let lines: Vec<&str> = ans.split('\n').collect();
    assert!(lines[1].starts_with("info move ") && lines[1].contains(" ownership "), "{ans:?}");
    assert!(lines[2].starts_with("play "), "{ans:?}");
    assert_ne!(e.handle_line("showboard").unwrap(), board, "a move was played");
}

/// One `kata-analyze` line as Sabaki reads it (`parseAnalysis` in its engine syncer):
/// split at every `info`, the principal variation the longest run of vertices (or `pass`)
/// that ends the part, the words before it (less `pv`) key-value pairs; a part whose move
/// is not a vertex is dropped. Returns each move with its keys.
fn sabaki(line: &str) -> Vec<(String, std::collections::HashMap<String, String>)> {
    let is_vertex = |w: &str| {
        w == "pass"
            || (w.len() >= 2
                && w.as_bytes()[0].is_ascii_alphabetic()
                && w[1..].bytes().all(|b| b.is_ascii_digit()))
    };
    let mut out = Vec::new();
    for part in line.split("info ").skip(1) {
        let words: Vec<&str> = part.split_whitespace().collect();
        let pv_from = (0..=words.len()).find(|&i| words[i..].iter().all(|w| is_vertex(w)));
        let Some(pv_from) = pv_from.filter(|&i| i < words.len()) else { continue };
        let tokens = &words[..pv_from.saturating_sub(1)];
        assert_eq!(tokens.len() % 2, 0, "key value pairs: {part:?}");
        let keys: std::collections::HashMap<String, String> =
            tokens.chunks(2).map(|kv| (kv[0].to_string(), kv[1].to_string())).collect();
        let mv = keys["move"].clone();
        if mv != "pass" {
            out.push((mv, keys));
        }
    }
    out
}

/// KataGo's `kata-analyze ... maxmoves N avoid PLAYER VERTICES UNTILDEPTH rootInfo true`,
/// as GUIs send it: at most N moves, none of them avoided, KataGo's fields (`edgeVisits`,
/// `utility`, `utilityLcb`) in every move, the root's after them.
#[test]
fn kata_analyze_takes_maxmoves_avoid_allow_and_root_info() {
    let mut e = engine(3000);
    for cmd in ["boardsize 9", "komi 7", "play b E5", "play w C3"] {
        assert_eq!(e.handle_line(cmd).unwrap(), "=\n\n", "{cmd}");
    }
    let board = e.handle_line("showboard").unwrap();
    let b = e.board().clone();
    let moves = |ans: &str| -> Vec<(String, std::collections::HashMap<String, String>)> {
        let lines: Vec<&str> = ans.split('\n').collect();
        assert_eq!((lines[0], lines[2], lines[3], lines.len()), ("=", "", "", 4), "{ans:?}");
        // A GUI that asks for `rootInfo` takes it off first (Sabaki never asks for it).
        sabaki(lines[1].split(" rootInfo ").next().unwrap())
    };
    // Without options: the search's favourites, more than three of them.
    let plain = moves(&e.handle_line("kata-analyze b 10").unwrap());
    assert!(plain.len() > 3, "{plain:?}");
    let top: Vec<&str> = plain[..3].iter().map(|(m, _)| m.as_str()).collect();
    // Those three avoided, at most three others shown.
    let cmd = format!("kata-analyze b 10 maxmoves 3 avoid b {} 1 rootInfo true", top.join(","));
    let ans = e.handle_line(&cmd).unwrap();
    let shown = moves(&ans);
    assert_eq!(shown.len(), 3, "{ans}");
    for (mv, keys) in &shown {
        assert!(!top.contains(&mv.as_str()), "{mv} was avoided: {ans}");
        let num = |k: &str| keys[k].parse::<f64>().unwrap_or_else(|_| panic!("{k} in {keys:?}"));
        assert_eq!(keys["edgeVisits"], keys["visits"]);
        assert!((num("utility") - (2.0 * num("winrate") - 1.0)).abs() < 1e-5, "{keys:?}");
        assert!((num("utilityLcb") - (2.0 * num("lcb") - 1.0)).abs() < 1e-5, "{keys:?}");
        assert!(keys["winrate"].contains('.'), "Sabaki reads a float by its point");
    }
    // The root's statistics after the moves, as KataGo writes them: visits, the side to move.
    let line = ans.split('\n').nth(1).unwrap();
    let root = line.split_once(" rootInfo ").expect("rootInfo").1;
    let words: Vec<&str> = root.split(' ').collect();
    assert_eq!((words[0], words.last().copied()), ("visits", Some("B")), "{root}");
    let visits: u64 = words[1].parse().unwrap();
    assert!(visits >= 3000, "the root's visits: every playout of the search, {visits}");
    // allow: only its points (and pass) at the root.
    let allowed = moves(&e.handle_line("kata-analyze b 10 allow b C7,G7,G3 1").unwrap());
    assert!(
        !allowed.is_empty()
            && allowed.iter().all(|(m, _)| ["C7", "G7", "G3"].contains(&m.as_str()))
    );
    // An avoid for the side not to move is at depth 2: the root is as without it.
    assert_eq!(moves(&e.handle_line("kata-analyze b 10 avoid w E3 1").unwrap()), plain);
    // genmove_analyze avoids too, and plays.
    let ans =
        e.handle_line(&format!("kata-genmove_analyze b avoid b {} 1", top.join(","))).unwrap();
    let played = ans.lines().find_map(|l| l.strip_prefix("play ")).expect("play");
    assert!(!top.contains(&played), "{played} was avoided");
    let _ = b;
    // Bad options are one clear error and change nothing.
    e.handle_line("undo");
    assert_eq!(e.handle_line("showboard").unwrap(), board);
    for (cmd, answer) in [
        ("kata-analyze b maxmoves 0", "? maxmoves takes a whole number from 1\n\n"),
        (
            "kata-analyze b avoid b E5",
            "? syntax error: avoid PLAYER VERTEX,VERTEX,... UNTILDEPTH\n\n",
        ),
        ("kata-analyze b avoid b Z9 1", "? avoid: Z9: invalid coordinate\n\n"),
        (
            "kata-analyze b allow b D4 1 avoid b E4 1",
            "? allow is given once, and never with avoid\n\n",
        ),
        (
            "kata-analyze b rootInfo maybe",
            "? syntax error: kata-analyze [color] [interval] [ownership true|false]\n\n",
        ),
    ] {
        assert_eq!(e.handle_line(cmd).unwrap(), answer, "{cmd}");
    }
    assert_eq!(e.handle_line("showboard").unwrap(), board);
}

/// Live analysis runs until a command stops it (issue 75: it stopped by itself at ten
/// times `--playouts`, where the docs said it searched until the next command): the root's
/// visits pass twenty times the budget (the growing budget is at most twice the playouts
/// asked for, and the old cap ten times that), still rising, and only `name` ends it.
#[test]
fn live_analysis_runs_past_ten_times_the_budget_until_a_command_stops_it() {
    let playouts = 100;
    let mut s = Session::start(engine(playouts));
    s.send("boardsize 7");
    assert_eq!(s.answer(), ["=", ""]);
    s.send("1 kata-analyze b 1 rootInfo true");
    assert_eq!(s.line(), "=1");
    let root_visits = |line: &str| -> u64 {
        let root = line.split_once(" rootInfo visits ").expect("rootInfo").1;
        root.split(' ').next().unwrap().parse().unwrap()
    };
    let past = 2 * gtp::CLOCKED_PLAYOUTS_FACTOR as u64 * playouts as u64;
    let mut last = 0;
    while last <= past {
        let line = s.line();
        assert!(line.starts_with("info "), "the stream ended by itself: {line:?} at {last}");
        let v = root_visits(&line);
        assert!(v >= last, "{v} after {last}");
        last = v;
    }
    // Still searching: a later line has more visits.
    loop {
        let line = s.line();
        assert!(line.starts_with("info "), "{line:?}");
        if root_visits(&line) > last {
            break;
        }
    }
    s.send("2 name");
    let mut line = s.line();
    while line.starts_with("info ") {
        line = s.line();
    }
    assert_eq!(line, "");
    assert_eq!(s.answer(), ["=2 menace", ""]);
    s.send("quit");
    assert_eq!(s.answer(), ["=", ""]);
    s.server.join().unwrap().unwrap();
}
