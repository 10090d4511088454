//! Where a proof's rules conflict: the hexes whose rule clauses alone, with
//! the pools, already leave no board. Every rule clause carries a selector
//! per cell it reads ([`Encoding::new`] with `tagged`); the solver is asked
//! with every cell's selector assumed, and its unsatisfiable core (the
//! assumptions it needed) is shrunk by deletion, one cell at a time.

use batsat::{Lit, SolverInterface};

use super::{seed, Encoding, MAX_VARS};
use crate::rng::{stage_rng, Stream};
use crate::solve::budget::Budget;
use crate::solve::complete::Complete;

/// Most solver calls spent shrinking the hexes (the list stays a true
/// conflict when the calls run out; it may then be longer than needed).
const MAX_CALLS: usize = 96;

/// The cells whose rule clauses alone (with the pools, fixed hexes and
/// locks) leave no board, as few as deletion finds; `None` when `c` has a
/// board, is too large for the solver, groups larger than two are capped
/// (those clauses are added lazily), or the budget ran out first.
pub(crate) fn locate(c: &Complete<'_, '_>, budget: &mut Budget) -> Option<Vec<usize>> {
    let p = c.p;
    if c.vars.len() > MAX_VARS || p.c.max_terrain_group.is_some_and(|g| g > 2) {
        return None;
    }
    let mut rng = stage_rng(0, Stream::Start);
    let mut e = Encoding::new(c, seed(&mut rng), true);
    let rules: Vec<Lit> = e.rule_sel.iter().flatten().copied().collect();
    let all: Vec<usize> = (0..p.n).filter(|x| e.cell_sel[*x].is_some()).collect();
    if e.solve_with(&rules, &all, budget).ok()? {
        return None;
    }
    let mut cells = e.core_cells(&all);
    let mut i = 0;
    for _ in 0..MAX_CALLS {
        if i >= cells.len() {
            break;
        }
        let trial: Vec<usize> =
            cells.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, x)| *x).collect();
        match e.solve_with(&rules, &trial, budget) {
            Ok(false) => cells = e.core_cells(&trial),
            Ok(true) => i += 1,
            Err(_) => break,
        }
    }
    Some(cells)
}

impl Encoding<'_, '_, '_> {
    /// Solves with every rule selector and the selectors of `cells` assumed.
    fn solve_with(
        &mut self,
        rules: &[Lit],
        cells: &[usize],
        budget: &mut Budget,
    ) -> Result<bool, crate::solve::Stop> {
        let mut assume = rules.to_vec();
        assume.extend(cells.iter().filter_map(|x| self.cell_sel[*x]));
        self.solve(&assume, budget)
    }

    /// The cells of `cells` whose selectors the last refusal needed.
    fn core_cells(&self, cells: &[usize]) -> Vec<usize> {
        cells
            .iter()
            .copied()
            .filter(|x| self.cell_sel[*x].is_some_and(|l| self.s.unsat_core_contains_var(l.var())))
            .collect()
    }
}
