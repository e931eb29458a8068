//! The page takes its bead presets and opponents from the engine's `info` answer: none
//! of them is written into the page itself, so a preset or opponent added to the core's
//! tables reaches the page without touching it.

use menace_serve::page::SCRIPTS;

const SCRIPT: &str = include_str!("../../assets/menace.js");
const PAGE: &str = include_str!("../../assets/index.html");
const OPPONENTS: &str = include_str!("../../assets/opponents.js");

#[test]
fn the_page_lists_no_preset_by_hand() {
    for preset in menace_core::menace::PRESETS {
        for text in [SCRIPT, PAGE, OPPONENTS] {
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
    // The `info` answer reaches the page as an effect of the page state (state.js).
    assert!(SCRIPT.contains("send(\"info\")") && SCRIPT.contains("effect === \"info\""));
}

const CLASS_SCRIPT: &str = include_str!("../../assets/class.js");
const CLASS_PAGE: &str = include_str!("../../assets/class.html");

/// The `src` of each `<script>` of `html`, in order.
fn scripts(html: &str) -> Vec<&str> {
    html.split("<script src=\"").skip(1).map(|rest| rest.split('"').next().unwrap()).collect()
}

/// Every script of the pages, by name: the shared ones, then each page's own.
fn every_script() -> Vec<(&'static str, &'static str)> {
    let mut all = SCRIPTS.to_vec();
    all.extend([("menace.js", SCRIPT), ("class.js", CLASS_SCRIPT)]);
    all
}

/// Both pages load the same shared scripts in the same order (the class page also its
/// teacher's panel, the private page its Nim and Hexapawn boards, its kept machines and the
/// offline file's labels),
/// then their own; every one is served (page.rs) and none is a module.
#[test]
fn both_pages_load_the_same_shared_scripts() {
    let only = ["teacher.js", "games.js", "machines.js", "labels.js"];
    let shared: Vec<&str> =
        SCRIPTS.iter().map(|(name, _)| *name).filter(|name| !only.contains(name)).collect();
    assert_eq!(
        scripts(PAGE),
        [&shared[..], &["games.js", "machines.js", "labels.js", "menace.js"]].concat()
    );
    assert_eq!(scripts(CLASS_PAGE), [&shared[..], &["teacher.js", "class.js"]].concat());
    for html in [PAGE, CLASS_PAGE] {
        // Classic scripts: the offline file inlines them, where `import` cannot load.
        assert!(!html.contains("type=\"module\""));
        assert_eq!(html.matches("<script").count(), html.matches(" defer></script>").count());
    }
}

/// One drawing of each thing for both pages: the board, the boxes, the curves and the
/// explanation are drawn in their shared scripts only, and the helpers every page needs
/// (`$`, the cells' letters, a download) are written once.
#[test]
fn each_thing_is_drawn_by_one_script() {
    let defined_in = |needle: &str| -> Vec<&str> {
        every_script()
            .into_iter()
            .filter(|(_, text)| text.contains(needle))
            .map(|(n, _)| n)
            .collect()
    };
    for (needle, home) in [
        ("const $ =", "page.js"),
        ("[\"L\", \"M\", \"R\"]", "board.js"),
        ("createObjectURL", "page.js"),
        ("b.dataset.cell =", "board.js"),
        ("\"polyline\"", "plot.js"),
        ("\"circle\"", "board.js"),
        ("box-number", "boxes.js"),
        ("className = \"box\"", "boxes.js"),
        ("\"xrule\"", "explain.js"),
        ("explain-none", "explain.js"),
        ("new WebSocket(", "transport.js"),
        ("`opponent-${", "opponents.js"),
        ("result-menace-wins", "page.js"),
        ("message-result-learned", "state.js"),
        ("switch (a.type)", "state.js"),
        ("2 ** c.retry", "transport.js"),
        ("showModal()", "page.js"),
    ] {
        assert_eq!(defined_in(needle), [home], "{needle}");
    }
    for script in [SCRIPT, CLASS_SCRIPT] {
        for uses in [
            "Board.draw(",
            "Boxes.grouped(",
            "Plot.",
            "Explain.render(",
            "Transport.connect(",
            "State.reduce(",
        ] {
            assert!(script.contains(uses), "a page does not use {uses}");
        }
        for own in ["createElementNS", "function boxElement", "function fillBox", "class=\"mbox\""]
        {
            assert!(!script.contains(own), "{own} in a page's own script");
        }
    }
}

/// The offline file has no server to fetch from: the words, the languages, the bead
/// colours and the lesson guide come from `MENACE_OFFLINE` there, its engine draws the
/// labels, and the links that need a server are marked (the class page's labels and
/// guide, as the class needs its server).
#[test]
fn the_page_code_takes_its_data_from_the_offline_file_when_there_is_one() {
    let script = |name| menace_serve::page::shared_script(name).unwrap();
    assert!(script("i18n.js").contains("Page.offline.catalogs[code]"));
    assert!(script("i18n.js").contains("Page.offline.languages"));
    assert!(script("explain.js").contains("Page.offline.palette"));
    assert!(script("page.js").contains("[data-needs-server]"));
    assert!(script("page.js").contains("Page.offline.guides"));
    assert!(script("page.js").contains("Labels.ask()"));
    for link in ["href=\"guide\"", "href=\"print\""] {
        assert!(!PAGE[..PAGE.find(link).unwrap()].ends_with("data-needs-server "), "{link}");
    }
    for (html, links) in [(CLASS_PAGE, &["href=\"print\"", "href=\"guide\""][..])] {
        for link in links {
            let at = html.find(link).unwrap_or_else(|| panic!("{link}"));
            // The link's own tag, or the <nav> around it.
            let tag = |start: usize| &html[start..start + html[start..].find('>').unwrap()];
            let marked = |start: usize| tag(start).contains("data-needs-server");
            let (tag_start, nav_start) =
                (html[..at].rfind('<').unwrap(), html[..at].rfind("<nav").unwrap());
            assert!(marked(tag_start) || marked(nav_start), "{link} is not marked");
        }
    }
    assert!(script("transport.js").contains("window.MenaceInPage.open("));
}

/// Every script the pages load is served with the pages' strict policy (only this
/// server's own script), on a private server and on a class server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_script_of_both_pages_is_served() {
    let private = crate::common::start(menace_serve::Limits::default()).await;
    let (class, _room, _stop, _task) =
        crate::common::class::start_class(None, menace_serve::Limits::default()).await;
    for (addr, html) in [(private, PAGE), (class, CLASS_PAGE)] {
        for name in scripts(html) {
            let (head, body) = crate::common::get(addr, &format!("/{name}")).await;
            assert!(head.starts_with("HTTP/1.1 200"), "/{name}: {head}");
            let head = head.to_ascii_lowercase();
            assert!(head.contains("content-type: text/javascript"), "/{name}: {head}");
            assert!(head.contains("script-src 'self';"), "/{name}: {head}");
            assert!(!head.contains("unsafe"), "/{name}: {head}");
            let want = every_script().into_iter().find(|(n, _)| *n == name).unwrap().1;
            assert_eq!(body, want, "/{name}");
        }
    }
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
