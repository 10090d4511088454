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
