//! Choosing a sampler for one map and rule set: a trial run of deals with a
//! fixed seed, never per seed.

use super::budget::Budget;
use super::problem::Problem;
use super::{chain, exact};
use crate::rng::{stage_rng, Stream};

/// How a solver draws its boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Exact rejection sampling.
    Rejection,
    /// A Markov chain of this many steps per board.
    Chain {
        /// Steps per board.
        steps: u64,
    },
}

/// Trial deals that choose the method, at most (fewer on large maps).
const PILOT_DEALS: u64 = 20_000;
/// Valid boards after which the trial stops.
const PILOT_ACCEPTS: u64 = 64;

/// Trial deals with a fixed seed: rejection when valid boards come up often
/// enough that dealing is cheaper than running the chain, else the chain.
pub(super) fn pilot(p: &Problem<'_>, chain: &chain::Chain) -> Method {
    let max = (4_000_000 / (p.n as u64 + 1)).clamp(64, PILOT_DEALS);
    let mut budget = Budget { nodes: 0, max, deadline: None };
    let mut ex = exact::Exact::new(p);
    let mut rng = stage_rng(0, Stream::Pilot);
    let mut accepted = 0u64;
    while accepted < PILOT_ACCEPTS {
        if ex.sample(p, &mut rng, &mut budget).is_err() {
            break;
        }
        accepted += 1;
    }
    if accepted == 0 {
        return Method::Chain { steps: chain.steps };
    }
    // A deal touches about as many hexes as the chain does in one step per
    // early tile, constrained chip and harbor; compare the work per board.
    let per_deal: u64 = p.regions.iter().map(|r| (r.early + r.constrained) as u64).sum::<u64>()
        + p.facing_cells.len() as u64
        + 1;
    let deals_per_board = budget.nodes.div_ceil(accepted);
    if deals_per_board * per_deal <= 4 * chain.steps.max(1) {
        Method::Rejection
    } else {
        Method::Chain { steps: chain.steps }
    }
}
