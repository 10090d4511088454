//! The server's own accept loop (hyper's HTTP/1 on tokio), so that every
//! connection is bounded in number and in time:
//!
//! - at most [`cap`] connections (the lower of [`MAX_CONNECTIONS`] and the
//!   open-file limit less [`FD_RESERVE`]); at the cap the connection idle the
//!   longest is closed for the new one, and when every one has a request in
//!   flight the newcomer gets 503 at once, so a flood of idle connections
//!   never keeps the page from answering;
//! - headers must arrive within [`HEADER_READ_TIMEOUT_MS`] (hyper's timer,
//!   which also runs between requests on a kept-alive connection);
//! - a connection with no request in flight and no byte received for
//!   [`IDLE_TIMEOUT_MS`] is closed (both are [`Timeouts`], which tests
//!   shorten), and so is one whose request has kept it
//!   busy for [`REQUEST_TIME_LIMIT_MS`] (a client that never reads its answer).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

use crate::limits::{
    BODY_READ_TIMEOUT_MS, FD_RESERVE, HEADER_READ_TIMEOUT_MS, IDLE_TIMEOUT_MS, MAX_CONNECTIONS,
    REQUEST_TIME_LIMIT_MS,
};

/// The connection cap for this process: [`MAX_CONNECTIONS`], or the soft
/// open-file limit less [`FD_RESERVE`] when that is lower (at least 4).
pub fn cap() -> usize {
    let files = open_file_limit().unwrap_or(1024);
    MAX_CONNECTIONS.min(files.saturating_sub(FD_RESERVE)).max(4)
}

/// The soft limit on open files, from `/proc/self/limits` (Linux).
fn open_file_limit() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// One open connection, as the registry sees it.
struct Conn {
    /// Requests in flight (a request ends when its answer is sent).
    busy: AtomicUsize,
    /// When the last byte arrived, or the last request began or ended, in
    /// ms since the server started.
    active_ms: AtomicU64,
    /// When the request in flight began, in ms since the server started.
    busy_since_ms: AtomicU64,
    /// Told to close the connection.
    kill: Notify,
}

/// Every open connection of one server.
/// How long a connection may take, in milliseconds. The defaults are the
/// named limits [`HEADER_READ_TIMEOUT_MS`], [`IDLE_TIMEOUT_MS`] and
/// [`BODY_READ_TIMEOUT_MS`]; tests shorten them to see them act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For a request's headers (from the connection's opening, or from the
    /// end of the previous answer).
    pub header_ms: u64,
    /// With no request in flight and no byte received.
    pub idle_ms: u64,
    /// For a request's whole body once its headers are in.
    pub body_ms: u64,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            header_ms: HEADER_READ_TIMEOUT_MS,
            idle_ms: IDLE_TIMEOUT_MS,
            body_ms: BODY_READ_TIMEOUT_MS,
        }
    }
}

struct Registry {
    started: Instant,
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
    cap: usize,
    idle_ms: u64,
}

