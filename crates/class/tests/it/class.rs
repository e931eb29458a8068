//! A class in the one protocol: the golden transcript of a lesson (several sessions of one
//! shared MENACE), the class's tally kept apart from its training, the log replaying to
//! the shared boxes exactly, uploads checked as `load` checks, old class files, and a game
//! its store cannot keep (a full disk) never announced.
//!
//! Re-bless the transcript after an intended change with
//! `MENACE_BLESS=1 cargo test -p menace-class --test it class::` and review the diff.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use menace_class::{replay, Bus, Logged, Room, RoomOptions};
use menace_core::game::Side;
use menace_core::menace::state::State;
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_protocol::{Answer, Closed, Session, Sink, Stop};
use menace_testkit::class_script::{inputs, render, steps, Step, CLASS_CODES};
use serde_json::Value;

const KEY: &str = "class-key";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// What happened, in order: a session's own answer, or a broadcast from a session.
enum Event {
    Own(String, String),
    Bus(Option<u64>, String),
}

/// A store that hands each commit's class to a function (a test's record of what was
/// kept, or a failing disk).
struct Keeper(Box<Commit>);

/// What a test's store does with each commit's class.
type Commit = dyn Fn(&State) -> Result<(), String> + Send + Sync;

impl menace_class::Store for Keeper {
    fn load(&self) -> Result<menace_class::Stored, String> {
        Ok(menace_class::Stored::default())
    }

    fn commit_games(&self, class: &State) -> Result<(), String> {
        (self.0)(class)
    }

    fn commit_replace(&self, class: &State, _: &[menace_class::Earlier]) -> Result<(), String> {
        (self.0)(class)
    }

    fn keep_key(&self, _: &str) -> Result<(), String> {
        Ok(())
    }
}

/// The test rooms' options: fresh challenge boxes, MENACE first, seed 7, `keeper`.
fn options(keeper: Option<Keeper>) -> RoomOptions {
    RoomOptions {
        state: None,
        rules: BeadRules::challenge(),
        side: Side::First,
        key: KEY.into(),
        seed: 7,
        wrong_key_wait: Duration::from_millis(20),
        store: keeper.map(|k| Box::new(k) as Box<dyn menace_class::Store>),
        previous: Vec::new(),
        clock: None,
    }
}

/// A room whose broadcasts are recorded in `events`, MENACE playing `side`.
fn room_on(events: Arc<Mutex<Vec<Event>>>, state: Option<State>, side: Side) -> Arc<Room> {
    let bus: Bus = Box::new(move |from, answer: &Answer| {
        events.lock().unwrap().push(Event::Bus(from, answer.to_json()));
    });
    let options = RoomOptions { state, side, ..options(None) };
    Room::open(options, bus).unwrap()
}

/// The sessions of a replay, by name, in the order they joined.
struct Class {
    room: Arc<Room>,
    events: Arc<Mutex<Vec<Event>>>,
    members: Vec<(String, u64, Session)>,
}

impl Class {
    fn new(state: Option<State>) -> Class {
        Class::on(state, Side::First)
    }

    fn on(state: Option<State>, side: Side) -> Class {
        let events = Arc::new(Mutex::new(Vec::new()));
        Class { room: room_on(events.clone(), state, side), events, members: Vec::new() }
    }

    /// Sends `line` as `who` (joining on first use): what everyone received, in order.
    fn send(&mut self, who: &str, line: &str) -> Vec<(String, String)> {
        if !self.members.iter().any(|(n, _, _)| n == who) {
            let (session, id) = self.room.session();
            self.members.push((who.to_string(), id, session));
        }
        let member = self.members.iter_mut().find(|(n, _, _)| n == who).unwrap();
        let mut sink = Recorder { who: who.to_string(), events: self.events.clone() };
        member.2.handle_line(line, &mut sink, &Stop::new());
        let events = std::mem::take(&mut *self.events.lock().unwrap());
        let mut out = Vec::new();
        for e in events {
            match e {
                Event::Own(who, json) => out.push((who, json)),
                Event::Bus(from, json) => {
                    for (name, id, _) in &self.members {
                        if Some(*id) != from {
                            out.push((name.clone(), json.clone()));
                        }
                    }
                }
            }
        }
        out
    }
}

/// A session's sink: its answers join the events, in order with the broadcasts.
struct Recorder {
    who: String,
    events: Arc<Mutex<Vec<Event>>>,
}

impl Sink for Recorder {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        self.events.lock().unwrap().push(Event::Own(self.who.clone(), answer.to_json()));
        Ok(())
    }
}

#[test]
fn a_lesson_replays_its_golden_transcript() {
    let dir = fixtures().join("class");
    let input = std::fs::read_to_string(dir.join("session.in")).unwrap();
    let mut class = Class::new(None);
    let got: Vec<Step> = inputs(&input)
        .into_iter()
        .map(|(who, line)| {
            let answers = class.send(&who, &line);
            Step { who, line, answers }
        })
        .collect();
    // Every answer is one JSON object with a type.
    for s in &got {
        for (_, a) in &s.answers {
            let v: Value = serde_json::from_str(a).unwrap();
            assert!(v["type"].is_string(), "{a}");
        }
    }
    let out = dir.join("session.out");
    if std::env::var_os("MENACE_BLESS").is_some() {
        std::fs::write(&out, render(&got)).unwrap();
        return;
    }
    let want = steps(&std::fs::read_to_string(&out).expect("session.out: bless it"));
    assert_eq!(want.len(), got.len());
    for (w, g) in want.iter().zip(&got) {
        assert_eq!(w, g, "after `{}> {}`", w.who, w.line);
    }
    // The log replays to the shared boxes exactly.
    let record = class.room.snapshot();
    assert_eq!(beads(&replay(record.base(), record.log())), beads(record.machine()));
}

