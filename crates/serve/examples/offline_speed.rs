//! How fast the engine in the offline page is, against the native engine on the same
//! machine in the same run (a ratio: the machines are shared and noisy):
//!
//! ```text
//! cargo build --release && cargo run --release -p menace-serve --example offline_speed -- [BIN] [GAMES]
//! ```
//!
//! BIN is the native `menace` (default target/release/menace), GAMES the training games of
//! each measurement (default 1,000,000). It copies the repository's `site/menace.html` (as
//! `cargo run --release -p menace-web` wrote it), opens it from `file://` in Chromium (with every
//! network request sent to a dead proxy), and prints:
//!
//! - the time from opening the file to MENACE's first move (New game clicked the moment
//!   the page is ready), as the page's clock reads it from the start of navigation;
//! - training games per second against random and against perfect, in the page (the
//!   `train` line as the page's Train button sends it) and natively (`menace train
//!   --games GAMES --opponent NAME`, the command a user types, and the same `train` line
//!   to `menace` on stdin, the native twin of the page's engine, each timed around the
//!   process), and the ratios (page speed over native: above 1, the page is faster).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let bin = PathBuf::from(args.next().unwrap_or_else(|| "target/release/menace".into()));
    let games: u64 = args.next().map_or(1_000_000, |g| g.parse().expect("GAMES"));
    assert!(bin.exists(), "{} is missing: cargo build --release first", bin.display());

    // The committed file, as a teacher downloads it (refresh it first after a change:
    // `cargo run --release -p menace-web`).
    let page = menace_serve::site::MENACE_HTML;
    let wasm = menace_serve::offline::engine_of(page).expect("site/menace.html holds its engine");
    let dir = std::env::temp_dir().join(format!("menace-offline-speed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("menace.html");
    std::fs::write(&file, page).unwrap();
    println!("menace.html: {} bytes (engine {} bytes of WebAssembly)", page.len(), wasm.len());

    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut driver = Command::new("/usr/bin/chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver (Debian's chromium-driver)");
    tokio::time::sleep(Duration::from_secs(2)).await;
    let c = browser(port, &dir).await;

    // Opening the file to the first move.
    c.goto(&format!("file://{}", file.display())).await.unwrap();
    wait(&c, "document.querySelectorAll('#boxes .box').length > 0").await;
    c.execute("document.getElementById('new-game').click()", vec![]).await.unwrap();
    wait(&c, "window.menace.log.includes('menace_move')").await;
    let first = js(&c, "performance.now()").await.as_f64().unwrap();
    println!("first move: {first:.0} ms after the file was opened (the page's clock)");

    for opponent in ["random", "perfect"] {
        let n = if opponent == "random" { games } else { games / 10 };
        // In the page: its Train button's line, timed by the page's clock.
        let page_s = in_page(&c, n, opponent).await;
        let t = Instant::now();
        let status = Command::new(&bin)
            .args(["train", "--games", &n.to_string(), "--opponent", opponent])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let native_s = t.elapsed().as_secs_f64();
        // The same line to the native protocol engine on stdin (the page's engine's twin).
        let t = Instant::now();
        let mut child =
            Command::new(&bin).stdin(Stdio::piped()).stdout(Stdio::null()).spawn().unwrap();
        use std::io::Write;
        let line = format!("train {n} {opponent}\nquit\n");
        child.stdin.take().unwrap().write_all(line.as_bytes()).unwrap();
        assert!(child.wait().unwrap().success());
        let stdin_s = t.elapsed().as_secs_f64();
        let rate = |s: f64| n as f64 / s;
        println!(
            "train {n} {opponent}: page {:.0} games/s; native `menace train` {:.0} games/s \
             (page/native {:.2}); native protocol engine on stdin {:.0} games/s (page/native {:.2})",
            rate(page_s),
            rate(native_s),
            native_s / page_s,
            rate(stdin_s),
            stdin_s / page_s
        );
    }
    c.close().await.unwrap();
    let _ = driver.kill();
    let _ = driver.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Seconds the page's engine takes to train `n` games against `opponent`, from the moment
/// the line is sent to the `trained` answer (the page's worker, the page's clock).
async fn in_page(c: &Client, n: u64, opponent: &str) -> f64 {
    let script = r#"
        const [n, opponent, done] = arguments;
        const socket = window.MenaceInPage.open(new URLSearchParams("seed=1"));
        let t0 = 0;
        socket.onmessage = (e) => {
          if (e.data.startsWith('{"type":"trained"')) {
            const s = (performance.now() - t0) / 1000;
            socket.onclose = null;
            socket.close();
            done(s);
          }
        };
        socket.onopen = () => { t0 = performance.now(); socket.send(`train ${n} ${opponent}`); };
    "#;
    js_async(c, script, vec![json!(n), json!(opponent)]).await.as_f64().unwrap()
}

async fn browser(port: u16, dir: &std::path::Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
                     format!("--user-data-dir={}", dir.join("profile").display())],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session");
    let timeouts = fantoccini::wd::TimeoutConfiguration::new(
        Some(Duration::from_secs(3600)),
        Some(Duration::from_secs(60)),
        Some(Duration::ZERO),
    );
    client.update_timeouts(timeouts).await.unwrap();
    client
}

async fn js(c: &Client, expr: &str) -> Value {
    c.execute(&format!("return {expr};"), vec![]).await.unwrap()
}

async fn js_async(c: &Client, script: &str, args: Vec<Value>) -> Value {
    c.execute_async(script, args).await.unwrap()
}

async fn wait(c: &Client, expr: &str) {
    for _ in 0..2400 {
        if js(c, expr).await == Value::Bool(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the page never showed {expr}");
}
