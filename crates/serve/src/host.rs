//! The `Host` check: every request (the page, its assets and the WebSocket) must name this
//! server in its `Host` header, so a page on another site whose name was re-pointed at
//! this machine (DNS rebinding) cannot read the page or open a socket: the browser sends
//! the attacker's name as `Host` (and as `Origin`, which the origin check alone accepts).
//!
//! Accepted: the loopback names `localhost`, `127.0.0.1` and `[::1]`, and the address the
//! server is bound to, each with the bound port; names given with `--allow-host` (with the
//! bound port, or exactly the port they name). When the server listens on every address
//! (`0.0.0.0` or `::`), any IP address with the bound port is accepted too: an address
//! typed by a student cannot be re-pointed by DNS.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The names a server answers to.
#[derive(Clone, Debug)]
pub struct Hosts {
    bound: SocketAddr,
    /// Extra names, lower case, each with the port it must come with.
    allowed: Vec<(String, u16)>,
}

impl Hosts {
    /// The names a server bound to `bound` answers to, plus `allow` (`NAME` or
    /// `NAME:PORT`, as given with `--allow-host`). A name that is not a host name is
    /// refused ([`NotAHostName`]).
    pub fn new(bound: SocketAddr, allow: &[String]) -> Result<Hosts, NotAHostName> {
        let allowed = allow
            .iter()
            .map(|name| {
                let (host, port) = split(name).ok_or_else(|| NotAHostName(name.clone()))?;
                Ok((host.to_ascii_lowercase(), port.unwrap_or(bound.port())))
            })
            .collect::<Result<_, NotAHostName>>()?;
        Ok(Hosts { bound, allowed })
    }

    /// Whether a request whose `Host` header is `host` is for this server; if not, the
    /// sentence to answer with.
    pub fn check(&self, host: Option<&str>) -> Result<(), String> {
        let Some(host) = host else {
            return Err("refused: the request has no Host header; open the address this \
                        server printed"
                .into());
        };
        let Some((name, port)) = split(host) else {
            return Err(format!("refused: Host {host:?} is not a host name"));
        };
        // A browser leaves out the port only for HTTP's own.
        let port = port.unwrap_or(80);
        let name = name.to_ascii_lowercase();
        let ip = name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().ok();
        let ours = port == self.bound.port()
            && (matches!(name.as_str(), "localhost" | "127.0.0.1" | "[::1]")
                || ip == Some(self.bound.ip())
                || (ip.is_some() && self.bound.ip().is_unspecified()));
        if ours || self.allowed.iter().any(|(n, p)| *n == name && *p == port) {
            return Ok(());
        }
        Err(format!(
            "refused: this server does not answer to the name {host:?}; open it by the \
             address it printed, or start it allowing that host name"
        ))
    }
}

/// A name to answer to that is not a host name (`NAME` or `NAME:PORT`); the binary says
/// which flag gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAHostName(pub String);

impl std::fmt::Display for NotAHostName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} is not a host name (NAME or NAME:PORT)", self.0)
    }
}

/// `NAME[:PORT]` or `[IPV6][:PORT]` as (name, port); `None` unless it is one (no path,
/// no user, no spaces, a port that is a number).
fn split(text: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if text.starts_with('[') {
        let end = text.find(']')?;
        let rest = &text[end + 1..];
        let port = if rest.is_empty() { None } else { Some(rest.strip_prefix(':')?) };
        (&text[..=end], port)
    } else {
        match text.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (text, None),
        }
    };
    let port = match port {
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse().ok()?),
        Some(_) => return None,
        None => None,
    };
    let name_ok = if let Some(inner) = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        inner.parse::<std::net::Ipv6Addr>().is_ok()
    } else {
        !name.is_empty()
            && name.len() <= 253
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
    };
    name_ok.then_some((name, port))
}

/// The layer every route goes through: 403 and the sentence for a request not sent to
/// this server's name.
pub async fn only_our_names(State(hosts): State<Hosts>, request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).map(|h| h.to_str().unwrap_or("\u{fffd}"));
    match hosts.check(host) {
        Ok(()) => next.run(request).await,
        Err(why) => (StatusCode::FORBIDDEN, why).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(bound: &str, allow: &[&str]) -> Hosts {
        let allow: Vec<String> = allow.iter().map(|s| s.to_string()).collect();
        Hosts::new(bound.parse().unwrap(), &allow).unwrap()
    }

    #[test]
    fn loopback_names_and_the_bound_address_with_the_bound_port() {
        let h = hosts("127.0.0.1:8080", &[]);
        for good in ["localhost:8080", "LOCALHOST:8080", "127.0.0.1:8080", "[::1]:8080"] {
            assert!(h.check(Some(good)).is_ok(), "{good}");
        }
        for bad in [
            "evil.example:8080",
            "localhost:8081",
            "localhost",
            "127.0.0.1:8080.evil.example",
            "10.0.0.5:8080",
            "",
            "localhost:",
            "user@localhost:8080",
            "localhost:8080/path",
            "[::1",
            "[::1]x",
            "[nonsense]:8080",
            "localhost:99999",
        ] {
            assert!(h.check(Some(bad)).is_err(), "{bad}");
        }
        assert!(h.check(None).unwrap_err().contains("no Host"));
    }

    #[test]
    fn allowed_names_and_every_address_when_bound_to_all() {
        let h = hosts("0.0.0.0:8080", &["class.school.example", "proxy.example:443"]);
        assert!(h.check(Some("class.school.example:8080")).is_ok());
        assert!(h.check(Some("Class.School.Example:8080")).is_ok());
        assert!(h.check(Some("proxy.example:443")).is_ok());
        assert!(h.check(Some("proxy.example:8080")).is_err());
        assert!(h.check(Some("192.168.1.20:8080")).is_ok());
        assert!(h.check(Some("192.168.1.20:8081")).is_err());
        assert!(h.check(Some("evil.example:8080")).is_err());
        let bad = Hosts::new("127.0.0.1:80".parse().unwrap(), &["a b".into()]).unwrap_err();
        assert_eq!(bad, NotAHostName("a b".into()));
        assert!(hosts("127.0.0.1:80", &[]).check(Some("localhost")).is_ok());
    }

    proptest::proptest! {
        /// Any header text gets an answer, never a panic; what is accepted is one of our
        /// names with the bound port.
        #[test]
        fn any_host_text_is_checked_without_panicking(text in "\\PC{0,40}") {
            let h = hosts("127.0.0.1:8080", &["class.example"]);
            if h.check(Some(&text)).is_ok() {
                let lower = text.to_ascii_lowercase();
                proptest::prop_assert!(
                    ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "class.example:8080"]
                        .contains(&lower.as_str()),
                    "accepted {:?}", text
                );
            }
        }
    }
}
