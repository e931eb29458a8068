//! `menace-protocol`'s integration tests in one binary (one module a former test file), so the
//! workspace is linked once for them: `cargo test -p menace-protocol --test it` is the quick
//! loop.

mod codes;
mod explain;
mod layers;
mod props;
mod state;
