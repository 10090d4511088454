//! Exact sampling by rejection: deal everything uniformly at random and keep
//! the board only if every rule holds. Each accepted board is therefore a
//! uniform draw from all valid boards.
//!
//! Rejections are made cheap by dealing lazily, in an order that meets the
//! rules early: first the tiles that decide where chips go (deserts, sea,
//! gold under a gold rule; every tile under a terrain rule), then the chips
//! some rule can block (6 and 8 first), each checked as it lands; a clash
//! throws the whole deal away. Only an accepted deal is completed with the
//! remaining tiles and free chips, by the same Fisher-Yates draws it would
//! have made anyway, so the lazy order does not change the distribution.
//!
//! Harbor facings are drawn uniformly from the directions a harbor could
//! ever face (`dmax`) and rejected when the hex there is not visible land:
//! every valid facing then has the same chance, whatever the terrain.
//!
//! When a stage's rules cannot depend on an earlier stage (chips that go on
//! the same hexes whatever the terrain; harbors that only face fixed land),
//! a clash redraws that stage alone: the valid boards are then a product of
//! independent parts, and redrawing one part keeps the draw uniform.

use super::facing::Facing;
use super::problem::{Problem, UNSET};
use super::state::{Flood, State};
use super::{Budget, Stop};
use crate::model::ConstraintId;
use crate::rng::{below, Rng};

/// Reusable buffers of the exact sampler.
pub(crate) struct Exact {
    pub st: State,
    flood: Flood,
    /// Each region's free slots in the order of the last deal (Fisher-Yates
    /// is uniform from any starting order, so it is never reset).
    perm: Vec<Vec<u32>>,
    /// The hexes of the region being dealt chips.
    cells: Vec<u32>,
    /// Cells given a chip since the last reset.
    chipped: Vec<u32>,
    /// Whether the last deal was completed (every slot holds a tile).
    complete: bool,
    /// Rejections per rule (for reports).
    pub rejections: [u64; ConstraintId::ALL.len()],
    /// Deals whose tiles kept the terrain rules (the pilot's measure of
    /// whether any sampler that deals the tiles at random can work).
    pub terrain_kept: u64,
    facing: Facing,
}

impl Exact {
    pub fn new(p: &Problem<'_>) -> Exact {
        Exact {
            st: State::new(p),
            flood: Flood::new(p.n),
            perm: p.regions.iter().map(|r| r.slots.clone()).collect(),
            cells: Vec::new(),
            chipped: Vec::new(),
            complete: false,
            rejections: [0; ConstraintId::ALL.len()],
            terrain_kept: 0,
            facing: Facing::new(p),
        }
    }

    /// Forgets the last board (the buffers stay).
    pub(crate) fn reset(&mut self, p: &Problem<'_>) {
        self.st.terrain.copy_from_slice(&p.base_terrain);
        self.st.number.copy_from_slice(&p.base_number);
        for (perm, r) in self.perm.iter_mut().zip(&p.regions) {
            perm.copy_from_slice(&r.slots);
        }
        self.chipped.clear();
        self.complete = false;
        self.rejections = [0; ConstraintId::ALL.len()];
    }