/// Who got what type of answer (short, for failure messages), errors with their text.
fn kinds(answers: &[(String, String)]) -> Vec<String> {
    answers
        .iter()
        .map(|(w, a)| {
            let v: Value = serde_json::from_str(a).unwrap();
            format!("{w}: {} {}", v["type"], v["message"])
        })
        .collect()
}

fn beads(m: &Matchboxes<TicTacToe>) -> Vec<Vec<u32>> {
    (0..m.len()).map(|b| m.beads(b).to_vec()).collect()
}

/// The first free cell of a board's rows, in RC notation.
fn free(board: &Value) -> String {
    let rows: Vec<&str> = board.as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    for (r, row) in rows.iter().enumerate() {
        if let Some(c) = row.find('.') {
            return format!("{}{}", ["L", "M", "R"][r], ["L", "M", "R"][c]);
        }
    }
    panic!("no free cell")
}

/// Plays one game as `who` taking the first free cell: the winner.
fn play_one(class: &mut Class, who: &str) -> String {
    let mut answers = class.send(who, "games 1");
    loop {
        let mine: Vec<Value> = answers
            .iter()
            .filter(|(w, _)| w == who)
            .map(|(_, a)| serde_json::from_str(a).unwrap())
            .collect();
        if let Some(r) = mine.iter().find(|a| a["type"] == "result") {
            return r["winner"].as_str().unwrap().to_string();
        }
        let last = mine.iter().rev().find(|a| a["board"].is_array()).expect("a board");
        assert_eq!(last["to_move"], "player", "{last}");
        answers = class.send(who, &format!("move {}", free(&last["board"])));
    }
}

#[test]
fn the_class_score_counts_people_and_training_apart() {
    let mut class = Class::new(None);
    class.send("ada", "name Ada");
    class.send("ada", "matchboxes off");
    let winner = play_one(&mut class, "ada");
    class.send("t", "teacher class-key");
    class.send("t", "matchboxes off");
    let trained = class.send("t", "train 1000 random");
    let picture: Value = trained
        .iter()
        .filter(|(w, _)| w == "ada")
        .map(|(_, a)| serde_json::from_str::<Value>(a).unwrap())
        .find(|a| a["type"] == "class")
        .expect("the class is told");
    assert_eq!(picture["games_played"], 1001);
    let score = &picture["score"];
    let games: u64 = ["menace", "draw", "player"].iter().map(|k| score[k].as_u64().unwrap()).sum();
    assert_eq!(games, 1, "the class's score is its people's games: {score}");
    assert_eq!(score[&winner], 1);
    assert_eq!(picture["trained"][0]["opponent"], "random");
    let t = &picture["trained"][0]["score"];
    let trained: u64 = ["menace", "draw", "player"].iter().map(|k| t[k].as_u64().unwrap()).sum();
    assert_eq!(trained, 1000);
    assert_eq!(picture["players"].as_array().unwrap().len(), 1);
    assert_eq!(picture["curve"].as_array().unwrap().len(), 1, "the curve is the class's games");
    // The log says which is which, and replays exactly (training blocks included).
    let record = class.room.snapshot();
    let kinds: Vec<&str> = record
        .log()
        .iter()
        .map(|e| match e {
            Logged::Game { .. } => "game",
            Logged::Training { .. } => "training",
        })
        .collect();
    assert_eq!(kinds.first(), Some(&"game"));
    assert!(kinds[1..].iter().all(|k| *k == "training"));
    assert_eq!(beads(&replay(record.base(), record.log())), beads(record.machine()));
    // The class file is a state: it loads as any saved MENACE does.
    let state = class.room.state();
    let text = serde_json::to_string(&state).unwrap();
    let back = State::parse(text.as_bytes()).unwrap();
    assert_eq!(beads(&back.to_machine().unwrap()), beads(record.machine()));
    let mut private = Session::new(BeadRules::challenge(), 1);
    let mut answers: Vec<Answer> = Vec::new();
    private.handle_line(&format!("import {text}"), &mut answers, &Stop::new());
    assert!(matches!(answers[0], Answer::Imported { games_played: 1001, .. }), "{answers:?}");
}

#[test]
fn an_upload_is_checked_as_load_checks_and_changes_nothing_when_refused() {
    let mut class = Class::new(None);
    class.send("t", "teacher class-key");
    class.send("t", "train 50 perfect");
    let before = class.room.state();
    let mut state = before.clone();
    state.boxes[3].beads[0] = 7; // a bead on a taken cell, or a cell of another box
    state.boxes.swap(0, 1);
    state.boxes[0].beads = vec![1; 3];
    let bad = serde_json::to_string(&state).unwrap();
    let answers = class.send("t", &format!("import {bad}"));
    assert_eq!(answers.len(), 1);
    assert!(answers[0].1.contains("\"type\":\"error\""), "{:?}", kinds(&answers));
    assert_eq!(class.room.state(), before);
    // A student may not upload at all.
    let fresh =
        serde_json::to_string(&Session::new(BeadRules::challenge(), 1).state().unwrap()).unwrap();
    let answers = class.send("ada", &format!("import {fresh}"));
    assert!(answers[0].1.contains("the teacher's"), "{:?}", kinds(&answers));
    assert_eq!(class.room.state(), before);
    // The teacher's upload of a private MENACE: a new machine, a class record from zero,
    // and everyone sees it.
    class.send("ada", "name Ada");
    let answers = class.send("t", &format!("import {fresh}"));
    assert!(answers[0].1.contains("\"type\":\"imported\""), "{:?}", kinds(&answers));
    assert!(answers.iter().any(|(w, a)| w == "ada" && a.contains("\"type\":\"class\"")));
    assert_eq!(class.room.state().games_played, 0);
    assert_eq!(class.room.state().class.unwrap().score.win, 0);
}

