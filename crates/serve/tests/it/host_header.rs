//! DNS rebinding: a page on another site whose name was re-pointed at this machine sends
//! its own name as `Host` (and as `Origin`). Every route refuses a `Host` the server does
//! not answer to with 403 and a sentence; the server's own names still get the page and
//! the socket. Raw HTTP over a real socket, so every header is exactly as written here.

use crate::common;

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends `GET path` with `headers` (each a full `Name: value` line) and returns the
/// status code and the body's first bytes.
async fn get(addr: SocketAddr, path: &str, headers: &[&str]) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\n");
    for h in headers {
        request.push_str(h);
        request.push_str("\r\n");
    }
    request.push_str("Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = Vec::new();
    let read = tokio::time::timeout(common::HANG, async {
        let mut buf = [0u8; 4096];
        // Up to the end of the headers and some body (an upgrade keeps the socket open).
        loop {
            let n = stream.read(&mut buf).await.unwrap_or(0);
            reply.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&reply);
            let head_done = text.contains("\r\n\r\n");
            if n == 0 || head_done && (text.starts_with("HTTP/1.1 101") || reply.len() > 400) {
                break;
            }
        }
    });
    read.await.expect("the server answers");
    let text = String::from_utf8_lossy(&reply).to_string();
    let code = text.get(9..12).and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("{text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (code, body)
}

const UPGRADE: [&str; 4] = [
    "Upgrade: websocket",
    "Connection: Upgrade",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version: 13",
];

async fn upgrade(addr: SocketAddr, host: &str, origin: &str) -> (u16, String) {
    let host = format!("Host: {host}");
    let origin = format!("Origin: {origin}");
    let mut headers = vec![host.as_str(), origin.as_str()];
    headers.extend(UPGRADE);
    get(addr, "/ws", &headers).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebinding_page_is_refused_and_our_names_are_served() {
    let addr = common::start(menace_serve::Limits::default()).await;
    let port = addr.port();

    // The case: Host and Origin both the attacker's name.
    let (code, body) = upgrade(addr, "evil.example:8080", "http://evil.example:8080").await;
    assert_eq!(code, 403, "{body}");
    assert!(body.contains("does not answer to the name"), "{body}");
    let evil = format!("evil.example:{port}");
    let (code, _) = upgrade(addr, &evil, &format!("http://{evil}")).await;
    assert_eq!(code, 403);
    // The page itself too: a rebinding page could read it.
    for path in ["/", "/menace.js", "/menace.css", "/nowhere"] {
        let (code, body) = get(addr, path, &[&format!("Host: {evil}")]).await;
        assert_eq!(code, 403, "{path}: {body}");
    }

    // Our own names: the page (200) and the upgrade (101).
    for name in [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")]
    {
        let (code, body) = get(addr, "/", &[&format!("Host: {name}")]).await;
        assert_eq!(code, 200, "{name}");
        assert!(body.contains("<!doctype html") || body.contains("<!DOCTYPE html"), "{name}");
        let (code, _) = upgrade(addr, &name, &format!("http://{name}")).await;
        assert_eq!(code, 101, "{name}");
    }
    // A program (no Origin) at our name may still upgrade.
    let host = format!("Host: 127.0.0.1:{port}");
    let mut headers = vec![host.as_str()];
    headers.extend(UPGRADE);
    assert_eq!(get(addr, "/ws", &headers).await.0, 101);
    // Our name with another site's origin: still the origin check's 403.
    let (code, body) = upgrade(addr, &format!("127.0.0.1:{port}"), "http://evil.example").await;
    assert_eq!(code, 403);
    assert!(body.contains("origin"), "{body}");

    // A malformed Host, and none at all.
    for bad in ["Host: localhost:80:80", "Host: user@localhost", "Host: [::1", "Host: a b"] {
        let (code, body) = get(addr, "/", &[bad]).await;
        assert_eq!(code, 403, "{bad}: {body}");
        assert!(body.contains("is not a host name"), "{bad}: {body}");
    }
    let (code, body) = get(addr, "/", &[]).await;
    assert_eq!(code, 403, "{body}");
    assert!(body.contains("no Host header"), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allow_host_lets_a_name_in() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let options = menace_serve::Options {
        allow_hosts: vec!["class.school.example".into()],
        ..menace_serve::Options::default()
    };
    tokio::spawn(menace_serve::serve_with(listener, options, std::future::pending()));
    let name = format!("class.school.example:{}", addr.port());
    assert_eq!(get(addr, "/", &[&format!("Host: {name}")]).await.0, 200);
    assert_eq!(upgrade(addr, &name, &format!("http://{name}")).await.0, 101);
    assert_eq!(get(addr, "/", &["Host: other.school.example"]).await.0, 403);
}
