//! `--balanced` (the default mode, `bar`): a uniform draw among the valid
//! boards that clear the fairness bar ([`super::bar`]).
//!
//! Two methods, chosen once per map, rules and bar by a pilot run with a
//! fixed seed (never per seed):
//! - **rejection**: draw uniform boards from the solver until one clears the
//!   bar. Exact: the first board that clears is a uniform draw among those
//!   that do. Used when the pilot's [`PILOT_BOARDS`] boards hold at least
//!   [`MIN_CLEARS`] that clear (a pass rate of about 1 in 20,000 or more).
//! - **restricted chain**: from one board inside the bar, the solver's
//!   Markov chain ([`crate::solve::Solver::restricted_walk`]) with every move
//!   that leaves the bar refused. Its stationary distribution is uniform over
//!   the boards inside the bar that its moves reach; the tests check it
//!   against rejection where both work. The starting board is a pilot board
//!   that clears, or else the end of a short search that walks down the
//!   bar's excess ([`super::bar::Bar::excess`]); when the search finds none,
//!   the draw fails with the thresholds the closest boards missed.
//!
//! On a map that only the solver's Markov chain draws, a fresh chain run per
//! board would make the pilot and each rejection cost thousands of runs.
//! There the pilot's boards, and each draw's candidates, are successive
//! boards of one chain run ([`crate::solve::Solver::chain_boards`]): the
//! first after the chain's full steps per board, then, for a draw's
//! candidates, one every quarter of them (at least 5 of the autocorrelation
//! times its diagnostics measured, which ask for 20 per board). The pilot
//! only estimates how often boards clear (an average over the run, which
//! closer boards do not bias) and keeps a few to start from, so its boards
//! are [`PILOT_THIN_SHARE`] times closer together. Rejection there is
//! [`BarMethod::RejectionOverChain`], approximately uniform and said so.

use rayon::prelude::*;

use super::bar::{Bar, Miss};
pub use super::candidates::bar_candidate_seed;
use super::candidates::CandidateSeeds;

use super::measures::{Evaluator, Measures, Scratch};
use crate::rng::{stage_rng, Rng, Stream};
use crate::solve::{Layout, RestrictedRun, Sampler, SolveError, SolveOptions, Solver};

/// Uniform boards the pilot draws at most.
pub(crate) const PILOT_BOARDS: u64 = 20_000;
/// The pilot stops after this many boards that clear the bar.
pub(crate) const PILOT_CLEARS: u64 = 32;
/// Boards that clear among the pilot's for rejection to be used.
pub(crate) const MIN_CLEARS: u64 = 2;
/// Steps of the search for a starting board inside the bar (all walks).
pub(crate) const START_STEPS: u64 = 60_000;
/// Walks of that search.
pub(crate) const START_WALKS: u64 = 8;
/// Steps of the restricted chain per board, in units of the solver's own
/// chain length ([`Solver::chain_steps`]). On the base game that is 4,224
/// steps; `tests/bar.rs` could not tell 500 from rejection at a tight bar
/// (200 boards), while 40 steps fail by a factor of 6 or more.
pub(crate) const CHAIN_FACTOR: u64 = 2;
/// The fixed seed of the pilot and of the start search.
pub(crate) const PILOT_SEED: u64 = 0xBA5E_BA5E;
/// Over a Markov chain's boards, successive candidates are this fraction
/// of the chain's steps per board apart (see the module docs).
pub const CHAIN_THIN_DIVISOR: u64 = 4;
/// Over a Markov chain's boards, the pilot's boards are this many times
/// closer together than a draw's candidates (see the module docs).
pub(crate) const PILOT_THIN_SHARE: u64 = 4;

mod over_chain;

