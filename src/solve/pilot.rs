//! Choosing a sampler for one map and rule set, never per seed: a trial run
//! of deals with a fixed seed, then the counting table if dealing is slow.

use super::budget::Budget;
use super::complete::Complete;
use super::count::classes::Split;
use super::count::{Bound, TooBig, MAX_STATES};
use super::counted::Counted;
use super::markov::{self, Markov, NotReady};
use super::problem::Problem;
use super::{chain, exact, proof, sat, Lock, SamplerLimit, SolveError, SolveOptions, Stop};
use crate::rng::{stage_rng, Stream};
use std::time::Instant;

/// How a solver draws its boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Exact rejection sampling.
    Rejection,
    /// Exact sampling by counting the chip layouts.
    Counting,
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
/// States the table may reach with exact classes (above this, coarser
/// classes and checks after the deal build faster).
const EXACT_STATES: usize = 300_000;

/// The longer trial of deals when no table fits: at most this many deals...
const LONG_TRIAL_DEALS: u64 = 2_000_000;
/// ...and about this many hexes dealt in all.
const LONG_TRIAL_WORK: u64 = 200_000_000;

/// When the chain is ready, the longer trial deals for at most the work of
/// this many of its boards.
const LONG_TRIAL_CHAIN_BOARDS: u64 = 4;

/// Attempts of the counting sampler that test whether it finds boards.
const COUNT_TRIAL: u64 = 20_000;

/// What the trial chose.
pub(super) enum Choice {
    /// A method (with its table, for counting).
    Use(Method, Option<Box<Counted>>),
    /// The Markov chain, ready (no exact sampler fits: why, for `--exact`).
    Chain(Box<Markov>, SolveError),
    /// Every draw would fail: no board exists (a proof), or no sampler fits
    /// the map within its limits.
    Fail(SolveError),
}

/// Trial deals with a fixed seed: rejection when valid boards come up often
/// enough that dealing is cheaper than the alternatives; else the counting
/// table; else rejection if it kept anything at all (slow, but exact).
/// With `exact` (only an exact sampler may draw), a counting table is
/// built whenever it fits its limits, never abandoned early on a forecast.
pub(super) fn pilot(
    p: &Problem<'_>,
    chain: &chain::Chain,
    locks: &[Lock],
    deadline: Option<Instant>,
    exact: bool,
) -> Choice {
    let max = (4_000_000 / (p.n as u64 + 1)).clamp(64, PILOT_DEALS);
    let mut budget = Budget { nodes: 0, max, deadline };
    let mut ex = exact::Exact::new(p);
    let mut rng = stage_rng(0, Stream::Pilot);
    let mut accepted = 0u64;
    while accepted < PILOT_ACCEPTS {
        match ex.sample(p, &mut rng, &mut budget) {
            Err(Stop::Deadline) if accepted > 0 => return late_with_boards(),
            Err(Stop::Deadline) => return out_of_time(budget.nodes),
            Err(_) => break,
            Ok(_) => {}
        }
        accepted += 1;
    }
    // Whether a board is known to exist (what an out-of-time message says).
    let mut found = accepted > 0;
    if accepted == 0 {
        // No trial deal kept a board: on a small map the solver decides at
        // once whether any board exists, before the slower exact methods.
        match none_exists(p, locks, deadline) {
            Ok(exists) => found = exists,
            Err(e) => return Choice::Fail(e),
        }
    }
    let late = |nodes| if found { late_with_boards() } else { out_of_time(nodes) };
    if accepted > 0 {
        // A deal touches about as many hexes as the chain does in one step
        // per early tile, constrained chip and harbor; compare the work per
        // board (the measure that chose rejection before counting existed).
        let deals_per_board = budget.nodes.div_ceil(accepted);
        if deals_per_board * per_deal(p) <= 4 * chain.steps.max(1) {
            return Choice::Use(Method::Rejection, None);
        }
    }
    if accepted == 0 && p.terrain_rules && ex.terrain_kept == 0 {
        // No trial deal kept even the terrain rules: the counting sampler
        // deals the tiles the same way (around the chipless hexes it
        // draws), so its table and trial would be spent for nothing; the
        // chain draws, or the search proves that none exists.
        let limit = SamplerLimit::Terrain { deals: budget.nodes };
        let why = SolveError::Unsampleable { deals: budget.nodes, limit };
        return chain_or_proof(p, chain, locks, why, deadline, found);
    }
    let bound = |states| Bound { states, foresee: !exact, deadline };
    let counted = match Counted::until(p, Split::Exact, bound(EXACT_STATES)) {
        Err(TooBig::Late) => return late(budget.nodes),
        Ok(c) => Ok(c),
        Err(_) => Counted::until(p, Split::Pips, bound(MAX_STATES)),
    };
    match counted {
        Err(TooBig::Late) => late(budget.nodes),
        Ok(c) if c.ctr.total() == 0 => Choice::Fail(proof::chips(p, locks)),
        Ok(c) => {
            let finds = match accepted {
                0 => c.finds_a_board(p, COUNT_TRIAL, deadline),
                _ => Ok(true),
            };
            let Ok(finds) = finds else { return late(budget.nodes) };
            if !finds {
                let opts = SolveOptions::default();
                if let Some(e) = proof::explain(p, Some(&c.ctr), locks, &opts) {
                    return Choice::Fail(e);
                }
                // Counted draws almost never keep every rule: too slow to
                // use, so the chain draws (or the search proves none exists).
                let limit = SamplerLimit::Attempts { max: COUNT_TRIAL };
                let why = SolveError::Unsampleable { deals: budget.nodes, limit };
                return chain_or_proof(p, chain, locks, why, deadline, found);
            }
            Choice::Use(Method::Counting, Some(Box::new(c)))
        }
        Err(_) if accepted > 0 => Choice::Use(Method::Rejection, None),
        Err(bound) => {
            let trial = Trial { ex: &mut ex, rng: &mut rng, deals: budget.nodes, deadline, found };
            without_table(p, chain, locks, trial, bound)
        }
    }
}

