//! The complete search of small maps as a satisfiability problem: the same
//! kinds and chip classes as [`super::complete`], written as clauses and
//! handed to a CDCL solver (`batsat`, a MiniSat port), which learns from
//! each dead end instead of meeting it again in another branch.
//!
//! - one literal per cell and kind, and per cell and chip class; exactly one
//!   kind per slot and one class per hex that takes a chip;
//! - each region's pools as "exactly k" counters;
//! - every rule as clauses over neighbouring cells, corners (the pip cap,
//!   through "at least q pips" literals) and harbor directions;
//! - terrain groups larger than two are checked on each board found, and a
//!   group too big is forbidden by a clause before solving again.
//!
//! The solver is deterministic (its own seeded generator), so the same
//! problem and seed give the same board on every machine. A board found is
//! valid but not a uniform draw: it starts the Markov chain, as the
//! depth-first search's boards do. With selectors on every rule clause
//! (`tagged`), one encoding answers which rules and which hexes conflict.

mod card;
mod conflict;
mod encode;
mod rules;

use std::cell::Cell;
use std::time::Instant;

use batsat::{lbool, Callbacks, ClauseKind, Lit, SolverInterface};

use super::budget::Budget;
use super::complete::Complete;
use super::state::{Flood, State};
use super::Stop;
use crate::model::{rules as model_rules, ConstraintId};
use crate::rng::{below, Rng};
use crate::vocab::Terrain;
use card::B;
pub(crate) use conflict::locate;
pub(crate) use encode::Encoding;

/// Maps with at most this many cells to fill are searched with the solver
/// (its counters grow with the cells times the tiles of a kind).
pub(crate) const MAX_VARS: usize = 200;

/// Budget nodes one conflict of the solver counts for (a conflict costs
/// about as much as a hundred steps of the depth-first search).
const NODES_PER_CONFLICT: u64 = 100;

/// Stops the solver on its conflict budget or the deadline.
#[derive(Default)]
pub(crate) struct Stopper {
    conflicts: u64,
    max: u64,
    deadline: Option<Instant>,
    polls: Cell<u32>,
    late: Cell<bool>,
}

impl Callbacks for Stopper {
    fn on_new_clause(&mut self, _: &[Lit], kind: ClauseKind) {
        if matches!(kind, ClauseKind::Learnt) {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        if self.conflicts >= self.max {
            return true;
        }
        let polls = self.polls.get().wrapping_add(1);
        self.polls.set(polls);
        if polls.is_multiple_of(256) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.late.set(true);
        }
        self.late.get()
    }
}

impl Encoding<'_, '_, '_> {
    /// Solves under `assumptions` within `budget`: whether a board exists
    /// (`Err` when the budget or the deadline stopped the solver).
    pub fn solve(&mut self, assumptions: &[Lit], budget: &mut Budget) -> Result<bool, Stop> {
        let left = budget.max.saturating_sub(budget.nodes) / NODES_PER_CONFLICT;
        let cb = self.s.cb_mut();
        cb.conflicts = 0;
        cb.max = left.max(1);
        cb.deadline = budget.deadline;
        let answer = self.s.solve_limited(assumptions);
        let cb = self.s.cb_mut();
        budget.nodes += 1 + cb.conflicts * NODES_PER_CONFLICT;
        if answer == lbool::TRUE {
            return Ok(true);
        }
        if answer == lbool::FALSE {
            return Ok(false);
        }
        Err(if cb.late.get() { Stop::Deadline } else { Stop::Budget })
    }

    fn value(&self, l: Lit) -> bool {
        self.s.value_lit(l) == lbool::TRUE
    }

    /// The board of kinds and classes the last model holds, harbors landed.
    pub fn decode(&self) -> State {
        let c = self.c;
        let p = c.p;
        let mut st = State::new(p);
        for (j, v) in c.vars.iter().enumerate() {
            let x = v.cell as usize;
            if let Some((k, _)) = self.kind[j].iter().find(|(_, l)| self.value(*l)) {
                st.terrain[x] = *k;
            }
            if let Some((a, _)) = self.class[j].iter().find(|(_, l)| self.value(*l)) {
                st.number[x] = c.rep[*a as usize];
            }
        }
        for (i, x) in p.facing_cells.iter().enumerate() {
            if let Some((k, _)) = self.dirs[i].iter().find(|(_, l)| self.value(*l)) {
                p.land_harbor(&mut st, *x as usize, *k);
            }
        }
        st
    }

    /// A group on `st` larger than the cap, forbidden by a new clause
    /// (only caps above two: smaller ones are clauses from the start).
    /// Whether one was found.
    pub(crate) fn forbid_a_big_group(&mut self, st: &State, flood: &mut Flood) -> bool {
        let p = self.c.p;
        let Some(cap) = p.c.max_terrain_group.filter(|g| *g > 2) else { return false };
        for v in &self.c.vars {
            let x = v.cell as usize;
            let t = st.terrain[x];
            let grouped =
                t != super::problem::UNSET && model_rules::groups(Terrain::ALL[t as usize]);
            if !grouped || flood.group_size(p, st, x, t, cap) <= cap {
                continue;
            }
            let cells = connected(p, st, x, t, cap as usize + 1);
            let lits: Vec<B> = cells.iter().map(|y| self.terrain_is(*y, t).not()).collect();
            self.rule(ConstraintId::MaxTerrainGroup, &cells, &lits);
            return true;
        }
        false
    }
}