/// How a bar draw is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarMethod {
    /// Uniform boards until one clears the bar.
    Rejection,
    /// Successive boards of one run of the solver's Markov chain, this
    /// many steps apart, until one clears the bar (maps only the chain
    /// draws).
    RejectionOverChain {
        /// Steps between candidates.
        thin: u64,
    },
    /// The chain restricted to the bar, this many steps per board.
    Chain {
        /// Steps per board.
        steps: u64,
    },
}

impl BarMethod {
    /// What the method guarantees about the board, among those that clear
    /// the bar.
    pub fn guarantee(&self) -> String {
        match self {
            BarMethod::Rejection => "uniform, exact (rejection)".into(),
            BarMethod::RejectionOverChain { thin } => format!(
                "approximately uniform (rejection among the boards of one Markov chain run, one every {} steps)",
                crate::units::thousands(*thin)
            ),
            BarMethod::Chain { steps } => format!(
                "approximately uniform (a Markov chain restricted to the bar: {} steps)",
                crate::units::thousands(*steps)
            ),
        }
    }

    /// [`BarMethod::guarantee`] for a bar drawn over boards drawn by
    /// `boards`: rejection among a Markov chain's boards is only as uniform
    /// as they are, and says so (not shown to be uniform at all when the
    /// chain's diagnostics failed).
    pub fn guarantee_over(&self, boards: &crate::solve::Sampler) -> String {
        if let crate::solve::Sampler::Chain { check: Some(c), .. } = boards {
            if !c.passed {
                return "not shown to be uniform (among boards of a Markov chain whose \
                        diagnostics failed)"
                    .into();
            }
        }
        self.guarantee_among(matches!(boards, crate::solve::Sampler::Chain { .. }))
    }

    /// [`BarMethod::guarantee`] for a bar drawn among boards that a Markov
    /// chain drew (`chain_boards`) or an exact sampler.
    fn guarantee_among(&self, chain_boards: bool) -> String {
        match (self, chain_boards) {
            (BarMethod::Rejection, true) => {
                "approximately uniform (rejection among boards a Markov chain drew, as uniform as they are)"
                    .into()
            }
            _ => self.guarantee(),
        }
    }

    /// The name in `layout.json`.
    pub fn name(&self) -> &'static str {
        match self {
            BarMethod::Rejection => "rejection",
            BarMethod::RejectionOverChain { .. } => "rejection-over-chain",
            BarMethod::Chain { .. } => "restricted-chain",
        }
    }
}

/// Settings of a bar sampler.
#[derive(Clone, Copy, Debug)]
pub struct BarOptions {
    /// Solver limits per board (its deadline is ignored).
    pub solve: SolveOptions,
    /// Use this method whatever the pilot says (tests compare the two).
    pub force: Option<BarMethod>,
    /// Boards the pilot draws at most.
    pub pilot_boards: u64,
}

impl Default for BarOptions {
    fn default() -> Self {
        BarOptions { solve: SolveOptions::default(), force: None, pilot_boards: PILOT_BOARDS }
    }
}

/// What the pilot saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pilot {
    /// Uniform boards drawn.
    pub boards: u64,
    /// Those that cleared the bar.
    pub cleared: u64,
}

impl Pilot {
    /// The share of uniform boards that clear the bar, as the pilot saw it.
    pub fn pass_rate(&self) -> f64 {
        if self.boards == 0 {
            0.0
        } else {
            self.cleared as f64 / self.boards as f64
        }
    }
}

/// One board drawn from the bar.
#[derive(Clone, Debug)]
pub struct BarDraw {
    /// The board; its `seed` is the draw's seed.
    pub layout: Layout,
    /// All its measures, the seats included.
    pub measures: Measures,
    /// How it was drawn.
    pub method: BarMethod,
    /// Rejection: uniform boards drawn for it (the last one cleared).
    pub candidates: u64,
    /// Rejection: the solver seed of the board kept (`generate --seed` with
    /// it lays out the same board without `--balanced`).
    pub candidate_seed: Option<u64>,
    /// Chain: what the restricted run did.
    pub run: Option<RestrictedRun>,
}

