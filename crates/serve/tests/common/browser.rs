//! Driving Debian's Chromium through chromedriver (WebDriver, with fantoccini): the
//! helpers the browser tests share. Included with `#[path]` by those tests only.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicI32, AtomicU16, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use fantoccini::wd::{TimeoutConfiguration, WindowHandle};
use fantoccini::{Client, ClientBuilder, Locator};
use menace_files::FileAccess;
use menace_protocol::{serve, Config, Session};
use menace_testkit::{require, Component};
use serde_json::{json, Value};

/// chromedriver on a free port, one for the whole test binary: it and the Chromiums it
/// starts are in a process group of their own, ended when the binary exits.
pub struct Driver {
    /// The port it listens on.
    pub port: u16,
    /// The Chromium it drives.
    pub chromium: PathBuf,
}

/// The test binary's chromedriver, started by the first test that asks for it, or `None`
/// (skip) when Chromium or chromedriver is missing outside CI (`menace_testkit::require`
/// decides; under `CI=true` a missing one fails every test that asks).
///
/// The free port is found by binding port 0 and letting go of it, so another process can
/// take it before chromedriver does; then chromedriver exits and a bare "something listens"
/// probe would hand the test someone else's server (a CI run once failed that way, with a
/// connection reset on the WebDriver session). So the driver counts as started only when
/// `GET /status` answers with WebDriver's `"ready":true`, and one that exited is started
/// again on a fresh port.
pub fn start_driver() -> Option<&'static Driver> {
    let chromium = require(Component::Chromium)?;
    let chromedriver = require(Component::Chromedriver)?;
    static DRIVER: OnceLock<Driver> = OnceLock::new();
    Some(DRIVER.get_or_init(|| launch_driver(&chromium, &chromedriver)))
}

