//! `menace go analysis` (KataGo's JSON analysis engine, issue 75) at the protocol's level:
//! a transcript of queries and the engine's exact answers (tests/data/analysis_engine,
//! fixed seed and small visit counts: the same bytes every run), the actions while a
//! search runs, the bounds on what a line may ask, and arbitrary bytes as queries (no
//! panic, one error line each, the engine goes on). KaTrain's own code drives it in the
//! binary's tests (tests/real/katrain.rs).

use menace_go::io::analysis_engine::{Engine, MAX_LINE, MAX_TURNS_IN_FLIGHT};
use menace_go::search::mcts::SearchConfig;
use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;

fn engine() -> Engine {
    Engine { cfg: SearchConfig { seed: 0, ..SearchConfig::default() }.with_work(50, 1), workers: 1 }
}

/// The engine's answer lines to `input`, once it has ended.
fn answers(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    engine().serve(input.as_bytes(), &mut out);
    String::from_utf8(out).unwrap().lines().map(String::from).collect()
}

#[test]
fn the_transcript_gives_each_querys_exact_answers() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/analysis_engine/transcript.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut rendered = String::new();
    let mut want = Vec::new();
    let mut got = Vec::new();
    for line in text.lines() {
        if let Some(query) = line.strip_prefix("> ") {
            rendered.push_str(line);
            rendered.push('\n');
            let answer = answers(query);
            // The same query gives the same bytes again.
            assert_eq!(answers(query), answer, "{query}");
            for a in &answer {
                let v: Value = serde_json::from_str(a).expect(a);
                assert!(v.is_object(), "{a}");
                rendered.push_str(&format!("< {a}\n"));
            }
            got.push((query.to_string(), answer));
        } else if let Some(answer) = line.strip_prefix("< ") {
            match want.last_mut() {
                Some((_, a)) => Vec::push(a, answer.to_string()),
                None => panic!("an answer before any query"),
            }
        } else {
            rendered.push_str(line);
            rendered.push('\n');
        }
        if let Some(query) = line.strip_prefix("> ") {
            want.push((query.to_string(), Vec::new()));
        }
    }
    if std::env::var_os("MENACE_BLESS").is_some() {
        std::fs::write(&path, rendered).unwrap();
        return;
    }
    assert_eq!(want.len(), got.len());
    for ((q, w), (_, g)) in want.iter().zip(&got) {
        assert_eq!(w, g, "answers to {q}");
    }
}

#[test]
fn every_requested_turn_gets_one_final_answer_with_the_fields_katago_gives() {
    let q = r#"{"id":"g","moves":[["B","E5"],["W","C3"],["B","pass"]],"rules":"tromp-taylor","komi":7,"boardXSize":9,"boardYSize":9,"maxVisits":40,"analyzeTurns":[3,0,1],"includeOwnership":true,"includePolicy":true,"includeMovesOwnership":true,"includePVVisits":true}"#;
    let lines = answers(q);
    let values: Vec<Value> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    // One warning (Tromp-Taylor allows suicide), then the turns in order.
    assert_eq!(values[0]["field"], "rules", "{}", lines[0]);
    let turns: Vec<u64> = values[1..].iter().map(|v| v["turnNumber"].as_u64().unwrap()).collect();
    assert_eq!(turns, [0, 1, 3]);
    for v in &values[1..] {
        assert_eq!(v["id"], "g");
        assert_eq!(v["isDuringSearch"], false);
        assert_eq!(v["ownership"].as_array().unwrap().len(), 81);
        let policy = v["policy"].as_array().unwrap();
        assert_eq!(policy.len(), 82);
        let sum: f64 = policy.iter().filter_map(Value::as_f64).filter(|&p| p > 0.0).sum();
        assert!((sum - 1.0).abs() < 1e-3, "the priors share 1: {sum}");
        assert_eq!(v["rootInfo"]["visits"], 40);
        let infos = v["moveInfos"].as_array().unwrap();
        let visits: u64 = infos.iter().map(|m| m["visits"].as_u64().unwrap()).sum();
        assert_eq!(visits, 40, "the root's visits are its moves'");
        for (order, m) in infos.iter().enumerate() {
            assert_eq!(m["order"], order);
            for k in ["winrate", "lcb", "prior"] {
                assert!(m[k].as_f64().is_some_and(|x| (0.0..=1.0).contains(&x)), "{k}: {m}");
            }
            for k in ["utility", "utilityLcb", "scoreLead", "scoreMean", "scoreStdev"] {
                assert!(m[k].is_number(), "{k}: {m}");
            }
            assert_eq!(m["pv"][0], m["move"]);
            assert_eq!(m["pv"].as_array().unwrap().len(), m["pvVisits"].as_array().unwrap().len());
            assert_eq!(m["ownership"].as_array().unwrap().len(), 81);
        }
    }
    // Turn 1: white to move after E5; E5 is occupied, so illegal in the policy.
    let e5 = 4 * 9 + 4;
    assert_eq!(values[2]["policy"][e5], -1);
    assert_eq!(values[2]["rootInfo"]["currentPlayer"], "W");
}

