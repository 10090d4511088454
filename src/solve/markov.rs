//! The Markov chain as a sampler, for maps no exact sampler fits: its
//! starting boards, how long it runs, and the diagnostics that say it has
//! forgotten where it started. Everything here runs once per map, rule set
//! and lock set, with fixed seeds: the same map gives the same plan on
//! every machine.
//!
//! 1. [`CHAINS`] starting boards from the complete search
//!    ([`super::complete`]), each with its own seed (they differ wherever
//!    the map leaves room); a search that runs long is restarted with a
//!    fresh seed ([`restarted`]).
//! 2. The chains ([`super::chain`]) run on from their starts. At a
//!    checkpoint `n` each has run `2n` steps, and the second half is
//!    watched through a few fixed random projections of the board (where
//!    the red chips are, the pips, the chipless tiles, the terrains, the
//!    harbor facings, each summed with fixed random signs per hex), taken
//!    every `thin` steps ([`SAMPLES`] to twice as many per chain).
//! 3. The chains must agree (the Gelman-Rubin statistic R-hat of every
//!    projection at most [`MAX_RHAT`]), and `n` must be at least
//!    [`TAU_MARGIN`] times the longest integrated autocorrelation time
//!    measured, each projection's time estimated over the four chains
//!    together ([`super::chain::stats`]), at two checkpoints in a row.
//!    Otherwise the chains go on to the next checkpoint, `n` a quarter
//!    larger ([`GROWTH`]), up to [`MAX_STEPS`] per board; past that the
//!    chain draws at that length and its check says it did not pass (the
//!    boards say they are not shown to be uniform).
//!
//! A board for seed `s` is then the chain run `n` more steps, with the
//! seed's own moves, from the end of chain `s mod CHAINS`.

use super::budget::Budget;
use super::chain::block::Work;
use super::chain::stats::{gelman_rubin, pooled_autocorrelation_time};
use super::chain::Chain;
use super::complete::Complete;
use super::problem::{Problem, NO_DIR};
use super::search;
use super::state::State;
use super::Stop;
use crate::rng::{stage_rng, Stream};
use crate::vocab::{is_red, Terrain};

/// Chains run from different starts.
pub(crate) const CHAINS: usize = 4;
/// The chains agree when every projection's R-hat is at most this.
pub(crate) const MAX_RHAT: f64 = 1.05;
/// Steps per board at least this many times the measured autocorrelation time.
pub(crate) const TAU_MARGIN: u64 = 20;
/// Most chain steps per board.
pub(crate) const MAX_STEPS: u64 = 2_000_000;
/// Samples of each chain's watched half: at least this many, fewer than
/// twice as many.
const SAMPLES: u64 = 256;
/// Each round watches `1 / GROWTH` more steps than the last.
const GROWTH: u64 = 4;
/// The generators of the diagnostics' chains: chain `k` draws its moves
/// from seed `PREPARE_KEY | k` (no board's seed is near it).
const PREPARE_KEY: u64 = 0x7A11_0000_0000_0000;
/// Projections watched.
const PROJECTIONS: usize = 5;
/// Search steps for each starting board.
pub(crate) const SEARCH_NODES: u64 = 20_000_000;
/// Search steps of the first run of the search for a starting board
/// (see [`restarted`]).
const RESTART_NODES: u64 = 100_000;
/// Steps and tile deals of the quick search tried first.
const QUICK_NODES: u64 = 1_000_000;
const QUICK_TERRAINS: u32 = 50;

/// What the diagnostics measured (per map).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainCheck {
    /// Chains run from different starts.
    pub chains: u32,
    /// Steps of each chain's half that was watched.
    pub watched: u64,
    /// The largest R-hat over the projections, in thousandths.
    pub rhat_milli: u32,
    /// The longest integrated autocorrelation time measured, in steps.
    pub tau_steps: u64,
    /// Whether the diagnostics passed. When they did not within
    /// [`MAX_STEPS`] steps per board, the chain still draws, at that
    /// length, and its boards say they are not shown to be uniform.
    pub passed: bool,
}

