//! At most [`MAX_JOBS`] jobs run at once; a request waits in line for a
//! slot for at most [`JOB_QUEUE_WAIT_MS`], then gets 503. A job runs on a
//! blocking thread and keeps its slot until it really ends, so a request
//! that timed out never frees CPU it is still using. Inside its slot, a job
//! takes its share of the memory budget ([`super::memory`]) once its request
//! is resolved, and a streamed answer ends with an error line at the job's
//! time limit like a plain one.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;
use super::memory::{self, Budget, Kind, Lease};
use super::request::Resolved;
use crate::limits::{JOB_QUEUE_WAIT_MS, JOB_TIME_LIMIT_MS, MAX_JOBS};

/// How many jobs run at once and how long others wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobLimits {
    /// Jobs at once.
    pub jobs: usize,
    /// Longest wait for a slot, in milliseconds.
    pub queue_wait_ms: u64,
    /// Longest a job's answer is waited for, streamed or not, in
    /// milliseconds ([`JOB_TIME_LIMIT_MS`]; tests use a tight one).
    pub time_limit_ms: u64,
}

impl Default for JobLimits {
    fn default() -> Self {
        JobLimits {
            jobs: MAX_JOBS,
            queue_wait_ms: JOB_QUEUE_WAIT_MS,
            time_limit_ms: JOB_TIME_LIMIT_MS,
        }
    }
}

/// The job slots of one server.
#[derive(Clone)]
pub struct Jobs {
    slots: Arc<Semaphore>,
    limits: JobLimits,
    memory: Budget,
}

impl Jobs {
    /// Slots for `limits` (at least one job).
    pub fn new(limits: JobLimits) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(limits.jobs.max(1))),
            limits,
            memory: Budget::default(),
        }
    }

    /// Takes a resolved request's share of the memory budget (call it on
    /// the job's thread): waits like a slot, refuses a job too large for
    /// the whole budget.
    pub(crate) fn admit(&self, r: &Resolved, kind: Kind) -> Result<Lease, ApiError> {
        let hexes = r.scenario.map_for(r.players).map_or(0, |m| m.board.hexes.len());
        let wait = Duration::from_millis(self.limits.queue_wait_ms);
        self.memory.admit(memory::estimate_mib(kind, hexes), wait)
    }

    /// [`Jobs::admit`] for a board.
    pub(crate) fn admit_board(&self, r: &Resolved) -> Result<Lease, ApiError> {
        self.admit(r, Kind::Board { candidates: r.candidates })
    }

    /// [`Jobs::admit`] for a pack.
    pub(crate) fn admit_pack(&self, r: &Resolved) -> Result<Lease, ApiError> {
        self.admit(r, Kind::Pack { candidates: r.candidates })
    }

    /// The lines of a streamed job within this server's job time limit.
    pub(crate) fn within_time_limit(
        &self,
        rx: tokio::sync::mpsc::Receiver<String>,
    ) -> impl futures_util::Stream<Item = Result<String, Infallible>> + Send {
        within_time_limit(rx, self.limits.time_limit_ms)
    }

    /// [`Jobs::admit`] for a check of the scenario.
    pub(crate) fn admit_validate(&self, r: &Resolved) -> Result<Lease, ApiError> {
        self.admit(r, Kind::Validate)
    }

    /// Waits for a free slot, or refuses with 503.
    pub async fn slot(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(p) = self.slots.clone().try_acquire_owned() {
            return Ok(p);
        }
        let wait = Duration::from_millis(self.limits.queue_wait_ms);
        match tokio::time::timeout(wait, self.slots.clone().acquire_owned()).await {
            Ok(Ok(p)) => Ok(p),
            _ => Err(busy(self.limits)),
        }
    }

    /// Runs `job` on a blocking thread in a slot, answering within
    /// [`JOB_TIME_LIMIT_MS`].
    pub async fn run<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let permit = self.slot().await?;
        let task = tokio::task::spawn_blocking(move || {
            let out = job();
            drop(permit);
            out
        });
        match tokio::time::timeout(Duration::from_millis(self.limits.time_limit_ms), task).await {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the job failed")),
            Err(_) => Err(too_long(self.limits.time_limit_ms)),
        }
    }
}

/// The lines of a streamed job, ending with an error line if the job is
/// still running at the job time limit (counted from this call, made when
/// the job starts).
pub(crate) fn within_time_limit(
    rx: tokio::sync::mpsc::Receiver<String>,
    limit_ms: u64,
) -> impl futures_util::Stream<Item = Result<String, Infallible>> + Send {
    let end = tokio::time::Instant::now() + Duration::from_millis(limit_ms);
    futures_util::stream::unfold(Some(rx), move |rx| async move {
        let mut rx = rx?;
        match tokio::time::timeout_at(end, rx.recv()).await {
            Ok(Some(line)) => Some((Ok(line), Some(rx))),
            Ok(None) => None,
            Err(_) => {
                let e = too_long(limit_ms);
                let line = serde_json::json!({ "error": &e, "status": e.status.as_u16() });
                Some((Ok(format!("{line}\n")), None))
            }
        }
    })
}

/// The 503 answer when every slot stays taken.
fn busy(l: JobLimits) -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "busy: {} jobs are running (the limit) and none finished within {} ms",
            l.jobs, l.queue_wait_ms
        ),
    )
    .hint("try again in a moment")
}

/// The answer when a job runs past its time.
pub(crate) fn too_long(limit_ms: u64) -> ApiError {
    ApiError::new(
        StatusCode::GATEWAY_TIMEOUT,
        format!("the job took longer than {limit_ms} ms (the page's limit)"),
    )
    .hint("search fewer candidates, or use `hexpress generate` for very large maps")
}
