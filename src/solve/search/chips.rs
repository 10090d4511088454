//! The chip stage of [`super::find`]: a depth-first search that places the
//! chips some rule can block, 6 and 8 first, keeping per region and chip
//! value the set of open hexes that can still take it.

use super::Rejections;
use crate::model::board::NONE;
use crate::model::rules;
use crate::rng::{below, shuffle, Rng};
use crate::solve::problem::Problem;
use crate::solve::state::State;
use crate::solve::{restart_limit, Budget, Stop};

/// Failed placements whose blocking rules are counted for the error report
/// (each count walks the map, so only the first ones).
const BLAME_CALLS: u32 = 256;

/// One change to the chip search's state, undone on backtracking.
enum Entry {
    /// A hex's allowed chips, exclusions and openness before a change.
    Cell { x: u32, mask: u16, excl: u16, open: bool },
    /// A chip put on a hex.
    Placed { x: u32, region: u32, v: u8 },
}

/// The chip search's state: which chips each open hex may take, and for
/// every region and constrained chip value the set of open hexes that may
/// take it (an indexable set: members plus each member's position).
pub(super) struct ChipSearch {
    /// Constrained chips to place, in placement order: (value, region).
    order: Vec<(u8, u32)>,
    /// Chip values some rule can block.
    searched: u16,
    /// Whether each cell takes a chip now and has none yet.
    open: Vec<bool>,
    /// The chips the rules allow on each cell, given the chips placed.
    mask: Vec<u16>,
    /// Chips refuted on each cell in the current branch (for twins).
    excl: Vec<u16>,
    /// Pips per cell: a placed chip's, 1 for an open cell, 0 otherwise.
    pv: Vec<u8>,
    /// Position of each cell in its region's set for each value.
    pos: Vec<[u32; 13]>,
    /// Per region and value: the open cells that may take it.
    sets: Vec<[Vec<u32>; 13]>,
    /// Per region and value: chips still in hand.
    counts: Vec<[u32; 13]>,
    trail: Vec<Entry>,
}

impl ChipSearch {
    pub(super) fn new(p: &Problem<'_>, st: &State) -> ChipSearch {
        let n = p.n;
        let mut open = vec![false; n + 1];
        let mut counts = vec![[0u32; 13]; p.regions.len()];
        let mut order = Vec::new();
        for (ri, r) in p.regions.iter().enumerate() {
            if r.face_down {
                continue;
            }
            for x in &r.slots {
                let x = *x as usize;
                open[x] = p.takes_chip(st.terrain[x]) && st.number[x] == 0;
            }
            for x in &r.chip_fixed {
                open[*x as usize] = st.number[*x as usize] == 0;
            }
            for (k, v) in r.chips.iter().enumerate() {
                counts[ri][*v as usize] += 1;
                if k < r.constrained {
                    order.push((*v, ri as u32));
                }
            }
        }
        // Hardest first over all regions: most pips, then value.
        order.sort_by_key(|(v, r)| (std::cmp::Reverse(rules::PIPS[*v as usize]), *v, *r));
        let searched = rules::ALL_CHIPS & !p.free;
        let mut pv = vec![0u8; n + 1];
        for x in 0..n {
            pv[x] = if open[x] { 1 } else { rules::PIPS[st.number[x] as usize] };
        }
        let mut s = ChipSearch {
            order,
            searched,
            open,
            mask: vec![0; n + 1],
            excl: vec![0; n + 1],
            pv,
            pos: vec![[NONE; 13]; n + 1],
            sets: (0..p.regions.len()).map(|_| Default::default()).collect(),
            counts,
            trail: Vec::new(),
        };
        for x in 0..n {
            if s.open[x] {
                s.mask[x] = s.allowed(p, st, x);
                s.add(p, x, s.eff(x));
            }
        }
        s
    }

    /// The chips the rules allow on open cell `x` given the chips placed,
    /// counting one pip for every open cell at its corners (its least).
    fn allowed(&self, p: &Problem<'_>, st: &State, x: usize) -> u16 {
        let mut forbid = 0u16;
        for m in p.nb[x] {
            forbid |= p.pair[st.number[m as usize] as usize];
        }
        if p.c.gold_no_red && st.terrain[x] == crate::vocab::Terrain::Gold as u8 {
            forbid |= rules::chip_bit(6) | rules::chip_bit(8);
        }
        if let Some(cap) = p.c.max_corner_pips {
            let mut most = 0u32;
            for k in p.corner_at[x] {
                let Some(members) = p.corners.get(k as usize) else { continue };
                let sum: u32 = members
                    .iter()
                    .filter(|m| **m as usize != x)
                    .map(|m| u32::from(self.pv[*m as usize]))
                    .sum();
                most = most.max(sum);
            }
            let slack = cap.saturating_sub(most);
            for v in 2..=12u8 {
                if u32::from(rules::PIPS[v as usize]) > slack {
                    forbid |= rules::chip_bit(v);
                }
            }
        }
        rules::ALL_CHIPS & !forbid
    }

