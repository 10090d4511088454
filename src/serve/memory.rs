//! The server's memory budget: a job is admitted by an estimate of its peak
//! memory, and waits in line until that much of [`JOB_MEMORY_MIB`] is free,
//! so that any mix of requests keeps the process under 512 MiB resident.
//!
//! The estimates are linear in the map's hexes (and, for a pack, in the
//! preview's pixels), with coefficients measured on the largest maps the
//! page accepts (`tests/serve_load.rs` prints and checks the peaks). A job
//! whose estimate is larger than the whole budget is refused at once.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use super::error::ApiError;
use crate::limits::{JOB_MEMORY_MIB, MAX_PREVIEW_PIXELS};

/// What a job does, for its estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Check a scenario.
    Validate,
    /// Lay out a board and draw its map for the page (`candidates`: a
    /// balanced search).
    Board {
        /// Candidates of a balanced search, if any.
        candidates: Option<u64>,
    },
    /// Lay out a board and draw every file of the pack.
    Pack {
        /// Candidates of a balanced search, if any.
        candidates: Option<u64>,
    },
}

/// Estimated peak memory of a job in MiB, for a map of `hexes` hexes.
pub(crate) fn estimate_mib(kind: Kind, hexes: usize) -> u64 {
    let h = hexes as u64;
    let search = |c: Option<u64>| c.map_or(0, |n| 4 + n / 4_000);
    match kind {
        Kind::Validate => 4 + h / 200,
        // The page's JSON holds the map drawing several times over
        // (SVG text, JSON value, the answer): about 26 KiB per hex.
        Kind::Board { candidates } => 8 + h * 26 / 1024 + search(candidates),
        // Measured peaks of `generate` with the defaults (less the process
        // itself): 80 MB for the base game, 139 MB for 144 hexes, 251 MB
        // for 289 and 293 MB for 992 (`tests/serve_load.rs` keeps the
        // server's peak in check). The preview's pixmap, its RGB copy and
        // its PNG take about 8 bytes a pixel (about 90,000 pixels a hex at
        // 100 dpi, at most `MAX_PREVIEW_PIXELS`); the drawings about 62 KiB
        // a hex.
        Kind::Pack { candidates } => {
            let pixels = MAX_PREVIEW_PIXELS.min(2_000_000 + h * 90_000);
            25 + pixels * 8 / (1 << 20) + h * 62 / 1024 + search(candidates)
        }
    }
}

#[derive(Default)]
struct Used {
    mib: u64,
}

/// The budget of one server.
#[derive(Clone)]
pub struct Budget {
    total: u64,
    used: Arc<(Mutex<Used>, Condvar)>,
}

/// A job's share of the budget, given back when dropped.
pub(crate) struct Lease {
    mib: u64,
    used: Arc<(Mutex<Used>, Condvar)>,
}

impl Drop for Lease {
    fn drop(&mut self) {
        let (m, cv) = &*self.used;
        let mut u = m.lock().unwrap_or_else(|e| e.into_inner());
        u.mib = u.mib.saturating_sub(self.mib);
        cv.notify_all();
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::new(JOB_MEMORY_MIB)
    }
}

impl Budget {
    /// A budget of `total` MiB.
    pub fn new(total: u64) -> Budget {
        Budget { total, used: Arc::default() }
    }

    /// MiB leased now.
    pub fn used(&self) -> u64 {
        self.used.0.lock().unwrap_or_else(|e| e.into_inner()).mib
    }

    /// Waits (blocking: call it on a job's thread) until `mib` is free, for
    /// at most `wait`; refuses a job larger than the whole budget at once.
    pub(crate) fn admit(&self, mib: u64, wait: Duration) -> Result<Lease, ApiError> {
        if mib > self.total {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "this job needs about {mib} MiB, more than the page's {} MiB for jobs (`JOB_MEMORY_MIB`)",
                    self.total
                ),
            )
            .hint("use `hexpress generate` for a map this large (with --layout-only for the layout alone)"));
        }
        let deadline = Instant::now() + wait;
        let (m, cv) = &*self.used;
        let mut u = m.lock().unwrap_or_else(|e| e.into_inner());
        while u.mib + mib > self.total {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "busy: the jobs running hold {} of the page's {} MiB for jobs and this one needs about {mib} MiB",
                        u.mib, self.total
                    ),
                )
                .hint("try again in a moment"));
            }
            u = cv.wait_timeout(u, left).unwrap_or_else(|e| e.into_inner()).0;
        }
        u.mib += mib;
        Ok(Lease { mib, used: self.used.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leases_wait_for_room_and_give_it_back() {
        let b = Budget::new(100);
        let a = b.admit(60, Duration::ZERO).expect("room");
        let e = b.admit(60, Duration::from_millis(10)).err().expect("no room");
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        let big = b.admit(101, Duration::from_secs(10)).err().expect("never fits");
        assert_eq!(big.status, StatusCode::PAYLOAD_TOO_LARGE);
        let b2 = b.clone();
        let waiter = std::thread::spawn(move || b2.admit(60, Duration::from_secs(10)).is_ok());
        std::thread::sleep(Duration::from_millis(50));
        drop(a);
        assert!(waiter.join().expect("thread"));
        assert_eq!(b.used(), 0);
    }

    #[test]
    fn estimates_grow_with_the_map() {
        let k = Kind::Pack { candidates: None };
        assert!(estimate_mib(k, 1_000) > estimate_mib(k, 61));
        assert!(estimate_mib(k, 61) < JOB_MEMORY_MIB / 4, "{}", estimate_mib(k, 61));
        assert!(estimate_mib(k, 1_000) <= JOB_MEMORY_MIB, "{}", estimate_mib(k, 1_000));
    }
}
