//! The page: HTML, script and style embedded in the binary (nothing is loaded from
//! anywhere else, so it works offline).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// The page's HTML.
pub const INDEX: &str = include_str!("../assets/index.html");
/// The page's own script (plain JavaScript, no framework, no build step).
pub const SCRIPT: &str = include_str!("../assets/menace.js");
/// The class page's HTML (`menace serve --class`).
pub const CLASS_INDEX: &str = include_str!("../assets/class.html");
/// The class page's own script.
pub const CLASS_SCRIPT: &str = include_str!("../assets/class.js");
/// The rooms server's home page, where a student types the class's code (`menace serve
/// --rooms`).
pub const ROOMS_INDEX: &str = include_str!("../assets/rooms.html");
/// The rooms server's teacher's page: make, list, close and download rooms.
pub const ROOMS_TEACHER: &str = include_str!("../assets/rooms-teacher.html");
/// The rooms server's operator's page: the server's figures, refreshed.
pub const ROOMS_OPERATOR: &str = include_str!("../assets/rooms-operator.html");
/// The three rooms pages' script.
pub const ROOMS_SCRIPT: &str = include_str!("../assets/rooms.js");
/// The page's style.
pub const STYLE: &str = include_str!("../assets/menace.css");
/// The engine in the page: menace-web on a worker behind a WebSocket-like object (the
/// offline file's only; see [`crate::offline`]).
pub const ENGINE_SCRIPT: &str = include_str!("../assets/engine.js");

/// The scripts the pages share, by the name each is served at (`/NAME`) and loaded by
/// (`<script src="NAME">`), in the order the pages load them: one concern each, so a fix
/// to how a board, a box or a curve is drawn is made once for both pages (and for the
/// offline file, which inlines the same scripts).
pub const SCRIPTS: &[(&str, &str)] = &[
    // Mozilla's `@fluent/bundle`, vendored (assets/vendor/README.md says which and why).
    ("fluent-bundle.js", include_str!("../assets/vendor/fluent-bundle.js")),
    // `$`, the lines said in the reader's language, the score, download, the start.
    ("page.js", include_str!("../assets/page.js")),
    // The pages' words: the language's catalog, the page translated.
    ("i18n.js", include_str!("../assets/i18n.js")),
    // The board: cell names, the marks, the board a person plays on.
    ("board.js", include_str!("../assets/board.js")),
    // The matchboxes.
    ("boxes.js", include_str!("../assets/boxes.js")),
    // The learning curves.
    ("plot.js", include_str!("../assets/plot.js")),
    // The explanation panel ("why MENACE moved there").
    ("explain.js", include_str!("../assets/explain.js")),
    // The opponents and bead presets in words, and the private page's menus of them.
    ("opponents.js", include_str!("../assets/opponents.js")),
    // The three ways to reach the engine (a private session, a class, the page itself).
    ("transport.js", include_str!("../assets/transport.js")),
    // The one page state both pages draw from: the protocol's answers reduced into it.
    ("state.js", include_str!("../assets/state.js")),
    // Nim's and Hexapawn's boards, played by pointer and keyboard.
    ("games.js", include_str!("../assets/games.js")),
    // The machines the offline page keeps: storage problems, other tabs, earlier machines.
    ("machines.js", include_str!("../assets/machines.js")),
    // The matchbox labels from the offline file, drawn by its engine (the private page).
    ("labels.js", include_str!("../assets/labels.js")),
    // The class's teacher panel (the class page only).
    ("teacher.js", include_str!("../assets/teacher.js")),
];

/// The shared script served as `name`, if there is one.
pub fn shared_script(name: &str) -> Option<&'static str> {
    SCRIPTS.iter().find(|(n, _)| *n == name).map(|(_, body)| *body)
}

