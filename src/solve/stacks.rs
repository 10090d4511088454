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

use super::problem::RegionPlan;
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

/// Adds one face-up plan per shared region to `regions` (its face-up hexes
/// and stack cells, numbered from `first`, take the whole pool) and points
/// those cells at it in `cell_region`. Returns the map region of every
/// plan, and each shared region's stack cells.
pub(crate) fn add_plans(
    shared: Vec<Shared>,
    first: usize,
    free: u16,
    regions: &mut Vec<RegionPlan>,
    cell_region: &mut [u32],
) -> (Vec<u32>, Vec<(u32, std::ops::Range<u32>)>) {
    let mut plan_region: Vec<u32> = (0..regions.len() as u32).collect();
    let mut stack_cells = Vec::with_capacity(shared.len());
    let mut next = first as u32;
    let is_free = |v: u8| free & crate::model::rules::chip_bit(v) != 0;
    for s in shared {
        let range = next..next + s.stack as u32;
        next = range.end;
        let mut chip_fixed = s.face_up;
        chip_fixed.extend(range.clone());
        for x in &chip_fixed {
            cell_region[*x as usize] = regions.len() as u32;
        }
        // The order every plan keeps: chips a rule can block first.
        let mut chips = s.chips;
        chips.sort_by_key(|v| (is_free(*v), std::cmp::Reverse(crate::vocab::pips(*v)), *v));
        let constrained = chips.iter().filter(|v| !is_free(**v)).count();
        regions.push(RegionPlan {
            face_down: false,
            slots: Vec::new(),
            tiles: Vec::new(),
            early: 0,
            chip_fixed,
            chips,
            constrained,
            stack: Vec::new(),
            kinds: Vec::new(),
        });
        plan_region.push(s.region as u32);
        stack_cells.push((s.region as u32, range));
    }
    (plan_region, stack_cells)
}
