//! The accept loop: what a connection may hold before the router sees it.
//!
//! `axum::serve` times nothing out and caps nothing, so a client that opens thousands of
//! connections and sends half a request head on each (a slowloris) held the server's file
//! descriptors and memory for as long as it liked. Here every connection is served by
//! hyper's HTTP/1 server with:
//!
//! - caps at accept ([`Limits::max_connections`] in all, [`Limits::max_per_address`] from
//!   one client address): a connection over either gets one fixed `503` written without
//!   reading anything and is closed, before any task or buffer exists for it. Its place is
//!   held by the connection's socket itself ([`Counted`]), so a WebSocket keeps its place
//!   after the upgrade and gives it back when it closes;
//! - a deadline for each request's head ([`Limits::header_timeout`]), counted from when
//!   hyper starts waiting for it: a connection that sends nothing, or half a head however
//!   slowly, or that waits after an answer for a next request that does not come, is
//!   closed when it runs out;
//! - an idle rule for plain HTTP ([`Limits::http_idle`]): a connection that has not become
//!   a WebSocket and moves no byte either way for that long is dropped (a client that
//!   stops reading its answer). WebSockets have their own idle rule ([`Limits::idle`]);
//! - a head of at most [`MAX_HEAD`] bytes, so a connection's read buffer stays small;
//! - memory given back to the system after a flood: glibc's allocator keeps freed memory
//!   in its per-thread arenas, so once many connections have closed the server asks it to
//!   return what it can (`malloc_trim`).
//!
//! Shutting down is as `axum::serve`'s graceful shutdown: no new connections, each open
//! one finishes its request, and the loop returns when they have (WebSockets, already
//! handed to their own tasks, are not waited for).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv6Addr};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::Limits;

/// The largest request head, in bytes, and so the most a connection's read buffer grows
/// to (hyper's own default is about 400 KiB). A browser's head is well under 2 KiB; 32 KiB
/// leaves room for cookies other programs on the same host name set.
pub const MAX_HEAD: usize = 32 * 1024;

/// What a connection over a cap gets, written at once without reading its request.
pub const REFUSAL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
    content-type: text/plain; charset=utf-8\r\ncontent-length: 42\r\n\
    connection: close\r\nretry-after: 5\r\n\r\n\
    menace serve: too many connections, retry\n";

/// File descriptors kept free for everything that is not a connection (the listener,
/// the runtime's own, the class file) when the connection cap is fitted to the limit.
const SPARE_FDS: usize = 64;

/// Connections closed since the last trim that make the next one worth asking for.
const TRIM_AFTER: usize = 256;

/// The open connections: how many in all and from each address.
#[derive(Debug)]
pub struct Conns {
    max_total: usize,
    max_per_address: usize,
    counts: Mutex<Counts>,
    /// Wakes the trimmer when [`TRIM_AFTER`] connections have closed.
    trim: tokio::sync::Notify,
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
    closed_since_trim: usize,
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// [`Limits::max_connections`] are open.
    Full,
    /// [`Limits::max_per_address`] are open from this address.
    AddressFull,
}

impl Conns {
    /// Room for `max_total` connections, `max_per_address` from one address.
    pub fn new(max_total: usize, max_per_address: usize) -> Arc<Conns> {
        Arc::new(Conns {
            max_total,
            max_per_address,
            counts: Mutex::new(Counts::default()),
            trim: tokio::sync::Notify::new(),
        })
    }

    /// A place for a connection from `peer`, held until the [`Place`] is dropped.
    pub fn admit(self: &Arc<Conns>, peer: IpAddr) -> Result<Place, Refused> {
        let key = client_key(peer);
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.total >= self.max_total {
            return Err(Refused::Full);
        }
        let from = counts.per_address.entry(key).or_insert(0);
        if *from >= self.max_per_address {
            return Err(Refused::AddressFull);
        }
        *from += 1;
        counts.total += 1;
        Ok(Place { conns: self.clone(), key })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.counts.lock().unwrap_or_else(|e| e.into_inner()).total
    }

