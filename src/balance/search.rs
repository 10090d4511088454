//! The balanced search: random boards first, then local search from the
//! fairest of them.
//!
//! A budget of `N` boards is spent in two phases, both fixed by `N` alone:
//! 1. `K0 = clamp(N / 5, 1, 1000)` random boards: candidate `k` is the
//!    solver's (uniform) board for [`candidate_seed`]`(s, k)`, scored in
//!    parallel; ties break on `k`.
//! 2. [`WALKS`] walks ([`super::improve`]) from the fairest distinct random
//!    boards share the other `N - K0` steps: each step is a rule-keeping
//!    move of the sampler's chain (or a swap of harbor kinds), kept when the
//!    score gets no worse than the current score plus a threshold that
//!    shrinks to zero (threshold accepting). The best board seen wins.
//!
//! Every board a walk visits keeps every hard rule. Threads never change the
//! result: each walk has its own random stream and the winner is the lowest
//! `(score, walk)`. The kept board is NOT a uniform draw: it is chosen for
//! its score. [`Outcome`] says how it compares with the random boards.

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
    /// Whichever ends first: this many candidates, or as many as fit in
    /// this much time (then machine-dependent, like [`Budget::Time`]).
    Both {
        /// Most candidates.
        candidates: u64,
        /// Most time.
        time: Duration,
    },
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
pub(crate) const DEFAULT_CANDIDATES: u64 = 20_000;

/// The fairest board found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The chosen layout. Its `seed` is the search seed, not the candidate's.
    pub layout: Layout,
    /// Its measures.
    pub measures: Measures,
    /// Its score (lower is fairer).
    pub score: f64,
    /// The random board `k` whose walk found it.
    pub candidate: u64,
    /// The solver seed of that board: `generate --seed` with it gives the
    /// walk's starting board (not the kept one, unless the walk never
    /// improved on it).
    pub candidate_seed: u64,
    /// Boards scored in all (random boards and walk steps): the budget, so
    /// `--candidates <evaluated>` repeats the search exactly.
    pub evaluated: u64,
    /// How the kept board compares with the random boards of phase 1.
    pub random: RandomBoards,
    /// Candidates the solver could not lay out (skipped).
    pub failed: u64,
}

/// The random boards of a search, as a yardstick for the kept one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomBoards {
    /// How many were drawn (uniformly) and scored.
    pub drawn: u64,
    /// The best (lowest) score among them.
    pub best: f64,
    /// Their median score.
    pub median: f64,
    /// How many scored at least as well as the kept board.
    pub as_fair: u64,
    /// Those whose seats were measured: the first [`SEAT_YARDSTICK`] (all
    /// when the score reads the seat gap).
    pub seat_gap_drawn: u64,
    /// Their median seat gap ([`Measures::seat_gap`]).
    pub seat_gap_median: f64,
    /// How many of them had a seat gap at most the kept board's.
    pub seat_gap_as_low: u64,
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

/// Random boards in phase 1 for a budget of `n`.
pub fn random_phase(n: u64) -> u64 {
    (n / 5).clamp(1, 1000).min(n.max(1))
}

/// Walks in phase 2.
pub(crate) const WALKS: usize = 8;

/// Per-thread buffers.
struct Local {
    scratch: Scratch,
    measures: Measures,
    solver: crate::solve::Scratch,
}

/// Every random board of a range: `(k, score)` of those laid out, and the
/// failures.
struct Scored {
    scores: Vec<(f64, u64)>,
    /// Seat gap of each board of `scores`, in the same order.
    gaps: Vec<f64>,
    failed: u64,
    first_failure: Option<(u64, SolveError)>,
}

impl Scored {
    /// Adds a later range's boards and failures.
    fn absorb(&mut self, part: Scored) {
        self.scores.extend(part.scores);
        self.gaps.extend(part.gaps);
        self.failed += part.failed;
        if self.first_failure.is_none() {
            self.first_failure = part.first_failure;
        }
    }
}

