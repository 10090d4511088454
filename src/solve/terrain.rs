//! Stage 3a: deal each region's terrain pool into its slots.

use super::{restart_limit, Solver, StageResult, Stop, Work, UNSET};
use crate::model::{board::NONE, ConstraintId};
use crate::rng::{below, shuffle, Rng};
use crate::vocab::Terrain;

const GOLD: u8 = Terrain::Gold as u8;

impl Solver<'_> {
    pub(crate) fn place_terrain(&self, w: &mut Work, rng: &mut Rng) -> StageResult {
        let regions = &self.map.regions;
        if !self.terrain_rules {
            // No terrain rule: a plain shuffle of each pool is exactly right.
            let mut tiles: Vec<u8> = Vec::new();
            for r in regions {
                tiles.clear();
                for (t, n) in &r.tiles {
                    tiles.extend(std::iter::repeat_n(t.index() as u8, *n as usize));
                }
                shuffle(rng, &mut tiles);
                for (slot, t) in r.slots.iter().zip(&tiles) {
                    w.terrain[*slot] = *t;
                }
            }
            if w.tick().is_some() {
                return StageResult::Failed(Stop::Budget);
            }
            return StageResult::Done;
        }

        let initial: Vec<[u8; 17]> = regions
            .iter()
            .map(|r| {
                let mut c = [0u8; 17];
                for (t, n) in &r.tiles {
                    c[t.index()] = (*n).min(255) as u8;
                }
                c
            })
            .collect();
        let mut counts = initial.clone();
        let len = self.slots.len();
        let mut tried = vec![0u32; len + 1];
        let mut group = GroupScratch::new(self.map.cells.len());
        let mut run = 0u32;
        let mut run_nodes = 0u64;
        let mut d = 0usize;
        loop {
            if d == len {
                return StageResult::Done;
            }
            let cell = self.slots[d] as usize;
            let region = self.cell_region[cell] as usize;
            // Candidate terrains, weighted by how many tiles of each remain.
            let mut cand = [(0u8, 0u32); 17];
            let mut nc = 0;
            let mut total = 0u32;
            for t in 0..17u8 {
                let left = counts[region][t as usize];
                if left == 0 || tried[d] & (1 << t) != 0 {
                    continue;
                }
                if let Some(rule) = self.terrain_conflict(w, &mut group, cell, t) {
                    w.rejections[rule.index()] += 1;
                    tried[d] |= 1 << t;
                    continue;
                }
                cand[nc] = (t, u32::from(left));
                nc += 1;
                total += u32::from(left);
            }
            if let Some(stop) = w.tick() {
                return StageResult::Failed(stop);
            }
            run_nodes += 1;
            if nc == 0 {
                // Backtrack.
                if d == 0 {
                    return StageResult::Failed(Stop::Exhausted);
                }
                tried[d] = 0;
                d -= 1;
                let prev = self.slots[d] as usize;
                let pr = self.cell_region[prev] as usize;
                counts[pr][w.terrain[prev] as usize] += 1;
                w.terrain[prev] = UNSET;
                continue;
            }
            if run_nodes > restart_limit(len, run) {
                run += 1;
                run_nodes = 0;
                for s in &self.slots {
                    w.terrain[*s as usize] = UNSET;
                }
                counts.clone_from(&initial);
                tried.iter_mut().for_each(|x| *x = 0);
                d = 0;
                continue;
            }
            let mut pick = below(rng, total);
            let mut chosen = cand[0].0;
            for (t, wgt) in &cand[..nc] {
                if pick < *wgt {
                    chosen = *t;
                    break;
                }
                pick -= wgt;
            }
            tried[d] |= 1 << chosen;
            counts[region][chosen as usize] -= 1;
            w.terrain[cell] = chosen;
            d += 1;
            tried[d] = 0;
        }
    }

    /// The terrain rule that placing `t` at `cell` would break, if any.
    fn terrain_conflict(
        &self,
        w: &Work,
        group: &mut GroupScratch,
        cell: usize,
        t: u8,
    ) -> Option<ConstraintId> {
        let c = self.c;
        if c.gold_not_adjacent
            && t == GOLD
            && self.nbrs(cell).iter().any(|n| *n != NONE && w.terrain[*n as usize] == GOLD)
        {
            return Some(ConstraintId::GoldNotAdjacent);
        }
        if let Some(max) = c.max_terrain_group {
            if Terrain::ALL[t as usize].can_take_chip()
                && group.size_with(self, w, cell, t, max) > max
            {
                return Some(ConstraintId::MaxTerrainGroup);
            }
        }
        None
    }
}

/// Reusable flood-fill buffers for group sizes.
struct GroupScratch {
    stamp: Vec<u32>,
    epoch: u32,
    stack: Vec<u16>,
}

impl GroupScratch {
    fn new(n: usize) -> Self {
        GroupScratch { stamp: vec![0; n], epoch: 0, stack: Vec::with_capacity(n) }
    }

    /// Size of the same-terrain group `cell` would join with terrain `t`,
    /// counting up to just past `max`.
    fn size_with(&mut self, s: &Solver<'_>, w: &Work, cell: usize, t: u8, max: u32) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|x| *x = 0);
            self.epoch = 1;
        }
        let e = self.epoch;
        self.stamp[cell] = e;
        self.stack.clear();
        self.stack.push(cell as u16);
        let mut size = 0u32;
        while let Some(h) = self.stack.pop() {
            size += 1;
            if size > max {
                return size;
            }
            for n in s.nbrs(h as usize) {
                if *n != NONE && self.stamp[*n as usize] != e && w.terrain[*n as usize] == t {
                    self.stamp[*n as usize] = e;
                    self.stack.push(*n);
                }
            }
        }
        size
    }
}