#[test]
fn an_old_class_file_loads_as_the_state_it_holds() {
    let old = std::fs::read(fixtures().join("state/class-v1-saved-by-0.1.0.json")).unwrap();
    let state = State::parse(&old).unwrap();
    let machine = state.to_machine().unwrap();
    assert_eq!(machine.len(), 304);
    let class = state.class.clone().unwrap();
    // Its players' records were kept from the players' side: turned to MENACE's.
    assert_eq!((class.players["Ada"].win, class.players["Ada"].loss), (1, 0));
    let class_room = Class::new(Some(state));
    assert_eq!(class_room.room.snapshot().class().players.len(), 2);
}

/// Lines of a class: the protocol's commands, the class's own, and junk.
fn class_line() -> impl proptest::strategy::Strategy<Value = (usize, String)> {
    use proptest::prelude::*;
    let cell = prop::sample::select(vec!["LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"]);
    let line = prop_oneof![
        6 => cell.prop_map(|c| format!("move {c}")),
        2 => Just("games 1".to_string()),
        2 => prop::sample::select(vec![
            "name Ada", "name Bo", "name ", "teacher class-key", "teacher nope", "class",
            "matchboxes off", "status", "board", "dump", "history", "abort", "resign", "eval",
            "reset", "seed 3", "train 30", "train 20 perfect", "train 5 menace", "watch 2",
            "save x.json", "export", "rules reward 3,1,-1", "rules preset scroggs reset",
            "rules colours symmetry", "import {}",
        ])
        .prop_map(str::to_string),
        1 => "[a-z]{1,8}( [-+0-9a-zA-Z.:,]{0,20}){0,2}",
    ];
    (0usize..3, line)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Any lines from any of three sessions: every answer is JSON, and a line answered
    /// with one error changes neither the shared machine, nor its record, nor its log.
    #[test]
    fn a_refused_line_changes_nothing_in_the_class(lines in proptest::collection::vec(class_line(), 1..40)) {
        let mut class = Class::new(None);
        let who = ["a", "b", "t"];
        for (w, line) in lines {
            let before = (class.room.state(), class.room.snapshot().log().to_vec());
            let answers = class.send(who[w], &line);
            for (_, a) in &answers {
                let v: Value = serde_json::from_str(a).unwrap();
                proptest::prop_assert!(v["type"].is_string());
            }
            let own: Vec<&(String, String)> = answers.iter().filter(|(x, _)| x == who[w]).collect();
            if own.len() == 1 && own[0].1.contains("\"type\":\"error\"") {
                proptest::prop_assert_eq!(answers.len(), 1, "{}", line);
                let after = (class.room.state(), class.room.snapshot().log().to_vec());
                proptest::prop_assert!(before == after, "{} changed the class", line);
            }
        }
        let record = class.room.snapshot();
        proptest::prop_assert_eq!(beads(&replay(record.base(), record.log())), beads(record.machine()));
    }
}

#[test]
fn a_class_against_menace_playing_second_lets_the_person_open() {
    let mut class = Class::on(None, Side::Second);
    class.send("ada", "name Ada");
    let opened = class.send("ada", "games 1");
    assert_eq!(kinds(&opened), ["ada: \"new_game\" null"], "the person opens: nothing else");
    let after = class.send("ada", "move MM");
    let own: Vec<Value> = after.iter().map(|(_, a)| serde_json::from_str(a).unwrap()).collect();
    assert_eq!(own[0]["type"], "board");
    assert_eq!(own[0]["to_move"], "menace");
    assert_eq!(own[1]["type"], "menace_move");
    assert_eq!(own[1]["to_move"], "player");
    let rows: Vec<String> = serde_json::from_value(own[1]["board"].clone()).unwrap();
    assert_eq!(rows.concat().matches('O').count(), 1, "MENACE plays O: {rows:?}");
    let winner = {
        let mut answers = after;
        loop {
            let mine: Vec<Value> =
                answers.iter().map(|(_, a)| serde_json::from_str(a).unwrap()).collect();
            if let Some(r) = mine.iter().find(|a| a["type"] == "result") {
                break r["winner"].as_str().unwrap().to_string();
            }
            let last = mine.iter().rev().find(|a| a["board"].is_array()).unwrap();
            answers = class.send("ada", &format!("move {}", free(&last["board"])));
        }
    };
    let state = class.room.state();
    assert_eq!(state.side, Side::Second);
    assert_eq!(state.class.as_ref().unwrap().score.games(), 1, "{winner}");
    // A first-side MENACE is refused with the one sentence, and nothing changes.
    class.send("t", "teacher class-key");
    let first =
        serde_json::to_string(&Session::new(BeadRules::challenge(), 1).state().unwrap()).unwrap();
    let refused = class.send("t", &format!("import {first}"));
    assert!(
        refused[0].1.contains("this state is MENACE playing first (X)"),
        "{:?}",
        kinds(&refused)
    );
    assert_eq!(class.room.state(), state);
}

