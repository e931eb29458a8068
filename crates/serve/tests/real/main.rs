//! `menace-serve`'s tests that drive real programs (Chromium and chromedriver), in a binary of
//! their own so that `--test it` runs the rest quickly; `cargo test` runs both, and a missing
//! program fails them under `CI=true` (menace_testkit::require).

#[path = "../common/browser.rs"]
mod chrome;
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/transcripts.rs"]
mod transcripts;

mod browser;
mod class_browser;
mod guide;
mod judge_report;
mod lesson;
mod machines;
mod offline;
mod page_state;
mod refusals;
mod rooms;
mod shared;
mod site;
mod teach;