/// Random boards of a search whose seats are measured (when the score does
/// not measure them anyway): the yardstick for the kept board's seat gap.
pub(crate) const SEAT_YARDSTICK: u64 = 250;

/// Lays out and scores candidates `ks` in parallel, measuring the seats of
/// those below `seats_below`; `each` sees every successful candidate's
/// `(k, layout, measures, score)`.
#[allow(clippy::too_many_arguments)]
fn score_range(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seeds: Seeds,
    opts: &SolveOptions,
    ks: Range<u64>,
    seats_below: u64,
    each: &(dyn Fn(u64, &Layout, &Measures, f64) + Sync),
) -> Scored {
    let opts = SolveOptions { deadline: None, ..*opts };
    // Per candidate: (score, k, seat gap), or the failure.
    type One = Result<(f64, u64, f64), (u64, SolveError)>;
    let results: Vec<One> = ks
        .into_par_iter()
        .map_init(
            || Local {
                scratch: Scratch::default(),
                measures: Measures::default(),
                solver: solver.scratch(),
            },
            |local, k| match solver.solve_with(&mut local.solver, seeds.get(k), &opts) {
                Ok(layout) => {
                    eval.scored_into(&layout, &mut local.scratch, &mut local.measures);
                    if !eval.scores_seats() && k < seats_below {
                        eval.seats_into(&layout, &mut local.scratch, &mut local.measures);
                    }
                    let s = score(&local.measures, weights);
                    each(k, &layout, &local.measures, s);
                    Ok((s, k, local.measures.seat_gap))
                }
                Err(e) => Err((k, e)),
            },
        )
        .collect();
    let mut out = Scored {
        scores: Vec::with_capacity(results.len()),
        gaps: Vec::with_capacity(results.len()),
        failed: 0,
        first_failure: None,
    };
    for r in results {
        match r {
            Ok((s, k, g)) => {
                out.scores.push((s, k));
                if k < seats_below || eval.scores_seats() {
                    out.gaps.push(g);
                }
            }
            Err((k, e)) => {
                out.failed += 1;
                if out.first_failure.is_none() {
                    out.first_failure = Some((k, e));
                }
            }
        }
    }
    out
}

/// Lays out and scores random boards `0..n` of search seed `seed` (the
/// boards phase 1 of [`search`] draws first), in batches with progress;
/// `each` sees every board that could be laid out, with its measures (the
/// seats included) and score. Returns the failures.
#[allow(clippy::too_many_arguments)]
pub fn random_boards(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seed: u64,
    n: u64,
    opts: &SearchOptions,
    progress: Progress<'_>,
    each: &(dyn Fn(u64, &Layout, &Measures, f64) + Sync),
) -> u64 {
    let seeds = Seeds::new(seed);
    let batch = opts.batch.max(1);
    let mut failed = 0;
    let mut done = 0;
    while done < n {
        let end = (done + batch).min(n);
        failed += score_range(solver, eval, weights, seeds, &opts.solve, done..end, u64::MAX, each)
            .failed;
        done = end;
        progress(done, n);
    }
    failed
}

