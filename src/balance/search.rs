//! The balanced search: solve many candidate layouts, keep the fairest.
//!
//! Candidate `k` of seed `s` is the solver's layout for [`candidate_seed`]`(s, k)`,
//! a pure function of `(s, k)`. Candidates are scored in parallel (rayon) and
//! the best is the one with the lowest `(score, k)`: the order in which
//! threads finish never matters, so one thread and many threads choose the
//! same layout. Every candidate is a solver result, so every hard rule holds.

use std::ops::Range;
use std::time::{Duration, Instant};

use rand_core::RngCore;
use rayon::prelude::*;

use super::measures::{Evaluator, Measures, Scratch};
use super::score::{score, Weights};
use crate::rng::{stage_rng, Stream};
use crate::solve::{Layout, SolveError, SolveOptions, Solver};

/// How long to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Exactly this many candidates: reproducible everywhere.
    Candidates(u64),
    /// Whole batches of candidates until this much time has passed. The
    /// number evaluated depends on the machine; the outcome reports it so the
    /// run can be repeated exactly with [`Budget::Candidates`].
    Time(Duration),
}

/// Settings of a balanced search.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// How many candidates, or how long.
    pub budget: Budget,
    /// Solver limits for each candidate. Its `deadline` is ignored: a clock
    /// inside a candidate would make the search depend on machine speed.
    pub solve: SolveOptions,
    /// Candidates scored between two progress reports (and two clock checks).
    pub batch: u64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            budget: Budget::Candidates(DEFAULT_CANDIDATES),
            solve: SolveOptions::default(),
            batch: 2048,
        }
    }
}

/// Candidates searched when none are asked for.
pub const DEFAULT_CANDIDATES: u64 = 20_000;

/// The fairest candidate found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The chosen layout. Its `seed` is the search seed, not the candidate's.
    pub layout: Layout,
    /// Its measures.
    pub measures: Measures,
    /// Its score (lower is fairer).
    pub score: f64,
    /// Its candidate number `k`.
    pub candidate: u64,
    /// The solver seed of that candidate: a plain `generate --seed` with it
    /// gives the same map.
    pub candidate_seed: u64,
    /// Candidates evaluated (`k` ran over `0..evaluated`).
    pub evaluated: u64,
    /// Candidates the solver could not lay out (skipped).
    pub failed: u64,
}

/// Progress callback: `(done, total)`, `total` 0 when the budget is a time.
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// The solver seed of candidate `k` for search seed `seed`. Candidate 0 is
/// the seed itself, so the balanced map is never less fair than the plain one.
pub fn candidate_seed(seed: u64, k: u64) -> u64 {
    Seeds::new(seed).get(k)
}

/// [`candidate_seed`] for one search seed, with its salt drawn once.
#[derive(Clone, Copy)]
struct Seeds {
    seed: u64,
    salt: u64,
}

impl Seeds {
    fn new(seed: u64) -> Seeds {
        Seeds { seed, salt: stage_rng(seed, Stream::Balance).next_u64() }
    }