/// One connection gives three new names at most (typos), and names already on the board
/// are free to take; a name that looks like one on the board is that player, even when
/// both were given before either finished a game.
#[test]
fn names_are_bounded_per_connection_and_lookalikes_are_one_player() {
    let mut class = Class::new(None);
    for (i, name) in ["Ada", "Bo", "Cy"].iter().enumerate() {
        let a = class.send("flood", &format!("name {name}"));
        assert_eq!(kinds(&a), ["flood: \"named\" null"], "name {i}");
    }
    let a = class.send("flood", "name Dee");
    assert!(a[0].1.contains("3 new names at most"), "{a:?}");
    // Back to one of its own names: fine.
    assert_eq!(kinds(&class.send("flood", "name Bo")), ["flood: \"named\" null"]);

    // Two lookalikes named before either plays: one player on the board.
    class.send("latin", "name Zed");
    class.send("cyrillic", "name Z\u{0435}d"); // Cyrillic e
    class.send("latin", "matchboxes off");
    class.send("cyrillic", "matchboxes off");
    play_one(&mut class, "latin");
    play_one(&mut class, "cyrillic");
    let players = class.room.snapshot().class().players.clone();
    assert_eq!(players.len(), 1, "{players:?}");
    let zed = &players["Zed"];
    assert_eq!(zed.win + zed.draw + zed.loss, 2);
}

/// Past [`NAMES_PER_ADDRESS`] names from one address, or on a full board, a new player's
/// games count for the class, unlisted (`unlisted: true`), and the teacher's
/// `players clear` makes room again without touching the score or the boxes.
#[test]
fn a_full_board_stays_usable_and_one_address_cannot_fill_it() {
    use menace_class::NAMES_PER_ADDRESS;
    let events = Arc::new(Mutex::new(Vec::new()));
    let room = room_on(events.clone(), None, Side::First);
    let mut class = Class { room, events, members: Vec::new() };
    let join = |class: &mut Class, who: &str| {
        let (session, id) = class.room.session_from(Some("10.0.0.7".into()));
        class.members.push((who.to_string(), id, session));
    };
    for i in 0..=NAMES_PER_ADDRESS {
        let who = format!("s{i}");
        join(&mut class, &who);
        class.send(&who, "matchboxes off");
        let named = class.send(&who, &format!("name p{i}"));
        let v: Value = serde_json::from_str(&named[0].1).unwrap();
        assert_eq!(v["type"], "named");
        assert_eq!(v["unlisted"].as_bool().unwrap_or(false), i == NAMES_PER_ADDRESS, "{v}");
        play_one(&mut class, &who);
    }
    let record = class.room.snapshot();
    assert_eq!(record.class().players.len(), NAMES_PER_ADDRESS);
    assert_eq!(record.class().score.games(), NAMES_PER_ADDRESS as u64 + 1, "every game counts");
    // Another address is not held up.
    let (session, id) = class.room.session_from(Some("10.0.0.8".into()));
    class.members.push(("other".into(), id, session));
    let named = class.send("other", "name Eve");
    assert!(named[0].1.contains("\"named\"") && !named[0].1.contains("unlisted"), "{named:?}");

    let boxes = beads(record.machine());
    class.send("t", &format!("teacher {KEY}"));
    let removed = class.send("t", "players clear");
    let v: Value = serde_json::from_str(&removed[0].1).unwrap();
    assert_eq!(v["names"].as_array().unwrap().len(), NAMES_PER_ADDRESS);
    let after = class.room.snapshot();
    assert!(after.class().players.is_empty());
    assert_eq!(after.class().score, record.class().score, "the score stays");
    assert_eq!(beads(after.machine()), boxes, "the boxes stay");
    // The address may name players again.
    let named = class.send(&format!("s{NAMES_PER_ADDRESS}"), "name p0");
    assert!(!named[0].1.contains("unlisted"), "{named:?}");
}

/// The room's keeper is called before a change is told: when a `finished` answer goes
/// out, the keeper has already been asked to keep a state that holds that game.
#[test]
fn a_finished_game_is_kept_before_anyone_is_told() {
    let events: Arc<Mutex<Vec<Event>>> = Arc::new(Mutex::new(Vec::new()));
    let bus_events = events.clone();
    let bus: Bus = Box::new(move |from, answer: &Answer| {
        bus_events.lock().unwrap().push(Event::Bus(from, answer.to_json()));
    });
    let kept = events.clone();
    let keeper = Keeper(Box::new(move |state: &State| {
        let games = state.class.as_ref().unwrap().score.games();
        kept.lock().unwrap().push(Event::Own("keeper".into(), games.to_string()));
        Ok(())
    }));
    let options = options(Some(keeper));
    let room = Room::open(options, bus).unwrap();
    let mut class = Class { room, events: events.clone(), members: Vec::new() };
    class.send("watcher", "class");
    class.send("ada", "name Ada");
    // Recorded in order: the keeper's calls, the answers and the broadcasts.
    let mut answers = class.send("ada", "games 1");
    let mut log = Vec::new();
    loop {
        log.extend(answers.iter().cloned());
        if let Some((_, a)) = answers.iter().find(|(_, a)| a.contains("\"match_over\"")) {
            assert!(a.contains("\"played\":1"));
            break;
        }
        let (_, last) = answers.iter().rev().find(|(_, a)| a.contains("\"board\"")).unwrap();
        let last: Value = serde_json::from_str(last).unwrap();
        answers = class.send("ada", &format!("move {}", free(&last["board"])));
    }
    let kept_at = log.iter().position(|(who, games)| who == "keeper" && games == "1");
    let told = log.iter().position(|(_, a)| a.contains("\"finished\"") || a.contains("\"result\""));
    assert!(kept_at.is_some() && kept_at < told, "kept at {kept_at:?}, told at {told:?}");
}

