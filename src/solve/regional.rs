//! Rules per region in the samplers ([`crate::model::region_rules`]).
//!
//! When a region sets its own rules, every sampler works under the loosest
//! value of each rule over all the rule sets ([`RegionRules::loosest`]):
//! every board that keeps each hex's own rules keeps those, so the boards a
//! sampler can reach include every valid one. Each board it would take is
//! then held to every hex's own rules by [`Regional::clash`] and thrown
//! away when it breaks one, exactly as the sampler throws away a board
//! that breaks any other rule. A draw uniform over the boards that keep
//! the loosest rules, kept only when it keeps the region rules too, is
//! uniform over the valid boards; a Markov chain that refuses a move to a
//! board breaking them keeps the uniform distribution on the valid boards;
//! a complete search that refuses such boards stays complete.
//!
//! The check reads the whole board (each neighbouring pair, corner and
//! group once), on the same predicates as the board check
//! ([`crate::model::rules`]); the rule-oracle tests hold the two together.

use crate::model::board::NONE;
use crate::model::oracle::UNSET;
use crate::model::{rules, ConstraintId, Constraints, MapDef, RegionRules};
use crate::vocab::Terrain;

/// The region rules of one problem, compiled.
pub(crate) struct Regional {
    /// Cells of the map.
    n: usize,
    /// Neighbours of each cell ([`NONE`] off the map).
    nb: Vec<[u32; 6]>,
    /// The hexes of each corner ([`NONE`] off the map).
    corners: Vec<[u32; 3]>,
    /// The rules: the scenario's, then each region's that differs.
    pub sets: Vec<Constraints>,
    /// The set of each cell.
    set_of: Vec<u32>,
    /// Per set: the chips each chip value may not neighbour.
    pair: Vec<[u16; 13]>,
    /// Per corner: the smallest pip cap of its hexes (`u32::MAX`: none).
    corner_cap: Vec<u32>,
    /// Per cell: its set's largest terrain group (`u32::MAX`: none).
    group_cap: Vec<u32>,
    /// Whether any set has a gold rule.
    pub gold: bool,
    /// Whether any set has a terrain rule (groups, gold neighbours).
    pub terrain: bool,
}

impl Regional {
    /// The smallest pip cap of the hexes at corner `k` (of the map's
    /// board), if any of them has one.
    pub fn corner_cap(&self, k: usize) -> Option<u32> {
        self.corner_cap.get(k).copied().filter(|c| *c != u32::MAX)
    }

    /// The region rules of `map` under the scenario's rules `c`, with the
    /// loosest rules the samplers work under; `None` when no region sets
    /// rules of its own.
    pub fn new(map: &MapDef, c: &Constraints) -> Option<(Regional, Constraints)> {
        let rr = RegionRules::new(map, c)?;
        let cap = |l: Option<u32>| l.unwrap_or(u32::MAX);
        let corner_cap = map
            .board
            .corners
            .iter()
            .map(|m| {
                m.iter()
                    .filter(|x| **x != NONE)
                    .map(|x| cap(rr.of_cell(*x as usize).max_corner_pips))
                    .min()
                    .unwrap_or(u32::MAX)
            })
            .collect();
        let group_cap =
            (0..map.cells.len()).map(|x| cap(rr.of_cell(x).max_terrain_group)).collect();
        let r = Regional {
            n: map.cells.len(),
            nb: map.board.neighbors.clone(),
            corners: map.board.corners.clone(),
            pair: rr.sets.iter().map(rules::pair_table).collect(),
            gold: rr.sets.iter().any(|s| s.gold_no_red || s.gold_not_adjacent),
            terrain: rr.sets.iter().any(|s| s.max_terrain_group.is_some() || s.gold_not_adjacent),
            corner_cap,
            group_cap,
            set_of: rr.set_of,
            sets: rr.sets,
        };
        Some((r, rr.loosest))
    }

    fn set(&self, x: usize) -> &Constraints {
        &self.sets[self.set_of[x] as usize]
    }

