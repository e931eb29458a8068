//! Driving Debian's Chromium through chromedriver (WebDriver, with fantoccini): the
//! helpers the browser tests share. Included with `#[path]` by those tests only.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use menace_files::FileAccess;
use menace_protocol::{serve, Config, Session};
use menace_testkit::{require, Component};
use serde_json::{json, Value};

/// chromedriver on a free port, killed (by its own handle) when dropped.
pub struct Driver {
    child: Child,
    /// The port it listens on.
    pub port: u16,
    /// The Chromium it drives.
    pub chromium: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver for Debian's Chromium, or `None` (skip) when either is missing outside CI
/// (`menace_testkit::require` decides; under `CI=true` a missing one fails the test).
///
/// The free port is found by binding port 0 and letting go of it, so another process can
/// take it before chromedriver does; then chromedriver exits and a bare "something listens"
/// probe would hand the test someone else's server (a CI run once failed that way, with a
/// connection reset on the WebDriver session). So the driver counts as started only when
/// `GET /status` answers with WebDriver's `"ready":true`, and one that exited is started
/// again on a fresh port.
pub fn start_driver() -> Option<Driver> {
    let chromium = require(Component::Chromium)?;
    let chromedriver = require(Component::Chromedriver)?;
    for _attempt in 0..5 {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        // From here the guard kills and reaps it, whatever happens.
        let mut driver = Driver { child, port, chromium: chromium.clone() };
        // Bounded: a hang guard, not a timing check.
        for _ in 0..400 {
            if driver.child.try_wait().ok().flatten().is_some() {
                break; // it exited (the port was taken): try another port
            }
            if status_ready(port) {
                return Some(driver);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    panic!("chromedriver never became ready (five ports tried)");
}

/// Whether the WebDriver server on `port` answers `GET /status` with `"ready":true`.
fn status_ready(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let request =
        format!("GET /status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    // chromedriver says `Connection: close` but keeps the connection open: reading to the
    // end waited out the 5 s timeout at every driver's start (85 s of the browser tests).
    // The answer is whole once its Content-Length bytes of body are in.
    let mut answer = Vec::new();
    let mut chunk = [0; 4096];
    while answer.len() < 1 << 16 && !whole_http_answer(&answer) {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    answer.starts_with("HTTP/1.1 200") && answer.replace(' ', "").contains("\"ready\":true")
}

/// Whether `bytes` hold an HTTP answer's head and as much body as its Content-Length says.
fn whole_http_answer(bytes: &[u8]) -> bool {
    let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") else { return false };
    let head = String::from_utf8_lossy(&bytes[..end]);
    let length = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim().eq_ignore_ascii_case("content-length").then(|| value.trim().parse().ok())?
    });
    length.is_some_and(|n: usize| bytes.len() - (end + 4) >= n)
}

#[test]
fn an_http_answer_is_whole_once_its_content_length_of_body_is_in() {
    let answer = b"HTTP/1.1 200 OK\r\nContent-Length:5\r\nConnection:close\r\n\r\nready";
    assert!(whole_http_answer(answer));
    assert!(!whole_http_answer(&answer[..answer.len() - 1]), "a byte of body missing");
    assert!(!whole_http_answer(b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n"), "no body yet");
    assert!(whole_http_answer(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"));
    // Without a length only the end of the connection says it is whole.
    assert!(!whole_http_answer(b"HTTP/1.1 200 OK\r\n\r\nready"));
}

/// Where screenshots go: Cargo's scratch directory for integration tests, which exists
/// wherever the target directory is (`CARGO_TARGET_DIR` may put it outside the checkout).
pub fn target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// A headless Chromium whose downloads go to `downloads`.
pub async fn browser(driver: &Driver, downloads: &Path) -> Client {
    browser_with(driver, downloads, &[]).await
}

/// A Chromium that can reach no network at all: every request goes to a proxy that is not
/// there (loopback included), so only files can be read (the offline page's tests).
pub async fn offline_browser(driver: &Driver, downloads: &Path) -> Client {
    let dead_proxy = ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"];
    browser_with(driver, downloads, &dead_proxy).await
}

/// [`browser`] with more command-line switches for Chromium.
pub async fn browser_with(driver: &Driver, downloads: &Path, switches: &[&str]) -> Client {
    let profile = tempdir("profile");
    let mut args: Vec<String> = menace_print::pdf::HEADLESS
        .iter()
        .chain(&["--window-size=1280,900"])
        .chain(switches)
        .map(|s| s.to_string())
        .collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": driver.chromium,
            "args": args,
            "prefs": {
                "download.default_directory": downloads.display().to_string(),
                "download.prompt_for_download": false,
            },
        }),
    );
    // Starting Chromium can fail on a loaded machine (chromedriver gives up waiting for it);
    // that is the machine, not the page under test, so a session gets three tries.
    let mut last = None;
    for _ in 0..3 {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(client) => return client,
            Err(e) => {
                eprintln!("no WebDriver session yet ({e}); trying again");
                last = Some(e);
            }
        }
    }
    panic!("a WebDriver session: {:?}", last.unwrap())
}

/// The `.json` file that appears in `downloads` (a saved state the page downloaded).
pub async fn downloaded_json(downloads: &Path) -> PathBuf {
    // Bounded: a hang guard, not a timing check.
    for _ in 0..400 {
        let file = std::fs::read_dir(downloads)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "json"));
        if let Some(file) = file {
            return file;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("nothing was downloaded to {}", downloads.display())
}

pub fn tempdir(what: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "menace-browser-{}-{what}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where the tests open the private page: its address without a query, the page of a
/// `menace serve` (`http://127.0.0.1:PORT/`) or a file (`file:///…/menace.html`).
#[derive(Clone, Debug)]
pub struct PageAt(pub String);

impl PageAt {
    /// The page of the `menace serve` at `addr`.
    pub fn served(addr: std::net::SocketAddr) -> PageAt {
        PageAt(format!("http://{addr}/"))
    }

    /// The address with `query` (`seed=5&lang=en`, with or without its `?`; "" for none).
    pub fn url(&self, query: &str) -> String {
        let query = query.trim_start_matches('?');
        if query.is_empty() {
            self.0.clone()
        } else {
            format!("{}?{query}", self.0)
        }
    }
}

/// The private page the browser tests open: `MENACE_PAGE` when it is set (an address: the
/// offline file's `file:///…/menace.html` runs the same tests on the engine in the page),
/// else a `menace serve` started here on a free port.
pub async fn private_page() -> PageAt {
    match std::env::var("MENACE_PAGE") {
        Ok(url) if !url.is_empty() => PageAt(url),
        _ => PageAt::served(crate::common::start(menace_serve::Limits::default()).await),
    }
}

/// The two private-page tests of one body, in the current module: `served` (the page of a
/// `menace serve`, or `MENACE_PAGE`) and `offline` (the offline file, the engine in the
/// page). `$body` is an `async fn(&Driver, PageAt)`: one page code, two ways to the
/// engine, the same test.
#[macro_export]
macro_rules! both_ways {
    ($body:path) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn served() {
            let Some(driver) = $crate::chrome::start_driver() else { return };
            $body(&driver, $crate::chrome::private_page().await).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn offline() {
            let Some(driver) = $crate::chrome::start_driver() else { return };
            let Some(url) = $crate::offline::offline_url() else { return };
            $body(&driver, $crate::chrome::PageAt(url)).await;
        }
    };
}

/// Opens the private page at `url` (any address: served or a file) and waits until its
/// words are in, it reached the engine and MENACE's boxes are drawn.
pub async fn open_private(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    wait_for(c, "document.querySelectorAll('#boxes .box').length > 0").await;
}

/// Evaluates `expr` in the page (a JavaScript expression) and returns its value.
pub async fn js(c: &Client, expr: &str) -> Value {
    c.execute(&format!("return {expr};"), vec![]).await.expect("script ran")
}

/// Waits until `expr` is true in the page (bounded: a hang guard, not a timing check).
pub async fn wait_for(c: &Client, expr: &str) {
    for _ in 0..1200 {
        if js(c, expr).await == Value::Bool(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the page never showed {expr}");
}

pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css)).await.unwrap_or_else(|_| panic!("no {css}")).click().await.unwrap();
}

pub async fn set_value(c: &Client, id: &str, value: &str) {
    // Sets an input's or select's value as a person would end up with, then tells the page.
    c.execute(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1]; \
         e.dispatchEvent(new Event('change')); e.dispatchEvent(new Event('input'));",
        vec![json!(id), json!(value)],
    )
    .await
    .unwrap();
}

pub async fn screenshot(c: &Client, name: &str) -> PathBuf {
    let png = c.screenshot().await.expect("a screenshot");
    let path = target_dir().join(name);
    std::fs::write(&path, png).unwrap();
    eprintln!("screenshot: {}", path.display());
    path
}

/// What the protocol itself answers to `lines` in a private session seeded `seed`: what
/// the page must show.
pub fn protocol(seed: u64, lines: &[String]) -> Vec<Value> {
    let config = Config { seed, files: FileAccess::Nowhere, ..Config::default() };
    let mut session = Session::with(config).unwrap();
    let mut out = Vec::new();
    serve(lines.join("\n").as_bytes(), &mut out, &mut session).unwrap();
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// axe-core, vendored (tests/vendor/README.md).
const AXE: &str = include_str!("../vendor/axe.min.js");

/// axe-core's serious and critical violations on the page as it is.
pub async fn axe(c: &Client) -> Vec<String> {
    c.execute(&format!("{AXE}; return true;"), vec![]).await.expect("axe loads");
    let found = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations \
               .filter(v => v.impact === 'serious' || v.impact === 'critical') \
               .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))));",
            vec![],
        )
        .await
        .expect("axe ran");
    serde_json::from_value(found).unwrap()
}