    /// The chips cell `x` is in the sets for.
    #[inline]
    fn eff(&self, x: usize) -> u16 {
        if self.open[x] {
            self.mask[x] & !self.excl[x] & self.searched
        } else {
            0
        }
    }

    fn region(p: &Problem<'_>, x: usize) -> usize {
        p.cell_region[x] as usize
    }

    fn add(&mut self, p: &Problem<'_>, x: usize, bits: u16) {
        let r = Self::region(p, x);
        let mut m = bits;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            self.pos[x][v] = self.sets[r][v].len() as u32;
            self.sets[r][v].push(x as u32);
        }
    }

    fn remove(&mut self, p: &Problem<'_>, x: usize, bits: u16) {
        let r = Self::region(p, x);
        let mut m = bits;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            let i = self.pos[x][v] as usize;
            let set = &mut self.sets[r][v];
            let last = set.len() - 1;
            set.swap(i, last);
            let moved = set[i] as usize;
            self.pos[moved][v] = i as u32;
            set.pop();
            self.pos[x][v] = NONE;
        }
    }

    /// Changes cell `x`'s mask, exclusions or openness, keeping the sets right
    /// and recording the old values.
    fn update(&mut self, p: &Problem<'_>, x: usize, mask: u16, excl: u16, open: bool) {
        self.trail.push(Entry::Cell {
            x: x as u32,
            mask: self.mask[x],
            excl: self.excl[x],
            open: self.open[x],
        });
        self.set_cell(p, x, mask, excl, open);
    }

    fn set_cell(&mut self, p: &Problem<'_>, x: usize, mask: u16, excl: u16, open: bool) {
        let before = self.eff(x);
        self.mask[x] = mask;
        self.excl[x] = excl;
        self.open[x] = open;
        let after = self.eff(x);
        self.remove(p, x, before & !after);
        self.add(p, x, after & !before);
    }

    /// The chips in hand in region `r`.
    fn hand(&self, r: usize) -> u16 {
        let mut h = 0u16;
        for (v, c) in self.counts[r].iter().enumerate() {
            if *c > 0 {
                h |= 1 << v;
            }
        }
        h
    }

    /// Whether open cell `x` can still take some chip in hand.
    fn alive(&self, p: &Problem<'_>, x: usize) -> bool {
        self.mask[x] & !self.excl[x] & self.hand(Self::region(p, x)) != 0
    }

    /// Whether every constrained chip of region `r` still has enough cells.
    fn enough_room(&self, r: usize) -> bool {
        let mut m = self.searched;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            if (self.sets[r][v].len() as u32) < self.counts[r][v] {
                return false;
            }
        }
        true
    }

    /// Puts chip `v` of region `r` on `x`; `false` if a forward check fails
    /// (the changes stay on the trail either way).
    fn place(&mut self, p: &Problem<'_>, st: &mut State, x: usize, v: u8, r: usize) -> bool {
        self.update(p, x, self.mask[x], self.excl[x], false);
        self.trail.push(Entry::Placed { x: x as u32, region: r as u32, v });
        st.number[x] = v;
        self.pv[x] = rules::PIPS[v as usize];
        self.counts[r][v as usize] -= 1;
        let mut ok = true;
        for m in p.nb[x] {
            let m = m as usize;
            if m >= p.n || !self.open[m] {
                continue;
            }
            let new = self.allowed(p, st, m);
            if new != self.mask[m] {
                self.update(p, m, new, self.excl[m], true);
                ok &= self.alive(p, m) && self.enough_room(Self::region(p, m));
            }
        }
        if self.counts[r][v as usize] == 0 {
            // The last of its kind: hexes that could take only it are dead.
            ok &= self.sets[r][v as usize].iter().all(|y| self.alive(p, *y as usize));
        }
        ok && self.enough_room(r)
    }

    /// Undoes the trail down to `mark`.
    fn undo(&mut self, p: &Problem<'_>, st: &mut State, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Entry::Cell { x, mask, excl, open }) => {
                    self.set_cell(p, x as usize, mask, excl, open);
                }
                Some(Entry::Placed { x, region, v }) => {
                    st.number[x as usize] = 0;
                    self.pv[x as usize] = 1;
                    self.counts[region as usize][v as usize] += 1;
                }
                None => break,
            }
        }
    }

    /// Places the chips some rule can block by a depth-first search with
    /// restarts, then shuffles the free ones onto the hexes left.
    pub(super) fn run(
        mut self,
        p: &Problem<'_>,
        st: &mut State,
        rng: &mut Rng,
        budget: &mut Budget,
        rej: &mut Rejections,
    ) -> Result<(), Stop> {
        let len = self.order.len();
        // Per depth: the trail length on entry, before the placement, and the cell used.
        let mut enter = vec![0usize; len + 1];
        let mut before = vec![0usize; len + 1];
        let mut cell = vec![NONE; len + 1];
        if (0..p.regions.len()).any(|r| !self.enough_room(r)) {
            self.count_blockers(p, st, rej);
            return Err(Stop::Exhausted);
        }
        let (mut run, mut run_nodes, mut d) = (0u32, 0u64, 0usize);
        let mut blame = 0u32;
        enter[0] = self.trail.len();
        let base = self.trail.len();
        while d < len {
            budget.tick()?;
            run_nodes += 1;
            if run_nodes > restart_limit(len, run) {
                run += 1;
                run_nodes = 0;
                self.undo(p, st, base);
                cell.iter_mut().for_each(|c| *c = NONE);
                d = 0;
                continue;
            }
            let (v, r) = (self.order[d].0, self.order[d].1 as usize);
            if cell[d] != NONE {
                // Coming back: lift the chip tried last, and refute that hex
                // for this chip and its twins in this branch.
                let x = cell[d] as usize;
                self.undo(p, st, before[d]);
                cell[d] = NONE;
                self.update(p, x, self.mask[x], self.excl[x] | rules::chip_bit(v), true);
                if !self.alive(p, x) || !self.enough_room(r) {
                    if !self.backtrack(p, st, &mut d, &enter) {
                        return Err(Stop::Exhausted);
                    }
                    continue;
                }
            } else {
                enter[d] = self.trail.len();
            }
            let set = &self.sets[r][v as usize];
            if set.is_empty() {
                self.count_blockers_for(p, st, rej, r, v);
                if !self.backtrack(p, st, &mut d, &enter) {
                    return Err(Stop::Exhausted);
                }
                continue;
            }
            let x = set[below(rng, set.len() as u32) as usize] as usize;
            before[d] = self.trail.len();
            cell[d] = x as u32;
            if self.place(p, st, x, v, r) {
                d += 1;
                cell[d] = NONE;
            } else if blame < BLAME_CALLS {
                // Which rules keep this chip off the open hexes: for the report.
                blame += 1;
                self.count_blockers_for(p, st, rej, r, v);
            }
            // On a failed check the loop comes back to depth d and refutes x.
        }
        self.deal_free_chips(p, st, rng);
        Ok(())
    }

    /// The free chips (no rule can block them): a plain shuffle onto the
    /// hexes left open.
    fn deal_free_chips(&self, p: &Problem<'_>, st: &mut State, rng: &mut Rng) {
        for (ri, reg) in p.regions.iter().enumerate() {
            if reg.face_down {
                continue;
            }
            let mut rest: Vec<u8> = reg.chips[reg.constrained..].to_vec();
            shuffle(rng, &mut rest);
            let mut it = rest.into_iter();
            for x in reg.slots.iter().chain(&reg.chip_fixed) {
                let x = *x as usize;
                if self.open[x] && Self::region(p, x) == ri {
                    st.number[x] = it.next().unwrap_or(0);
                }
            }
        }
    }

    /// Leaves depth `d` for `d - 1`; `false` at the top (nothing left to try).
    fn backtrack(
        &mut self,
        p: &Problem<'_>,
        st: &mut State,
        d: &mut usize,
        enter: &[usize],
    ) -> bool {
        if *d == 0 {
            return false;
        }
        self.undo(p, st, enter[*d]);
        *d -= 1;
        true
    }

    /// Counts, for an error report, which rules keep chip `v` off every hex.
    fn count_blockers_for(
        &self,
        p: &Problem<'_>,
        st: &State,
        rej: &mut Rejections,
        r: usize,
        v: u8,
    ) {
        for (x, open) in self.open.iter().enumerate().take(p.n) {
            if *open && Self::region(p, x) == r {
                if let Some(id) = p.chip_clash(st, x, v) {
                    rej[id.index()] += 1;
                }
            }
        }
    }

    fn count_blockers(&self, p: &Problem<'_>, st: &State, rej: &mut Rejections) {
        for (r, counts) in self.counts.iter().enumerate() {
            for (v, c) in counts.iter().enumerate() {
                if *c > 0 && self.searched & (1 << v) != 0 {
                    self.count_blockers_for(p, st, rej, r, v as u8);
                }
            }
        }
    }
}
