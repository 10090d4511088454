//! Who may use the page: requests for this machine's loopback names only
//! (and the `--host` address it was started on), and state-changing requests
//! only from the page itself, as JSON.
//!
//! - `Host` must be `localhost` (or a name under `.localhost`), a loopback
//!   address, or the address given to `--host`; with an unspecified
//!   `--host` (0.0.0.0, ::) any address literal, never another name. A page
//!   whose name was rebound to 127.0.0.1 sends its own name and gets 403, so
//!   it can neither read answers nor start jobs.
//! - A `POST` (anything but `GET`, `HEAD`, `OPTIONS`) that carries `Origin`
//!   must come from `http://<the Host it was sent to>`; `Origin: null` and
//!   a cross-site `Sec-Fetch-Site` are refused (403). A request with neither
//!   header comes from a program such as curl, not from a web page, and is
//!   served.
//! - A `POST` body must be declared `application/json` (415 otherwise): a
//!   browser sends another site's form or `text/plain` post without asking
//!   anyone, but never JSON.

use std::net::IpAddr;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// The names and addresses a request may be sent to.
#[derive(Clone, Debug)]
pub struct Guard {
    /// The address the server listens on (`--host`).
    host: IpAddr,
}

impl Guard {
    /// The guard of a server listening on `host`.
    pub fn new(host: IpAddr) -> Guard {
        Guard { host }
    }

    /// Whether a `Host` header value names this server.
    pub(crate) fn host_allowed(&self, value: &str) -> bool {
        let name = host_name(value);
        if name.eq_ignore_ascii_case("localhost") || ends_with_ignore_case(name, ".localhost") {
            return true;
        }
        let Ok(ip) = name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() else {
            return false;
        };
        ip.is_loopback() || ip == self.host || self.host.is_unspecified()
    }

    /// Checks one request; `None` lets it through.
    pub fn check(&self, method: &Method, headers: &HeaderMap) -> Option<ApiError> {
        let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
        let Some(host) = host.filter(|h| self.host_allowed(h)) else {
            let shown = host.map_or_else(|| "none".to_string(), |h| format!("`{h:.80}`"));
            return Some(
                ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!(
                        "refused: the request's Host ({shown}) is not a name of this machine (localhost, 127.0.0.1, [::1])"
                    ),
                )
                .hint("open the page at the address `hexpress serve` printed"),
            );
        };
        if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
            return None;
        }
        if let Some(e) = self.check_origin(host, headers) {
            return Some(e);
        }
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            let got = headers
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .map_or_else(|| "none".to_string(), |t| format!("`{t:.60}`"));
            return Some(
                ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    format!("refused: the API reads JSON only (Content-Type {got})"),
                )
                .hint("send the body as `Content-Type: application/json`"),
            );
        }
        None
    }

    fn check_origin(&self, host: &str, headers: &HeaderMap) -> Option<ApiError> {
        let forbidden = |why: String| {
            Some(
                ApiError::new(StatusCode::FORBIDDEN, format!("refused: {why}"))
                    .hint("use the page itself, or a program that sends no Origin"),
            )
        };
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            let own = format!("http://{host}");
            if !origin.eq_ignore_ascii_case(&own) {
                return forbidden(format!(
                    "a request from another page (Origin `{origin:.80}`, not `{own:.80}`) may not start jobs"
                ));
            }
            return None;
        }
        match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
            Some("cross-site" | "same-site") => {
                forbidden("a request from another site may not start jobs".to_string())
            }
            _ => None,
        }
    }
}

/// The host part of a `Host` header value (`[::1]:8080` -> `[::1]`).
fn host_name(value: &str) -> &str {
    let v = value.trim();
    if v.starts_with('[') {
        return v.find(']').map_or(v, |i| &v[..=i]);
    }
    match v.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => v,
    }
}

fn ends_with_ignore_case(s: &str, suffix: &str) -> bool {
    s.len() >= suffix.len()
        && s.is_char_boundary(s.len() - suffix.len())
        && s[s.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// The middleware: refuses what [`Guard::check`] refuses.
pub async fn layer(State(guard): State<Guard>, req: Request, next: Next) -> Response {
    match guard.check(req.method(), req.headers()) {
        Some(e) => e.into_response(),
        None => next.run(req).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn loopback_names_pass_and_other_names_do_not() {
        let g = Guard::new("127.0.0.1".parse().expect("ip"));
        for ok in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "127.3.4.5", "app.localhost"] {
            assert!(g.host_allowed(ok), "{ok}");
        }
        for bad in
            ["attacker.example", "attacker.example:8080", "192.168.1.2:8080", "localhost.evil"]
        {
            assert!(!g.host_allowed(bad), "{bad}");
        }
        let lan = Guard::new("192.168.1.2".parse().expect("ip"));
        assert!(lan.host_allowed("192.168.1.2:8080") && !lan.host_allowed("10.0.0.1"));
        let any = Guard::new("0.0.0.0".parse().expect("ip"));
        assert!(any.host_allowed("10.0.0.1:80") && !any.host_allowed("evil.example"));
    }

    #[test]
    fn posts_need_the_own_origin_and_json() {
        let g = Guard::new("127.0.0.1".parse().expect("ip"));
        let own = [("host", "127.0.0.1:8080"), ("content-type", "application/json")];
        assert!(g.check(&Method::POST, &headers(&own)).is_none());
        let page = [("origin", "http://127.0.0.1:8080"), own[0], own[1]];
        assert!(g.check(&Method::POST, &headers(&page)).is_none());
        let evil = [("origin", "https://evil.example"), own[0], own[1]];
        let e = g.check(&Method::POST, &headers(&evil)).expect("refused");
        assert_eq!(e.status, StatusCode::FORBIDDEN);
        let null = [("origin", "null"), own[0], own[1]];
        assert!(g.check(&Method::POST, &headers(&null)).is_some());
        let text = [("host", "127.0.0.1:8080"), ("content-type", "text/plain")];
        let e = g.check(&Method::POST, &headers(&text)).expect("refused");
        assert_eq!(e.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let cross = [("sec-fetch-site", "cross-site"), own[0], own[1]];
        assert!(g.check(&Method::POST, &headers(&cross)).is_some());
        // Reading is fine from anywhere that names the machine.
        let get = [("host", "localhost:8080"), ("origin", "https://evil.example")];
        assert!(g.check(&Method::GET, &headers(&get)).is_none());
        let rebound = [("host", "attacker.example:8080")];
        assert_eq!(
            g.check(&Method::GET, &headers(&rebound)).expect("refused").status,
            StatusCode::FORBIDDEN
        );
    }
}
