//! Stage 3b: deal each face-up region's number chips onto its chip-taking
//! hexes; stack the chips of face-down regions.

use super::{restart_limit, Solver, Stop, Work};
use crate::model::{board::NONE, ConstraintId};
use crate::rng::{below, shuffle, Rng};
use crate::vocab::{is_red, pips, Terrain};

const GOLD: u8 = Terrain::Gold as u8;

impl Solver<'_> {
    /// Places chips; returns the shuffled chip stack of every region (empty for face-up ones).
    pub(crate) fn place_numbers(&self, w: &mut Work, rng: &mut Rng) -> Result<Vec<Vec<u8>>, Stop> {
        let regions = &self.map.regions;
        let mut stacks = vec![Vec::new(); regions.len()];
        // The cells that get a chip now, in board order.
        let mut order: Vec<u16> = Vec::with_capacity(self.map.cells.len());
        let mut will_chip = vec![false; self.map.cells.len()];
        for (i, will) in will_chip.iter_mut().enumerate() {
            let r = self.cell_region[i];
            if r == NONE || regions[r as usize].face_down {
                continue;
            }
            let t = Terrain::ALL[w.terrain[i] as usize];
            if self.c.takes_chip(t) && w.number[i] == 0 {
                order.push(i as u16);
                *will = true;
            }
        }
        for (ri, r) in regions.iter().enumerate() {
            if r.face_down {
                let mut s = r.numbers.clone();
                shuffle(rng, &mut s);
                stacks[ri] = s;
            }
        }
        if !self.number_rules {
            for (ri, r) in regions.iter().enumerate() {
                if r.face_down {
                    continue;
                }
                let mut chips = r.numbers.clone();
                shuffle(rng, &mut chips);
                let mut it = chips.into_iter();
                for cell in &order {
                    if self.cell_region[*cell as usize] as usize == ri {
                        w.number[*cell as usize] = it.next().unwrap_or(0);
                    }
                }
            }
            return match w.tick() {
                Some(stop) => Err(stop),
                None => Ok(stacks),
            };
        }

        let initial: Vec<[u8; 13]> = regions
            .iter()
            .map(|r| {
                let mut c = [0u8; 13];
                if !r.face_down {
                    for n in &r.numbers {
                        c[*n as usize] = c[*n as usize].saturating_add(1);
                    }
                }
                c
            })
            .collect();
        let mut counts = initial.clone();
        let len = order.len();
        let mut tried = vec![0u16; len + 1];
        let mut run = 0u32;
        let mut run_nodes = 0u64;
        let mut d = 0usize;
        loop {
            if d == len {
                return Ok(stacks);
            }
            let cell = order[d] as usize;
            let region = self.cell_region[cell] as usize;
            let mut cand = [(0u8, 0u32); 11];
            let mut nc = 0;
            let mut total = 0u32;
            for v in 2..=12u8 {
                let left = counts[region][v as usize];
                if left == 0 || tried[d] & (1 << v) != 0 {
                    continue;
                }
                if let Some(rule) = self.number_conflict(w, &will_chip, cell, v) {
                    w.rejections[rule.index()] += 1;
                    tried[d] |= 1 << v;
                    continue;
                }
                cand[nc] = (v, u32::from(left));
                nc += 1;
                total += u32::from(left);
            }
            if let Some(stop) = w.tick() {
                return Err(stop);
            }
            run_nodes += 1;
            if nc == 0 {
                if d == 0 {
                    return Err(Stop::Exhausted);
                }
                tried[d] = 0;
                d -= 1;
                let prev = order[d] as usize;
                let pr = self.cell_region[prev] as usize;
                counts[pr][w.number[prev] as usize] += 1;
                w.number[prev] = 0;
                continue;
            }
            if run_nodes > restart_limit(len, run) {
                run += 1;
                run_nodes = 0;
                for c in &order {
                    w.number[*c as usize] = 0;
                }
                counts.clone_from(&initial);
                tried.iter_mut().for_each(|x| *x = 0);
                d = 0;
                continue;
            }
            let mut pick = below(rng, total);
            let mut chosen = cand[0].0;
            for (v, wgt) in &cand[..nc] {
                if pick < *wgt {
                    chosen = *v;
                    break;
                }
                pick -= wgt;
            }
            tried[d] |= 1 << chosen;
            counts[region][chosen as usize] -= 1;
            w.number[cell] = chosen;
            d += 1;
            tried[d] = 0;
        }
    }

    /// The number rule that putting chip `v` on `cell` would break, if any.
    #[inline]
    fn number_conflict(
        &self,
        w: &Work,
        will_chip: &[bool],
        cell: usize,
        v: u8,
    ) -> Option<ConstraintId> {
        let c = self.c;
        let red = is_red(v);
        if c.gold_no_red && red && w.terrain[cell] == GOLD {
            return Some(ConstraintId::GoldNoRed);
        }
        for n in self.nbrs(cell) {
            if *n == NONE {
                continue;
            }
            let o = w.number[*n as usize];
            if o == 0 {
                continue;
            }
            if c.no_adjacent_red && red && is_red(o) {
                return Some(ConstraintId::NoAdjacentRed);
            }
            if c.no_equal_neighbours && o == v {
                return Some(ConstraintId::NoEqualNeighbours);
            }
            if c.no_2_next_to_12 && ((v == 2 && o == 12) || (v == 12 && o == 2)) {
                return Some(ConstraintId::No2Next12);
            }
        }
        if let Some(cap) = c.max_corner_pips {
            let p = u32::from(pips(v));
            for others in &self.corner_others[cell] {
                let mut sum = p;
                for m in others {
                    if *m == NONE {
                        continue;
                    }
                    let o = w.number[*m as usize];
                    // An unplaced chip will add at least one pip.
                    sum +=
                        if o != 0 { u32::from(pips(o)) } else { u32::from(will_chip[*m as usize]) };
                }
                if sum > cap {
                    return Some(ConstraintId::MaxCornerPips);
                }
            }
        }
        None
    }
}
