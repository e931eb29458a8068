//! A class's broadcasts, at most a few frames a second for the whole room.
//!
//! Everyone in a class hears about everyone's games (`drew`, `finished`). Sent one frame
//! each, a class of 1,000 made about 2,300 frames for every finished game and the server
//! spent itself writing them (issue 74: the slowest answer 58 s). So a room's
//! [`Newsroom`] paces them: a bucket of [`BURST`] frames refilled at [`RATE`] a second.
//! While it has frames to spare, every broadcast goes at once and alone, as before (and
//! not to the session it came from, which has it in its own answers); once it has none,
//! the broadcasts that come until the next frame are gathered, and a run of `drew` and
//! `finished` answers goes as one `news` answer (see protocol.md) to every connection,
//! its own games' session included: it folds the earlier games into each player's record
//! and the curve's points, keeps the latest `drew` and the games that end after it, and
//! every box they changed with its beads after them. A page that reduces a `news` ends
//! where the answers one by one would have left it. Anything else (`class`, `error`) goes
//! as it is, in order. A player's own answers are never paced: they are not broadcasts.
//!
//! The frames are made once for the room, not once for each connection: a connection
//! only forwards them (and a busy class of a thousand, per connection, had spent most of
//! the server's time merging the same broadcasts a thousand times).

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use menace_protocol::answer::{Answer, ChangedBox};
use tokio::sync::broadcast;

/// Frames of broadcasts a room may send at once (a quiet class sends each broadcast as it
/// happens).
pub(crate) const BURST: f64 = 16.0;

/// Frames of broadcasts a second a room sends once its burst is spent.
pub(crate) const RATE: f64 = 4.0;

/// One broadcast of a room, prepared once for all its connections.
#[derive(Debug)]
pub struct Broadcast {
    /// The session it came from (which has it already, in its own answers' order).
    pub from: Option<u64>,
    /// Its JSON, as a connection sends it alone.
    pub json: Arc<str>,
    /// How a `news` answer carries it (a `drew` as it is, a `finished` without its boxes);
    /// `None`: it is never merged.
    lean: Option<Arc<str>>,
    /// Whether it is a `drew` (a later one supersedes it).
    drew: bool,
    /// A `finished`'s part of a `news` that folds it: its player, the player's record
    /// after it and the curve's point (if it made one), each as JSON.
    folded: Option<Folded>,
    /// The boxes it changed, each `{"box","beads"}` as JSON.
    boxes: Vec<(usize, String)>,
}

/// What is left of a `finished` answer that a `news` folds: what a page keeps of it.
#[derive(Debug)]
struct Folded {
    player: String,
    /// `{"player":…,"record":…}`.
    record: String,
    point: Option<String>,
}

fn changed(b: &ChangedBox) -> (usize, String) {
    (b.box_index, serde_json::to_string(b).expect("a box serializes"))
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("an answer's part serializes")
}

impl Broadcast {
    /// `answer`, sent by session `from`, as it goes to the other connections.
    pub fn of(from: Option<u64>, answer: &Answer) -> Broadcast {
        let json: Arc<str> = answer.to_json().into();
        let (lean, drew, folded, boxes) = match answer {
            Answer::Drew { box_index, beads, .. } => {
                let b = ChangedBox { box_index: *box_index, beads: beads.clone() };
                (Some(json.clone()), true, None, vec![changed(&b)])
            }
            Answer::Finished { boxes, player, record, point, .. } => {
                let mut lean = answer.clone();
                if let Answer::Finished { boxes, .. } = &mut lean {
                    boxes.clear();
                }
                let folded = Folded {
                    player: player.clone(),
                    // By hand: `json!` would sort the record's keys, and the page compares
                    // a record as the answers word it.
                    record: format!(
                        "{{\"player\":{},\"record\":{}}}",
                        to_json(player),
                        to_json(record)
                    ),
                    point: point.as_ref().map(to_json),
                };
                let boxes = boxes.iter().map(changed).collect();
                (Some(lean.to_json().into()), false, Some(folded), boxes)
            }
            _ => (None, false, None, Vec::new()),
        };
        Broadcast { from, json, lean, drew, folded, boxes }
    }
}

/// A frame of a room's broadcasts, as every connection of the room sends it.
#[derive(Debug)]
pub struct Frame {
    /// The session whose broadcast it is alone (which has it already, in its own answers'
    /// order, so its connection does not send it); `None` for a `news`, which goes to all.
    pub from: Option<u64>,
    /// Its JSON.
    pub json: Arc<str>,
}