/// Plays one game as `who` on the first free cells: everything everyone received, up to
/// the player's `match_over`.
fn whole_game(class: &mut Class, who: &str) -> Vec<(String, String)> {
    let mut answers = class.send(who, "games 1");
    let mut log = Vec::new();
    loop {
        log.extend(answers.iter().cloned());
        if answers.iter().any(|(w, a)| w == who && a.contains("\"match_over\"")) {
            return log;
        }
        let (_, last) =
            answers.iter().rev().find(|(w, a)| w == who && a.contains("\"board\"")).unwrap();
        let last: Value = serde_json::from_str(last).unwrap();
        answers = class.send(who, &format!("move {}", free(&last["board"])));
    }
}

#[test]
fn a_game_the_store_cannot_keep_is_not_announced_and_is_kept_with_the_next() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let full = Arc::new(AtomicBool::new(false));
    let kept_games = Arc::new(Mutex::new(Vec::new()));
    let (disk, kept) = (full.clone(), kept_games.clone());
    let keeper = Keeper(Box::new(move |state: &State| {
        if disk.load(Ordering::SeqCst) {
            return Err("the disk is full".into());
        }
        kept.lock().unwrap().push(state.class.as_ref().unwrap().score.games());
        Ok(())
    }));
    let events = Arc::new(Mutex::new(Vec::new()));
    let bus_events = events.clone();
    let bus: Bus = Box::new(move |from, answer: &Answer| {
        bus_events.lock().unwrap().push(Event::Bus(from, answer.to_json()));
    });
    let room = Room::open(options(Some(keeper)), bus).unwrap();
    let mut class = Class { room, events, members: Vec::new() };
    class.send("watcher", "class");
    class.send("ada", "name Ada");
    let first = whole_game(&mut class, "ada");
    assert!(first.iter().any(|(w, a)| w == "watcher" && a.contains("\"finished\"")));

    // The disk is full as the second game ends: an error to Ada and to everyone, no
    // result, no finished, and Ada's match over as an abort ends it.
    full.store(true, Ordering::SeqCst);
    let second = whole_game(&mut class, "ada");
    let said = |who: &str, kind: &str| {
        second
            .iter()
            .filter(|(w, a)| w == who && a.contains(&format!("\"type\":\"{kind}\"")))
            .count()
    };
    assert_eq!((said("ada", "error"), said("watcher", "error")), (1, 1), "{second:?}");
    assert_eq!(said("ada", "result") + said("ada", "finished") + said("watcher", "finished"), 0);
    let (_, over) = second.iter().rev().find(|(w, _)| w == "ada").unwrap();
    let over: Value = serde_json::from_str(over).unwrap();
    assert_eq!(
        (over["type"].as_str(), over["aborted"].as_bool()),
        (Some("match_over"), Some(true))
    );
    assert_eq!(over["played"], 0, "{over}");
    assert!(second.iter().any(|(_, a)| a.contains("\"code\":\"class-file\"")), "{second:?}");
    assert_eq!(*kept_games.lock().unwrap(), [1], "nothing but the first game was kept");

    // Space again: the third game is kept, with the second, and announced.
    full.store(false, Ordering::SeqCst);
    let third = whole_game(&mut class, "ada");
    assert!(third.iter().any(|(w, a)| w == "ada" && a.contains("\"result\"")));
    assert!(third.iter().any(|(w, a)| w == "watcher" && a.contains("\"finished\"")));
    assert_eq!(*kept_games.lock().unwrap(), [1, 3]);
}

/// Whatever `export` answers, `import` takes back: a class at every maximum (a full board
/// of the longest names in four-byte characters, the whole curve, every training record,
/// the largest counts) exported, then imported through the protocol's line reader.
#[test]
fn the_largest_class_export_imports_back() {
    use menace_core::menace::class::{ClassPoint, MAX_CURVE, MAX_NAME, MAX_PLAYERS, MAX_TRAINED};
    use menace_core::play::Tally;
    let most = Tally { win: u64::MAX / 3, draw: u64::MAX / 3, loss: u64::MAX / 3 };
    let mut state =
        State::of(&Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge()), u64::MAX);
    let mut record = menace_core::menace::class::ClassRecord::default();
    for i in 0..MAX_PLAYERS {
        // CJK Extension B: four bytes each in UTF-8, unchanged by normalisation.
        let n: String =
            (0..MAX_NAME).map(|j| char::from_u32(0x20000 + (i * 37 + j) as u32).unwrap()).collect();
        record.players.insert(n, most);
    }
    for i in 0..MAX_TRAINED {
        record.trained.insert(format!("mixed:0.{i:0>56}"), most);
    }
    record.curve = menace_core::menace::curve::Curve::from_parts(
        (0..MAX_CURVE as u64)
            .map(|g| ClassPoint { games: u64::MAX - 1000 + g, net: i64::MIN })
            .collect(),
        1,
    );
    record.score = most;
    state.class = Some(record);
    assert_eq!(state.class.as_ref().unwrap().check(), Ok(()));
    let mut class = Class::on(None, Side::First);
    class.send("t", &format!("teacher {KEY}"));
    let line = format!("import {}", serde_json::to_string(&state).unwrap());
    assert!(line.len() <= menace_protocol::MAX_IMPORT_LINE, "{} bytes", line.len());
    // Through the reader stdin and the socket share, then the session.
    let mut reader = menace_protocol::LineReader::new(std::io::Cursor::new(format!("{line}\n")));
    let read = reader.next_line().unwrap().unwrap().expect("the line is taken");
    let answers = class.send("t", &read);
    assert!(
        answers[0].1.contains("\"imported\""),
        "{}",
        &answers[0].1[..200.min(answers[0].1.len())]
    );
    let exported = class.send("t", "export");
    let v: Value = serde_json::from_str(&exported[0].1).unwrap();
    assert_eq!(v["state"]["class"]["players"].as_object().unwrap().len(), MAX_PLAYERS);
}

