//! `GET /print`: the matchbox labels of `menace print` as a page to print from the
//! browser (crates/print). Query: `machine`, `paper`, `preset`, `colours`, each optional;
//! a bad value is a 400 with a sentence saying which.

use axum::extract::RawQuery;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The page is self-contained: inline style and SVG, no script, nothing fetched.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// `GET /print?machine=...&paper=...&preset=...&colours=...`.
pub async fn sheet(RawQuery(query): RawQuery) -> Response {
    match menace_print::Sheet::from_query(query.as_deref().unwrap_or("")) {
        Ok(sheet) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CONTENT_SECURITY_POLICY, POLICY),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            sheet.html(),
        )
            .into_response(),
        Err(e) => (
            StatusCode::BAD_REQUEST,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("/print: {e}\n"),
        )
            .into_response(),
    }
}
