//! `hexpress serve`: a local web page for choosing a scenario, rerolling,
//! locking hexes, seeing why a board is fair and downloading the print pack.
//!
//! ```text
//! page (HTML + CSS + script, embedded) ──► /api/board ─► resolve::resolve ─► board::make ─► board::to_json
//!                                     └──► /api/pack  ─► ... ─► board_files::files (the CLI's drawing entry)
//! ```
//!
//! Requests name built-in scenarios or carry pasted text, never a path.
//! Every request is bounded: body size, scenario length, locks, candidates,
//! the solver's steps and time; at most [`MAX_JOBS`] jobs run at once, each
//! admitted by its estimated memory ([`memory`]).
//!
//! The edge: requests only for this machine's names, jobs only from the page
//! itself and as JSON ([`guard`]); bodies read within a time limit
//! ([`body`]); connections capped and timed out by the server's own accept
//! loop ([`listen`]).

mod advice;
mod answers;
mod api;
pub mod board;
pub mod board_files;
mod body;
pub mod chain;
pub mod error;
pub mod guard;
mod jobs;
mod judge;
pub mod kept;
pub mod listen;
pub(crate) mod lock_error;
mod measures;
pub mod memory;
pub mod names;
pub mod paint;
mod rebuild;
pub mod request;
pub mod resolve;
pub mod share;

use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};
use axum::Router;

use crate::front::export::OutFile;
use crate::limits::{KEPT_PACK_BYTES, MAX_JOBS, MAX_REQUEST_BYTES};
pub use jobs::JobLimits;
pub use listen::Timeouts;

/// Packs kept for download at once (a print pack of the base game is about
/// 1 MB; a large map's more, and all of them together are kept within
/// [`KEPT_PACK_BYTES`]); the builder's files of a board count as one.
const KEPT_PACKS: usize = 8;

/// One drawn pack kept for download: its key, its named files and how to
/// print it.
struct KeptPack {
    key: String,
    files: Vec<(String, Bytes)>,
    advice: Option<advice::Advice>,
}

/// Shared state of one server.
pub(crate) struct AppState {
    jobs: jobs::Jobs,
    packs: Mutex<VecDeque<KeptPack>>,
    boards: kept::KeptBoards,
    /// The server's own secret, in every key of kept files: a key cannot
    /// be worked out from what the page shows ([`share::key`]).
    salt: String,
}

impl AppState {
    /// Keeps a drawn pack and its advice (dropping the oldest beyond
    /// [`KEPT_PACKS`]); returns its file names and sizes.
    fn keep(
        &self,
        key: String,
        files: Vec<OutFile>,
        advice: Option<advice::Advice>,
    ) -> Vec<(String, usize)> {
        let sizes = files.iter().map(|(n, b)| (n.clone(), b.len())).collect();
        let files = files.into_iter().map(|(n, b)| (n, Bytes::from(b))).collect();
        let mut packs = self.packs.lock().unwrap_or_else(|e| e.into_inner());
        packs.retain(|p| p.key != key);
        packs.push_back(KeptPack { key, files, advice });
        let bytes = |p: &VecDeque<KeptPack>| -> usize {
            p.iter().flat_map(|p| p.files.iter()).map(|(_, b)| b.len()).sum()
        };
        while packs.len() > KEPT_PACKS || (packs.len() > 1 && bytes(&packs) > KEPT_PACK_BYTES) {
            packs.pop_front();
        }
        sizes
    }

    /// The file names and sizes of a kept pack.
    fn sizes(&self, key: &str) -> Option<Vec<(String, usize)>> {
        let packs = self.packs.lock().unwrap_or_else(|e| e.into_inner());
        let p = packs.iter().find(|p| p.key == key)?;
        Some(p.files.iter().map(|(n, b)| (n.clone(), b.len())).collect())
    }

    /// How to print a kept pack, when it has a print pack.
    fn advice(&self, key: &str) -> Option<advice::Advice> {
        let packs = self.packs.lock().unwrap_or_else(|e| e.into_inner());
        packs.iter().find(|p| p.key == key).and_then(|p| p.advice.clone())
    }

