//! What the Go crate's integration tests share: paths into the repository, whose
//! `fixtures/` and `docs/games/` hold the positions and records they read.

use std::path::PathBuf;

/// `rel` (a path from the repository's root) from this crate's tests, whatever the
/// working directory.
pub fn repo(rel: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(rel)
}
