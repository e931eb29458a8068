//! The page takes its bead presets and opponents from the engine's `info` answer: none
//! of them is written into the page itself, so a preset or opponent added to the core's
//! tables reaches the page without touching it.

const SCRIPT: &str = include_str!("../../assets/menace.js");
const PAGE: &str = include_str!("../../assets/index.html");

#[test]
fn the_page_lists_no_preset_by_hand() {
    for preset in menace_core::menace::PRESETS {
        for text in [SCRIPT, PAGE] {
            assert!(!text.contains(preset.name), "{} written into the page", preset.name);
        }
        let rules = (preset.rules)();
        let initial: Vec<String> = rules.initial.iter().map(u32::to_string).collect();
        let initial = format!("\"{}\"", initial.join(","));
        assert!(!SCRIPT.contains(&initial), "{initial} written into menace.js");
    }
}

#[test]
fn the_page_offers_no_opponent_by_hand() {
    for o in menace_core::learn::train::OPPONENTS {
        let value = o.name.split(':').next().unwrap();
        assert!(!PAGE.contains(&format!("<option value=\"{value}\"")), "{value} in index.html");
    }
    assert!(SCRIPT.contains("send(\"info\")") && SCRIPT.contains("case \"info\""));
}