/// The frames that send `gathered` broadcasts, in order: a run of `drew` and `finished`
/// answers as one frame (the answer itself when the run is one, else a `news`), anything
/// else as it is.
pub fn frames(gathered: &[Arc<Broadcast>]) -> Vec<String> {
    framed(gathered).into_iter().map(|f| f.json.to_string()).collect()
}

/// [`frames`], each with whose it is.
fn framed(gathered: &[Arc<Broadcast>]) -> Vec<Frame> {
    let mut frames = Vec::new();
    let mut run: Vec<&Broadcast> = Vec::new();
    let alone = |b: &Broadcast| Frame { from: b.from, json: b.json.clone() };
    let flush = |run: &mut Vec<&Broadcast>, frames: &mut Vec<Frame>| {
        match run.as_slice() {
            [] => {}
            [one] => frames.push(alone(one)),
            _ => frames.extend(news(run).map(|json| Frame { from: None, json: json.into() })),
        }
        run.clear();
    };
    for b in gathered {
        if b.lean.is_some() {
            run.push(b);
        } else {
            flush(&mut run, &mut frames);
            frames.push(alone(b));
        }
    }
    flush(&mut run, &mut frames);
    frames
}

/// A room's broadcasts made into frames at the room's pace (see the module's
/// documentation), for its connections to forward.
pub struct Newsroom {
    desk: Mutex<Desk>,
    /// Wakes the room's news thread when a broadcast is held.
    held: Condvar,
    frames: broadcast::Sender<Arc<Frame>>,
}

/// What the newsroom holds: its pace, and the broadcasts waiting for the next frame.
struct Desk {
    pace: Pace,
    waiting: Vec<Arc<Broadcast>>,
}

impl Newsroom {
    /// A newsroom whose connections may fall `backlog` frames behind before each is sent
    /// the whole picture instead, and its thread, which sends what waits when the pace
    /// allows and ends once the newsroom is only its own.
    pub fn open(backlog: usize) -> Arc<Newsroom> {
        let room = Arc::new(Newsroom {
            desk: Mutex::new(Desk { pace: Pace::new(Instant::now()), waiting: Vec::new() }),
            held: Condvar::new(),
            frames: broadcast::channel(backlog).0,
        });
        let desk = room.clone();
        std::thread::Builder::new()
            .name("menace-news".into())
            .spawn(move || desk.run())
            .expect("a thread for the class's broadcasts");
        room
    }

    /// The room's frames from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Frame>> {
        self.frames.subscribe()
    }

    fn desk(&self) -> std::sync::MutexGuard<'_, Desk> {
        self.desk.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `broadcast` goes at once, alone, if the pace has a frame to spare and nothing
    /// waits; else it waits for the next frame.
    pub fn publish(&self, broadcast: Broadcast) {
        let mut desk = self.desk();
        let now = Instant::now();
        if desk.waiting.is_empty() && desk.pace.ready_at(now) <= now {
            desk.pace.spend(now);
            // Sent under the lock, so frames leave in the order their broadcasts came.
            let frame = Frame { from: broadcast.from, json: broadcast.json.clone() };
            let _ = self.frames.send(Arc::new(frame));
        } else {
            desk.waiting.push(Arc::new(broadcast));
            self.held.notify_one();
        }
    }

    /// The news thread: what waits goes when the pace allows.
    fn run(self: Arc<Newsroom>) {
        let mut desk = self.desk();
        loop {
            if desk.waiting.is_empty() {
                // The room is gone: nobody else holds its newsroom.
                if Arc::strong_count(&self) == 1 {
                    return;
                }
                let wait = self.held.wait_timeout(desk, Duration::from_secs(1));
                desk = wait.unwrap_or_else(|e| e.into_inner()).0;
                continue;
            }
            let now = Instant::now();
            let ready = desk.pace.ready_at(now);
            if ready > now {
                let wait = self.held.wait_timeout(desk, ready - now);
                desk = wait.unwrap_or_else(|e| e.into_inner()).0;
                continue;
            }
            desk.pace.spend(now);
            let waiting = std::mem::take(&mut desk.waiting);
            for frame in framed(&waiting) {
                let _ = self.frames.send(Arc::new(frame));
            }
        }
    }
}

