//! Test-side tools for the sampler: an independent rule oracle, a reference
//! sampler that is uniform by construction, and the statistics that compare
//! batches of boards. Written from the scenario model and hex geometry
//! only: nothing here calls the solver's own checks.
#![allow(dead_code)]

pub mod enumerate;

use std::collections::{BTreeMap, HashMap};

use hexpress::axial::{Direction, Hex};
use hexpress::model::{CellContent, Constraints, MapDef};
use hexpress::solve::Layout;
use hexpress::vocab::{HarborKind, Terrain};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// One board, as the statistics and the oracle see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Terrain per cell (map order).
    pub terrain: Vec<Terrain>,
    /// Chip per cell.
    pub number: Vec<Option<u8>>,
    /// Harbors: (cell, kind, facing direction index or None).
    pub harbors: Vec<(usize, HarborKind, Option<usize>)>,
}

impl Board {
    /// The board of a hexpress layout.
    pub fn of(map: &MapDef, l: &Layout) -> Board {
        let index: HashMap<Hex, usize> =
            map.cells.iter().enumerate().map(|(i, c)| (c.hex, i)).collect();
        Board {
            terrain: l.hexes.iter().map(|h| h.terrain).collect(),
            number: l.hexes.iter().map(|h| h.number).collect(),
            harbors: l
                .harbors
                .iter()
                .map(|h| {
                    let i = index[&h.hex];
                    let d = h.toward.and_then(|t| h.hex.direction_to(t)).map(Direction::index);
                    (i, h.kind, d)
                })
                .collect(),
        }
    }
}

/// The map as plain geometry: neighbours by direction, face-down cells.
pub struct Geo {
    pub hexes: Vec<Hex>,
    pub at: HashMap<Hex, usize>,
    pub face_down: Vec<bool>,
}

impl Geo {
    pub fn new(map: &MapDef) -> Geo {
        let hexes: Vec<Hex> = map.cells.iter().map(|c| c.hex).collect();
        let at = hexes.iter().enumerate().map(|(i, h)| (*h, i)).collect();
        let face_down = map
            .cells
            .iter()
            .map(|c| matches!(c.content, CellContent::Slot { region } if map.regions[region].face_down))
            .collect();
        Geo { hexes, at, face_down }
    }

    fn nb(&self, i: usize, d: usize) -> Option<usize> {
        self.at.get(&self.hexes[i].neighbor(Direction::ALL[d])).copied()
    }

    /// The neighbours of cell `i` on the map.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (0..6).filter_map(move |d| self.nb(i, d))
    }

    /// A corner, named by its three hexes (sorted; off-map ones included).
    fn corner(&self, i: usize, k: usize) -> [Hex; 3] {
        let h = self.hexes[i];
        let mut c = [h, h.neighbor(Direction::ALL[k]), h.neighbor(Direction::ALL[(k + 1) % 6])];
        c.sort();
        c
    }
}

fn pips(n: u8) -> u32 {
    6 - (7 - i32::from(n)).unsigned_abs()
}

/// The rules hex `i` keeps: `c`, with the rules its region sets for its own
/// hexes (slots and the fixed hexes drawing a chip from it) on top.
pub fn hex_rules(map: &MapDef, c: &Constraints, i: usize) -> Constraints {
    let mut own = c.clone();
    for r in &map.regions {
        if r.slots.contains(&i) || r.chip_cells.contains(&i) {
            for id in hexpress::model::ConstraintId::ALL {
                if let Some(v) = r.rules.get(id) {
                    own.set(id, v);
                }
            }
        }
    }
    own
}

