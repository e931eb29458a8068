//! The page: HTML, script and style embedded in the binary (nothing is loaded from
//! anywhere else, so it works offline).

use axum::http::header;
use axum::response::IntoResponse;

/// The page's HTML.
pub const INDEX: &str = include_str!("../assets/index.html");
/// The page's script (plain JavaScript, no framework, no build step).
pub const SCRIPT: &str = include_str!("../assets/menace.js");
/// The class page's HTML (`menace serve --class`).
pub const CLASS_INDEX: &str = include_str!("../assets/class.html");
/// The class page's script.
pub const CLASS_SCRIPT: &str = include_str!("../assets/class.js");
/// The page's style.
pub const STYLE: &str = include_str!("../assets/menace.css");

/// Only this server's own script, style and socket; no inline script, no framing.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
     form-action 'none'";

fn asset(body: &'static str, kind: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    asset(INDEX, "text/html; charset=utf-8")
}

/// `GET /menace.js`.
pub async fn script() -> impl IntoResponse {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

/// `GET /menace.css`.
pub async fn style() -> impl IntoResponse {
    asset(STYLE, "text/css; charset=utf-8")
}

/// `GET /` in class mode.
pub async fn class_index() -> impl IntoResponse {
    asset(CLASS_INDEX, "text/html; charset=utf-8")
}

/// `GET /class.js`.
pub async fn class_script() -> impl IntoResponse {
    asset(CLASS_SCRIPT, "text/javascript; charset=utf-8")
}
