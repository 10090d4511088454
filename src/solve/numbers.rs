//! Stage 3b: deal each face-up region's number chips onto its chip-taking
//! hexes; stack the chips of face-down regions.
//!
//! The search keeps, for every hex still without a chip, the set of chips it
//! could take (a bitmask over 2..=12) given the rules and the chips already
//! placed. It always fills the hex with the fewest options next (ties: board
//! order) and backtracks as soon as some hex has none left, so dead ends are
//! found early instead of after many more placements.

use super::{restart_limit, Solver, Stop, Work};
use crate::model::{board::NONE, ConstraintId};
use crate::rng::{shuffle, Rng};
use crate::vocab::{pips, Terrain};

const GOLD: u8 = Terrain::Gold as u8;
/// Bits of the red numbers 6 and 8.
const RED: u16 = (1 << 6) | (1 << 8);

/// `PIP_OK[s]`: chips whose pips are at most `s`.
const PIP_OK: [u16; 6] = {
    let mut t = [0u16; 6];
    let mut s = 0;
    while s < 6 {
        let mut v = 2;
        while v <= 12 {
            if v != 7 && pips(v as u8) as usize <= s {
                t[s] |= 1 << v;
            }
            v += 1;
        }
        s += 1;
    }
    t
};

/// Why values are excluded at a hex, rule by rule (for error reports).
#[derive(Clone, Copy, Default)]
struct Blocked {
    red: u16,
    equal: u16,
    two_twelve: u16,
    pips: u16,
    gold: u16,
}