    fn get(self, k: u64) -> u64 {
        if k == 0 {
            return self.seed;
        }
        splitmix64(self.salt.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
    }
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Per-thread buffers.
struct Local {
    scratch: Scratch,
    measures: Measures,
    opts: SolveOptions,
}

/// The best `(score, k)` of a range and the failures in it.
struct Tally {
    best: Option<(f64, u64)>,
    failed: u64,
    /// The failing candidate with the lowest `k`, and its error.
    first_failure: Option<(u64, SolveError)>,
}

impl Tally {
    const EMPTY: Tally = Tally { best: None, failed: 0, first_failure: None };

    fn merge(self, o: Tally) -> Tally {
        let best = match (self.best, o.best) {
            (Some(a), Some(b)) => {
                Some(if (b.0.total_cmp(&a.0).then(b.1.cmp(&a.1))).is_lt() { b } else { a })
            }
            (a, b) => a.or(b),
        };
        let first_failure = match (self.first_failure, o.first_failure) {
            (Some(a), Some(b)) => Some(if b.0 < a.0 { b } else { a }),
            (a, b) => a.or(b),
        };
        Tally { best, failed: self.failed + o.failed, first_failure }
    }
}

/// Scores every candidate `k` in `ks`, in parallel on the current rayon pool.
/// `each` sees every successful candidate's `(k, measures, score)`.
fn run_range(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seeds: Seeds,
    opts: &SolveOptions,
    ks: Range<u64>,
    each: &(dyn Fn(u64, &Measures, f64) + Sync),
) -> Tally {
    let opts = SolveOptions { deadline: None, ..*opts };
    ks.into_par_iter()
        .map_init(
            || Local { scratch: Scratch::default(), measures: Measures::default(), opts },
            |local, k| match solver.solve(seeds.get(k), &local.opts) {
                Ok(layout) => {
                    eval.scored_into(&layout, &mut local.scratch, &mut local.measures);
                    let s = score(&local.measures, weights);
                    each(k, &local.measures, s);
                    Tally { best: Some((s, k)), ..Tally::EMPTY }
                }
                Err(e) => Tally { best: None, failed: 1, first_failure: Some((k, e)) },
            },
        )
        .reduce(|| Tally::EMPTY, Tally::merge)
}

/// Searches for the fairest layout of `solver`'s map from `seed`.
///
/// Fails only when no candidate at all could be laid out; the error is then
/// the solver's error for the first candidate.
pub fn search(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seed: u64,
    opts: &SearchOptions,
    progress: Progress<'_>,
) -> Result<Outcome, SolveError> {
    search_each(solver, eval, weights, seed, opts, progress, &|_, _, _| {})
}

/// Like [`search`], and calls `each(k, measures, score)` for every candidate
/// that could be laid out (from several threads, in no particular order);
/// only the measures the score uses are filled in (see [`Evaluator::scored_into`]).
pub fn search_each(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seed: u64,
    opts: &SearchOptions,
    progress: Progress<'_>,
    each: &(dyn Fn(u64, &Measures, f64) + Sync),
) -> Result<Outcome, SolveError> {
    let batch = opts.batch.max(1);
    let seeds = Seeds::new(seed);
    let started = Instant::now();
    let mut tally = Tally::EMPTY;
    let mut done = 0u64;
    loop {
        let end = match opts.budget {
            Budget::Candidates(n) => {
                if done >= n.max(1) {
                    break;
                }
                (done + batch).min(n.max(1))
            }
            Budget::Time(t) => {
                if done > 0 && started.elapsed() >= t {
                    break;
                }
                done + batch
            }
        };
        tally = tally.merge(run_range(solver, eval, weights, seeds, &opts.solve, done..end, each));
        done = end;
        let total = match opts.budget {
            Budget::Candidates(n) => n.max(1),
            Budget::Time(_) => 0,
        };
        progress(done, total);
    }
    let solve_opts = SolveOptions { deadline: None, ..opts.solve };
    let k = match (tally.best, tally.first_failure) {
        (Some((_, k)), _) => k,
        (None, Some((_, e))) => return Err(e),
        // Not reached: the budget always covers candidate 0.
        (None, None) => 0,
    };
    // Solving is pure: solving the winner again gives the layout it scored.
    let cs = seeds.get(k);
    let mut layout = solver.solve(cs, &solve_opts)?;
    layout.seed = seed;
    let measures = eval.measure(&layout);
    let s = score(&measures, weights);
    Ok(Outcome {
        layout,
        measures,
        score: s,
        candidate: k,
        candidate_seed: cs,
        evaluated: done,
        failed: tally.failed,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn candidate_seeds_are_fixed_and_distinct() {
        assert_eq!(candidate_seed(42, 0), 42);
        assert_eq!(candidate_seed(42, 5), candidate_seed(42, 5));
        let seeds: std::collections::BTreeSet<u64> =
            (0..1000).map(|k| candidate_seed(7, k)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(candidate_seed(1, 1), candidate_seed(2, 1));
    }
}
