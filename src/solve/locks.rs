//! Locked hexes: taken from their region's pools, then checked against every
//! placement rule among the locked and fixed hexes alone, before any search.
//!
//! A lock set passes when the locks fit the map and its pools and the one
//! board check ([`crate::model::oracle`]) finds no rule that the locked and
//! fixed hexes break by themselves. Locks that pass may still leave no valid
//! completion; the samplers' search proves that and names the rule.

use super::error::{ClashHex, LockClash, LockError};
use super::Lock;
use crate::model::oracle::{MapCheck, Scan, NO_HARBOR, OPEN, UNSET};
use crate::model::partial_board::PartialBoard;
use crate::model::{CellContent, Constraints, MapDef};
use crate::vocab::Terrain;

/// The fixed and locked hexes of a map as a partial board, and what the
/// pools have left for the free slots.
pub(crate) struct LockedBoard {
    /// Fixed and locked hexes ([`UNSET`] terrain on free slots), with an
    /// empty chip entry at `n`; face-up harbors whose side is known (a fixed
    /// facing, or [`OPEN`]); whether each free slot may still be dealt land
    /// (its region's pool, after the locks, holds some).
    pub board: PartialBoard,
    /// Whether each cell is locked.
    pub locked: Vec<bool>,
    /// Per region: the tiles left for its free slots (as terrain indices).
    pub tiles: Vec<Vec<u8>>,
    /// Per region: the chips left.
    pub chips: Vec<Vec<u8>>,
}

impl LockedBoard {
    /// Takes every lock from its region's pools; an error names the first
    /// lock that does not fit the map or the pools.
    pub fn new(map: &MapDef, c: &Constraints, locks: &[Lock]) -> Result<LockedBoard, LockError> {
        let n = map.cells.len();
        let mut board = PartialBoard::fixed(map);
        board.number.push(0);
        let mut b = LockedBoard {
            board,
            locked: vec![false; n],
            tiles: map
                .regions
                .iter()
                .map(|r| {
                    r.tiles
                        .iter()
                        .flat_map(|(t, k)| std::iter::repeat_n(t.index() as u8, *k as usize))
                        .collect()
                })
                .collect(),
            chips: map.regions.iter().map(|r| r.numbers.clone()).collect(),
        };
        for lock in locks {
            b.take(map, c, lock)?;
        }
        let board = &mut b.board;
        board.harbors = (0..n as u32).filter(|i| board.harbor[*i as usize] != NO_HARBOR).collect();
        for (i, cell) in map.cells.iter().enumerate() {
            if let CellContent::Slot { region } = cell.content {
                board.unknown_land[i] = !b.locked[i]
                    && b.tiles[region].iter().any(|t| Terrain::ALL[usize::from(*t)].is_land());
            }
        }
        Ok(b)
    }

    fn take(&mut self, map: &MapDef, c: &Constraints, lock: &Lock) -> Result<(), LockError> {
        let Some(&i) = map.board.index.get(&lock.hex) else {
            return Err(LockError::NotOnMap(lock.hex));
        };
        if self.locked[i] {
            return Err(LockError::Twice(lock.hex));
        }
        self.locked[i] = true;
        let take = |pool: &mut Vec<u8>, v: u8| match pool.iter().position(|x| *x == v) {
            Some(p) => {
                pool.swap_remove(p);
                true
            }
            None => false,
        };
        match map.cells[i].content {
            CellContent::Fixed { terrain, number, chip_region } => {
                if lock.terrain != terrain {
                    return Err(LockError::FixedTerrain { hex: lock.hex, fixed: terrain });
                }
                match (chip_region, lock.number) {
                    // A face-down region's pool feeds its face-up hexes too.
                    (Some(r), Some(v)) if number.is_none() => {
                        if !take(&mut self.chips[r], v) {
                            return Err(LockError::ChipNotInPool { hex: lock.hex, chip: v });
                        }
                        self.board.number[i] = v;
                    }
                    (Some(_), None) if number.is_none() => {
                        return Err(LockError::ChipMissing(lock.hex));
                    }
                    _ if lock.number != number => {
                        return Err(LockError::FixedChip { hex: lock.hex });
                    }
                    _ => {}
                }
            }
            CellContent::Slot { region } => {
                let r = &map.regions[region];
                if !take(&mut self.tiles[region], lock.terrain.index() as u8) {
                    return Err(LockError::TerrainNotInPool {
                        hex: lock.hex,
                        terrain: lock.terrain,
                    });
                }
                self.board.terrain[i] = lock.terrain.index() as u8;
                if lock.terrain == Terrain::Harbor && !r.face_down {
                    self.board.harbor[i] = OPEN;
                }
                let wants_chip = !r.face_down && c.takes_chip(lock.terrain);
                match (wants_chip, lock.number) {
                    (true, Some(v)) => {
                        if !take(&mut self.chips[region], v) {
                            return Err(LockError::ChipNotInPool { hex: lock.hex, chip: v });
                        }
                        self.board.number[i] = v;
                    }
                    (true, None) => return Err(LockError::ChipMissing(lock.hex)),
                    (false, Some(_)) => return Err(LockError::NoChipHere(lock.hex)),
                    (false, None) => {}
                }
            }
        }
        Ok(())
    }

