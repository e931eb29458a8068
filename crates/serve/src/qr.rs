//! The class's address as a QR code: an SVG for the teacher's and the projector's page
//! (`GET /qr.svg`) and Unicode half blocks for the server's banner, so a class points its
//! phones at the board instead of typing `http://192.168.1.20:8080/`.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use qrcode::render::unicode::Dense1x2;
use qrcode::{Color, EcLevel, QrCode};

/// Light modules around the code, as the standard asks (four).
const QUIET: usize = 4;

/// The code of `text` (medium error correction: a projected code survives a smudge).
fn code(text: &str) -> Option<QrCode> {
    QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()
}

/// `text` as a QR code in Unicode half blocks (two rows of modules a line), with its
/// quiet zone, for a terminal. Light modules are drawn (`█`) and dark ones left blank, so
/// on a terminal's usual dark background the code reads dark on light, as phones expect.
/// Each line ends with a newline; empty for a text too long for a QR code.
pub fn terminal(text: &str) -> String {
    let Some(code) = code(text) else { return String::new() };
    let mut shown = code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build();
    if !shown.ends_with('\n') {
        shown.push('\n');
    }
    shown
}

/// `text` as an SVG QR code: one square a module, dark on white, its quiet zone
/// included, `text` itself as the picture's title (the page writes it beside the code).
pub fn svg(text: &str) -> Option<String> {
    let code = code(text)?;
    let width = code.width();
    let side = width + 2 * QUIET;
    let mut path = String::new();
    for (i, c) in code.to_colors().iter().enumerate() {
        if *c == Color::Dark {
            let (x, y) = (i % width + QUIET, i / width + QUIET);
            path.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         shape-rendering=\"crispEdges\" role=\"img\"><title>{}</title>\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
         <path fill=\"#000\" d=\"{path}\"/></svg>",
        escape(text)
    ))
}

/// `text` escaped for the SVG's text and attribute values.
fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(text)
}

/// The address students type, for a request that named the server `host` (its `Host`
/// header, already one of the server's names). A page opened on the server's own machine
/// by a loopback name (`localhost:8080`) would give the class an address only that
/// machine reaches: then the first network address of the machine that answers on the
/// same port stands in (the banner's first address when the server listens on every
/// interface); a server bound to loopback alone keeps the loopback address, which is the
/// one it prints.
pub async fn class_address(host: &str) -> String {
    let own = format!("http://{host}/");
    let Ok(said) = host.parse::<std::net::SocketAddr>().or_else(|_| {
        // `localhost:PORT` names the loopback too.
        host.strip_prefix("localhost:")
            .and_then(|p| p.parse::<u16>().ok())
            .map(|port| std::net::SocketAddr::from(([127, 0, 0, 1], port)))
            .ok_or(())
    }) else {
        return own;
    };
    if !said.ip().is_loopback() {
        return own;
    }
    let any: std::net::SocketAddr = if said.is_ipv4() {
        ([0, 0, 0, 0], said.port()).into()
    } else {
        (std::net::Ipv6Addr::UNSPECIFIED, said.port()).into()
    };
    for candidate in crate::addresses(any).into_iter().filter(|a| !a.ip().is_loopback()) {
        let tried = tokio::time::timeout(
            std::time::Duration::from_secs(1),
            tokio::net::TcpStream::connect(candidate),
        )
        .await;
        if matches!(tried, Ok(Ok(_))) {
            return format!("http://{candidate}/");
        }
    }
    own
}

/// `GET /qr.svg`: the class's address ([`class_address`]) as a QR code.
pub async fn page(headers: HeaderMap) -> Response {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let address = class_address(host).await;
    match svg(&address) {
        Some(svg) => crate::page::asset(svg, "image/svg+xml").into_response(),
        None => (StatusCode::INTERNAL_SERVER_ERROR, "the address is too long for a QR code")
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_svg_holds_one_square_per_dark_module_and_the_address_as_its_title() {
        let text = "http://192.168.1.20:8080/";
        let svg = svg(text).unwrap();
        let code = code(text).unwrap();
        let dark = code.to_colors().iter().filter(|c| **c == Color::Dark).count();
        assert_eq!(svg.matches("h1v1h-1z").count(), dark);
        assert!(svg.contains(&format!("<title>{text}</title>")));
        let side = code.width() + 8;
        assert!(svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")), "{svg}");
        assert!(super::svg("<&>").unwrap().contains("<title>&lt;&amp;&gt;</title>"));
    }

    #[test]
    fn the_terminal_code_is_two_module_rows_a_line_with_its_quiet_zone() {
        let text = "http://10.0.0.7:8080/";
        let code = code(text).unwrap();
        let side = code.width() + 8;
        let shown = terminal(text);
        assert!(shown.ends_with('\n'));
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), side.div_ceil(2));
        assert!(lines.iter().all(|l| l.chars().count() == side), "{shown}");
        // The quiet zone is light: drawn as full blocks.
        assert!(lines[0].chars().all(|c| c == '█'), "{}", lines[0]);
        let (last, rows) = lines.split_last().unwrap();
        assert!(rows.iter().all(|l| l.starts_with("████") && l.ends_with("████")), "{shown}");
        // An odd number of module rows: the last line holds the quiet zone's last row only.
        assert!(last.chars().all(|c| c == '▀'), "{last}");
    }

    #[tokio::test]
    async fn a_network_name_is_kept_and_a_server_on_loopback_alone_keeps_its_address() {
        assert_eq!(class_address("192.168.1.20:8080").await, "http://192.168.1.20:8080/");
        assert_eq!(class_address("[fd00::1]:8080").await, "http://[fd00::1]:8080/");
        // A listener on loopback only: no network address answers on its port.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        assert_eq!(class_address(&addr.to_string()).await, format!("http://{addr}/"));
    }
}
