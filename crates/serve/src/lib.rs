//! `menace serve`: one page at `/` and the MENACE JSON protocol over a WebSocket at `/ws`.
//!
//! - [`engine`]: the only module that talks to `menace-protocol` (sessions and the worker
//!   thread each connection's lines run on);
//! - [`socket`]: one WebSocket connection: one command line per text frame in, one JSON
//!   answer per frame out, the caps;
//! - [`news`]: a class's broadcasts to one connection, at most a few frames a second;
//! - [`page`]: the page, its script and its style, embedded in the binary;
//! - [`listen`]: the accept loop: connection caps, header and idle timeouts.
//!
//! Safe to leave running in a classroom: it binds loopback unless told otherwise, refuses
//! WebSocket upgrades from other origins, caps connections (in all and per address) and
//! times out slow request heads, caps frames, sessions and queued lines, runs
//! every command off the async threads and stops a session's work when its socket closes;
//! no file of the server is reachable (sessions have no file commands; the page saves and
//! loads through downloads and uploads).

pub mod class;
pub mod engine;
pub mod guide;
pub mod host;
pub mod listen;
pub mod news;
pub mod offline;
pub mod page;
pub mod print;
pub mod qr;
pub mod rooms;
pub mod site;
pub mod socket;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::routing::get;
use axum::Router;
use tokio::sync::Semaphore;

/// What a server lets its clients do. Every cap and timeout `menace serve` has is here,
/// with its default; docs/menace.md lists them for teachers.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Sessions (open WebSockets) at once; one more is refused with an error frame.
    pub max_sessions: usize,
    /// A session that sends nothing for this long is closed (1001), so tabs whose
    /// machine vanished (a laptop lid closed) do not hold places under the cap forever.
    pub idle: std::time::Duration,
    /// Open connections at once, of every kind (a page's requests, WebSockets, anything
    /// half-open); one more is refused at accept with a bare 503 ([`listen`]). Above
    /// `max_sessions`, since every session holds one; fitted under the process's
    /// open-file limit.
    pub max_connections: usize,
    /// Open connections at once from one client address (an IPv6 client's /64): a whole
    /// class behind one school NAT shares it, so it is far above one browser's needs.
    pub max_per_address: usize,
    /// A request's head (its line and headers) must arrive within this long of when the
    /// server starts waiting for it, else the connection is closed: half-sent requests,
    /// and kept-alive connections that send no next request, do not hold places.
    pub header_timeout: std::time::Duration,
    /// A plain HTTP connection (not a WebSocket) that moves no byte either way for this
    /// long is closed, mid-request or not (a client that stopped reading its answer).
    pub http_idle: std::time::Duration,
}

/// Concurrent sessions allowed by default.
pub const DEFAULT_MAX_SESSIONS: usize = 200;

/// How long a silent session is kept by default: 30 minutes.
pub const DEFAULT_IDLE: std::time::Duration = std::time::Duration::from_secs(30 * 60);

/// Open connections allowed by default: 1,024. Five times the default sessions, for the
/// bursts of parallel requests each page load makes; at the ~18 KB a half-open connection
/// costs (measured by examples/slowloris.rs), about 20 MB at worst.
pub const DEFAULT_MAX_CONNECTIONS: usize = 1024;

/// Open connections allowed from one address by default: 320, a class of 40 behind one
/// NAT address at 8 each (a browser opens up to 6 at once to load a page, plus the
/// page's WebSocket and one to spare).
pub const DEFAULT_MAX_PER_ADDRESS: usize = 320;

/// How long a request's head may take by default: 10 seconds (a browser sends it in one
/// packet; a slow classroom link still takes well under a second).
pub const DEFAULT_HEADER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// How long a plain HTTP connection may move nothing by default: 30 seconds.
pub const DEFAULT_HTTP_IDLE: std::time::Duration = std::time::Duration::from_secs(30);

impl Limits {
    /// `max_sessions` at once, each closed after `idle_minutes` without a command; the
    /// connection caps and timeouts at their defaults.
    pub fn new(max_sessions: usize, idle_minutes: u64) -> Limits {
        Limits {
            max_sessions,
            idle: std::time::Duration::from_secs(60 * idle_minutes),
            ..Limits::default()
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_sessions: DEFAULT_MAX_SESSIONS,
            idle: DEFAULT_IDLE,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_per_address: DEFAULT_MAX_PER_ADDRESS,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            http_idle: DEFAULT_HTTP_IDLE,
        }
    }
}

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    sessions: Arc<Semaphore>,
    limits: Limits,
    /// MENACE's side in every session whose page does not ask for one (`--side`).
    side: Option<menace_core::game::Side>,
}

/// The routes: `/` (the page and its two assets), `/ws` (the protocol) and `/print`
/// (the matchbox labels).
pub fn app(limits: Limits) -> Router {
    app_for(limits, None)
}

