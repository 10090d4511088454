//! Phase 2 of the balanced search: walks through the valid boards that
//! keep the fairest one seen (threshold accepting).
//!
//! Each walk starts from one random board and takes `steps` random
//! rule-keeping moves ([`crate::solve::Walker`]). A move is kept when the
//! new score is at most the current score plus a threshold that falls
//! linearly from [`Plan::threshold`] to 0 over the walk; otherwise it is
//! taken back. Walks run in parallel in rounds of [`ROUND`] steps (progress
//! is reported between rounds); each has its own random stream, so the
//! result does not depend on the number of threads.

use rayon::prelude::*;

use super::measures::{Evaluator, Measures, Scratch};
use super::score::{score, Weights};
use crate::rng::{stage_rng, Rng, Stream};
use crate::solve::{Layout, SolveError, Solver, Walker};

/// Steps each walk takes between two progress reports.
pub(crate) const ROUND: u64 = 1024;

/// How long the walks are and how far uphill they may step.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Steps of all walks together.
    pub steps: u64,
    /// The starting threshold, in score points.
    pub threshold: f64,
}

/// The best board of all walks.
pub struct Best {
    /// The board.
    pub layout: Layout,
    /// Its score.
    pub score: f64,
    /// The random board (candidate `k`) its walk started from.
    pub start: u64,
}

struct Walk<'s, 'a> {
    start: u64,
    walker: Walker<'s, 'a>,
    rng: Rng,
    steps: u64,
    taken: u64,
    current: f64,
    best: f64,
    best_layout: Layout,
    scratch: Scratch,
    measures: Measures,
}

/// Walks from each of `starts` (candidate numbers; `board(k)` lays one out)
/// and returns the best board seen, its own start included. The steps are
/// shared out evenly, the first walks taking one more when they do not
/// divide. `progress` gets the steps done so far.
#[allow(clippy::too_many_arguments)]
pub(crate) fn walk_all<'s, 'a>(
    solver: &'s Solver<'a>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    starts: &[u64],
    board: impl Fn(u64) -> Result<Layout, SolveError>,
    seed: u64,
    plan: &Plan,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Best, SolveError> {
    let n = starts.len().max(1) as u64;
    let mut walks = Vec::with_capacity(starts.len());
    for (i, &k) in starts.iter().enumerate() {
        let layout = board(k)?;
        let mut scratch = Scratch::default();
        let mut measures = Measures::default();
        eval.scored_into(&layout, &mut scratch, &mut measures);
        let s = score(&measures, weights);
        let steps = plan.steps / n + u64::from((i as u64) < plan.steps % n);
        walks.push(Walk {
            start: k,
            walker: solver.walker(&layout),
            rng: stage_rng(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), Stream::Improve),
            steps,
            taken: 0,
            current: s,
            best: s,
            best_layout: layout,
            scratch,
            measures,
        });
    }
    let mut done = 0;
    while walks.iter().any(|w| w.taken < w.steps) {
        done += walks.par_iter_mut().map(|w| w.round(eval, weights, plan.threshold)).sum::<u64>();
        progress(done);
    }
    walks
        .into_iter()
        .enumerate()
        .min_by(|(i, a), (j, b)| a.best.total_cmp(&b.best).then(i.cmp(j)))
        .map(|(_, w)| Best { layout: w.best_layout, score: w.best, start: w.start })
        .ok_or(SolveError::NoBoard { tried: starts.len() as u64 })
}

impl Walk<'_, '_> {
    /// Up to [`ROUND`] steps; returns how many were taken.
    fn round(&mut self, eval: &Evaluator<'_>, weights: &Weights, t0: f64) -> u64 {
        let end = (self.taken + ROUND).min(self.steps);
        let first = self.taken;
        while self.taken < end {
            // Linear cooling: the last steps only go downhill or level.
            let left = (self.steps - self.taken) as f64 / self.steps as f64;
            let threshold = t0 * left;
            self.taken += 1;
            if !self.walker.step(&mut self.rng) {
                continue;
            }
            eval.scored_into(self.walker.layout(), &mut self.scratch, &mut self.measures);
            let s = score(&self.measures, weights);
            if s <= self.current + threshold {
                self.current = s;
                if s < self.best {
                    self.best = s;
                    self.best_layout.clone_from(self.walker.layout());
                }
            } else {
                self.walker.undo();
            }
        }
        self.taken - first
    }
}