/// Why no board could be drawn from the bar.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BarError {
    /// The solver could not lay out the map at all.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// No board inside the bar was found.
    #[error(
        "no board clears the bar: none of {boards} uniform boards and {steps} search steps did"
    )]
    NoBoard {
        /// Uniform boards tried.
        boards: u64,
        /// Search steps tried.
        steps: u64,
        /// What the closest board missed.
        closest: Vec<Miss>,
        /// Per threshold, how many of the uniform boards met it alone.
        alone: Vec<(&'static str, u64)>,
    },
    /// Rejection drew far more boards than the pilot's pass rate predicts.
    #[error("gave up after {tried} boards without one that clears the bar")]
    GaveUp {
        /// Boards drawn.
        tried: u64,
    },
}

/// Draws boards from a bar, for one map, rule set and bar.
#[derive(Clone)]
pub struct BarSampler<'s, 'a> {
    solver: &'s Solver<'a>,
    eval: &'s Evaluator<'s>,
    bar: Bar,
    method: BarMethod,
    pilot: Pilot,
    start: Option<Layout>,
    opts: SolveOptions,
    /// Maps only the chain draws: steps between the chain boards of the
    /// pilot and of rejection ([`CHAIN_THIN_DIVISOR`]).
    over_chain: Option<u64>,
    /// The pilot boards kept when they come from one chain run (the ones
    /// [`BarSampler::search_start`] may ask for), by index.
    kept: Vec<(u64, Layout)>,
}

/// Buffers for measuring boards, kept between draws
/// ([`BarSampler::draw_reusing`]).
#[derive(Default)]
pub struct BarBuffers {
    local: Local,
}

/// Buffers for measuring one board.
#[derive(Default)]
struct Local {
    scratch: Scratch,
    m: Measures,
}

/// A pilot board's facts.
struct Seen {
    excess: f64,
    cleared: bool,
    alone: [bool; 7],
}

impl<'s, 'a> BarSampler<'s, 'a> {
    /// Runs the pilot (and, for the chain, the start search) and returns a
    /// sampler, or the proof-by-search that no board clears the bar.
    pub fn new(
        solver: &'s Solver<'a>,
        eval: &'s Evaluator<'s>,
        bar: &Bar,
        opts: &BarOptions,
    ) -> Result<BarSampler<'s, 'a>, BarError> {
        let solve = SolveOptions { deadline: None, ..opts.solve };
        let mut s = BarSampler {
            solver,
            eval,
            bar: *bar,
            method: BarMethod::Rejection,
            pilot: Pilot::default(),
            start: None,
            opts: solve,
            over_chain: solver.chain_board_steps().map(|n| (n / CHAIN_THIN_DIVISOR).max(1)),
            kept: Vec::new(),
        };
        if !bar.is_set() {
            // Every board clears: the uniform sampler itself.
            solver.solve(PILOT_SEED, &solve)?;
            return Ok(s);
        }
        let (seen, first_clear) = s.run_pilot(opts.pilot_boards)?;
        let chain = BarMethod::Chain { steps: CHAIN_FACTOR * solver.chain_steps().max(1) };
        let rejection = match s.over_chain {
            Some(thin) => BarMethod::RejectionOverChain { thin },
            None => BarMethod::Rejection,
        };
        s.method = match opts.force {
            Some(BarMethod::Rejection | BarMethod::RejectionOverChain { .. }) => rejection,
            Some(BarMethod::Chain { .. }) => chain,
            None if s.pilot.cleared >= MIN_CLEARS => rejection,
            None => chain,
        };
        if let BarMethod::Chain { .. } = s.method {
            s.start = match first_clear {
                Some(j) => Some(s.pilot_board(j)?),
                None => Some(s.search_start(&seen)?),
            };
        } else if s.pilot.cleared == 0 {
            // Forced rejection on a bar the pilot never saw cleared.
            return Err(s.no_board(&seen, 0, None));
        }
        Ok(s)
    }

