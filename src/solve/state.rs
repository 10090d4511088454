//! A board being drawn, and the local rule checks every sampler runs on it:
//! each asks only about one hex and its neighbours, so a check costs the
//! same on a 19-hex island as on a 10,000-hex map.

use super::problem::{landing, Problem, NO_DIR, UNSET};
use crate::model::board::NONE;
use crate::model::{rules, ConstraintId};
use crate::vocab::Terrain;

const FISHING: u8 = Terrain::FishingGround as u8;

/// Terrain, chips and harbor facings of every cell.
#[derive(Clone)]
pub(crate) struct State {
    /// Terrain index per cell ([`UNSET`] while undealt).
    pub terrain: Vec<u8>,
    /// Chip per cell, 0 for none, plus the empty sentinel at `n`.
    pub number: Vec<u8>,
    /// Direction of the face-up harbor on each cell, [`NO_DIR`] if none.
    pub hdir: Vec<u8>,
    /// How many harbors land on each corner (plus the sentinel corner).
    pub corner_use: Vec<u8>,
}

impl State {
    /// The fixed and locked parts of `p`, nothing dealt yet.
    pub fn new(p: &Problem<'_>) -> State {
        State {
            terrain: p.base_terrain.clone(),
            number: p.base_number.clone(),
            hdir: vec![NO_DIR; p.n],
            corner_use: vec![0; p.n_corners() + 1],
        }
    }
}

/// Scratch space for bounded flood fills.
pub(crate) struct Flood {
    stamp: Vec<u32>,
    epoch: u32,
    stack: Vec<u32>,
}

impl Flood {
    pub fn new(n: usize) -> Flood {
        Flood { stamp: vec![0; n + 1], epoch: 0, stack: Vec::new() }
    }

    /// Size of the group of terrain `t` that cell `x` belongs to (x counted
    /// as `t`), counting only up to `limit + 1`.
    pub(crate) fn group_size(
        &mut self,
        p: &Problem<'_>,
        st: &State,
        x: usize,
        t: u8,
        limit: u32,
    ) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        let e = self.epoch;
        self.stamp[x] = e;
        self.stack.clear();
        self.stack.push(x as u32);
        let mut size = 0u32;
        while let Some(h) = self.stack.pop() {
            size += 1;
            if size > limit {
                return size;
            }
            for m in p.nb[h as usize] {
                let m = m as usize;
                if m < p.n && self.stamp[m] != e && st.terrain[m] == t {
                    self.stamp[m] = e;
                    self.stack.push(m as u32);
                }
            }
        }
        size
    }
}

