//! Every refusal carries its stable code: each private session's refusal is made here for
//! real, as data (the session's options, the lines before, the line, its code and
//! arguments), and read back from the error answer; the class's own are made in
//! the class crate's test ([`menace_testkit::class_script::CLASS_CODES`]). Together they make every code of
//! `ERROR_CODES`, and every code has its message `error-CODE` in every catalog.

use menace_core::menace::state::State;
use menace_protocol::answer::classify;
use menace_protocol::{Answer, Config, FileAccess, Session, Stop, ERROR_CODES};
use serde_json::{json, Value};

/// One refusal: the session (options as a page gives them), the lines before it, the
/// refused line, its code and the arguments it must carry.
struct Case {
    options: &'static str,
    before: &'static [&'static str],
    line: &'static str,
    code: &'static str,
    args: &'static [(&'static str, &'static str)],
}

const fn case(
    options: &'static str,
    before: &'static [&'static str],
    line: &'static str,
    code: &'static str,
    args: &'static [(&'static str, &'static str)],
) -> Case {
    Case { options, before, line, code, args }
}

/// `{export}` in a line is the session's own export, `{taken}` the cell MENACE took last.
const CASES: &[Case] = &[
    case("", &[], "hello", "unknown-command", &[("command", "hello")]),
    case("", &[], "help me", "unknown-command", &[("command", "me")]),
    case("", &[], "!!", "not-a-command", &[]),
    case("", &[], "name Ada", "class-only", &[("command", "name")]),
    case("learner=weighted", &[], "dump", "needs-learner", &[("command", "dump")]),
    case("learner=weighted", &[], "export", "needs-learner", &[("learner", "menace")]),
    case("", &[], "export now", "unexpected-words", &[]),
    case("", &[], "games", "missing-argument", &[("command", "games")]),
    case("", &[], "import", "missing-argument", &[("command", "import")]),
    case("", &[], "games abc", "not-a-number", &[("command", "games")]),
    case("", &[], "games -5", "out-of-range", &[("min", "1"), ("max", "4294967295")]),
    case("", &[], "train 0", "out-of-range", &[("command", "train"), ("max", "100000000")]),
    case("", &[], "train 100000001", "out-of-range", &[("min", "1"), ("max", "100000000")]),
    case("", &[], "watch 10001", "out-of-range", &[("command", "watch"), ("max", "10000")]),
    case("", &[], "history 0", "out-of-range", &[("max", "1000")]),
    case("", &[], "seed -1", "out-of-range", &[("min", "0"), ("max", "18446744073709551615")]),
    case("", &[], "seed x", "not-a-number", &[("command", "seed")]),
    case("", &[], "dump all", "bad-argument", &[("command", "dump")]),
    case("", &[], "matchboxes maybe", "bad-argument", &[("command", "matchboxes")]),
    case("", &["games 1"], "games 1", "match-in-progress", &[("game", "1"), ("games", "1")]),
    case("", &["games 3"], "reset", "match-in-progress", &[("game", "1"), ("games", "3")]),
    case("", &["games 1"], "import {export}", "match-in-progress", &[]),
    case("", &[], "move MM", "no-game", &[]),
    case("", &[], "resign", "no-game", &[]),
    case("", &[], "abort", "nothing-to-abort", &[]),
    case("", &["games 1"], "move XX1", "not-a-ttt-move", &[]),
    case("", &["games 1"], "move XY", "not-a-ttt-move", &[]),
    case("", &["games 1"], "move {taken}", "cell-taken", &[]),
    case("", &["games 1"], "move MM extra", "unexpected-words", &[]),
    case("game=nim", &["games 1"], "2x", "not-a-nim-move", &[]),
    case("game=nim", &["games 1"], "move 9:1", "no-such-row", &[("row", "9"), ("rows", "3")]),
    case("game=nim", &["games 1"], "move 1:0", "take-one", &[]),
    case("game=nim", &["games 1"], "move 3:6", "too-many-taken", &[("row", "3"), ("take", "6")]),
    case("game=hexapawn", &["games 1"], "move zz", "not-a-hexapawn-move", &[]),
    case("game=hexapawn", &["games 1"], "move b2-b1", "no-pawn", &[("square", "b2")]),
    case("game=hexapawn", &["games 1"], "move a1xa2", "hexapawn-dash-x", &[]),
    case("game=hexapawn", &["games 1"], "move a1-b2", "hexapawn-dash-x", &[]),
    case("game=hexapawn", &["games 1"], "move a1-a3", "hexapawn-illegal", &[]),
    case("game=hexapawn", &["games 1"], "move a1xb2", "hexapawn-illegal", &[]),
    case("", &[], "dump opponent", "no-opponent-machine", &[]),
    case("", &[], "train 5 bogus", "unknown-opponent", &[("command", "train")]),
    case("", &[], "watch 5 mixed:2", "bad-probability", &[("command", "watch")]),
    case("", &[], "train 5 exec:ls", "program-opponent", &[]),
    case("", &[], "rules", "rules-nothing", &[]),
    case("", &[], "rules reset reset", "rules-twice", &[("rule", "reset")]),
    case("", &[], "rules reward", "rules-needs-value", &[("rule", "reward")]),
    case("", &[], "rules 3", "not-a-rule", &[]),
    case("", &[], "rules preset bogus", "unknown-preset", &[]),
    case("", &[], "rules initial 4,x", "bad-initial", &[]),
    case("", &[], "rules initial 0", "bad-initial", &[]),
    case("", &[], "rules reward 1,2", "bad-reward", &[]),
    case("", &[], "rules reward 2000000,0,0", "bad-reward", &[("min", "-1000000")]),
    case("", &[], "rules empty sometimes", "bad-empty", &[]),
    case("", &[], "rules empty refill:0", "bad-empty", &[("max", "1000000")]),
    case("", &[], "rules colours plaid", "bad-colours", &[]),
    case("", &[], "rules colours symmetry", "colours-need-reset", &[]),
    case("", &[], "import {", "state-not-json", &[]),
    case("", &[], r#"import {"format":"menace-state","name":1}"#, "state-unknown-field", &[]),
    case("", &[], r#"import {"format":"menace-state"}"#, "state-missing-field", &[]),
    case("", &[], r#"import {"format":"menace-state","version":"1"}"#, "state-malformed", &[]),
    case("", &[], "import []", "state-malformed", &[]),
    case("", &[], "import {export format=other}", "state-format", &[]),
    case("", &[], "import {export version=2}", "state-version", &[("version", "2")]),
    case("", &[], "import {export game=chess}", "state-other-game", &[("game", "chess")]),
    case("", &[], "import {export rows=[1,2]}", "state-other-game", &[]),
    case(
        "game=nim",
        &[],
        "import {export rows=[1,2]}",
        "state-other-rows",
        &[("rows", "1,2"), ("want", "3,4,5")],
    ),
    case("game=hexapawn", &[], "import {export game=ttt}", "state-other-game", &[("game", "ttt")]),
    case("", &[], "import {second}", "state-other-side", &[("side", "second")]),
    case("", &[], "import {export initial=[]}", "state-rules", &[]),
    case("", &[], "import {export story=ahead}", "state-curve", &[]),
    case("", &[], "import {export class=ahead}", "state-curve", &[]),
    case("", &[], "import {export class=badname}", "state-class", &[]),
    case("", &[], "import {export boxes=303}", "state-boxes", &[("want", "304"), ("found", "303")]),
    case("", &[], "import {export box5=XXXXXXXXX}", "state-boxes", &[("box", "5")]),
    case("game=nim", &[], "import {export box5=XXXXXXXXX}", "state-boxes", &[("box", "5")]),
    case("", &[], "import {export box1=illegal}", "state-boxes", &[("box", "1")]),
    case("files=nowhere", &[], "save x.json", "files-refused", &[("command", "save")]),
    case("", &[], "load /nonexistent/menace/x.json", "file-unreadable", &[]),
    case("", &[], "save /nonexistent/menace/x.json", "file-unwritable", &[]),
];

/// The session a case's options describe (as a page's `/ws` query, plus `files=nowhere`).
fn session(options: &str) -> Session {
    let mut config = Config { seed: 5, ..Config::default() };
    for pair in options.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap();
        match key {
            "files" => config.files = FileAccess::Nowhere,
            _ => config.set_option(key, value).unwrap(),
        }
    }
    Session::with(config).unwrap()
}

fn send(session: &mut Session, line: &str) -> Vec<Value> {
    let mut out: Vec<Answer> = Vec::new();
    session.handle_line(line, &mut out, &Stop::new());
    out.iter().map(|a| serde_json::from_str(&a.to_json()).unwrap()).collect()
}

/// The session's own state, edited as `edit` says (`format=other`, `boxes=303`, ...).
fn edited(session: &Session, edit: &str) -> String {
    let mut v = serde_json::to_value(session.state().unwrap()).unwrap();
    let (what, value) = edit.split_once('=').unwrap_or((edit, ""));
    match what {
        "" => {}
        "format" | "game" => v[what] = json!(value),
        "version" => v["version"] = json!(2),
        "rows" => v["rows"] = serde_json::from_str(value).unwrap(),
        "initial" => v["rules"]["initial"] = json!([]),
        "story" => {
            v["story"] = json!({"score": {"win": 1, "draw": 0, "loss": 0},
                                "curve": [{"games": 5, "net": 1}], "curve_step": 1})
        }
        "class" => {
            let mut class = json!({"score": {"win": 1, "draw": 0, "loss": 0}, "players": {},
                                   "curve": [{"games": 1, "net": 1}], "curve_step": 1});
            if value == "ahead" {
                class["curve"] = json!([{"games": 9, "net": 1}]);
            } else {
                class["players"] = json!({" padded ": {"win": 0, "draw": 0, "loss": 0}});
            }
            v["class"] = class;
        }
        "boxes" => {
            v["boxes"].as_array_mut().unwrap().pop();
        }
        "box5" => v["boxes"][5]["position"] = json!(value),
        "box1" => v["boxes"][1]["beads"][0] = json!(5),
        other => panic!("no edit {other}"),
    }
    serde_json::to_string(&v).unwrap()
}

/// A case's refused line, its placeholders filled from `session` and `answers` (those of
/// the lines before).
fn line_of(case: &Case, session: &Session, answers: &[Value]) -> String {
    let mut line = case.line.to_string();
    if let Some(at) = line.find("{export") {
        let end = at + line[at..].find('}').unwrap();
        let edit = line[at + "{export".len()..end].trim().to_string();
        line.replace_range(at..=end, &edited(session, &edit));
    }
    if line.contains("{second}") {
        let other = session_state("side=second");
        line = line.replace("{second}", &other);
    }
    if line.contains("{taken}") {
        let taken = answers.iter().rev().find(|a| a["type"] == "menace_move").unwrap();
        line = line.replace("{taken}", taken["move"].as_str().unwrap());
    }
    line
}

fn session_state(options: &str) -> String {
    serde_json::to_string(&session(options).state().unwrap()).unwrap()
}

/// Makes every case's refusal and checks its code and arguments; returns the codes made.
fn made_by_private_sessions() -> Vec<&'static str> {
    let mut made = Vec::new();
    for case in CASES {
        let mut s = session(case.options);
        let mut answers = Vec::new();
        for line in case.before {
            answers.extend(send(&mut s, line));
        }
        let line = line_of(case, &s, &answers);
        let before = s.observe();
        let out = send(&mut s, &line);
        let what = format!("{} `{}`", case.options, case.line);
        assert_eq!(out.len(), 1, "{what}: {out:?}");
        let a = &out[0];
        assert_eq!(a["type"], "error", "{what}: {a}");
        assert_eq!(a["code"], case.code, "{what}: {a}");
        for (k, v) in case.args {
            assert_eq!(a["args"][k], *v, "{what}: {a}");
        }
        assert_eq!(s.observe(), before, "{what} changed the session");
        made.push(case.code);
    }
    made
}

#[test]
fn every_refusal_carries_its_code() {
    let mut made = made_by_private_sessions();
    // What a page's engine refuses outside a line: a weighted learner's state.
    let weighted = session("learner=weighted").state().unwrap_err();
    assert_eq!(classify(&weighted).map(|c| c.0), Some("no-matchboxes"), "{weighted}");
    made.push("no-matchboxes");
    // A game's refusal that the command table keeps from a private session.
    let refusal = menace_protocol::command::Support::TTT_MENACE.refusal("class", "nim", "menace");
    let (code, args) = classify(&refusal.unwrap()).unwrap();
    assert_eq!((code, args[0].1.as_str()), ("wrong-game", "class"));
    made.push(code);
    made.extend(menace_testkit::class_script::CLASS_CODES);
    for e in ERROR_CODES {
        assert!(made.contains(&e.code), "{} is made by no test", e.code);
    }
}

/// Every code has its message in the English catalog (and so in every catalog: the
/// catalogs' own test holds them to English's messages).
#[test]
fn every_code_has_its_message_in_every_catalog() {
    for lang in menace_i18n::LANGUAGES {
        let ids = menace_i18n::message_ids(lang.ftl);
        for e in ERROR_CODES {
            let id = format!("error-{}", e.code);
            assert!(ids.contains(&id), "{}.ftl has no {id}", lang.code);
        }
    }
}

/// The state of every game's MENACE goes out and comes back with its whole story.
#[test]
fn every_game_exports_and_imports_with_its_story() {
    for options in ["", "side=second", "game=nim", "game=hexapawn"] {
        let mut s = session(options);
        send(&mut s, "train 300");
        let exported = send(&mut s, "export");
        assert_eq!(exported[0]["type"], "state", "{options}");
        let state = &exported[0]["state"];
        assert_eq!(
            state["story"]["score"]["win"].as_u64().unwrap()
                + state["story"]["score"]["draw"].as_u64().unwrap()
                + state["story"]["score"]["loss"].as_u64().unwrap(),
            300,
            "{options}"
        );
        let history = send(&mut s, "history 1");
        assert_eq!(&history[0]["score"], &state["story"]["score"], "{options}");
        assert_eq!(&history[0]["curve"], &state["story"]["curve"], "{options}");
        let mut fresh = session(options);
        let imported = send(&mut fresh, &format!("import {state}"));
        assert_eq!(imported[0]["type"], "imported", "{options}: {}", imported[0]);
        // The same machine (status, boxes), and the same story; the last games' list
        // is the session's own.
        assert_eq!(fresh.observe()[..3], s.observe()[..3], "{options}");
        let again = send(&mut fresh, "history 1");
        assert_eq!(
            (&again[0]["curve"], &again[0]["score"]),
            (&history[0]["curve"], &history[0]["score"])
        );
        // The reader of every state reads it too, and a reset clears the story.
        State::parse(state.to_string().as_bytes()).unwrap();
        send(&mut fresh, "reset");
        let cleared = send(&mut fresh, "history");
        assert_eq!(cleared[0]["curve"], json!([]), "{options}");
        assert_eq!(cleared[0]["score"], json!({"win": 0, "draw": 0, "loss": 0}), "{options}");
    }
}

/// A file written before stories were kept loads, with an empty story.
#[test]
fn a_state_without_a_story_loads_with_an_empty_one() {
    let mut s = session("");
    send(&mut s, "train 50");
    let mut v = serde_json::to_value(s.state().unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("story");
    let mut fresh = session("");
    let a = send(&mut fresh, &format!("import {v}"));
    assert_eq!(a[0]["type"], "imported", "{}", a[0]);
    let h = send(&mut fresh, "history");
    assert_eq!((h[0]["curve"].clone(), h[0]["games"].clone()), (json!([]), json!([])));
    assert_eq!(fresh.games_played(), 50);
}