/// The pilot's deals, for the longer trial when no table fits.
struct Trial<'e> {
    ex: &'e mut exact::Exact,
    rng: &'e mut crate::rng::Rng,
    /// Deals made so far.
    deals: u64,
    deadline: Option<Instant>,
    /// Whether a board is known to exist.
    found: bool,
}

impl Trial<'_> {
    /// Up to `max` more deals; whether one kept a board (`Err`: the
    /// deadline passed).
    fn deal(&mut self, p: &Problem<'_>, max: u64) -> Result<bool, Stop> {
        let mut long = Budget { nodes: 0, max, deadline: self.deadline };
        let kept = self.ex.sample(p, self.rng, &mut long);
        self.deals += long.nodes;
        match kept {
            Ok(_) => Ok(true),
            Err(Stop::Deadline) => Err(Stop::Deadline),
            Err(_) => Ok(false),
        }
    }
}

/// No counting table fits (`bound`). The chain is prepared first; then
/// rejection is still chosen (it is exact) if a longer trial of deals keeps
/// a board within the work of [`LONG_TRIAL_CHAIN_BOARDS`] chain boards (a
/// deal costs about as much as one chain step per early tile, constrained
/// chip and harbor: the pilot's own measure). If the chain cannot be
/// prepared, the full longer trial decides, as the only way left to a board.
fn without_table(
    p: &Problem<'_>,
    chain: &chain::Chain,
    locks: &[Lock],
    mut trial: Trial<'_>,
    bound: TooBig,
) -> Choice {
    let why = |deals| SolveError::Unsampleable { deals, limit: bound.limit() };
    let late = |t: &Trial<'_>| if t.found { late_with_boards() } else { out_of_time(t.deals) };
    let ready = chain_or_proof(p, chain, locks, why(trial.deals), trial.deadline, trial.found);
    let max = match &ready {
        Choice::Chain(m, _) => LONG_TRIAL_CHAIN_BOARDS * m.steps / per_deal(p),
        Choice::Fail(SolveError::ChainLimit { .. }) => {
            (LONG_TRIAL_WORK / (p.n as u64 + 1)).clamp(PILOT_DEALS, LONG_TRIAL_DEALS)
        }
        Choice::Fail(SolveError::SearchLimit { stop: Stop::Deadline, .. })
        | Choice::Fail(SolveError::OutOfTime { .. }) => return ready,
        Choice::Fail(SolveError::SearchLimit { .. }) => {
            (LONG_TRIAL_WORK / (p.n as u64 + 1)).clamp(PILOT_DEALS, LONG_TRIAL_DEALS)
        }
        // The search proved that no board exists: name the rules if the
        // stages alone show it.
        Choice::Fail(_) => 0,
        Choice::Use(..) => return ready,
    };
    if max > 0 {
        match trial.deal(p, max) {
            Ok(true) => return Choice::Use(Method::Rejection, None),
            Err(_) => return late(&trial),
            Ok(false) => {}
        }
    }
    match ready {
        Choice::Chain(m, _) => Choice::Chain(m, why(trial.deals)),
        Choice::Fail(e) => {
            let proof = proof::explain(p, None, locks, &SolveOptions::default());
            Choice::Fail(proof.unwrap_or(e))
        }
        Choice::Use(..) => ready,
    }
}