impl Blocked {
    fn all(&self) -> u16 {
        self.red | self.equal | self.two_twelve | self.pips | self.gold
    }
}

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

        self.search_chips(w, rng, &order, &will_chip)?;
        Ok(stacks)
    }

    /// Chip-first search: the chips some rule can block are placed first,
    /// hardest (most pips) first, each on a random hex that can take it;
    /// after each placement every open hex must still fit some chip in hand
    /// and every chip in hand must still have a hex. Chips no rule can block
    /// are then shuffled onto the hexes left.
    ///
    /// What each open hex may take is kept current in `bl`: placing or lifting
    /// a chip changes it only for that hex and its six neighbours.
    fn search_chips(
        &self,
        w: &mut Work,
        rng: &mut Rng,
        order: &[u16],
        will_chip: &[bool],
    ) -> Result<(), Stop> {
        let regions = &self.map.regions;
        let free = free_chips(self.c);
        let mut chips: Vec<(u8, u16)> = Vec::new();
        for (ri, r) in regions.iter().enumerate() {
            if !r.face_down {
                chips.extend(r.numbers.iter().map(|n| (*n, ri as u16)));
            }
        }
        let is_free = |v: u8| free & (1 << v) != 0;
        chips.sort_by_key(|(v, r)| (is_free(*v), std::cmp::Reverse(pips(*v)), *v, *r));
        let tail = chips.iter().take_while(|(v, _)| !is_free(*v)).count();
        let n_regions = regions.len();
        let mut initial = vec![[0u8; 13]; n_regions];
        for (v, r) in &chips[..tail] {
            initial[*r as usize][*v as usize] += 1;
        }
        let mut counts = initial.clone();
        let mut free_counts = vec![[0u8; 13]; n_regions];
        for (v, r) in &chips[tail..] {
            free_counts[*r as usize][*v as usize] += 1;
        }
        // Forward checks pay off only for rules that reach across the board.
        let forward = self.c.max_corner_pips.is_some() || self.c.no_equal_neighbours;
        let n = self.map.cells.len();
        for (i, will) in will_chip.iter().enumerate() {
            w.pv[i] = if w.number[i] != 0 { pips(w.number[i]) } else { u8::from(*will) };
        }
        w.pv[n] = 0;
        let mut bl = vec![Blocked::default(); n];
        for c in order {
            bl[*c as usize] = self.blocked(w, *c as usize);
        }
        let mut cands: Vec<Vec<u16>> = vec![Vec::new(); tail + 1];
        // The masks a placement at each depth overwrote, restored when it is undone.
        let mut saved = vec![[Blocked::default(); 7]; tail + 1];
        let mut pos = vec![0usize; tail + 1];
        let mut cell_at = vec![u16::MAX; tail + 1];
        let mut run = 0u32;
        let mut run_nodes = 0u64;
        let mut d = 0usize;
        let mut entering = true;
        while d < tail {
            if let Some(stop) = w.tick() {
                return Err(stop);
            }
            run_nodes += 1;
            if run_nodes > restart_limit(tail, run) {
                run += 1;
                run_nodes = 0;
                for c in order {
                    w.number[*c as usize] = 0;
                    w.pv[*c as usize] = 1;
                }
                for c in order {
                    bl[*c as usize] = self.blocked(w, *c as usize);
                }
                counts.clone_from(&initial);
                cell_at.iter_mut().for_each(|c| *c = u16::MAX);
                d = 0;
                entering = true;
                continue;
            }
            let (v, r) = chips[d];
            if entering {
                entering = false;
                // Equal chips go onto hexes in increasing order: the same board is
                // not searched once per ordering of identical chips.
                let after = (d > 0 && chips[d - 1] == (v, r)).then(|| cell_at[d - 1]);
                let mut list = std::mem::take(&mut cands[d]);
                list.clear();
                let bit = 1u16 << v;
                for c in order {
                    let cell = *c as usize;
                    if w.number[cell] != 0
                        || self.cell_region[cell] != r
                        || after.is_some_and(|a| *c < a)
                    {
                        continue;
                    }
                    let b = bl[cell];
                    if b.all() & bit == 0 {
                        list.push(*c);
                    } else {
                        self.count_rejections(w, &b, bit);
                    }
                }
                shuffle(rng, &mut list);
                cands[d] = list;
                pos[d] = 0;
            } else if cell_at[d] != u16::MAX {
                // Coming back: take the chip off the hex tried last.
                let prev = cell_at[d] as usize;
                w.number[prev] = 0;
                w.pv[prev] = 1;
                counts[r as usize][v as usize] += 1;
                self.restore(&mut bl, prev, &saved[d]);
                cell_at[d] = u16::MAX;
            }
            let mut placed = false;
            while pos[d] < cands[d].len() {
                let cell = cands[d][pos[d]] as usize;
                pos[d] += 1;
                w.number[cell] = v;
                w.pv[cell] = pips(v);
                counts[r as usize][v as usize] -= 1;
                saved[d] = self.refresh(w, will_chip, &mut bl, cell);
                if d + 1 == tail
                    || !forward
                    || self.still_fits(w, order, &counts, &free_counts, &bl)
                {
                    cell_at[d] = cell as u16;
                    placed = true;
                    break;
                }
                w.number[cell] = 0;
                w.pv[cell] = 1;
                counts[r as usize][v as usize] += 1;
                self.restore(&mut bl, cell, &saved[d]);
            }
            if placed {
                d += 1;
                entering = true;
            } else {
                if d == 0 {
                    return Err(Stop::Exhausted);
                }
                d -= 1;
            }
        }
        // The chips no rule can block: a plain shuffle onto the hexes left.
        for (ri, _) in regions.iter().enumerate() {
            let mut rest: Vec<u8> =
                chips[tail..].iter().filter(|(_, r)| *r as usize == ri).map(|(v, _)| *v).collect();
            shuffle(rng, &mut rest);
            let mut it = rest.into_iter();
            for c in order {
                let cell = *c as usize;
                if w.number[cell] == 0 && self.cell_region[cell] as usize == ri {
                    w.number[cell] = it.next().unwrap_or(0);
                }
            }
        }
        Ok(())
    }

    /// Recomputes what the open neighbours of `cell` may take after a chip
    /// was put on `cell`; returns the masks it overwrote (cell first).
    #[inline]
    fn refresh(
        &self,
        w: &Work,
        will_chip: &[bool],
        bl: &mut [Blocked],
        cell: usize,
    ) -> [Blocked; 7] {
        let mut old = [Blocked::default(); 7];
        old[0] = bl[cell];
        for (k, n) in self.nb_s[cell].iter().enumerate() {
            let n = *n as usize;
            if n < will_chip.len() && will_chip[n] && w.number[n] == 0 {
                old[k + 1] = bl[n];
                bl[n] = self.blocked(w, n);
            }
        }
        old
    }

    /// Undoes [`Self::refresh`] once the chip is off `cell` again.
    #[inline]
    fn restore(&self, bl: &mut [Blocked], cell: usize, old: &[Blocked; 7]) {
        bl[cell] = old[0];
        for (k, n) in self.nb_s[cell].iter().enumerate() {
            let n = *n as usize;
            if n < bl.len() {
                bl[n] = old[k + 1];
            }
        }
    }

    fn count_rejections(&self, w: &mut Work, b: &Blocked, bit: u16) {
        let rules = [
            (b.red, ConstraintId::NoAdjacentRed),
            (b.equal, ConstraintId::NoEqualNeighbours),
            (b.two_twelve, ConstraintId::No2Next12),
            (b.pips, ConstraintId::MaxCornerPips),
            (b.gold, ConstraintId::GoldNoRed),
        ];
        for (mask, id) in rules {
            if mask & bit != 0 {
                w.rejections[id.index()] += 1;
            }
        }
    }

    /// Forward check after a placement. With `hand` the chips not yet placed
    /// (the searched ones in `counts` plus the free ones in `free_counts`):
    /// every open hex must still fit some chip in hand; every searched chip
    /// must still have as many hexes that can take it; and, since a hex that
    /// fits at most k pips can only take a chip of at most k pips, the hexes
    /// capped at k or less may not outnumber the chips of k pips or less
    /// (Hall's condition on the nested pip classes).
    fn still_fits(
        &self,
        w: &Work,
        order: &[u16],
        counts: &[[u8; 13]],
        free_counts: &[[u8; 13]],
        bl: &[Blocked],
    ) -> bool {
        const MAX_REGIONS: usize = 4;
        if counts.len() > MAX_REGIONS {
            return true;
        }
        // Per region, a 4-bit counter per chip value, stored bit-sliced: plane
        // k holds bit k of every value's count of hexes that can take it.
        let mut planes = [[0u16; 4]; MAX_REGIONS];
        let mut overflow = [0u16; MAX_REGIONS];
        let mut capped = [[0u8; 6]; MAX_REGIONS];
        let mut searched_of = [0u16; MAX_REGIONS];
        let mut hand_of = [0u16; MAX_REGIONS];
        for (r, cnt) in counts.iter().enumerate() {
            searched_of[r] = count_mask(cnt);
            hand_of[r] = searched_of[r] | count_mask(&free_counts[r]);
        }
        for c in order {
            let cell = *c as usize;
            if w.number[cell] != 0 {
                continue;
            }
            let region = self.cell_region[cell] as usize;
            let ok = hand_of[region] & !bl[cell].all();
            if ok == 0 {
                return false;
            }
            capped[region][max_pips(ok) as usize] += 1;
            let mut carry = ok & searched_of[region];
            for plane in &mut planes[region] {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
            overflow[region] |= carry;
        }
        for (r, cnt) in counts.iter().enumerate() {
            let mut m = searched_of[r] & !overflow[r];
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                let room: u8 = (0..4).map(|k| (((planes[r][k] >> v) & 1) as u8) << k).sum();
                if room < cnt[v] {
                    return false;
                }
            }
            let mut chips_upto = [0u32; 6];
            for v in 2..13usize {
                chips_upto[pips(v as u8) as usize] +=
                    u32::from(cnt[v]) + u32::from(free_counts[r][v]);
            }
            let (mut cells, mut chips) = (0u32, 0u32);
            for k in 1..6 {
                cells += u32::from(capped[r][k]);
                chips += chips_upto[k];
                if cells > chips {
                    return false;
                }
            }
        }
        true
    }

    /// The chips each rule forbids on `cell`, given the chips placed so far.
    #[inline]
    fn blocked(&self, w: &Work, cell: usize) -> Blocked {
        let c = self.c;
        let mut b = Blocked::default();
        if c.gold_no_red && w.terrain[cell] == GOLD {
            b.gold = RED;
        }
        let mut near = 0u16;
        for n in &self.nb_s[cell] {
            near |= BIT[w.number[*n as usize] as usize];
        }
        if c.no_adjacent_red && near & RED != 0 {
            b.red = RED;
        }
        if c.no_equal_neighbours {
            b.equal = near;
        }
        if c.no_2_next_to_12 {
            b.two_twelve = (if near & (1 << 2) != 0 { 1 << 12 } else { 0 })
                | (if near & (1 << 12) != 0 { 1 << 2 } else { 0 });
        }
        if let Some(cap) = c.max_corner_pips {
            // A chip still to come counts one pip (its least).
            let mut most = 0u8;
            for [a, z] in &self.cp_s[cell] {
                most = most.max(w.pv[*a as usize] + w.pv[*z as usize]);
            }
            let slack = (cap as i32 - i32::from(most)).clamp(0, 5);
            b.pips = !PIP_OK[slack as usize] & ALL_CHIPS;
        }
        b
    }
}

