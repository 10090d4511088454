//! The last guard: every board passes this check just before it is written
//! or sent, on every path (`generate`, `sample`, the balanced search, the
//! web page and its downloads). It holds the layout to its map (fixed and
//! locked hexes kept, pools dealt exactly, harbors in place) and to every
//! placement rule through the one board check ([`crate::model::oracle`]).
//!
//! A board that fails is a bug, never the user's doing: the error names the
//! rule and the hexes (with the details of [`super::check::violations`]), and
//! nothing is written. Build a [`Guard`] once per map and reuse it: a check
//! allocates nothing.
//!
//! The check has two layers: the board as flat tables (terrain, chip and
//! harbor facing per hex) held to the fixed and locked hexes, the pools and
//! the rules ([`Guard::check_tables`]); and a layout's own fields (positions,
//! regions, flags, harbor kinds, face-down chip stacks) read into those
//! tables ([`Guard::check`]). The solver runs the first on its own tables for
//! boards it hands out directly (`sample`: [`super::Solver::solve_checked`]).

use super::check::Violation;
use super::{Layout, Lock};
use crate::model::oracle::{MapCheck, Scan, UNSET};
use crate::model::partial_board::PartialBoard;
use crate::model::{CellContent, Constraints, MapDef};
use crate::vocab::{HarborKind, Terrain};

mod layout;

/// A board the last check refused: an internal error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: the board for seed {seed} breaks {}; nothing was written", list(.problems))]
pub struct BrokenBoard {
    /// The board's seed.
    pub seed: u64,
    /// Every problem found (at least one).
    pub problems: Vec<Violation>,
}

impl BrokenBoard {
    /// What to do about it.
    pub fn hint(&self) -> &'static str {
        "this is a bug in hexpress, not a problem with your file: please report it with the command line that made it"
    }
}

fn list(problems: &[Violation]) -> String {
    let all: Vec<String> = problems.iter().map(Violation::to_string).collect();
    all.join("; ")
}

/// Proof that a board passed the last check; only [`Guard::check`] makes
/// one. Its text is the only place hexpress says a board kept every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Bit `i`: rule `ConstraintId::ALL[i]` was on.
    on: u16,
}

impl Checked {
    /// The rules that were on (and held).
    pub fn rules(&self) -> Vec<crate::model::ConstraintId> {
        crate::model::ConstraintId::ALL
            .into_iter()
            .filter(|id| self.on & (1 << id.index()) != 0)
            .collect()
    }
}

impl std::fmt::Display for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.rules().iter().map(|r| r.key()).collect();
        write!(
            f,
            "the board keeps every fixed and locked hex, every pool and every rule ({})",
            names.join(", ")
        )
    }
}

/// Any chip (in `want_number`).
const ANY: u8 = u8::MAX;

/// How a hex gets its chip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ChipRule {
    /// Exactly `want_number` (fixed and locked hexes).
    exact: bool,
    /// Otherwise, a chip exactly when its tile takes one (free slots of
    /// face-up regions)...
    by_terrain: bool,
    /// ...or a chip always (fixed hexes whose chip is dealt), or never
    /// (slots of face-down regions).
    present: bool,
}

const EXACT: ChipRule = ChipRule { exact: true, by_terrain: false, present: false };
const BY_TERRAIN: ChipRule = ChipRule { exact: false, by_terrain: true, present: false };
const DEALT: ChipRule = ChipRule { exact: false, by_terrain: false, present: true };
const NO_CHIP: ChipRule = ChipRule { exact: false, by_terrain: false, present: false };

/// A cell that may hold a harbor, as the guard checks it.
#[derive(Clone, Copy, Debug)]
struct HarborWant {
    cell: u32,
    /// A harbor hex (`false`: a slot that may be dealt a harbor tile).
    site: bool,
    /// Face down (a harbor tile turned when revealed: no facing).
    face_down: bool,
    /// The fixed kind of a harbor hex.
    kind: Option<HarborKind>,
    /// The side a fixed facing points to.
    facing: Option<u8>,
    /// The pool its kind comes from: a region, or the map's (index `nr`).
    pool: u32,
}

