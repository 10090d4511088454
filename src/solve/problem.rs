//! The solver's compiled view of one map under one rule set (and any locks):
//! flat index tables that every sampler walks, built once per [`Solver`](super::Solver).

use super::locks::LockedBoard;
use super::{Lock, LockError};
use crate::model::board::NONE;
use crate::model::partial_board::PartialBoard;
use crate::model::{rules, CellContent, Constraints, MapDef};
use crate::vocab::{pips, HarborKind, Terrain};

/// A cell with no terrain yet.
pub(crate) const UNSET: u8 = crate::model::oracle::UNSET;
/// No harbor direction.
pub(crate) const NO_DIR: u8 = u8::MAX;

/// A random region as the samplers see it.
pub(crate) struct RegionPlan {
    /// Tiles dealt face down.
    pub face_down: bool,
    /// Free (unlocked) slots, board order.
    pub slots: Vec<u32>,
    /// Terrain (as [`Terrain`] index) of the tiles still to deal on `slots`:
    /// the tiles that decide where chips go (and, under terrain rules, all
    /// tiles) first, then the rest.
    pub tiles: Vec<u8>,
    /// How many of `tiles` come first.
    pub early: usize,
    /// Unlocked fixed hexes that draw their chip from this region.
    pub chip_fixed: Vec<u32>,
    /// Face-up regions: the chips still to deal, those some rule can block
    /// first (most pips first), then the free ones.
    pub chips: Vec<u8>,
    /// How many of `chips` some rule can block.
    pub constrained: usize,
    /// Face-down regions: the chips stacked beside the board.
    pub stack: Vec<u8>,
    /// Kinds of the region's harbor tiles.
    pub kinds: Vec<HarborKind>,
}

/// A harbor printed on a fixed water hex.
pub(crate) struct Site {
    /// A fixed facing (direction index), or `None` to choose one.
    pub facing: Option<u8>,
}

/// Everything the samplers need, as flat tables.
pub(crate) struct Problem<'a> {
    pub map: &'a MapDef,
    /// The rules the samplers work under: the scenario's, or, when regions
    /// set their own, the loosest of every set ([`super::regional`]).
    pub c: Constraints,
    /// The scenario's rules (the board check's and the layout's).
    pub given: Constraints,
    /// The regions' own rules, held to each board a sampler would take.
    pub regional: Option<super::regional::Regional>,
    /// Cells: the map's, then the stack cells ([`super::stacks`]).
    pub n: usize,
    /// The map's own cells (`0..n_map`).
    pub n_map: usize,
    /// The map region of each plan: its own index for the map's regions,
    /// the face-down region for a plan of face-up hexes and stack cells.
    pub plan_region: Vec<u32>,
    /// Per face-down region whose pool also feeds face-up hexes: the
    /// region and its stack cells, in stack order.
    pub stack_cells: Vec<(u32, std::ops::Range<u32>)>,
    /// Neighbours; `n` (a cell that is always empty) for off-map.
    pub nb: Vec<[u32; 6]>,
    /// Corner `k` of each cell, `n_corners` (an always-empty corner) when absent.
    pub corner_at: Vec<[u32; 6]>,
    /// The members of each corner, `n` for off-map.
    pub corners: Vec<[u32; 3]>,
    /// For each cell and each of its corners, the two other hexes there
    /// (`n`, the always-empty cell, where there is none).
    pub mates: Vec<[[u32; 2]; 6]>,
    /// Fixed and locked terrain; [`UNSET`] on free slots.
    pub base_terrain: Vec<u8>,
    /// Printed and locked chips, 0 elsewhere, plus the empty sentinel at `n`.
    pub base_number: Vec<u8>,
    /// The region of slots and chip-drawing fixed hexes, [`NONE`] elsewhere.
    pub cell_region: Vec<u32>,
    /// Whether the cell is a tile of a face-down region.
    pub face_down: Vec<bool>,
    /// Whether a tile of each face-up region may carry a chip (per cell).
    pub regions: Vec<RegionPlan>,
    /// Harbors on fixed hexes, board order.
    pub sites: Vec<Site>,
    /// Which site is on each cell (`NONE` if none).
    pub site_of: Vec<u32>,
    /// The map's harbor pool.
    pub pool_kinds: Vec<HarborKind>,
    /// For each cell, the directions a face-up harbor there may ever face:
    /// on-map, face-up, possibly land.
    pub dmax: Vec<Vec<u8>>,
    /// Whether each corner touches a fixed or locked fishing ground (plus
    /// the sentinel).
    pub fishing: Vec<bool>,
    /// Whether a region deals fishing grounds to free slots (their corners
    /// are then read from the board as it is dealt).
    pub dealt_fishing: bool,
    /// Chips forbidden next to each chip value.
    pub pair: [u16; 13],
    /// Chips no rule can block.
    pub free: u16,
    /// Whether a terrain rule (groups, gold adjacency) is on.
    pub terrain_rules: bool,
    /// Whether where chips go, or what they may be, depends on the terrain deal.
    pub chips_need_terrain: bool,
    /// Whether harbor rules can depend on the terrain deal.
    pub harbors_need_terrain: bool,
    /// Cells that may carry a face-up harbor needing a facing: harbor sites,
    /// and free slots of face-up regions that deal harbor tiles. Board order.
    pub facing_cells: Vec<u32>,
}

