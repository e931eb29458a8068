//! `menace serve --class` over real sockets, in the one protocol: the golden transcript of
//! a lesson replayed over WebSockets (each connection receives what the in-process replay
//! says, in order); every connection plays the same MENACE and sees it change; the
//! teacher's commands need the key and wrong keys are slowed; an upload is checked; an
//! abandoned game touches nothing; the class file survives a restart.

use crate::common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use common::class::{beads, join, play_game, record, request, short, start_class, KEY};
use common::{answer, connect, send, Ws};
use menace_class::replay;
use menace_testkit::class_script::steps;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_over_websockets_answers_as_its_golden_transcript() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/class");
    let golden = steps(&std::fs::read_to_string(format!("{dir}/session.out")).unwrap());
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let mut sessions: Vec<(String, Ws)> = Vec::new();
    for step in &golden {
        if !sessions.iter().any(|(w, _)| *w == step.who) {
            sessions.push((step.who.clone(), connect(addr, "").await));
        }
        let ws = &mut sessions.iter_mut().find(|(w, _)| *w == step.who).unwrap().1;
        send(ws, &step.line).await;
        // Each session receives its share of the step, in order.
        for (who, ws) in sessions.iter_mut() {
            for (to, want) in step.answers.iter().filter(|(to, _)| to == who) {
                let mut got = answer(ws).await;
                let want: Value = serde_json::from_str(want).unwrap();
                // The server dates an earlier machine (`when`, its clock); the in-process
                // transcript keeps no clock. Each date is checked as a date, then set aside.
                for earlier in
                    got.get_mut("previous").and_then(Value::as_array_mut).into_iter().flatten()
                {
                    let when = earlier["when"].take();
                    assert!(when.as_u64().is_some_and(|t| t > 1_700_000_000), "{when}");
                    earlier.as_object_mut().unwrap().remove("when");
                }
                assert_eq!(got, want, "{to} after `{}> {}`", step.who, step.line);
            }
        }
    }
    let r = record(&room);
    assert_eq!(beads(&replay(r.base(), r.log())), beads(r.machine()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_plays_the_other_watches_and_only_the_teacher_controls() {
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let (mut ada, picture) = join(addr).await;
    assert_eq!(picture["boxes"].as_array().unwrap().len(), 304);
    assert_eq!(picture["games_played"], 0);
    let (mut bo, _) = join(addr).await;

    // A name is text: kept as typed (trimmed), never refused for looking like markup.
    let name = "<img src=x onerror=alert(1)>";
    let winner = play_game(&mut ada, name).await;
    // Bo saw MENACE draw and then the finished game, with the boxes it changed.
    let mut drew = 0;
    let finished = loop {
        let frame = answer(&mut bo).await;
        match frame["type"].as_str() {
            Some("drew") => drew += 1,
            Some("finished") => break frame,
            other => panic!("unexpected {other:?}: {}", short(&frame)),
        }
    };
    assert!(drew >= 1);
    assert_eq!(finished["number"], 1);
    assert_eq!(finished["player"], name);
    assert_eq!(finished["winner"], winner);
    assert_eq!(finished["score"][&winner], 1, "{finished}");
    assert_eq!(finished["record"][&winner], 1, "{finished}");
    let r = record(&room);
    for b in finished["boxes"].as_array().unwrap() {
        let i = b["box"].as_u64().unwrap() as usize;
        let shown: Vec<u32> = serde_json::from_value(b["beads"].clone()).unwrap();
        assert_eq!(shown, r.machine().beads(i), "box {i}");
    }

    // Without the key: refused, visibly, and nothing changes.
    for line in ["reset", "train 10", "rules reward 3,1,-1", "seed 3", "export", "import {}"] {
        let (a, _) = request(&mut bo, line, "never").await;
        assert_eq!(a["type"], "error", "{line}: {}", short(&a));
        assert!(a["message"].as_str().unwrap().contains("the teacher's"), "{a}");
    }
    assert_eq!(record(&room).games_played(), 1);

    // With the key: train between lessons (counted apart), download, new rules.
    let (a, _) = request(&mut bo, &format!("teacher {KEY}"), "teacher").await;
    assert_eq!(a["type"], "teacher", "{a}");
    request(&mut bo, "matchboxes off", "setting").await;
    let (a, _) = request(&mut bo, "train 200 random", "trained").await;
    assert_eq!(a["games_played"], 201, "{a}");
    let picture = loop {
        let frame = answer(&mut ada).await;
        if frame["type"] == "class" {
            break frame;
        }
    };
    let score = &picture["score"];
    let class_games: u64 =
        ["menace", "draw", "player"].iter().map(|k| score[k].as_u64().unwrap()).sum();
    assert_eq!(class_games, 1, "the class's score counts its people only");
    assert_eq!(picture["trained"][0]["opponent"], "random");
    let (a, _) = request(&mut bo, "export", "state").await;
    assert_eq!(a["state"]["games_played"], 201);
    assert_eq!(a["state"]["format"], "menace-state");
    assert!(a["state"]["class"]["players"][name].is_object(), "{}", short(&a));
    let (a, _) = request(&mut bo, "rules preset michie reset", "rules").await;
    assert_eq!(a["preset"], "michie", "{a}");
    assert_eq!(record(&room).machine().rules(), &menace_core::menace::BeadRules::michie());
    let (a, _) = request(&mut bo, "rules reward lots", "rules").await;
    assert_eq!(a["type"], "error", "{a}");
    assert_eq!(record(&room).machine().rules(), &menace_core::menace::BeadRules::michie());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_keys_wait_one_at_a_time() {
    let (addr, _room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let mut tries = Vec::new();
    for i in 0..3 {
        tries.push(tokio::spawn(async move {
            let mut ws = connect(addr, "").await;
            request(&mut ws, &format!("teacher guess-{i}"), "teacher").await.0
        }));
    }
    let start = Instant::now();
    for t in tries {
        let a = t.await.unwrap();
        assert_eq!(a["type"], "error", "{a}");
    }
    // Three wrong keys at once, from three connections, took a second each, one after
    // another: a room takes at most one guess a second.
    assert!(start.elapsed() >= Duration::from_millis(2900), "{:?}", start.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upload_is_checked_and_a_good_one_is_everyones() {
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let (mut teacher, _) = join(addr).await;
    let (mut ada, _) = join(addr).await;
    request(&mut teacher, &format!("teacher {KEY}"), "teacher").await;
    let before = room.machine().state();
    let mut bad: Value = serde_json::to_value(&before).unwrap();
    bad["boxes"][0]["beads"][4] = 99.into();
    bad["boxes"][1]["position"] = "XXX......".into();
    let (a, _) = request(&mut teacher, &format!("import {bad}"), "imported").await;
    assert_eq!(a["type"], "error", "{}", short(&a));
    assert_eq!(room.machine().state(), before, "a refused upload changed the class");
    // A MENACE trained at home (a private session's export) comes in for everyone.
    let mut home = menace_protocol::Session::new(menace_core::menace::BeadRules::challenge(), 3);
    let mut answers: Vec<menace_protocol::Answer> = Vec::new();
    home.handle_line("train 500 perfect", &mut answers, &menace_protocol::Stop::new());
    let text = serde_json::to_string(&home.state().unwrap()).unwrap();
    let (a, _) = request(&mut teacher, &format!("import {text}"), "imported").await;
    assert_eq!(a["games_played"], 500, "{}", short(&a));
    let picture = loop {
        let frame = answer(&mut ada).await;
        if frame["type"] == "class" {
            break frame;
        }
    };
    assert_eq!(picture["games_played"], 500);
    let got: HashMap<String, Value> =
        [("boxes".to_string(), picture["boxes"].clone())].into_iter().collect();
    let want = serde_json::to_value(home.state().unwrap()).unwrap();
    assert_eq!(got["boxes"], want["boxes"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_game_touches_nothing() {
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let fresh = beads(record(&room).machine());
    let (mut ws, _) = join(addr).await;
    request(&mut ws, "name Cy", "named").await;
    let (first, _) = request(&mut ws, "games 1", "menace_move").await;
    let rows: Vec<String> = serde_json::from_value(first["board"].clone()).unwrap();
    request(&mut ws, &format!("move {}", common::first_free(&rows)), "menace_move").await;
    drop(ws);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let r = record(&room);
    assert_eq!(r.games_played(), 0);
    assert_eq!(beads(r.machine()), fresh);
    assert!(r.class().players.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_class_file_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("class.json");
    let (addr, room, stop, task) =
        start_class(Some(path.clone()), menace_serve::Limits::default()).await;
    let (mut ws, _) = join(addr).await;
    for _ in 0..3 {
        play_game(&mut ws, "Ada").await;
    }
    drop(ws);
    stop.send(()).unwrap();
    task.await.unwrap();
    let before = record(&room);
    assert_eq!(before.games_played(), 3);
    assert_eq!(beads(&replay(before.base(), before.log())), beads(before.machine()));

    let (addr, again, _stop, _task) =
        start_class(Some(path), menace_serve::Limits::default()).await;
    let after = record(&again);
    assert_eq!(after.games_played(), 3);
    assert_eq!(beads(after.machine()), beads(before.machine()));
    assert_eq!(after.class(), before.class());
    let (_, picture) = join(addr).await;
    assert_eq!(picture["games_played"], 3);
    assert_eq!(picture["players"][0]["name"], "Ada");
}

/// The teacher takes back the class's own export, however large (a board of 800 long
/// names makes it over 140 KB, past the 64 KiB of an ordinary line): `import` lines may
/// be as long as a saved state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_class_takes_back_its_own_large_export() {
    use menace_core::menace::state::State;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("class.json");
    let machine = menace_core::menace::Matchboxes::new(
        menace_core::ttt::TicTacToe,
        menace_core::game::Side::First,
        menace_core::menace::BeadRules::challenge(),
    );
    let mut state = State::of(&machine, 800);
    let mut class = menace_core::menace::class::ClassRecord::default();
    for i in 0..800u32 {
        let name: String = (0..32).map(|j| char::from_u32(0x20000 + i * 32 + j).unwrap()).collect();
        class.players.insert(name, menace_core::play::Tally { win: 1, draw: 0, loss: 0 });
    }
    class.score = menace_core::play::Tally { win: 800, draw: 0, loss: 0 };
    state.class = Some(class);
    std::fs::write(&path, serde_json::to_string(&state).unwrap()).unwrap();

    let (addr, room, _stop, _task) = start_class(Some(path), menace_serve::Limits::default()).await;
    let (mut teacher, _) = join(addr).await;
    request(&mut teacher, &format!("teacher {KEY}"), "teacher").await;
    let (exported, _) = request(&mut teacher, "export", "state").await;
    let text = exported["state"].to_string();
    assert!(text.len() > 140_000, "{} bytes", text.len());
    let before = room.machine().state();
    let (a, _) = request(&mut teacher, &format!("import {text}"), "imported").await;
    assert_eq!(a["type"], "imported", "{}", short(&a));
    assert_eq!(a["games_played"], 800);
    assert_eq!(room.machine().state(), before, "the class came back as it was");
}

/// The server tells the class where each connection comes from: one address puts at most
/// `NAMES_PER_ADDRESS` names on the board; the next is taken unlisted, and a student at
/// another address is listed as usual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_fill_the_board() {
    use menace_class::NAMES_PER_ADDRESS;
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    /// A connection from `from` (a loopback address of this machine).
    async fn from(from: &str, addr: std::net::SocketAddr) -> Ws {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        let stream = socket.connect(addr).await.unwrap();
        let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
        tokio_tungstenite::client_async(format!("ws://{addr}/ws"), stream).await.unwrap().0
    }
    let sessions = NAMES_PER_ADDRESS.div_ceil(3);
    let players: Vec<_> = (0..sessions)
        .map(|s| {
            tokio::spawn(async move {
                let mut ws = from("127.0.0.2", addr).await;
                request(&mut ws, "matchboxes off", "setting").await;
                for n in 0..3 {
                    if s * 3 + n < NAMES_PER_ADDRESS {
                        play_game(&mut ws, &format!("s{s}n{n}")).await;
                    }
                }
            })
        })
        .collect();
    for p in players {
        p.await.unwrap();
    }
    assert_eq!(record(&room).class().players.len(), NAMES_PER_ADDRESS);
    let mut more = from("127.0.0.2", addr).await;
    let (named, _) = request(&mut more, "name one too many", "named").await;
    assert_eq!(named["unlisted"], true, "{named}");
    let mut other = from("127.0.0.3", addr).await;
    let (named, _) = request(&mut other, "name Eve", "named").await;
    assert!(named.get("unlisted").is_none(), "{named}");
}

/// A page that only watches (a projector) is not closed as idle while the class plays:
/// the broadcasts it receives keep it open past the idle time; once the class is quiet,
/// it is closed as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_is_not_idle_while_the_class_plays() {
    let idle = Duration::from_millis(600);
    let limits = menace_serve::Limits { idle, ..menace_serve::Limits::default() };
    let (addr, _room, _stop, _task) = start_class(None, limits).await;
    let (mut projector, _) = join(addr).await;
    let (mut student, _) = join(addr).await;
    request(&mut student, "matchboxes off", "setting").await;
    // Four games at a student's pace: well past the idle time in all.
    let began = Instant::now();
    for g in 0..4 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        play_game(&mut student, "Ada").await;
        let _ = g;
    }
    assert!(began.elapsed() > idle * 2);
    // The projector heard every game and still answers.
    let (picture, _) = request(&mut projector, "class", "class").await;
    assert_eq!(picture["type"], "class", "{}", short(&picture));
    assert_eq!(
        picture["score"]["menace"].as_u64().unwrap()
            + picture["score"]["draw"].as_u64().unwrap()
            + picture["score"]["player"].as_u64().unwrap(),
        4
    );
}

mod teacher_file {
    //! The teacher's file beside a class file (the key, the earlier machines) is checked
    //! when read: a damaged one is one clear refusal at start, never a panic, and a good
    //! one comes back as it was.
    use menace_serve::class::{teacher_file, ClassOptions, Room};
    use proptest::prelude::*;

    /// A class file and its teacher's file after a reset, as a real server writes them.
    fn written() -> (tempfile::TempDir, std::path::PathBuf, Vec<u8>) {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("class.json");
        let options = ClassOptions::new(Some("walnut meadow".into()), Some(state.clone())).unwrap();
        let room = Room::open(options, menace_serve::Limits::default()).unwrap();
        let (mut session, _) = room.machine().session();
        let mut answers: Vec<menace_protocol::Answer> = Vec::new();
        let stop = menace_protocol::Stop::new();
        for line in ["teacher walnut meadow", "train 200 random", "reset"] {
            session.handle_line(line, &mut answers, &stop);
        }
        room.save().unwrap();
        let bytes = std::fs::read(teacher_file(&state)).unwrap();
        (dir, state, bytes)
    }

    #[test]
    fn a_good_file_comes_back_with_its_key_and_earlier_machine() {
        let (_dir, state, _) = written();
        let mut options = ClassOptions::new(None, Some(state)).unwrap();
        options.adopt_kept_key().unwrap();
        assert_eq!((options.key.as_str(), options.kept_key), ("walnut meadow", true));
        let room = Room::open(options, menace_serve::Limits::default()).unwrap();
        let earlier: Vec<_> = room.machine().snapshot().previous().cloned().collect();
        assert_eq!(earlier.len(), 1);
        assert_eq!((earlier[0].why, earlier[0].state.games_played), ("reset", 200));
    }

    /// A link where the teacher's file goes (dangling or not) is refused at start in a
    /// sentence that names it, whether the key is made up or given, and nothing is
    /// written through it: a secret is never read or written through a link.
    #[cfg(unix)]
    #[test]
    fn a_link_at_the_teachers_file_is_refused_at_start_and_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("class.json");
        let target = dir.path().join("elsewhere");
        std::os::unix::fs::symlink(&target, teacher_file(&state)).unwrap();
        let refused = |e: &str| e.contains("class.json.teacher") && e.contains("symbolic link");
        let mut made_up = ClassOptions::new(None, Some(state.clone())).unwrap();
        match made_up.adopt_kept_key() {
            Err(e) => assert!(refused(&e), "{e}"),
            Ok(()) => match Room::open(made_up, menace_serve::Limits::default()) {
                Ok(_) => panic!("a server started with a link at its teacher's file"),
                Err(e) => assert!(refused(&e), "{e}"),
            },
        }
        let given = ClassOptions::new(Some("walnut meadow".into()), Some(state.clone())).unwrap();
        match Room::open(given, menace_serve::Limits::default()) {
            Ok(_) => panic!("a server started with a link at its teacher's file"),
            Err(e) => assert!(refused(&e), "{e}"),
        }
        assert!(!target.exists(), "the key was written through the link");
        assert!(!state.exists(), "nothing is written when the start is refused");
    }

    /// A teacher's file deleted since the last lesson is said at start (the key on the
    /// board no longer opens the class), and the earlier machines are still there: they
    /// live in the class file.
    #[test]
    fn a_deleted_teachers_file_is_said_at_start_and_loses_no_machine() {
        let (_dir, state, _) = written();
        std::fs::remove_file(teacher_file(&state)).unwrap();
        let mut options = ClassOptions::new(None, Some(state)).unwrap();
        options.adopt_kept_key().unwrap();
        assert!(!options.kept_key);
        let notice = options.notice.clone().expect("the start says the file is missing");
        assert!(notice.contains("class.json.teacher") && notice.contains("missing"), "{notice}");
        let serving = menace_serve::Options { class: Some(options.clone()), ..Default::default() };
        let banner = serving.banner("127.0.0.1:8080".parse().unwrap(), "--new-key");
        assert!(banner.contains(&notice), "{banner}");
        let room = Room::open(options, menace_serve::Limits::default()).unwrap();
        let earlier: Vec<_> = room.machine().snapshot().previous().cloned().collect();
        assert_eq!((earlier.len(), earlier[0].state.games_played), (1, 200));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn a_damaged_file_is_refused_or_read_never_a_panic(
            edits in menace_testkit::hostile::edits(),
            cut in proptest::option::of(any::<prop::sample::Index>()),
        ) {
            let (_dir, state, bytes) = written();
            let damaged = menace_testkit::hostile::damage(&bytes, &edits, cut);
            std::fs::write(teacher_file(&state), &damaged).unwrap();
            let mut options = ClassOptions::new(None, Some(state)).unwrap();
            match options.adopt_kept_key() {
                Err(e) => prop_assert!(e.contains("class.json.teacher"), "{}", e),
                Ok(()) => {
                    // Read: the room takes it, or refuses an earlier machine in a sentence.
                    if let Err(e) = Room::open(options, menace_serve::Limits::default()) {
                        prop_assert!(!e.is_empty());
                    }
                }
            }
        }
    }
}