impl Encoding<'_, '_, '_> {
    /// Forbids the kinds and classes `cells` hold on `st` together: a
    /// clause that one of them holds another. Kinds and classes tell apart
    /// whatever any region's rules read, so no board that keeps them is
    /// lost. `false` when no cell of them is searched (every board holds
    /// the same there: none exists).
    fn forbid_cells(&mut self, st: &State, cells: &[u32]) -> bool {
        let mut lits = Vec::new();
        for x in cells {
            let Some(j) = self.var(*x as usize) else { continue };
            let x = *x as usize;
            for (k, l) in &self.kind[j] {
                if *k == st.terrain[x] {
                    lits.push(B::L(*l).not());
                }
            }
            for (a, l) in &self.class[j] {
                if self.c.rep[*a as usize] == st.number[x] {
                    lits.push(B::L(*l).not());
                }
            }
        }
        if lits.is_empty() {
            return false;
        }
        self.add(&lits);
        true
    }
}

/// `size` connected cells of terrain `t` around `x` (breadth first).
fn connected(
    p: &super::problem::Problem<'_>,
    st: &State,
    x: usize,
    t: u8,
    size: usize,
) -> Vec<usize> {
    let mut out = vec![x];
    let mut i = 0;
    while i < out.len() && out.len() < size {
        for m in p.nb[out[i]] {
            let m = m as usize;
            if m < p.n && st.terrain[m] == t && !out.contains(&m) && out.len() < size {
                out.push(m);
            }
        }
        i += 1;
    }
    out
}

/// A seed for the solver's own generator, drawn from `rng`.
fn seed(rng: &mut Rng) -> f64 {
    f64::from(below(rng, 1 << 30)) + 1.0
}

/// The complete search for a valid board: the solver on maps of at most
/// [`MAX_VARS`] cells to fill, the depth-first search on larger ones.
/// `Err(Stop::Exhausted)`: none exists.
pub(crate) fn find(
    c: &Complete<'_, '_>,
    rng: &mut Rng,
    budget: &mut Budget,
) -> Result<State, Stop> {
    if c.vars.len() <= MAX_VARS {
        solve_board(c, rng, budget)
    } else {
        c.depth_first(rng, budget)
    }
}

/// Searches for a valid board with the solver. `Err(Stop::Exhausted)`:
/// none exists.
fn solve_board(c: &Complete<'_, '_>, rng: &mut Rng, budget: &mut Budget) -> Result<State, Stop> {
    let mut e = Encoding::new(c, seed(rng), false);
    let mut flood = Flood::new(c.p.n);
    loop {
        if !e.solve(&[], budget)? {
            return Err(Stop::Exhausted);
        }
        let mut st = e.decode();
        if e.forbid_a_big_group(&st, &mut flood) {
            continue;
        }
        if let Some((_, cells)) =
            c.p.regional.as_ref().and_then(|r| r.clash(&st.terrain, &st.number))
        {
            // A board the loosest rules allow but a region's own do not:
            // forbid what its clashing cells hold, and solve again.
            if !e.forbid_cells(&st, &cells) {
                return Err(Stop::Exhausted);
            }
            continue;
        }
        c.settle(&mut st, rng);
        return Ok(st);
    }
}
