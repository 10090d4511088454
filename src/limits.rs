//! Limits on everything a scenario or a command line can make grow: one home
//! for each, named in the error that enforces it.

/// Most hexes on one map (a 10,000-hex map is supported with room to spare).
pub const MAX_HEXES: usize = 20_000;

/// Most hexes one `--lock` list (or the web page) may lock.
pub const MAX_LOCKS: usize = 1_000;

/// Longest scenario text the web page accepts (1 MiB; the largest built-in
/// is under 20 KiB).
pub const MAX_SCENARIO_BYTES: usize = 1 << 20;

/// Largest request body the web page's server reads: a scenario at its
/// limit plus the options around it.
pub const MAX_REQUEST_BYTES: usize = MAX_SCENARIO_BYTES + (64 << 10);

/// Most candidates one balanced search on the web page may score.
pub const MAX_WEB_CANDIDATES: u64 = 100_000;

/// Jobs (layouts, searches, drawings) the web page's server runs at once;
/// further requests wait in line for [`JOB_QUEUE_WAIT_MS`].
pub const MAX_JOBS: usize = 2;

/// How long a request waits for a free job slot before it is refused with
/// 503, in milliseconds.
pub const JOB_QUEUE_WAIT_MS: u64 = 3_000;

/// Wall-clock limit of one job on the web page, in milliseconds (the same
/// default as `--time-limit-ms` for a layout; a search or a print pack of a
/// large map may take longer, up to this).
pub const JOB_TIME_LIMIT_MS: u64 = 60_000;