    /// The same sampler with the restricted chain run for `steps` steps
    /// per board (for tests that measure how long it must run).
    #[doc(hidden)]
    pub fn with_chain_steps(&self, steps: u64) -> Self {
        let mut s = self.clone();
        if let BarMethod::Chain { .. } = s.method {
            s.method = BarMethod::Chain { steps };
        }
        s
    }

    /// The method chosen.
    pub fn method(&self) -> BarMethod {
        self.method
    }

    /// What this sampler's boards guarantee: its method's guarantee, and
    /// approximate when the boards it rejects among come from a Markov
    /// chain ([`BarMethod::guarantee_over`]).
    pub fn guarantee(&self) -> String {
        let chain = matches!(self.solver.method(), crate::solve::Method::Chain { .. });
        self.method.guarantee_among(chain)
    }

    /// What the pilot saw.
    pub fn pilot(&self) -> Pilot {
        self.pilot
    }

    /// The bar.
    pub fn bar(&self) -> &Bar {
        &self.bar
    }

    /// Whether `l` clears the bar; `local.m` holds its measures after
    /// (the seats only when the bar reads them and the rest cleared).
    fn clears(&self, l: &Layout, local: &mut Local) -> bool {
        self.eval.scored_into(l, &mut local.scratch, &mut local.m);
        if !self.bar.clears_board(&local.m) {
            return false;
        }
        if self.bar.needs_seats() && !self.eval.scores_seats() {
            self.eval.seats_into(l, &mut local.scratch, &mut local.m);
        }
        self.bar.clears(&local.m)
    }

    /// How far `l` is from the bar (see [`Bar::excess`]); the seat gap only
    /// counts once the rest clears. `local.m` holds its measures after.
    fn excess(&self, l: &Layout, local: &mut Local) -> f64 {
        if self.clears(l, local) {
            return 0.0;
        }
        let seats = self.bar.needs_seats() && self.bar.clears_board(&local.m);
        let e = self.bar.excess_with(&local.m, seats);
        // A board that misses only by float noise still does not clear.
        if e > 0.0 {
            e
        } else {
            f64::MIN_POSITIVE
        }
    }

    fn pilot_board(&self, j: u64) -> Result<Layout, SolveError> {
        if let Some((_, l)) = self.kept.iter().find(|(k, _)| *k == j) {
            return Ok(l.clone());
        }
        self.solver.solve(super::search::candidate_seed(PILOT_SEED, j), &self.opts)
    }

    /// A pilot board's facts.
    fn seen(&self, l: &Layout, local: &mut Local) -> Seen {
        let excess = self.excess(l, local);
        // Which thresholds it meets, each alone (the seat gap is only
        // measured once the rest clears).
        let mut alone = [true; 7];
        let misses = match excess == 0.0 {
            true => Vec::new(),
            false => self.bar.misses_with(&local.m, false),
        };
        for (a, (name, _)) in alone.iter_mut().zip(self.bar.pairs()) {
            *a = match name {
                "seat_gap" => excess == 0.0 || self.bar.seat_gap.is_none(),
                _ => !misses.iter().any(|x| x.name == name),
            };
        }
        Seen { excess, cleared: excess == 0.0, alone }
    }

