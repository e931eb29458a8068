//! `menace serve --class` over real sockets: every connection plays the same MENACE and
//! sees it change; the teacher's controls need the key; an abandoned game touches
//! nothing; the class file survives a restart.

mod common;

use common::class::{beads, join, play_game, request, start_class, KEY};
use common::{answer, send};
use menace_core::menace::class::replay;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_plays_the_other_watches_and_only_the_teacher_controls() {
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let (mut ada, picture) = join(addr).await;
    assert_eq!(picture["boxes"].as_array().unwrap().len(), 304);
    assert_eq!(picture["games"], 0);
    let (mut bo, _) = join(addr).await;

    // A name is text: kept as typed (trimmed), never refused for looking like markup.
    let name = "<img src=x onerror=alert(1)>";
    let result = play_game(&mut ada, name).await;
    // Bo saw MENACE draw and then the finished game, with the boxes it changed.
    let mut drew = 0;
    let finished = loop {
        let frame = answer(&mut bo).await;
        match frame["type"].as_str() {
            Some("drew") => drew += 1,
            Some("finished") => break frame,
            other => panic!("unexpected {other:?}: {frame}"),
        }
    };
    assert!(drew >= 1);
    assert_eq!(finished["games"], 1);
    assert_eq!(finished["player"]["name"], name);
    assert_eq!(finished["player"]["games"], 1);
    let key = match result.as_str() {
        "menace" => "wins",
        "draw" => "draws",
        _ => "losses",
    };
    assert_eq!(finished["score"][key], 1, "{finished}");
    let class = room.snapshot();
    for b in finished["boxes"].as_array().unwrap() {
        let i = b["box"].as_u64().unwrap() as usize;
        let shown: Vec<u32> = serde_json::from_value(b["beads"].clone()).unwrap();
        assert_eq!(shown, class.machine().beads(i), "box {i}");
    }

    // Without the key: refused, visibly, and nothing changes.
    for action in ["reset", "train", "save", "download"] {
        let (a, _) = request(
            &mut bo,
            json!({"do": "teacher", "key": "guess", "action": action, "games": 10}),
            "teacher",
        )
        .await;
        assert_eq!(a["type"], "error", "{action}: {a}");
        assert!(a["message"].as_str().unwrap().contains("only the teacher"), "{a}");
    }
    assert_eq!(room.snapshot().games_played(), 1);

    // With the key: train between lessons, download, reset with other rules.
    let (a, _) = request(
        &mut bo,
        json!({"do": "teacher", "key": KEY, "action": "train", "games": 200, "opponent": "random"}),
        "teacher",
    )
    .await;
    assert_eq!(a["type"], "teacher", "{a}");
    assert_eq!(room.snapshot().games_played(), 201);
    let (a, _) =
        request(&mut bo, json!({"do": "teacher", "key": KEY, "action": "download"}), "download")
            .await;
    let file: serde_json::Value = serde_json::from_str(a["text"].as_str().unwrap()).unwrap();
    assert_eq!(file["state"]["games_played"], 201);
    assert_eq!(
        file["players"][name]["win"].as_u64().unwrap()
            + file["players"][name]["draw"].as_u64().unwrap()
            + file["players"][name]["loss"].as_u64().unwrap(),
        1
    );
    let (a, _) = request(
        &mut bo,
        json!({"do": "teacher", "key": KEY, "action": "rules", "preset": "michie"}),
        "teacher",
    )
    .await;
    assert_eq!(a["type"], "teacher", "{a}");
    // Everyone gets the new picture.
    let picture = loop {
        let frame = answer(&mut ada).await;
        if frame["type"] == "class" && frame["games"] == 0 {
            break frame;
        }
    };
    assert!(picture["rules"].as_str().unwrap().contains("michie") || picture["rules"].is_string());
    assert_eq!(room.snapshot().machine().rules(), &menace_core::menace::BeadRules::michie());
    // Beads and reward on top of a preset; bad ones refused, nothing changed.
    let (a, _) = request(
        &mut bo,
        json!({"do": "teacher", "key": KEY, "action": "rules", "beads": "8,4,2,1", "reward": "3,1,-1"}),
        "teacher",
    )
    .await;
    assert_eq!(a["type"], "teacher", "{a}");
    let rules = room.snapshot().machine().rules().clone();
    assert_eq!(
        (rules.initial.clone(), rules.win, rules.draw, rules.loss),
        (vec![8, 4, 2, 1], 3, 1, -1)
    );
    let (a, _) = request(
        &mut bo,
        json!({"do": "teacher", "key": KEY, "action": "rules", "reward": "lots"}),
        "teacher",
    )
    .await;
    assert_eq!(a["type"], "error", "{a}");
    assert_eq!(room.snapshot().machine().rules(), &rules);

    // Bad frames: one error each.
    for bad in [r#"{"do":"move","cell":4}"#, "not json", r#"{"do":"fly"}"#] {
        send(&mut ada, bad).await;
        loop {
            let a = answer(&mut ada).await;
            if a["type"] == "error" {
                break;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_game_touches_nothing() {
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let fresh = beads(room.snapshot().machine());
    let (mut ws, _) = join(addr).await;
    let (game, _) = request(&mut ws, json!({"do": "play", "name": "Cy"}), "game").await;
    let cell = common::class::free_cell(game["board"].as_str().unwrap());
    request(&mut ws, json!({"do": "move", "cell": cell}), "game").await;
    drop(ws);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let class = room.snapshot();
    assert_eq!(class.games_played(), 0);
    assert_eq!(beads(class.machine()), fresh);
    assert!(class.players().is_empty());
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
    let before = room.snapshot();
    assert_eq!(before.games_played(), 3);
    assert_eq!(beads(&replay(before.base(), before.log())), beads(before.machine()));

    let (addr, again, _stop, _task) =
        start_class(Some(path), menace_serve::Limits::default()).await;
    let after = again.snapshot();
    assert_eq!(after.games_played(), 3);
    assert_eq!(beads(after.machine()), beads(before.machine()));
    assert_eq!(after.players(), before.players());
    assert_eq!(after.score(), before.score());
    let (_, picture) = join(addr).await;
    assert_eq!(picture["games"], 3);
    assert_eq!(picture["players"][0]["name"], "Ada");
}