#[test]
fn terminate_ends_a_search_that_would_run_for_hours() {
    // 2^40 visits would never end; the terminate read after it stops it (or finds it not
    // yet started), and the engine answers the turn once, finally, and echoes the action.
    let input = concat!(
        r#"{"id":"long","moves":[],"rules":"chinese","komi":7,"boardXSize":9,"boardYSize":9,"maxVisits":1099511627776}"#,
        "\n",
        r#"{"id":"stop","action":"terminate","terminateId":"long"}"#,
        "\n"
    );
    let lines = answers(input);
    let values: Vec<Value> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let echo = values.iter().filter(|v| v["action"] == "terminate").count();
    assert_eq!(echo, 1, "{lines:?}");
    let finals: Vec<&Value> =
        values.iter().filter(|v| v["id"] == "long" && v["turnNumber"] == 0).collect();
    assert_eq!(finals.len(), 1, "{lines:?}");
    assert_eq!(finals[0]["isDuringSearch"], false);
    assert_eq!(finals[0]["turnNumber"], 0);
}

#[test]
fn reports_during_the_search_come_before_the_final_answer() {
    let q = r#"{"id":"r","moves":[],"rules":"chinese","komi":7,"boardXSize":9,"boardYSize":9,"maxVisits":1099511627776,"reportDuringSearchEvery":0.02,"overrideSettings":{"maxTime":0.3}}"#;
    let lines = answers(q);
    let values: Vec<Value> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    // After the warning (Chinese rules' simple ko), the reports.
    let values: Vec<Value> = values.into_iter().filter(|v| v["warning"].is_null()).collect();
    let (last, during) = values.split_last().unwrap();
    assert_eq!(last["isDuringSearch"], false, "{lines:?}");
    assert!(during.iter().all(|v| v["isDuringSearch"] == true), "{lines:?}");
    // maxTime ended it: far fewer visits than asked.
    assert!(last["rootInfo"]["visits"].as_u64().unwrap() < 1 << 40);
}

