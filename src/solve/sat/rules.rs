//! The rules as clauses, each tagged with its rule and the cells it reads
//! (the tags switch clauses off when a proof asks which rules and hexes
//! conflict).

use super::card::B;
use super::encode::Encoding;
use crate::model::{rules, ConstraintId, Constraints};
use crate::solve::problem::landing;
use crate::vocab::{is_red, Terrain};

/// The rules that forbid chips `a` and `b` on neighbouring hexes.
pub(crate) fn pair_rules(c: &Constraints, a: u8, b: u8) -> Vec<ConstraintId> {
    let mut out = Vec::new();
    if c.no_adjacent_red && is_red(a) && is_red(b) {
        out.push(ConstraintId::NoAdjacentRed);
    }
    if c.no_equal_neighbours && a == b {
        out.push(ConstraintId::NoEqualNeighbours);
    }
    if c.no_2_next_to_12 && a.min(b) == 2 && a.max(b) == 12 {
        out.push(ConstraintId::No2Next12);
    }
    out
}

impl Encoding<'_, '_, '_> {
    /// Every rule that is on, as clauses.
    pub(super) fn rules(&mut self) {
        self.chip_pairs();
        self.gold_no_red();
        self.corners();
        self.terrain_pairs();
        if self.c.p.c.max_terrain_group == Some(2) {
            self.groups_of_two();
        }
        self.harbor_rules();
    }

    /// Neighbouring chips that a pair rule forbids.
    fn chip_pairs(&mut self) {
        let p = self.c.p;
        for x in 0..p.n {
            for m in p.nb[x] {
                let m = m as usize;
                if m >= p.n || m < x || (self.var(x).is_none() && self.var(m).is_none()) {
                    continue;
                }
                let (ax, am) = (self.chips_at(x), self.chips_at(m));
                for (v, lv) in &ax {
                    for (w, lw) in &am {
                        for id in pair_rules(&p.c, *v, *w) {
                            self.rule(id, &[x, m], &[lv.not(), lw.not()]);
                        }
                    }
                }
            }
        }
    }

    /// No red chip on a gold field.
    fn gold_no_red(&mut self) {
        let p = self.c.p;
        if !p.c.gold_no_red || !p.c.takes_chip(Terrain::Gold) {
            return;
        }
        for x in 0..p.n {
            if self.var(x).is_none() {
                continue;
            }
            let gold = self.terrain_is(x, Terrain::Gold as u8);
            for (v, l) in self.chips_at(x) {
                if is_red(v) {
                    self.rule(ConstraintId::GoldNoRed, &[x], &[gold.not(), l.not()]);
                }
            }
        }
    }

    /// At most the cap of pips at each corner: for every split of one pip
    /// more than the cap over its hexes, one of them has fewer. Where a
    /// region sets a smaller cap for its hexes, the corner's own (smallest)
    /// cap: the same boards as checking it on each board found, without a
    /// solve per board that breaks it (a 34-hex map with a region's cap of
    /// 9 under the map's 12 took 98 s of CPU that way).
    fn corners(&mut self) {
        let p = self.c.p;
        let Some(loosest) = p.c.max_corner_pips else { return };
        for (k, corner) in p.corners.iter().enumerate() {
            let own = p.regional.as_ref().and_then(|r| r.corner_cap(k));
            let cap = own.map_or(loosest, |c| c.min(loosest));
            let cells: Vec<usize> = corner.iter().map(|m| *m as usize).collect();
            if cells.iter().all(|m| self.var(*m).is_none()) {
                continue;
            }
            let over = cap as usize + 1;
            for qa in 0..=over.min(5) {
                for qb in 0..=(over - qa).min(5) {
                    let qc = over - qa - qb;
                    if qc > 5 {
                        continue;
                    }
                    let lits = [
                        self.pips_ge(cells[0], qa).not(),
                        self.pips_ge(cells[1], qb).not(),
                        self.pips_ge(cells[2], qc).not(),
                    ];
                    self.rule(ConstraintId::MaxCornerPips, &cells, &lits);
                }
            }
        }
    }

    /// Gold fields apart, and groups of one terrain at most one hex.
    fn terrain_pairs(&mut self) {
        let p = self.c.p;
        let single = p.c.max_terrain_group.is_some_and(|g| g <= 1);
        for x in 0..p.n {
            for m in p.nb[x] {
                let m = m as usize;
                if m >= p.n || m < x || (self.var(x).is_none() && self.var(m).is_none()) {
                    continue;
                }
                if p.c.gold_not_adjacent {
                    let g = Terrain::Gold as u8;
                    let (a, b) = (self.terrain_is(x, g), self.terrain_is(m, g));
                    self.rule(ConstraintId::GoldNotAdjacent, &[x, m], &[a.not(), b.not()]);
                }
                if single {
                    for t in grouped() {
                        let (a, b) = (self.terrain_is(x, t), self.terrain_is(m, t));
                        self.rule(ConstraintId::MaxTerrainGroup, &[x, m], &[a.not(), b.not()]);
                    }
                }
            }
        }
    }

    /// Groups of at most two: no hex with two neighbours of its terrain.
    fn groups_of_two(&mut self) {
        let p = self.c.p;
        for x in 0..p.n {
            let nb: Vec<usize> = p.nb[x].iter().map(|m| *m as usize).filter(|m| *m < p.n).collect();
            for (i, a) in nb.iter().enumerate() {
                for b in &nb[i + 1..] {
                    if [x, *a, *b].iter().all(|y| self.var(*y).is_none()) {
                        continue;
                    }
                    for t in grouped() {
                        let lits = [
                            self.terrain_is(x, t).not(),
                            self.terrain_is(*a, t).not(),
                            self.terrain_is(*b, t).not(),
                        ];
                        self.rule(ConstraintId::MaxTerrainGroup, &[x, *a, *b], &lits);
                    }
                }
            }
        }
    }

    /// Harbors face land, land apart, and keep off fishing grounds.
    fn harbor_rules(&mut self) {
        let p = self.c.p;
        let mut at_corner: Vec<Vec<(usize, B)>> = vec![Vec::new(); p.n_corners()];
        for i in 0..p.facing_cells.len() {
            let x = p.facing_cells[i] as usize;
            for (k, l) in self.dirs[i].clone() {
                let l = B::L(l);
                let land = self.land(p.nb[x][k as usize] as usize);
                let m = p.nb[x][k as usize] as usize;
                self.rule(ConstraintId::HarborFacesLand, &[x, m], &[l.not(), land]);
                for corner in landing(p, x, k) {
                    let corner = corner as usize;
                    if corner >= p.n_corners() {
                        continue;
                    }
                    at_corner[corner].push((x, l));
                    if !p.c.harbors_off_fishing_grounds {
                        continue;
                    }
                    let off = ConstraintId::HarborsOffFishing;
                    if p.fishing[corner] {
                        self.rule(off, &[x], &[l.not()]);
                    }
                    for m in p.corners[corner] {
                        let fish = self.terrain_is(m as usize, Terrain::FishingGround as u8);
                        self.rule(off, &[x, m as usize], &[l.not(), fish.not()]);
                    }
                }
            }
        }
        if !p.c.harbors_apart {
            return;
        }
        for list in at_corner {
            for (i, (x, a)) in list.iter().enumerate() {
                for (y, b) in &list[i + 1..] {
                    self.rule(ConstraintId::HarborsApart, &[*x, *y], &[a.not(), b.not()]);
                }
            }
        }
    }
}

/// The terrains `max_terrain_group` limits, as terrain indices.
fn grouped() -> impl Iterator<Item = u8> {
    Terrain::ALL.iter().enumerate().filter(|(_, t)| rules::groups(**t)).map(|(i, _)| i as u8)
}