/// The last check of boards of one map under one rule set and lock set.
#[derive(Clone)]
pub struct Guard<'a> {
    map: &'a MapDef,
    c: Constraints,
    locks: Vec<Lock>,
    n: usize,
    /// Per cell: the terrain it must have ([`UNSET`]: any), the chip
    /// ([`ANY`]: see `chip_rule`), how it gets a chip, and where its tile and
    /// chip count in the pools' tallies (a spare tally for none).
    want_terrain: Vec<u8>,
    want_number: Vec<u8>,
    /// The hexes dealt from a pool (slots, and fixed hexes whose chip is
    /// dealt): how each gets its chip, and where its tile and chip count.
    dealt: Vec<(u32, ChipRule, u32, u32)>,
    /// Per cell: region, fixed and face-down flags a layout must show.
    region: Vec<Option<u32>>,
    fixed: Vec<bool>,
    harbor_cells: Vec<HarborWant>,
    /// Whether each terrain takes a chip.
    takes: [bool; 17],
    oracle: MapCheck<'a>,
    board: PartialBoard,
    /// Per region (17 terrains, then 13 chip values each): what its pools
    /// deal, and what a board holds.
    want_counts: Vec<u16>,
    counts: Vec<u16>,
    /// Harbor kinds per pool (each region's, then the map's): dealt, held.
    want_kinds: Vec<u16>,
    kinds: Vec<u16>,
    /// The rules that are on, as bits.
    on: u16,
}

const PER_REGION: usize = 17 + 13;

/// Adds one to `counts[k]` (a `k` out of range is left alone: the counts
/// then differ from the pools' anyway).
fn bump(counts: &mut [u16], k: usize) {
    if let Some(c) = counts.get_mut(k) {
        *c = c.wrapping_add(1);
    }
}

fn kind_index(k: HarborKind) -> usize {
    match k {
        HarborKind::Generic => 0,
        HarborKind::Special(r) => 1 + r as usize,
    }
}

/// What each cell of a map must show, before the locks.
struct CellWants {
    /// The terrain ([`UNSET`]: any) and chip ([`ANY`]: see `chip_rule`).
    terrain: Vec<u8>,
    number: Vec<u8>,
    /// How each cell gets its chip.
    chip_rule: Vec<ChipRule>,
    /// Where each cell's tile and chip count in the pools' tallies (the
    /// spare tally for none).
    tile_at: Vec<u32>,
    chip_at: Vec<u32>,
    /// Region, fixed and face-down flags a layout must show.
    region: Vec<Option<u32>>,
    fixed: Vec<bool>,
    face_down: Vec<bool>,
}

impl CellWants {
    /// The wants of `map`'s cells; hexes that count in no pool count in the
    /// spare tally at `spare` (after the regions').
    fn new(map: &MapDef, spare: u32) -> CellWants {
        let n = map.cells.len();
        let fd = |r: usize| map.regions[r].face_down;
        let mut w = CellWants {
            terrain: vec![UNSET; n],
            number: vec![ANY; n],
            chip_rule: vec![EXACT; n],
            tile_at: vec![spare; n],
            chip_at: vec![spare + 17; n],
            region: vec![None; n],
            fixed: vec![false; n],
            face_down: vec![false; n],
        };
        for (i, cell) in map.cells.iter().enumerate() {
            match cell.content {
                CellContent::Fixed { terrain, number, chip_region } => {
                    w.fixed[i] = true;
                    w.region[i] = chip_region.map(|r| r as u32);
                    w.terrain[i] = terrain.index() as u8;
                    match chip_region {
                        // A face-down region's pool feeds its face-up
                        // chip hexes too (the rest is its stack).
                        Some(r) if number.is_none() => {
                            w.chip_rule[i] = DEALT;
                            w.chip_at[i] = (r * PER_REGION + 17) as u32;
                        }
                        _ => w.number[i] = number.unwrap_or(0),
                    }
                }
                CellContent::Slot { region: r } => {
                    w.region[i] = Some(r as u32);
                    w.face_down[i] = fd(r);
                    w.tile_at[i] = (r * PER_REGION) as u32;
                    match fd(r) {
                        true => w.chip_rule[i] = NO_CHIP,
                        false => {
                            w.chip_rule[i] = BY_TERRAIN;
                            w.chip_at[i] = (r * PER_REGION + 17) as u32;
                        }
                    }
                }
            }
        }
        w
    }

