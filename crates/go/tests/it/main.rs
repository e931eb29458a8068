//! `menace-go`'s integration tests in one binary (one module a former test file), so the
//! workspace is linked once for them, its shared helpers compiled once: `cargo test -p
//! menace-go --test it` is the quick loop. The few GNU Go comparisons in ladder read one
//! position each and stay here.

#[path = "../support/mod.rs"]
mod support;

mod analysis;
mod analysis_engine;
mod file_loaders;
mod gtp;
mod koth;
mod ladder;
mod move_model;
mod net;
mod profiles;
mod records;
mod referee;
mod rules;
mod search;
mod tactics;
