//! The one referee: the two rule presets on the same positions (an immediate ko retake,
//! a whole-board repeat, reaching the move cap), with the answer each preset gives, and every
//! kind of misbehaving GTP engine losing with its reason.

use std::time::Duration;

use menace_arena::tournament::UnitId;
use menace_arena::Program;
use menace_go::io::koth;
use menace_go::referee::tournament::{self as tour, Config, Entrant, Format, Kind};
use menace_go::referee::{play, Answer, Ending, Game, Rules, Seat, Winner};
use menace_go::rules::board::Board;

/// A seat that answers from a script of king-of-the-hill moves (`r c` or `pass`), in turn.
struct Scripted(Vec<&'static str>);

impl Seat for Scripted {
    fn setup(&mut self, _: &Rules, _: &Board) -> Result<(), String> {
        Ok(())
    }

    fn genmove(&mut self, board: &Board, _: &Rules) -> Result<Answer, String> {
        let text = if self.0.is_empty() { "pass" } else { self.0.remove(0) };
        koth::parse_move(board, text).map(Answer::Move).map_err(|e| e.to_string())
    }
}

/// One position and the answer of each preset.
struct Case {
    /// What it shows.
    name: &'static str,
    /// Board side, komi, move cap.
    size: usize,
    komi: f32,
    move_cap: usize,
    /// The game's moves, black first, alternating.
    moves: &'static str,
    /// (ending, winner, SGF result, moves recorded) under `koth`, then under `gtp`.
    koth: (Ending, Winner, &'static str, usize),
    gtp: (Ending, Winner, &'static str, usize),
}

const CASES: &[Case] = &[
    Case {
        // White retakes the ko black has just taken: the position before black's capture.
        name: "an immediate ko retake",
        size: 5,
        komi: 0.0,
        move_cap: 100,
        moves: "1 2, 1 3, 3 2, 3 3, 2 1, 2 4, 5 5, 2 2, 2 3, 2 2",
        koth: (Ending::Repeat, Winner::Tie, "0", 10),
        gtp: (Ending::Forfeit, Winner::Black, "B+F", 9),
    },
    Case {
        // Black's last move captures three stones and recreates the position after its
        // first (found by a search of the 2x2 board): a repeat, though no ko retake.
        name: "a whole-board repeat that is not a ko retake",
        size: 2,
        komi: 0.0,
        move_cap: 100,
        moves: "1 1, 1 2, 2 1, 2 2, 1 1, 2 1, 1 1",
        koth: (Ending::Repeat, Winner::Tie, "0", 7),
        gtp: (Ending::Forfeit, Winner::White, "W+F", 7),
    },
    Case {
        // Two stones each on an open board when the cap strikes: komi decides a scored game.
        name: "the move cap",
        size: 5,
        komi: 0.5,
        move_cap: 4,
        moves: "1 1, 5 5, 1 2, 5 4",
        koth: (Ending::MoveCap, Winner::White, "W+0.5", 4),
        gtp: (Ending::MoveCap, Winner::Tie, "0", 4),
    },
];

fn referee(rules: &Rules, moves: &'static str) -> Game {
    let all: Vec<&'static str> = moves.split(", ").collect();
    let side = |k: usize| all.iter().copied().skip(k).step_by(2).collect();
    let (mut black, mut white) = (Scripted(side(0)), Scripted(side(1)));
    play(rules, ["b", "w"], [&mut black, &mut white])
}

#[test]
fn each_preset_gives_its_answer_on_the_same_positions() {
    let t = Duration::from_secs(5);
    for c in CASES {
        for (preset, rules, want) in [
            ("koth", Rules::koth(c.size, c.komi, c.move_cap, t), c.koth),
            ("gtp", Rules::gtp(c.size, c.komi, 0, c.move_cap, t), c.gtp),
        ] {
            let g = referee(&rules, c.moves);
            let got = (g.ending, g.winner, g.result.as_str(), g.moves.len());
            assert_eq!(got, want, "{} under {preset}: {}", c.name, g.reason);
        }
    }
}

#[test]
fn a_handicap_the_board_cannot_take_is_no_game() {
    // 5x5 takes no fixed handicap: nobody's loss, and no seat is asked for a move.
    let rules = Rules::gtp(5, 0.0, 2, 10, Duration::from_secs(5));
    assert!(rules.check().unwrap_err().contains("5x5 takes no fixed handicap"));
    let g = referee(&rules, "1 1");
    assert_eq!(
        (g.ending, g.winner, g.result.as_str(), g.moves.len()),
        (Ending::Void, Winner::Tie, "Void", 0)
    );
}

/// A scripted GTP engine: answers `genmove` with `reply`, `fixed_handicap` with
/// `stones`, and everything else with `=`.
fn engine(name: &str, reply: &str, stones: &str) -> Entrant {
    let script = format!(
        "while read -r l; do case \"$l\" in fixed_handicap*) printf '= {stones}\\n\\n';; genmove*) printf '= {reply}\\n\\n';; quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
    );
    let program = Program::new(["sh", "-c", &script]);
    Entrant { name: name.into(), spec: format!("gtp:{program}"), kind: Kind::Gtp(program) }
}

/// A match (the `gtp` rules) of `games` on 9x9 between `a` and `b`.
fn a_match(a: Entrant, b: Entrant, games: u64, handicap: usize) -> Config {
    Config {
        entrants: vec![a, b],
        games_per_pair: games,
        rules: Rules::gtp(9, 0.0, handicap, 40, Duration::from_secs(20)),
        format: Format::Match,
    }
}

/// The results line of `unit`, and its SGF text.
fn unit(
    cfg: &Config,
    u: u64,
    out: &std::path::Path,
) -> (serde_json::Map<String, serde_json::Value>, String) {
    let line = tour::run_unit(cfg, UnitId(u), out);
    let sgf = std::fs::read_to_string(out.join(line["sgf"].as_str().unwrap())).unwrap();
    (line, sgf)
}

#[test]
fn an_illegal_move_loses_and_colours_alternate() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = a_match(engine("stubborn", "A1", ""), engine("passer", "pass", ""), 2, 0);
    // Game 1: stubborn has black, plays A1, passer passes, A1 again is illegal.
    let (l, sgf) = unit(&cfg, 0, dir.path());
    assert_eq!((l["black"].as_str(), l["winner"].as_str()), (Some("stubborn"), Some("white")));
    assert_eq!((l["moves"].as_u64(), l["ending"].as_str()), (Some(2), Some("forfeit")));
    assert!(
        l["reason"].as_str().unwrap().contains("illegal move 9 1 (point is occupied)"),
        "{l:?}"
    );
    assert_eq!(l["sgf"], "sgf/game-001.sgf");
    assert!(sgf.starts_with("(;GM[1]FF[4]"), "{sgf}");
    assert!(sgf.contains("SZ[9]") && sgf.contains("PB[stubborn]") && sgf.contains("RE[W+F]"));
    assert!(sgf.contains(";B[ai];W[]"), "{sgf}");
    // Game 2: passer has black and passes; stubborn plays A1; passer passes; A1 again.
    let (l, _) = unit(&cfg, 1, dir.path());
    assert_eq!((l["black"].as_str(), l["winner"].as_str()), (Some("passer"), Some("black")));
}

#[test]
fn two_passes_end_the_game_with_the_area_score() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = a_match(engine("p1", "pass", ""), engine("p2", "pass", ""), 1, 0);
    let (l, _) = unit(&cfg, 0, dir.path());
    assert_eq!((l["winner"].as_str(), l["result"].as_str()), (Some("tie"), Some("0")));
    assert_eq!(
        (l["ending"].as_str(), l["reason"].as_str()),
        (Some("two passes"), Some("two passes"))
    );
}

#[test]
fn a_handicap_game_starts_from_black_stones_with_white_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = a_match(
        engine("weak", "pass", "C3 G7 C7 G3"),
        engine("strong", "pass", "G3 C7 G7 C3"),
        2,
        4,
    );
    for u in 0..2 {
        // The first engine has black (and the stones) in every game; white passes first,
        // black passes, and the four stones own the whole empty board.
        let (l, sgf) = unit(&cfg, u, dir.path());
        assert_eq!(l["black"], "weak");
        assert_eq!(
            (l["result"].as_str(), l["ending"].as_str()),
            (Some("B+81"), Some("two passes"))
        );
        assert_eq!(l["moves"], 2);
        assert!(sgf.contains("HA[4]AB[cg][gc][cc][gg]\n;W[];B[]"), "{sgf}");
        let g = menace_go::io::sgf::read(&sgf).unwrap();
        assert_eq!((g.handicap.len(), g.moves.len()), (4, 2));
        assert_eq!(menace_go::io::sgf::write(&g), sgf);
    }
    // An engine that puts its stones elsewhere cannot take part: it loses the game.
    let cfg =
        a_match(engine("weak", "pass", "C3 G7 C7 G3"), engine("odd", "pass", "C3 G7 C7 E5"), 1, 4);
    let (l, _) = unit(&cfg, 0, dir.path());
    assert_eq!(l["result"], "B+F");
    assert!(
        l["reason"].as_str().unwrap().contains("odd (white) put the handicap stones elsewhere"),
        "{l:?}"
    );
}

