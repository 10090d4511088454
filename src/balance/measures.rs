//! The fairness measures of one layout: pure functions of a [`Layout`] and
//! its [`MapDef`]. The formulas are written out in `docs/balance.md`.
//!
//! Only chips that lie face up on the board count: a face-down hex has no
//! chip yet, so it produces nothing a player can plan for.

use super::seats::{Policy, SeatFigures, SeatMeasures, SeatScratch, SeatTables};
use crate::axial::Hex;
use crate::model::{board::NONE, MapDef};
use crate::solve::Layout;
use crate::vocab::{pips, HarborKind, Resource, Terrain};

/// A pip count is "high" from this many dots on (5, 6, 8 and 9).
pub(crate) const HIGH_PIPS: u8 = 4;

/// A resource falls short when it produces less than this part of its fair
/// share ([`Measures::resource_shortfall`]).
pub(crate) const FLOOR_SHARE: f64 = 0.75;

/// Every measure of one layout.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measures {
    /// Pips on the hexes of each resource, in [`Resource::ALL`] order.
    pub resource_pips: [u32; 5],
    /// Each resource's fair share of the resource pips: all resource pips
    /// times its share of the chip-carrying resource hexes.
    pub resource_share: [f64; 5],
    /// Sum over the resources of `|pips - share|`, in pips.
    pub resource_deviation: f64,
    /// Sum over the resources of how far each falls below [`FLOOR_SHARE`] of
    /// its fair share, in pips: 0 when every resource reaches its floor.
    pub resource_shortfall: f64,
    /// Pairs of red chips (6 and 8) on hexes of the same resource, summed
    /// over the resources: a resource with three red chips counts 3.
    pub red_same_resource: u32,
    /// The fewest such pairs the map's chips allow on any board
    /// ([`super::chips::forced_red_pairs`]): the same for every board of a
    /// map. The fairness bar counts the pairs beyond these.
    pub red_same_forced: u32,
    /// Pip sum at every corner where three land hexes meet, in board corner order.
    pub corner_sums: Vec<u32>,
    /// Largest corner pip sum (0 when the map has no such corner).
    pub corner_max: u32,
    /// Smallest corner pip sum (0 when the map has no such corner).
    pub corner_min: u32,
    /// `corner_max - corner_min`.
    pub corner_spread: u32,
    /// Size of the largest connected group of one producing terrain.
    pub largest_group: u32,
    /// The terrain of that group (the first in board order on a tie).
    pub largest_group_terrain: Option<Terrain>,
    /// Neighbouring hex pairs whose chips both have at least [`HIGH_PIPS`] pips.
    pub high_pairs: u32,
    /// Every face-up 2:1 harbor with the pips of its own resource next to it.
    pub harbors: Vec<HarborStrength>,
    /// The largest of those harbor strengths (0 without 2:1 harbors).
    pub harbor_max: u32,
    /// Pips on gold hexes.
    pub gold_pips: u32,
    /// Connected groups of land hexes, in board order of their first hex.
    pub islands: Vec<IslandTotals>,
    /// Index into `islands` of the starting island: the one with most land
    /// hexes (the first on a tie).
    pub home_island: Option<usize>,
    /// Fewest hex steps from a hex of the starting island to a gold hex
    /// (`None` without gold or without land).
    pub gold_reach: Option<u32>,
    /// Totals per random region, in region order.
    pub regions: Vec<RegionTotals>,
    /// What each seat ends up with in the opening-placement simulation
    /// ([`super::seats`]), in seat order; empty when it was not run.
    pub seats: Vec<SeatFigures>,
    /// Best seat's total pips minus worst seat's (0 when not run).
    pub seat_gap: f64,
}

/// A 2:1 harbor and the production of its resource beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarborStrength {
    /// The harbor's water hex.
    pub hex: Hex,
    /// Its resource.
    pub resource: Resource,
    /// Pips of that resource on the (up to three) hexes touching the harbor's two corners.
    pub pips: u32,
}

/// Totals of one island (a connected group of land hexes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IslandTotals {
    /// Its first hex in board order.
    pub first: Hex,
    /// Land hexes.
    pub hexes: u32,
    /// Pips of all its face-up chips.
    pub pips: u32,
    /// Pips per resource, in [`Resource::ALL`] order.
    pub resource_pips: [u32; 5],
}

/// Totals of one random region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionTotals {
    /// Region key.
    pub key: String,
    /// Hexes in the region (slots and chip-drawing fixed hexes).
    pub hexes: u32,
    /// Pips of its face-up chips.
    pub pips: u32,
}

impl Measures {
    /// Pairs of red chips sharing a resource beyond those the chips force.
    pub(crate) fn red_same_beyond(&self) -> u32 {
        self.red_same_resource.saturating_sub(self.red_same_forced)
    }