/// A chain ready to draw.
pub(crate) struct Markov {
    /// The chains' last boards: the starts of the draws.
    pub starts: Vec<State>,
    /// Steps per board.
    pub steps: u64,
    /// Search steps spent finding the starting boards.
    pub start_nodes: u64,
    /// What the diagnostics measured.
    pub check: ChainCheck,
}

/// Why no chain could be prepared.
pub(crate) enum NotReady {
    /// The complete search stopped (exhausted: no board exists).
    Search(Stop, u64),
    /// The diagnostics did not pass within [`MAX_STEPS`] steps per board:
    /// the chain at that length (its check says it did not pass).
    Diagnostics(Box<Markov>),
    /// The deadline passed while the chains ran (their starts were found).
    Late,
}

/// The starting boards, the diagnostics and the steps per board for `p`.
pub(crate) fn prepare(
    p: &Problem<'_>,
    chain: &Chain,
    deadline: Option<std::time::Instant>,
) -> Result<Markov, NotReady> {
    let t0 = std::time::Instant::now();
    let complete = Complete::new(p);
    let mut starts = Vec::with_capacity(CHAINS);
    let mut nodes = 0;
    for k in 0..CHAINS {
        let mut rng = stage_rng(k as u64, Stream::Start);
        // On a large map the quick search first (chips that rules can
        // block placed first, over the whole map: it finds boards of large
        // maps at once), then the complete one; small maps go straight to
        // the satisfiability solver, which decides tight ones in
        // milliseconds where the quick search can spend its whole budget.
        if complete.vars.len() > super::sat::MAX_VARS {
            let mut budget = Budget { nodes: 0, max: QUICK_NODES, deadline };
            let mut rej = [0u64; crate::model::ConstraintId::ALL.len()];
            let quick = search::find(p, &mut rng, &mut budget, &mut rej, QUICK_TERRAINS);
            nodes += budget.nodes;
            if let Ok((st, _)) = quick {
                starts.push(st);
                continue;
            }
        }
        let found = restarted(&complete, &mut rng, &mut nodes, deadline);
        if std::env::var_os("HEXPRESS_CHAIN_DEBUG").is_some() {
            eprintln!("start {k}: {nodes} search steps so far, {:?}", t0.elapsed());
        }
        starts.push(found.map_err(|stop| match stop {
            // Some chains already have their start: boards exist.
            Stop::Deadline if k > 0 => NotReady::Late,
            stop => NotReady::Search(stop, nodes),
        })?);
    }
    if std::env::var_os("HEXPRESS_CHAIN_DEBUG").is_some() {
        eprintln!("chain starts: {} search steps, {:?}", nodes, t0.elapsed());
    }
    watch(p, chain, starts, nodes, deadline)
}

/// The complete search for one starting board, restarted with a fresh
/// seed of the solver after [`RESTART_NODES`] search steps, then twice as
/// many, and so on (the time one seed takes varies widely; a new seed is
/// often quicker than waiting), the last run given what is left of
/// [`SEARCH_NODES`]. Every run is complete: `Stop::Exhausted` proves that
/// no board exists. Adds the steps spent to `nodes`.
fn restarted(
    complete: &Complete<'_, '_>,
    rng: &mut crate::rng::Rng,
    nodes: &mut u64,
    deadline: Option<std::time::Instant>,
) -> Result<State, Stop> {
    let mut used = 0;
    let mut cap = RESTART_NODES;
    loop {
        // The depth-first search of large maps restarts on its own.
        let last = used + 2 * cap > SEARCH_NODES || complete.vars.len() > super::sat::MAX_VARS;
        let max = if last { SEARCH_NODES - used } else { cap };
        let mut budget = Budget { nodes: 0, max, deadline };
        let found = super::sat::find(complete, rng, &mut budget);
        used += budget.nodes.min(max);
        *nodes += budget.nodes;
        match found {
            Err(Stop::Budget) if !last => cap *= 2,
            found => return found,
        }
    }
}