/// `BIT[n]`: the mask bit of chip `n` (none for 0, the empty cell).
const BIT: [u16; 13] = {
    let mut t = [0u16; 13];
    let mut v = 2;
    while v <= 12 {
        if v != 7 {
            t[v] = 1 << v;
        }
        v += 1;
    }
    t
};

/// Bits 2..=12 except 7.
const ALL_CHIPS: u16 = 0b1_1111_0111_1100;

/// Chips that no active rule can ever forbid anywhere.
fn free_chips(c: &crate::model::Constraints) -> u16 {
    if c.no_equal_neighbours || c.max_corner_pips.is_some() {
        return 0;
    }
    let mut blocked = 0u16;
    if c.no_adjacent_red || c.gold_no_red {
        blocked |= RED;
    }
    if c.no_2_next_to_12 {
        blocked |= (1 << 2) | (1 << 12);
    }
    ALL_CHIPS & !blocked
}

/// The most pips among the chips in `mask`.
#[inline]
fn max_pips(mask: u16) -> u8 {
    // Pips rise from 2 to 6 and fall from 8 to 12: check the middle first.
    const BY_PIPS: [u16; 5] = [
        RED,
        (1 << 5) | (1 << 9),
        (1 << 4) | (1 << 10),
        (1 << 3) | (1 << 11),
        (1 << 2) | (1 << 12),
    ];
    for (i, m) in BY_PIPS.iter().enumerate() {
        if mask & m != 0 {
            return 5 - i as u8;
        }
    }
    0
}

#[inline]
fn count_mask(c: &[u8; 13]) -> u16 {
    let mut m = 0u16;
    for (v, n) in c.iter().enumerate() {
        if *n > 0 {
            m |= 1 << v;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pip_table_matches_the_dice() {
        assert_eq!(PIP_OK[0], 0);
        assert_eq!(PIP_OK[1], (1 << 2) | (1 << 12));
        assert_eq!(PIP_OK[5], ALL_CHIPS);
        assert_eq!(ALL_CHIPS.count_ones(), 10);
        assert_eq!(PIP_OK[4] & RED, 0);
    }
}
