//! The GTP engine, byte for byte: a recorded session in fixtures/go/gtp-session.txt, genmove
//! checks, and arbitrary lines that must never panic.

use menace_go::io::gtp::{self, GtpEngine};
use menace_go::rules::board::{Board, Colour, Move, BLACK};
use menace_go::rules::score;
use menace_go::search::mcts::SearchConfig;
use proptest::prelude::*;

use crate::support;
use support::repo;

fn engine() -> GtpEngine {
    GtpEngine::new(SearchConfig { playouts: 300, threads: 1, ..SearchConfig::default() })
}

/// The fixture as (command line, expected output) pairs.
fn session() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(repo("fixtures/go/gtp-session.txt")).unwrap();
    let mut pairs: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        if let Some(cmd) = line.strip_prefix("> ") {
            pairs.push((cmd.trim_end_matches('\n').to_string(), String::new()));
        } else if let Some(last) = pairs.last_mut() {
            last.1.push_str(line);
        }
    }
    pairs
}

#[test]
fn recorded_session_matches_byte_for_byte() {
    let mut e = engine();
    let pairs = session();
    assert!(pairs.len() > 30);
    for (cmd, expected) in pairs {
        let got = e.handle_line(&cmd).unwrap_or_default();
        assert_eq!(got, expected, "after {cmd:?}");
    }
    assert!(e.quit_requested());
}

