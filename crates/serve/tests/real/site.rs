//! The file to take home, where a teacher gets it (issue 73): from a running `menace serve`
//! (`/menace.html`, the committed file built into the binary) it opens and plays; from a
//! static web host (the repository's `site/` folder copied as it is, served by Python's
//! `http.server`) it is installable as an app and, after the first visit, opens and plays
//! with the host gone.

use crate::chrome;
use crate::common;
use crate::offline::play_a_game;

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use chrome::{browser, js, open_private, start_driver, tempdir, wait_for};
use serde_json::{json, Value};

/// The repository's `site/`.
fn site() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site")
}

/// A static host: Python's `http.server` over a copy of `site/`, on a free loopback port.
struct StaticHost {
    child: Child,
    port: u16,
}

impl StaticHost {
    fn start(python: &Path) -> StaticHost {
        let dir = tempdir("static-site");
        for entry in std::fs::read_dir(site()).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
        }
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(python)
            .args(["-m", "http.server", &port.to_string(), "--bind", "127.0.0.1", "--directory"])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 -m http.server");
        // Held from here, so that a failure below still stops it (Drop).
        let host = StaticHost { child, port };
        // Bounded: a hang guard, not a timing check.
        for _ in 0..600 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return host;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the static host did not listen");
    }

    /// Stops the host and waits until nothing listens on its port.
    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        assert!(
            std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err(),
            "the host is gone"
        );
    }
}

impl Drop for StaticHost {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_menace_html_opens_and_plays_in_the_page() {
    let Some(driver) = start_driver() else { return };
    let addr = common::start(menace_serve::Limits::default()).await;
    let c = browser(driver, &tempdir("site-served")).await;
    // The served page links the file to take home.
    open_private(&c, &format!("http://{addr}/")).await;
    let href = js(&c, "document.getElementById('take-home').href").await;
    assert_eq!(href, json!(format!("http://{addr}/menace.html")));
    assert_eq!(
        js(&c, "getComputedStyle(document.getElementById('take-home')).display !== 'none'").await,
        json!(true)
    );
    // The file itself: its engine in the page, not the server's socket.
    open_private(&c, &format!("http://{addr}/menace.html?lang=pt")).await;
    assert_eq!(js(&c, "window.menace.way").await, json!("in-page"));
    wait_for(&c, "document.documentElement.lang === 'pt'").await;
    play_a_game(&c).await;
    assert_eq!(js(&c, "window.menace.log.includes('result')").await, json!(true));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_a_static_host_the_file_installs_and_works_offline_after_the_first_visit() {
    let Some(driver) = start_driver() else { return };
    let Some(python) = menace_testkit::require(menace_testkit::Component::Python) else { return };
    let mut host = StaticHost::start(&python);
    let url = format!("http://127.0.0.1:{}/menace.html", host.port);
    let mut c = browser(driver, &tempdir("site-static")).await;
    open_private(&c, &url).await;
    // The service worker took the page and kept its files.
    wait_for(&c, "navigator.serviceWorker.controller !== null").await;
    let kept = "caches.open('menace-v1').then((c) => c.keys()).then((k) => { window.kept = k.map((r) => r.url.split('/').pop()).sort(); })";
    for _ in 0..600 {
        js(&c, &format!("({kept}, true)")).await;
        if js(&c, "Array.isArray(window.kept) && window.kept.length === 5").await == json!(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        js(&c, "window.kept").await,
        json!([
            "menace-192.png",
            "menace-512.png",
            "menace-icon.svg",
            "menace.html",
            "menace.webmanifest"
        ])
    );
    // Installable: Chromium read the manifest without an error and finds nothing missing.
    let manifest = c.page_call("Page.getAppManifest", json!({})).await;
    assert_eq!(manifest["errors"], json!([]), "{manifest}");
    assert!(manifest["url"].as_str().unwrap().ends_with("/menace.webmanifest"), "{manifest}");
    let parsed: Value = manifest
        .get("data")
        .and_then(|d| d.as_str())
        .map_or(Value::Null, |d| serde_json::from_str(d).unwrap());
    assert_eq!(parsed["short_name"], "MENACE");
    // Chromium's own check finds nothing missing in the page, its manifest, icons or
    // worker. It names one thing of the test's making: each test's window is in a browser
    // context of its own, which Chromium counts as incognito, where nothing installs.
    let errors = c.page_call("Page.getInstallabilityErrors", json!({})).await;
    let errors: Vec<&str> = errors["installabilityErrors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["errorId"].as_str().unwrap())
        .filter(|id| *id != "in-incognito")
        .collect();
    assert_eq!(errors, Vec::<&str>::new(), "Chromium would not install the page");
    // The host goes away; the page opens again, in another language, and plays.
    host.stop();
    open_private(&c, &format!("{url}?lang=ru")).await;
    wait_for(&c, "document.documentElement.lang === 'ru'").await;
    assert_eq!(js(&c, "window.menace.way").await, json!("in-page"));
    play_a_game(&c).await;
    assert_eq!(js(&c, "window.menace.log.includes('result')").await, json!(true));
    c.close().await.unwrap();
}
