//! The real components some integration tests need (GNU Go, Python), found one way for all.
//!
//! Included with `#[path = "support/component.rs"] mod component;` by the tests that use it.

use std::path::Path;

/// `path`, when it exists. Otherwise `None` (the test skips, saying so), unless `CI=true` or
/// `MENACE_REQUIRE_GNUGO=1`, which make a missing component a failure.
pub fn required(what: &str, path: &str) -> Option<String> {
    if Path::new(path).exists() {
        return Some(path.to_string());
    }
    let ci = std::env::var("CI").as_deref() == Ok("true")
        || std::env::var("MENACE_REQUIRE_GNUGO").as_deref() == Ok("1");
    assert!(!ci, "{what} ({path}) is required under CI but missing");
    eprintln!("skipping: {what} ({path}) is not installed (scripts/install-gnugo for GNU Go)");
    None
}

/// GNU Go: Debian's `/usr/games/gnugo`, else `gnugo` on the PATH, else [`required`]'s
/// verdict on the Debian path.
pub fn gnugo() -> Option<String> {
    const DEBIAN: &str = "/usr/games/gnugo";
    if !Path::new(DEBIAN).exists() {
        let out = std::process::Command::new("sh").args(["-c", "command -v gnugo"]).output().ok();
        let on_path = out.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        if let Some(p) = on_path.filter(|p| !p.is_empty()) {
            return Some(p);
        }
    }
    required("GNU Go", DEBIAN)
}