    /// The first rule that the locked hexes break among themselves and the
    /// fixed ones. Rules the fixed hexes alone break are validation's to
    /// report; here they are left alone.
    pub fn check(&self, map: &MapDef, c: &Constraints) -> Result<(), LockError> {
        if !self.locked.contains(&true) {
            return Ok(());
        }
        let mut oracle = MapCheck::for_map(map, c);
        let mut found = Vec::new();
        let _ = oracle.scan(&self.board.view(), &mut |clash| {
            // A harbor left no land side takes part through the locked
            // hexes around it (its own hex is fixed).
            let around = clash.rule == crate::model::ConstraintId::HarborFacesLand
                && clash.cells.first().is_some_and(|h| {
                    map.board.neighbors[*h as usize]
                        .iter()
                        .any(|m| (*m as usize) < self.locked.len() && self.locked[*m as usize])
                });
            if around || clash.cells.iter().any(|x| self.locked[*x as usize]) {
                let mut clash = clash;
                if around && clash.cells.len() == 1 {
                    let h = clash.cells[0] as usize;
                    let locked = map.board.neighbors[h]
                        .iter()
                        .copied()
                        .filter(|m| (*m as usize) < self.locked.len() && self.locked[*m as usize]);
                    clash.cells.extend(locked);
                }
                found.push(clash);
                if found.len() > MAX_MORE_CLASHES {
                    return std::ops::ControlFlow::Break(());
                }
            }
            std::ops::ControlFlow::Continue(())
        });
        let mut all = found.into_iter().map(|clash| {
            let c = oracle.rules_of(&clash);
            self.lock_clash(map, &c, clash)
        });
        let Some(mut first) = all.next() else { return Ok(()) };
        first.more = all.collect();
        Err(LockError::Clash(Box::new(first)))
    }

    fn lock_clash(
        &self,
        map: &MapDef,
        c: &Constraints,
        clash: crate::model::oracle::Clash,
    ) -> LockClash {
        let hexes = clash
            .cells
            .iter()
            .map(|x| {
                let x = *x as usize;
                let t = self.board.terrain[x];
                ClashHex {
                    hex: map.cells[x].hex,
                    terrain: (t != UNSET).then(|| Terrain::ALL[usize::from(t)]),
                    number: (self.board.number[x] != 0).then_some(self.board.number[x]),
                    locked: self.locked[x],
                }
            })
            .collect();
        let limit = c.get(clash.rule).limit();
        LockClash {
            rule: clash.rule,
            hexes,
            amount: clash.amount,
            limit,
            plain: crate::model::rules::plain(c, clash.rule),
            more: Vec::new(),
        }
    }
}

/// Clashes reported beside the first, at most.
const MAX_MORE_CLASHES: usize = 7;

/// Checks a lock set against the map, its pools and every placement rule
/// among the locked and fixed hexes, before any search: the first problem,
/// or `Ok` when a search may start.
///
/// ```
/// use hexpress::axial::Hex;
/// use hexpress::solve::{check_locks, Lock, LockError};
/// use hexpress::vocab::Terrain;
/// let s = hexpress::model::load(&hexpress::builtin::source("base").unwrap()).unwrap();
/// let map = s.map_for(4).unwrap();
/// let six = Lock { hex: Hex::new(0, 0), terrain: Terrain::Pasture, number: Some(6) };
/// let eight = Lock { hex: Hex::new(1, 0), terrain: Terrain::Forest, number: Some(8) };
/// let e = check_locks(map, &s.constraints, &[six, eight]).unwrap_err();
/// assert!(matches!(e, LockError::Clash(_)));
/// ```
pub fn check_locks(map: &MapDef, c: &Constraints, locks: &[Lock]) -> Result<(), LockError> {
    LockedBoard::new(map, c, locks)?.check(map, c)
}
