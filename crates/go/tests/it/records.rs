//! The published Go games are checked, not trusted: every SGF in `docs/games/` is replayed
//! on our board (every move legal, no position repeated under the superko rule its `RU`
//! names: situational for the records before issue 61), its result agrees with how it
//! ended (a two-pass ending is re-scored by Tromp-Taylor), its line in `results.txt`
//! agrees with it, and the 19x19 rows of the results table in `docs/go-lab.md` are recounted
//! from those lines. Also: the SGF reader round-trips what the writer writes and never
//! panics.

use std::path::{Path, PathBuf};

use menace_go::io::sgf::{self, SgfGame};
use menace_go::referee::Rules;
use menace_go::rules::board::{Board, Move};
use menace_go::rules::game::Game;
use menace_go::rules::{handicap, score};
use proptest::prelude::*;

use crate::support;
use support::repo;

fn games_dir() -> PathBuf {
    repo("docs/games")
}

/// The match folders: each has `results.txt` and `game-NNN.sgf` files.
fn match_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(games_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("results.txt").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// One line of `results.txt`, as the match runner prints it.
#[derive(Debug)]
struct Line {
    number: usize,
    black: String,
    result: String,
    moves: usize,
    reason: String,
}

fn parse_line(l: &str) -> Line {
    // game  17: menace (black) vs gnugo-l10 (white): W+R after 260 moves, resignation by menace; ...
    let (head, rest) = l.split_once(": ").unwrap();
    let number = head.trim_start_matches("game").trim().parse().unwrap();
    let (pairing, rest) = rest.split_once(": ").unwrap();
    let (first, _) = pairing.split_once(" vs ").unwrap();
    let (name, colour) = first.split_once(' ').unwrap();
    let (verdict, _) = rest.split_once("; move s").unwrap();
    let (result, rest) = verdict.split_once(" after ").unwrap();
    let (moves, reason) = rest.split_once(" moves, ").unwrap();
    let black = if colour == "(black)" {
        name.to_string()
    } else {
        pairing.split_once(" vs ").unwrap().1.split(' ').next().unwrap().to_string()
    };
    Line {
        number,
        black,
        result: result.into(),
        moves: moves.parse().unwrap(),
        reason: reason.into(),
    }
}

fn results(dir: &Path) -> Vec<Line> {
    let text = std::fs::read_to_string(dir.join("results.txt")).unwrap();
    text.lines().filter(|l| l.starts_with("game ")).map(parse_line).collect()
}

/// Replays a record under the superko rule its `RU` names: every move must be legal and no
/// position may repeat (a repeat ends a match game before the move is recorded). Returns
/// the final board.
fn replay(g: &SgfGame) -> Result<Board, String> {
    let start = handicap::board(g.size, &g.handicap)?;
    if let Some((i, why)) =
        Game::first_violation(start.clone(), &g.moves, Rules::superko_of(&g.rules, &g.game_comment))
    {
        return Err(format!("move {}: {why}", i + 1));
    }
    Ok(Game::replay(start, &g.moves, usize::MAX).expect("checked").board().clone())
}

/// Checks that the record's result follows from how it ended.
fn check_ending(g: &SgfGame, board: &Board) -> Result<(), String> {
    let loser_by_colour = |r: &str| match r.as_bytes().first() {
        Some(b'B') => Some(g.white.as_str()),
        Some(b'W') => Some(g.black.as_str()),
        _ => None,
    };
    if g.comment == "two passes" {
        let n = g.moves.len();
        if n < 2 || !g.moves[n - 1].is_pass() || !g.moves[n - 2].is_pass() {
            return Err("ended by two passes, but the last two moves are not passes".into());
        }
        let scored = score::result_string(score::margin(board, g.komi));
        if scored != g.result {
            return Err(format!("recorded {}, but the board scores {scored}", g.result));
        }
    } else if let Some(who) = g.comment.strip_prefix("resignation by ") {
        if !g.result.ends_with("+R") || loser_by_colour(&g.result) != Some(who) {
            return Err(format!("{who} resigned, but the result is {}", g.result));
        }
    } else if g.comment.contains(" failed genmove") {
        let who = g.comment.split(' ').next().unwrap();
        if !g.result.ends_with("+F") || loser_by_colour(&g.result) != Some(who) {
            return Err(format!("{who} failed, but the result is {}", g.result));
        }
    } else {
        return Err(format!("an ending this test does not know: {:?}", g.comment));
    }
    Ok(())
}

#[test]
fn every_published_game_replays_legally_and_its_result_follows() {
    let dirs = match_dirs();
    assert!(dirs.len() >= 2, "the 19x19 matches are in docs/games");
    let mut checked = 0;
    for dir in dirs {
        let lines = results(&dir);
        // The two reported matches have all their 20 games; an experiment may have fewer.
        let reported = dir.ends_with("19x19-level1") || dir.ends_with("19x19-level10");
        assert!(lines.len() >= if reported { 20 } else { 1 }, "{}", dir.display());
        for line in lines {
            let path = dir.join(format!("game-{:03}.sgf", line.number));
            let text = std::fs::read_to_string(&path).unwrap();
            let g = sgf::read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let at = path.display();
            // Our files are canonical: reading and writing again gives the same bytes.
            assert_eq!(sgf::write(&g), text, "{at}");
            let board = replay(&g).unwrap_or_else(|e| panic!("{at}: {e}"));
            check_ending(&g, &board).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(
                (&g.black, &g.result, g.moves.len(), &g.comment),
                (&line.black, &line.result, line.moves, &line.reason),
                "{at} against its line in results.txt"
            );
            checked += 1;
        }
    }
    assert!(checked >= 49);
}

/// The row of the results table in `docs/go-lab.md` that the lines of one match give.
fn table_row(dir: &Path, level: &str) -> String {
    let lines = results(dir);
    let ours = |l: &Line| if l.black == "menace" { 'B' } else { 'W' };
    let won = |l: &Line| l.result.starts_with(ours(l));
    let tie = |l: &Line| l.result == "0";
    let count = |f: &dyn Fn(&Line) -> bool| lines.iter().filter(|l| f(l)).count();
    let wins = count(&won);
    let forfeits = count(&|l| won(l) && l.result.ends_with("+F"));
    let ties = count(&tie);
    let colour = |c: char| {
        let w = count(&|l| ours(l) == c && won(l));
        let l = count(&|l| ours(l) == c && !won(l) && !tie(l));
        format!("{w}-{l}")
    };
    format!(
        "| 19x19 | level {level} | {} | {wins} ({forfeits} by forfeit) | {} | {ties} | {} | {} |",
        lines.len(),
        lines.len() - wins - ties,
        colour('B'),
        colour('W')
    )
}

#[test]
fn the_19x19_table_in_docs_go_lab_md_is_recounted_from_the_records() {
    let doc = std::fs::read_to_string(repo("docs/go-lab.md")).unwrap();
    for level in ["1", "10"] {
        let row = table_row(&games_dir().join(format!("19x19-level{level}")), level);
        assert!(doc.contains(&row), "docs/go-lab.md lacks the row the records give:\n{row}");
    }
}

#[test]
fn a_record_with_an_illegal_move_or_a_wrong_result_is_caught() {
    // The checks above can fail: a game whose second move is on the first stone...
    let b = Board::new(9);
    let mut g = SgfGame {
        size: 9,
        komi: 0.0,
        black: "a".into(),
        white: "b".into(),
        result: "B+81".into(),
        handicap: vec![],
        rules: "Chinese".into(),
        moves: vec![Move::Play(b.point(4, 4)); 2],
        comment: "two passes".into(),
        time: None,
        app: menace_go::io::sgf::APP.into(),
        date: None,
        game_comment: String::new(),
    };
    assert!(replay(&g).is_err());
    // ...and a two-pass game recorded with the wrong score or the wrong resigner.
    g.moves = vec![Move::Play(b.point(4, 4)), Move::Pass, Move::Pass];
    let board = replay(&g).unwrap();
    assert!(check_ending(&g, &board).is_ok());
    g.result = "B+80".into();
    assert!(check_ending(&g, &board).is_err());
    g.result = "B+R".into();
    g.comment = "resignation by a".into();
    assert!(check_ending(&g, &board).is_err());
    g.comment = "resignation by b".into();
    assert!(check_ending(&g, &board).is_ok());
}

fn game() -> impl Strategy<Value = SgfGame> {
    (2usize..=19).prop_flat_map(|size| {
        let point = (0..size, 0..size).prop_map(move |(r, c)| Board::new(size).point(r, c));
        let mv = prop_oneof![1 => Just(Move::Pass), 9 => point.clone().prop_map(Move::Play)];
        (
            prop::sample::select(vec![0.0f32, 0.5, 6.5, 7.5, -3.0]),
            "\\PC{0,12}",
            "\\PC{0,12}",
            "(B|W)\\+(R|F|T|[0-9]{1,3}(\\.5)?)|0|Void",
            prop::collection::btree_set(point, 0..5),
            prop::collection::vec(mv, 0..60),
            "[\\PC\n]{0,30}",
            prop::sample::select(vec![None, Some("20"), Some("600+30/1"), Some("0.5+0.25x3")]),
            "\\PC{0,20}",
        )
            .prop_map(
                move |(komi, black, white, result, stones, moves, comment, time, rules)| {
                    SgfGame {
                        size,
                        komi,
                        black,
                        white,
                        result,
                        // One stone is no handicap; the writer writes any number.
                        handicap: if stones.len() == 1 {
                            vec![]
                        } else {
                            stones.into_iter().collect()
                        },
                        rules,
                        moves,
                        time: time.map(|t| t.parse().unwrap()),
                        app: menace_go::io::sgf::APP.into(),
                        // A date and a game comment, or neither (the records before 75).
                        date: (!comment.is_empty()).then(|| "2026-12-07".into()),
                        game_comment: comment.chars().rev().collect(),
                        comment,
                    }
                },
            )
    })
}

proptest! {
    #[test]
    fn what_the_writer_writes_the_reader_reads_back(g in game()) {
        prop_assert_eq!(sgf::read(&sgf::write(&g)), Ok(g));
    }

    #[test]
    fn arbitrary_text_is_read_or_refused_without_panicking(s in "\\PC{0,200}") {
        let _ = sgf::read(&s);
    }

    #[test]
    fn any_time_properties_read_as_a_clock_the_writer_writes_back_or_as_none(
        tm in prop_oneof!["\\PC{0,12}", "[0-9]{1,4}(\\.[0-9]{1,2})?"],
        ot in prop_oneof!["\\PC{0,16}", "[0-9]{1,2}[/x][0-9]{1,3} (Canadian|byo-yomi|canadian)"],
    ) {
        let esc = |v: &str| v.replace('\\', "\\\\").replace(']', "\\]");
        let text = format!("(;GM[1]SZ[9]TM[{}]OT[{}])", esc(&tm), esc(&ot));
        let g = sgf::read(&text).unwrap();
        if let Some(tc) = g.time {
            prop_assert_eq!(sgf::read(&sgf::write(&g)).unwrap().time, Some(tc));
        }
    }

    #[test]
    fn damaged_records_are_read_or_refused_without_panicking(
        g in game(),
        at in any::<prop::sample::Index>(),
        c in prop::sample::select(vec!['(', ')', ';', '[', ']', '\\', 'B', 'W', 'z', '\n']),
    ) {
        let mut chars: Vec<char> = sgf::write(&g).chars().collect();
        let i = at.index(chars.len());
        chars[i] = c;
        let text: String = chars.into_iter().collect();
        if let Ok(back) = sgf::read(&text) {
            // Whatever is read is a game the writer can write.
            prop_assert!(back.moves.len() <= g.moves.len() + 1);
            let _ = sgf::write(&back);
        }
    }
}

#[test]
fn the_reader_refuses_what_it_does_not_support_with_a_reason() {
    for (text, want) in [
        ("", "starts with `(`"),
        ("(;SZ[9]AW[aa];B[bb])", "setup property AW"),
        ("(;SZ[9];B[aa];AB[cc])", "after the root"),
        ("(;SZ[9]HA[3]AB[aa][bb])", "HA[3] but 2 handicap stones"),
        ("(;SZ[9]AB[aa][aa])", "given twice"),
        ("(;SZ[9]AB[aa];B[bb])", "it is W's turn"),
        ("(;SZ[25])", "board size"),
        ("(;SZ[9];W[aa])", "it is B's turn"),
        ("(;SZ[9];B[jj])", "off the 9x9 board"),
        ("(;SZ[9];B[abc])", "not two letters"),
        ("(;SZ[9];B[aa]", "not closed"),
        ("(;SZ[9]C[open", "unclosed `[`"),
        ("(;KM[x])", "komi"),
        ("(;SZ[9])(;SZ[9])", "one game per file"),
        ("(;GM[2])", "not a Go game"),
    ] {
        let err = sgf::read(text).expect_err(text);
        assert!(err.contains(want), "{text}: want {want:?} in {err:?}");
    }
    // A pass may be written `tt` (FF[3]) as well as empty.
    assert_eq!(sgf::read("(;SZ[9];B[tt];W[])").unwrap().moves, vec![Move::Pass, Move::Pass]);
}

/// Every SGF in `docs/games/*/sgf/` (the judge's and `menace go match --out`'s records)
/// replays under the superko rule its `RU` names (`RU[Chinese]`, the records before issue
/// 61: situational), every move legal and none repeating, but for a last move that ended
/// its game as a repeat (a tie, `0`: a ko retaken at once, or a longer repetition) under
/// the king-of-the-hill rules.
#[test]
fn every_record_replays_under_the_superko_rule_it_names() {
    let mut checked = 0;
    for dir in std::fs::read_dir(games_dir()).unwrap().map(|e| e.unwrap().path()) {
        let Ok(files) = std::fs::read_dir(dir.join("sgf")) else { continue };
        for path in files.map(|e| e.unwrap().path()) {
            let text = std::fs::read_to_string(&path).unwrap();
            let g = sgf::read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let start = handicap::board(g.size, &g.handicap).unwrap();
            let rule = Rules::superko_of(&g.rules, &g.game_comment);
            if let Some((i, why)) = Game::first_violation(start, &g.moves, rule) {
                let tie = g.result == "0" && g.comment.contains("repeat");
                assert!(
                    tie && i + 1 == g.moves.len()
                        && (why.contains("repeats") || why == "illegal ko recapture"),
                    "{}: move {}: {why}",
                    path.display(),
                    i + 1
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} records");
}

/// Game 29 against Pachi (`RU[Chinese]`, played under situational superko): black's move
/// 345 (B[bs]) recreates the position after move 342 with white to move where black was.
/// Legal under situational superko, the rule it was played under; illegal under positional
/// superko, the rule of `menace go match` since issue 61.
#[test]
fn the_pachi_game_29_is_legal_only_under_situational_superko() {
    use menace_go::rules::game::Superko;
    let path = games_dir().join("pachi-19x19-5000-v10/sgf/game-029.sgf");
    let g = sgf::read(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(Rules::superko_of(&g.rules, &g.game_comment), Superko::Situational);
    let start = handicap::board(g.size, &g.handicap).unwrap();
    assert_eq!(Game::first_violation(start.clone(), &g.moves, Superko::Situational), None);
    let (i, why) = Game::first_violation(start, &g.moves, Superko::Positional).unwrap();
    assert_eq!((i + 1, why.as_str()), (345, "the position repeats (positional superko)"));
    assert_eq!(g.moves[i], sgf::read("(;SZ[19];B[bs])").unwrap().moves[0]);
}