/// One frame for a run of `drew` and `finished` answers (none for an empty run).
///
/// A page keeps of a `finished` the player's record, the curve's point, the class's
/// score and the latest game's text; of a `drew` the latest game and its line. So the
/// answers a `news` keeps whole are the latest `drew`, every `finished` after it (one may
/// end that game on the page) and else the latest `finished` (the score and the text);
/// every earlier `finished` is folded into `records` (each player's record after the
/// run) and `points` (the curve's points, in order). At a class of a thousand that is a
/// tenth of the bytes of every game in full, and the page ends in the same place.
fn news(run: &[&Broadcast]) -> Option<String> {
    match run {
        [] => None,
        [one] => Some(one.json.to_string()),
        _ => {
            let latest_drew = run.iter().rposition(|b| b.drew);
            let latest_finished = run.iter().rposition(|b| b.folded.is_some());
            let whole = |i: usize| match latest_drew {
                Some(d) => i >= d || Some(i) == latest_finished,
                None => Some(i) == latest_finished,
            };
            let mut answers = Vec::new();
            let mut records: BTreeMap<&str, &str> = BTreeMap::new();
            let mut points = Vec::new();
            for (i, b) in run.iter().enumerate() {
                match (&b.folded, whole(i)) {
                    (_, true) => answers.extend(b.lean.as_deref()),
                    (Some(f), false) => {
                        records.insert(&f.player, &f.record);
                        points.extend(f.point.as_deref());
                    }
                    // An earlier `drew`: the latest supersedes it.
                    (None, false) => {}
                }
            }
            // Each box with its beads after the whole run: the last word on it wins.
            let boxes: BTreeMap<usize, &str> =
                run.iter().flat_map(|b| b.boxes.iter().map(|(i, j)| (*i, j.as_str()))).collect();
            let join = |parts: Vec<&str>| parts.join(",");
            Some(format!(
                "{{\"type\":\"news\",\"records\":[{}],\"points\":[{}],\"answers\":[{}],\"boxes\":[{}]}}",
                join(records.into_values().collect()),
                join(points),
                join(answers),
                join(boxes.into_values().collect())
            ))
        }
    }
}

/// When a room may send its next frame of broadcasts: a bucket of [`BURST`] frames
/// refilled at [`RATE`] a second.
#[derive(Debug)]
struct Pace {
    /// Frames to spare at `at`.
    tokens: f64,
    at: Instant,
}

impl Pace {
    /// A full bucket at `now`.
    fn new(now: Instant) -> Pace {
        Pace { tokens: BURST, at: now }
    }

    fn refilled(&self, now: Instant) -> f64 {
        let since = now.saturating_duration_since(self.at).as_secs_f64();
        (self.tokens + since * RATE).min(BURST)
    }

    /// When the next frame may go: `now` if one is to spare, else when one will be.
    fn ready_at(&self, now: Instant) -> Instant {
        let tokens = self.refilled(now);
        if tokens >= 1.0 {
            now
        } else {
            now + Duration::from_secs_f64((1.0 - tokens) / RATE)
        }
    }

