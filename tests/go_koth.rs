//! The king-of-the-hill format and bot: parsing (malformed input is an error, never a
//! panic), inference from the bare board, legality and determinism of the answer.

use menace::go::io::koth;
use menace::go::model::pattern;
use menace::go::rules::board::{Board, Colour, Move, EDGE, EMPTY};
use menace::go::search::bot::{self, Context};
use menace::go::search::mcts::SearchConfig;
use menace::go::search::playout;
use menace::rng::from_seed;
use proptest::prelude::*;

mod common;

fn empty_input(last: &str) -> String {
    format!("{}{last}\n", "0000000000000000000\n".repeat(19))
}

#[test]
fn malformed_inputs_are_rejected_with_a_reason() {
    let ok = empty_input("0 0 1");
    assert!(koth::parse(&ok).is_ok());
    assert!(koth::parse(&ok.replace('\n', "\r\n")).is_ok());
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "expected 20 lines"),
        ("0000000000000000000\n".repeat(19), "18 board rows: the board is 18x18"),
        (
            format!("{}0 0 1\n", "0000000000000000000\n".repeat(18)),
            "18 board rows: the board is 18x18",
        ),
        (ok.replacen("0000000000000000000", "000000000000000000", 1), "line 1: expected 19"),
        (ok.replacen("0000000000000000000", "00000000000000000000", 1), "line 1: expected 19"),
        (ok.replacen("0000000000000000000", "0000000003000000000", 1), "column 10"),
        (ok.replacen("0000000000000000000", "000000000x000000000", 1), "column 10"),
        (empty_input("0 0 3"), "must be 1 or 2"),
        (empty_input("0 0 0"), "must be 1 or 2"),
        (empty_input("0 0"), "three numbers"),
        (empty_input("0 0 1 4"), "three numbers"),
        // Smaller boards are N rows of N, and their numbers line is line N + 1.
        ("000\n000\n000\n0 0 x\n".to_string(), "line 4: the colour to move must be 1 or 2"),
        ("000\n000\n00\n0 0 1\n".to_string(), "line 3: expected 3 characters"),
        ("0\n0 0 1\n".to_string(), "expected 20 lines"),
        (format!("{}0 0 1\n", "00000000000000000000\n".repeat(20)), "expected 20 lines"),
        (empty_input("-1 0 1"), "not a number"),
        (empty_input("a 0 1"), "not a number"),
        (empty_input("0 99999999999999999999 1"), "out of range"),
        (format!("{}\n", ok), "ok"),
    ];
    for (text, want) in cases {
        match koth::parse(&text) {
            Ok(_) => assert_eq!(want, "ok", "accepted {text:?}"),
            Err(e) => assert!(e.0.contains(want), "{:?} does not mention {want:?}", e.0),
        }
    }
    // A group without liberties cannot arise in a game.
    let mut dead = empty_input("0 0 1").into_bytes();
    dead[0] = b'1';
    dead[1] = b'2';
    dead[20] = b'2';
    let e = koth::parse(std::str::from_utf8(&dead).unwrap()).unwrap_err();
    assert!(e.0.contains("no liberties"), "{e}");
}

#[test]
fn inference_from_the_bare_board() {
    let mut b = Board::new(19);
    for (r, c) in [(3, 3), (15, 15), (3, 15)] {
        let p = b.point(r, c);
        b.play(Move::Play(p)).unwrap();
    }
    // Black has played twice, white once: white to move, nobody passed.
    let i = koth::parse(&koth::format(&b)).unwrap();
    assert_eq!(koth::infer(&i).stones_played, [2, 1]);
    assert!(!koth::infer(&i).opponent_passed);
    // White passes: black to move with one more black stone.
    b.play(Move::Pass).unwrap();
    let i = koth::parse(&koth::format(&b)).unwrap();
    assert!(koth::infer(&i).opponent_passed);
    assert_eq!(
        koth::infer(&i).to_string(),
        "black has played 2 moves and white 1; the opponent just passed"
    );
    // Captured stones count as played by their owner.
    let text = koth::format(&b).replace("\n0 0 1\n", "\n0 1 1\n");
    let i = koth::parse(&text).unwrap();
    assert_eq!(koth::infer(&i).stones_played, [3, 1]);
    assert!(!koth::infer(&i).opponent_passed);
    assert_eq!(koth::infer(&i).to_string(), "black has played 3 moves and white 1; no pass");
}

