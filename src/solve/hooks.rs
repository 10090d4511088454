//! The solver's hooks for tests and measurements: the same solver made to
//! draw with one method, the complete search and the counting table asked
//! directly.

use std::time::Instant;

use super::CHAIN_FACTOR;
use super::{
    budget, chain, complete, count, counted, pilot, sat, Method, SolveError, Solver, Stop,
};
use crate::rng::{stage_rng, Stream};

impl Solver<'_> {
    /// The same solver drawing with the swap chain, `steps` steps per board
    /// (for tests that measure how the chain mixes; the chain is not proven
    /// to reach every valid board, so no solver chooses it on its own).
    #[doc(hidden)]
    pub fn with_chain_steps(mut self, steps: u64) -> Self {
        self.chain = chain::Chain::new(&self.p, CHAIN_FACTOR).swaps_only();
        self.chain.steps = steps;
        self.method = Method::Chain { steps };
        self.refused = None;
        self.markov = None;
        self
    }

    /// The same solver drawing with the swap moves and the heat-bath move
    /// alone (no block move, relabelling or re-deal), `steps` steps per
    /// board from one start: for the test that holds the heat-bath move to
    /// the exact distribution.
    #[doc(hidden)]
    pub fn with_heat_chain_steps(self, steps: u64) -> Self {
        let mut s = self.with_chain_steps(steps);
        s.chain = chain::Chain::new(&s.p, CHAIN_FACTOR).swaps_and_heat();
        s.chain.steps = steps;
        s
    }

    /// Whether the complete search finds a board (for tests that hold the
    /// satisfiability solver to the depth-first search and to brute force):
    /// `depth_first` forces the depth-first search on any map, otherwise
    /// small maps go to the solver. `Err`: the search stopped on `max` steps.
    #[doc(hidden)]
    pub fn complete_search_finds(&self, depth_first: bool, max: u64) -> Result<bool, Stop> {
        let c = complete::Complete::new(&self.p);
        let mut budget = budget::Budget { nodes: 0, max, deadline: None };
        let mut rng = stage_rng(0, Stream::Start);
        let found = match depth_first {
            true => c.depth_first(&mut rng, &mut budget),
            false => sat::find(&c, &mut rng, &mut budget),
        };
        match found {
            Ok(_) => Ok(true),
            Err(Stop::Exhausted) => Ok(false),
            Err(stop) => Err(stop),
        }
    }

    /// The same solver drawing with the Markov chain whatever the exact
    /// samplers could do (for tests that hold the chain's boards to the
    /// exact distribution): its starts searched and its length measured as
    /// on a map no exact sampler fits.
    #[doc(hidden)]
    pub fn with_markov_chain(mut self) -> Result<Self, SolveError> {
        let why = SolveError::NoBoard { tried: 0 };
        match pilot::chain_or_proof(&self.p, &self.chain, &self.locks, why, None, false) {
            pilot::Choice::Chain(m, why) => {
                self.method = Method::Chain { steps: m.steps };
                self.markov = Some((m, why));
                self.refused = None;
                Ok(self)
            }
            pilot::Choice::Fail(e) => Err(e),
            pilot::Choice::Use(..) => unreachable!("the chain or a failure"),
        }
    }

    /// The same solver drawing with the counting sampler whatever the trial
    /// would choose (for tests that hold it to the exact distribution);
    /// `None` when no counting table fits the map.
    #[doc(hidden)]
    pub fn with_counting(mut self) -> Option<Self> {
        let c =
            counted::Counted::new(&self.p, count::classes::Split::Exact, count::MAX_STATES).ok()?;
        self.method = Method::Counting;
        self.counted = Some(c);
        self.refused = None;
        self.markov = None;
        Some(self)
    }

    /// The number of valid boards the counting sampler would print for this
    /// map, whatever method draws it (`None`: not known exactly, or no
    /// table fits). For tests that hold it to enumeration.
    #[doc(hidden)]
    pub fn counted_boards(&self) -> Option<u128> {
        let c =
            counted::Counted::new(&self.p, count::classes::Split::Exact, count::MAX_STATES).ok()?;
        c.boards(&self.p)
    }

    /// Size of the counting table under each split (for measurements).
    #[doc(hidden)]
    pub fn counting_stats(&self) -> String {
        let mut out = String::new();
        {
            let split = count::classes::Split::Pips;
            let t = Instant::now();
            match count::Counter::new(&self.p, split, count::MAX_STATES) {
                Ok(c) => out.push_str(&format!(
                    "{split:?}: {} classes, {} reached, {} live, {} KB, {} layouts, relaxed {}, {:?}; ",
                    c.classes.k,
                    c.reached,
                    c.live,
                    c.bytes() / 1024,
                    c.total(),
                    c.relaxed,
                    t.elapsed()
                )),
                Err(e) => out.push_str(&format!("{split:?}: {e:?} {:?}; ", t.elapsed())),
            }
        }
        out
    }
}