    /// Draws pilot boards in parallel chunks, counted in order; returns
    /// every board's facts and the first that cleared. Over a Markov
    /// chain, the boards of one chain run instead.
    fn run_pilot(&mut self, max: u64) -> Result<(Vec<Seen>, Option<u64>), BarError> {
        if let Some(thin) = self.over_chain {
            return self.run_chain_pilot(max, (thin / PILOT_THIN_SHARE).max(1));
        }
        // Chunks grow from 256: a bar most boards clear stops after the first.
        let mut chunk: u64 = 256;
        let max = max.max(1);
        let mut seen: Vec<Seen> = Vec::new();
        let mut first = None;
        let mut done = 0;
        while done < max && self.pilot.cleared < PILOT_CLEARS {
            let end = (done + chunk).min(max);
            chunk = (chunk * 2).min(4096);
            let part: Vec<Result<Seen, SolveError>> = (done..end)
                .into_par_iter()
                .map_init(
                    || (self.solver.scratch(), Local::default()),
                    |(sc, local), j| {
                        let seed = super::search::candidate_seed(PILOT_SEED, j);
                        let l = self.solver.solve_with(sc, seed, &self.opts)?;
                        Ok(self.seen(&l, local))
                    },
                )
                .collect();
            for (j, r) in (done..end).zip(part) {
                let x = r?;
                self.pilot.boards += 1;
                if x.cleared {
                    self.pilot.cleared += 1;
                    first.get_or_insert(j);
                }
                seen.push(x);
                if self.pilot.cleared >= PILOT_CLEARS {
                    break;
                }
            }
            done = end;
        }
        Ok((seen, first))
    }

    /// Walks down the bar's excess from the closest pilot boards; the first
    /// board inside the bar becomes the chain's start.
    fn search_start(&self, seen: &[Seen]) -> Result<Layout, BarError> {
        let mut order: Vec<usize> = (0..seen.len()).collect();
        order.sort_by(|a, b| seen[*a].excess.total_cmp(&seen[*b].excess).then(a.cmp(b)));
        let per_walk = START_STEPS / START_WALKS;
        let mut local = Local::default();
        let mut closest: Option<(f64, Layout)> = None;
        let mut steps = 0;
        for (w, &j) in order.iter().take(START_WALKS as usize).enumerate() {
            let board = self.pilot_board(j as u64)?;
            let mut walker = self.solver.walker(&board);
            let mut rng: Rng = stage_rng(PILOT_SEED ^ w as u64, Stream::BarChain);
            let mut current = seen[j].excess;
            let t0 = 1.0;
            for k in 0..per_walk {
                steps += 1;
                if !walker.step(&mut rng) {
                    continue;
                }
                let e = self.excess(walker.layout(), &mut local);
                if e == 0.0 {
                    return Ok(walker.layout().clone());
                }
                let t = t0 * (per_walk - k) as f64 / per_walk as f64;
                if e <= current + t {
                    current = e;
                    if closest.as_ref().is_none_or(|(c, _)| e < *c) {
                        closest = Some((e, walker.layout().clone()));
                    }
                } else {
                    walker.undo();
                }
            }
        }
        Err(self.no_board(seen, steps, closest.map(|c| c.1)))
    }

    fn no_board(&self, seen: &[Seen], steps: u64, closest: Option<Layout>) -> BarError {
        let mut local = Local::default();
        let closest = match closest {
            Some(l) => {
                self.eval.measure_into(&l, &mut local.scratch, &mut local.m);
                self.bar.misses(&local.m)
            }
            None => Vec::new(),
        };
        let alone = self
            .bar
            .pairs()
            .iter()
            .enumerate()
            .filter(|(_, (_, v))| v.is_some())
            .map(|(i, (name, _))| (*name, seen.iter().filter(|s| s.alone[i]).count() as u64))
            .collect();
        BarError::NoBoard { boards: seen.len() as u64, steps, closest, alone }
    }

    /// Draws the board for `seed`.
    pub fn draw(&self, seed: u64) -> Result<BarDraw, BarError> {
        self.draw_with(&mut self.solver.scratch(), seed)
    }

    /// [`BarSampler::draw`] reusing the solver's buffers.
    pub fn draw_with(
        &self,
        sc: &mut crate::solve::Scratch,
        seed: u64,
    ) -> Result<BarDraw, BarError> {
        self.draw_reusing(sc, &mut BarBuffers::default(), seed)
    }