    /// Deals until a valid board comes up (it is left in `self.st`), or the
    /// budget runs out. Returns the number of deals.
    pub fn sample(
        &mut self,
        p: &Problem<'_>,
        rng: &mut Rng,
        budget: &mut Budget,
    ) -> Result<u64, Stop> {
        let mut deals = 0u64;
        'deal: loop {
            deals += 1;
            budget.tick()?;
            self.deal_early_terrain(p, rng);
            if p.terrain_rules && !self.check_terrain(p) {
                continue 'deal;
            }
            self.terrain_kept += 1;
            while !self.deal_chips(p, rng) {
                if p.chips_need_terrain {
                    continue 'deal;
                }
                deals += 1;
                budget.tick()?;
            }
            self.deal_late_terrain(p, rng);
            if let Some(id) = p.region_clash(&self.st) {
                self.rejections[id.index()] += 1;
                continue 'deal;
            }
            while !self.face_harbors(p, rng) {
                if p.harbors_need_terrain {
                    continue 'deal;
                }
                deals += 1;
                budget.tick()?;
            }
            return Ok(deals);
        }
    }

    /// Deals one whole board uniformly at random (every deal equally
    /// likely, whatever came before) and says whether it keeps every rule;
    /// the board is complete in `self.st` only when it does. The Markov
    /// chain's re-deal proposal.
    pub(crate) fn propose(&mut self, p: &Problem<'_>, rng: &mut Rng) -> bool {
        self.deal_early_terrain(p, rng);
        if p.terrain_rules && !self.check_terrain(p) {
            return false;
        }
        if !self.deal_chips(p, rng) {
            return false;
        }
        self.deal_late_terrain(p, rng);
        p.regions_keep(&self.st) && self.face_harbors(p, rng)
    }

    /// Clears every free slot (only the ones dealt to hold anything) and
    /// deals the early tiles.
    fn deal_early_terrain(&mut self, p: &Problem<'_>, rng: &mut Rng) {
        let st = &mut self.st;
        for (r, perm) in p.regions.iter().zip(&mut self.perm) {
            let len = perm.len();
            let dealt = if self.complete { len } else { r.early.min(len) };
            for s in &perm[..dealt] {
                st.terrain[*s as usize] = UNSET;
            }
            for k in 0..r.early.min(len) {
                let j = k + below(rng, (len - k) as u32) as usize;
                perm.swap(k, j);
                st.terrain[perm[k] as usize] = r.tiles[k];
            }
        }
        self.complete = false;
    }

    fn deal_late_terrain(&mut self, p: &Problem<'_>, rng: &mut Rng) {
        self.complete = true;
        let st = &mut self.st;
        for (r, perm) in p.regions.iter().zip(&mut self.perm) {
            let len = perm.len();
            for k in r.early.min(len)..len {
                let j = k + below(rng, (len - k) as u32) as usize;
                perm.swap(k, j);
                st.terrain[perm[k] as usize] = r.tiles[k];
            }
        }
    }

    fn check_terrain(&mut self, p: &Problem<'_>) -> bool {
        for r in &p.regions {
            for s in &r.slots {
                let x = *s as usize;
                let t = self.st.terrain[x];
                if let Some(id) = p.terrain_clash_inlined(&self.st, &mut self.flood, x, t) {
                    self.rejections[id.index()] += 1;
                    return false;
                }
            }
        }
        true
    }

    /// Deals every face-up region's chips onto its chip hexes, checking the
    /// ones a rule can block as they land. `false` on a clash.
    fn deal_chips(&mut self, p: &Problem<'_>, rng: &mut Rng) -> bool {
        for x in self.chipped.drain(..) {
            self.st.number[x as usize] = 0;
        }
        for (r, perm) in p.regions.iter().zip(&self.perm) {
            if r.face_down || r.chips.is_empty() {
                continue;
            }
            // The hexes that take this region's chips: dealt tiles that take
            // one, undealt ones (all chip-taking, by the dealing order), and
            // fixed hexes that draw from it.
            let early = r.early.min(perm.len());
            self.cells.clear();
            for s in &perm[..early] {
                if p.takes_chip(self.st.terrain[*s as usize]) {
                    self.cells.push(*s);
                }
            }
            self.cells.extend_from_slice(&perm[early..]);
            self.cells.extend_from_slice(&r.chip_fixed);
            let len = self.cells.len();
            for k in 0..r.chips.len().min(len) {
                let j = k + below(rng, (len - k) as u32) as usize;
                self.cells.swap(k, j);
                let x = self.cells[k];
                let v = r.chips[k];
                if k < r.constrained {
                    if let Some(id) = p.chip_clash(&self.st, x as usize, v) {
                        self.rejections[id.index()] += 1;
                        return false;
                    }
                }
                self.st.number[x as usize] = v;
                self.chipped.push(x);
            }
        }
        true
    }

    /// Draws a facing for every face-up harbor that needs one (see
    /// [`super::facing`]) and checks the harbor rules. `false` on a clash.
    fn face_harbors(&mut self, p: &Problem<'_>, rng: &mut Rng) -> bool {
        self.facing.face_all(p, &mut self.st, rng, &mut self.rejections)
    }
}