#[test]
fn format_round_trips() {
    // The challenge's 19x19, and the judge's smaller boards (N rows of N).
    for (size, moves) in [(19, 200), (13, 90), (9, 40), (2, 2)] {
        let mut b = Board::new(size);
        let mut rng = from_seed(3);
        for _ in 0..moves {
            let m = playout::policy_move(&b, &mut rng, pattern::compiled());
            b.play_unchecked(m);
        }
        let again = koth::parse(&koth::format(&b)).unwrap();
        assert_eq!(again.board.size(), size);
        assert_eq!(again.board.hash(), b.hash());
        assert_eq!(koth::format(&again.board), koth::format(&b));
        assert_eq!(again.black_prisoners, b.prisoners(Colour::Black));
        assert_eq!(again.white_prisoners, b.prisoners(Colour::White));
    }
}

#[test]
fn bot_moves_are_legal_in_random_positions() {
    let cfg = SearchConfig { playouts: 150, threads: 1, ..SearchConfig::default() };
    for seed in 0..6 {
        let mut b = Board::new(19);
        let mut rng = from_seed(seed);
        for _ in 0..(seed * 60) {
            let m = playout::policy_move(&b, &mut rng, pattern::compiled());
            b.play_unchecked(m);
        }
        let ctx = Context { avoid_ko_retakes: true, ..Context::default() };
        let d = bot::decide(&b, &cfg, &ctx);
        if let Move::Play(p) = d.mv {
            assert_eq!(b.at(p), EMPTY);
            assert!(b.is_legal(d.mv), "seed {seed}: {:?}", b.check(d.mv));
        }
    }
}

#[test]
fn spec_example_takes_the_stone() {
    let text = std::fs::read_to_string("fixtures/go/spec-example.txt").unwrap();
    let input = koth::parse(&text).unwrap();
    let cfg = SearchConfig { playouts: 2000, threads: 1, ..SearchConfig::default() };
    let ctx = Context { avoid_ko_retakes: true, ..Context::default() };
    let d = bot::decide(&input.board, &cfg, &ctx);
    assert_eq!(koth::format_move(&input.board, d.mv), "6 5");
}

fn run_cli(args: &[&str], input: &str) -> (i32, String, String) {
    let out = common::menace(args, None, input.as_bytes());
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_rejects_bad_input_and_answers_good_input_deterministically() {
    let (code, out, err) = run_cli(&["go", "--playouts", "50"], "hello\n");
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("expected 20 lines"), "{err}");
    let (code, _, err) = run_cli(&["go", "--playouts", "50"], &empty_input("0 0 7"));
    assert_ne!(code, 0);
    assert!(err.contains("1 or 2"), "{err}");
    let text = std::fs::read_to_string("fixtures/go/spec-example.txt").unwrap();
    let a = run_cli(&["go", "--playouts", "400"], &text);
    let b = run_cli(&["go", "--playouts", "400"], &text);
    assert_eq!(a.0, 0, "{}", a.2);
    assert_eq!(a, b);
    let mv = a.1.trim().to_string();
    let input = koth::parse(&text).unwrap();
    let m = koth::parse_move(&input.board, &mv).unwrap();
    assert!(input.board.is_legal(m));
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,600}") {
        let _ = koth::parse(&s);
    }

    #[test]
    fn mutated_inputs_never_panic(
        pos in 0usize..420, byte in any::<u8>(), last in "[0-9 \\-x]{0,12}"
    ) {
        let mut text = empty_input(&last).into_bytes();
        if pos < text.len() {
            text[pos] = byte;
        }
        let _ = koth::parse(&String::from_utf8_lossy(&text));
    }
}

/// The two positions where the first v2 games through the judge ended in a tie by a
/// repeated position (`docs/games/koth-19x19-level10-v2`, unit 0 before move 289 and unit
/// 1 before move 184, printed by `menace go position`): black to move 203 to 153 ahead,
/// and white to move well behind, each with a ko to retake.
fn ko_fixture(name: &str) -> Board {
    let text = std::fs::read_to_string(format!("fixtures/go/{name}")).unwrap();
    koth::parse(&text).unwrap().board
}

/// A ko retake by the shape alone, written out here: every neighbour of the point is the
/// opponent's (or off the board), playing it captures exactly one of them, and that stone
/// had no liberty but the point.
fn looks_like_ko_retake(b: &Board, mv: Move) -> bool {
    let Move::Play(p) = mv else { return false };
    let them = b.to_move().opponent().stone();
    let ns = b.neighbors(p);
    if b.at(p) != EMPTY || ns.iter().any(|&q| b.at(q) != them && b.at(q) != EDGE) {
        return false;
    }
    let mut after = b.clone();
    if after.play(mv).is_err() {
        return false;
    }
    let captured: Vec<_> = ns.iter().filter(|&&q| after.at(q) == EMPTY).collect();
    captured.len() == 1 && b.neighbors(*captured[0]).iter().all(|&q| q == p || b.at(q) != EMPTY)
}

