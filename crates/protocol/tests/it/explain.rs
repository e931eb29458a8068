//! `explain` says exactly what MENACE did: for every turn of many games, the drawing is
//! the real board turned by the named symmetry, the bead drawn lands on the move played,
//! the counts are the box's when it drew, and after the game each drawn bead's count
//! changed by the rules' reward and no other did. A refused `explain` is one error.

use menace_core::ttt::{Board, TRANSFORMS};
use menace_protocol::{serve, Config, GameChoice, LearnerChoice, Session};
use serde_json::Value;

fn answers(config: Config, input: &str) -> Vec<Value> {
    let mut session = Session::with(config).unwrap();
    let mut out = Vec::new();
    serve(input.as_bytes(), &mut out, &mut session).unwrap();
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn board(rows: &Value) -> Board {
    let text: Vec<&str> = rows.as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    Board::parse(&text.join("")).unwrap()
}

/// Plays `games` games against the first free cell, asking `explain` after every MENACE
/// move and after every game; checks each answer against the dumps around it.
fn check_ttt(seed: u64, preset: &str) {
    let config = Config { seed, ..Config::default() };
    let mut session = Session::with(config).unwrap();
    let mut run = |line: &str| -> Vec<Value> {
        let mut out = Vec::new();
        serve(format!("{line}\n").as_bytes(), &mut out, &mut session).unwrap();
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    run(&format!("rules preset {preset} reset"));
    run("matchboxes off");
    for _ in 0..20 {
        let mut got = run("games 1");
        loop {
            let last = got.last().unwrap().clone();
            if last["type"] == "match_over" {
                break;
            }
            let explain = run("explain").pop().unwrap();
            let steps = explain["playing"].as_array().unwrap();
            let step = steps.last().unwrap();
            assert_eq!(step["move"], last["move"], "the last turn is the move just made");
            if !step["box"].is_null() {
                let (real, drawing) = (board(&step["board"]), board(&step["drawing"]));
                let t = TRANSFORMS.iter().find(|t| t.name() == step["symmetry"]).unwrap();
                assert_eq!(
                    t.board(real),
                    drawing,
                    "the symmetry turns the real board into the drawing"
                );
                let bead = step["beads"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|b| b["bead"] == step["bead"])
                    .unwrap();
                assert_eq!(bead["move"], step["move"], "the bead drawn lands on the move made");
                // The dump holds the box without the drawn bead (it is out until the end).
                let dump = run("dump").pop().unwrap();
                let now = &dump["boxes"][step["box"].as_u64().unwrap() as usize];
                let total: u64 = step["beads"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["count"].as_u64().unwrap())
                    .sum();
                let in_box: u64 =
                    now["beads"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).sum();
                assert_eq!(total, in_box + 1);
            }
            let rows = last["board"].clone();
            let free = board(&rows).empty_cells().next().unwrap().rc();
            got = run(&format!("move {free}"));
        }
        let explain = run("explain").pop().unwrap();
        assert!(explain.get("playing").is_none(), "no game in progress");
        let finished = &explain["finished"];
        let change = finished["change"].as_i64().unwrap();
        for step in finished["moves"].as_array().unwrap() {
            for b in step["beads"].as_array().into_iter().flatten() {
                let (count, after) = (b["count"].as_i64().unwrap(), b["after"].as_i64().unwrap());
                let want = if b["bead"] == step["bead"] { (count + change).max(0) } else { count };
                assert_eq!(after, want, "{preset}, seed {seed}: {b}");
                // Alone, what this game taught is what the box holds now.
                assert_eq!(b["taught"], b["after"], "{preset}, seed {seed}: {b}");
            }
        }
    }
}

#[test]
fn explain_is_what_menace_did_under_every_preset() {
    for seed in 1..6 {
        for preset in ["challenge", "michie", "scroggs"] {
            check_ttt(seed, preset);
        }
    }
}

#[test]
fn training_and_a_reset_forget_the_finished_game() {
    let a = answers(Config::default(), "games 1\nresign\nexplain\ntrain 10\nexplain\n");
    let explains: Vec<&Value> = a.iter().filter(|v| v["type"] == "explain").collect();
    assert!(explains[0].get("finished").is_some());
    assert_eq!(explains[1].to_string(), r#"{"type":"explain"}"#);
}

#[test]
fn nim_and_hexapawn_explain_in_their_own_notation() {
    let nim = answers(
        Config { game: GameChoice::parse("nim", None).unwrap(), seed: 3, ..Config::default() },
        "games 1\nexplain\n",
    );
    let step = &nim.last().unwrap()["playing"][0];
    assert_eq!(step["symmetry"], "identity");
    assert_eq!(step["beads"].as_array().unwrap().len(), 12, "3 + 4 + 5 ways to take");
    let hex = answers(
        Config { game: GameChoice::parse("hexapawn", None).unwrap(), seed: 3, ..Config::default() },
        "games 1\nmove c1-c2\nexplain\n",
    );
    let step = &hex.last().unwrap()["playing"][0];
    assert!(["identity", "mirror left-right"].contains(&step["symmetry"].as_str().unwrap()));
    assert_eq!(step["board"][0], "3 B B B");
}

#[test]
fn a_refused_explain_is_one_error_and_changes_nothing() {
    let a = answers(Config::default(), "explain now\n");
    assert_eq!(a.len(), 1);
    assert_eq!(a[0]["type"], "error");
    assert!(a[0]["message"].as_str().unwrap().contains("explain"), "{}", a[0]);
    let w = answers(Config { learner: LearnerChoice::Weighted, ..Config::default() }, "explain\n");
    assert_eq!(w.len(), 1);
    assert_eq!(w[0]["type"], "error");
}
