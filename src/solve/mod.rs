//! Stage 3, solve: a validated map + a seed -> a [`Layout`] drawn uniformly
//! from all the boards that keep every fixed hex, use every pool exactly and
//! respect every placement and harbor rule.
//!
//! Two exact samplers, chosen per map, rule set and lock set (never per
//! seed) by a trial with a fixed seed (`pilot`):
//! - **rejection** (`exact`): deal everything at random, keep the board
//!   only if every rule holds; used when valid deals come up often enough
//!   (the base game keeps about one deal in four).
//! - **counting** (`counted`, `count`): the valid chip layouts are
//!   counted once in a table, one is drawn uniformly, and the rest is dealt
//!   uniformly and checked; used when rules are tight (the strict set,
//!   tight user maps, locks).
//!
//! When neither finds a board, `proof` shows none exists and names the
//! rules in conflict; when neither fits the map, the solver refuses with
//! the limit ([`SolveError::Unsampleable`]). The swap chain (`chain`)
//! is never chosen (it does not reach every valid board on every map); it
//! stays as a test control. `docs/sampling.md` has the argument and the
//! tests. Which method drew a board is recorded in [`Layout::sampler`] and
//! in `layout.json`. The solver is pure: no I/O; an optional deadline is
//! the only clock it reads. Same map, rules, seed and version: same board.

mod assemble;
mod budget;
mod chain;
pub mod check;
mod complete;
mod count;
mod counted;
mod diagnostics;
mod error;
mod exact;
mod facing;
mod file_check;
mod guard;
mod hooks;
mod layout;
mod locks;
mod markov;
mod options;
mod pilot;
mod problem;
mod proof;
mod regional;
mod restricted;
mod sat;
mod screened;
mod search;
mod stacks;
mod state;
mod walk;

pub use chain::ChainRun;
pub use diagnostics::error_diagnostics;
pub use error::{
    ClashHex, ConflictPlace, LockClash, LockError, Relax, SamplerLimit, SolveError, Stage, Stop,
};
pub use file_check::{check_file, FileProblems, BOARD_CHECK_LIMIT};
pub use guard::{check_board, BrokenBoard, Checked, Guard};
pub use layout::{Layout, PlacedHarbor, PlacedHex, RegionInfo, Sampler, SolveStats};
pub use locks::check_locks;
pub(crate) use markov::ChainCheck;
pub use options::{Lock, SolveOptions};
pub(crate) use pilot::Method;
pub use restricted::ChainBoards;
pub(crate) use restricted::RestrictedRun;
pub use screened::Dealt;
pub(crate) use walk::Walker;

use std::sync::{Arc, OnceLock};

use crate::model::{ConstraintId, Constraints, MapDef, RuleStage, Scenario};
use crate::rng::{stage_rng, Stream};
pub(crate) use budget::{restart_limit, Budget};
use pilot::pilot;
use problem::Problem;
use state::State;

/// The scenario's map for a player count, or the error that says which
/// player counts it supports.
pub fn map_for(scenario: &Scenario, players: u8) -> Result<&MapDef, SolveError> {
    scenario.map_for(players).ok_or_else(|| SolveError::NoMap {
        scenario: scenario.meta.id.clone(),
        players,
        available: scenario.meta.players.clone(),
    })
}

/// Lays out the map of `scenario` for `players` from `seed`.
///
/// ```
/// let s = hexpress::model::load(&hexpress::builtin::source("base").unwrap()).unwrap();
/// let a = hexpress::solve::solve(&s, 4, 7, &Default::default()).unwrap();
/// let b = hexpress::solve::solve(&s, 4, 7, &Default::default()).unwrap();
/// assert_eq!(a, b);
/// ```
pub fn solve(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    opts: &SolveOptions,
) -> Result<Layout, SolveError> {
    solve_locked(scenario, players, seed, opts, &[])
}

/// Like [`solve`], but the locked hexes keep their terrain and chip; the
/// rest is drawn uniformly among the valid boards that agree with them.
pub(crate) fn solve_locked(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    opts: &SolveOptions,
    locks: &[Lock],
) -> Result<Layout, SolveError> {
    let map = map_for(scenario, players)?;
    let solver = Solver::with_options(map, &scenario.constraints, locks, opts)?;
    let mut layout = solver.solve(seed, opts)?;
    layout.scenario = scenario.meta.id.clone();
    layout.title = scenario.meta.title.clone();
    layout.players = players;
    Ok(layout)
}

/// Chain steps per movable unit and doubling of the map size (see
/// `chain::Chain::new`); set by the uniformity tests with a margin.
pub(crate) const CHAIN_FACTOR: u64 = 8;

