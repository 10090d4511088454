//! Drawing harbor facings uniformly, shared by the exact samplers.
//!
//! A harbor printed on a fixed hex draws its facing uniformly from the
//! directions it could ever face (`dmax`: the same set whatever the board,
//! so every valid facing has the same chance). A harbor *tile* of a
//! face-up region moves with the deal, and the cells it can land on differ
//! in how many directions they offer; drawing from `dmax` there would favour
//! tiles on cells with few directions. Instead it draws a number below the
//! largest such count and keeps it only if the cell has that many
//! directions: every (cell, facing) pair then has the same chance.

use super::problem::Problem;
use super::state::State;
use crate::model::ConstraintId;
use crate::rng::{below, Rng};

/// Facing draws for one problem.
pub(crate) struct Facing {
    /// The most directions a harbor tile's cell offers.
    tile_dirs: u32,
}

impl Facing {
    pub fn new(p: &Problem<'_>) -> Facing {
        let tile_dirs = p
            .facing_cells
            .iter()
            .filter(|x| p.site_of[**x as usize] == crate::model::board::NONE)
            .map(|x| p.dmax[*x as usize].len() as u32)
            .max()
            .unwrap_or(0);
        Facing { tile_dirs }
    }

    /// Lifts every harbor, then draws a facing for each one that needs one
    /// and checks the harbor rules; `false` on a clash (counted in `rej`).
    pub(crate) fn face_all(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        rng: &mut Rng,
        rej: &mut [u64],
    ) -> bool {
        for x in &p.facing_cells {
            p.lift_harbor(st, *x as usize);
        }
        for x in &p.facing_cells {
            let x = *x as usize;
            if !p.needs_facing(st, x) {
                continue;
            }
            let site = p.sites.get(p.site_of[x] as usize);
            let k = match site.map(|s| s.facing) {
                Some(Some(k)) => k,
                Some(None) => {
                    let d = &p.dmax[x];
                    if d.is_empty() {
                        rej[ConstraintId::HarborFacesLand.index()] += 1;
                        return false;
                    }
                    d[below(rng, d.len() as u32) as usize]
                }
                None => {
                    let d = &p.dmax[x];
                    let j = below(rng, self.tile_dirs.max(1)) as usize;
                    match d.get(j) {
                        Some(k) => *k,
                        None => {
                            rej[ConstraintId::HarborFacesLand.index()] += 1;
                            return false;
                        }
                    }
                }
            };
            if let Some(id) = p.harbor_clash(st, x, k) {
                rej[id.index()] += 1;
                return false;
            }
            p.land_harbor(st, x, k);
        }
        true
    }
}