/// The board's adjacency with the off-map sentinels the samplers index by.
struct Geometry {
    nb: Vec<[u32; 6]>,
    corner_at: Vec<[u32; 6]>,
    corners: Vec<[u32; 3]>,
    mates: Vec<[[u32; 2]; 6]>,
}

impl Geometry {
    /// The map's geometry with `n - map.cells.len()` stack cells after its
    /// own, each with no neighbour and no corner.
    fn new(map: &MapDef, n: usize) -> Geometry {
        let n_map = map.cells.len();
        let b = &map.board;
        let n_corners = b.corners.len() as u32;
        let sentinel = |m: u32| if m == NONE { n as u32 } else { m };
        let nb: Vec<[u32; 6]> = b.neighbors.iter().map(|ns| ns.map(sentinel)).collect();
        let corner_at: Vec<[u32; 6]> = b
            .corner_at
            .iter()
            .map(|ks| ks.map(|k| if k == NONE { n_corners } else { k }))
            .chain(std::iter::repeat_n([n_corners; 6], n - n_map))
            .collect();
        let nb = nb.into_iter().chain(std::iter::repeat_n([n as u32; 6], n - n_map)).collect();
        let corners: Vec<[u32; 3]> = b.corners.iter().map(|m| m.map(sentinel)).collect();
        let mates: Vec<[[u32; 2]; 6]> = (0..n_map)
            .map(|i| {
                b.corner_at[i].map(|k| {
                    let mut two = [n as u32; 2];
                    if k != NONE {
                        let others = corners[k as usize].iter().filter(|m| **m as usize != i);
                        for (slot, m) in two.iter_mut().zip(others) {
                            *slot = *m;
                        }
                    }
                    two
                })
            })
            .chain(std::iter::repeat_n([[n as u32; 2]; 6], n - n_map))
            .collect();
        Geometry { nb, corner_at, corners, mates }
    }
}

/// The region of each slot and chip-drawing fixed hex, [`NONE`] elsewhere
/// (and on the stack cells, up to `n`).
fn cell_regions(map: &MapDef, n: usize) -> Vec<u32> {
    let mut cell_region = vec![NONE; n];
    for (i, cell) in map.cells.iter().enumerate() {
        match cell.content {
            CellContent::Fixed { chip_region: Some(r), .. } => cell_region[i] = r as u32,
            CellContent::Fixed { .. } => {}
            CellContent::Slot { region } => cell_region[i] = region as u32,
        }
    }
    cell_region
}