/// Every refusal a page shows carries its code: each is made for real here (or, for the
/// server's own, from the sentence the server words) and its code and arguments read back.
#[test]
fn refusals_carry_their_codes() {
    let code = |json: &str| -> (String, Value) {
        let v: Value = serde_json::from_str(json).unwrap();
        assert_eq!(v["type"], "error", "{json}");
        (v["code"].as_str().unwrap_or("").to_string(), v["args"].clone())
    };
    let mut class = Class::new(None);
    let first = |a: Vec<(String, String)>| a[0].1.clone();
    assert_eq!(code(&first(class.send("a", "games 1"))).0, "name-first");
    assert_eq!(code(&first(class.send("a", "name  "))).0, "name-empty");
    assert_eq!(code(&first(class.send("a", "move MM"))).0, "no-game");
    let (c, args) = code(&first(class.send("a", "reset")));
    assert_eq!((c.as_str(), args["command"].as_str()), ("teacher-only", Some("reset")));
    assert_eq!(code(&first(class.send("a", "teacher nope-nope"))).0, "wrong-key");
    assert_eq!(code(&first(class.send("a", "name a\u{202e}b"))).0, "name-invisible");
    let (c, args) = code(&first(class.send("a", &format!("name {}", "x".repeat(33)))));
    assert_eq!((c.as_str(), args["max"].as_str()), ("name-too-long", Some("32")));
    assert_eq!(code(&first(class.send("a", "name a\u{7}b"))).0, "name-control");
    assert_eq!(code(&first(class.send("a", "name \u{301}a"))).0, "name-combining");
    for n in ["p", "q", "r"] {
        class.send("a", &format!("name {n}"));
    }
    let (c, args) = code(&first(class.send("a", "name s")));
    assert_eq!((c.as_str(), args["max"].as_str()), ("names-per-connection", Some("3")));
    class.send("t", &format!("teacher {KEY}"));
    let (c, args) = code(&first(class.send("t", "players remove Zed")));
    assert_eq!((c.as_str(), args["name"].as_str()), ("not-on-board", Some("Zed")));
    // The transports' own refusals.
    let long = format!("{}\n", "x".repeat(menace_protocol::MAX_LINE + 1));
    let mut reader = menace_protocol::LineReader::new(std::io::Cursor::new(long));
    let refused = reader.next_line().unwrap().unwrap().unwrap_err();
    let (c, args) = code(&Answer::error(refused).to_json());
    assert_eq!((c.as_str(), args["bytes"].as_str()), ("line-too-long", Some("65537")));
    assert_eq!(code(&Answer::error(menace_protocol::Busy.to_string()).to_json()).0, "busy");
    // A keeper that cannot write: everyone is told, with the code.
    let events = Arc::new(Mutex::new(Vec::new()));
    let bus_events = events.clone();
    let bus: Bus = Box::new(move |from, answer: &Answer| {
        bus_events.lock().unwrap().push(Event::Bus(from, answer.to_json()));
    });
    let options = options(Some(Keeper(Box::new(|_: &State| Err("disk full".into())))));
    let mut failing =
        Class { room: Room::open(options, bus).unwrap(), events, members: Vec::new() };
    failing.send("t", &format!("teacher {KEY}"));
    let answers = failing.send("t", "reset");
    assert_eq!(code(&answers[0].1).0, "class-file", "{answers:?}");
    // The teacher's refusals in a class.
    let (c, args) = code(&first(class.send("t", "restore 3")));
    assert_eq!(
        (c.as_str(), args["number"].as_str(), args["kept"].as_str()),
        ("no-earlier", Some("3"), Some("0"))
    );
    let (c, args) = code(&first(class.send("t", "restore 9")));
    assert_eq!((c.as_str(), args["max"].as_str()), ("out-of-range", Some("5")));
    assert_eq!(code(&first(class.send("t", "train 1 menace"))).0, "class-opponent");
    assert_eq!(code(&first(class.send("a", "watch 1"))).0, "private-only");
    assert_eq!(code(&first(class.send("a", "dump opponent"))).0, "no-opponent-machine");
    assert_eq!(code(&first(class.send("t", "players frob"))).0, "bad-argument");
    for i in 0..menace_core::menace::class::MAX_TRAINED {
        class.send("t", &format!("train 1 mixed:0.{i:0>3}1"));
    }
    let (c, args) = code(&first(class.send("t", "train 1 mixed:0.9")));
    assert_eq!((c.as_str(), args["max"].as_str()), ("too-many-opponents", Some("64")));
    // An import must pass every check a restart applies: a curve ahead of its score
    // (the next game would make it go backwards) is refused, and the class goes on.
    let mut ahead = State::of(&Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge()), 3);
    let mut record = menace_core::menace::class::ClassRecord::default();
    record.score.win = 3;
    record.curve = menace_core::menace::curve::Curve::from_parts(
        vec![menace_core::menace::class::ClassPoint { games: 9, net: 3 }],
        1,
    );
    ahead.class = Some(record);
    let before = class.send("t", "class");
    let refused = class.send("t", &format!("import {}", serde_json::to_string(&ahead).unwrap()));
    assert_eq!(code(&first(refused)).0, "state-curve");
    assert_eq!(class.send("t", "class"), before);
    // The frames a transport refuses, as a page's engine reads them.
    let refused = menace_protocol::lines::line_of(b"games 1\nquit").unwrap_err();
    assert_eq!(code(&Answer::error(refused).to_json()).0, "one-line");
    let refused = menace_protocol::lines::line_of(b"games \xff").unwrap_err();
    assert_eq!(code(&Answer::error(refused).to_json()).0, "not-utf8");
    // The server's own (idle, server-full), from the sentences it words.
    for (sentence, want, arg) in [
        ("closed after 30 minutes without a move; reload the page to go on", "idle", "30"),
        (
            "the server is full: it runs at most 64 sessions at once; try again later",
            "server-full",
            "64",
        ),
    ] {
        let (c, args) = code(&Answer::error(sentence).to_json());
        assert_eq!(c, want);
        assert_eq!(args.as_object().unwrap().values().next().unwrap(), arg);
    }
    for c in CLASS_CODES {
        assert!(menace_protocol::ERROR_CODES.iter().any(|e| e.code == *c), "{c} is in no table");
    }
}

