//! A hook for samplers built on top of the solver: its Markov chain,
//! restricted to the boards an outside predicate accepts (the fairness bar
//! of `--balanced`).
//!
//! The moves are the [`Solver::rich_walker`]'s: the chain's symmetric
//! rule-keeping swaps, turns, block moves and relabellings (not its re-deal
//! of the whole board), plus swaps of harbor kinds. Without the re-deal no
//! argument shows that they connect every board inside the bar: the draw is
//! approximate, and says so. A move the predicate refuses
//! is taken back, like a move that breaks a rule. Refusing keeps the
//! proposals symmetric, so the stationary distribution is uniform over the
//! valid boards the predicate accepts (among those the moves connect to
//! the start). How many steps make the draw forget its start is for the
//! caller to measure.

use super::{Layout, Solver, Walker};
use crate::rng::Rng;

/// What a restricted run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RestrictedRun {
    /// Steps taken.
    pub steps: u64,
    /// Steps that changed the board (rule-keeping and accepted).
    pub moved: u64,
    /// Rule-keeping moves the predicate refused.
    pub refused: u64,
}

impl<'a> Solver<'a> {
    /// Steps of this solver's chain per board (whether or not it samples
    /// with the chain): a yardstick for how long a restricted run should be.
    pub(crate) fn chain_steps(&self) -> u64 {
        self.chain.steps
    }

    /// From `start` (a board of this solver that `accept` takes), `steps`
    /// random moves, each kept only if every rule still holds and `accept`
    /// takes the board it makes. Returns the board reached.
    pub(crate) fn restricted_walk(
        &self,
        start: &Layout,
        steps: u64,
        rng: &mut Rng,
        mut accept: impl FnMut(&Layout) -> bool,
    ) -> (Layout, RestrictedRun) {
        let mut w: Walker<'_, 'a> = self.rich_walker(start);
        let mut run = RestrictedRun::default();
        for _ in 0..steps {
            run.steps += 1;
            if !w.step(rng) {
                continue;
            }
            if accept(w.layout()) {
                run.moved += 1;
            } else {
                run.refused += 1;
                w.undo();
            }
        }
        (w.layout().clone(), run)
    }
}

/// Successive boards of one run of the Markov chain a solver draws with
/// (see [`Solver::chain_boards`]).
pub struct ChainBoards<'s, 'a> {
    solver: &'s Solver<'a>,
    st: super::state::State,
    work: super::chain::block::Work,
    rng: Rng,
    seed: u64,
    opts: super::SolveOptions,
    /// Steps between boards after the first.
    thin: u64,
    /// Steps and moves so far.
    steps: u64,
    moved: u64,
}

impl<'a> Solver<'a> {
    /// Steps per board of the Markov chain this solver draws with, on a map
    /// that only the chain draws (where [`Solver::chain_boards`] works).
    pub fn chain_board_steps(&self) -> Option<u64> {
        self.markov.as_ref().map(|(m, _)| m.steps)
    }

    /// Boards of one run of this solver's Markov chain for `seed`, on a
    /// map that only the chain draws (`None` on the others): the first is
    /// the board [`Solver::solve`] draws for `seed`, each next one the
    /// same run `thin` steps further on. Each is as uniform as a board of
    /// the chain; successive ones are correlated when `thin` is short of
    /// the chain's mixing (the caller sizes it from the steps per board).
    pub fn chain_boards(
        &self,
        seed: u64,
        thin: u64,
        opts: &super::SolveOptions,
    ) -> Result<Option<ChainBoards<'_, 'a>>, super::SolveError> {
        if let Some(e) = &self.refused {
            return Err(e.clone());
        }
        let Some((m, why)) = &self.markov else { return Ok(None) };
        if opts.exact {
            return Err(super::SolveError::NotExact(Box::new(why.clone())));
        }
        Ok(Some(ChainBoards {
            solver: self,
            st: m.starts[(seed % m.starts.len() as u64) as usize].clone(),
            work: super::chain::block::Work::new(&self.p),
            rng: crate::rng::stage_rng(seed, crate::rng::Stream::Chain),
            seed,
            opts: *opts,
            thin: thin.max(1),
            steps: 0,
            moved: 0,
        }))
    }
}

impl ChainBoards<'_, '_> {
    /// The next board of the run (its `seed` is the run's).
    pub fn next_board(&mut self) -> Result<Layout, super::SolveError> {
        let s = self.solver;
        let Some((m, _)) = &s.markov else { unreachable!("made only over the chain") };
        let steps = if self.steps == 0 { m.steps } else { self.thin };
        let mut budget = super::budget::Budget::new(&self.opts);
        let run = s
            .chain
            .run_for(&s.p, &mut self.st, &mut self.work, steps, &mut self.rng, &mut budget)
            .map_err(|stop| s.unsat(super::Stage::Numbers, stop, &[], budget.nodes, 1))?;
        self.steps += run.steps;
        self.moved += run.moved;
        let sampler = super::Sampler::Chain {
            steps: self.steps,
            moved: self.moved,
            start_nodes: m.start_nodes,
            check: Some(m.check),
        };
        Ok(s.build(&self.st, &mut self.rng, self.seed, sampler, budget.nodes, 1))
    }
}