    /// Locked hexes must show their lock (locks off the map are left out).
    fn lock(&mut self, map: &MapDef, locks: &[Lock]) {
        for l in locks {
            if let Some(&i) = map.board.index.get(&l.hex) {
                self.terrain[i] = l.terrain.index() as u8;
                if self.chip_rule[i] != NO_CHIP {
                    self.number[i] = l.number.unwrap_or(0);
                    self.chip_rule[i] = EXACT;
                }
            }
        }
    }
}

/// What the pools deal: per region (17 terrains, then 13 chip values) plus
/// a spare tally, and harbor kinds per pool (each region's, then the map's).
fn pool_counts(map: &MapDef) -> (Vec<u16>, Vec<u16>) {
    let nr = map.regions.len();
    let mut want_counts = vec![0u16; (nr + 1) * PER_REGION];
    let mut want_kinds = vec![0u16; (nr + 1) * 6];
    for (ri, r) in map.regions.iter().enumerate() {
        for (t, k) in &r.tiles {
            let slot = &mut want_counts[ri * PER_REGION + t.index()];
            *slot = slot.saturating_add(u16::try_from(*k).unwrap_or(u16::MAX));
        }
        for v in &r.numbers {
            if crate::vocab::is_chip_number(i64::from(*v)) {
                want_counts[ri * PER_REGION + 17 + usize::from(*v)] += 1;
            }
        }
        for k in &r.harbors {
            want_kinds[ri * 6 + kind_index(*k)] += 1;
        }
    }
    for k in &map.harbor_pool {
        want_kinds[nr * 6 + kind_index(*k)] += 1;
    }
    (want_counts, want_kinds)
}

/// The cells that hold or may hold a harbor: harbor hexes, and slots of
/// regions that deal harbor tiles.
fn harbor_wants(map: &MapDef, face_down: &[bool]) -> Vec<HarborWant> {
    let nr = map.regions.len();
    (0..map.cells.len())
        .filter_map(|i| {
            let cell = &map.cells[i];
            let (site, pool) = match (cell.harbor, cell.content) {
                (Some(_), _) => (true, nr as u32),
                (None, CellContent::Slot { region })
                    if map.regions[region].tiles.iter().any(|(t, _)| *t == Terrain::Harbor) =>
                {
                    (false, region as u32)
                }
                _ => return None,
            };
            Some(HarborWant {
                cell: i as u32,
                site,
                face_down: face_down[i],
                kind: cell.harbor.and_then(|h| h.kind),
                facing: cell.harbor.and_then(|h| h.facing).map(|d| d.index() as u8),
                pool,
            })
        })
        .collect()
}