    /// Pips on the starting island and on all other islands.
    pub fn home_and_rest(&self) -> Option<(u32, u32)> {
        let home = self.islands.get(self.home_island?)?.pips;
        let all: u32 = self.islands.iter().map(|i| i.pips).sum();
        Some((home, all - home))
    }
}

/// The measures of `layout` on `map` (the map it was made for).
///
/// ```
/// let s = hexpress::model::load(&hexpress::builtin::source("base").unwrap()).unwrap();
/// let layout = hexpress::solve::solve(&s, 4, 1, &Default::default()).unwrap();
/// let m = hexpress::balance::measures(&s.maps[0], &layout);
/// assert_eq!(m.resource_pips.iter().sum::<u32>(), 58);
/// assert_eq!(m.corner_sums.len(), 24);
/// ```
pub fn measures(map: &MapDef, layout: &Layout) -> Measures {
    Evaluator::new(map).measure(layout)
}

/// Precomputed tables for measuring many layouts of one map quickly.
pub struct Evaluator<'a> {
    map: &'a MapDef,
    /// The seat simulation's tables.
    seats: SeatTables,
    /// The seat simulation's policy.
    policy: Policy,
    /// Whether [`Evaluator::scored_into`] runs the seat simulation too.
    score_seats: bool,
    /// Board corners whose three members are all on the map.
    full_corners: Vec<[u32; 3]>,
    /// (cell, neighbour) pairs with cell < neighbour.
    edges: Vec<(u32, u32)>,
    /// [`Measures::red_same_forced`].
    red_forced: u32,
}

/// Reusable buffers for [`Evaluator::measure_into`].
#[derive(Default)]
pub struct Scratch {
    /// Pips of the face-up chip on each cell.
    pip: Vec<u8>,
    /// Gold cells.
    gold: Vec<usize>,
    seen: Vec<bool>,
    stack: Vec<usize>,
    island_of: Vec<usize>,
    seat: SeatScratch,
    seat_out: SeatMeasures,
}

