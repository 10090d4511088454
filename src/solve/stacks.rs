//! Face-up hexes that draw their chip from a face-down region's pool.
//!
//! Such a region's pool of `m` chips goes to its `k` face-up chip hexes
//! (the fixed hexes that take their chip from it) and the other `m − k` to
//! the stack beside the board. A board holds the order of every stack
//! (`docs/sampling.md`), so a board of the region is a string of `m`
//! chips: `k` on the face-up hexes, then the stack, top first.
//!
//! The samplers see this as one more face-up chip region, of the face-up
//! hexes plus `m − k` **stack cells**: cells past the map's own (at
//! `n_map..n`), with no neighbour, no corner and a fixed resource terrain
//! no rule reads, that take the rest of the pool. Every sampler deals a
//! face-up region's chips over its chip cells, uniformly over the
//! rule-keeping ways (as strings of values), so it deals this string
//! uniformly over the valid boards; the stack cells' chips, in order, are
//! the stack. No rule can see a stack cell, so each of its orders is as
//! valid as any other, as a board's stack order must be.

use crate::model::{Constraints, MapDef};
use crate::vocab::Terrain;

/// A face-down region whose pool also feeds face-up hexes.
pub(crate) struct Shared {
    /// The face-down region (map index).
    pub region: usize,
    /// Its unlocked face-up chip hexes.
    pub face_up: Vec<u32>,
    /// Its chips, after the locks.
    pub chips: Vec<u8>,
    /// How many stack cells it needs: `chips.len() - face_up.len()`.
    pub stack: usize,
}

/// Takes the chips of every face-down region that face-up hexes draw from
/// out of `chips` (leaving that region's own plan none), in region order.
pub(crate) fn shared(map: &MapDef, locked: &[bool], chips: &mut [Vec<u8>]) -> Vec<Shared> {
    map.regions
        .iter()
        .enumerate()
        .filter(|(_, r)| r.face_down && !r.chip_cells.is_empty())
        .map(|(ri, r)| {
            let face_up: Vec<u32> =
                r.chip_cells.iter().filter(|s| !locked[**s]).map(|s| *s as u32).collect();
            let chips = std::mem::take(&mut chips[ri]);
            // Validation gives the pool one chip per chip hex, so there are
            // at least as many chips as face-up hexes.
            let stack = chips.len().saturating_sub(face_up.len());
            Shared { region: ri, face_up, chips, stack }
        })
        .collect()
}

/// The terrain of the stack cells: a resource that takes a chip and that
/// no rule reads (never gold).
pub(crate) fn stack_terrain(c: &Constraints) -> u8 {
    let t =
        [Terrain::Fields, Terrain::Forest, Terrain::Pasture, Terrain::Hills, Terrain::Mountains]
            .into_iter()
            .find(|t| c.takes_chip(*t))
            .unwrap_or(Terrain::Fields);
    t.index() as u8
}

/// Grows the per-cell tables of the map's cells to `n` cells: stack cells
/// of [`stack_terrain`], no chip, face up, unlocked (the chip table keeps
/// its empty sentinel last).
pub(crate) fn grow(
    n: usize,
    c: &Constraints,
    terrain: &mut Vec<u8>,
    number: &mut Vec<u8>,
    face_down: &mut Vec<bool>,
    locked: &mut Vec<bool>,
) {
    terrain.resize(n, stack_terrain(c));
    number.pop();
    number.resize(n + 1, 0);
    face_down.resize(n, false);
    locked.resize(n, false);
}

/// The face-up chip plan of one shared region: its face-up hexes and stack
/// cells take the whole pool.
pub(crate) struct StackPlan {
    /// The face-down region (map index).
    pub region: u32,
    /// Its stack cells, in stack order.
    pub cells: std::ops::Range<u32>,
    /// The face-up hexes, then the stack cells.
    pub chip_cells: Vec<u32>,
    /// The pool, chips a rule can block first (most pips first), then the
    /// free ones: the order of every plan.
    pub chips: Vec<u8>,
    /// How many of `chips` some rule can block.
    pub constrained: usize,
}

/// One plan per shared region, its stack cells numbered from `first` on.
pub(crate) fn plans(shared: Vec<Shared>, first: usize, free: u16) -> Vec<StackPlan> {
    let mut next = first as u32;
    let is_free = |v: u8| free & crate::model::rules::chip_bit(v) != 0;
    shared
        .into_iter()
        .map(|s| {
            let cells = next..next + s.stack as u32;
            next = cells.end;
            let mut chip_cells = s.face_up;
            chip_cells.extend(cells.clone());
            let mut chips = s.chips;
            chips.sort_by_key(|v| (is_free(*v), std::cmp::Reverse(crate::vocab::pips(*v)), *v));
            let constrained = chips.iter().filter(|v| !is_free(**v)).count();
            StackPlan { region: s.region as u32, cells, chip_cells, chips, constrained }
        })
        .collect()
}
