//! `GET /print`: the matchbox labels of `menace print` as a page to print from the
//! browser (crates/print). Query: `machine`, `paper`, `preset`, `colours`, each optional;
//! a bad value is a 400 with a sentence saying which.

use axum::extract::RawQuery;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The page is self-contained: inline style and SVG, no script, nothing fetched.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// `GET /print?machine=...&paper=...&preset=...&colours=...`. The page is built off the
/// async threads (it enumerates the machine's boxes), as every protocol command is.
pub async fn sheet(RawQuery(query): RawQuery) -> Response {
    let sheet = menace_print::Sheet::from_query(query.as_deref().unwrap_or(""));
    let page = match sheet {
        Ok(sheet) => tokio::task::spawn_blocking(move || sheet.html())
            .await
            .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, format!("the page failed: {e}"))),
        Err(e) => Err((StatusCode::BAD_REQUEST, e)),
    };
    match page {
        Ok(page) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CONTENT_SECURITY_POLICY, POLICY),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            page,
        )
            .into_response(),
        Err((status, e)) => (
            status,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("/print: {e}\n"),
        )
            .into_response(),
    }
}
