//! A class's broadcasts to one connection, at most a few frames a second.
//!
//! Everyone in a class hears about everyone's games (`drew`, `finished`). Sent one frame
//! each, a class of 1,000 made about 2,300 frames for every finished game and the server
//! spent itself writing them (issue 74: the slowest answer 58 s). So each connection
//! sends its page what the page shows, paced: a bucket of [`BURST`] frames refilled at
//! [`RATE`] a second. While it has frames to spare, every broadcast goes at once and alone,
//! as before; once it has none, the broadcasts that come until the next frame are
//! gathered, and a run of `drew` and `finished` answers goes as one `news` answer (see
//! protocol.md): the `finished` answers in order without their boxes, only the latest
//! `drew` (the one the page shows; every earlier one is superseded), and every box they
//! changed with its beads after them. A page that reduces a `news` ends where the answers
//! one by one would have left it. Anything else (`class`, `error`) goes as it is, in order.
//! A player's own answers are never paced: they are not broadcasts.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use menace_protocol::answer::{Answer, ChangedBox};
use tokio::time::Instant;

/// Frames of broadcasts a connection may send at once (a quiet class sends each broadcast
/// as it happens).
pub(crate) const BURST: f64 = 16.0;

/// Frames of broadcasts a second a connection sends once its burst is spent.
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
    /// The boxes it changed, each `{"box","beads"}` as JSON.
    boxes: Vec<(usize, String)>,
}

fn changed(b: &ChangedBox) -> (usize, String) {
    (b.box_index, serde_json::to_string(b).expect("a box serializes"))
}

impl Broadcast {
    /// `answer`, sent by session `from`, as it goes to the other connections.
    pub fn of(from: Option<u64>, answer: &Answer) -> Broadcast {
        let json: Arc<str> = answer.to_json().into();
        let (lean, drew, boxes) = match answer {
            Answer::Drew { box_index, beads, .. } => {
                let b = ChangedBox { box_index: *box_index, beads: beads.clone() };
                (Some(json.clone()), true, vec![changed(&b)])
            }
            Answer::Finished { boxes, .. } => {
                let mut lean = answer.clone();
                if let Answer::Finished { boxes, .. } = &mut lean {
                    boxes.clear();
                }
                (Some(lean.to_json().into()), false, boxes.iter().map(changed).collect())
            }
            _ => (None, false, Vec::new()),
        };
        Broadcast { from, json, lean, drew, boxes }
    }
}

/// The frames that send `gathered` broadcasts, in order: a run of `drew` and `finished`
/// answers as one frame (the answer itself when the run is one, else a `news`), anything
/// else as it is.
pub fn frames(gathered: &[Arc<Broadcast>]) -> Vec<String> {
    let mut frames = Vec::new();
    let mut run: Vec<&Broadcast> = Vec::new();
    for b in gathered {
        if b.lean.is_some() {
            run.push(b);
        } else {
            frames.extend(news(&run));
            run.clear();
            frames.push(b.json.to_string());
        }
    }
    frames.extend(news(&run));
    frames
}

/// One frame for a run of `drew` and `finished` answers (none for an empty run).
fn news(run: &[&Broadcast]) -> Option<String> {
    match run {
        [] => None,
        [one] => Some(one.json.to_string()),
        _ => {
            let latest_drew = run.iter().rposition(|b| b.drew);
            let answers: Vec<&str> = run
                .iter()
                .enumerate()
                .filter(|(i, b)| !b.drew || Some(*i) == latest_drew)
                .filter_map(|(_, b)| b.lean.as_deref())
                .collect();
            // Each box with its beads after the whole run: the last word on it wins.
            let boxes: BTreeMap<usize, &str> =
                run.iter().flat_map(|b| b.boxes.iter().map(|(i, j)| (*i, j.as_str()))).collect();
            let boxes: Vec<&str> = boxes.into_values().collect();
            Some(format!(
                "{{\"type\":\"news\",\"answers\":[{}],\"boxes\":[{}]}}",
                answers.join(","),
                boxes.join(",")
            ))
        }
    }
}

/// When a connection may send its next frame of broadcasts: a bucket of [`BURST`] frames
/// refilled at [`RATE`] a second.
#[derive(Debug)]
pub struct Pace {
    /// Frames to spare at `at`.
    tokens: f64,
    at: Instant,
}

impl Pace {
    /// A full bucket at `now`.
    pub fn new(now: Instant) -> Pace {
        Pace { tokens: BURST, at: now }
    }

    fn refilled(&self, now: Instant) -> f64 {
        let since = now.saturating_duration_since(self.at).as_secs_f64();
        (self.tokens + since * RATE).min(BURST)
    }

    /// When the next frame may go: `now` if one is to spare, else when one will be.
    pub fn ready_at(&self, now: Instant) -> Instant {
        let tokens = self.refilled(now);
        if tokens >= 1.0 {
            now
        } else {
            now + Duration::from_secs_f64((1.0 - tokens) / RATE)
        }
    }

    /// A frame went at `now`.
    pub fn spend(&mut self, now: Instant) {
        self.tokens = self.refilled(now) - 1.0;
        self.at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_protocol::answer::{Score, Winner};

    fn drew(from: u64, box_index: usize, beads: u32) -> Arc<Broadcast> {
        let answer = Answer::Drew {
            player: format!("p{from}"),
            box_index,
            bead: "MM".into(),
            mv: "MM".into(),
            board: vec!["...".into(), ".X.".into(), "...".into()],
            beads: vec![beads; 9],
        };
        Arc::new(Broadcast::of(Some(from), &answer))
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
    fn a_burst_is_one_news_with_every_game_the_latest_draw_and_the_boxes_after_it() {
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
        let answers = news["answers"].as_array().unwrap();
        // Every game in order, without boxes; one `drew`, the latest, at its place.
        assert_eq!(answers.len(), 301);
        for (i, a) in answers[..300].iter().enumerate() {
            assert_eq!(a["type"], "finished");
            assert_eq!(a["number"], i as u64 + 1);
            assert_eq!(a["boxes"], serde_json::json!([]));
        }
        assert_eq!(answers[300]["type"], "drew");
        assert_eq!(answers[300]["beads"][0], 999);
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