/// Every rule `b` breaks (by name), written from the rules' definitions:
/// each hex under its own rules ([`hex_rules`]); two neighbours, a corner
/// or a group under the rules of every hex in it.
pub fn broken(map: &MapDef, c: &Constraints, g: &Geo, b: &Board) -> Vec<&'static str> {
    let mut out = Vec::new();
    let n = g.hexes.len();
    let rules: Vec<Constraints> = (0..n).map(|i| hex_rules(map, c, i)).collect();
    let red = |x: Option<u8>| matches!(x, Some(6) | Some(8));
    for i in 0..n {
        if rules[i].gold_no_red && b.terrain[i] == Terrain::Gold && red(b.number[i]) {
            out.push("gold_no_red");
        }
        for d in 0..6 {
            let Some(j) = g.nb(i, d) else { continue };
            if j < i {
                continue;
            }
            let either = |f: &dyn Fn(&Constraints) -> bool| f(&rules[i]) || f(&rules[j]);
            let gold = b.terrain[i] == Terrain::Gold && b.terrain[j] == Terrain::Gold;
            if gold && either(&|c| c.gold_not_adjacent) {
                out.push("gold_not_adjacent");
            }
            if let (Some(x), Some(y)) = (b.number[i], b.number[j]) {
                if red(Some(x)) && red(Some(y)) && either(&|c| c.no_adjacent_red) {
                    out.push("no_adjacent_red");
                }
                if x == y && either(&|c| c.no_equal_neighbours) {
                    out.push("no_equal_neighbours");
                }
                if x.min(y) == 2 && x.max(y) == 12 && either(&|c| c.no_2_next_to_12) {
                    out.push("no_2_next_to_12");
                }
            }
        }
    }
    let corners: std::collections::BTreeSet<[Hex; 3]> =
        (0..n).flat_map(|i| (0..6).map(move |k| (i, k))).map(|(i, k)| g.corner(i, k)).collect();
    for key in &corners {
        let on: Vec<usize> = key.iter().filter_map(|h| g.at.get(h).copied()).collect();
        let Some(cap) = on.iter().filter_map(|j| rules[*j].max_corner_pips).min() else {
            continue;
        };
        let s: u32 = on.iter().map(|j| b.number[*j].map_or(0, pips)).sum();
        if s > cap {
            out.push("max_corner_pips");
        }
    }
    let mut seen = vec![false; n];
    for s in 0..n {
        let t = b.terrain[s];
        if seen[s] || !t.can_take_chip() {
            continue;
        }
        seen[s] = true;
        let (mut stack, mut size, mut max) = (vec![s], 0, None::<u32>);
        while let Some(x) = stack.pop() {
            size += 1;
            if let Some(m) = rules[x].max_terrain_group {
                max = Some(max.map_or(m, |a| a.min(m)));
            }
            for d in 0..6 {
                if let Some(y) = g.nb(x, d) {
                    if !seen[y] && b.terrain[y] == t {
                        seen[y] = true;
                        stack.push(y);
                    }
                }
            }
        }
        if max.is_some_and(|m| size > m) {
            out.push("max_terrain_group");
        }
    }
    out.extend(broken_harbors(map, c, g, b));
    out
}

/// The harbor rules `b` breaks.
pub fn broken_harbors(map: &MapDef, c: &Constraints, g: &Geo, b: &Board) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut landed: BTreeMap<[Hex; 3], u32> = BTreeMap::new();
    for (i, _, dir) in &b.harbors {
        let Some(d) = dir else {
            if !g.face_down[*i] {
                out.push("harbors_face_land");
            }
            continue;
        };
        match g.nb(*i, *d) {
            Some(j) if b.terrain[j].is_land() && !g.face_down[j] => {}
            _ => out.push("harbors_face_land"),
        }
        // The edge toward d ends at corners d-1 and d of the hex.
        for k in [(*d + 5) % 6, *d] {
            *landed.entry(g.corner(*i, k)).or_default() += 1;
        }
    }
    let fishing: Vec<Hex> = map
        .cells
        .iter()
        .filter(|cell| {
            matches!(cell.content, CellContent::Fixed { terrain: Terrain::FishingGround, .. })
        })
        .map(|cell| cell.hex)
        .collect();
    for (corner, count) in &landed {
        if c.harbors_apart && *count > 1 {
            out.push("harbors_apart");
        }
        if c.harbors_off_fishing_grounds && corner.iter().any(|h| fishing.contains(h)) {
            out.push("harbors_off_fishing_grounds");
        }
    }
    out
}

