//! The offline file to take home (issue 73): every server, private and class, hands out the
//! repository's `site/menace.html` at `/menace.html`, byte for byte, under the file's own
//! policy, with the manifest, icons and service worker beside it; and both pages link it.

use crate::common;

use std::net::SocketAddr;

use menace_serve::site::{FILES, MENACE_HTML};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `GET path`: the head and the body's bytes.
async fn get_bytes(addr: SocketAddr, path: &str) -> (String, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = Vec::new();
    tokio::time::timeout(common::HANG, stream.read_to_end(&mut reply)).await.unwrap().unwrap();
    let at = reply.windows(4).position(|w| w == b"\r\n\r\n").expect("an HTTP answer");
    let head = String::from_utf8(reply[..at].to_vec()).unwrap();
    let mut body = reply[at + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = unchunk(&body);
    }
    (head, body)
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&data[..line]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[line + 2..line + 2 + size]);
        data = &data[line + 2 + size + 2..];
    }
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

async fn hands_out_the_site(addr: SocketAddr) {
    let (head, body) = get_bytes(addr, "/menace.html").await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(body, MENACE_HTML.as_bytes(), "the committed file, byte for byte");
    assert_eq!(header(&head, "content-type"), Some("text/html; charset=utf-8"));
    // The file's own policy (inline scripts, its engine), not the served page's.
    assert_eq!(header(&head, "content-security-policy"), Some(menace_serve::offline::POLICY));
    assert!(MENACE_HTML.contains("id=\"menace-engine\""), "the engine is inside");
    for (name, bytes, kind) in FILES {
        let (head, body) = get_bytes(addr, &format!("/{name}")).await;
        assert!(head.starts_with("HTTP/1.1 200"), "{name}: {head}");
        assert_eq!(&body, bytes, "{name}");
        assert_eq!(header(&head, "content-type"), Some(*kind), "{name}");
    }
    // The manifest names only files that are served beside it.
    let manifest: serde_json::Value =
        serde_json::from_slice(FILES.iter().find(|f| f.0 == "menace.webmanifest").unwrap().1)
            .unwrap();
    assert_eq!(manifest["start_url"], "menace.html");
    for icon in manifest["icons"].as_array().unwrap() {
        let src = icon["src"].as_str().unwrap();
        assert!(FILES.iter().any(|f| f.0 == src), "the manifest's icon {src} is served");
    }
    // The service worker keeps exactly the files served here.
    let sw = std::str::from_utf8(FILES.iter().find(|f| f.0 == "menace-sw.js").unwrap().1).unwrap();
    for name in std::iter::once("menace.html").chain(FILES.iter().map(|f| f.0)) {
        assert_eq!(
            sw.contains(&format!("\"{name}\"")),
            name != "menace-sw.js",
            "{name} in the worker's list"
        );
    }
    let (_, page) = common::get(addr, "/").await;
    assert!(
        page.contains("href=\"menace.html\" download=\"menace.html\""),
        "the page links the file"
    );
}

#[tokio::test]
async fn a_private_server_hands_out_the_offline_file() {
    hands_out_the_site(common::start(menace_serve::Limits::default()).await).await;
}

#[tokio::test]
async fn a_class_server_hands_out_the_offline_file() {
    let (addr, _room, _stop, _task) =
        common::class::start_class(None, menace_serve::Limits::default()).await;
    hands_out_the_site(addr).await;
}