fn launch_driver(chromium: &Path, chromedriver: &Path) -> Driver {
    use std::os::unix::process::CommandExt;
    for _attempt in 0..5 {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("start chromedriver");
        // Bounded: a hang guard, not a timing check.
        for _ in 0..400 {
            if child.try_wait().ok().flatten().is_some() {
                break; // it exited (the port was taken): try another port
            }
            if status_ready(port) {
                // Its process id names its process group (process_group(0) above).
                DRIVER_PROCESS.store(child.id() as i32, Ordering::SeqCst);
                DRIVER_PORT.store(port, Ordering::SeqCst);
                // SAFETY: registers a plain function with no captured state.
                unsafe { libc::atexit(end_driver) };
                return Driver { port, chromium: chromium.to_path_buf() };
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    panic!("chromedriver never became ready (five ports tried)");
}

/// The driver's process id (its process group's too; 0: none started) and port, for
/// [`end_driver`].
static DRIVER_PROCESS: AtomicI32 = AtomicI32::new(0);
static DRIVER_PORT: AtomicU16 = AtomicU16::new(0);
/// The WebDriver sessions started, each a Chromium, for [`end_driver`].
static SESSIONS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// At the test binary's exit (statics are never dropped): each Chromium is quit through
/// its session, as a test's `close` did when each test had its own, then chromedriver is
/// ended and reaped, and anything left in its process group killed.
extern "C" fn end_driver() {
    let process = DRIVER_PROCESS.load(Ordering::SeqCst);
    if process <= 0 {
        return;
    }
    let port = DRIVER_PORT.load(Ordering::SeqCst);
    let sessions = std::mem::take(&mut *SESSIONS.lock().unwrap_or_else(|e| e.into_inner()));
    for session in sessions {
        delete_session(port, &session);
    }
    // SAFETY: signals to our own child and its process group, and reaping that child.
    unsafe {
        libc::kill(process, libc::SIGTERM);
        libc::waitpid(process, std::ptr::null_mut(), 0);
        libc::kill(-process, libc::SIGKILL);
    }
}

/// `DELETE /session/ID` on the WebDriver server on `port`: the browser quits.
fn delete_session(port: u16, session: &str) {
    use std::io::Write;
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else { return };
    // Bounded: a hang guard, not a timing check.
    let _ = stream.set_read_timeout(Some(Duration::from_secs(20)));
    let request = format!(
        "DELETE /session/{session} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    if stream.write_all(request.as_bytes()).is_err() {
        return;
    }
    // The whole answer: the browser has quit once it is in.
    read_http_answer(&mut stream);
}

/// Reads one HTTP answer from `stream`: until it is whole (chromedriver keeps a
/// `Connection: close` connection open), the stream ends, or 64 KiB are in.
fn read_http_answer(stream: &mut std::net::TcpStream) -> Vec<u8> {
    use std::io::Read;
    let mut answer = Vec::new();
    let mut chunk = [0; 4096];
    while answer.len() < 1 << 16 && !whole_http_answer(&answer) {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
        }
    }
    answer
}

/// Whether the WebDriver server on `port` answers `GET /status` with `"ready":true`.
fn status_ready(port: u16) -> bool {
    use std::io::Write;
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
    let answer = read_http_answer(&mut stream);
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

/// A fresh browser for one test: a new window in a browser context of its own (an
/// incognito profile: no storage, cookies or cache from another test), whose downloads go
/// to `downloads`, in a Chromium the test binary's tests share one at a time. Starting a
/// Chromium per test cost seconds each on two cores; a context costs milliseconds.
pub async fn browser(driver: &Driver, downloads: &Path) -> Tab {
    tab(driver, downloads, false).await
}

/// A browser that can reach no network at all: every request goes to a proxy that is not
/// there (loopback included), so only files can be read (the offline page's tests).
pub async fn offline_browser(driver: &Driver, downloads: &Path) -> Tab {
    tab(driver, downloads, true).await
}

/// A test's window, with its own browser context, driven through WebDriver (it derefs to
/// fantoccini's `Client`). Closed or dropped, its Chromium goes back to the shared ones;
/// the next test's first step disposes of this context and everything in it.
pub struct Tab {
    client: Client,
    chromium: Option<Chromium>,
}

impl std::ops::Deref for Tab {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl Tab {
    /// Calls `method` of the Chrome DevTools Protocol in this tab's page (its current
    /// window), for what WebDriver cannot ask: `Page.getAppManifest`, for one.
    pub async fn page_call(&mut self, method: &str, params: Value) -> Value {
        let target = String::from(self.client.window().await.expect("the tab's window"));
        let chromium = self.chromium.as_mut().expect("the tab's Chromium");
        let devtools = chromium.devtools.as_mut().expect("its DevTools");
        let attach = json!({ "targetId": target, "flatten": true });
        let attached = devtools.call("Target.attachToTarget", attach).await.unwrap();
        let session = attached["sessionId"].as_str().expect("a session").to_string();
        let answer = devtools.call_in(Some(&session), method, params).await;
        let detach = json!({ "sessionId": session });
        devtools.call("Target.detachFromTarget", detach).await.unwrap();
        answer.unwrap_or_else(|e| panic!("{e}"))
    }

    /// Ends the test's use of its browser (what `Client::close` was when each test had a
    /// Chromium of its own); the Chromium is kept for the next test.
    pub async fn close(self) -> Result<(), fantoccini::error::CmdError> {
        Ok(())
    }
}

impl Drop for Tab {
    fn drop(&mut self) {
        if let Some(chromium) = self.chromium.take() {
            SHARED.lock().unwrap_or_else(|e| e.into_inner()).push(chromium);
        }
    }
}

/// A Chromium under WebDriver, used by one test at a time.
struct Chromium {
    client: Client,
    /// Its DevTools address (`host:port`): browser contexts are made there (WebDriver has none).
    address: String,
    /// A connection to it, kept open while a test runs: the download folder set through
    /// it holds only as long as it.
    devtools: Option<DevTools>,
    /// The window it started with, left open between tests (its session lives on it).
    home: WindowHandle,
    /// The session's timeouts as it started, for the next test (a test may change them).
    timeouts: TimeoutConfiguration,
    /// The last test's browser context, disposed of before the next test.
    context: Option<String>,
}

/// The Chromiums no test is using now.
static SHARED: Mutex<Vec<Chromium>> = Mutex::new(Vec::new());

/// The runtime the WebDriver sessions live on: each test has its own runtime, gone when the
/// test ends, and a session must outlive the test that started it.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("webdriver")
            .enable_all()
            .build()
            .unwrap()
    })
}

async fn tab(driver: &Driver, downloads: &Path, offline: bool) -> Tab {
    let (port, binary) = (driver.port, driver.chromium.clone());
    let downloads = downloads.to_path_buf();
    let made = runtime().spawn(async move {
        // A Chromium that fails here (one a failed test broke) is left to the exit; a new
        // one is started.
        for _ in 0..3 {
            let shared = SHARED.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let mut chromium = match shared {
                Some(chromium) => chromium,
                None => start_chromium(port, &binary).await,
            };
            match fresh_window(&mut chromium, &downloads, offline).await {
                Ok(()) => return Tab { client: chromium.client.clone(), chromium: Some(chromium) },
                Err(e) => eprintln!("a shared Chromium failed ({e}); starting another"),
            }
        }
        panic!("no fresh browser window in three Chromiums");
    });
    match made.await {
        Ok(tab) => tab,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

/// A new Chromium under WebDriver, headless, with a profile of its own.
async fn start_chromium(port: u16, binary: &Path) -> Chromium {
    let profile = tempdir("profile");
    let mut args: Vec<String> = menace_print::pdf::HEADLESS
        .iter()
        .chain(&["--window-size=1280,900"])
        .map(|s| s.to_string())
        .collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".into(), json!({ "binary": binary, "args": args }));
    // Starting Chromium can fail on a loaded machine (chromedriver gives up waiting for it);
    // that is the machine, not the page under test, so a session gets three tries.
    let mut last = None;
    for _ in 0..3 {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(client) => {
                let address = client
                    .capabilities()
                    .and_then(|c| c.get("goog:chromeOptions"))
                    .and_then(|o| o["debuggerAddress"].as_str())
                    .expect("chromedriver names Chromium's DevTools address")
                    .to_string();
                let home = client.window().await.expect("the first window");
                let timeouts = client.get_timeouts().await.expect("the session's timeouts");
                if let Ok(Some(id)) = client.session_id().await {
                    SESSIONS.lock().unwrap_or_else(|e| e.into_inner()).push(id);
                }
                return Chromium { client, address, devtools: None, home, timeouts, context: None };
            }
            Err(e) => {
                eprintln!("no WebDriver session yet ({e}); trying again");
                last = Some(e);
            }
        }
    }
    panic!("a WebDriver session: {:?}", last.unwrap())
}

/// Disposes of the last test's browser context (its windows, storage, cookies and cache
/// with it) and any other window but the first, then opens a window in a new context and
/// makes it WebDriver's: as a new browser would start, 1280 by 900, with the session's
/// first timeouts.
async fn fresh_window(
    chromium: &mut Chromium,
    downloads: &Path,
    offline: bool,
) -> Result<(), String> {
    if chromium.devtools.is_none() {
        chromium.devtools = Some(DevTools::connect(&chromium.address).await?);
    }
    let devtools = chromium.devtools.as_mut().unwrap();
    if let Some(old) = chromium.context.take() {
        devtools.call("Target.disposeBrowserContext", json!({ "browserContextId": old })).await?;
    }
    // A window a test opened in the first context (WebDriver's new window) goes too.
    let targets = devtools.call("Target.getTargets", json!({})).await?;
    let home = String::from(chromium.home.clone());
    for target in targets["targetInfos"].as_array().into_iter().flatten() {
        let id = target["targetId"].as_str().unwrap_or_default();
        if target["type"] == "page" && id != home {
            devtools.call("Target.closeTarget", json!({ "targetId": id })).await?;
        }
    }
    let mut context = json!({ "disposeOnDetach": false });
    if offline {
        context["proxyServer"] = json!("http://127.0.0.1:9");
        context["proxyBypassList"] = json!("<-loopback>");
    }
    let context = devtools.call("Target.createBrowserContext", context).await?;
    let context = context["browserContextId"].as_str().ok_or("no browser context")?.to_string();
    chromium.context = Some(context.clone());
    let downloads = json!({
        "behavior": "allow",
        "downloadPath": downloads.display().to_string(),
        "browserContextId": context,
    });
    devtools.call("Browser.setDownloadBehavior", downloads).await?;
    let window = json!({ "url": "about:blank", "browserContextId": context, "newWindow": true });
    let window = devtools.call("Target.createTarget", window).await?;
    let window = window["targetId"].as_str().ok_or("no window")?.to_string();
    let c = &chromium.client;
    let window = WindowHandle::try_from(window).map_err(|e| e.to_string())?;
    c.switch_to_window(window).await.map_err(|e| e.to_string())?;
    c.set_window_size(1280, 900).await.map_err(|e| e.to_string())?;
    c.update_timeouts(chromium.timeouts.clone()).await.map_err(|e| e.to_string())?;
    Ok(())
}

/// A connection to a Chromium's DevTools, browser-wide (Chrome DevTools Protocol).
struct DevTools {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    id: u64,
}

impl DevTools {
    async fn connect(address: &str) -> Result<DevTools, String> {
        let version = http_get(address, "/json/version").await?;
        let version: Value = serde_json::from_str(&version).map_err(|e| e.to_string())?;
        let url = version["webSocketDebuggerUrl"].as_str().ok_or("no DevTools address")?;
        let (socket, _) = tokio_tungstenite::connect_async(url).await.map_err(|e| e.to_string())?;
        Ok(DevTools { socket, id: 0 })
    }

    /// Sends one command and waits for its answer (events in between are skipped).
    async fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.call_in(None, method, params).await
    }

    /// [`DevTools::call`] in a target's `session` (from `Target.attachToTarget`), or the
    /// browser's.
    async fn call_in(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        self.id += 1;
        let mut command = json!({ "id": self.id, "method": method, "params": params });
        if let Some(session) = session {
            command["sessionId"] = json!(session);
        }
        self.socket.send(Message::text(command.to_string())).await.map_err(|e| e.to_string())?;
        loop {
            // Bounded: a hang guard, not a timing check.
            let next = tokio::time::timeout(Duration::from_secs(120), self.socket.next()).await;
            let Ok(Some(Ok(message))) = next else { return Err(format!("{method}: no answer")) };
            let Message::Text(text) = message else { continue };
            let answer: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            if answer["id"] == json!(self.id) {
                if let Some(error) = answer.get("error") {
                    return Err(format!("{method}: {error}"));
                }
                return Ok(answer["result"].clone());
            }
        }
    }
}

/// `GET path` from `address` (`host:port`): the answer's body.
async fn http_get(address: &str, path: &str) -> Result<String, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.map_err(|e| e.to_string())?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    let mut chunk = [0; 4096];
    while !whole_http_answer(&answer) {
        let read = tokio::time::timeout(Duration::from_secs(30), stream.read(&mut chunk)).await;
        match read {
            Ok(Ok(0)) => break,
            Ok(Ok(n)) => answer.extend_from_slice(&chunk[..n]),
            _ => return Err(format!("no answer to GET {path}")),
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    let (_, body) = answer.split_once("\r\n\r\n").ok_or("not an HTTP answer")?;
    Ok(body.to_string())
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
            $body(driver, $crate::chrome::private_page().await).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn offline() {
            let Some(driver) = $crate::chrome::start_driver() else { return };
            let Some(url) = $crate::offline::offline_url() else { return };
            $body(driver, $crate::chrome::PageAt(url)).await;
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

/// Gives the page's Load (`#load`, a file input) the file at `path`, as a person choosing it.
pub async fn load_file(c: &Client, path: &Path) {
    let input = c.find(Locator::Css("#load")).await.expect("the page's Load");
    input.send_keys(&path.display().to_string()).await.unwrap();
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

/// Whether the tests take their screenshots: with `MENACE_SHOTS=1`, or `MENACE_DOCS=1`
/// (which also copies some into docs/, see [`to_docs`]). People look at them before a
/// change to a page lands (`MENACE_SHOTS=1 cargo test -p menace-serve --test real`, into
/// Cargo's scratch folder, `target/tmp`); nobody looks at CI's, so a plain `cargo test`
/// takes none (a full-page one costs 0.1 to 0.2 s, the window made as tall as the page more).
/// The checks themselves (widths, overflow, axe) run either way.
pub fn shots_wanted() -> bool {
    ["MENACE_SHOTS", "MENACE_DOCS"].iter().any(|k| std::env::var(k).is_ok_and(|v| v == "1"))
}

/// The page as it is, written to Cargo's scratch folder as `name` when [`shots_wanted`].
pub async fn screenshot(c: &Client, name: &str) -> Option<PathBuf> {
    if !shots_wanted() {
        return None;
    }
    let png = c.screenshot().await.expect("a screenshot");
    let path = target_dir().join(name);
    std::fs::write(&path, png).unwrap();
    eprintln!("screenshot: {}", path.display());
    Some(path)
}

/// Shows the page at `width` pixels and screenshots it as `name` (see [`shots_wanted`]),
/// whole: the window is then made as tall as the page. Without a picture to take it stays
/// 900 pixels high, as a screen is: the checks that follow read the layout, which depends
/// on the width, and a window thousands of pixels high only costs painting.
pub async fn at_width(c: &Client, width: u32, name: &str) -> Option<PathBuf> {
    c.set_window_size(width, 900).await.unwrap();
    if !shots_wanted() {
        return None;
    }
    let height = js(c, "document.documentElement.scrollHeight").await.as_u64().unwrap();
    c.set_window_size(width, (height as u32).clamp(600, 16000)).await.unwrap();
    js(c, "window.scrollTo(0, 0) || true").await;
    // Lets the scroll and resize paint before the picture.
    tokio::time::sleep(Duration::from_millis(150)).await;
    screenshot(c, name).await
}

/// With `MENACE_DOCS=1`, copies the screenshot `shot` into docs/ as `name`: how the
/// pictures in the docs are renewed.
pub fn to_docs(shot: Option<&Path>, name: &str) {
    if std::env::var("MENACE_DOCS").is_ok_and(|v| v == "1") {
        let shot = shot.expect("MENACE_DOCS=1 takes the screenshots");
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs").join(name);
        std::fs::copy(shot, &docs).unwrap();
        eprintln!("wrote {}", docs.display());
    }
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

/// axe-core's serious and critical violations on the page as it is, by every rule.
pub async fn axe(c: &Client) -> Vec<String> {
    axe_run(c, true).await
}

/// axe-core on a page shown in `lang`, in a test that goes through every language: every
/// rule in English, and every rule but colour contrast in the others. The words change
/// names, labels, the language and the layout, which the other rules read; colours are the
/// stylesheet's, the same in every language, and contrast is by far axe's costliest rule
/// (it works out each text's background). Every such loop includes English.
pub async fn axe_in(c: &Client, lang: &str) -> Vec<String> {
    axe_run(c, lang == "en").await
}

async fn axe_run(c: &Client, contrast: bool) -> Vec<String> {
    // Loaded once a page (half a megabyte of script through WebDriver each time otherwise).
    if c.execute("return typeof axe === 'undefined';", vec![]).await.unwrap() == json!(true) {
        c.execute(&format!("{AXE}; return true;"), vec![]).await.expect("axe loads");
    }
    let found = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             const rules = arguments[0] ? {} : { 'color-contrast': { enabled: false } }; \
             axe.run(document, { resultTypes: ['violations'], rules }).then(r => done(r.violations \
               .filter(v => v.impact === 'serious' || v.impact === 'critical') \
               .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))));",
            vec![json!(contrast)],
        )
        .await
        .expect("axe ran");
    serde_json::from_value(found).unwrap()
}