/// A small portable generator for the reference sampler (ChaCha8, seeded).
pub struct Rand(ChaCha8Rng);

impl Rand {
    pub fn new(seed: u64) -> Rand {
        Rand(ChaCha8Rng::seed_from_u64(seed ^ 0x005E_ED0F_7E57))
    }

    /// Uniform in `0..n` (Lemire's multiply-and-reject: no modulo bias).
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        loop {
            let m = u128::from(self.0.next_u64()) * u128::from(n);
            let low = m as u64;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// The reference sampler: deal every pool uniformly at random, keep the
/// board only if the oracle finds nothing broken. Uniform over the valid
/// boards by construction. A random harbor facing on a fixed harbor hex is
/// drawn uniformly from the directions whose hex could ever be visible land
/// (a fixed set that contains every valid facing); a harbor tile, which
/// moves with the deal, from all six directions. Every valid facing is then
/// equally likely.
///
/// For speed it looks for a broken rule as soon as the hexes it needs are
/// dealt (terrain rules after the tiles, each chip as it lands), and throws
/// the whole deal away at once; that changes only how long a rejected deal
/// takes, never which deals are kept.
pub struct Reference<'a> {
    map: &'a MapDef,
    c: &'a Constraints,
    g: Geo,
    /// Neighbours by direction (`usize::MAX` off the map).
    nb: Vec<[usize; 6]>,
    /// Per cell: directions a random-facing harbor there could ever face.
    cand: Vec<Vec<usize>>,
    /// Each region's tiles, the chipless ones (and gold) first.
    tiles: Vec<Vec<Terrain>>,
    /// Each region's chips, most pips first.
    chips: Vec<Vec<u8>>,
    /// Whether each terrain takes a chip (by `Terrain::index`).
    takes: Vec<bool>,
    /// For each chip value, the values that may not be its neighbour (bits).
    bad: [u16; 13],
    /// Per cell and corner: the other two hexes there (the always-empty
    /// cell past the end of [`Deal::num`] where there is none).
    mates: Vec<[[usize; 2]; 6]>,
    /// Neighbours by direction for the chip checks (the always-empty cell
    /// past the end of [`Deal::num`] off the map).
    chip_nb: Vec<[usize; 6]>,
    /// Per region: how many of its tiles (the first ones) are dealt before
    /// the chips: the chipless ones and gold.
    early: Vec<usize>,
    /// Per cell: its index in its region's `slots` (0 for other cells).
    pos: Vec<usize>,
}

/// Buffers of one reference deal.
///
/// Between deals only what the last deal wrote is undone (the chips it
/// placed, the tiles it revealed), so a rejected deal costs what it dealt.
pub struct Deal {
    b: Board,
    /// Chip per cell while dealing (0: none), plus an empty cell at the end.
    num: Vec<u8>,
    slots: Vec<Vec<usize>>,
    tiles: Vec<Terrain>,
    cells: Vec<usize>,
    seen: Vec<bool>,
    stack: Vec<usize>,
    /// Cells given a chip by the last deal.
    placed: Vec<usize>,
    /// Cells given an early tile (chipless or gold) by the last deal.
    shown: Vec<usize>,
    /// Whether the last deal went on to reveal every tile.
    revealed: bool,
    /// Positions in a region's `slots` of the hexes whose tile takes no chip.
    gaps: Vec<usize>,
}

impl<'a> Reference<'a> {
    pub fn new(map: &'a MapDef, c: &'a Constraints) -> Reference<'a> {
        let g = Geo::new(map);
        let may_be_land = |j: usize| match map.cells[j].content {
            CellContent::Fixed { terrain, .. } => terrain.is_land(),
            CellContent::Slot { region } => {
                let r = &map.regions[region];
                !r.face_down && r.tiles.iter().any(|(t, _)| t.is_land())
            }
        };
        let n = g.hexes.len();
        let cand = (0..n)
            .map(|i| (0..6).filter(|d| g.nb(i, *d).is_some_and(may_be_land)).collect())
            .collect();
        let nb =
            (0..n).map(|i| std::array::from_fn(|d| g.nb(i, d).unwrap_or(usize::MAX))).collect();
        let tiles: Vec<Vec<Terrain>> = map
            .regions
            .iter()
            .map(|r| {
                let mut t: Vec<Terrain> = r
                    .tiles
                    .iter()
                    .flat_map(|(t, k)| std::iter::repeat_n(*t, *k as usize))
                    .collect();
                t.sort_by_key(|t| c.takes_chip(*t) && *t != Terrain::Gold);
                t
            })
            .collect();
        let chips = map
            .regions
            .iter()
            .map(|r| {
                let mut v = r.numbers.clone();
                v.sort_by_key(|n| std::cmp::Reverse(pips(*n)));
                v
            })
            .collect();
        let takes = Terrain::ALL.iter().map(|t| c.takes_chip(*t)).collect();
        let red = |y: u8| y == 6 || y == 8;
        let mut bad = [0u16; 13];
        for (v, row) in bad.iter_mut().enumerate().skip(2) {
            for w in 2..=12u8 {
                let v = v as u8;
                if (c.no_adjacent_red && red(v) && red(w))
                    || (c.no_equal_neighbours && v == w)
                    || (c.no_2_next_to_12 && v.min(w) == 2 && v.max(w) == 12)
                {
                    *row |= 1 << w;
                }
            }
        }
        let chip_nb = (0..n).map(|i| std::array::from_fn(|d| g.nb(i, d).unwrap_or(n))).collect();
        let mates = (0..n)
            .map(|i| {
                let mut m = [[n; 2]; 6];
                for (k, slot) in m.iter_mut().enumerate() {
                    let others = g.corner(i, k).into_iter().filter_map(|h| g.at.get(&h).copied());
                    for (o, j) in slot.iter_mut().zip(others.filter(|j| *j != i)) {
                        *o = j;
                    }
                }
                m
            })
            .collect();
        let early = tiles
            .iter()
            .map(|t| t.iter().take_while(|t| !c.takes_chip(**t) || **t == Terrain::Gold).count())
            .collect();
        let mut pos = vec![0; n];
        for r in &map.regions {
            for (k, s) in r.slots.iter().enumerate() {
                pos[*s] = k;
            }
        }
        Reference { map, c, g, nb, cand, tiles, chips, takes, bad, mates, chip_nb, early, pos }
    }