#[test]
fn engines_that_cannot_run_answer_garbage_or_resign_lose() {
    let ghost = Program::new(["/nonexistent/engine"]);
    let cases = [
        (
            Entrant { name: "ghost".into(), spec: "gtp:x".into(), kind: Kind::Gtp(ghost) },
            "W+F",
            "could not start",
        ),
        (engine("garbage", "banana", ""), "W+F", "malformed answer \"banana\""),
        (engine("quitter", "resign", ""), "W+R", "quitter (black) resigned"),
    ];
    for (black, result, why) in cases {
        let dir = tempfile::tempdir().unwrap();
        let (l, _) = unit(&a_match(black, engine("passer", "pass", ""), 1, 0), 0, dir.path());
        assert_eq!(
            (l["winner"].as_str(), l["result"].as_str()),
            (Some("white"), Some(result)),
            "{l:?}"
        );
        assert!(l["reason"].as_str().unwrap().contains(why), "{l:?}");
    }
}

#[test]
fn game_numbers_reach_the_command_line() {
    let p = Program::parse("gnugo --seed {game} --x a{game}b {unit}").unwrap();
    assert_eq!(tour::with_unit(&p, UnitId(6)).argv, ["gnugo", "--seed", "7", "--x", "a7b", "6"]);
}

#[test]
fn a_match_keeps_the_fingerprint_its_records_were_written_under() {
    // The configuration text `menace go match --out` wrote before the one referee, so an
    // A/B run recorded then resumes now.
    let p = |s: &str| Program::parse(s).unwrap();
    let gtp = |n: &str, s: &str| Entrant {
        name: n.into(),
        spec: format!("gtp:{s}"),
        kind: Kind::Gtp(p(s)),
    };
    let cfg = Config {
        entrants: vec![gtp("a", "x --seed {game}"), gtp("b", "y")],
        games_per_pair: 3,
        rules: Rules::gtp(9, 7.5, 0, 1000, Duration::from_secs(120)),
        format: Format::Match,
    };
    assert_eq!(
        cfg.canonical(),
        r#"{"games":3,"handicap":0,"kind":"go-match","komi":7.5,"move_cap":1000,"move_timeout":120,"players":[["a","x --seed '{game}'"],["b","y"]],"size":9}"#
    );
}