    /// A frame went at `now`.
    fn spend(&mut self, now: Instant) {
        self.tokens = self.refilled(now) - 1.0;
        self.at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_protocol::answer::{Score, Winner};

    fn drew_answer(from: u64, box_index: usize, beads: u32) -> Answer {
        Answer::Drew {
            player: format!("p{from}"),
            box_index,
            bead: "MM".into(),
            mv: "MM".into(),
            board: vec!["...".into(), ".X.".into(), "...".into()],
            beads: vec![beads; 9],
        }
    }

    fn drew(from: u64, box_index: usize, beads: u32) -> Arc<Broadcast> {
        Arc::new(Broadcast::of(Some(from), &drew_answer(from, box_index, beads)))
    }

    fn finished(number: u64, boxes: &[(usize, u32)]) -> Arc<Broadcast> {
        let score = Score { menace: number, draw: 0, player: 0 };
        let answer = Answer::Finished {
            number,
            player: format!("p{number}"),
            winner: Winner::Menace,
            score,
            record: score,
            point: None,
            board: vec!["X..".into(), "...".into(), "...".into()],
            boxes: boxes
                .iter()
                .map(|&(box_index, b)| ChangedBox { box_index, beads: vec![b; 9] })
                .collect(),
        };
        Arc::new(Broadcast::of(Some(number), &answer))
    }

    fn json(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn one_broadcast_goes_as_it_is() {
        let b = drew(1, 3, 4);
        assert_eq!(frames(std::slice::from_ref(&b)), vec![b.json.to_string()]);
        let f = finished(1, &[(3, 5)]);
        assert_eq!(frames(std::slice::from_ref(&f)), vec![f.json.to_string()]);
        assert_eq!(json(&f.json)["boxes"][0]["box"], 3);
    }

    #[test]
    fn a_burst_is_one_news_with_every_record_the_latest_draw_and_the_boxes_after_it() {
        // 300 games of a draw each, on boxes 0..10, then a last draw.
        let mut burst = Vec::new();
        for g in 1..=300u64 {
            let b = (g % 10) as usize;
            burst.push(drew(g, b, g as u32));
            burst.push(finished(g, &[(b, g as u32 + 1), (20, g as u32)]));
        }
        burst.push(drew(7, 4, 999));
        let frames = frames(&burst);
        assert_eq!(frames.len(), 1, "one frame for the burst");
        let news = json(&frames[0]);
        assert_eq!(news["type"], "news");
        // Whole: the latest game (the score, the text) and the latest draw, in order.
        let answers = news["answers"].as_array().unwrap();
        assert_eq!(answers.len(), 2);
        assert_eq!(answers[0]["type"], "finished");
        assert_eq!(answers[0]["number"], 300);
        assert_eq!(answers[0]["boxes"], serde_json::json!([]));
        assert_eq!(answers[1]["type"], "drew");
        assert_eq!(answers[1]["beads"][0], 999);
        // Folded: every earlier game's player with its record after it.
        let mut records: Vec<(String, u64)> = news["records"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (r["player"].as_str().unwrap().into(), r["record"]["menace"].as_u64().unwrap())
            })
            .collect();
        records.sort_by_key(|r| r.1);
        let want: Vec<(String, u64)> = (1..300).map(|g| (format!("p{g}"), g)).collect();
        assert_eq!(records, want);
        assert_eq!(news["points"], serde_json::json!([]));
        // Each box with its beads as the last broadcast that changed it left them.
        let boxes: Vec<(u64, u64)> = news["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (b["box"].as_u64().unwrap(), b["beads"][0].as_u64().unwrap()))
            .collect();
        let mut want: Vec<(u64, u64)> = (0..10).map(|b| (b, 291 + b)).collect();
        want[0].1 = 301; // game 300 was on box 0
        want[4].1 = 999; // the last draw
        want.push((20, 300));
        assert_eq!(boxes, want);
    }

    #[test]
    fn a_game_ending_after_the_latest_draw_stays_whole_and_a_players_last_record_wins() {
        // p1 plays two games; p2's draw is the latest; p2's game and p3's end after it.
        let twice = |number: u64, menace: u64| {
            let score = Score { menace, draw: 0, player: 0 };
            let answer = Answer::Finished {
                number,
                player: "p1".into(),
                winner: Winner::Menace,
                score,
                record: score,
                point: Some(menace_core::menace::class::ClassPoint { games: number, net: 1 }),
                board: vec!["X..".into(), "...".into(), "...".into()],
                boxes: Vec::new(),
            };
            Arc::new(Broadcast::of(Some(1), &answer))
        };
        let burst = [
            twice(1, 1),
            drew(1, 0, 1),
            twice(2, 2),
            drew(2, 1, 1),
            finished(2, &[]),
            finished(3, &[]),
        ];
        let news = json(&frames(&burst)[0]);
        let kept: Vec<(&str, &str)> = news["answers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (a["type"].as_str().unwrap(), a["player"].as_str().unwrap()))
            .collect();
        assert_eq!(kept, [("drew", "p2"), ("finished", "p2"), ("finished", "p3")]);
        assert_eq!(
            news["records"],
            serde_json::json!([{"player": "p1", "record": {"menace": 2, "draw": 0, "player": 0}}])
        );
        assert_eq!(
            news["points"],
            serde_json::json!([{"games": 1, "net": 1}, {"games": 2, "net": 1}])
        );
        // With no draw in the run, the latest game alone stays whole.
        let news = json(&frames(&[twice(1, 1), twice(2, 2)])[0]);
        assert_eq!(news["answers"].as_array().unwrap().len(), 1);
        assert_eq!(news["answers"][0]["number"], 2);
        assert_eq!(news["records"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn the_news_in_protocol_md_is_what_a_run_makes() {
        let score = |menace, draw, player| Score { menace, draw, player };
        let game = |number, player: &str, record, point, boxes: Vec<ChangedBox>| {
            let answer = Answer::Finished {
                number,
                player: player.into(),
                winner: Winner::Draw,
                score: score(number / 2, number / 4, number / 8),
                record,
                point: Some(point),
                board: vec!["XOX".into(), "XOO".into(), "OXX".into()],
                boxes,
            };
            Arc::new(Broadcast::of(Some(number), &answer))
        };
        use menace_core::menace::class::ClassPoint;
        let ada = game(
            40,
            "Ada",
            score(3, 2, 1),
            ClassPoint { games: 40, net: 10 },
            vec![ChangedBox { box_index: 0, beads: vec![9, 4, 4, 4, 6, 4, 4, 4, 4] }],
        );
        // Cy's game ends with the class at 20, 12, 9.
        let answer = Answer::Finished {
            number: 41,
            player: "Cy".into(),
            winner: Winner::Draw,
            score: score(20, 12, 9),
            record: score(0, 1, 0),
            point: Some(ClassPoint { games: 41, net: 11 }),
            board: vec!["XOX".into(), "XOO".into(), "OXX".into()],
            boxes: Vec::new(),
        };
        let cy = Arc::new(Broadcast::of(Some(3), &answer));
        let bo = Answer::Drew {
            player: "Bo".into(),
            box_index: 12,
            bead: "LR".into(),
            mv: "LR".into(),
            board: vec!["X..".into(), ".O.".into(), "..X".into()],
            beads: vec![0, 0, 1, 0, 0, 0, 0, 0, 2],
        };
        let made = frames(&[ada, cy, Arc::new(Broadcast::of(Some(2), &bo))]);
        let doc = include_str!("../../../protocol.md");
        let example = doc.lines().find(|l| l.starts_with("{\"type\":\"news\"")).unwrap();
        assert_eq!(made, [example]);
    }

    #[test]
    fn a_picture_or_an_error_splits_the_runs_and_keeps_its_place() {
        let error = Arc::new(Broadcast::of(Some(9), &Answer::error("the disk is full")));
        let burst =
            [drew(1, 0, 1), finished(1, &[(0, 2)]), error.clone(), drew(2, 1, 3), drew(3, 2, 4)];
        let frames = frames(&burst);
        assert_eq!(frames.len(), 3);
        assert_eq!(json(&frames[0])["answers"].as_array().unwrap().len(), 2);
        assert_eq!(frames[1], error.json.to_string());
        let last = json(&frames[2]);
        assert_eq!(last["answers"].as_array().unwrap().len(), 1, "the earlier draw superseded");
        assert_eq!(last["boxes"].as_array().unwrap().len(), 2, "but not its box");
    }

    #[test]
    fn a_newsroom_sends_at_once_then_merges_and_its_thread_ends_with_the_room() {
        let room = Newsroom::open(64);
        let mut heard = room.subscribe();
        // The burst goes at once, one frame each; the rest waits for the pace, merged.
        for g in 0..(BURST as u64 + 40) {
            room.publish(Broadcast::of(Some(g), &drew_answer(g, 0, g as u32)));
        }
        let burst: Vec<_> = (0..BURST as usize).map(|_| heard.blocking_recv().unwrap()).collect();
        assert!(burst.iter().enumerate().all(|(g, f)| f.from == Some(g as u64)));
        // Then a merged frame (after any that a slow machine let go alone first).
        let merged = (0..40)
            .map(|_| heard.blocking_recv().unwrap())
            .find(|f| f.from.is_none())
            .expect("the waiting broadcasts merged");
        assert_eq!(json(&merged.json)["type"], "news", "a news goes to every connection");
        // Nobody holds the room: its thread lets go within a second or so.
        let gone = Arc::downgrade(&room);
        drop(room);
        let until = Instant::now() + Duration::from_secs(10);
        while gone.upgrade().is_some() {
            assert!(Instant::now() < until, "the news thread outlived its room");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn the_pace_sends_a_burst_then_four_frames_a_second() {
        let start = Instant::now();
        let mut pace = Pace::new(start);
        // A broadcast every millisecond for ten seconds, each sent as soon as the pace
        // allows (what a connection does): frames counted per second.
        let mut sent = Vec::new();
        let mut due = start;
        for ms in 0..10_000u64 {
            let now = start + Duration::from_millis(ms);
            if now >= due {
                let ready = pace.ready_at(now);
                if ready <= now {
                    pace.spend(now);
                    sent.push(ms);
                }
                due = pace.ready_at(now);
            }
        }
        assert_eq!(sent.iter().filter(|&&ms| ms == 0).count(), 1);
        assert!(sent.len() <= BURST as usize + 10 * RATE as usize + 1, "{}", sent.len());
        for second in 1..10 {
            let n = sent.iter().filter(|&&ms| ms / 1000 == second).count();
            assert!(n <= RATE as usize + 1, "{n} frames in second {second}");
        }
        // The burst went at once.
        assert!(sent[..BURST as usize].iter().all(|&ms| ms < 16), "{sent:?}");
    }
}