    pub fn geo(&self) -> &Geo {
        &self.g
    }

    /// Fresh buffers, holding the fixed hexes.
    pub fn deal_buffers(&self) -> Deal {
        let n = self.g.hexes.len();
        let mut b =
            Board { terrain: vec![Terrain::Sea; n], number: vec![None; n], harbors: Vec::new() };
        for (i, cell) in self.map.cells.iter().enumerate() {
            if let CellContent::Fixed { terrain: t, number: x, .. } = cell.content {
                b.terrain[i] = t;
                b.number[i] = x;
            }
        }
        let mut num: Vec<u8> = b.number.iter().map(|x| x.unwrap_or(0)).collect();
        num.push(0);
        Deal {
            b,
            num,
            slots: self.map.regions.iter().map(|r| r.slots.clone()).collect(),
            tiles: Vec::new(),
            cells: Vec::new(),
            seen: vec![false; n],
            stack: Vec::new(),
            placed: Vec::new(),
            shown: Vec::new(),
            revealed: true,
            gaps: Vec::new(),
        }
    }

    /// Undoes the last deal: its chips go, its tiles turn back into a
    /// chip-taking placeholder (forest).
    fn undo(&self, d: &mut Deal) {
        for x in d.placed.drain(..) {
            d.num[x] = 0;
        }
        if std::mem::take(&mut d.revealed) {
            d.shown.clear();
            for s in self.map.regions.iter().flat_map(|r| &r.slots) {
                d.b.terrain[*s] = Terrain::Forest;
            }
        }
        for s in d.shown.drain(..) {
            d.b.terrain[s] = Terrain::Forest;
        }
    }

