//! The client's address behind a reverse proxy. A forwarded address (`X-Forwarded-For`) is
//! believed only from a proxy the operator named: anyone else could write any address
//! there and escape the limits made per address.

use std::net::IpAddr;

/// The address the limits count for a request that came from `peer` carrying
/// `forwarded` (the `X-Forwarded-For` header's value, if any): `peer` itself unless
/// `peer` is one of the `trusted` proxies; then the right-most address in the header
/// that is not a trusted proxy (each proxy appends the address it heard from, so the
/// ones to the left were written by the client and prove nothing). An unreadable entry
/// ends the walk at the proxy that appended it.
pub fn client(peer: IpAddr, forwarded: Option<&str>, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let Some(header) = forwarded else { return peer };
    let mut client = peer;
    for hop in header.rsplit(',').take(32) {
        match hop.trim().parse::<IpAddr>() {
            Ok(addr) => {
                client = addr;
                if !trusted.contains(&addr) {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_forwarded_address_is_believed_only_from_a_named_proxy() {
        let proxy = [ip("127.0.0.1")];
        // Straight from the internet: the header is the client's own words.
        assert_eq!(client(ip("203.0.113.9"), Some("10.0.0.1"), &proxy), ip("203.0.113.9"));
        // Through the proxy: the address it appended.
        assert_eq!(client(ip("127.0.0.1"), Some("198.51.100.7"), &proxy), ip("198.51.100.7"));
        // A client that wrote its own header in front gains nothing.
        assert_eq!(
            client(ip("127.0.0.1"), Some("1.2.3.4, 198.51.100.7"), &proxy),
            ip("198.51.100.7")
        );
        // Two proxies of ours in a row: the first address neither wrote.
        let two = [ip("127.0.0.1"), ip("10.0.0.2")];
        assert_eq!(
            client(ip("127.0.0.1"), Some("198.51.100.7, 10.0.0.2"), &two),
            ip("198.51.100.7")
        );
        // Garbage stops at the proxy that passed it on.
        assert_eq!(client(ip("127.0.0.1"), Some("nonsense"), &proxy), ip("127.0.0.1"));
        assert_eq!(client(ip("127.0.0.1"), None, &proxy), ip("127.0.0.1"));
        assert_eq!(client(ip("::1"), Some("2001:db8::5"), &[ip("::1")]), ip("2001:db8::5"));
    }
}