impl Problem<'_> {
    /// Whether the whole board `st` keeps its regions' own rules (always,
    /// when no region sets any).
    #[inline]
    pub(crate) fn regions_keep(&self, st: &State) -> bool {
        self.region_clash(st).is_none()
    }

    /// The first of its regions' own rules the whole board `st` breaks.
    #[inline]
    pub(crate) fn region_clash(&self, st: &State) -> Option<crate::model::ConstraintId> {
        self.regional.as_ref().and_then(|r| r.clash(&st.terrain, &st.number)).map(|(id, _)| id)
    }

    /// The rule that chip `v` on cell `x` breaks, given the chips around it
    /// (chips not yet dealt count as none). Checks `x`'s neighbours, its
    /// terrain and its corners.
    #[inline]
    pub(crate) fn chip_clash(&self, st: &State, x: usize, v: u8) -> Option<ConstraintId> {
        let forbid = self.pair[v as usize];
        if forbid != 0 {
            for m in self.nb[x] {
                let other = st.number[m as usize];
                if forbid & (1u16 << other) & rules::ALL_CHIPS != 0 {
                    return rules::chip_pair_clash(&self.c, v, other);
                }
            }
        }
        if self.c.gold_no_red && st.terrain[x] != UNSET {
            let t = Terrain::ALL[st.terrain[x] as usize];
            if let Some(id) = rules::chip_on_terrain_clash(&self.c, t, v) {
                return Some(id);
            }
        }
        if let Some(cap) = self.c.max_corner_pips {
            let own = u32::from(rules::PIPS[v as usize]);
            for [a, b] in &self.mates[x] {
                let sum = own
                    + u32::from(rules::PIPS[st.number[*a as usize] as usize])
                    + u32::from(rules::PIPS[st.number[*b as usize] as usize]);
                if sum > cap {
                    return Some(ConstraintId::MaxCornerPips);
                }
            }
        }
        None
    }

    /// The terrain rule that terrain `t` on cell `x` breaks, given the
    /// terrain around it (undealt cells count as nothing).
    #[inline]
    pub(crate) fn terrain_clash(
        &self,
        st: &State,
        flood: &mut Flood,
        x: usize,
        t: u8,
    ) -> Option<ConstraintId> {
        self.terrain_clash_inlined(st, flood, x, t)
    }

    /// [`Problem::terrain_clash`], always inlined: the exact sampler's
    /// inner loop calls it for every tile it deals, and left to itself
    /// LLVM stopped inlining it there (4 % slower on `unsatisfiable_base`
    /// in `cargo bench --bench solve`); forcing it for every caller slowed
    /// the others (`base_default` 5 %).
    #[inline(always)]
    pub(crate) fn terrain_clash_inlined(
        &self,
        st: &State,
        flood: &mut Flood,
        x: usize,
        t: u8,
    ) -> Option<ConstraintId> {
        let tt = Terrain::ALL[t as usize];
        if self.c.gold_not_adjacent && tt == Terrain::Gold {
            for m in self.nb[x] {
                let m = m as usize;
                if m < self.n && st.terrain[m] != UNSET {
                    if let Some(id) =
                        rules::terrain_pair_clash(&self.c, tt, Terrain::ALL[st.terrain[m] as usize])
                    {
                        return Some(id);
                    }
                }
            }
        }
        if let Some(max) = self.c.max_terrain_group {
            // A hex with no neighbour of its terrain is a group of one.
            let alone =
                self.nb[x].iter().all(|m| (*m as usize) >= self.n || st.terrain[*m as usize] != t);
            if rules::groups(tt)
                && !alone
                && rules::group_too_big(&self.c, flood.group_size(self, st, x, t, max))
            {
                return Some(ConstraintId::MaxTerrainGroup);
            }
        }
        None
    }

    /// Whether cell `m` is land the players can see (undealt cells are not).
    #[inline]
    pub(crate) fn visible_land(&self, st: &State, m: usize) -> bool {
        m < self.n
            && st.terrain[m] != UNSET
            && rules::harbor_may_face(Terrain::ALL[st.terrain[m] as usize], self.face_down[m])
    }

    /// The harbor rule that a harbor on cell `x` facing direction `k` breaks,
    /// given the harbors already landed (not counting this one).
    #[inline]
    pub(crate) fn harbor_clash(&self, st: &State, x: usize, k: u8) -> Option<ConstraintId> {
        if !self.visible_land(st, self.nb[x][k as usize] as usize) {
            return Some(ConstraintId::HarborFacesLand);
        }
        for corner in landing(self, x, k) {
            let corner = corner as usize;
            if self.c.harbors_off_fishing_grounds
                && (self.fishing[corner] || (self.dealt_fishing && self.fishing_dealt(st, corner)))
            {
                return Some(ConstraintId::HarborsOffFishing);
            }
            if self.c.harbors_apart && corner < self.n_corners() && st.corner_use[corner] > 0 {
                return Some(ConstraintId::HarborsApart);
            }
        }
        None
    }

    /// Whether a fishing ground dealt from a pool touches `corner`.
    #[inline]
    fn fishing_dealt(&self, st: &State, corner: usize) -> bool {
        corner < self.n_corners()
            && self.corners[corner]
                .iter()
                .any(|m| (*m as usize) < self.n && st.terrain[*m as usize] == FISHING)
    }

    /// The rule a fishing ground dealt onto cell `x` breaks, given the
    /// harbors already landed: a harbor on one of its corners.
    #[inline]
    pub(crate) fn fishing_clash(&self, st: &State, x: usize) -> Option<ConstraintId> {
        if !self.dealt_fishing || !self.c.harbors_off_fishing_grounds || st.terrain[x] != FISHING {
            return None;
        }
        self.corner_at[x]
            .iter()
            .any(|k| (*k as usize) < self.n_corners() && st.corner_use[*k as usize] > 0)
            .then_some(ConstraintId::HarborsOffFishing)
    }

    /// Lands the harbor on `x` facing `k` (records its corners).
    #[inline]
    pub(crate) fn land_harbor(&self, st: &mut State, x: usize, k: u8) {
        st.hdir[x] = k;
        for corner in landing(self, x, k) {
            st.corner_use[corner as usize] += 1;
        }
    }

    /// Lifts the harbor on `x` (forgets its corners).
    #[inline]
    pub(crate) fn lift_harbor(&self, st: &mut State, x: usize) {
        let k = st.hdir[x];
        if k == NO_DIR {
            return;
        }
        for corner in landing(self, x, k) {
            st.corner_use[corner as usize] -= 1;
        }
        st.hdir[x] = NO_DIR;
    }

    /// Whether cell `x` carries a face-up harbor that needs a facing: a
    /// harbor site with a random facing, or a harbor tile of a face-up region.
    #[inline]
    pub(crate) fn needs_facing(&self, st: &State, x: usize) -> bool {
        let s = self.site_of[x];
        if s != NONE {
            return true;
        }
        st.terrain[x] == Terrain::Harbor as u8 && !self.face_down[x] && self.cell_region[x] != NONE
    }
}