/// One chain of the diagnostics: its board, its buffers, its moves, and
/// the projections of its board every `thin` steps.
struct Watched {
    st: State,
    work: Work,
    rng: crate::rng::Rng,
    /// Steps run so far.
    done: u64,
    /// `samples[i]`: the projections after `(i + 1) * thin` steps.
    samples: Vec<[f64; PROJECTIONS]>,
}

impl Watched {
    /// Runs the chain on to the last multiple of `thin` up to step `end`,
    /// taking the projections at every multiple of `thin`.
    fn advance(
        &mut self,
        p: &Problem<'_>,
        chain: &Chain,
        proj: &Projections,
        thin: u64,
        end: u64,
        deadline: Option<std::time::Instant>,
    ) -> Result<(), NotReady> {
        let mut b = Budget { nodes: 0, max: u64::MAX, deadline };
        loop {
            let next = (self.samples.len() as u64 + 1) * thin;
            if next > end {
                return Ok(());
            }
            chain
                .run_for(p, &mut self.st, &mut self.work, next - self.done, &mut self.rng, &mut b)
                .map_err(|_| NotReady::Late)?;
            self.done = next;
            self.samples.push(std::array::from_fn(|j| proj.value(j, &self.st)));
        }
    }
}

/// With `HEXPRESS_CHAIN_DEBUG` set: each projection's R-hat and
/// autocorrelation time (in steps) on one round of the diagnostics.
fn debug_line(series: &[Vec<Vec<f64>>], n: u64, thin: u64) {
    let per: Vec<String> = (0..PROJECTIONS)
        .map(|j| {
            let c: Vec<&[f64]> = series.iter().map(|s| s[j].as_slice()).collect();
            let t = pooled_autocorrelation_time(&c) * thin as f64;
            format!("{:.3}/{t:.0}", gelman_rubin(&c))
        })
        .collect();
    eprintln!("chain n {n} thin {thin}: R-hat/tau per projection {per:?}");
}

/// Runs the chains from `starts` until the diagnostics pass (see the
/// module notes) or the limit is reached.
fn watch(
    p: &Problem<'_>,
    chain: &Chain,
    starts: Vec<State>,
    start_nodes: u64,
    deadline: Option<std::time::Instant>,
) -> Result<Markov, NotReady> {
    let proj = Projections::new(p);
    let mut chains: Vec<Watched> = starts
        .into_iter()
        .enumerate()
        .map(|(k, st)| Watched {
            st,
            work: Work::new(p),
            rng: stage_rng(PREPARE_KEY | k as u64, Stream::Chain),
            done: 0,
            samples: Vec::new(),
        })
        .collect();
    let mut n = chain.steps.max(64);
    let mut thin = (n / SAMPLES).max(1);
    let debug = std::env::var_os("HEXPRESS_CHAIN_DEBUG").is_some();
    // The last checkpoint's check, when it passed.
    let mut confirmed: Option<ChainCheck> = None;
    loop {
        // Fewer than 2 * SAMPLES samples in the watched half: one in two
        // kept (the kept ones are those at multiples of the new spacing).
        while n / thin >= 2 * SAMPLES {
            thin *= 2;
            for c in &mut chains {
                let kept: Vec<_> = c.samples.iter().skip(1).step_by(2).copied().collect();
                c.samples = kept;
            }
        }
        for c in &mut chains {
            c.advance(p, chain, &proj, thin, 2 * n, deadline)?;
        }
        // The watched half: the samples after step `n`.
        let from = (n / thin) as usize;
        let series: Vec<Vec<Vec<f64>>> = chains
            .iter()
            .map(|c| {
                (0..PROJECTIONS).map(|j| c.samples[from..].iter().map(|s| s[j]).collect()).collect()
            })
            .collect();
        let (rhat, tau) = diagnose(&series);
        let tau_steps = (tau * thin as f64).ceil() as u64;
        let check = ChainCheck {
            chains: CHAINS as u32,
            watched: n,
            rhat_milli: (rhat * 1000.0).min(f64::from(u32::MAX)).round() as u32,
            tau_steps,
            passed: true,
        };
        if debug {
            debug_line(&series, n, thin);
        }
        let passed = rhat <= MAX_RHAT && n <= MAX_STEPS && n >= TAU_MARGIN * tau_steps;
        // Two checkpoints in a row must pass (a noisy estimate that dips
        // once does not stop the run); the check printed is the larger of
        // the two.
        if let (true, Some(before)) = (passed, confirmed) {
            let check = ChainCheck {
                rhat_milli: check.rhat_milli.max(before.rhat_milli),
                tau_steps: check.tau_steps.max(before.tau_steps),
                ..check
            };
            let starts = chains.into_iter().map(|c| c.st).collect();
            return Ok(Markov { starts, steps: n, start_nodes, check });
        }
        confirmed = passed.then_some(check);
        if n >= MAX_STEPS {
            let starts = chains.into_iter().map(|c| c.st).collect();
            let check = ChainCheck { passed: false, ..check };
            return Err(NotReady::Diagnostics(Box::new(Markov {
                starts,
                steps: n,
                start_nodes,
                check,
            })));
        }
        n = (n + n / GROWTH).min(MAX_STEPS);
    }
}