/// Two games of a class finishing in either order: each page's explanation says what its
/// own game taught (the count when drawn and the rule's change for its drawn bead, as its
/// sentence says) and, apart, what the box holds now after both games; the two only agree
/// when no other game touched the box.
#[test]
fn each_page_explains_its_own_game_under_concurrent_games() {
    for a_first in [true, false] {
        let mut class = Class::new(None);
        class.send("t", &format!("teacher {KEY}"));
        class.send("t", "rules preset michie reset");
        for who in ["ada", "bo"] {
            class.send(who, &format!("name {who}"));
            class.send(who, "matchboxes off");
        }
        // Both games start (both draw from box 0), then finish one after the other.
        let mut open = Vec::new();
        for who in ["ada", "bo"] {
            let answers = class.send(who, "games 1");
            open.push((who, answers));
        }
        if !a_first {
            open.reverse();
        }
        for (who, mut answers) in open {
            loop {
                let mine: Vec<Value> = answers
                    .iter()
                    .filter(|(w, _)| w == who)
                    .map(|(_, a)| serde_json::from_str(a).unwrap())
                    .collect();
                if mine.iter().any(|a| a["type"] == "result") {
                    break;
                }
                let last = mine.iter().rev().find(|a| a["board"].is_array()).expect("a board");
                answers = class.send(who, &format!("move {}", free(&last["board"])));
            }
        }
        let machine = class.room.snapshot().machine().clone();
        for who in ["ada", "bo"] {
            let explain: Value = serde_json::from_str(&class.send(who, "explain")[0].1).unwrap();
            let finished = &explain["finished"];
            let change = finished["change"].as_i64().unwrap();
            let first = &finished["moves"][0];
            assert_eq!(first["box"], 0, "both games drew from box 0");
            for step in finished["moves"].as_array().unwrap() {
                let Some(b) = step["box"].as_u64() else { continue };
                let now = machine.beads(b as usize);
                for bead in step["beads"].as_array().unwrap() {
                    let count = bead["count"].as_i64().unwrap();
                    let own = if bead["bead"] == step["bead"] { change } else { 0 };
                    assert_eq!(bead["taught"], (count + own).max(0), "{who}: {bead}");
                }
                // `after` is the box now, after both games.
                let after: Vec<u64> = step["beads"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["after"].as_u64().unwrap())
                    .collect();
                let legal: Vec<u64> =
                    machine.legal(b as usize).map(|m| u64::from(now[m])).collect();
                assert_eq!(after, legal, "{who}: box {b}");
            }
        }
    }
}

/// A reset, new rules with reset and an import each keep the machine they replace; `restore`
/// brings one back exactly (score, players, training, boxes), and is itself undone the same
/// way; five are kept at most.
#[test]
fn a_replaced_class_comes_back_exactly() {
    let mut class = Class::new(None);
    class.send("ada", "name Ada");
    class.send("ada", "matchboxes off");
    play_one(&mut class, "ada");
    play_one(&mut class, "ada");
    class.send("t", &format!("teacher {KEY}"));
    class.send("t", "train 300 random");
    let lesson = class.room.state();
    assert!(lesson.class.as_ref().unwrap().players.contains_key("Ada"));

    class.send("t", "reset");
    assert_ne!(class.room.state(), lesson);
    let restored = class.send("t", "restore 1");
    assert!(restored[0].1.contains("\"restored\""), "{}", restored[0].1);
    assert_eq!(class.room.state(), lesson, "the class came back as it was");
    // The reset machine was kept in turn: undoing the undo gives it back.
    let picture: Value = serde_json::from_str(&class.send("t", "class")[0].1).unwrap();
    assert_eq!(picture["previous"][0]["why"], "restore");
    class.send("t", "restore 1");
    assert_eq!(class.room.state().games_played, 0);
    class.send("t", "restore 1");
    assert_eq!(class.room.state(), lesson);

    // New rules with reset and an import are replacements too.
    class.send("t", "rules preset michie reset");
    assert_eq!(class.room.snapshot().previous().next().unwrap().why, "rules");
    let text = serde_json::to_string(&lesson).unwrap();
    class.send("t", &format!("import {text}"));
    assert_eq!(class.room.snapshot().previous().next().unwrap().why, "import");
    for _ in 0..6 {
        class.send("t", "reset");
    }
    assert_eq!(class.room.snapshot().previous().count(), menace_class::EARLIER);
}

