//! The one referee: the two rule presets on the same positions (an immediate ko retake,
//! a whole-board repeat, a position that comes back with the other side to move, reaching
//! the move cap), with the answer each preset gives (and `gtp` under situational superko,
//! how the matches before issue 61 were refereed), and every kind of misbehaving GTP engine
//! losing with its reason.

use std::time::Duration;

use menace_arena::tournament::{RunOptions, Shard, UnitId};
use menace_go::io::koth;
use menace_go::referee::tournament::{self as tour, Config, Entrant, Format, Kind};
use menace_go::referee::{play, Answer, Ending, Game, Rules, Seat, Winner};
use menace_go::rules::board::Board;
use menace_go::rules::game::Superko;
use menace_run::Program;

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
    /// (ending, winner, SGF result, moves recorded) under `koth`, then under `gtp`
    /// (positional superko), then under `gtp` with situational superko.
    koth: (Ending, Winner, &'static str, usize),
    gtp: (Ending, Winner, &'static str, usize),
    gtp_situational: (Ending, Winner, &'static str, usize),
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
        gtp_situational: (Ending::Forfeit, Winner::Black, "B+F", 9),
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
        gtp_situational: (Ending::Forfeit, Winner::White, "W+F", 7),
    },
    Case {
        // Send two, return one (as in docs/games/pachi-19x19-5000-v10, game 29, moves 343
        // to 345): after eight moves black's stone at 5 2 has liberties 5 1 and 5 3, white
        // holds 4 1 and 4 2, black 4 3 and 5 4. Black plays 5 1 (two stones in atari),
        // white takes both at 5 3, black takes that stone back at 5 2: the stones after
        // move 8 again, but white to move where black was. Positional superko forbids it,
        // situational allows it. White passes and black plays 5 1 again: the position after
        // move 9 with the same side to move, a repeat under both.
        name: "a position that comes back with the other side to move",
        size: 5,
        komi: 0.0,
        move_cap: 100,
        moves: "5 2, 4 1, 4 3, 4 2, 5 4, 3 1, 1 5, 3 2, 5 1, 5 3, 5 2, pass, 5 1",
        koth: (Ending::Repeat, Winner::Tie, "0", 13),
        gtp: (Ending::Forfeit, Winner::White, "W+F", 11),
        gtp_situational: (Ending::Forfeit, Winner::White, "W+F", 13),
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
        gtp_situational: (Ending::MoveCap, Winner::Tie, "0", 4),
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
        let gtp = Rules::gtp(c.size, c.komi, 0, c.move_cap, t);
        for (preset, rules, want) in [
            ("koth", Rules::koth(c.size, c.komi, c.move_cap, t), c.koth),
            ("gtp", gtp.clone(), c.gtp),
            ("gtp, situational", gtp.with_superko(Superko::Situational), c.gtp_situational),
        ] {
            let g = referee(&rules, c.moves);
            let got = (g.ending, g.winner, g.result.as_str(), g.moves.len());
            assert_eq!(got, want, "{} under {preset}: {}", c.name, g.reason);
        }
    }
}

/// A seat that answers from a script like [`Scripted`] and notes how it was asked:
/// `genmove` or `cleanup`.
struct Noting(Vec<&'static str>, Vec<&'static str>);

impl Seat for Noting {
    fn setup(&mut self, _: &Rules, _: &Board) -> Result<(), String> {
        Ok(())
    }

    fn genmove(&mut self, board: &Board, _: &Rules) -> Result<Answer, String> {
        self.1.push("genmove");
        let text = if self.0.is_empty() { "pass" } else { self.0.remove(0) };
        koth::parse_move(board, text).map(Answer::Move).map_err(|e| e.to_string())
    }

    fn genmove_cleanup(&mut self, board: &Board, rules: &Rules) -> Result<Answer, String> {
        let answer = self.genmove(board, rules);
        *self.1.last_mut().unwrap() = "cleanup";
        answer
    }
}

/// 5x5, komi 0.5: black holds columns 1 to 3, white 4 and 5; white's stone at 1 1 is dead
/// (in atari inside black's area) when both pass. Counted as it stands (Tromp-Taylor), it
/// is alive and black's empty points touch it: black 6 stones, white 6 and column 5's 5
/// points, W+5.5. In a cleanup phase black takes it (2 1) and both pass: black 7 stones
/// and 8 empty points, white 10, B+4.5.
#[test]
fn a_cleanup_phase_takes_dead_stones_off_before_the_count() {
    let black = ["1 3", "2 3", "3 3", "4 3", "5 3", "1 2", "pass", "2 1", "pass"];
    let white = ["1 4", "2 4", "3 4", "4 4", "5 4", "1 1", "pass", "pass"];
    let t = Duration::from_secs(5);
    let game = |rules: &Rules| {
        let (mut b, mut w) = (Noting(black.to_vec(), vec![]), Noting(white.to_vec(), vec![]));
        let g = play(rules, ["b", "w"], [&mut b, &mut w]);
        (g, b.1, w.1)
    };
    let (g, b, w) = game(&Rules::gtp(5, 0.5, 0, 100, t));
    assert_eq!((g.ending, g.result.as_str(), g.moves.len()), (Ending::TwoPasses, "W+5.5", 14));
    assert_eq!(g.reason, "two passes");
    assert!(b.iter().chain(&w).all(|&k| k == "genmove"), "{b:?} {w:?}");
    let (g, b, w) = game(&Rules::gtp(5, 0.5, 0, 100, t).with_cleanup(true));
    assert_eq!((g.ending, g.result.as_str(), g.moves.len()), (Ending::TwoPasses, "B+4.5", 17));
    assert_eq!((g.winner, g.score), (Winner::Black, (15, 10)));
    assert_eq!(g.reason, "two passes, then a cleanup phase of 1 move and two passes");
    // Black's 7th move (the first after the two passes) on is asked for as cleanup.
    assert_eq!(b, [["genmove"; 7].as_slice(), &["cleanup"; 2]].concat());
    assert_eq!(w, [["genmove"; 7].as_slice(), &["cleanup"; 1]].concat());
    // A pass, a move inside white's own area, the capture, two passes: the phase runs
    // until two passes in a row.
    let black = ["1 3", "2 3", "3 3", "4 3", "5 3", "1 2", "pass", "pass", "2 1", "pass"];
    let white = ["1 4", "2 4", "3 4", "4 4", "5 4", "1 1", "pass", "5 5", "pass"];
    let (mut bs, mut ws) = (Noting(black.to_vec(), vec![]), Noting(white.to_vec(), vec![]));
    let g = play(&Rules::gtp(5, 0.5, 0, 100, t).with_cleanup(true), ["b", "w"], [&mut bs, &mut ws]);
    assert_eq!((g.result.as_str(), g.moves.len()), ("B+4.5", 19));
    assert_eq!(g.reason, "two passes, then a cleanup phase of 3 moves and two passes");
}

#[test]
fn a_handicap_the_board_cannot_take_is_no_game() {
    // 5x5 takes no fixed handicap: nobody's loss, and no seat is asked for a move.
    let rules = Rules::gtp(5, 0.0, 2, 10, Duration::from_secs(5));
    assert!(rules.check().unwrap_err().to_string().contains("5x5 takes no fixed handicap"));
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
        watch_load: false,
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
fn every_ending_reads_back_from_its_results_line() {
    // What the referee writes (`ending`'s word, the result, the reason), read back.
    for (e, result, reason) in [
        (Ending::TwoPasses, "B+5.5", "two passes"),
        (Ending::MoveCap, "0", "move cap 40 reached; no result"),
        (Ending::Repeat, "0", "a (black) played 3 3: the position repeats"),
        (Ending::Resignation, "W+R", "quitter (black) resigned"),
        (Ending::Time, "B+T", "hang (white) ran out of time (1.0 s)"),
        (Ending::Forfeit, "W+F", "garbage (black) malformed answer \"banana\""),
        (Ending::Void, "Void", "no game: handicap 9: the board is too small"),
    ] {
        assert_eq!(Ending::of_record(e.word(), result, reason), Some(e), "{reason}");
    }
    // A resignation and a loss on time are `forfeit` in the line, as in every record so far.
    assert_eq!((Ending::Resignation.word(), Ending::Time.word()), ("forfeit", "forfeit"));
    // Before the referee wrote `R`, a resignation was an `F` that says so (docs/games).
    assert_eq!(
        Ending::of_record("forfeit", "B+F", "gnugo-l10 (white) resigned"),
        Some(Ending::Resignation)
    );
    assert_eq!(Ending::of_record("resigned", "W+R", ""), None);
}

#[test]
fn a_summary_counts_resignations_apart_from_forfeits() {
    use menace_arena::tournament::driver::{merge_files, MergeOptions};
    let dir = tempfile::tempdir().unwrap();
    let cfg = Config {
        entrants: vec![
            engine("quitter", "resign", ""),
            engine("garbage", "banana", ""),
            engine("passer", "pass", ""),
        ],
        games_per_pair: 2,
        rules: Rules::gtp(9, 0.0, 0, 40, Duration::from_secs(20)),
        format: Format::Tournament,
        watch_load: false,
    };
    let printed = cfg.run(|| Ok(whole()), None, dir.path()).unwrap();
    report_agrees(dir.path(), &printed, 3);
    let opts = MergeOptions { partial: false, timings: false, sprt: None, clean: false };
    let text = merge_files(&[&tour::GoResults], &[dir.path().to_path_buf()], &opts).unwrap();
    // Each pair plays both colours, and the first of quitter and garbage to move loses at
    // once: quitter resigns in its 2 games with passer and 1 with garbage, garbage forfeits
    // in its 2 with passer and the other 1.
    assert!(
        text.contains(
            "ended by two passes 0, move cap 0, repeated position 0, resignation 3, time 0, forfeit 3\n"
        ),
        "{text}"
    );
    let listed = |what: &str| text.lines().filter(|l| l.contains(what)).count();
    assert_eq!(listed("resignation: quitter ("), 3, "{text}");
    assert_eq!(listed("forfeit: garbage ("), 3, "{text}");
}

/// The standings the run wrote into `out` (CSV, JSON, HTML) say what it printed: each
/// CSV row's rank, name, games, points, won, tied, lost and Elo interval are on the printed
/// row of its rank, the JSON holds the same rows, the page every name, and the forfeits
/// and times lost (`incidents` of them) are listed.
fn report_agrees(out: &std::path::Path, printed: &str, incidents: usize) {
    let csv = std::fs::read_to_string(out.join("standings.csv")).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("standings.json")).unwrap())
            .unwrap();
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let table: Vec<&str> =
        printed.lines().skip_while(|l| !l.starts_with("rank  entrant")).skip(1).collect();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert!(!rows.is_empty(), "{csv}");
    for (k, row) in rows.iter().enumerate() {
        let f: Vec<&str> = row.split(',').collect();
        let words: Vec<&str> = table[k].split_whitespace().collect();
        assert_eq!(&words[..7], &f[..7], "{row} vs {}", table[k]);
        let signed =
            |x: &str| if x.starts_with('-') || x == "0" { x.to_string() } else { format!("+{x}") };
        assert!(table[k].ends_with(&format!("[{}, {}]", signed(f[8]), signed(f[9]))), "{row}");
        assert_eq!(json["standings"][k]["entrant"], f[1]);
        assert!(html.contains(&format!("<th scope=\"row\">{}</th>", f[1])), "{html}");
    }
    assert_eq!(json["incidents"].as_array().unwrap().len(), incidents, "{json}");
}