    /// One uniform valid board.
    pub fn board(&self, rng: &mut Rand, d: &mut Deal) -> Board {
        loop {
            if self.deal(rng, d) {
                return d.b.clone();
            }
        }
    }

    fn deal(&self, rng: &mut Rand, d: &mut Deal) -> bool {
        let map = self.map;
        // The tiles are revealed in two steps of one Fisher-Yates shuffle per
        // region: first where the chipless tiles (and gold) go, which decides
        // the chip hexes, then, only if the chips passed, the rest.
        // Every slot not dealt yet holds a forest: some chip-taking tile,
        // dealt below.
        self.undo(d);
        for (ri, r) in map.regions.iter().enumerate() {
            let slots = &mut d.slots[ri];
            slots.clone_from(&r.slots);
            for (k, t) in self.tiles[ri].iter().enumerate().take(self.early[ri]) {
                let j = k + rng.below(slots.len() - k);
                slots.swap(k, j);
                d.b.terrain[slots[k]] = *t;
                d.shown.push(slots[k]);
            }
        }
        for (ri, r) in map.regions.iter().enumerate().filter(|(_, r)| !r.face_down) {
            // The region's hexes that take a chip, in the order of its
            // slots, then its fixed hexes that draw a chip from it.
            d.gaps.clear();
            for (k, t) in self.tiles[ri].iter().enumerate().take(self.early[ri]) {
                if !self.takes[t.index()] {
                    d.gaps.push(self.pos[d.slots[ri][k]]);
                }
            }
            d.gaps.sort_unstable();
            d.cells.clear();
            let mut at = 0;
            for g in &d.gaps {
                d.cells.extend_from_slice(&r.slots[at..*g]);
                at = g + 1;
            }
            d.cells.extend_from_slice(&r.slots[at..]);
            d.cells.extend_from_slice(&r.chip_cells);
            // A Fisher-Yates shuffle done lazily: chip k goes to a random
            // hex among those still free.
            // Chips with most pips first: any fixed order deals the same
            // way, and the likeliest clashes then come first.
            let len = d.cells.len();
            for (k, v) in self.chips[ri].iter().enumerate().take(len) {
                let j = k + rng.below(len - k);
                d.cells.swap(k, j);
                let x = d.cells[k];
                d.num[x] = *v;
                d.placed.push(x);
                if !self.chip_ok(&d.b, &d.num, x) {
                    return false;
                }
            }
        }
        for (x, v) in d.b.number.iter_mut().zip(&d.num) {
            *x = (*v != 0).then_some(*v);
        }
        d.revealed = true;
        for (ri, _) in map.regions.iter().enumerate() {
            let slots = &mut d.slots[ri];
            let tiles = &self.tiles[ri];
            for k in self.early[ri]..slots.len() {
                let j = k + rng.below(slots.len() - k);
                slots.swap(k, j);
                d.b.terrain[slots[k]] = tiles[k];
            }
        }
        if !self.terrain_ok(d) {
            return false;
        }
        d.b.harbors.clear();
        let mut pool = map.harbor_pool.clone();
        rng.shuffle(&mut pool);
        let mut pool = pool.into_iter();
        let mut region_kinds: Vec<std::vec::IntoIter<HarborKind>> = map
            .regions
            .iter()
            .map(|r| {
                let mut k = r.harbors.clone();
                rng.shuffle(&mut k);
                k.into_iter()
            })
            .collect();
        for (i, cell) in map.cells.iter().enumerate() {
            let next = if let Some(h) = cell.harbor {
                h.kind.or_else(|| pool.next()).map(|k| (k, h.facing.map(Direction::index), false))
            } else if d.b.terrain[i] == Terrain::Harbor {
                let CellContent::Slot { region } = cell.content else { continue };
                region_kinds[region].next().map(|k| (k, None, map.regions[region].face_down))
            } else {
                continue;
            };
            let Some((kind, facing, face_down)) = next else { return false };
            let dir = if face_down {
                None
            } else if facing.is_some() {
                facing
            } else if cell.harbor.is_some() {
                // A harbor printed on the map: the directions it could ever
                // face are the same on every board.
                let c = &self.cand[i];
                if c.is_empty() {
                    return false;
                }
                Some(c[rng.below(c.len())])
            } else {
                // A harbor tile moves with the deal: any of the six
                // directions, the oracle keeps those facing land.
                Some(rng.below(6))
            };
            d.b.harbors.push((i, kind, dir));
        }
        broken(map, self.c, &self.g, &d.b).is_empty()
    }