/// `restore`'s every refusal carries its code, and a number is written one way only: `01`,
/// `+1` and `1\t` are refused by `restore` as by every command that takes a number, one
/// error each, and the earlier machines stay as they were.
#[test]
fn restore_refusals_carry_codes_and_numbers_are_written_one_way() {
    let mut class = Class::new(None);
    class.send("t", &format!("teacher {KEY}"));
    class.send("t", "reset");
    let before = class.room.snapshot().previous().count();
    assert_eq!(before, 1);
    let cases = [
        ("restore", "missing-argument"),
        ("restore x", "not-a-number"),
        ("restore 0", "out-of-range"),
        ("restore -1", "out-of-range"),
        ("restore 6", "out-of-range"),
        ("restore 2", "no-earlier"),
        ("restore 01", "not-a-number"),
        ("restore +1", "not-a-number"),
        ("restore 1\t", "not-a-number"),
        ("restore 1 2", "unexpected-words"),
        ("games 01", "not-a-number"),
        ("games +1", "not-a-number"),
        ("games 1\t", "not-a-number"),
        ("train 010 random", "not-a-number"),
    ];
    for (line, want) in cases {
        let answers = class.send("t", line);
        assert_eq!(answers.len(), 1, "{line:?}: {answers:?}");
        let v: Value = serde_json::from_str(&answers[0].1).unwrap();
        assert_eq!(
            (v["type"].as_str(), v["code"].as_str()),
            (Some("error"), Some(want)),
            "{line:?}"
        );
    }
    assert_eq!(class.room.snapshot().previous().count(), before);
    // The number as written is still taken.
    assert!(class.send("t", "restore 1")[0].1.contains("\"restored\""));
}

/// An import passes every check a game and a restart apply, or is refused, one error in
/// the protocol's form, the class unchanged: its names as `name` takes them (no direction
/// override, no invisible character), no two that look alike (Latin "Ada" and Cyrillic
/// "Аda"), and counts at 2^64 - 1 that the next game can neither wrap nor
/// push past what a restart reads.
#[test]
fn an_import_passes_every_check_of_a_game_and_a_restart() {
    use menace_core::menace::class::ClassRecord;
    use menace_core::play::Tally;
    let mut class = Class::new(None);
    class.send("t", &format!("teacher {KEY}"));
    let fresh = class.room.state();
    let with = |record: ClassRecord, games_played: u64| {
        let mut state = fresh.clone();
        state.class = Some(record);
        state.games_played = games_played;
        format!("import {}", serde_json::to_string(&state).unwrap())
    };
    let board = |names: &[&str]| {
        let mut record = ClassRecord::default();
        for n in names {
            record.players.insert(n.to_string(), Tally { win: 1, draw: 0, loss: 0 });
        }
        record.score = Tally { win: names.len() as u64, draw: 0, loss: 0 };
        record
    };
    for names in [&["a\u{202e}gnp.exe"][..], &["Ada", "\u{410}da"], &["Ad\u{200b}a"]] {
        let answers = class.send("t", &with(board(names), names.len() as u64));
        assert_eq!(answers.len(), 1, "{names:?}: {answers:?}");
        let v: Value = serde_json::from_str(&answers[0].1).unwrap();
        assert_eq!((v["type"].as_str(), v["code"].as_str()), (Some("error"), Some("state-class")));
        assert_eq!(class.room.state(), fresh, "{names:?}: nothing changed");
    }
    // A good board is taken as it is.
    let good = class.send("t", &with(board(&["Ada", "Bob Ray"]), 2));
    assert!(good.iter().any(|(_, a)| a.contains("\"imported\"")), "{good:?}");

    // Counts at the top: the next games count nothing past 2^64 - 1, and a restart reads
    // what they leave.
    let mut full = board(&["Ada"]);
    full.score = Tally { win: u64::MAX, draw: 0, loss: 0 };
    full.players.insert("Ada".into(), Tally { win: u64::MAX, draw: 0, loss: 0 });
    let answers = class.send("t", &with(full, u64::MAX));
    assert!(answers.iter().any(|(_, a)| a.contains("\"imported\"")), "{answers:?}");
    class.send("ada", "name Ada");
    class.send("ada", "matchboxes off");
    for _ in 0..3 {
        play_one(&mut class, "ada");
    }
    class.send("t", "train 50 perfect");
    let state = class.room.state();
    let record = state.class.clone().unwrap();
    assert_eq!(state.games_played, u64::MAX);
    assert_eq!(record.score.games_checked(), Some(u64::MAX), "{:?}", record.score);
    assert_eq!(record.players["Ada"].games_checked(), Some(u64::MAX));
    assert!(record.trained.values().all(|t| t.games_checked().is_some()));
    state.to_machine().expect("a restart reads it");
}