#[test]
fn game_numbers_reach_the_command_line() {
    let p = Program::parse("gnugo --seed {game} --x a{game}b {unit}").unwrap();
    assert_eq!(tour::with_unit(&p, UnitId(6)).argv, ["gnugo", "--seed", "7", "--x", "a7b", "6"]);
}

#[test]
fn a_match_keeps_the_fingerprint_its_records_were_written_under() {
    // The configuration text `menace go match --out` wrote before the one referee, so an
    // A/B run recorded then (under situational superko, the rule then) resumes now.
    let p = |s: &str| Program::parse(s).unwrap();
    let gtp = |n: &str, s: &str| Entrant {
        name: n.into(),
        spec: format!("gtp:{s}"),
        kind: Kind::Gtp(p(s)),
    };
    let cfg = Config {
        entrants: vec![gtp("a", "x --seed {game}"), gtp("b", "y")],
        games_per_pair: 3,
        rules: Rules::gtp(9, 7.5, 0, 1000, Duration::from_secs(120))
            .with_superko(Superko::Situational),
        format: Format::Match,
        watch_load: false,
    };
    let old = r#"{"games":3,"handicap":0,"kind":"go-match","komi":7.5,"move_cap":1000,"move_timeout":120,"players":[["a","x --seed '{game}'"],["b","y"]],"size":9}"#;
    assert_eq!(cfg.canonical(), old);
    // Positional superko, the preset's rule since issue 61, decides results too: a match
    // played under it says so, and never resumes into an older one.
    let mut positional = cfg.clone();
    positional.rules = positional.rules.with_superko(Superko::Positional);
    assert_eq!(
        positional.canonical(),
        old.replace(r#""size":9}"#, r#""size":9,"superko":"positional"}"#)
    );
    assert_eq!(positional.rules, Rules::gtp(9, 7.5, 0, 1000, Duration::from_secs(120)));
    // A cleanup phase decides results too: another fingerprint, and none without it.
    let mut off = cfg.clone();
    off.rules = off.rules.with_cleanup(false);
    assert_eq!(off.canonical(), cfg.canonical());
    let mut on = cfg.clone();
    on.rules = on.rules.with_cleanup(true);
    assert!(on.canonical().starts_with(r#"{"cleanup":true,"games":3,"#), "{}", on.canonical());
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
            watch_load: false,
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
    let dir = tempfile::tempdir().unwrap();
    let cfg = a_match(engine("a", "pass", ""), engine("b", "pass", ""), 2, 0);
    let stop = SprtStop { entrant: "c".into(), test: "0,35".parse().unwrap() };
    let asked = std::cell::Cell::new(false);
    let flags = || {
        asked.set(true);
        Ok(whole())
    };
    assert!(cfg.run(flags, Some(&stop), dir.path()).is_err());
    assert!(!asked.get(), "the shard was asked for before the settings were checked");
    let text = cfg.run(|| Ok(whole()), None, dir.path()).unwrap();
    let lines = std::fs::read_to_string(dir.path().join("results.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 2, "{text}");
}

/// A slow scripted GTP engine: every command it reads goes to `log` (after its pid),
/// `genmove` is answered after `sleep DELAY` with the next point of the rows from A1
/// (A1, B1, ..., J1, A2, ...), `known_command` with `known` (`true` or `false`); `delay`
/// `hang` backgrounds a long sleep (its pid logged too) and never answers.
fn slow(name: &str, delay: &str, known: &str, log: &std::path::Path) -> Entrant {
    let log = log.display();
    let answer = if delay == "hang" {
        format!("sleep 30 & echo \"sleeper $!\" >> {log}; wait")
    } else {
        format!(
            "sleep {delay}; n=$((n+1)); printf '= %s%s\\n\\n' $(echo ABCDEFGHJ | cut -c$(( (n-1)%9+1 ))) $(( (n-1)/9+1 ))"
        )
    };
    let script = format!(
        "echo \"pid $$\" > {log}; n=0; while read -r l; do echo \"$l\" >> {log}; case \"$l\" in known_command*) printf '= {known}\\n\\n';; genmove*) {answer};; quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
    );
    let program = Program::new(["sh", "-c", &script]);
    Entrant { name: name.into(), spec: format!("gtp:{program}"), kind: Kind::Gtp(program) }
}

/// A 9x9 match of one game under the clock `time` (the command-line form) between the
/// slow engine `black` and an engine that passes at once.
fn clocked(black: Entrant, time: &str) -> Config {
    let mut cfg = a_match(black, engine("passer", "pass", ""), 1, 0);
    cfg.rules = cfg.rules.with_clock(Some(time.parse().unwrap()));
    cfg
}

/// The lines of the engine's log that start with `word`.
fn logged(log: &std::path::Path, word: &str) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap();
    text.lines().filter(|l| l.starts_with(word)).map(String::from).collect()
}

#[test]
fn an_engine_that_overruns_its_clock_loses_on_time_under_every_control() {
    // (control, genmove delay, kgs-time_settings known, the settings sent, the first
    // time_left lines, black's moves before the one that runs out). Absolute 2 s at 0.5 s
    // a move: the fourth move is over (4 x 0.5 s plus the pipes' time); Canadian 2 stones in
    // 1 s at 0.6 s: the second; byo-yomi 2 periods of 1 s at 1.3 s: the first uses up a
    // period, the second the last.
    let cases = [
        ("2", "0.5", "false", "time_settings 2 0 0", &["time_left black 2 0"][..], 3),
        (
            "0+1/2",
            "0.6",
            "false",
            "time_settings 0 1 2",
            &["time_left black 1 2", "time_left black 0 1"],
            1,
        ),
        (
            "0+1x2",
            "1.3",
            "true",
            "kgs-time_settings byoyomi 0 1 2",
            &["time_left black 1 2", "time_left black 1 1"],
            1,
        ),
        // An engine that does not know kgs-time_settings hears one period of one stone.
        (
            "0+1x2",
            "1.3",
            "false",
            "time_settings 0 1 1",
            &["time_left black 1 2", "time_left black 1 1"],
            1,
        ),
    ];
    // The cases at once: each waits on a sleeping engine, not the CPU (8.5 s one by one).
    std::thread::scope(|s| {
        for case in cases {
            s.spawn(move || overruns(case));
        }
    });
}

/// One case of [`an_engine_that_overruns_its_clock_loses_on_time_under_every_control`].
fn overruns(
    (time, delay, known, settings, first, black_moves): (&str, &str, &str, &str, &[&str], u64),
) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("engine.log");
    let cfg = clocked(slow("slow", delay, known, &log), time);
    let (l, sgf) = unit(&cfg, 0, dir.path());
    let case = format!("--time {time} at {delay} s a move: {l:?}");
    assert_eq!(
        (l["winner"].as_str(), l["result"].as_str()),
        (Some("white"), Some("W+T")),
        "{case}"
    );
    assert_eq!(l["ending"], "forfeit", "{case}");
    let reason = l["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("slow (black) ran out of time (") && reason.ends_with(" s over)"),
        "{case}"
    );
    // The moves before the one that ran out: as many as fit (fewer only if the pipes
    // and the process take much of the clock on a loaded machine); white passes after
    // each.
    let played = l["moves"].as_u64().unwrap() / 2;
    assert!(played <= black_moves && l["moves"].as_u64() == Some(2 * played), "{case}");
    // What the engine heard: the settings once, then its time before every genmove.
    assert_eq!(logged(&log, "time_settings").len() + logged(&log, "kgs-time_settings").len(), 1);
    assert_eq!(logged(&log, settings.split(' ').next().unwrap()), [settings], "{case}");
    let told = logged(&log, "time_left");
    assert_eq!(told.len() as u64, played + 1, "{case}: {told:?}");
    let n = first.len().min(told.len());
    assert_eq!(told[..n], first[..n], "{case}");
    assert_eq!(logged(&log, "genmove").len(), told.len(), "{case}");
    // The records carry the clock: all the time the engine took, and what was left
    // before the move that ran out; the SGF the control.
    let used = l["black_time_used_s"].as_f64().unwrap();
    assert!(used > (played + 1) as f64 * delay.parse::<f64>().unwrap(), "{case}");
    if time == "2" {
        assert!(used > 2.0, "{case}: lost on time within its clock");
    }
    assert!(l["black_time_left_s"].as_f64().unwrap() < used, "{case}");
    assert!(l.contains_key("white_time_left_s"), "{case}");
    let control: menace_go::rules::clock::TimeControl = time.parse().unwrap();
    assert_eq!(menace_go::io::sgf::read(&sgf).unwrap().time, Some(control), "{case}");
}

#[test]
fn an_engine_within_its_clock_plays_on_and_is_told_its_time() {
    // 0.1 s a move under 2 stones a second, 0.2 s under byo-yomi of 1 s: the move cap (40)
    // ends both games, nobody's loss.
    // The three at once: each waits on a sleeping engine, not the CPU.
    std::thread::scope(|s| {
        for (time, delay) in [("0+1/2", "0.1"), ("0+1x1", "0.2"), ("30", "0")] {
            s.spawn(move || within(time, delay));
        }
    });
}

/// One case of [`an_engine_within_its_clock_plays_on_and_is_told_its_time`].
fn within(time: &str, delay: &str) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("engine.log");
    let (l, _) = unit(&clocked(slow("steady", delay, "false", &log), time), 0, dir.path());
    assert_eq!(
        (l["ending"].as_str(), l["result"].as_str()),
        (Some("move cap"), Some("0")),
        "{l:?}"
    );
    let told = logged(&log, "time_left");
    assert_eq!(told.len(), 20, "{told:?}");
    assert!(told.iter().all(|t| t.starts_with("time_left black ")), "{told:?}");
    if time == "30" {
        // Absolute time counts down in whole seconds, never up, and stays main time.
        let secs: Vec<u64> =
            told.iter().map(|t| t.split(' ').nth(2).unwrap().parse().unwrap()).collect();
        assert!(secs[0] == 30 && secs.windows(2).all(|w| w[1] <= w[0]), "{told:?}");
        assert!(told.iter().all(|t| t.ends_with(" 0")), "{told:?}");
    } else {
        // In overtime from the first move: a full period, or what is left of it.
        assert_eq!(
            told[0],
            if time == "0+1/2" { "time_left black 1 2" } else { "time_left black 1 1" }
        );
    }
    assert!(l["black_time_used_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn an_engine_that_hangs_past_its_clock_is_cut_off_and_killed() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("engine.log");
    let cfg = clocked(slow("sleeper", "hang", "false", &log), "1");
    let started = std::time::Instant::now();
    let (l, _) = unit(&cfg, 0, dir.path());
    // The referee waits its clock (1 s) and a grace (1 s), not the engine's 30 s sleep nor
    // the 20 s move timeout.
    assert!(started.elapsed() < Duration::from_secs(15), "{:?}", started.elapsed());
    assert_eq!(l["result"], "W+T", "{l:?}");
    let reason = l["reason"].as_str().unwrap();
    assert!(reason.starts_with("sleeper (black) ran out of time (1.0"), "{reason}");
    // The engine and its sleeping child are gone (or zombies): nothing left running.
    for word in ["pid", "sleeper"] {
        let pid = &logged(&log, word)[0][word.len() + 1..];
        let gone = menace_testkit::process::ends(pid.parse().expect("a pid"));
        assert!(gone, "{word} {pid} still runs");
    }
}

#[test]
fn without_a_clock_nothing_about_time_is_sent_or_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("engine.log");
    let cfg = a_match(slow("quick", "0", "true", &log), engine("passer", "pass", ""), 1, 0);
    let (l, sgf) = unit(&cfg, 0, dir.path());
    assert_eq!(l["ending"], "move cap");
    assert!(logged(&log, "time").is_empty() && logged(&log, "kgs").is_empty());
    assert!(!l.keys().any(|k| k.contains("time_")), "{l:?}");
    assert!(!sgf.contains("TM[") && !sgf.contains("OT["), "{sgf}");
    assert!(!cfg.canonical().contains(r#""time""#));
    // A clock is part of what decides the results: another fingerprint.
    let mut clocked = cfg.clone();
    clocked.rules = clocked.rules.with_clock(Some("600+30/1".parse().unwrap()));
    assert!(clocked.canonical().ends_with(r#","time":"600+30/1"}"#), "{}", clocked.canonical());
}

#[test]
fn a_clock_with_no_time_is_refused() {
    let rules = Rules::gtp(9, 7.5, 0, 100, Duration::from_secs(5));
    let e = rules.clone().with_clock(Some("0".parse().unwrap())).check().unwrap_err();
    assert_eq!(e.to_string(), "time 0: a clock with no time loses every game");
    assert!(rules.with_clock(Some("0+1/1".parse().unwrap())).check().is_ok());
}

#[test]
fn merge_timings_add_the_clock_use_of_a_clocked_run() {
    use menace_arena::tournament::driver::{merge_files, MergeOptions};
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("engine.log");
    let mut cfg = clocked(slow("quick", "0", "false", &log), "30");
    cfg.games_per_pair = 2;
    cfg.run(|| Ok(whole()), None, dir.path()).unwrap();
    let opts = MergeOptions { partial: false, timings: true, sprt: None, clean: false };
    let text = merge_files(&[&tour::GoResults], &[dir.path().to_path_buf()], &opts).unwrap();
    let (_, clock) = text.split_once("clock use of each entrant").expect(&text);
    // One line per entrant, each its most used and least left, within the 30 s.
    let rows: Vec<&str> = clock.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{text}");
    for (row, name) in rows.iter().zip(["passer", "quick"]) {
        let nums: Vec<f64> = row.split_whitespace().filter_map(|w| w.parse().ok()).collect();
        assert!(row.starts_with(name), "{text}");
        assert!(nums.len() == 2 && nums[0] < 30.0 && nums[1] <= 30.0 && nums[1] > 0.0, "{text}");
    }
}

#[test]
fn a_koth_program_keeps_its_move_limit_under_a_clock_and_is_not_waited_for_past_the_clock() {
    let entrants = |name: &str, script: &str| {
        vec![koth_sh("opener", "cat >/dev/null; echo 3 3"), koth_sh(name, script)]
    };
    // (white's program, move timeout, clock, result, reason): a hang is cut at the clock
    // plus the grace (2 s, not the 20 s move timeout) and loses on time; with a move
    // timeout shorter than the clock, the per-move limit still applies.
    for (script, timeout, time, result, why) in [
        ("exec sleep 30", 20, "1", "B+T", "hang (white) ran out of time (1.0"),
        ("exec sleep 30", 1, "60", "B+F", "hang (white) no move within 1 s"),
    ] {
        let cfg = Config {
            entrants: entrants("hang", script),
            games_per_pair: 1,
            rules: Rules::koth(5, 0.0, 60, Duration::from_secs(timeout))
                .with_clock(Some(time.parse().unwrap())),
            format: Format::Tournament,
            watch_load: false,
        };
        let dir = tempfile::tempdir().unwrap();
        let started = std::time::Instant::now();
        let (l, _) = unit(&cfg, 0, dir.path());
        assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
        assert_eq!(l["result"], result, "{l:?}");
        assert!(l["reason"].as_str().unwrap().starts_with(why), "{l:?}");
    }
}

/// The flags of a whole run, one game at a time, quiet.
fn whole() -> RunOptions<'static> {
    RunOptions { command: "test", shard: Shard::WHOLE, jobs: 1, batch: None, quiet: true }
}

/// Issue 76: a watched game's line says what else the machine did (the load average, the
/// others' CPU time, whether it was played alone) and both sides' mean and slowest answer,
/// timed the same way by the judge; `merge --clean` counts the clean games only. Real GNU
/// Go on both sides (level 1, 9x9: a fraction of a second a game).
#[test]
fn a_watched_game_records_the_load_and_both_sides_times() {
    use menace_arena::tournament::driver::{merge_files, MergeOptions};
    let Some(gnugo) = menace_testkit::require(menace_testkit::Component::GnuGo) else { return };
    let gnugo = |name: &str| {
        let program = Program::new([
            gnugo.display().to_string(),
            "--mode".into(),
            "gtp".into(),
            "--level".into(),
            "1".into(),
            "--chinese-rules".into(),
            "--capture-all-dead".into(),
        ]);
        Entrant { name: name.into(), spec: format!("gtp:{program}"), kind: Kind::Gtp(program) }
    };
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = a_match(gnugo("one"), gnugo("two"), 2, 0);
    cfg.rules = Rules::gtp(9, 7.5, 0, 200, Duration::from_secs(20));
    let unwatched = cfg.canonical();
    cfg.watch_load = true;
    // The watch is no part of the fingerprint: a record resumes with it or without it.
    assert_eq!(cfg.canonical(), unwatched);
    cfg.run(|| Ok(whole()), None, dir.path()).unwrap();
    let path = dir.path().join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    for l in &lines {
        let num = |k: &str| l[k].as_f64().unwrap_or_else(|| panic!("no {k} in {l}"));
        for seat in ["black", "white"] {
            let (mean, slowest) =
                (num(&format!("{seat}_mean_s")), num(&format!("{seat}_slowest_s")));
            assert!(mean > 0.0 && mean <= slowest + 0.005, "{l}");
        }
        assert!(num("load_1m_mean") >= 0.0 && num("load_1m_max") >= num("load_1m_mean"), "{l}");
        assert!(num("others_cpu_s") >= 0.0, "{l}");
        // Whether it was clean depends on what else this machine runs: said, either way.
        assert!(l["clean"].is_boolean(), "{l}");
    }
    // One game marked as played beside something else, one as alone: --clean counts one.
    let marked: Vec<String> = lines
        .iter()
        .zip([false, true])
        .map(|(l, clean)| {
            let mut l = l.clone();
            l["clean"] = clean.into();
            l.to_string()
        })
        .collect();
    std::fs::write(&path, marked.join("\n") + "\n").unwrap();
    let merge = |clean| {
        let opts = MergeOptions { timings: true, clean, ..MergeOptions::default() };
        merge_files(&[&tour::GoResults], &[dir.path().to_path_buf()], &opts)
    };
    let all = merge(false).unwrap();
    let clean = merge(true).unwrap();
    assert!(clean.starts_with("clean games only: 1 of 2 "), "{clean}");
    assert!(clean.contains("over 1 games:") && all.contains("over 2 games:"), "{all}\n{clean}");
    assert!(clean.contains("mean answer of each entrant"), "{clean}");
    // None clean: one clear error.
    let none: Vec<String> =
        marked.iter().map(|l| l.replace("\"clean\":true", "\"clean\":false")).collect();
    std::fs::write(&path, none.join("\n") + "\n").unwrap();
    let e = merge(true).unwrap_err().to_string();
    assert_eq!(e, "--clean: none of the 2 games is recorded as played alone");
}

#[test]
fn a_program_over_its_memory_limit_loses_saying_so_and_its_cpu_time_is_recorded() {
    use menace_run::Rlimits;
    let hog = {
        let program = Program::new(["python3", "-c", "x = bytearray(400 << 20)"]);
        Entrant { name: "hog".into(), spec: format!("koth:{program}"), kind: Kind::Koth(program) }
    };
    let limits = Rlimits { memory: Some(64 << 20), cpu: None };
    let cfg = Config {
        entrants: vec![koth_sh("opener", "cat >/dev/null; echo 3 3"), hog],
        games_per_pair: 1,
        rules: Rules::koth(5, 0.0, 60, Duration::from_secs(20)).with_entrant_limits(limits),
        format: Format::Tournament,
        watch_load: false,
    };
    // The limit is part of the configuration: another limit is another tournament.
    assert!(cfg.canonical().contains(r#""entrant_limits":{"cpu_s":null,"memory_bytes":67108864}"#));
    let dir = tempfile::tempdir().unwrap();
    let (l, _) = unit(&cfg, 0, dir.path());
    assert_eq!((l["ending"].as_str(), l["winner"].as_str()), (Some("forfeit"), Some("black")));
    let reason = l["reason"].as_str().unwrap();
    assert!(
        reason.contains("crashed (over its memory limit of 64 MiB, exited with status 1"),
        "{reason}"
    );
    assert!(l["white_cpu_s"].as_f64().is_some() && l["black_cpu_s"].as_f64().is_some(), "{l:?}");
}
