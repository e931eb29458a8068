//! The judges' HTML report (`report.html`, written by menace-arena into a tournament's
//! folder, issue 75) opened from its file in Chromium with no network: it shows its
//! standings, crosstable and incidents, names made of markup stay text, and axe-core finds
//! no serious or critical violation at a phone's and a projector's width.

use menace_arena::tournament::report::{self, Report};
use menace_arena::tournament::standings::{standings, Outcome, PairGame};

use crate::chrome::{axe, js, offline_browser, start_driver, tempdir};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_judges_report_opens_offline_with_no_serious_accessibility_violation() {
    let Some(driver) = start_driver() else { return };
    let g = |a: &str, b: &str, outcome| PairGame { first: a.into(), second: b.into(), outcome };
    let games = [
        g("gnugo", "<b>bold</b>", Outcome::FirstWins),
        g("<b>bold</b>", "gnugo", Outcome::Tie),
        g("gnugo", "menace", Outcome::SecondWins),
        g("menace", "<b>bold</b>", Outcome::FirstWins),
    ];
    let s = standings(&games);
    let r = Report {
        title: "Go tournament 0123456789abcdef: 4 of 4 games, 9x9, komi 7.5".into(),
        standings: &s,
        order: "Best first: most points, then name.",
        incidents: vec![
            "game 2 (<b>bold</b> black, gnugo white): <b>bold</b> (black) crashed".into()
        ],
    };
    let dir = tempdir("judge-report");
    report::write(&dir, &r).unwrap();
    let url = format!("file://{}", dir.join("report.html").display());
    let c = offline_browser(driver, &tempdir("judge-report-downloads")).await;
    c.goto(&url).await.unwrap();
    assert_eq!(js(&c, "document.querySelectorAll('b').length").await, 0, "a name became markup");
    let rows = js(&c, "document.querySelectorAll('table')[0].tBodies[0].rows.length").await;
    assert_eq!(rows, 3);
    let cross =
        js(&c, "document.querySelectorAll('table')[1].tBodies[0].rows[0].cells.length").await;
    assert_eq!(cross, 4, "a row header and three cells");
    let said = js(&c, "document.querySelector('main li').textContent").await;
    assert_eq!(said, r.incidents[0].as_str());
    for width in [390, 1400] {
        c.set_window_size(width, 900).await.unwrap();
        assert_eq!(axe(&c).await, Vec::<String>::new(), "at {width} px");
    }
    c.close().await.unwrap();
}