/// [`app`], MENACE playing `side` in sessions that do not name one (`None`: first).
pub fn app_for(limits: Limits, side: Option<menace_core::game::Side>) -> Router {
    let sessions = Arc::new(Semaphore::new(limits.max_sessions));
    let state = AppState { sessions, limits, side };
    Router::new()
        .route("/", get(page::index))
        .route("/menace.js", get(page::script))
        .merge(page::assets())
        // The offline file to take home, with its site (manifest, icons, service worker).
        .merge(site::routes())
        .route("/ws", get(socket::upgrade))
        .route("/print", get(print::sheet))
        .route("/guide", get(guide::page))
        .with_state(state)
}

/// How a server runs: its caps and the extra names it answers to.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The caps.
    pub limits: Limits,
    /// Names besides the loopback ones and the bound address that requests may be sent
    /// to (`--allow-host`, `NAME` or `NAME:PORT`): see [`host`].
    pub allow_hosts: Vec<String>,
    /// `--class`: one shared MENACE for every connection instead of one each.
    pub class: Option<class::ClassOptions>,
    /// `--rooms`: many classes, each in a room by its code, kept in a database.
    pub rooms: Option<rooms::RoomsOptions>,
    /// `--side`: the side MENACE plays in private mode's sessions (a page's `side=`
    /// query wins); `None` plays first.
    pub side: Option<menace_core::game::Side>,
}

impl Options {
    /// What the server prints once it listens at `addr`: the addresses to open, and in
    /// class mode the teacher's key. Bound to every interface (`0.0.0.0`, `::`), it lists
    /// each interface's own address, the ones students can actually type. `another_key`
    /// says how to ask for another key than the one kept with the class, in the caller's
    /// words (the binary's flag).
    pub fn banner(&self, addr: SocketAddr, another_key: &str) -> String {
        let urls: Vec<String> = addresses(addr).iter().map(|a| format!("http://{a}/")).collect();
        if let Some(rooms) = &self.rooms {
            let public = rooms.public_url.clone().unwrap_or_else(|| urls[0].clone());
            return format!(
                "MENACE rooms are at {}  (teachers make rooms at {}teacher)\n\
                 rooms kept in {}; operator's key: {}  (Ctrl-C stops the server)",
                urls.join("  "),
                public.trim_end_matches('/').to_string() + "/",
                rooms.db.display(),
                rooms.operator_key
            );
        }
        match &self.class {
            None => format!("MENACE is at {}  (Ctrl-C stops the server)", urls.join("  ")),
            Some(class) => format!(
                "{}MENACE for the class is at:\n{}\n{}teacher's key: {}{}  (Ctrl-C stops the server{})",
                // Said first: the teacher's file gone missing means the key on the board
                // last week no longer opens the class.
                class.notice.as_ref().map_or(String::new(), |n| format!("note: {n}\n")),
                urls.iter().map(|u| format!("  {u}")).collect::<Vec<_>>().join("\n"),
                // The first address as a QR code, for phones pointed at the screen.
                urls.first().map_or(String::new(), |u| qr::terminal(u)),
                class.key,
                if class.kept_key {
                    format!(" (kept with the class; {another_key} for another)")
                } else {
                    String::new()
                },
                class
                    .state
                    .as_ref()
                    .map_or(String::new(), |p| format!(" and saves {}", p.display()))
            ),
        }
    }
}

/// The addresses a server bound to `addr` answers on: `addr` itself, or for an
/// unspecified address each interface's address of that family with the port (the
/// network's first, loopback last).
pub fn addresses(addr: SocketAddr) -> Vec<SocketAddr> {
    if !addr.ip().is_unspecified() {
        return vec![addr];
    }
    let mut found: Vec<SocketAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| ip.is_ipv4() == addr.is_ipv4())
        // Link-local IPv6 needs a zone to be typed; students cannot use it.
        .filter(
            |ip| !matches!(ip, std::net::IpAddr::V6(v6) if (v6.segments()[0] & 0xffc0) == 0xfe80),
        )
        .map(|ip| SocketAddr::new(ip, addr.port()))
        .collect();
    found.sort_by_key(|a| (a.ip().is_loopback(), a.ip()));
    found.dedup();
    if found.is_empty() {
        found.push(addr);
    }
    found
}

/// Serves the private-mode routes with `limits` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, Options { limits, ..Options::default() }, shutdown).await
}

/// Serves with `options` on `listener` until `shutdown` completes. In class mode the
/// class file, if any, is written once more when the server stops.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    options: Options,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let hosts = options.allow_hosts;
    if let Some(rooms) = options.rooms {
        let limits = options.limits.clone();
        let rooms = rooms::Rooms::open(rooms, options.limits)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        let keeper = rooms::keep(rooms.clone());
        let served =
            serve_router_with(listener, rooms::app(rooms.clone()), &hosts, &limits, shutdown).await;
        keeper.abort();
        // Every change was committed before it was told; the rooms in memory once more, and
        // the database's log into its file.
        rooms.close();
        return served;
    }
    match options.class {
        None => {
            let limits = options.limits.clone();
            serve_router_with(
                listener,
                app_for(options.limits, options.side),
                &hosts,
                &limits,
                shutdown,
            )
            .await
        }
        Some(class) => {
            let limits = options.limits.clone();
            let room = class::Room::open(class, options.limits).map_err(|e| {
                std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string())
            })?;
            let app = class_app(room.clone());
            let served = serve_router_with(listener, app, &hosts, &limits, shutdown).await;
            // Every change was written before it was told; saved once more whatever happened to the serving: the class's games are not lost.
            let saved = room.save().map_err(std::io::Error::other);
            served.and(saved)
        }
    }
}