#[test]
fn v3_does_not_retake_a_ko_while_winning_and_retakes_one_while_losing() {
    use menace::go::search::profile::Profile;
    let cfg =
        |profile| SearchConfig { playouts: 4000, threads: 1, profile, ..SearchConfig::default() };
    let ctx = Context { avoid_ko_retakes: true, ..Context::default() };
    let win = ko_fixture("koth-ko-winning.txt");
    let ko = Move::Play(win.point(16, 0)); // `17 1`, what the game played
    assert!(looks_like_ko_retake(&win, ko));
    // v2 (frozen) retook it, which is how the game became a tie.
    assert_eq!(bot::decide(&win, &cfg(Profile::V2), &ctx).mv, ko);
    let d = bot::decide(&win, &cfg(Profile::V3), &ctx);
    assert!(!looks_like_ko_retake(&win, d.mv), "{} {}", koth::format_move(&win, d.mv), d.reason);
    assert!(win.is_legal(d.mv));

    let lose = ko_fixture("koth-ko-losing.txt");
    let d = bot::decide(&lose, &cfg(Profile::V3), &ctx);
    assert!(looks_like_ko_retake(&lose, d.mv), "{} {}", koth::format_move(&lose, d.mv), d.reason);
    let best = d.search.as_ref().and_then(|s| s.moves.first()).map(|m| m.winrate).unwrap();
    assert!(best < bot::RETAKE_KO_BELOW, "{best}");
    // Over GTP the history is known: no ko policy, the search decides alone.
    let gtp = Context::default();
    assert_eq!(
        bot::decide(&win, &cfg(Profile::V3), &gtp).mv,
        bot::decide(&win, &cfg(Profile::V2), &gtp).mv
    );
}

#[test]
fn position_prints_the_board_before_a_recorded_move() {
    let sgf = "docs/games/koth-19x19-level10-v2/sgf/unit-00000.sgf";
    let (code, out, _) = run_cli(&["go", "position", sgf, "--move", "1"], "");
    assert_eq!((code, out.as_str()), (0, empty_input("0 0 1").as_str()));
    // After the first two moves (SGF letters: column, then row, from the top left).
    let (code, out, _) = run_cli(&["go", "position", sgf, "--move", "3"], "");
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 20);
    let sgf_text = std::fs::read_to_string(sgf).unwrap();
    let first: Vec<(usize, usize)> = sgf_text
        .split(";B[")
        .nth(1)
        .into_iter()
        .chain(sgf_text.split(";W[").nth(1))
        .map(|m| {
            let b = m.as_bytes();
            ((b[1] - b'a') as usize, (b[0] - b'a') as usize)
        })
        .collect();
    for (r, row) in rows[..19].iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let want = if (r, c) == first[0] {
                '1'
            } else if (r, c) == first[1] {
                '2'
            } else {
                '0'
            };
            assert_eq!(ch, want, "row {r} col {c}");
        }
    }
    assert_eq!(rows[19], "0 0 1");
    // The position before move 289 is the fixture the ko test uses.
    let (_, out, _) = run_cli(&["go", "position", sgf, "--move", "289"], "");
    assert_eq!(out, std::fs::read_to_string("fixtures/go/koth-ko-winning.txt").unwrap());
    for (args, want) in [
        (vec!["go", "position", sgf, "--move", "0"], "counts from 1"),
        (vec!["go", "position", sgf, "--move", "100000"], "past its end"),
        (vec!["go", "position", "Cargo.toml"], "Cargo.toml"),
        (vec!["go", "position", "/nonexistent.sgf"], "cannot read"),
    ] {
        let (code, out, err) = run_cli(&args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// Profile v6's wider root in the king-of-the-hill format. Before move 231 of game 35 of
/// the v4 run against GNU Go (fixtures/go/koth-centre-push.txt), white has pushed into
/// black's centre. The same search *with* the history (GTP, `loadsgf`, so it knows the
/// push) answers it at J10; from the bare board v5 plays elsewhere, and v6, whose root
/// widens faster, finds the move the history-aware search plays.
#[test]
fn v6_finds_from_the_bare_board_the_answer_the_search_with_history_plays() {
    let root = env!("CARGO_MANIFEST_DIR");
    let sgf = format!("{root}/docs/games/koth-19x19-level10-v4/sgf/unit-00034.sgf");
    let fixture =
        std::fs::read_to_string(format!("{root}/fixtures/go/koth-centre-push.txt")).unwrap();
    let search = ["--playouts", "20000", "--seed", "35"];
    let gtp_args = [&["go", "--gtp", "--profile", "v5"][..], &search].concat();
    let (code, out, err) = run_cli(&gtp_args, &format!("loadsgf {sgf} 231\ngenmove b\nquit\n"));
    assert_eq!(code, 0, "{err}");
    let with_history = out.lines().find_map(|l| l.strip_prefix("= ").filter(|m| !m.is_empty()));
    // J10 is row 10, column 9 in the king-of-the-hill's terms (I is skipped).
    assert_eq!(with_history, Some("J10"), "{out}");
    let koth = |profile: &str| {
        let (code, out, err) =
            run_cli(&[&["go", "--profile", profile][..], &search].concat(), &fixture);
        assert_eq!(code, 0, "{err}");
        out.trim().to_string()
    };
    assert_ne!(koth("v5"), "10 9", "v5 without the history misses it");
    assert_eq!(koth("v6"), "10 9");
}

/// Over GTP, where the history is known, v6 is v5: the same moves from the same game.
#[test]
fn v6_plays_as_v5_over_gtp() {
    let root = env!("CARGO_MANIFEST_DIR");
    let sgf = format!("{root}/docs/games/koth-19x19-level10-v4/sgf/unit-00034.sgf");
    let script: String =
        [61, 151, 231].iter().map(|n| format!("loadsgf {sgf} {n}\ngenmove b\n")).collect();
    let play = |profile: &str| {
        let args = ["go", "--gtp", "--profile", profile, "--playouts", "2000", "--seed", "3"];
        let (code, out, err) = run_cli(&args, &format!("{script}quit\n"));
        assert_eq!(code, 0, "{err}");
        out
    };
    let v5 = play("v5");
    let moves = v5.lines().filter(|l| l.len() > 2 && l.starts_with("= ")).count();
    assert_eq!(moves, 3, "three genmove answers: {v5}");
    assert_eq!(play("v6"), v5);
}

/// Move 92 of game 2 of the first v6 run against GNU Go: at 30,000 playouts on two
/// threads, one ladder reading went deep enough to overflow a search thread's 2 MiB
/// stack and the process aborted (a forfeit for the judge). Search threads now have a
/// stack sized for the reader's node budget ([`menace::go::search::mcts::SEARCH_STACK`]).
#[test]
fn a_deep_ladder_reading_does_not_overflow_a_search_thread() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/go/deep-ladder-reading.txt"
    ))
    .unwrap();
    let input = koth::parse(&text).unwrap();
    let (code, out, err) =
        run_cli(&["go", "--profile", "v5", "--playouts", "30000", "--seed", "2"], &text);
    assert_eq!(code, 0, "{err}");
    let mv = koth::parse_move(&input.board, out.trim()).unwrap();
    assert!(input.board.is_legal(mv), "{out}");
}