/// The largest R-hat and the longest autocorrelation time (in samples,
/// pooled over the chains) over every projection of
/// `series[chain][projection]`.
fn diagnose(series: &[Vec<Vec<f64>>]) -> (f64, f64) {
    let mut rhat: f64 = 1.0;
    let mut tau: f64 = 1.0;
    for j in 0..PROJECTIONS {
        let chains: Vec<&[f64]> = series.iter().map(|s| s[j].as_slice()).collect();
        rhat = rhat.max(gelman_rubin(&chains));
        tau = tau.max(pooled_autocorrelation_time(&chains));
    }
    (rhat, tau)
}

/// Fixed random projections of a board: sums over its hexes, with signs
/// drawn once per hex and projection.
struct Projections {
    cells: Vec<u32>,
    signs: Vec<[f64; PROJECTIONS]>,
}

impl Projections {
    fn new(p: &Problem<'_>) -> Projections {
        let mut cells: Vec<u32> = Vec::new();
        for r in &p.regions {
            cells.extend(r.slots.iter().chain(&r.chip_fixed));
        }
        cells.extend(&p.facing_cells);
        cells.sort_unstable();
        cells.dedup();
        let mut rng = stage_rng(0x5EED, Stream::Pilot);
        let signs = cells
            .iter()
            .map(|_| {
                std::array::from_fn(
                    |_| if crate::rng::below(&mut rng, 2) == 0 { -1.0 } else { 1.0 },
                )
            })
            .collect();
        Projections { cells, signs }
    }

    /// Projection `j` of board `st`.
    fn value(&self, j: usize, st: &State) -> f64 {
        let mut sum = 0.0;
        for (x, s) in self.cells.iter().zip(&self.signs) {
            let x = *x as usize;
            let (t, n) = (st.terrain[x], st.number[x]);
            let v = match j {
                0 => f64::from(u8::from(is_red(n))),
                1 => f64::from(crate::model::rules::PIPS[n as usize]),
                2 => f64::from(u8::from(n == 0 && t != Terrain::Harbor as u8)),
                3 => f64::from((u32::from(t).wrapping_mul(0x9E37_79B9) >> 7) & 1),
                _ => match st.hdir[x] {
                    NO_DIR => 0.0,
                    d => f64::from(d) + 1.0,
                },
            };
            sum += s[j] * v;
        }
        sum
    }
}