    fn file(&self, key: &str, name: &str) -> Option<Bytes> {
        let packs = self.packs.lock().unwrap_or_else(|e| e.into_inner());
        let p = packs.iter().find(|p| p.key == key)?;
        p.files.iter().find(|(n, _)| n == name).map(|(_, b)| b.clone())
    }
}

/// The server's routes, with the default job limits.
pub fn router() -> Router {
    router_with(JobLimits::default())
}

/// The server's routes with given job limits.
pub fn router_with(limits: JobLimits) -> Router {
    router_for(limits, IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), Timeouts::default().body_ms)
}

/// The server's routes with given job limits, for a server listening on
/// `host` (the names it answers to, see [`guard`]), reading request bodies
/// within `body_ms` milliseconds.
pub(crate) fn router_for(limits: JobLimits, host: IpAddr, body_ms: u64) -> Router {
    Router::new()
        .route("/", get(api::index))
        .route("/style.css", get(api::style))
        .route("/app.js", get(api::script))
        .route("/js/{name}", get(api::script_file))
        .route("/favicon.svg", get(api::favicon))
        .route("/favicon.ico", get(api::favicon))
        .route("/api/scenarios", get(api::scenarios))
        .route("/api/board", post(api::board))
        .route("/api/validate", post(api::validate))
        .route("/api/pack", post(api::pack))
        .route("/api/paint", post(api::paint))
        .route("/api/file/{key}/{name}", get(api::file))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_REQUEST_BYTES))
        .with_state(Arc::new(AppState {
            jobs: jobs::Jobs::new(limits),
            packs: Mutex::default(),
            boards: kept::KeptBoards::default(),
            salt: salt(),
        }))
        .layer(from_fn_with_state(body_ms, body::layer))
        .layer(from_fn_with_state(guard::Guard::new(host), guard::layer))
}

/// 128 random bits (the standard library's hasher keys, drawn from the
/// system's randomness for each new `RandomState`).
fn salt() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut words = [0u64; 2];
    for w in &mut words {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0x6865_7870_7265_7373);
        *w = h.finish();
    }
    format!("{:016x}{:016x}", words[0], words[1])
}

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(MAX_JOBS + 2)
        .enable_io()
        .enable_time()
        .build()
}

/// Whether serving on `host` keeps the page on this machine.
pub(crate) fn is_local(host: IpAddr) -> bool {
    host.is_loopback()
}

/// Serves until the process ends; `ready` is told the bound address first.
pub fn run(addr: SocketAddr, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let rt = runtime()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        let timeouts = Timeouts::default();
        let app = router_for(JobLimits::default(), addr.ip(), timeouts.body_ms);
        listen::serve(listener, app, timeouts, std::future::pending()).await;
        Ok(())
    })
}

/// A server running on its own threads (for tests and embedding); it stops
/// when dropped.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Starts a server on `addr` (port 0: any free port) in the background.
pub fn spawn(addr: SocketAddr) -> std::io::Result<Running> {
    spawn_with(addr, JobLimits::default())
}

/// Like [`spawn`], with given job limits (tests use a tight one).
pub fn spawn_with(addr: SocketAddr, limits: JobLimits) -> std::io::Result<Running> {
    spawn_limited(addr, limits, Timeouts::default())
}

/// Like [`spawn_with`], with given connection timeouts (tests use short
/// ones to see them act).
pub fn spawn_limited(
    addr: SocketAddr,
    limits: JobLimits,
    timeouts: Timeouts,
) -> std::io::Result<Running> {
    let rt = runtime()?;
    let listener = rt.block_on(tokio::net::TcpListener::bind(addr))?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        rt.block_on(async move {
            let app = router_for(limits, addr.ip(), timeouts.body_ms);
            listen::serve(listener, app, timeouts, async move {
                let _ = stopped.await;
            })
            .await;
        });
    });
    Ok(Running { addr, stop: Some(stop), thread: Some(thread) })
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
