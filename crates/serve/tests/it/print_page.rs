//! `GET /print`: the labels of `menace print` as a page, and a 400 with a sentence for
//! every bad query, over a real server and raw HTTP.

use crate::common;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The status line's code and the body of `GET path`.
async fn get(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(common::HANG, s.read_to_end(&mut raw)).await.unwrap().unwrap();
    let text = String::from_utf8(raw).unwrap();
    let code = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (code, body)
}

#[tokio::test]
async fn print_serves_every_label_and_refuses_bad_queries_with_a_sentence() {
    let addr = common::start(menace_serve::Limits::default()).await;
    let (code, body) = get(addr, "/print").await;
    assert_eq!(code, 200);
    assert_eq!(body.matches("<div class=\"label\"").count(), 304);
    assert!(body.contains("@page { size: A4;"));
    assert!(body.contains(">box 303<"));
    let (code, body) =
        get(addr, "/print?machine=hexapawn&paper=letter&preset=scroggs&colours=symmetry").await;
    assert_eq!(code, 200);
    assert_eq!(body.matches("<div class=\"label\"").count(), 17);
    assert!(
        body.contains("@page { size: Letter;") && body.contains("Scroggs&#x27;s rules: 8/4/2/1")
    );
    // In another language, with the same labels.
    let (code, body) = get(addr, "/print?machine=hexapawn&lang=pt").await;
    assert_eq!(code, 200);
    assert_eq!(body.matches("<div class=\"label\"").count(), 17);
    assert!(body.contains("<html lang=\"pt\">") && body.contains(">caixa 16<"));
    for (query, says) in [
        ("machine=chess", "machine \"chess\" is not one of menace, hexapawn, nim"),
        ("paper=a3", "paper \"a3\""),
        ("preset=fast", "preset \"fast\""),
        ("colours=rainbow", "colours \"rainbow\""),
        ("size=a4", "unknown field \"size\""),
        ("paper=a4&paper=a4", "paper is given twice"),
        ("lang=xx", "language \"xx\" is not one of en, hi, pt, ru, bn"),
        ("machine=%3Cscript%3E", "is not one of"),
    ] {
        let (code, body) = get(addr, &format!("/print?{query}")).await;
        assert_eq!(code, 400, "{query}");
        assert!(body.starts_with("/print: ") && body.contains(says), "{query}: {body}");
        assert!(!body.contains('<'), "{query}: the answer is text, never markup");
    }
}

#[tokio::test]
async fn a_class_server_serves_the_labels_too() {
    let (addr, _room, _stop, _task) =
        common::class::start_class(None, menace_serve::Limits::default()).await;
    let (code, body) = get(addr, "/print?machine=nim&paper=letter").await;
    assert_eq!(code, 200);
    assert!(body.contains("@page { size: Letter;"), "{body}");
    let (code, body) = get(addr, "/print?machine=chess").await;
    assert_eq!((code, body.contains("is not one of")), (400, true), "{body}");
}