/// A king-of-the-hill entrant running `script` under `sh -c`.
fn koth_sh(name: &str, script: &str) -> Entrant {
    let program = Program::new(["sh", "-c", script]);
    Entrant { name: name.into(), spec: format!("koth:{program}"), kind: Kind::Koth(program) }
}

#[test]
fn misbehaving_koth_programs_lose_with_the_reason() {
    let cases = [
        ("illegal", "cat >/dev/null; echo 3 3", "illegal move 3 3 (point is occupied)"),
        ("offboard", "cat >/dev/null; echo 9 1", "malformed output \"9 1\": bad row"),
        ("crash", "cat >/dev/null; echo 1 1; exit 3", "crashed (exited with status 3)"),
        ("hang", "exec sleep 30", "no move within 1 s"),
        ("garbage", "cat >/dev/null; echo hello", "malformed output \"hello\""),
        ("flood", "cat >/dev/null; yes 1 1 | head -c 1000000", "output over 4096 bytes"),
        ("silent", "cat >/dev/null", "malformed output \"\""),
    ];
    for (name, script, why) in cases {
        // The opponent plays 3 3 first (as black), so "3 3" from the offender is occupied.
        let cfg = Config {
            entrants: vec![koth_sh("opener", "cat >/dev/null; echo 3 3"), koth_sh(name, script)],
            games_per_pair: 1,
            rules: Rules::koth(5, 0.0, 60, Duration::from_secs(1)),
            format: Format::Tournament,
        };
        let dir = tempfile::tempdir().unwrap();
        let (l, _) = unit(&cfg, 0, dir.path());
        assert_eq!(l["sgf"], "sgf/unit-00000.sgf");
        assert_eq!((l["black"].as_str(), l["winner"].as_str()), (Some("opener"), Some("black")));
        assert_eq!((l["ending"].as_str(), l["result"].as_str()), (Some("forfeit"), Some("B+F")));
        let reason = l["reason"].as_str().unwrap();
        assert!(reason.starts_with(&format!("{name} (white)")) && reason.contains(why), "{reason}");
    }
}

#[test]
fn a_gtp_match_names_its_engines_and_refuses_a_command_that_does_not_parse() {
    let rules = Rules::gtp(9, 7.5, 0, 1000, Duration::from_secs(120));
    let cfg = Config::gtp_match([("a", "x --seed {game}"), ("b", "y")], 3, rules.clone()).unwrap();
    // The same fingerprint as the configuration written out by hand above.
    assert!(cfg.canonical().contains(r#""players":[["a","x --seed '{game}'"],["b","y"]]"#));
    assert_eq!((cfg.games_per_pair, cfg.format), (3, Format::Match));
    let err = Config::gtp_match([("a", "x 'open"), ("b", "y")], 3, rules).unwrap_err();
    assert!(err.starts_with("\"x 'open\": "), "{err}");
}

#[test]
fn a_run_checks_its_settings_before_asking_for_the_shard_and_then_plays_every_unit() {
    use menace_arena::tournament::driver::SprtStop;
    use menace_arena::tournament::Shard;
    let dir = tempfile::tempdir().unwrap();
    let cfg = a_match(engine("a", "pass", ""), engine("b", "pass", ""), 2, 0);
    let stop = SprtStop { entrant: "c".into(), test: "0,35".parse().unwrap() };
    let asked = std::cell::Cell::new(false);
    let shard = || {
        asked.set(true);
        Ok(Shard::WHOLE)
    };
    assert!(cfg.run("test", shard, Some(&stop), dir.path(), 1).is_err());
    assert!(!asked.get(), "the shard was asked for before the settings were checked");
    let text = cfg.run("test", || Ok(Shard::WHOLE), None, dir.path(), 1).unwrap();
    let lines = std::fs::read_to_string(dir.path().join("results.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 2, "{text}");
}