/// Searches for the fairest layout of `solver`'s map from `seed`.
///
/// Fails only when no random board at all could be laid out; the error is
/// then the solver's error for the first candidate.
pub fn search(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seed: u64,
    opts: &SearchOptions,
    progress: Progress<'_>,
) -> Result<Outcome, SolveError> {
    let n = board_count(solver, eval, weights, seed, opts);
    let seeds = Seeds::new(seed);
    let k0 = random_phase(n);
    let batch = opts.batch.max(1);
    let mut scored =
        Scored { scores: Vec::new(), gaps: Vec::new(), failed: 0, first_failure: None };
    let mut done = 0;
    while done < k0 {
        let end = (done + batch).min(k0);
        let part = score_range(
            solver,
            eval,
            weights,
            seeds,
            &opts.solve,
            done..end,
            SEAT_YARDSTICK,
            &|_, _, _, _| {},
        );
        scored.absorb(part);
        done = end;
        progress(done, n);
    }
    if scored.scores.is_empty() {
        return Err(scored.first_failure.map_or(SolveError::NoBoard { tried: k0 }, |(_, e)| e));
    }
    scored.scores.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let solve_opts = SolveOptions { deadline: None, ..opts.solve };
    let starts: Vec<u64> = scored.scores.iter().take(WALKS).map(|(_, k)| *k).collect();
    let plan = super::improve::Plan { steps: n - k0, threshold: threshold(&scored.scores) };
    let progress_walks = |steps_done: u64| progress(k0 + steps_done, n);
    let best = super::improve::walk_all(
        solver,
        eval,
        weights,
        &starts,
        |k| solver.solve(seeds.get(k), &solve_opts),
        seed,
        &plan,
        &progress_walks,
    )?;
    let mut layout = best.layout;
    let first = scored.scores.first().map_or(0.0, |x| x.0);
    layout.seed = seed;
    let measures = eval.measure(&layout);
    let s = score(&measures, weights);
    let random = random_boards_seen(&scored.scores, scored.gaps, first, s, measures.seat_gap);
    Ok(Outcome {
        layout,
        measures,
        score: s,
        candidate: best.start,
        candidate_seed: seeds.get(best.start),
        evaluated: n,
        random,
        failed: scored.failed,
    })
}

/// How many candidates a search weighs under `opts.budget` (at least one).
fn board_count(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seed: u64,
    opts: &SearchOptions,
) -> u64 {
    match opts.budget {
        Budget::Candidates(n) => n.max(1),
        Budget::Time(t) => calibrate(solver, eval, weights, seed, opts, t),
        Budget::Both { candidates, time } => {
            calibrate(solver, eval, weights, seed, opts, time).min(candidates.max(1))
        }
    }
}

/// How the kept board (score `s`, seat gap `seat_gap`) compares with the
/// random boards drawn: their sorted `scores` (`first` the best), and the
/// seat `gaps` measured.
fn random_boards_seen(
    scores: &[(f64, u64)],
    mut gaps: Vec<f64>,
    first: f64,
    s: f64,
    seat_gap: f64,
) -> RandomBoards {
    let scores: Vec<f64> = scores.iter().map(|x| x.0).collect();
    gaps.sort_by(f64::total_cmp);
    RandomBoards {
        drawn: scores.len() as u64,
        best: first,
        median: scores.get(scores.len() / 2).copied().unwrap_or(first),
        as_fair: scores.iter().filter(|x| **x <= s).count() as u64,
        seat_gap_drawn: gaps.len() as u64,
        seat_gap_median: gaps.get(gaps.len() / 2).copied().unwrap_or(0.0),
        seat_gap_as_low: gaps.iter().filter(|g| **g <= seat_gap + 1e-9).count() as u64,
    }
}

/// The walks' starting threshold: a tenth of the gap between the median and
/// the best random score (sorted `scores`), so a walk can climb out of a
/// local minimum early and settles as the threshold shrinks.
fn threshold(scores: &[(f64, u64)]) -> f64 {
    match (scores.first(), scores.get(scores.len() / 2)) {
        (Some(best), Some(median)) => (median.0 - best.0) / 10.0,
        _ => 0.0,
    }
}

/// A time budget turned into a board count: times a trial of random boards
/// (about 2 % of the budget) and rounds the count down to a whole batch.
fn calibrate(
    solver: &Solver<'_>,
    eval: &Evaluator<'_>,
    weights: &Weights,
    seed: u64,
    opts: &SearchOptions,
    t: Duration,
) -> u64 {
    let seeds = Seeds::new(seed);
    let trial = 256;
    let started = Instant::now();
    score_range(solver, eval, weights, seeds, &opts.solve, 0..trial, 0, &|_, _, _, _| {});
    let per = started.elapsed().as_secs_f64() / trial as f64;
    let n = (t.as_secs_f64() / per.max(1e-9)) as u64;
    (n / 64 * 64).max(64)
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