/// Precomputed sampling data for one map, rule set and lock set; reusable
/// across seeds (and threads).
pub struct Solver<'a> {
    p: Problem<'a>,
    chain: chain::Chain,
    /// The swap moves alone: the balanced search's local moves (kept as
    /// they were, so its boards stay the same for the same seed).
    swaps: chain::Chain,
    method: Method,
    /// The counting sampler's table (when the method is counting).
    counted: Option<counted::Counted>,
    /// Why no sampler fits this map (every draw fails with it).
    refused: Option<SolveError>,
    /// The Markov chain, when no exact sampler fits (with why not).
    markov: Option<(Box<markov::Markov>, SolveError)>,
    /// The chain's starting board, found once with a fixed seed.
    start: OnceLock<Result<(State, u32, u64), SolveError>>,
    labels: Arc<Vec<Option<String>>>,
    rolls: Arc<Vec<Vec<u8>>>,
    castaways: Arc<Vec<Option<u8>>>,
    sides: Arc<crate::model::sides::MapSides>,
    locks: Vec<Lock>,
}

/// Reusable buffers of a [`Solver`] (see [`Solver::scratch`]).
pub struct Scratch {
    exact: Option<exact::Exact>,
    counted: Option<counted::Draw>,
    chain: Option<State>,
    work: Option<chain::block::Work>,
}

impl<'a> Solver<'a> {
    /// Precomputes the tables for a map under a rule set.
    pub fn new(map: &'a MapDef, c: &Constraints) -> Solver<'a> {
        match Solver::with_locks(map, c, &[]) {
            Ok(s) => s,
            Err(_) => unreachable!("no locks, no lock errors"),
        }
    }

    /// Like [`Solver::new`], with hexes locked to their contents.
    pub fn with_locks(
        map: &'a MapDef,
        c: &Constraints,
        locks: &[Lock],
    ) -> Result<Solver<'a>, SolveError> {
        Solver::with_options(map, c, locks, &SolveOptions::default())
    }