/// The routes both pages share, whatever the server's state: their scripts, style,
/// catalogs and the printed labels' bead colours.
pub fn assets<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new().route("/menace.css", get(style));
    for (name, body) in SCRIPTS {
        router = router.route(&format!("/{name}"), get(move || async move { asset(*body, JS) }));
    }
    router
        .route("/i18n/languages.json", get(languages))
        .route("/i18n/{file}", get(catalog))
        .route("/palette.json", get(palette))
}

/// Every language's code and its name in itself, for the menu (`/i18n/languages.json`).
pub fn languages_json() -> serde_json::Value {
    let list = menace_i18n::LANGUAGES
        .iter()
        .map(|l| serde_json::json!({ "code": l.code, "name": l.name }))
        .collect();
    serde_json::Value::Array(list)
}

/// The printed labels' bead colours (name, letter, fill, ink), so the pages show a bead as the
/// label prints it (`/palette.json`).
pub fn palette_json() -> serde_json::Value {
    let list = menace_print::palette::PALETTE
        .iter()
        .map(
            |c| serde_json::json!({ "name": c.name, "letter": c.letter.to_string(), "fill": c.fill, "ink": c.ink }),
        )
        .collect();
    serde_json::Value::Array(list)
}

const JS: &str = "text/javascript; charset=utf-8";
const JSON: &str = "application/json";

/// `GET /i18n/languages.json`: every language's code and its name in itself, for the menu.
async fn languages() -> impl IntoResponse {
    asset(languages_json().to_string(), JSON)
}

/// `GET /i18n/CODE.ftl`: a language's catalog as it is; 404 for any other name.
async fn catalog(Path(params): Path<Vec<(String, String)>>) -> Response {
    // By name: inside a room (`/r/CODE/i18n/FILE`) the room's code is a parameter too.
    let file = params.into_iter().find(|(k, _)| k == "file").map(|(_, v)| v).unwrap_or_default();
    let lang = file.strip_suffix(".ftl").and_then(menace_i18n::language);
    match lang {
        Some(l) => asset(l.ftl, "text/plain; charset=utf-8").into_response(),
        None => (StatusCode::NOT_FOUND, "no such catalog").into_response(),
    }
}

/// `GET /palette.json`: the printed labels' bead colours (letter, fill, ink), so the pages
/// show a bead as the label prints it.
async fn palette() -> impl IntoResponse {
    asset(palette_json().to_string(), JSON)
}

/// A response with the pages' headers: only this server's own script, style and socket.
pub(crate) fn asset(body: impl IntoResponse, kind: &'static str) -> impl IntoResponse {
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

/// Only this server's own script, style and socket; no inline script, no framing.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
     form-action 'none'";

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    asset(INDEX, "text/html; charset=utf-8")
}

/// `GET /menace.js`.
pub async fn script() -> impl IntoResponse {
    asset(SCRIPT, JS)
}

/// `GET /menace.css`.
pub async fn style() -> impl IntoResponse {
    asset(STYLE, "text/css; charset=utf-8")
}

/// `GET /` in class mode.
pub async fn class_index() -> impl IntoResponse {
    asset(CLASS_INDEX, "text/html; charset=utf-8")
}

/// `GET /` of a rooms server.
pub async fn rooms_index() -> impl IntoResponse {
    asset(ROOMS_INDEX, "text/html; charset=utf-8")
}

/// `GET /teacher` of a rooms server.
pub async fn rooms_teacher() -> impl IntoResponse {
    asset(ROOMS_TEACHER, "text/html; charset=utf-8")
}

/// `GET /operator` of a rooms server.
pub async fn rooms_operator() -> impl IntoResponse {
    asset(ROOMS_OPERATOR, "text/html; charset=utf-8")
}

/// `GET /rooms.js`.
pub async fn rooms_script() -> impl IntoResponse {
    asset(ROOMS_SCRIPT, JS)
}

/// `GET /class.js`.
pub async fn class_script() -> impl IntoResponse {
    asset(CLASS_SCRIPT, JS)
}
