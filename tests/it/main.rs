//! The `menace` binary's integration tests in one binary (one module a former test file), so
//! the workspace is linked once for them, its shared helpers compiled once: `cargo test -p
//! menace --test it` is the quick loop.

#[path = "../common/mod.rs"]
mod common;

mod ab_records;
mod docs;
mod docs_paths;
mod engine_json;
mod go_cli;
// The lab's commands exist with the `lab` feature (on by default) only.
#[cfg(feature = "lab")]
mod go_tune;
mod judges_leave_nothing;
#[cfg(feature = "lab")]
mod lab;
mod layout;
mod pd_cli;
mod pd_paths;
mod serve_class;
mod serve_pretty;
mod serve_rooms;
mod special_files;
mod state;
mod tournament;
mod tournament_records;
mod train;
mod transcripts;