/// Profile v7's situational dynamic komi. Before move 352 of game 15 of the v6 run against
/// GNU Go (fixtures/go/koth-ahead.txt, black to move, won B+13 in the end) black wins
/// nearly every playout: v7 asks itself for a lead (at most 15 points on 19x19, half the
/// lead the playouts expect) and v6 asks for none. Where the side to move is losing
/// (fixtures/go/koth-ko-losing.txt) v7 asks for nothing and is v6, move and statistics.
#[test]
fn v7_asks_for_a_cushion_only_when_ahead() {
    let fixture = |name: &str| {
        std::fs::read_to_string(format!("{}/fixtures/go/{name}", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
    };
    let run = |profile: &str, input: &str| {
        let args = ["go", "--profile", profile, "--playouts", "10000", "--threads", "1", "-v"];
        let (code, out, err) = run_cli(&args, input);
        assert_eq!(code, 0, "{err}");
        (out, err)
    };
    let cushion = |err: &str| -> Option<f32> {
        let line = err.lines().find_map(|l| l.trim().strip_prefix("ahead: "))?;
        line.split_whitespace().rev().nth(1)?.parse().ok()
    };
    let ahead = fixture("koth-ahead.txt");
    let (v7_move, v7_err) = run("v7", &ahead);
    let asked = cushion(&v7_err).unwrap_or_else(|| panic!("no cushion reported: {v7_err}"));
    assert!((1.0..=15.0).contains(&asked), "{v7_err}");
    let input = koth::parse(&ahead).unwrap();
    assert!(input.board.is_legal(koth::parse_move(&input.board, v7_move.trim()).unwrap()));
    let (_, v6_err) = run("v6", &ahead);
    assert_eq!(cushion(&v6_err), None, "{v6_err}");

    let losing = fixture("koth-ko-losing.txt");
    let v7 = run("v7", &losing);
    assert_eq!(cushion(&v7.1), None, "{}", v7.1);
    assert_eq!(v7, run("v6", &losing));
}