    /// Asks the allocator to give freed memory back each time [`TRIM_AFTER`] connections
    /// have closed, at most once a second; runs until dropped.
    async fn keep_trimmed(self: Arc<Conns>) {
        loop {
            self.trim.notified().await;
            // Off the async threads: trimming a large heap takes milliseconds.
            let _ = tokio::task::spawn_blocking(trim_heap).await;
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

/// The address a per-address cap counts: an IPv4 address (an IPv4-mapped IPv6 one as
/// IPv4), or an IPv6 address's /64 network (one host may pick any address in its /64).
fn client_key(peer: IpAddr) -> IpAddr {
    match peer {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// One connection's place under the caps, given back when dropped.
#[derive(Debug)]
pub struct Place {
    conns: Arc<Conns>,
    key: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.conns.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.total -= 1;
        if let Some(from) = counts.per_address.get_mut(&self.key) {
            *from -= 1;
            if *from == 0 {
                counts.per_address.remove(&self.key);
            }
        }
        counts.closed_since_trim += 1;
        if counts.closed_since_trim >= TRIM_AFTER {
            counts.closed_since_trim = 0;
            self.conns.trim.notify_one();
        }
    }
}

/// Returns freed heap memory to the system (glibc keeps it in its arenas otherwise);
/// nothing elsewhere.
fn trim_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists under its locks.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// A connection's socket with its place under the caps and the time it last moved a
/// byte. It travels into a WebSocket on upgrade, so the place is held until that closes.
pub struct Counted {
    stream: TcpStream,
    _place: Place,
    moved: Arc<Moved>,
}

/// When a connection last read or wrote a byte, in milliseconds since `since`.
struct Moved {
    since: Instant,
    at: AtomicU64,
}

impl Moved {
    fn new() -> Arc<Moved> {
        Arc::new(Moved { since: Instant::now(), at: AtomicU64::new(0) })
    }

    fn now(&self) {
        let ms = u64::try_from(self.since.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.at.store(ms, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.since + Duration::from_millis(self.at.load(Ordering::Relaxed))
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.moved.now();
        }
        polled
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.moved.now();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.moved.now();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// The connection cap that fits this process's open-file limit: `wanted`, or fewer when
/// the limit (less [`SPARE_FDS`]) is lower. Raise the limit first ([`raise_fd_limit`]).
pub fn fit_to_fd_limit(wanted: usize) -> usize {
    match fd_limit() {
        Some(limit) => wanted.min(limit.saturating_sub(SPARE_FDS).max(1)),
        None => wanted,
    }
}

/// This process's soft limit on open files, where there is one.
fn fd_limit() -> Option<usize> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the struct it is given and nothing else.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            return Some(usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX));
        }
        None
    }
    #[cfg(not(unix))]
    None
}

/// Raises this process's soft open-file limit towards its hard limit, to what `wanted`
/// connections need (many desktops start programs with 1,024, or 256); the limit as it
/// then is.
pub fn raise_fd_limit(wanted: usize) -> Option<usize> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: as in fd_limit.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        let need =
            libc::rlim_t::try_from(wanted.saturating_add(SPARE_FDS)).unwrap_or(libc::rlim_t::MAX);
        if limit.rlim_cur < need {
            let raised = libc::rlimit { rlim_cur: need.min(limit.rlim_max), ..limit };
            // SAFETY: setrlimit reads the struct it is given; lowering nothing.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                limit = raised;
            }
        }
        Some(usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX))
    }
    #[cfg(not(unix))]
    {
        let _ = wanted;
        None
    }
}

/// Serves `router` on `listener` under `limits` until `shutdown` completes, then lets
/// the open connections finish their requests.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let conns =
        Conns::new(fit_to_fd_limit(limits.max_connections.max(1)), limits.max_per_address.max(1));
    let trimmer = tokio::spawn(conns.clone().keep_trimmed());
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).max_buf_size(MAX_HEAD);
    let http_idle = limits.http_idle;

    // Dropped on shutdown: each connection then finishes its request and closes.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(());
    // Held by each connection's task: the loop returns once every clone is dropped.
    let (done_tx, done_rx) = tokio::sync::watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let place = match conns.admit(peer.ip()) {
            Ok(place) => place,
            Err(_) => {
                refuse(stream);
                continue;
            }
        };
        let moved = Moved::new();
        let io = Counted { stream, _place: place, moved: moved.clone() };
        // The client's address, for what counts per address above HTTP (a class's names).
        let peer_router = router.clone().layer(axum::Extension(crate::socket::Peer(peer.ip())));
        let service = TowerToHyperService::new(peer_router);
        let conn = http.serve_connection(TokioIo::new(io), service).with_upgrades();
        let mut stop = stop_rx.clone();
        let done = done_rx.clone();
        tokio::spawn(async move {
            let mut conn = pin!(conn);
            let mut stopping = false;
            loop {
                let idle_at = tokio::time::Instant::from_std(moved.last() + http_idle);
                tokio::select! {
                    _ = conn.as_mut() => break,
                    _ = stop.changed(), if !stopping => {
                        stopping = true;
                        conn.as_mut().graceful_shutdown();
                    }
                    () = tokio::time::sleep_until(idle_at) => {
                        // Still idle (no byte since): dropped, whatever it was doing.
                        if moved.last() + http_idle <= Instant::now() {
                            break;
                        }
                    }
                }
            }
            drop(done);
        });
    }
    drop(listener);
    drop(stop_tx);
    drop(done_rx);
    done_tx.closed().await;
    trimmer.abort();
    Ok(())
}

/// Writes [`REFUSAL`] if the socket takes it at once, and closes it; reads nothing.
fn refuse(stream: TcpStream) {
    let _ = stream.try_write(REFUSAL);
}

/// After a failed accept: on at once if only that connection failed; otherwise (out of
/// file descriptors, most likely) a pause, so the loop does not spin, as `axum::serve`.
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if !matches!(e.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_capped_in_all_and_per_address_and_given_back() {
        let conns = Conns::new(3, 2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = conns.admit(a).unwrap();
        let _a2 = conns.admit(a).unwrap();
        assert_eq!(conns.admit(a).unwrap_err(), Refused::AddressFull);
        let _b1 = conns.admit(b).unwrap();
        assert_eq!(conns.admit(b).unwrap_err(), Refused::Full);
        assert_eq!(conns.open(), 3);
        drop(a1);
        assert_eq!(conns.open(), 2);
        let _a3 = conns.admit(a).unwrap();
    }

    #[test]
    fn an_ipv6_host_counts_as_its_64_and_mapped_ipv4_as_ipv4() {
        let one: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        assert_eq!(client_key(one), client_key(other));
        let mapped: IpAddr = "::ffff:192.168.1.7".parse().unwrap();
        assert_eq!(client_key(mapped), "192.168.1.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn the_refusal_is_one_well_formed_answer() {
        let text = std::str::from_utf8(REFUSAL).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 "));
        assert!(head.contains(&format!("content-length: {}", body.len())), "{text}");
    }
}