    /// How many of `n` deals pass the terrain rules, and then the chip rules.
    pub fn pass_rates(&self, rng: &mut Rand, n: usize) -> (usize, usize, usize) {
        let mut d = self.deal_buffers();
        let (mut ter, mut chips) = (0, 0);
        for _ in 0..n {
            for r in &self.map.regions {
                d.tiles.clear();
                d.tiles
                    .extend(r.tiles.iter().flat_map(|(t, k)| std::iter::repeat_n(*t, *k as usize)));
                rng.shuffle(&mut d.tiles);
                for (s, t) in r.slots.iter().zip(&d.tiles) {
                    d.b.terrain[*s] = *t;
                }
            }
            if !self.terrain_ok(&mut d) {
                continue;
            }
            ter += 1;
            d.num.iter_mut().for_each(|x| *x = 0);
            let mut ok = true;
            for r in self.map.regions.iter().filter(|r| !r.face_down) {
                d.cells.clear();
                d.cells
                    .extend(r.slots.iter().copied().filter(|s| self.c.takes_chip(d.b.terrain[*s])));
                rng.shuffle(&mut d.cells);
                for (x, v) in d.cells.iter().zip(&r.numbers) {
                    d.num[*x] = *v;
                    ok &= self.chip_ok(&d.b, &d.num, *x);
                }
            }
            chips += usize::from(ok);
        }
        (n, ter, chips)
    }

    /// The terrain rules (groups, gold next to gold), checked alone.
    fn terrain_ok(&self, d: &mut Deal) -> bool {
        let c = self.c;
        let b = &d.b;
        let n = b.terrain.len();
        if c.gold_not_adjacent {
            for i in 0..n {
                if b.terrain[i] == Terrain::Gold
                    && self.nb[i].iter().any(|j| *j != usize::MAX && b.terrain[*j] == Terrain::Gold)
                {
                    return false;
                }
            }
        }
        let Some(max) = c.max_terrain_group else { return true };
        d.seen.iter_mut().for_each(|x| *x = false);
        for s in 0..n {
            let t = b.terrain[s];
            if d.seen[s] || !t.can_take_chip() {
                continue;
            }
            d.seen[s] = true;
            d.stack.clear();
            d.stack.push(s);
            let mut size = 0;
            while let Some(x) = d.stack.pop() {
                size += 1;
                for y in self.nb[x] {
                    if y != usize::MAX && !d.seen[y] && b.terrain[y] == t {
                        d.seen[y] = true;
                        d.stack.push(y);
                    }
                }
            }
            if size > max {
                return false;
            }
        }
        true
    }

    /// Whether the chip on `x` clashes with a chip already placed (`num`:
    /// chips so far, 0 for none, with an always-empty cell at the end, where
    /// [`Reference::chip_nb`] and [`Reference::mates`] point off the map).
    #[inline]
    fn chip_ok(&self, b: &Board, num: &[u8], x: usize) -> bool {
        /// Pips by chip value (0 for no chip).
        const PIPS: [u32; 13] = [0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1];
        let c = self.c;
        let v = num[x];
        if c.gold_no_red && b.terrain[x] == Terrain::Gold && (v == 6 || v == 8) {
            return false;
        }
        let bad = self.bad[usize::from(v)];
        if self.chip_nb[x].iter().any(|j| bad & (1 << num[*j]) != 0) {
            return false;
        }
        if let Some(cap) = c.max_corner_pips {
            let own = PIPS[usize::from(v)];
            let pip = |j: usize| PIPS[usize::from(num[j])];
            if self.mates[x].iter().any(|[a, z]| own + pip(*a) + pip(*z) > cap) {
                return false;
            }
        }
        true
    }
}