#[test]
fn serve_writes_the_same_bytes() {
    let pairs = session();
    let input: String = pairs.iter().map(|(c, _)| format!("{c}\n")).collect();
    let expected: String = pairs.iter().map(|(_, a)| a.as_str()).collect();
    let mut out = Vec::new();
    let cfg = SearchConfig { playouts: 100, threads: 1, ..SearchConfig::default() };
    gtp::serve(GtpEngine::new(cfg), input.as_bytes(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}

#[test]
fn genmove_plays_a_legal_move_and_is_deterministic() {
    let run = || {
        let mut e = engine();
        let mut answers = Vec::new();
        for cmd in ["boardsize 9", "play b E5", "play w C3", "genmove b", "genmove w"] {
            answers.push(e.handle_line(cmd).unwrap());
        }
        (answers, e.board().diagram())
    };
    let (a, board) = run();
    for ans in &a[3..] {
        assert!(ans.starts_with("= ") && ans.ends_with("\n\n"), "{ans:?}");
        assert!(ans != "= pass\n\n" && ans != "= resign\n\n", "{ans:?}");
    }
    // Both moves landed on the board.
    assert_eq!(board.matches(['X', 'O']).count(), 4, "{board}");
    assert_eq!(run(), (a, board), "same commands, same answers");
}

#[test]
fn genmove_captures_dead_stones_before_passing() {
    // Black walls off columns A-B, white column E. The white stone at A1 is dead, but on a
    // board scored as it stands it makes black's area neutral: black 5, white 11. White has
    // just passed; passing back would lose, so black must play (and capture).
    let mut e = engine();
    let mut cmds = vec!["boardsize 5".to_string()];
    for r in 1..=5 {
        cmds.push(format!("play b C{r}"));
        cmds.push(format!("play w D{r}"));
    }
    cmds.push("play w A1".into());
    cmds.push("play w pass".into());
    for cmd in &cmds {
        assert!(e.handle_line(cmd).unwrap().starts_with('='), "{cmd}");
    }
    // As the board stands black loses; `final_score` (which takes the dead A1 off since
    // issue 28) says what black gets once it has captured it.
    assert_eq!(score::margin(e.board(), 0.0), -6.0);
    assert_eq!(e.handle_line("final_score").unwrap(), "= B+5\n\n");
    assert_eq!(e.handle_line("final_status_list dead").unwrap(), "= A1\n\n");
    let ans = e.handle_line("genmove b").unwrap();
    assert_ne!(ans, "= pass\n\n", "black passed and lost by the rules");
    // Once the stone is gone, the board wins as it stands and passing ends the game.
    let mut e = engine();
    for cmd in cmds.iter().filter(|c| !c.contains("A1")) {
        e.handle_line(cmd);
    }
    assert_eq!(e.handle_line("final_score").unwrap(), "= B+5\n\n");
    assert_eq!(e.handle_line("genmove b").unwrap(), "= pass\n\n");
}

#[test]
fn vertices_round_trip() {
    let b = Board::new(19);
    for r in 0..19 {
        for c in 0..19 {
            let m = Move::Play(b.point(r, c));
            assert_eq!(gtp::parse_vertex(&b, &gtp::format_vertex(&b, m)), Ok(m));
        }
    }
    // The spec's `4 4` is D16, and I is skipped.
    assert_eq!(gtp::format_vertex(&b, Move::Play(b.point(3, 3))), "D16");
    assert_eq!(gtp::format_vertex(&b, Move::Play(b.point(18, 8))), "J1");
    assert_eq!(gtp::parse_vertex(&b, "PASS"), Ok(Move::Pass));
    assert_eq!(gtp::format_vertex(&b, Move::Pass), "pass");
    assert!(gtp::parse_vertex(&b, "I5").is_err());
    assert!(gtp::parse_vertex(&b, "A0").is_err());
    assert!(gtp::parse_vertex(&b, "A20").is_err());
    assert!(gtp::parse_vertex(&b, "A+1").is_err());
}

proptest! {
    #[test]
    fn arbitrary_lines_never_panic(lines in prop::collection::vec(".{0,40}", 1..8)) {
        let mut e = engine();
        for l in &lines {
            if let Some(ans) = e.handle_line(l) {
                prop_assert!(ans.starts_with('=') || ans.starts_with('?'));
                prop_assert!(ans.ends_with("\n\n"));
            }
        }
    }

    #[test]
    fn errors_leave_the_state_unchanged(cmd in "(play|boardsize|komi|undo|genmove|reg_genmove|loadsgf|fixed_handicap|set_free_handicap) .{0,12}") {
        let mut e = engine();
        e.handle_line("boardsize 5");
        e.handle_line("play b C3");
        let before = (e.board().diagram(), e.board().to_move(), e.board().hash());
        let ans = e.handle_line(&cmd).unwrap();
        if ans.starts_with('?') {
            prop_assert_eq!(before, (e.board().diagram(), e.board().to_move(), e.board().hash()));
        }
    }
}

/// A 9x9 board that is all white but nine two-point eyes: black cannot live anywhere.
fn hopeless_for_black(e: &mut GtpEngine) {
    assert_eq!(e.handle_line("boardsize 9").unwrap(), "=\n\n");
    for r in 0..9 {
        for (c, letter) in "ABCDEFGHJ".chars().enumerate() {
            let eye = r % 3 == 1 && (c % 3 == 1 || c % 3 == 2);
            if !eye {
                let cmd = format!("play w {letter}{}", r + 1);
                assert_eq!(e.handle_line(&cmd).unwrap(), "=\n\n", "{cmd}");
            }
        }
    }
}

#[test]
fn genmove_resigns_a_lost_game_only_when_allowed() {
    let cfg = SearchConfig { playouts: 2_000, threads: 1, ..SearchConfig::default() };
    let mut e = GtpEngine::new(cfg.clone()).resign_below(0.05);
    hopeless_for_black(&mut e);
    let before = e.handle_line("showboard").unwrap();
    assert_eq!(e.handle_line("genmove b").unwrap(), "= resign\n\n");
    // Resigning plays nothing.
    assert_eq!(e.handle_line("showboard").unwrap(), before);

    // The plain engine never resigns: it plays on (into an eye; nothing else is legal).
    let mut plain = GtpEngine::new(cfg.clone());
    hopeless_for_black(&mut plain);
    let answer = plain.handle_line("genmove b").unwrap();
    assert!(answer.starts_with("= ") && answer != "= resign\n\n", "{answer:?}");

    // Nor does it resign in the opening, however the search looks.
    let mut early = GtpEngine::new(cfg).resign_below(1.0);
    assert_eq!(early.handle_line("boardsize 9").unwrap(), "=\n\n");
    let answer = early.handle_line("genmove b").unwrap();
    assert!(answer != "= resign\n\n", "{answer:?}");
}

/// The engine's visible state: the board, the score with its komi, and the position
/// `undo` goes back to (so it takes one move back).
fn state(e: &mut GtpEngine) -> (String, String, String) {
    let board = e.handle_line("showboard").unwrap();
    let score = e.handle_line("final_score").unwrap();
    let undo = e.handle_line("undo").unwrap();
    (board, score, undo + &e.handle_line("showboard").unwrap())
}

/// A board as comparable facts: stones, side to move, prisoners, moves played.
fn facts(b: &Board) -> (String, u64, u32, u32, u32) {
    (
        b.diagram(),
        b.position_key(),
        b.prisoners(Colour::Black),
        b.prisoners(Colour::White),
        b.move_count(),
    )
}

/// An engine after `cmds`, each answered with `=`.
fn after(cmds: &[String]) -> GtpEngine {
    let mut e = engine();
    for c in cmds {
        let answer = e.handle_line(c).unwrap();
        assert!(answer.starts_with('='), "{c}: {answer}");
    }
    e
}

fn published_game() -> std::path::PathBuf {
    repo("docs/games/19x19-level10/game-001.sgf")
}

#[test]
fn loadsgf_sets_up_the_position_before_the_given_move() {
    use menace_go::io::sgf;
    let path = published_game();
    let game = sgf::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // Up to move 101: the same as playing the first 100 moves by hand.
    let mut by_hand = vec!["boardsize 19".to_string(), "komi 0".to_string()];
    for (i, &m) in game.moves[..100].iter().enumerate() {
        let b = Board::new(19);
        let colour = if i % 2 == 0 { "b" } else { "w" };
        by_hand.push(format!("play {colour} {}", gtp::format_vertex(&b, m)));
    }
    let mut loaded = after(&[format!("loadsgf {} 101", path.display())]);
    let mut played = after(&by_hand);
    assert_eq!(facts(loaded.board()), facts(played.board()));
    assert_eq!(state(&mut loaded), state(&mut played), "history and komi too");
    // Without a move number: the whole game, which ended with two passes and B+1.
    let mut whole = after(&[format!("loadsgf {}", path.display())]);
    assert_eq!(whole.board().move_count() as usize, game.moves.len());
    assert_eq!(whole.handle_line("final_score").unwrap(), "= B+1\n\n");
}

#[test]
fn reg_genmove_answers_what_genmove_plays_and_changes_nothing() {
    let path = published_game();
    let mut e = after(&[format!("loadsgf {} 150", path.display())]);
    let before = facts(e.board());
    let reg = e.handle_line("reg_genmove b").unwrap();
    assert_eq!(facts(e.board()), before, "reg_genmove played");
    let gen = e.handle_line("genmove b").unwrap();
    assert_eq!(reg, gen);
    assert_ne!(facts(e.board()), before, "genmove did not play");
    assert_eq!(e.handle_line("reg_genmove purple").unwrap(), "? invalid color\n\n");
}

#[test]
fn loadsgf_refuses_bad_files_and_arguments_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let not_sgf = write("a.txt", b"hello");
    let illegal = write("b.sgf", b"(;SZ[9];B[ee];W[ee])");
    let binary = write("c.sgf", &[0xff, 0xfe, b'(']);
    let airless = write("d.sgf", b"(;SZ[9]AB[aa]AW[ba][ab])");
    let big = write("e.sgf", &vec![b' '; (1 << 20) + 1]);
    // A komi the `komi` command refuses is refused from a file too (issue 75: `KM[3e38]`
    // was taken, and `final_score` said `W+9223372036854775807`).
    let huge_komi = write("f.sgf", b"(;SZ[9]KM[3e38];B[ee])");
    let inf_komi = write("g.sgf", b"(;SZ[9]KM[inf];B[ee])");
    let cases = [
        ("loadsgf /no/such/file.sgf".to_string(), "? cannot load file: /no/such/file.sgf"),
        (format!("loadsgf {not_sgf}"), "? cannot load file: an SGF game starts with `(`"),
        (format!("loadsgf {illegal}"), "? cannot load file: move 2 is illegal"),
        (format!("loadsgf {binary}"), "? cannot load file: "),
        (format!("loadsgf {airless}"), "? cannot load file: the position set up in node 0: the group at row 1, column 1 has no liberties"),
        (format!("loadsgf {big}"), "? cannot load file: "),
        (format!("loadsgf {illegal} 0"), "? move number must be a whole number from 1"),
        (format!("loadsgf {huge_komi}"), "? cannot load file: komi \"3e38\" is not a number from -1000 to 1000"),
        (format!("loadsgf {inf_komi}"), "? cannot load file: komi \"inf\" is not a number"),
        // The path is the rest of the line: a last word that is not a number is part of it.
        (format!("loadsgf {illegal} x"), "? cannot load file: "),
        (format!("loadsgf {illegal} 1 2"), "? cannot load file: "),
        ("loadsgf".to_string(), "? syntax error"),
    ];
    let setup = ["boardsize 9".to_string(), "komi 5.5".into(), "play b C3".into()];
    let mut e = after(&setup);
    let before = (facts(e.board()), e.handle_line("final_score").unwrap());
    for (cmd, want) in cases {
        let got = e.handle_line(&cmd).unwrap();
        assert!(got.starts_with(want), "{cmd}: {got:?}");
        assert_eq!((facts(e.board()), e.handle_line("final_score").unwrap()), before, "{cmd}");
    }
    assert_eq!(e.handle_line("komi 3e38").unwrap(), "? komi not a float\n\n");
    // The history survived too: undo still takes back C3.
    assert_eq!(e.handle_line("undo").unwrap(), "=\n\n");
    assert_eq!(e.handle_line("undo").unwrap(), "? cannot undo\n\n");
}

#[test]
fn fixed_handicap_points_are_the_gtp_standard_ones() {
    use menace_go::rules::handicap;
    let names = |size: usize, n: usize| -> Vec<String> {
        let b = Board::new(size);
        let stones = handicap::fixed(size, n).unwrap();
        stones.iter().map(|&p| gtp::format_vertex(&b, Move::Play(p))).collect()
    };
    // The GTP 2 specification's placements, spot checks: 19x19 and 13x13 on the fourth
    // line, 9x9 and the even 8x8 on the third.
    assert_eq!(names(19, 9), ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]);
    assert_eq!(names(19, 5), ["D4", "Q16", "D16", "Q4", "K10"]);
    assert_eq!(names(19, 7), ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"]);
    assert_eq!(names(13, 9), ["D4", "K10", "D10", "K4", "D7", "K7", "G4", "G10", "G7"]);
    assert_eq!(names(9, 9), ["C3", "G7", "C7", "G3", "C5", "G5", "E3", "E7", "E5"]);
    assert_eq!(names(9, 6), ["C3", "G7", "C7", "G3", "C5", "G5"]);
    assert_eq!(names(8, 4), ["C3", "F6", "C6", "F3"]);
    for size in 2..=19 {
        for n in 0..=12 {
            let Ok(points) = handicap::fixed(size, n) else {
                assert!(n < 2 || n > handicap::max_fixed(size), "{size} {n}");
                continue;
            };
            assert!((2..=handicap::max_fixed(size)).contains(&n), "{size} {n}");
            let mut distinct = points.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), n, "{size} {n}: distinct points");
        }
    }
    assert_eq!(
        (2..=19).map(handicap::max_fixed).collect::<Vec<_>>(),
        [0, 0, 0, 0, 0, 4, 4, 9, 4, 9, 4, 9, 4, 9, 4, 9, 4, 9]
    );
}