impl Registry {
    fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Conn>>> {
        self.conns.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes room for one more connection: closes the one idle the longest
    /// when at the cap. False when every connection is busy.
    fn admit(&self, id: u64, conn: Arc<Conn>) -> bool {
        let mut conns = self.lock();
        if conns.len() >= self.cap {
            let victim = conns
                .iter()
                .filter(|(_, c)| c.busy.load(Ordering::SeqCst) == 0)
                .min_by_key(|(_, c)| c.active_ms.load(Ordering::SeqCst))
                .map(|(k, c)| (*k, c.clone()));
            let Some((k, c)) = victim else { return false };
            conns.remove(&k);
            c.kill.notify_one();
        }
        conns.insert(id, conn);
        true
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Closes idle connections and requests past their time.
    fn reap(&self) {
        let now = self.now_ms();
        let mut conns = self.lock();
        conns.retain(|_, c| {
            let expired = match c.busy.load(Ordering::SeqCst) {
                0 => now.saturating_sub(c.active_ms.load(Ordering::SeqCst)) > self.idle_ms,
                _ => {
                    now.saturating_sub(c.busy_since_ms.load(Ordering::SeqCst))
                        > REQUEST_TIME_LIMIT_MS
                }
            };
            if expired {
                c.kill.notify_one();
            }
            !expired
        });
    }
}

/// A TCP stream that notes when bytes arrive.
struct Watched {
    inner: TcpStream,
    conn: Arc<Conn>,
    registry: Arc<Registry>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.conn.active_ms.store(self.registry.now_ms(), Ordering::SeqCst);
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

/// A request in flight on a connection; it ends when dropped (with the
/// answer's body, once it is sent).
struct Busy {
    conn: Arc<Conn>,
    registry: Arc<Registry>,
}

impl Busy {
    fn start(conn: Arc<Conn>, registry: Arc<Registry>) -> Busy {
        let now = registry.now_ms();
        conn.busy_since_ms.store(now, Ordering::SeqCst);
        conn.active_ms.store(now, Ordering::SeqCst);
        conn.busy.fetch_add(1, Ordering::SeqCst);
        Busy { conn, registry }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.conn.active_ms.store(self.registry.now_ms(), Ordering::SeqCst);
        self.conn.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

/// An answer's body that keeps its request in flight until it is sent.
struct Tracked {
    inner: Body,
    _busy: Busy,
}

impl http_body::Body for Tracked {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// The answer to a connection refused at the cap.
fn refusal(cap: usize) -> Vec<u8> {
    let body = serde_json::json!({ "error": {
        "message": format!("busy: {cap} connections are open (the limit) and every one has a request in flight"),
        "hint": "try again in a moment",
    }})
    .to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 2\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Serves `app` on `listener` until `stop` completes, cutting connections
/// at `timeouts` (the body's is `app`'s, see [`super::router_for`]).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    timeouts: Timeouts,
    stop: impl Future<Output = ()>,
) {
    let registry = Arc::new(Registry {
        started: Instant::now(),
        conns: Mutex::default(),
        cap: cap(),
        idle_ms: timeouts.idle_ms,
    });
    let reaper = {
        let registry = registry.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(250));
            loop {
                tick.tick().await;
                registry.reap();
            }
        })
    };
    let mut stop = std::pin::pin!(stop);
    let mut next_id = 0u64;
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((s, _)) => s,
            Err(_) => {
                // Out of file descriptors or a connection reset before it
                // was taken: close the longest-idle connection and go on.
                registry.reap();
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        next_id += 1;
        let conn = Arc::new(Conn {
            busy: AtomicUsize::new(0),
            active_ms: AtomicU64::new(registry.now_ms()),
            busy_since_ms: AtomicU64::new(0),
            kill: Notify::new(),
        });
        if !registry.admit(next_id, conn.clone()) {
            let cap = registry.cap;
            // A few hundred bytes: the socket's buffer takes them at once.
            tokio::spawn(async move {
                let answer = refusal(cap);
                if let Ok(Ok(())) =
                    tokio::time::timeout(Duration::from_secs(1), stream.writable()).await
                {
                    let _ = stream.try_write(&answer);
                }
            });
            continue;
        }
        let header_ms = timeouts.header_ms;
        tokio::spawn(connection(next_id, stream, conn, registry.clone(), app.clone(), header_ms));
    }
    reaper.abort();
    for c in registry.lock().drain() {
        c.1.kill.notify_one();
    }
}

async fn connection(
    id: u64,
    stream: TcpStream,
    conn: Arc<Conn>,
    registry: Arc<Registry>,
    app: Router,
    header_ms: u64,
) {
    let io =
        TokioIo::new(Watched { inner: stream, conn: conn.clone(), registry: registry.clone() });
    let (c, r) = (conn.clone(), registry.clone());
    let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
        let busy = Busy::start(c.clone(), r.clone());
        let app = app.clone();
        async move {
            let resp = tower::ServiceExt::oneshot(app, req.map(Body::new)).await?;
            Ok::<_, std::convert::Infallible>(
                resp.map(|inner| Body::new(Tracked { inner, _busy: busy })),
            )
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_millis(header_ms))
        .max_buf_size(64 << 10);
    let served = builder.serve_connection(io, service);
    tokio::select! {
        _ = served => {}
        () = conn.kill.notified() => {}
    }
    registry.remove(id);
}
