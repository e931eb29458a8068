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

const CLASS_SCRIPT: &str = include_str!("../../assets/class.js");
const CLASS_PAGE: &str = include_str!("../../assets/class.html");
const BOXES: &str = include_str!("../../assets/boxes.js");

/// The boxes, the marks and the curves are drawn by one code for both pages (boxes.js,
/// plot.js): neither page's script draws its own.
#[test]
fn both_pages_draw_boxes_and_curves_with_the_same_code() {
    for (page, script) in [(PAGE, SCRIPT), (CLASS_PAGE, CLASS_SCRIPT)] {
        for shared in ["boxes.js", "plot.js", "explain.js"] {
            assert!(page.contains(&format!("<script src=\"{shared}\" defer>")), "{shared}");
        }
        assert!(script.contains("Boxes.grouped("), "the page groups its boxes with boxes.js");
        assert!(script.contains("Plot.draw("), "the page draws its curve with plot.js");
        for own in ["function boxElement", "function fillBox", "\"polyline\"", "class=\"mbox\""] {
            assert!(!script.contains(own), "{own} in a page's own script");
        }
    }
    assert!(BOXES.contains("createElementNS") && BOXES.contains("\"circle\""));
}

/// What a class reads holds no command line: no flag, no subcommand, no protocol word.
#[test]
fn no_catalog_message_holds_command_line_text() {
    for lang in menace_i18n::LANGUAGES {
        for line in lang.ftl.lines().filter(|l| !l.starts_with('#')) {
            for text in ["--state", "--", "menace eval", "(dump)", "FILE"] {
                assert!(!line.contains(text), "{}: {text:?} in {line}", lang.code);
            }
        }
    }
}
