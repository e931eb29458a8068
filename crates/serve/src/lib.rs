//! `menace serve`: one page at `/` and the MENACE JSON protocol over a WebSocket at `/ws`.
//!
//! - [`engine`]: the only module that talks to `menace-protocol` (sessions and the worker
//!   thread each connection's lines run on);
//! - [`socket`]: one WebSocket connection: one command line per text frame in, one JSON
//!   answer per frame out, the caps;
//! - [`page`]: the page, its script and its style, embedded in the binary.
//!
//! Safe to leave running in a classroom: it binds loopback unless told otherwise, refuses
//! WebSocket upgrades from other origins, caps frames, sessions and queued lines, runs
//! every command off the async threads and stops a session's work when its socket closes;
//! no file of the server is reachable (sessions have no file commands; the page saves and
//! loads through downloads and uploads).

pub mod engine;
pub mod page;
pub mod print;
pub mod socket;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::routing::get;
use axum::Router;
use tokio::sync::Semaphore;

/// What a server lets its clients do.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Sessions (open WebSockets) at once; one more is refused with an error frame.
    pub max_sessions: usize,
    /// A session that sends nothing for this long is closed (1001), so tabs whose
    /// machine vanished (a laptop lid closed) do not hold places under the cap forever.
    pub idle: std::time::Duration,
}

/// Concurrent sessions allowed by default.
pub const DEFAULT_MAX_SESSIONS: usize = 200;

/// How long a silent session is kept by default: 30 minutes.
pub const DEFAULT_IDLE: std::time::Duration = std::time::Duration::from_secs(30 * 60);

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_sessions: DEFAULT_MAX_SESSIONS, idle: DEFAULT_IDLE }
    }
}

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    sessions: Arc<Semaphore>,
    limits: Limits,
}

/// The routes: `/` (the page and its two assets), `/ws` (the protocol) and `/print`
/// (the matchbox labels).
pub fn app(limits: Limits) -> Router {
    let state = AppState { sessions: Arc::new(Semaphore::new(limits.max_sessions)), limits };
    Router::new()
        .route("/", get(page::index))
        .route("/menace.js", get(page::script))
        .route("/menace.css", get(page::style))
        .route("/ws", get(socket::upgrade))
        .route("/print", get(print::sheet))
        .with_state(state)
}

/// Serves `app(limits)` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(limits)).with_graceful_shutdown(shutdown).await
}

/// Binds `addr` and serves until Ctrl-C, on a runtime of its own (so callers need no
/// tokio); `ready` gets the bound address (port 0 picks a free port) once it listens.
pub fn run(
    addr: SocketAddr,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, limits, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    })
}