/// Serves `router` on `listener` until `shutdown` completes, every route behind the
/// `Host` check ([`host::only_our_names`]) with `allow_hosts` as extra names, under the
/// default connection caps and timeouts.
pub async fn serve_router(
    listener: tokio::net::TcpListener,
    router: Router,
    allow_hosts: &[String],
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_router_with(listener, router, allow_hosts, &Limits::default(), shutdown).await
}

/// [`serve_router`] under `limits`' connection caps and timeouts ([`listen`]).
pub async fn serve_router_with(
    listener: tokio::net::TcpListener,
    router: Router,
    allow_hosts: &[String],
    limits: &Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let hosts = host::Hosts::new(listener.local_addr()?, allow_hosts)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))?;
    let router = router.layer(axum::middleware::from_fn_with_state(hosts, host::only_our_names));
    listen::serve(listener, router, limits, shutdown).await
}

/// The class routes: `/` (the class page and its assets), `/ws` (the shared machine) and
/// `/print` (the matchbox labels, as in private mode: the class may build the real one).
pub fn class_app(room: std::sync::Arc<class::Room>) -> Router {
    Router::new()
        .route("/", get(page::class_index))
        .route("/class.js", get(page::class_script))
        .merge(page::assets())
        // The offline file to take home, with its site (manifest, icons, service worker).
        .merge(site::routes())
        .route("/ws", get(class::upgrade))
        .route("/print", get(print::sheet))
        .route("/qr.svg", get(qr::page))
        .route("/guide", get(guide::page))
        .with_state(room)
}

/// A future that resolves on Ctrl-C (SIGINT) or SIGTERM. The handlers are in place when
/// this returns (not when the future is first polled), so a server that calls it before
/// it listens can never be killed by a signal's default action once a client could reach
/// it. Needs a tokio runtime.
#[cfg(unix)]
pub fn stop_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = int.recv() => {}
            _ = term.recv() => {}
        }
    })
}

/// The `menace serve` command: serves until Ctrl-C or SIGTERM, printing where it listens
/// (and in class mode the teacher's key, with `another_key`: how to ask for another) on
/// standard output and any failure on standard error.
pub fn main(
    addr: SocketAddr,
    limits: Limits,
    allow_hosts: Vec<String>,
    class: std::io::Result<Option<class::ClassOptions>>,
    rooms: Option<rooms::RoomsOptions>,
    side: Option<menace_core::game::Side>,
    another_key: &str,
) -> std::process::ExitCode {
    let served = class.and_then(|class| {
        let options = Options { limits, allow_hosts, class, rooms, side };
        // Not println!: a closed stdout (the teacher's `| head -1`, a launcher that reads
        // the address and goes) must not end a class's server.
        run(addr, options.clone(), |bound| {
            use std::io::Write;
            let _ = writeln!(std::io::stdout(), "{}", options.banner(bound, another_key));
        })
    });
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("menace serve: {addr}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Binds `addr` and serves with `options` until Ctrl-C or SIGTERM, on a runtime of its
/// own (so callers need no tokio); `ready` gets the bound address (port 0 picks a free
/// port) once it listens.
pub fn run(
    addr: SocketAddr,
    options: Options,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    // Room for the connection cap under the open-file limit, which many desktops start
    // at 1,024; where the hard limit is lower, the cap is lowered to fit, and said.
    let wanted = options.limits.max_connections;
    if let Some(limit) = listen::raise_fd_limit(wanted) {
        let fits = listen::fit_to_fd_limit(wanted);
        if fits < wanted {
            eprintln!(
                "menace serve: open-file limit {limit}: at most {fits} connections at once, \
                 not {wanted}"
            );
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        // Signals first, then the port: a SIGTERM that comes as soon as the port answers
        // still stops the server cleanly (and saves the class file).
        let stop = stop_signal()?;
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve_with(listener, options, stop).await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_gives_addresses_students_can_type() {
        let bound: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        assert_eq!(addresses(bound), vec![bound]);
        let any: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        let found = addresses(any);
        assert!(!found.is_empty());
        for a in &found {
            assert!(!a.ip().is_unspecified() && a.is_ipv4() && a.port() == 8080, "{a}");
        }
        // Loopback, if listed, comes last: the network's addresses are the ones to give.
        if let Some(i) = found.iter().position(|a| a.ip().is_loopback()) {
            assert!(found[i..].iter().all(|a| a.ip().is_loopback()), "{found:?}");
        }
        let options = Options {
            class: Some(class::ClassOptions::new(Some("some words here".into()), None).unwrap()),
            ..Options::default()
        };
        let banner = options.banner(any, "--new-key");
        assert!(!banner.contains("0.0.0.0"), "{banner}");
        assert!(banner.contains("teacher's key: some words here"), "{banner}");
    }
}