impl<'a> Guard<'a> {
    /// The guard for boards of `map` under rules `c` that keep `locks`
    /// (locks that do not fit the map are left out: they were refused
    /// before any board was drawn).
    pub fn new(map: &'a MapDef, c: &Constraints, locks: &[Lock]) -> Guard<'a> {
        let n = map.cells.len();
        // Hexes that count in no pool count in a spare tally after the regions'.
        let spare = (map.regions.len() * PER_REGION) as u32;
        let mut w = CellWants::new(map, spare);
        w.lock(map, locks);
        let (want_counts, want_kinds) = pool_counts(map);
        let harbor_cells = harbor_wants(map, &w.face_down);
        let on = crate::model::ConstraintId::ALL
            .into_iter()
            .filter(|id| {
                c.is_on(*id)
                    || map.regions.iter().any(|r| r.rules.get(*id).is_some_and(|v| v.is_on()))
            })
            .fold(0u16, |m, id| m | 1 << id.index());
        let dealt = (0..n)
            .filter(|i| w.tile_at[*i] != spare || w.chip_at[*i] != spare + 17)
            .map(|i| (i as u32, w.chip_rule[i], w.tile_at[i], w.chip_at[i]))
            .collect();
        let board = PartialBoard { face_down: w.face_down, ..PartialBoard::whole(n) };
        Guard {
            map,
            c: c.clone(),
            locks: locks.to_vec(),
            n,
            want_terrain: w.terrain,
            want_number: w.number,
            dealt,
            region: w.region,
            fixed: w.fixed,
            harbor_cells,
            takes: Terrain::ALL.map(|t| c.takes_chip(t)),
            oracle: MapCheck::for_map(map, c),
            board,
            counts: vec![0; want_counts.len()],
            want_counts,
            kinds: vec![0; want_kinds.len()],
            want_kinds,
            on,
        }
    }

    /// Holds `layout` to its map, its locks and every rule: a [`Checked`]
    /// only for a board that may be written.
    pub fn check(&mut self, layout: &Layout) -> Result<Checked, BrokenBoard> {
        if self.layout_holds(layout) {
            return Ok(Checked { on: self.on });
        }
        Err(self.explain(layout))
    }

    /// Holds a board given as flat tables (per cell: terrain as
    /// [`Terrain::index`], chip or 0, harbor facing or [`NO_HARBOR`]; and
    /// `harbors`, ascending, every cell that may have a facing) to the fixed
    /// and locked hexes, the pools and every rule. `Err(())` when it fails: build the layout
    /// and [`Guard::check`] it for the details.
    #[allow(clippy::result_unit_err)]
    pub(crate) fn check_tables(
        &mut self,
        terrain: &[u8],
        number: &[u8],
        harbor: &[u8],
        harbors: &[u32],
    ) -> Result<Checked, ()> {
        match self.tables_hold(terrain, number, harbor, harbors) {
            true => Ok(Checked { on: self.on }),
            false => Err(()),
        }
    }

    fn tables_hold(
        &mut self,
        terrain: &[u8],
        number: &[u8],
        harbor: &[u8],
        harbors: &[u32],
    ) -> bool {
        self.counts.fill(0);
        let face_down = std::mem::take(&mut self.board.face_down);
        let ok = self.tables_hold_counted(terrain, number, &face_down, harbor, harbors);
        self.board.face_down = face_down;
        ok
    }

    /// The tables against the map (with `counts` already holding the
    /// face-down chip stacks), then the rules.
    fn tables_hold_counted(
        &mut self,
        terrain: &[u8],
        number: &[u8],
        face_down: &[bool],
        harbor: &[u8],
        harbors: &[u32],
    ) -> bool {
        let n = self.n;
        if terrain.len() < n || number.len() < n || harbor.len() < n {
            return false;
        }
        let (terrain, number) = (&terrain[..n], &number[..n]);
        // Fixed and locked hexes: exactly as they must be (a pass the
        // compiler turns into a few vector instructions).
        let mut bad = terrain
            .iter()
            .zip(number)
            .zip(self.want_terrain.iter().zip(&self.want_number))
            .fold(false, |bad, ((t, v), (wt, wv))| {
                bad | ((*wt != UNSET) & (t != wt)) | ((*wv != ANY) & (v != wv)) | (*v > 12)
            });
        // Hexes dealt from a pool: chips where they belong, and the tallies.
        let (takes, counts) = (&self.takes, &mut self.counts[..]);
        for &(i, r, tile_at, chip_at) in &self.dealt {
            let i = i as usize;
            let (t, v) = (terrain[i], number[i]);
            let present =
                (r.by_terrain & takes.get(usize::from(t)).copied().unwrap_or(false)) | r.present;
            bad |= !r.exact & ((v != 0) != present);
            bump(counts, (tile_at as usize).wrapping_add(usize::from(t)));
            bump(counts, (chip_at as usize).wrapping_add(usize::from(v)));
        }
        // Chip value 0 is no chip; the spare tallies are not compared.
        let nr = self.map.regions.len();
        for k in 0..nr {
            counts[k * PER_REGION + 17] = 0;
        }
        let spare = nr * PER_REGION;
        bad |= counts[..spare] != self.want_counts[..spare];
        if bad {
            return false;
        }
        // Every face-up harbor has a facing (a fixed one where the map fixes it).
        for w in &self.harbor_cells {
            let i = w.cell as usize;
            let here = w.site || terrain[i] == Terrain::Harbor as u8;
            let d = harbor[i];
            let faced = d < 6;
            if here && !w.face_down && (!faced || w.facing.is_some_and(|f| f != d)) {
                return false;
            }
        }
        let view = crate::model::oracle::View {
            terrain,
            number,
            face_down,
            harbor,
            harbors,
            unknown_land: &[],
            whole: true,
        };
        self.oracle.first(&view).is_none()
    }
}

/// Checks one board (see [`Guard`]); for many boards of one map, keep a
/// [`Guard`] instead.
pub fn check_board(
    map: &MapDef,
    c: &Constraints,
    locks: &[Lock],
    layout: &Layout,
) -> Result<Checked, BrokenBoard> {
    Guard::new(map, c, locks).check(layout)
}

#[cfg(test)]
mod tests;