#[test]
fn a_handicap_game_starts_with_white_and_its_stones_stay() {
    let mut e = engine();
    assert_eq!(e.handle_line("boardsize 9").unwrap(), "=\n\n");
    assert_eq!(e.handle_line("place_free_handicap 4").unwrap(), "= C3 G7 C7 G3\n\n");
    assert_eq!(e.board().to_move(), Colour::White);
    let answer = e.handle_line("genmove w").unwrap();
    assert!(answer.starts_with("= ") && answer != "= pass\n\n", "{answer:?}");
    assert_eq!(e.board().diagram().matches('X').count(), 4);
    assert_eq!(e.board().diagram().matches('O').count(), 1);
    // One undo takes back white's move, not the handicap.
    assert_eq!(e.handle_line("undo").unwrap(), "=\n\n");
    assert_eq!(e.handle_line("undo").unwrap(), "? cannot undo\n\n");
    assert_eq!(e.board().diagram().matches('X').count(), 4);
    // A second handicap on this board is refused and changes nothing.
    assert_eq!(e.handle_line("set_free_handicap E5 E6").unwrap(), "? board not empty\n\n");
    assert_eq!(e.board().diagram().matches('X').count(), 4);
    // set_free_handicap takes any points.
    e.handle_line("clear_board");
    assert_eq!(e.handle_line("set_free_handicap A1 J9 e5").unwrap(), "=\n\n");
    let b = e.board();
    assert_eq!([(8, 0), (0, 8), (4, 4)].map(|(r, c)| b.at(b.point(r, c))), [BLACK; 3]);
    assert_eq!(b.to_move(), Colour::White);
}