impl<'a> Evaluator<'a> {
    /// Precomputes the corner and edge tables of `map`, simulating the
    /// map's largest player count.
    pub fn new(map: &'a MapDef) -> Evaluator<'a> {
        Evaluator::for_players(map, map.players.iter().copied().max().unwrap_or(4))
    }

    /// Like [`Evaluator::new`], for `players` players.
    pub fn for_players(map: &'a MapDef, players: u8) -> Evaluator<'a> {
        let b = &map.board;
        let full_corners =
            b.corners.iter().filter(|c| c.iter().all(|m| *m != NONE)).copied().collect();
        let mut edges = Vec::new();
        for i in 0..b.len() {
            for j in b.neighbors_of(i).filter(|j| *j > i) {
                edges.push((i as u32, j as u32));
            }
        }
        Evaluator {
            map,
            seats: SeatTables::new(map, players),
            policy: Policy::default(),
            score_seats: false,
            full_corners,
            edges,
            red_forced: super::chips::forced_red_pairs(map),
        }
    }

    /// The same evaluator with the seat simulation's `policy`.
    pub fn with_policy(mut self, policy: Policy) -> Self {
        self.policy = policy;
        self
    }

    /// The same evaluator, running the seat simulation on the fast path
    /// ([`Evaluator::scored_into`]) too: needed when the score or a bar
    /// reads `seat_gap`.
    pub fn scoring_seats(mut self, on: bool) -> Self {
        self.score_seats = on;
        self
    }

    /// Whether the fast path runs the seat simulation.
    pub(crate) fn scores_seats(&self) -> bool {
        self.score_seats
    }

    /// The seat simulation's policy.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Players the seat simulation seats.
    pub fn players(&self) -> usize {
        self.seats.players()
    }

    /// The map measured.
    pub fn map(&self) -> &MapDef {
        self.map
    }

    /// Measures one layout of this evaluator's map.
    pub fn measure(&self, layout: &Layout) -> Measures {
        let mut m = Measures::default();
        self.measure_into(layout, &mut Scratch::default(), &mut m);
        m
    }

    /// Measures one layout into `out`, reusing its and `scratch`'s buffers.
    pub fn measure_into(&self, layout: &Layout, scratch: &mut Scratch, out: &mut Measures) {
        self.scored_into(layout, scratch, out);
        if !self.score_seats {
            self.seats_into(layout, scratch, out);
        }
        self.finish_into(layout, scratch, out);
    }

    /// Adds what [`Evaluator::scored_into`] and [`Evaluator::seats_into`]
    /// leave out (the island, gold and region totals): after all three,
    /// `out` equals [`Evaluator::measure`]'s result.
    pub(crate) fn finish_into(&self, layout: &Layout, scratch: &mut Scratch, out: &mut Measures) {
        self.islands(layout, scratch, out);
        self.regions(layout, out);
    }

    /// Whether `layout` surely misses a bar with these thresholds of
    /// `red_same_resource` and `corner_max` (the two cheapest to check and
    /// most often missed): `false` says nothing. Rejection sampling asks it
    /// before measuring a board in full.
    pub(crate) fn surely_misses(
        &self,
        layout: &Layout,
        red_same_resource: Option<f64>,
        corner_max: Option<f64>,
    ) -> bool {
        let hx = &layout.hexes;
        if let Some(limit) = red_same_resource {
            let mut red = [0u32; 5];
            for h in hx {
                if let (Some(n), Some(r)) = (h.number, h.terrain.resource()) {
                    red[r as usize] += u32::from(crate::vocab::is_red(n));
                }
            }
            let pairs: u32 = red.iter().map(|n| n * n.saturating_sub(1) / 2).sum();
            if f64::from(pairs.saturating_sub(self.red_forced)) > limit + 1e-9 {
                return true;
            }
        }
        if let Some(limit) = corner_max {
            let pip = |m: u32| {
                let h = &hx[m as usize];
                if h.terrain.is_land() {
                    Some(u32::from(h.number.map_or(0, pips)))
                } else {
                    None
                }
            };
            for c in &self.full_corners {
                let (Some(a), Some(b), Some(d)) = (pip(c[0]), pip(c[1]), pip(c[2])) else {
                    continue;
                };
                if f64::from(a + b + d) > limit + 1e-9 {
                    return true;
                }
            }
        }
        false
    }

    /// Runs the seat simulation alone into `out.seats` and `out.seat_gap`.
    pub fn seats_into(&self, layout: &Layout, scratch: &mut Scratch, out: &mut Measures) {
        let s = &mut scratch.seat_out;
        self.seats.measure(self.map, layout, self.policy, &mut scratch.seat, s);
        out.seats.clone_from(&s.seats);
        out.seat_gap = s.gap;
    }

    /// Fills only the measures the score uses (everything but the island,
    /// gold and region totals): the balanced search's fast path.
    pub(crate) fn scored_into(&self, layout: &Layout, s: &mut Scratch, out: &mut Measures) {
        let hx = &layout.hexes;
        s.pip.clear();
        s.pip.extend(hx.iter().map(|h| h.number.map_or(0, pips)));
        // Resources against their fair share.
        let mut tiles = [0u32; 5];
        let mut red = [0u32; 5];
        out.resource_pips = [0; 5];
        out.gold_pips = 0;
        for (h, p) in hx.iter().zip(&s.pip) {
            if h.number.is_none() {
                continue;
            }
            if let Some(r) = h.terrain.resource() {
                out.resource_pips[r as usize] += u32::from(*p);
                tiles[r as usize] += 1;
                red[r as usize] += u32::from(h.number.is_some_and(crate::vocab::is_red));
            } else if h.terrain == Terrain::Gold {
                out.gold_pips += u32::from(*p);
            }
        }
        let all_pips: u32 = out.resource_pips.iter().sum();
        let all_tiles: u32 = tiles.iter().sum();
        out.resource_deviation = 0.0;
        out.resource_shortfall = 0.0;
        for ((share, t), p) in out.resource_share.iter_mut().zip(tiles).zip(out.resource_pips) {
            *share = if all_tiles == 0 {
                0.0
            } else {
                f64::from(all_pips) * f64::from(t) / f64::from(all_tiles)
            };
            out.resource_deviation += (f64::from(p) - *share).abs();
            out.resource_shortfall += (FLOOR_SHARE * *share - f64::from(p)).max(0.0);
        }
        out.red_same_resource = red.iter().map(|n| n * n.saturating_sub(1) / 2).sum();
        out.red_same_forced = self.red_forced;
        // Corners where three land hexes meet.
        out.corner_sums.clear();
        for c in &self.full_corners {
            if c.iter().all(|m| hx[*m as usize].terrain.is_land()) {
                out.corner_sums.push(c.iter().map(|m| u32::from(s.pip[*m as usize])).sum());
            }
        }
        out.corner_max = out.corner_sums.iter().copied().max().unwrap_or(0);
        out.corner_min = out.corner_sums.iter().copied().min().unwrap_or(0);
        out.corner_spread = out.corner_max - out.corner_min;
        // Neighbouring high numbers.
        let pip = &s.pip;
        out.high_pairs = self
            .edges
            .iter()
            .filter(|(a, b)| pip[*a as usize] >= HIGH_PIPS && pip[*b as usize] >= HIGH_PIPS)
            .count() as u32;
        self.groups(layout, s, out);
        self.harbors(layout, s, out);
        if self.score_seats {
            self.seats_into(layout, s, out);
        }
    }

    /// Largest same-terrain group among the producing terrains.
    fn groups(&self, layout: &Layout, s: &mut Scratch, out: &mut Measures) {
        let hx = &layout.hexes;
        let b = &self.map.board;
        s.seen.clear();
        s.seen.resize(hx.len(), false);
        out.largest_group = 0;
        out.largest_group_terrain = None;
        for start in 0..hx.len() {
            let t = hx[start].terrain;
            if s.seen[start] || !t.can_take_chip() {
                continue;
            }
            s.seen[start] = true;
            s.stack.clear();
            s.stack.push(start);
            let mut size = 0;
            while let Some(h) = s.stack.pop() {
                size += 1;
                for n in b.neighbors[h] {
                    if n != NONE && !s.seen[n as usize] && hx[n as usize].terrain == t {
                        s.seen[n as usize] = true;
                        s.stack.push(n as usize);
                    }
                }
            }
            if size > out.largest_group {
                out.largest_group = size;
                out.largest_group_terrain = Some(t);
            }
        }
    }

    /// Strength of every face-up 2:1 harbor.
    fn harbors(&self, layout: &Layout, s: &Scratch, out: &mut Measures) {
        let hx = &layout.hexes;
        let b = &self.map.board;
        out.harbors.clear();
        for h in &layout.harbors {
            let (HarborKind::Special(res), Some(toward)) = (h.kind, h.toward) else { continue };
            let Some(&i) = b.index.get(&h.hex) else { continue };
            let Some(d) = h.hex.direction_to(toward) else { continue };
            let d = d.index();
            // The facing hex touches both harbor corners; the hexes on either
            // side of the harbor edge touch one each.
            let touching =
                [b.neighbors[i][d], b.neighbors[i][(d + 1) % 6], b.neighbors[i][(d + 5) % 6]];
            let pips_here = touching
                .iter()
                .filter(|n| **n != NONE && hx[**n as usize].terrain.resource() == Some(res))
                .map(|n| u32::from(s.pip[*n as usize]))
                .sum();
            out.harbors.push(HarborStrength { hex: h.hex, resource: res, pips: pips_here });
        }
        out.harbor_max = out.harbors.iter().map(|h| h.pips).max().unwrap_or(0);
    }

    /// Islands, the starting island and the reach to gold.
    fn islands(&self, layout: &Layout, s: &mut Scratch, out: &mut Measures) {
        let hx = &layout.hexes;
        let b = &self.map.board;
        s.island_of.clear();
        s.island_of.resize(hx.len(), usize::MAX);
        out.islands.clear();
        for start in 0..hx.len() {
            if s.island_of[start] != usize::MAX || !hx[start].terrain.is_land() {
                continue;
            }
            let id = out.islands.len();
            let mut isl =
                IslandTotals { first: hx[start].hex, hexes: 0, pips: 0, resource_pips: [0; 5] };
            s.island_of[start] = id;
            s.stack.clear();
            s.stack.push(start);
            while let Some(h) = s.stack.pop() {
                isl.hexes += 1;
                let p = hx[h].number.map_or(0, |n| u32::from(pips(n)));
                isl.pips += p;
                if let Some(r) = hx[h].terrain.resource() {
                    isl.resource_pips[r as usize] += p;
                }
                for n in b.neighbors[h] {
                    if n != NONE
                        && s.island_of[n as usize] == usize::MAX
                        && hx[n as usize].terrain.is_land()
                    {
                        s.island_of[n as usize] = id;
                        s.stack.push(n as usize);
                    }
                }
            }
            out.islands.push(isl);
        }
        out.home_island = out
            .islands
            .iter()
            .enumerate()
            .max_by(|(ia, a), (ib, b)| a.hexes.cmp(&b.hexes).then(ib.cmp(ia)))
            .map(|(i, _)| i);
        s.gold.clear();
        s.gold.extend((0..hx.len()).filter(|i| hx[*i].terrain == Terrain::Gold));
        let (gold, island_of) = (&s.gold, &s.island_of);
        out.gold_reach = out.home_island.and_then(|home| {
            (0..hx.len())
                .filter(|i| island_of[*i] == home)
                .flat_map(|i| gold.iter().map(move |g| hx[i].hex.distance(hx[*g].hex)))
                .min()
        });
    }

    /// Totals per random region.
    fn regions(&self, layout: &Layout, out: &mut Measures) {
        if out.regions.len() != layout.regions.len() {
            out.regions = layout
                .regions
                .iter()
                .map(|r| RegionTotals { key: r.key.clone(), hexes: 0, pips: 0 })
                .collect();
        }
        for r in &mut out.regions {
            r.hexes = 0;
            r.pips = 0;
        }
        for h in &layout.hexes {
            let Some(r) = h.region.and_then(|r| out.regions.get_mut(r as usize)) else { continue };
            r.hexes += 1;
            r.pips += h.number.map_or(0, |n| u32::from(pips(n)));
        }
    }
}
