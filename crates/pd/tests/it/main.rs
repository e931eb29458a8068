//! `menace-pd`'s integration tests in one binary (one module a former test file), so the
//! workspace is linked once for them, its shared helpers compiled once: `cargo test -p
//! menace-pd --test it` is the quick loop.

mod file_loaders;
mod input;
mod misbehaving;
mod props;
mod published;
mod record;
mod strategies;
mod unhurried;
