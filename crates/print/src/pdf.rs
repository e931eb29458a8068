//! The page printed to PDF by headless Chromium (`--print-to-pdf`).
//!
//! Why Chromium rather than a PDF crate: the labels are HTML+SVG already (the same page
//! `/print` serves), and the browser that tests the web page is the one that lays it out,
//! fonts and `@page` sizes included, so the PDF is exactly what a browser prints. A PDF
//! crate would mean drawing everything a second time.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

/// The variable naming the Chromium to run, when it is not one of [`CANDIDATES`].
pub const CHROMIUM_VAR: &str = "MENACE_CHROMIUM";

/// Where Chromium is looked for, in order: Debian's path, then these names on the PATH.
pub const CANDIDATES: [&str; 4] =
    ["/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"];

/// How long Chromium may take to print (it takes a few seconds; this only stops a hang).
pub const DEADLINE: Duration = Duration::from_secs(180);

/// The Chromium to run: `$MENACE_CHROMIUM` if set (and then only that), else the first of
/// [`CANDIDATES`] found. The error says how to get one, or how to do without.
pub fn chromium() -> Result<PathBuf, String> {
    let missing = |what: String| {
        format!(
            "{what}: printing to PDF needs Chromium (Debian: apt-get install chromium); \
             or write the page with --html FILE and print it from any browser"
        )
    };
    if let Some(given) = std::env::var_os(CHROMIUM_VAR) {
        let path = PathBuf::from(&given);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(missing(format!("{CHROMIUM_VAR}={} is not a file", path.display())))
        };
    }
    let path_dirs: Vec<PathBuf> =
        std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    CANDIDATES
        .iter()
        .flat_map(|name| {
            let name = Path::new(name);
            if name.is_absolute() {
                vec![name.to_path_buf()]
            } else {
                path_dirs.iter().map(|d| d.join(name)).collect()
            }
        })
        .find(|p| p.is_file())
        .ok_or_else(|| missing(format!("no Chromium found (looked for {})", CANDIDATES.join(", "))))
}

/// Chromium's switches for a quiet headless run that reaches for nothing of its own (no
/// sandbox: it runs as root in CI; no GPU, first-run page, background traffic or updates).
/// The browser tests start it with the same.
pub const HEADLESS: [&str; 7] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// Prints `html` to PDF with `chromium`; the PDF's bytes. Everything (page, profile, PDF)
/// lives in a private temporary folder removed afterwards.
pub fn render(html: &str, chromium: &Path) -> Result<Vec<u8>, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let page = dir.path().join("labels.html");
    let pdf = dir.path().join("labels.pdf");
    std::fs::write(&page, html).map_err(|e| format!("cannot write {}: {e}", page.display()))?;
    let mut child = Command::new(chromium)
        .args(HEADLESS)
        .arg("--no-pdf-header-footer")
        .arg(format!("--user-data-dir={}", dir.path().join("profile").display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", chromium.display()))?;
    // Chromium's chatter goes to a thread, so a full pipe can never block it.
    let mut stderr = child.stderr.take().expect("piped");
    let chatter = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let status = match child.wait_timeout(DEADLINE) {
        Ok(Some(status)) => status,
        Ok(None) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "{} did not finish printing within {} s",
                chromium.display(),
                DEADLINE.as_secs()
            ));
        }
        Err(e) => return Err(format!("waiting for {}: {e}", chromium.display())),
    };
    let chatter = chatter.join().unwrap_or_default();
    match std::fs::read(&pdf) {
        Ok(bytes) if status.success() && bytes.starts_with(b"%PDF") => Ok(bytes),
        _ => {
            let last: Vec<&str> = chatter.lines().rev().take(3).collect();
            Err(format!(
                "{} could not print the page ({status}): {}",
                chromium.display(),
                last.into_iter().rev().collect::<Vec<_>>().join(" | ")
            ))
        }
    }
}
