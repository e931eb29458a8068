//! The terminal view (`--pretty`, or stdout on a terminal) against the JSON protocol: piped
//! output stays the protocol byte for byte, and the text view says what the JSON says.

use std::path::Path;

use crate::common;

fn transcript(name: &str) -> (Vec<u8>, Vec<u8>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts");
    (
        std::fs::read(dir.join(format!("{name}.in"))).unwrap(),
        std::fs::read(dir.join(format!("{name}.out"))).unwrap(),
    )
}

#[test]
fn piped_output_is_the_json_protocol_byte_for_byte() {
    let (input, want) = transcript("full_match");
    let out = common::menace::<&str>(&[], None, &input);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout == want, "piped output is not the golden JSON transcript");
}

#[test]
fn the_text_view_says_what_the_json_says() {
    let (input, json) = transcript("full_match");
    let out = common::menace(&["--pretty"], None, &input);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().all(|l| !l.starts_with("{\"type\"")), "JSON in the text view:\n{text}");
    assert!(text.contains("       L   M   R\n"), "no labelled grid:\n{text}");
    assert!(text.contains("Your move: type a move such as MM"), "no prompt");
    let answers: Vec<serde_json::Value> = String::from_utf8(json)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut results = 0;
    for (i, a) in answers.iter().enumerate() {
        match a["type"].as_str().unwrap() {
            "menace_move" => {
                let said = format!("MENACE plays {}", a["move"].as_str().unwrap());
                assert!(text.contains(&said), "missing {said:?}");
            }
            "result" => {
                results += 1;
                let n = a["game"].as_u64().unwrap();
                let sentence = match a["winner"].as_str().unwrap() {
                    "menace" => format!("MENACE wins game {n}"),
                    "player" => format!("You win game {n}"),
                    _ => format!("Game {n} is a draw"),
                };
                assert!(text.contains(&sentence), "missing {sentence:?}");
                // The dump after it: every box drawn from, with its drawn bead's count.
                let dump = &answers[i + 1];
                assert_eq!(dump["type"], "matchboxes");
                for d in dump["drawn"].as_array().unwrap() {
                    let index = d["box"].as_u64().unwrap() as usize;
                    assert!(text.contains(&format!("box {index} ")), "box {index} not shown");
                    let bead = d["bead"].as_str().unwrap().as_bytes();
                    let rc = |c: u8| b"LMR".iter().position(|&x| x == c).unwrap();
                    let cell = rc(bead[0]) * 3 + rc(bead[1]);
                    let count = &dump["boxes"][index]["beads"][cell];
                    assert!(text.contains(&format!("[{count}]")), "bead of box {index}");
                }
            }
            _ => {}
        }
    }
    assert_eq!(results, 4, "the match has four games");
    assert_eq!(text.matches("Match over after 4 of 4 games").count(), 1);
}