/// Both clocks as the engine counts them.
fn clocks(e: &GtpEngine) -> [Option<menace_go::rules::clock::Clock>; 2] {
    [e.clock(Colour::Black).copied(), e.clock(Colour::White).copied()]
}

proptest! {
    #[test]
    fn clock_commands_answer_or_refuse_and_a_refusal_changes_nothing(
        cmd in "(time_settings|kgs-time_settings|time_left)",
        args in prop::collection::vec("(-?[0-9]{1,7}(\\.[0-9]{0,2})?|b|w|black|none|absolute|byoyomi|canadian|[a-z]{1,5}|.{0,6})", 0..5),
    ) {
        let mut e = engine();
        e.handle_line("kgs-time_settings canadian 300 30 5");
        e.handle_line("time_left w 17 3");
        let before = clocks(&e);
        let ans = e.handle_line(&format!("{cmd} {}", args.join(" "))).unwrap();
        prop_assert!(ans.starts_with('=') || ans.starts_with('?'), "{ans}");
        if ans.starts_with('?') {
            prop_assert_eq!(before, clocks(&e));
        }
    }
}

#[test]
fn clock_commands_set_and_follow_the_clocks() {
    use menace_go::rules::clock::TimeControl;
    use std::time::Duration;
    let mut e = engine();
    assert_eq!(clocks(&e), [None, None]);
    // time_left before any time control: accepted, nothing to follow.
    assert_eq!(e.handle_line("time_left b 30 0").unwrap(), "=\n\n");
    assert_eq!(clocks(&e), [None, None]);
    assert_eq!(e.handle_line("time_settings 300 30 5").unwrap(), "=\n\n");
    let canadian = TimeControl::Canadian {
        main: Duration::from_secs(300),
        period: Duration::from_secs(30),
        stones: 5,
    };
    assert_eq!(e.clock(Colour::White).unwrap().control(), canadian);
    assert_eq!(e.handle_line("time_left white 12.5 3").unwrap(), "=\n\n");
    let w = e.clock(Colour::White).unwrap();
    assert_eq!(
        (w.in_overtime(), w.period_left(), w.count_left()),
        (true, Duration::from_millis(12_500), 3)
    );
    assert_eq!(e.clock(Colour::Black).unwrap().main_left(), Duration::from_secs(300));
    for (bad, why) in [
        ("time_settings 300 30", "? syntax error\n\n"),
        ("time_settings 300 30 x", "? syntax error\n\n"),
        ("time_left white 12 -1", "? syntax error\n\n"),
        ("time_left purple 12 0", "? invalid color\n\n"),
        ("time_left w 1e3 0", "? syntax error\n\n"),
    ] {
        assert_eq!(e.handle_line(bad).unwrap(), why, "{bad}");
    }
    assert!(e.handle_line("kgs-time_settings fischer 1 2").unwrap().starts_with("? syntax error"));
    assert_eq!(e.handle_line("kgs-time_settings byoyomi 0 10 3").unwrap(), "=\n\n");
    assert!(matches!(e.clock(Colour::Black).unwrap().control(), TimeControl::ByoYomi { .. }));
    // "No limit" and "none" take the clocks away: the fixed budget again.
    assert_eq!(e.handle_line("time_settings 300 30 0").unwrap(), "=\n\n");
    assert_eq!(clocks(&e), [None, None]);
    assert_eq!(e.handle_line("kgs-time_settings absolute 20").unwrap(), "=\n\n");
    assert_eq!(e.handle_line("kgs-time_settings none").unwrap(), "=\n\n");
    assert_eq!(clocks(&e), [None, None]);
}