/// The regions' plans from the tiles and chips the locks leave, and whether
/// where chips go, or what they may be, depends on the terrain deal.
fn region_plans(
    map: &MapDef,
    c: &Constraints,
    locked: &[bool],
    mut tiles: Vec<Vec<u8>>,
    mut chips: Vec<Vec<u8>>,
    terrain_rules: bool,
    free: u16,
) -> (Vec<RegionPlan>, bool) {
    let gold_matters = c.gold_no_red && c.takes_chip(Terrain::Gold);
    let mut chips_need_terrain = false;
    let mut regions = Vec::with_capacity(map.regions.len());
    for (ri, r) in map.regions.iter().enumerate() {
        let slots: Vec<u32> = r.slots.iter().filter(|s| !locked[**s]).map(|s| *s as u32).collect();
        let mut t = std::mem::take(&mut tiles[ri]);
        // Early: tiles that decide where chips go or what they may be.
        let is_early = |x: u8| {
            let tt = Terrain::ALL[x as usize];
            terrain_rules || !c.takes_chip(tt) || (gold_matters && tt == Terrain::Gold)
        };
        t.sort_by_key(|x| (!is_early(*x), *x));
        let early = t.iter().filter(|x| is_early(**x)).count();
        if !r.face_down && early > 0 && !t.is_empty() {
            chips_need_terrain |= t[..early].iter().any(|x| {
                let tt = Terrain::ALL[*x as usize];
                !c.takes_chip(tt) || (gold_matters && tt == Terrain::Gold)
            }) && t.len() > 1;
        }
        // A face-down region's face-up chip hexes are in a plan of their
        // own ([`super::stacks`]).
        let chip_fixed: Vec<u32> = match r.face_down {
            true => Vec::new(),
            false => r.chip_cells.iter().filter(|s| !locked[**s]).map(|s| *s as u32).collect(),
        };
        let mut ch = std::mem::take(&mut chips[ri]);
        let is_free = |v: u8| free & rules::chip_bit(v) != 0;
        ch.sort_by_key(|v| (is_free(*v), std::cmp::Reverse(pips(*v)), *v));
        let constrained = ch.iter().filter(|v| !is_free(**v)).count();
        let (chips, stack) = if r.face_down { (Vec::new(), ch) } else { (ch, Vec::new()) };
        regions.push(RegionPlan {
            face_down: r.face_down,
            slots,
            tiles: t,
            early,
            chip_fixed,
            chips,
            constrained,
            stack,
            kinds: r.harbors.clone(),
        });
    }
    (regions, chips_need_terrain || terrain_rules)
}

/// Adds the face-up plan of each shared face-down pool to `regions`
/// ([`super::stacks`]) and points its cells at it in `cell_region`.
/// Returns the map region of every plan, and each shared region's stack
/// cells.
fn add_stack_plans(
    plans: Vec<super::stacks::StackPlan>,
    regions: &mut Vec<RegionPlan>,
    cell_region: &mut [u32],
) -> (Vec<u32>, Vec<(u32, std::ops::Range<u32>)>) {
    let mut plan_region: Vec<u32> = (0..regions.len() as u32).collect();
    let mut stack_cells = Vec::with_capacity(plans.len());
    for s in plans {
        for x in &s.chip_cells {
            cell_region[*x as usize] = regions.len() as u32;
        }
        plan_region.push(s.region);
        stack_cells.push((s.region, s.cells));
        regions.push(RegionPlan {
            face_down: false,
            slots: Vec::new(),
            tiles: Vec::new(),
            early: 0,
            chip_fixed: s.chip_cells,
            chips: s.chips,
            constrained: s.constrained,
            stack: Vec::new(),
            kinds: Vec::new(),
        });
    }
    (plan_region, stack_cells)
}

/// The harbors printed on fixed hexes, board order, and which site is on
/// each cell (`NONE` if none).
fn harbor_sites(map: &MapDef) -> (Vec<Site>, Vec<u32>) {
    let mut sites = Vec::new();
    let mut site_of = vec![NONE; map.cells.len()];
    for (i, cell) in map.cells.iter().enumerate() {
        if let Some(h) = cell.harbor {
            site_of[i] = sites.len() as u32;
            sites.push(Site { facing: h.facing.map(|d| d.index() as u8) });
        }
    }
    (sites, site_of)
}

