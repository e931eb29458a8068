//! The repository's `site/`, built into the binary: `menace.html` (the offline page, as
//! committed: [`crate::offline`] says what is in it) with its web app manifest, icons and
//! service worker. Every `menace serve`, private or class, hands them out (`/menace.html`,
//! linked from its pages as a way to take MENACE home), so a teacher gets the file from any
//! running server. The bytes are the committed file's: building `menace` needs no
//! WebAssembly target and runs no other build.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

/// `menace.html` as the repository holds it (`cargo run --release -p menace-web` refreshes
/// it; a test in crates/web fails when it is stale).
pub const MENACE_HTML: &str = include_str!("../../../site/menace.html");

/// The files beside it, by the name each is served at: its body and content type.
pub const FILES: &[(&str, &[u8], &str)] = &[
    (
        "menace.webmanifest",
        include_bytes!("../../../site/menace.webmanifest"),
        "application/manifest+json",
    ),
    (
        "menace-sw.js",
        include_bytes!("../../../site/menace-sw.js"),
        "text/javascript; charset=utf-8",
    ),
    ("menace-icon.svg", include_bytes!("../../../site/menace-icon.svg"), "image/svg+xml"),
    ("menace-192.png", include_bytes!("../../../site/menace-192.png"), "image/png"),
    ("menace-512.png", include_bytes!("../../../site/menace-512.png"), "image/png"),
];

/// Only the page's own: its policy is the file's, which it also carries in a `<meta>`.
const SW_POLICY: &str = "default-src 'none'; connect-src 'self'";

/// The routes of `site/`, for both servers.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new().route("/menace.html", get(menace_html));
    for (name, body, kind) in FILES {
        router = router.route(&format!("/{name}"), get(move || async move { file(body, kind) }));
    }
    router
}

/// `GET /menace.html`.
async fn menace_html() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, crate::offline::POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        MENACE_HTML,
    )
}

fn file(body: &'static [u8], kind: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, SW_POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}