/// The engine's own clock (`menace go --gtp --time`): both clocks run under it from the
/// start, a new game starts them afresh, and a controller's `time_settings` replaces it.
#[test]
fn the_engines_own_clock_runs_until_a_controller_sets_another() {
    use menace_go::rules::clock::TimeControl;
    use std::time::Duration;
    let byo =
        TimeControl::Canadian { main: Duration::ZERO, period: Duration::from_secs(10), stones: 1 };
    let mut e = GtpEngine::new(SearchConfig::default()).time_control(Some(byo));
    assert_eq!(e.clock(Colour::Black).unwrap().control(), byo);
    assert_eq!(e.handle_line("time_left white 3 1").unwrap(), "=\n\n");
    assert_eq!(e.clock(Colour::White).unwrap().period_left(), Duration::from_secs(3));
    // A new game: both clocks full again, under the same control.
    assert_eq!(e.handle_line("clear_board").unwrap(), "=\n\n");
    let fresh = menace_go::rules::clock::Clock::new(byo);
    assert_eq!(clocks(&e), [Some(fresh), Some(fresh)]);
    assert_eq!(e.handle_line("time_settings 60 0 0").unwrap(), "=\n\n");
    let absolute = TimeControl::Absolute { main: Duration::from_secs(60) };
    assert_eq!(e.clock(Colour::White).unwrap().control(), absolute);
    assert_eq!(e.handle_line("boardsize 9").unwrap(), "=\n\n");
    assert_eq!(e.clock(Colour::White).unwrap().control(), absolute);
    // Without a clock of its own, none until a controller sets one.
    assert_eq!(clocks(&GtpEngine::new(SearchConfig::default()).time_control(None)), [None, None]);
}

/// The rule of a clock, in real time: with 1 s a move (`time_settings 0 1 1`) the engine
/// at its default settings (which on the fixed budget thinks longer than that) answers
/// each genmove within the second, and charges its own clock.
#[test]
fn genmove_under_one_second_a_move_answers_within_the_second() {
    use std::time::{Duration, Instant};
    let mut e = GtpEngine::new(SearchConfig { threads: 2, ..SearchConfig::default() });
    for cmd in ["boardsize 9", "komi 7", "time_settings 0 1 1"] {
        assert_eq!(e.handle_line(cmd).unwrap(), "=\n\n");
    }
    for (i, colour) in ["b", "w", "b", "w"].iter().enumerate() {
        let start = Instant::now();
        let ans = e.handle_line(&format!("genmove {colour}")).unwrap();
        let took = start.elapsed();
        assert!(ans.starts_with("= "), "{ans}");
        assert!(took < Duration::from_secs(1), "move {i} took {took:?}");
    }
    // Our own count: in overtime, a period of 1 s for 1 stone, the moves charged to it.
    let b = e.clock(Colour::Black).unwrap();
    assert!(b.in_overtime() && b.count_left() == 1, "{b:?}");
}

/// The clock with one shared tree (`--tune parallel=shared_tree`) and tree reuse: each genmove under
/// `time_settings 0 1 1` answers within its second, and the game is a legal one.
#[test]
fn a_shared_tree_under_a_clock_with_tree_reuse_answers_within_the_second() {
    use std::time::{Duration, Instant};
    let cfg = SearchConfig { threads: 2, ..SearchConfig::default() }
        .with("parallel=shared_tree")
        .unwrap();
    let mut e = GtpEngine::new(cfg).reuse_tree(true);
    for cmd in ["boardsize 9", "komi 7", "time_settings 0 1 1"] {
        assert_eq!(e.handle_line(cmd).unwrap(), "=\n\n");
    }
    for (i, colour) in ["b", "w", "b", "w", "b", "w"].iter().enumerate() {
        let start = Instant::now();
        let ans = e.handle_line(&format!("genmove {colour}")).unwrap();
        let took = start.elapsed();
        assert!(ans.starts_with("= ") && !ans.contains("resign"), "{ans}");
        assert!(took < Duration::from_secs(1), "move {i} took {took:?}");
    }
    assert_eq!(e.board().diagram().matches(['X', 'O']).count(), 6, "{}", e.board().diagram());
}