    /// Like [`Solver::with_locks`], with `opts.deadline` bounding the
    /// choice of method too (it only ever stops it: the choice never
    /// depends on the clock), and `opts.exact` building any counting table
    /// that fits its limits rather than judging early from its growth that
    /// it will not (so a map that only `--exact` could refuse is counted
    /// when its table fits).
    pub(crate) fn with_options(
        map: &'a MapDef,
        c: &Constraints,
        locks: &[Lock],
        opts: &SolveOptions,
    ) -> Result<Solver<'a>, SolveError> {
        let p = Problem::new(map, c, locks)?;
        let chain = chain::Chain::new(&p, CHAIN_FACTOR);
        let (mut method, mut counted, mut refused, mut markov) =
            (Method::Rejection, None, None, None);
        match pilot(&p, &chain, locks, opts.deadline, opts.exact) {
            pilot::Choice::Use(m, c) => (method, counted) = (m, c.map(|b| *b)),
            pilot::Choice::Chain(m, why) => {
                method = Method::Chain { steps: m.steps };
                markov = Some((m, why));
            }
            pilot::Choice::Fail(e) => refused = Some(e),
        }
        let swaps = chain::Chain::new(&p, CHAIN_FACTOR).swaps_only();
        Ok(Solver {
            p,
            swaps,
            method,
            counted,
            refused,
            markov,
            chain,
            start: OnceLock::new(),
            labels: Arc::new(map.cells.iter().map(|c| c.label.clone()).collect()),
            rolls: Arc::new(map.cells.iter().map(|c| c.rolls.clone()).collect()),
            castaways: Arc::new(map.cells.iter().map(|c| c.castaway).collect()),
            sides: Arc::new(map.sides.clone()),
            locks: locks.to_vec(),
        })
    }

    /// The method this solver draws with.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Draws the board for one seed. The returned layout's scenario fields
    /// are blank; [`solve`] fills them.
    pub fn solve(&self, seed: u64, opts: &SolveOptions) -> Result<Layout, SolveError> {
        self.solve_with(&mut self.scratch(), seed, opts)
    }

    /// Buffers for [`Solver::solve_with`]: one per thread drawing many boards.
    pub fn scratch(&self) -> Scratch {
        Scratch { exact: None, counted: None, chain: None, work: None }
    }

    /// [`Solver::solve`] reusing `scratch`'s buffers (the same board for the
    /// same seed, whatever the scratch held before).
    pub fn solve_with(
        &self,
        scratch: &mut Scratch,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Layout, SolveError> {
        self.draw(scratch, seed, opts, None).map(|(l, _)| l)
    }

    /// The last guard for this solver's boards: its map, rules and locks.
    pub fn guard(&self) -> Guard<'a> {
        Guard::new(self.p.map, &self.p.given, &self.locks)
    }

    /// [`Solver::solve_with`], with the last guard run on the board's own
    /// tables before the layout is built (for boards written straight away,
    /// as `sample` does): the same board, and the proof it passed.
    pub fn solve_checked(
        &self,
        scratch: &mut Scratch,
        guard: &mut Guard<'_>,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<(Layout, Checked), SolveError> {
        let (layout, checked) = self.draw(scratch, seed, opts, Some(guard))?;
        match checked {
            Some(c) => Ok((layout, c)),
            None => unreachable!("a guarded draw returns its proof"),
        }
    }

    /// Draws the board for `seed`; with a guard, checks its tables first.
    fn draw(
        &self,
        scratch: &mut Scratch,
        seed: u64,
        opts: &SolveOptions,
        guard: Option<&mut Guard<'_>>,
    ) -> Result<(Layout, Option<Checked>), SolveError> {
        let mut budget = Budget::new(opts);
        if let Some(e) = &self.refused {
            return Err(e.clone());
        }
        if let Some((m, why)) = &self.markov {
            if opts.exact {
                return Err(SolveError::NotExact(Box::new(why.clone())));
            }
            let st = match &mut scratch.chain {
                Some(st) => {
                    st.clone_from(&m.starts[(seed % m.starts.len() as u64) as usize]);
                    st
                }
                None => {
                    scratch.chain.insert(m.starts[(seed % m.starts.len() as u64) as usize].clone())
                }
            };
            let mut rng = stage_rng(seed, Stream::Chain);
            let work = scratch.work.get_or_insert_with(|| chain::block::Work::new(&self.p));
            let run = self
                .chain
                .run_for(&self.p, st, work, m.steps, &mut rng, &mut budget)
                .map_err(|stop| self.unsat(Stage::Numbers, stop, &[], budget.nodes, 1))?;
            let sampler = Sampler::Chain {
                steps: run.steps,
                moved: run.moved,
                start_nodes: m.start_nodes,
                check: Some(m.check),
            };
            return self.guarded(guard, st, &mut rng, seed, sampler, budget.nodes, 1);
        }
        match self.method {
            Method::Counting => {
                let Some(c) = &self.counted else { unreachable!("counting has its table") };
                let d = scratch.counted.get_or_insert_with(|| c.draw(&self.p));
                let mut rng = stage_rng(seed, Stream::Deal);
                match c.sample(&self.p, d, &mut rng, &mut budget) {
                    Ok(attempts) => {
                        let sampler = Sampler::Counting {
                            attempts,
                            layouts: c.ctr.total(),
                            boards: c.boards(&self.p),
                        };
                        self.guarded(guard, &d.st, &mut rng, seed, sampler, budget.nodes, 1)
                    }
                    Err(stop) => {
                        Err(self.unsat(Stage::Numbers, stop, &d.rejections, budget.nodes, 1))
                    }
                }
            }
            Method::Rejection => {
                let (ex, mut rng, deals) = self.rejection_deal(scratch, seed, &mut budget)?;
                let sampler = Sampler::Rejection { deals };
                self.guarded(guard, &ex.st, &mut rng, seed, sampler, budget.nodes, 1)
            }
            Method::Chain { .. } => {
                let (start, attempts, start_nodes) = self.start(opts)?;
                let st = match &mut scratch.chain {
                    Some(st) => {
                        st.clone_from(start);
                        st
                    }
                    None => scratch.chain.insert(start.clone()),
                };
                let mut rng = stage_rng(seed, Stream::Chain);
                let run = self.chain.run(&self.p, st, &mut rng, &mut budget).map_err(|stop| {
                    self.unsat(Stage::Numbers, stop, &[], budget.nodes, *attempts)
                })?;
                let sampler = Sampler::Chain {
                    steps: run.steps,
                    moved: run.moved,
                    start_nodes: *start_nodes,
                    check: None,
                };
                self.guarded(guard, st, &mut rng, seed, sampler, budget.nodes, *attempts)
            }
        }
    }

    /// The rejection sampler's deal for `seed`: the board it keeps is left
    /// in the returned sampler's state, with the stream that goes on to
    /// build its layout and the number of deals it took.
    fn rejection_deal<'s>(
        &self,
        scratch: &'s mut Scratch,
        seed: u64,
        budget: &mut Budget,
    ) -> Result<(&'s exact::Exact, crate::rng::Rng, u64), SolveError> {
        let ex = scratch.exact.get_or_insert_with(|| exact::Exact::new(&self.p));
        ex.reset(&self.p);
        let mut rng = stage_rng(seed, Stream::Deal);
        match ex.sample(&self.p, &mut rng, budget) {
            Ok(deals) => Ok((ex, rng, deals)),
            Err(stop) => Err(self.unsat(Stage::Numbers, stop, &ex.rejections, budget.nodes, 1)),
        }
    }

    /// Builds the layout of `st`, after the guard's check of its tables
    /// when there is a guard.
    #[allow(clippy::too_many_arguments)]
    fn guarded(
        &self,
        guard: Option<&mut Guard<'_>>,
        st: &State,
        rng: &mut crate::rng::Rng,
        seed: u64,
        sampler: Sampler,
        nodes: u64,
        attempts: u32,
    ) -> Result<(Layout, Option<Checked>), SolveError> {
        let Some(guard) = guard else {
            return Ok((self.build(st, rng, seed, sampler, nodes, attempts), None));
        };
        // Face-down regions keep their chips in stacks that only the layout
        // holds: such boards are checked whole. Others are checked from the
        // solver's own tables, which is cheaper.
        if self.p.regions.iter().any(|r| r.face_down) {
            let layout = self.build(st, rng, seed, sampler, nodes, attempts);
            return match guard.check(&layout) {
                Ok(c) => Ok((layout, Some(c))),
                Err(b) => Err(SolveError::Broken(Box::new(b))),
            };
        }
        let checked = guard.check_tables(&st.terrain, &st.number, &st.hdir, &self.p.facing_cells);
        let layout = self.build(st, rng, seed, sampler, nodes, attempts);
        match checked {
            Ok(c) => Ok((layout, Some(c))),
            Err(()) => Err(SolveError::Broken(Box::new(guard.explain(&layout)))),
        }
    }

    /// The board the randomized search finds for `seed`: valid, but NOT a
    /// uniform draw (the search tries some hexes first). For tests that
    /// check the uniformity tests can see such bias.
    #[doc(hidden)]
    pub fn search_board(&self, seed: u64, opts: &SolveOptions) -> Result<Layout, SolveError> {
        let mut budget = Budget::new(opts);
        let mut rng = stage_rng(seed, Stream::Start);
        let mut rej = [0u64; ConstraintId::ALL.len()];
        match search::find(&self.p, &mut rng, &mut budget, &mut rej, opts.max_terrain_attempts) {
            Ok((st, attempts)) => {
                let sampler =
                    Sampler::Chain { steps: 0, moved: 0, start_nodes: budget.nodes, check: None };
                Ok(self.build(&st, &mut rng, seed, sampler, budget.nodes, attempts))
            }
            Err(f) => Err(self.unsat(f.stage, f.stop, &rej, budget.nodes, f.attempts)),
        }
    }

    /// The chain's starting board, searched once (with a fixed seed, so the
    /// result never depends on which seed asked first).
    fn start(&self, opts: &SolveOptions) -> Result<&(State, u32, u64), SolveError> {
        let found = self.start.get_or_init(|| {
            let mut budget = Budget::new(&SolveOptions { deadline: opts.deadline, ..*opts });
            let mut rng = stage_rng(0, Stream::Start);
            let mut rej = [0u64; ConstraintId::ALL.len()];
            match search::find(&self.p, &mut rng, &mut budget, &mut rej, opts.max_terrain_attempts)
            {
                Ok((st, attempts)) => Ok((st, attempts, budget.nodes)),
                Err(f) => Err(self.unsat(f.stage, f.stop, &rej, budget.nodes, f.attempts)),
            }
        });
        found.as_ref().map_err(Clone::clone)
    }

    fn unsat(
        &self,
        stage: Stage,
        stop: Stop,
        rej: &[u64],
        nodes: u64,
        terrain_attempts: u32,
    ) -> SolveError {
        let ids: Vec<ConstraintId> = ConstraintId::ALL
            .into_iter()
            .filter(|id| {
                id.rule().stage
                    == match stage {
                        Stage::Terrain => RuleStage::Terrain,
                        Stage::Harbors => RuleStage::Harbors,
                        Stage::Numbers => RuleStage::Numbers,
                    }
            })
            .collect();
        let (constraint, rejections) = ids
            .iter()
            .map(|id| (*id, rej.get(id.index()).copied().unwrap_or(0)))
            .filter(|(_, n)| *n > 0)
            .max_by_key(|(_, n)| *n)
            .map_or((None, 0), |(id, n)| (Some(id), n));
        SolveError::Unsatisfiable { stage, constraint, rejections, nodes, stop, terrain_attempts }
    }
}
