//! Node and deadline accounting shared by the samplers and the start
//! search, and the search's restart schedule.

use std::time::Instant;

use super::{SolveOptions, Stop};

/// Node and deadline accounting shared by the samplers.
pub(crate) struct Budget {
    pub nodes: u64,
    pub max: u64,
    pub deadline: Option<Instant>,
}

impl Budget {
    pub(crate) fn new(opts: &SolveOptions) -> Budget {
        Budget { nodes: 0, max: opts.max_nodes.max(1), deadline: opts.deadline }
    }

    /// Counts a node; fails when the budget or the deadline is spent.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes >= self.max {
            return Err(Stop::Budget);
        }
        if self.nodes & 0xFFF == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    return Err(Stop::Deadline);
                }
            }
        }
        Ok(())
    }
}

/// Restart schedule for a randomized depth-first search: the node limit of
/// run `k` (0-based). The last runs are unbounded, so the search stays
/// complete when it is given enough budget.
pub(crate) fn restart_limit(depth: usize, run: u32) -> u64 {
    if run >= RESTART_RUNS {
        return u64::MAX;
    }
    // Grows by half each run: short runs escape bad early choices cheaply.
    let base = (depth as u64 + 1) * RESTART_BASE;
    base * 3u64.pow(run) / 2u64.pow(run)
}

const RESTART_BASE: u64 = 2;
const RESTART_RUNS: u32 = 24;