/// The work of one trial deal, in chain steps: one per early tile,
/// constrained chip and harbor.
fn per_deal(p: &Problem<'_>) -> u64 {
    p.regions.iter().map(|r| (r.early + r.constrained) as u64).sum::<u64>()
        + p.facing_cells.len() as u64
        + 1
}

/// On a map small enough for the satisfiability solver ([`sat::MAX_VARS`]
/// cells to fill), the proof that no board exists, if none does (`Err`);
/// else whether the solver found one (`false`: the map is larger, or the
/// solver stopped).
fn none_exists(
    p: &Problem<'_>,
    locks: &[Lock],
    deadline: Option<Instant>,
) -> Result<bool, SolveError> {
    let c = Complete::new(p);
    if c.vars.len() > sat::MAX_VARS {
        return Ok(false);
    }
    let mut budget = Budget { nodes: 0, max: markov::SEARCH_NODES, deadline };
    let mut rng = stage_rng(0, Stream::Start);
    match sat::find(&c, &mut rng, &mut budget) {
        Err(Stop::Exhausted) => {
            Err(proof::quick(p, locks).unwrap_or_else(|| proof::joint(p, locks)))
        }
        found => Ok(found.is_ok()),
    }
}

/// The deadline passed while choosing the method (the choice itself never
/// depends on the clock: it only stops).
fn out_of_time(nodes: u64) -> Choice {
    Choice::Fail(SolveError::SearchLimit { nodes, stop: Stop::Deadline, max: 0 })
}

/// The deadline passed after boards were found (by trial deals or the
/// solver), before a fair draw was ready.
fn late_with_boards() -> Choice {
    Choice::Fail(SolveError::OutOfTime { while_: "choosing how to draw this map" })
}

/// No exact sampler fits (`why`): the chain, from boards the complete
/// search finds; or the proof that none exists; or the limit that stopped.
pub(super) fn chain_or_proof(
    p: &Problem<'_>,
    chain: &chain::Chain,
    locks: &[Lock],
    why: SolveError,
    deadline: Option<Instant>,
    found: bool,
) -> Choice {
    if chain.steps > markov::MAX_STEPS {
        return Choice::Fail(SolveError::ChainLimit { steps: chain.steps, max: markov::MAX_STEPS });
    }
    match markov::prepare(p, chain, deadline) {
        Ok(m) => Choice::Chain(Box::new(m), why),
        Err(NotReady::Search(Stop::Exhausted, _)) => {
            Choice::Fail(proof::quick(p, locks).unwrap_or_else(|| proof::joint(p, locks)))
        }
        Err(NotReady::Search(Stop::Deadline, _)) if found => late_with_boards(),
        Err(NotReady::Search(stop, nodes)) => {
            Choice::Fail(SolveError::SearchLimit { nodes, stop, max: markov::SEARCH_NODES })
        }
        Err(NotReady::Late) => {
            Choice::Fail(SolveError::OutOfTime { while_: "checking that the Markov chain mixes" })
        }
        // Boards exist (the chains started from them) but the diagnostics
        // did not pass: the chain still draws, at its longest, and each
        // board says it is not shown to be uniform (refusing is the last
        // resort; `--exact` refuses it as any chain).
        Err(NotReady::Diagnostics(m)) => Choice::Chain(m, why),
    }
}
