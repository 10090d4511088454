//! The Markov chain as a sampler, for maps no exact sampler fits: its
//! starting boards, how long it runs, and the diagnostics that say it has
//! forgotten where it started. Everything here runs once per map, rule set
//! and lock set, with fixed seeds: the same map gives the same plan on
//! every machine.
//!
//! 1. [`CHAINS`] starting boards from the complete search
//!    ([`super::complete`]), each with its own seed (they differ wherever
//!    the map leaves room).
//! 2. From each, the chain ([`super::chain`]) runs `2n` steps; the second
//!    half is watched through a few fixed random projections of the board
//!    (where the red chips are, the pips, the chipless tiles, the terrains,
//!    the harbor facings, each summed with fixed random signs per hex).
//! 3. The chains must agree (the Gelman-Rubin statistic R-hat of every
//!    projection at most [`MAX_RHAT`]), and `n` must be at least
//!    [`TAU_MARGIN`] times the longest integrated autocorrelation time
//!    measured. Otherwise `n` doubles, up to [`MAX_STEPS`] per board; past
//!    that the map is refused with that limit named.
//!
//! A board for seed `s` is then the chain run `n` more steps, with the
//! seed's own moves, from the end of chain `s mod CHAINS`.

use super::budget::Budget;
use super::chain::block::Work;
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
/// Samples of each chain's second half.
const SAMPLES: u64 = 100;
/// Projections watched.
const PROJECTIONS: usize = 5;
/// Search steps for each starting board.
pub(crate) const SEARCH_NODES: u64 = 20_000_000;
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
    /// The diagnostics did not pass within [`MAX_STEPS`] steps per board.
    Diagnostics(ChainCheck),
    /// The deadline passed while the chains ran (their starts were found).
    Late,
}

/// The starting boards, the diagnostics and the steps per board for `p`.
pub(crate) fn prepare(
    p: &Problem<'_>,
    chain: &Chain,
    deadline: Option<std::time::Instant>,
) -> Result<Markov, NotReady> {
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
        let mut budget = Budget { nodes: 0, max: SEARCH_NODES, deadline };
        let found = super::sat::find(&complete, &mut rng, &mut budget);
        nodes += budget.nodes;
        starts.push(found.map_err(|stop| match stop {
            // Some chains already have their start: boards exist.
            Stop::Deadline if k > 0 => NotReady::Late,
            stop => NotReady::Search(stop, nodes),
        })?);
    }
    let proj = Projections::new(p);
    let mut works: Vec<Work> = (0..CHAINS).map(|_| Work::new(p)).collect();
    let mut n = chain.steps.max(64);
    let mut first = true;
    loop {
        let mut series = vec![vec![Vec::new(); PROJECTIONS]; CHAINS];
        let thin = (n / SAMPLES).max(1);
        for (k, (st, work)) in starts.iter_mut().zip(&mut works).enumerate() {
            let mut rng = stage_rng((n << 8) | k as u64, Stream::Chain);
            let mut b = Budget { nodes: 0, max: u64::MAX, deadline };
            let stopped = |_| NotReady::Late;
            // The burn-in: `n` steps before the watched half. After the
            // first round the chains have already run that many (2n0 + n1
            // + ... + n(k-1) = n(k) steps), so they go straight on.
            if first {
                chain.run_for(p, st, work, n, &mut rng, &mut b).map_err(stopped)?;
            }
            for _ in 0..SAMPLES {
                chain.run_for(p, st, work, thin, &mut rng, &mut b).map_err(stopped)?;
                for (j, s) in series[k].iter_mut().enumerate() {
                    s.push(proj.value(j, st));
                }
            }
        }
        let (rhat, tau) = diagnose(&series);
        let tau_steps = (tau * thin as f64).ceil() as u64;
        let check = ChainCheck {
            chains: CHAINS as u32,
            watched: thin * SAMPLES,
            rhat_milli: (rhat * 1000.0).min(f64::from(u32::MAX)).round() as u32,
            tau_steps,
        };
        let steps = n.max(TAU_MARGIN * tau_steps);
        if std::env::var_os("HEXPRESS_CHAIN_DEBUG").is_some() {
            let per: Vec<(f64, f64)> = (0..PROJECTIONS)
                .map(|j| {
                    let c: Vec<&[f64]> = series.iter().map(|s| s[j].as_slice()).collect();
                    let t = c.iter().map(|x| autocorrelation_time(x)).fold(1.0, f64::max);
                    (gelman_rubin(&c), t)
                })
                .collect();
            eprintln!("chain n {n} thin {thin}: {per:?}");
        }
        if rhat <= MAX_RHAT && steps <= MAX_STEPS && n >= TAU_MARGIN * tau_steps {
            return Ok(Markov { starts, steps, start_nodes: nodes, check });
        }
        if 2 * n > MAX_STEPS {
            return Err(NotReady::Diagnostics(check));
        }
        n *= 2;
        first = false;
    }
}

/// The largest R-hat and the longest autocorrelation time (in samples) over
/// every projection of `series[chain][projection]`.
fn diagnose(series: &[Vec<Vec<f64>>]) -> (f64, f64) {
    let mut rhat: f64 = 1.0;
    let mut tau: f64 = 1.0;
    for j in 0..PROJECTIONS {
        let chains: Vec<&[f64]> = series.iter().map(|s| s[j].as_slice()).collect();
        rhat = rhat.max(gelman_rubin(&chains));
        for c in &chains {
            tau = tau.max(autocorrelation_time(c));
        }
    }
    (rhat, tau)
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len().max(1) as f64
}

fn variance(x: &[f64]) -> f64 {
    let m = mean(x);
    x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (x.len().max(2) - 1) as f64
}

/// The potential scale reduction factor of chains of equal length: 1 when
/// they agree, larger when their means differ more than their spread says.
pub(crate) fn gelman_rubin(chains: &[&[f64]]) -> f64 {
    let m = chains.first().map_or(0, |c| c.len()) as f64;
    let means: Vec<f64> = chains.iter().map(|c| mean(c)).collect();
    let w = mean(&chains.iter().map(|c| variance(c)).collect::<Vec<_>>());
    let b_over_m = variance(&means);
    if w <= 1e-12 {
        // Every chain constant: they agree only if they hold the same value.
        return if b_over_m <= 1e-12 { 1.0 } else { f64::INFINITY };
    }
    let var_plus = (m - 1.0) / m * w + b_over_m;
    (var_plus / w).sqrt()
}

/// The integrated autocorrelation time of `x` (in samples), by Geyer's
/// initial positive sequence: 1 for independent samples.
pub(crate) fn autocorrelation_time(x: &[f64]) -> f64 {
    let n = x.len();
    let m = mean(x);
    let c0: f64 = x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / n as f64;
    if c0 <= 1e-12 {
        return 1.0;
    }
    let rho = |k: usize| -> f64 {
        (0..n - k).map(|i| (x[i] - m) * (x[i + k] - m)).sum::<f64>() / n as f64 / c0
    };
    let mut tau = -1.0;
    let mut k = 0;
    while k + 1 < n {
        let pair = rho(k) + rho(k + 1);
        if pair <= 0.0 {
            break;
        }
        tau += 2.0 * pair;
        k += 2;
    }
    tau.max(1.0)
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