/// The families of features compared: what lies where.
pub const FAMILIES: [&str; 6] =
    ["hex-chip", "hex-red", "hex-desert", "hex-terrain", "harbor-kind", "harbor-facing"];

/// The features of `b` in family `f`: (position, value) pairs.
pub fn features(f: &str, b: &Board, out: &mut Vec<(usize, String)>) {
    out.clear();
    match f {
        "hex-chip" => out
            .extend(b.number.iter().enumerate().filter_map(|(i, n)| n.map(|n| (i, n.to_string())))),
        "hex-red" => out.extend(
            b.number
                .iter()
                .enumerate()
                .filter(|(_, n)| matches!(n, Some(6) | Some(8)))
                .map(|(i, _)| (i, "red".to_string())),
        ),
        "hex-desert" => out.extend(
            b.terrain
                .iter()
                .enumerate()
                .filter(|(_, t)| !t.can_take_chip() && t.is_land())
                .map(|(i, t)| (i, t.name().to_string())),
        ),
        "hex-terrain" => {
            out.extend(b.terrain.iter().enumerate().map(|(i, t)| (i, t.name().to_string())))
        }
        "harbor-kind" => out.extend(b.harbors.iter().map(|(i, k, _)| (*i, k.name().to_string()))),
        "harbor-facing" => out.extend(b.harbors.iter().map(|(i, _, d)| (*i, format!("{d:?}")))),
        _ => unreachable!("unknown family {f}"),
    }
}

/// Every board's features of one family as dense cell codes (shared
/// between the batches compared).
pub struct Coded {
    /// Number of distinct cells.
    pub cells: usize,
    /// Per board, its cell codes.
    pub boards: Vec<Vec<u32>>,
}

/// Codes the features of family `f` of every board of every batch with
/// one dictionary; returns one [`Coded`] per batch.
pub fn code(f: &str, batches: &[&[Board]]) -> Vec<Coded> {
    let mut dict: HashMap<(usize, String), u32> = HashMap::new();
    let mut buf = Vec::new();
    let mut out: Vec<Vec<Vec<u32>>> = Vec::new();
    for batch in batches {
        let mut coded = Vec::with_capacity(batch.len());
        for b in *batch {
            features(f, b, &mut buf);
            let codes = buf
                .drain(..)
                .map(|k| {
                    let next = dict.len() as u32;
                    *dict.entry(k).or_insert(next)
                })
                .collect();
            coded.push(codes);
        }
        out.push(coded);
    }
    let cells = dict.len();
    out.into_iter().map(|boards| Coded { cells, boards }).collect()
}

/// Cell counts of the boards `idx` of `c`.
pub fn counts(c: &Coded, idx: impl Iterator<Item = usize>) -> Vec<u64> {
    let mut v = vec![0u64; c.cells];
    for i in idx {
        for k in &c.boards[i] {
            v[*k as usize] += 1;
        }
    }
    v
}

/// The two-sample chi-square of two equal-sized batches' counts:
/// `Σ (a - b)² / (a + b)` over the cells either batch has.
pub fn chi2(a: &[u64], b: &[u64]) -> f64 {
    a.iter()
        .zip(b)
        .filter(|(x, y)| **x + **y > 0)
        .map(|(x, y)| (*x as f64 - *y as f64).powi(2) / (*x + *y) as f64)
        .sum()
}

/// The spread of [`chi2`] between two independent reference batches of
/// `half` boards each: the statistic for `splits` random splits of the
/// `2 * half` reference boards (cells of one board are not independent,
/// so the null distribution is measured, not taken from a table).
pub fn null_chi2(reference: &Coded, half: usize, splits: usize, seed: u64) -> Vec<f64> {
    let mut rng = Rand::new(seed);
    let mut idx: Vec<usize> = (0..reference.boards.len()).collect();
    (0..splits)
        .map(|_| {
            rng.shuffle(&mut idx);
            let a = counts(reference, idx[..half].iter().copied());
            let b = counts(reference, idx[half..2 * half].iter().copied());
            chi2(&a, &b)
        })
        .collect()
}