/// Without a clock the engine is the fixed-budget engine: a time_left or a cleared clock
/// changes no move.
#[test]
fn no_clock_means_the_fixed_budget_moves() {
    let run = |extra: &[&str]| {
        let mut e = engine();
        e.handle_line("boardsize 9");
        for cmd in extra {
            e.handle_line(cmd);
        }
        (0..3).map(|_| e.handle_line("genmove b").unwrap()).collect::<Vec<_>>()
    };
    let plain = run(&[]);
    assert_eq!(plain, run(&["time_settings 10 0 0", "kgs-time_settings none", "time_left b 1 0"]));
}

/// The answer text of `cmd` (without `= ` and the empty line), which must succeed.
fn ok(e: &mut GtpEngine, cmd: &str) -> String {
    let ans = e.handle_line(cmd).unwrap();
    assert!(ans.starts_with('='), "{cmd}: {ans:?}");
    ans[1..].trim().to_string()
}

#[test]
fn final_status_list_and_final_score_on_positions_with_known_dead_stones() {
    use menace_testkit::go::{dead_stones, gtp_setup, DeadStones};
    for DeadStones { about: what, rows, komi, dead, seki, score } in dead_stones() {
        let rows = rows.as_str();
        let mut e = engine();
        for cmd in gtp_setup(rows, komi) {
            ok(&mut e, &cmd);
        }
        let before = facts(e.board());
        assert_eq!(ok(&mut e, "final_status_list dead"), dead, "{what}");
        assert_eq!(ok(&mut e, "final_status_list seki"), seki, "{what}");
        assert_eq!(ok(&mut e, "final_score"), score, "{what}");
        // Every stone is listed exactly once over the three lists.
        let alive = ok(&mut e, "final_status_list alive");
        let mut listed: Vec<&str> = [dead.as_str(), seki.as_str(), alive.as_str()]
            .iter()
            .flat_map(|s| s.split_whitespace())
            .collect();
        listed.sort_unstable();
        let n = listed.len();
        listed.dedup();
        assert_eq!(listed.len(), n, "{what}: a stone listed twice");
        assert_eq!(n, rows.matches(['X', 'O']).count(), "{what}");
        assert_eq!(facts(e.board()), before, "{what}: the lists changed the position");
    }
}

#[test]
fn genmove_cleanup_does_not_pass_until_the_dead_stones_are_captured() {
    // Black wins as the board stands (komi -20) although the dead white A1 is still there:
    // after white's pass genmove passes, but the cleanup genmove plays on until A1 is gone.
    let mut e = engine();
    for cmd in menace_testkit::go::gtp_setup(&menace_testkit::go::dead_stones()[0].rows, -20.0) {
        ok(&mut e, &cmd);
    }
    ok(&mut e, "play w pass");
    assert_eq!(ok(&mut e, "reg_genmove b"), "pass");
    let mut moves = 0;
    loop {
        let mv = ok(&mut e, "kgs-genmove_cleanup b");
        if mv == "pass" {
            break;
        }
        moves += 1;
        assert!(moves < 25, "black never captured A1");
        ok(&mut e, "play w pass");
    }
    let a1 = e.board().point(4, 0);
    assert_ne!(e.board().colour_at(a1), Some(Colour::White), "A1 still on the board");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    assert!(moves >= 2, "capturing A1 takes two moves");
}

proptest! {
    #[test]
    fn end_of_game_commands_answer_and_keep_the_state(args in ".{0,16}", cleanup in any::<bool>()) {
        let mut e = engine();
        for cmd in menace_testkit::go::gtp_setup(&menace_testkit::go::dead_stones()[0].rows, 0.0) {
            e.handle_line(&cmd);
        }
        let name = if cleanup { "kgs-genmove_cleanup" } else { "final_status_list" };
        let before = facts(e.board());
        let ans = e.handle_line(&format!("{name} {args}")).unwrap_or_default();
        prop_assert!(ans.starts_with('=') || ans.starts_with('?'), "{:?}", ans);
        // A `?` changes nothing; final_status_list never changes anything.
        if ans.starts_with('?') || !cleanup {
            prop_assert_eq!(facts(e.board()), before);
        }
    }
}

