//! `menace-run`'s integration tests in one binary (one module a concern), so its shared
//! helpers are compiled once: `cargo test -p menace-run --test it` is the quick loop.

mod nothing_left;