    /// The first rule of its hexes' own that the whole board (`terrain`
    /// and `number` per cell) breaks, with the cells that break it
    /// together (harbor rules aside: they are the same for every hex).
    pub fn clash(&self, terrain: &[u8], number: &[u8]) -> Option<(ConstraintId, Vec<u32>)> {
        let b = Board { terrain, number };
        self.cells(&b).or_else(|| self.corners(&b)).or_else(|| self.groups(&b))
    }

    /// Chips on their hexes and neighbouring pairs.
    fn cells(&self, st: &Board<'_>) -> Option<(ConstraintId, Vec<u32>)> {
        for x in 0..self.n {
            let (a, t) = (st.number[x], st.terrain[x]);
            let own = self.set_of[x] as usize;
            if self.gold && a != 0 && t != UNSET {
                let clash = rules::chip_on_terrain_clash(self.set(x), Terrain::ALL[t as usize], a);
                if let Some(id) = clash {
                    return Some((id, vec![x as u32]));
                }
            }
            for y in self.nb[x] {
                let y = y as usize;
                if y >= self.n || y < x {
                    continue;
                }
                let b = st.number[y];
                let other = self.set_of[y] as usize;
                let row = self.pair[own][a as usize] | self.pair[other][a as usize];
                if a != 0 && row & rules::chip_bit(b) != 0 {
                    let first = rules::chip_pair_clash(&self.sets[own], a, b);
                    let id = first.or_else(|| rules::chip_pair_clash(&self.sets[other], a, b));
                    return id.map(|id| (id, vec![x as u32, y as u32]));
                }
                if self.gold && t != UNSET && st.terrain[y] != UNSET {
                    let (ta, tb) = (Terrain::ALL[t as usize], Terrain::ALL[st.terrain[y] as usize]);
                    let clash = rules::terrain_pair_clash(&self.sets[own], ta, tb)
                        .or_else(|| rules::terrain_pair_clash(&self.sets[other], ta, tb));
                    if let Some(id) = clash {
                        return Some((id, vec![x as u32, y as u32]));
                    }
                }
            }
        }
        None
    }

    fn corners(&self, st: &Board<'_>) -> Option<(ConstraintId, Vec<u32>)> {
        for (k, members) in self.corners.iter().enumerate() {
            let cap = self.corner_cap[k];
            if cap == u32::MAX {
                continue;
            }
            let pips = |m: u32| rules::PIPS.get(usize::from(st.number[m as usize])).copied();
            let on = || members.iter().copied().filter(|m| *m != NONE);
            let sum: u32 = on().map(|m| u32::from(pips(m).unwrap_or(0))).sum();
            if sum > cap {
                let cells = on().collect();
                return Some((ConstraintId::MaxCornerPips, cells));
            }
        }
        None
    }

    fn groups(&self, st: &Board<'_>) -> Option<(ConstraintId, Vec<u32>)> {
        if self.group_cap.iter().all(|c| *c == u32::MAX) {
            return None;
        }
        let mut seen = vec![false; self.n];
        let (mut stack, mut group) = (Vec::new(), Vec::new());
        for start in 0..self.n {
            let t = st.terrain[start];
            if seen[start] || t == UNSET || !rules::groups(Terrain::ALL[t as usize]) {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            group.clear();
            let (mut size, mut cap) = (0u32, u32::MAX);
            while let Some(h) = stack.pop() {
                size += 1;
                group.push(h as u32);
                cap = cap.min(self.group_cap[h]);
                for m in self.nb[h] {
                    let m = m as usize;
                    if m < self.n && !seen[m] && st.terrain[m] == t {
                        seen[m] = true;
                        stack.push(m);
                    }
                }
            }
            if size > cap {
                group.sort_unstable();
                return Some((ConstraintId::MaxTerrainGroup, group));
            }
        }
        None
    }
}

/// A whole board as the check reads it.
struct Board<'b> {
    terrain: &'b [u8],
    number: &'b [u8],
}