/// Files as other programs write them, each with the position `loadsgf` must set up: the
/// file, the move number given (0: none), the board (top row first), the side to move and
/// the moves in the loaded history (since the last set-up position).
const LOADSGF_FILES: &[(&str, &str, usize, &str, Colour, usize)] = &[
    (
        // GNU Go 3.8's own `printsgf` (the file in tests/data, made by
        //   printf 'boardsize 9\nkomi 6.5\nplay b E5\nplay w D5\nplay b D6\nplay w C4\n
        //   play b D4\nplay w G7\nplay b C5\nplay w pass\nprintsgf gnugo-printsgf.sgf\n'
        //   | gnugo --mode gtp
        // ): the position as setup stones, AW before AB, and PL; no moves. Its showboard
        // then: black D6 C5 E5 D4, white G7 C4, black to move.
        "gnugo-printsgf.sgf",
        "",
        0,
        ".........\n.........\n......O..\n...X.....\n..X.X....\n..OX.....\n.........\n.........\n.........\n",
        Colour::Black,
        0,
    ),
    (
        // Variations: the main line is the first at every branch.
        "",
        "(;GM[1]FF[4]SZ[5](;B[cc](;W[bb];B[dd])(;W[dd]))(;B[aa]))",
        0,
        ".....\n.O...\n..X..\n...X.\n.....\n",
        Colour::White,
        3,
    ),
    (
        // The same file up to the position before move 3.
        "",
        "(;GM[1]FF[4]SZ[5](;B[cc](;W[bb];B[dd])(;W[dd]))(;B[aa]))",
        3,
        ".....\n.O...\n..X..\n.....\n.....\n",
        Colour::Black,
        2,
    ),
    (
        // Setup after moves (a problem's diagram changed mid-record), a rectangle of white
        // stones (`ba:ca`), an emptied point (AE) and white to play (PL): the history starts
        // again at the setup, and the move after it is played by the colour it names.
        "",
        "(;SZ[5];B[aa];W[ee];AB[cc]AW[ba:ca]AE[aa]PL[W];W[dd])",
        0,
        ".OO..\n.....\n..X..\n...O.\n....O\n",
        Colour::Black,
        1,
    ),
    (
        // Our own records: handicap stones, white first.
        "",
        "(;GM[1]FF[4]SZ[9]HA[2]AB[cg][gc];W[ee];B[ff])",
        0,
        ".........\n.........\n......X..\n.........\n....O....\n.....X...\n..X......\n.........\n.........\n",
        Colour::White,
        2,
    ),
];

#[test]
fn loadsgf_reads_setup_stones_the_player_to_move_and_the_main_line() {
    let dir = tempfile::tempdir().unwrap();
    for (k, &(file, text, before, diagram, to_move, moves)) in LOADSGF_FILES.iter().enumerate() {
        let path = if file.is_empty() {
            let p = dir.path().join(format!("{k}.sgf"));
            std::fs::write(&p, text).unwrap();
            p
        } else {
            repo("crates/go/tests/data").join(file)
        };
        let number = if before == 0 { String::new() } else { format!(" {before}") };
        let mut e = after(&[format!("loadsgf {}{number}", path.display())]);
        let b = e.board();
        assert_eq!((b.diagram().as_str(), b.to_move()), (diagram, to_move), "case {k}");
        // `undo` steps back through the moves and no further than the set-up position.
        for _ in 0..moves {
            assert_eq!(e.handle_line("undo").unwrap(), "=\n\n", "case {k}");
        }
        assert_eq!(e.handle_line("undo").unwrap(), "? cannot undo\n\n", "case {k}");
    }
}

/// Send two, return one on 5x5 (as in `crates/go/tests/it/referee.rs`): after black's
/// throw-in at A1 and white's capture at C1, black's retake at B1 would bring back the
/// stones before the throw-in with white to move where black was. Positional superko,
/// what `menace go match` referees, forbids it: the search never considers it, though
/// `play` takes it (the controller referees).
#[test]
fn genmove_never_recreates_an_earlier_position_whoever_was_to_move() {
    let mut cmds = vec!["boardsize 5".to_string()];
    let moves = ["B1", "A2", "C2", "B2", "D1", "A3", "E5", "B3", "A1", "C1"];
    for (i, v) in moves.iter().enumerate() {
        cmds.push(format!("play {} {v}", if i % 2 == 0 { "b" } else { "w" }));
    }
    let mut e = after(&cmds);
    let ans = e.handle_line("lz-analyze b").unwrap();
    assert!(ans.contains("info move "), "{ans}");
    assert!(!ans.contains("move B1 "), "B1 recreates the position after move 8: {ans}");
    assert_eq!(e.handle_line("play b B1").unwrap(), "=\n\n");
}

/// A path with spaces is the rest of the line (issue 75: it got "move number must be..."),
/// with or without a move number after it.
#[test]
fn loadsgf_reads_a_path_with_spaces() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("my  games");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("game one.sgf");
    std::fs::copy(published_game(), &path).unwrap();
    let spaced = after(&[format!("loadsgf {} 101", path.display())]);
    let plain = after(&[format!("loadsgf {} 101", published_game().display())]);
    assert_eq!(facts(spaced.board()), facts(plain.board()));
    let mut whole = after(&[format!("7 loadsgf   {}  ", path.display())]);
    assert_eq!(whole.handle_line("final_score").unwrap(), "= B+1\n\n");
}