    /// [`BarSampler::draw`] reusing the solver's buffers and the measuring
    /// buffers `bufs` (one of each per thread drawing many boards): the
    /// same board for the same seed, whatever they held before.
    pub fn draw_reusing(
        &self,
        sc: &mut crate::solve::Scratch,
        bufs: &mut BarBuffers,
        seed: u64,
    ) -> Result<BarDraw, BarError> {
        let local = &mut bufs.local;
        match (self.method, &self.start) {
            (BarMethod::Chain { steps }, Some(start)) => {
                let mut rng = stage_rng(seed, Stream::BarChain);
                let (mut layout, run) =
                    self.solver.restricted_walk(start, steps, &mut rng, |l| self.clears(l, local));
                layout.seed = seed;
                layout.sampler = Sampler::Chain {
                    steps: run.steps,
                    moved: run.moved,
                    start_nodes: 0,
                    check: None,
                };
                let measures = self.eval.measure(&layout);
                Ok(BarDraw {
                    layout,
                    measures,
                    method: self.method,
                    candidates: 0,
                    candidate_seed: None,
                    run: Some(run),
                })
            }
            (BarMethod::RejectionOverChain { thin }, _) => {
                self.reject_over_chain(local, seed, thin)
            }
            _ => self.reject(sc, local, seed),
        }
    }

    /// Rejection's candidate board for solver seed `cs`, or `None` when
    /// its terrain and chips alone show that it misses the bar (its layout
    /// is then never built: [`Solver::solve_screened`]). The flag says
    /// whether that quick check was made: the solver shows only the boards
    /// it draws by rejection.
    fn candidate(
        &self,
        sc: &mut crate::solve::Scratch,
        scratch: &mut Scratch,
        cs: u64,
    ) -> Result<Option<(Layout, bool)>, SolveError> {
        let b = &self.bar;
        if !b.is_set() {
            return self.solver.solve_with(sc, cs, &self.opts).map(|l| Some((l, false)));
        }
        let mut quick = false;
        let l = self.solver.solve_screened(sc, cs, &self.opts, |d| {
            quick = true;
            !self.eval.surely_misses_dealt(d, scratch, b.red_same_resource, b.corner_max)
        })?;
        Ok(l.map(|l| (l, quick)))
    }

    /// Rejection: uniform boards until one clears the bar. The cheap
    /// red-pair and corner check comes first, then the measures, and the
    /// seat simulation only for boards that clear the rest; the board kept
    /// is completed from the measures already taken (the same figures as
    /// measuring it afresh: `tests` below check it).
    fn reject(
        &self,
        sc: &mut crate::solve::Scratch,
        local: &mut Local,
        seed: u64,
    ) -> Result<BarDraw, BarError> {
        // Far beyond what the pilot's pass rate predicts.
        let cap = (200 * self.pilot.boards / self.pilot.cleared.max(1)).max(1_000_000);
        let mut seeds = CandidateSeeds::new(seed);
        let b = &self.bar;
        for j in 0..cap {
            let cs = seeds.get(j);
            let Some((mut layout, quick)) = self.candidate(sc, &mut local.scratch, cs)? else {
                continue;
            };
            let measures = if !b.is_set() {
                self.eval.measure(&layout)
            } else if (!quick
                && self.eval.surely_misses(&layout, b.red_same_resource, b.corner_max))
                || !self.clears(&layout, local)
            {
                continue;
            } else {
                // `clears` measured the seats when the bar reads them.
                if !b.needs_seats() && !self.eval.scores_seats() {
                    self.eval.seats_into(&layout, &mut local.scratch, &mut local.m);
                }
                self.eval.finish_into(&layout, &mut local.scratch, &mut local.m);
                std::mem::take(&mut local.m)
            };
            layout.seed = seed;
            return Ok(BarDraw {
                layout,
                measures,
                method: BarMethod::Rejection,
                candidates: j + 1,
                candidate_seed: Some(cs),
                run: None,
            });
        }
        Err(BarError::GaveUp { tried: cap })
    }
}