/// Whether each corner touches a fishing ground already in place, plus the
/// sentinel corner (false).
fn fishing_corners(corners: &[[u32; 3]], base_terrain: &[u8], n: usize) -> Vec<bool> {
    let fishing_t = Terrain::FishingGround as u8;
    let mut fishing: Vec<bool> = corners
        .iter()
        .map(|m| m.iter().any(|x| (*x as usize) < n && base_terrain[*x as usize] == fishing_t))
        .collect();
    fishing.push(false);
    fishing
}

impl<'a> Problem<'a> {
    /// Compiles `map` under the rules `c` with `locks` in place; an error when
    /// a lock does not fit the map or the locks break a rule among themselves.
    pub fn new(map: &'a MapDef, c: &Constraints, locks: &[Lock]) -> Result<Problem<'a>, LockError> {
        let n_map = map.cells.len();

        // Fixed and locked hexes, and what the pools leave for the rest;
        // locks that break a rule among themselves end here.
        let locked_board = LockedBoard::new(map, c, locks)?;
        locked_board.check(map, c)?;
        let LockedBoard { board, mut locked, tiles, mut chips } = locked_board;
        let PartialBoard { terrain: mut base_terrain, number: mut base_number, .. } = board;
        let mut face_down = board.face_down;
        // Face-down pools that feed face-up hexes, and their stack cells.
        let shared = super::stacks::shared(map, &locked, &mut chips);
        let n = n_map + shared.iter().map(|s| s.stack).sum::<usize>();
        let Geometry { nb, corner_at, corners, mates } = Geometry::new(map, n);
        super::stacks::grow(n, c, &mut base_terrain, &mut base_number, &mut face_down, &mut locked);

        let given = c.clone();
        let (regional, c) = match super::regional::Regional::new(map, c) {
            Some((r, loosest)) => (Some(r), loosest),
            None => (None, given.clone()),
        };
        let c = &c;
        // Under a region's terrain rule, every tile is its own kind to the
        // samplers that sort tiles by kind.
        let terrain_rules = c.max_terrain_group.is_some()
            || c.gold_not_adjacent
            || regional.as_ref().is_some_and(|r| r.terrain);
        let free = rules::free_chips(c);
        let (mut regions, chips_need_terrain) =
            region_plans(map, c, &locked, tiles, chips, terrain_rules, free);
        let mut cell_region = cell_regions(map, n);
        let stack_plans = super::stacks::plans(shared, n_map, free);
        let (plan_region, stack_cells) =
            add_stack_plans(stack_plans, &mut regions, &mut cell_region);
        let (sites, mut site_of) = harbor_sites(map);
        site_of.resize(n, NONE);
        // Corners of the fishing grounds already in place; fishing grounds
        // that regions deal are looked up on the board as it is dealt.
        let fishing = fishing_corners(&corners, &base_terrain, n);
        let dealt_fishing =
            regions.iter().any(|r| r.tiles.contains(&(Terrain::FishingGround as u8)));

        let mut p = Problem {
            map,
            c: c.clone(),
            given,
            regional,
            n,
            n_map,
            plan_region,
            stack_cells,
            nb,
            corner_at,
            corners,
            mates,
            base_terrain,
            base_number,
            cell_region,
            face_down,
            regions,
            sites,
            site_of,
            pool_kinds: map.harbor_pool.clone(),
            dmax: Vec::new(),
            fishing,
            dealt_fishing,
            pair: rules::pair_table(c),
            free,
            terrain_rules,
            chips_need_terrain,
            harbors_need_terrain: false,
            facing_cells: Vec::new(),
        };
        p.dmax = (0..n).map(|i| p.max_facings(i)).collect();
        p.facing_cells = p.harbor_cells(&locked);
        p.harbors_need_terrain = p.harbors_depend_on_terrain();
        Ok(p)
    }

    /// Could cell `m` ever be land the players see?
    fn may_be_land(&self, m: usize) -> bool {
        if self.face_down[m] {
            return false;
        }
        if self.base_terrain[m] != UNSET {
            return Terrain::ALL[self.base_terrain[m] as usize].is_land();
        }
        let r = self.cell_region[m] as usize;
        self.regions[r].tiles.iter().any(|x| Terrain::ALL[*x as usize].is_land())
    }

    /// Could cell `m` be dealt water the players see (`m` may be off-map)?
    fn could_be_water(&self, m: usize) -> bool {
        m < self.n
            && self.base_terrain[m] == UNSET
            && !self.face_down[m]
            && self.regions[self.cell_region[m] as usize]
                .tiles
                .iter()
                .any(|x| !Terrain::ALL[*x as usize].is_land())
    }

    /// The directions a face-up harbor on cell `i` may ever face: on-map,
    /// face-up, possibly land.
    fn max_facings(&self, i: usize) -> Vec<u8> {
        (0..6u8)
            .filter(|k| {
                let m = self.nb[i][*k as usize] as usize;
                m < self.n && self.may_be_land(m)
            })
            .collect()
    }

    /// The cells that may carry a face-up harbor needing a facing: harbor
    /// sites, free slots of face-up regions that deal harbor tiles, and
    /// locked harbor tiles. Board order.
    fn harbor_cells(&self, locked: &[bool]) -> Vec<u32> {
        let harbor = Terrain::Harbor as u8;
        (0..self.n)
            .filter(|&i| {
                let dynamic = self.base_terrain[i] == UNSET
                    && !self.face_down[i]
                    && self.regions[self.cell_region[i] as usize].tiles.contains(&harbor);
                let locked_tile = locked[i]
                    && self.base_terrain[i] == harbor
                    && !self.face_down[i]
                    && self.cell_region[i] != NONE;
                self.site_of[i] != NONE || dynamic || locked_tile
            })
            .map(|i| i as u32)
            .collect()
    }

    /// Harbor rules depend on the terrain deal when harbor tiles move, when a
    /// harbor may face a free slot that could be water, or when dealt fishing
    /// grounds may keep harbors off.
    fn harbors_depend_on_terrain(&self) -> bool {
        let harbor = Terrain::Harbor as u8;
        let dynamic_harbors =
            self.regions.iter().any(|r| !r.face_down && r.tiles.contains(&harbor));
        let faces_water = self.facing_cells.iter().any(|x| {
            let i = *x as usize;
            let fixed = self.sites.get(self.site_of[i] as usize).and_then(|s| s.facing);
            match fixed {
                Some(k) => self.could_be_water(self.nb[i][k as usize] as usize),
                None => self.dmax[i]
                    .iter()
                    .any(|k| self.could_be_water(self.nb[i][*k as usize] as usize)),
            }
        });
        dynamic_harbors
            || faces_water
            || (self.dealt_fishing
                && self.c.harbors_off_fishing_grounds
                && !self.facing_cells.is_empty())
    }

    /// Number of corners (the sentinel corner has this index).
    pub(crate) fn n_corners(&self) -> usize {
        self.corners.len()
    }

    /// The hex of cell `x`; a stack cell, which has none, gets one far off
    /// the map, its own, for orderings alone.
    pub(crate) fn hex(&self, x: usize) -> crate::axial::Hex {
        match self.map.cells.get(x) {
            Some(c) => c.hex,
            None => crate::axial::Hex::new(1 << 20, x as i32),
        }
    }

    /// The map region of cell `x` (a slot's, or the region a fixed hex
    /// draws its chip from), [`NONE`] for none.
    pub(crate) fn map_region(&self, x: usize) -> u32 {
        match self.cell_region[x] {
            NONE => NONE,
            r => self.plan_region[r as usize],
        }
    }

    /// Whether a hex of terrain index `t` takes a chip here.
    #[inline]
    pub fn takes_chip(&self, t: u8) -> bool {
        t != UNSET && self.c.takes_chip(Terrain::ALL[t as usize])
    }
}

/// The two landing corners of a harbor on cell `i` facing direction `k`.
#[inline]
pub(crate) fn landing(p: &Problem<'_>, i: usize, k: u8) -> [u32; 2] {
    let k = k as usize;
    [p.corner_at[i][(k + 5) % 6], p.corner_at[i][k]]
}