/// A megabyte of setup nodes without `PL` (issue 75's hostile file: each node looked
/// ahead through every later one for the next move's colour, 200 s for 980 KB) loads in
/// one pass now; every node is a set-up position, so `undo` has nothing to take back.
#[test]
fn loadsgf_of_a_megabyte_of_setup_nodes_is_one_pass() {
    let head = "(;GM[1]SZ[19]";
    let mut text = String::from(head);
    let mut k = 0;
    while text.len() + 14 + 7 <= 1 << 20 {
        let (r, c) = ((b'a' + (k % 19) as u8) as char, (b'a' + (k / 19 % 19) as u8) as char);
        text.push_str(&format!(";AB[{c}{r}];AE[{c}{r}]"));
        k += 1;
    }
    text.push_str(";W[aa])");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("setup.sgf");
    std::fs::write(&path, &text).unwrap();
    let mut e = after(&[format!("loadsgf {}", path.display())]);
    // The last setup node's side to move is the move after it, white's.
    assert_eq!(e.board().move_count(), 1);
    assert_eq!(e.board().to_move(), Colour::Black);
    assert_eq!(e.handle_line("undo").unwrap(), "=\n\n");
    assert_eq!(e.board().to_move(), Colour::White);
    assert_eq!(e.handle_line("undo").unwrap(), "? cannot undo\n\n");
}

/// GoGui's `# interrupt` (sent to an engine that lists `gogui-interrupt`) stops a
/// `loadsgf`: the answer is `? cannot load file: interrupted` and nothing changed, or, when
/// the load was done first, `=` and the game loaded; either way the next command is
/// answered. The loader stops at once when asked before it starts.
#[test]
fn an_interrupt_stops_loadsgf_and_changes_nothing() {
    use menace_go::io::sgf;
    use std::sync::atomic::AtomicBool;
    let text = std::fs::read_to_string(published_game()).unwrap();
    let stopped = sgf::load(&text, None, &AtomicBool::new(true)).unwrap_err();
    assert_eq!(stopped, sgf::INTERRUPTED);
    assert!(sgf::load(&text, None, &AtomicBool::new(false)).is_ok());

    let mut passes = String::from("(;SZ[9]");
    while passes.len() + 8 < 1 << 20 {
        passes.push_str(";B[];W[]");
    }
    passes.push(')');
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("passes.sgf");
    std::fs::write(&path, &passes).unwrap();
    let input = format!(
        "boardsize 5\n1 loadsgf {}\n{}\n2 showboard\n",
        path.display(),
        gtp::INTERRUPT_LINE
    );
    let mut out = Vec::new();
    gtp::serve(engine(), input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let answers: Vec<&str> = out.split("\n\n").collect();
    let board = answers[2];
    match answers[1] {
        "?1 cannot load file: interrupted" => assert!(board.contains(" 5 . . . . . 5"), "{out}"),
        "=1" => assert!(board.contains(" 9 . . . . . . . . . 9"), "{out}"),
        other => panic!("{other:?} in {out}"),
    }
    assert!(engine().handle_line("known_command gogui-interrupt").unwrap().contains("true"));
}

/// `printsgf` (issue 75) answers the game as SGF that `loadsgf` reads back to the same
/// game: a set-up start, moves out of turn, the komi; `kata-set-rules` takes only the
/// engine's rules, and `kata-set-param` only a value its row allows, changing nothing else.
#[test]
fn printsgf_round_trips_through_loadsgf_and_refusals_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let start = dir.path().join("start.sgf");
    std::fs::write(&start, "(;SZ[9]KM[5.5]AB[cc][gg]AW[ee]PL[W])").unwrap();
    let mut e = after(&[
        format!("loadsgf {}", start.display()),
        "play w D4".into(),
        "play w F6".into(),
        "play b pass".into(),
    ]);
    let printed = e.handle_line("printsgf").unwrap();
    let text = printed.strip_prefix("= ").unwrap().trim_end();
    assert!(text.contains("RU[Chinese]") && text.contains("KM[5.5]"), "{text}");
    assert!(text.contains("PL[W]") && text.contains(";W[df];W[fd];B[]"), "{text}");
    let path = dir.path().join("printed.sgf");
    std::fs::write(&path, text).unwrap();
    let mut back = after(&[format!("loadsgf {}", path.display())]);
    assert_eq!(facts(back.board()), facts(e.board()));
    assert_eq!(state(&mut back), state(&mut e), "history and komi too");
    assert_eq!(e.handle_line("get_komi").unwrap(), "= 5.5\n\n");
    // Refusals change nothing.
    let board = e.handle_line("showboard").unwrap();
    for cmd in [
        "printsgf out.sgf",
        "kata-set-rules chinese",
        "kata-set-rules {\"ko\":\"SIMPLE\"}",
        "kata-set-param rave_equiv 1",
        "kata-set-param no_such_param 3",
        "lz-setoption name visits value 0",
        "lz-setoption name lagbuffer value 3",
    ] {
        assert!(e.handle_line(cmd).unwrap().starts_with("? "), "{cmd}");
    }
    assert_eq!(e.handle_line("kata-get-param rave_equiv").unwrap(), "= 3500\n\n");
    assert_eq!(e.handle_line("showboard").unwrap(), board);
    assert_eq!(e.handle_line("kata-set-rules {\"suicide\":false}").unwrap(), "=\n\n");
    assert_eq!(e.handle_line("kata-get-rules").unwrap(), format!("= {}\n\n", gtp::RULES_JSON));
}