#[test]
fn a_line_too_long_or_too_many_turns_in_flight_is_refused_and_the_engine_goes_on() {
    let version = r#"{"id":"v","action":"query_version"}"#;
    let long = format!("{}\n{version}\n", "x".repeat(MAX_LINE + 1));
    let lines = answers(&long);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with(r#"{"error":"Request line of "#), "{}", lines[0]);
    assert!(lines[1].contains(r#""version""#));

    let n = MAX_TURNS_IN_FLIGHT + 1;
    let moves: Vec<String> =
        (0..n).map(|i| format!(r#"["{}","pass"]"#, if i % 2 == 0 { "B" } else { "W" })).collect();
    let turns: Vec<String> = (0..=n).map(|t| t.to_string()).collect();
    let q = format!(
        r#"{{"id":"many","moves":[{}],"analyzeTurns":[{}],"rules":"chinese","boardXSize":5,"boardYSize":5,"maxVisits":1}}"#,
        moves.join(","),
        turns.join(",")
    );
    let lines = answers(&format!("{q}\n{version}\n"));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("Too many queries in flight"), "{}", lines[0]);
    assert!(lines[1].contains(r#""version""#));
}

#[test]
fn long_lists_in_a_line_cost_their_length_not_its_square() {
    // 100,000 turns (all 0, with their priorities) and 100,000 avoided points: the turn is
    // answered once, and each list is read in one pass.
    let zeros = vec!["0"; 100_000].join(",");
    let points = vec!["\"C3\""; 100_000].join(",");
    let q = format!(
        r#"{{"id":"z","moves":[],"analyzeTurns":[{zeros}],"priorities":[{zeros}],"rules":"chinese-ogs","boardXSize":5,"boardYSize":5,"maxVisits":5,"avoidMoves":[{{"player":"B","moves":[{points}],"untilDepth":1}}]}}"#
    );
    assert!(q.len() < MAX_LINE);
    let lines = answers(&q);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let v: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["turnNumber"], 0);
    assert!(v["moveInfos"].as_array().unwrap().iter().all(|m| m["move"] != "C3"));
    // 40,000 distinct turns (a search of each earlier turn per turn took minutes): read,
    // then refused as too many in flight.
    let n = 40_000;
    let moves = vec![r#"["B","pass"]"#; n].join(",");
    let turns: Vec<String> = (0..=n).map(|t| t.to_string()).collect();
    let q = format!(
        r#"{{"id":"d","moves":[{moves}],"analyzeTurns":[{}],"rules":"chinese-ogs","boardXSize":5,"boardYSize":5,"maxVisits":1}}"#,
        turns.join(",")
    );
    assert!(q.len() < MAX_LINE);
    let lines = answers(&q);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("Too many queries in flight"), "{}", lines[0]);
}

/// A valid query, whose fields the proptest below replaces one at a time.
const BASE: &str = r#"{"id":"p","moves":[["B","C3"]],"initialStones":[],"initialPlayer":"B","rules":"chinese-ogs","komi":7.5,"boardXSize":5,"boardYSize":5,"maxVisits":3,"analyzeTurns":[0,1],"includeOwnership":true,"includePolicy":true,"avoidMoves":[],"overrideSettings":{}}"#;

/// Small arbitrary JSON values.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-1e3f64..1e3).prop_map(Value::from),
        "[A-Za-z0-9(),. -]{0,6}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,6}", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_bytes_get_one_error_line_and_the_engine_goes_on(
        bytes in prop::collection::vec(any::<u8>().prop_filter("one line", |&b| b != b'\n'), 0..200)
    ) {
        let mut input = bytes.clone();
        input.extend_from_slice(b"\n{\"id\":\"v\",\"action\":\"query_version\"}\n");
        let mut out = Vec::new();
        engine().serve(input.as_slice(), &mut out);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let blank = String::from_utf8_lossy(&bytes).trim().trim_start_matches('\u{feff}').is_empty();
        prop_assert_eq!(lines.len(), if blank { 1 } else { 2 }, "{:?}", lines);
        if !blank {
            let v: Value = serde_json::from_str(lines[0]).unwrap();
            prop_assert!(v["error"].is_string(), "{}", lines[0]);
        }
        prop_assert!(lines.last().unwrap().contains("\"version\""));
    }

    #[test]
    fn a_field_of_any_value_is_answered_or_refused_in_katagos_form(
        field in prop::sample::select(vec![
            "id", "moves", "initialStones", "initialPlayer", "rules", "komi", "boardXSize",
            "boardYSize", "analyzeTurns", "includeOwnership", "includePolicy", "avoidMoves",
            "overrideSettings", "priority", "priorities", "whiteHandicapBonus", "analysisPVLen",
            "reportDuringSearchEvery", "allowMoves", "action", "terminateId",
        ]),
        value in json_value(),
    ) {
        let mut q: serde_json::Map<String, Value> = serde_json::from_str(BASE).unwrap();
        // No search may run for long: `reportDuringSearchEvery` only adds reports.
        q.insert(field.to_string(), value);
        let line = Value::Object(q).to_string();
        let lines = answers(&format!("{line}\n{{\"id\":\"v\",\"action\":\"query_version\"}}\n"));
        // Answered at once, maybe before the query's search ends.
        prop_assert!(lines.iter().any(|l| l.contains("\"version\"")), "{:?}", lines);
        for l in &lines {
            let v: Value = serde_json::from_str(l).unwrap();
            prop_assert!(
                v["error"].is_string() || v["warning"].is_string() || v["moveInfos"].is_array()
                    || v["action"].is_string() || v["noResults"] == true,
                "{}", l
            );
        }
    }
}
