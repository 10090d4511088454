//! The one board check: every placement rule of `[constraints]` over a
//! board, whole or in part, written once on top of the predicates of
//! [`super::rules`].
//!
//! The same scan serves four callers:
//! - validation, on the fixed hexes alone ([`super::static_checks`]);
//! - the lock check, on the fixed and locked hexes (`solve::check_locks`);
//! - the last guard before a board is written or sent, on the whole board
//!   (`solve::check::Guard`), and the explanatory checker
//!   `solve::check::violations`;
//! - the samplers' incremental checks ask the same predicates of
//!   [`super::rules`] hex by hex, and the rule-oracle tests hold them to
//!   this scan.
//!
//! On a partial board every rule is judged on what is known: a hex whose
//! terrain is [`UNSET`] takes part in no terrain rule, a hex without a chip
//! adds no pips, and a harbor whose facing is [`OPEN`] clashes only when no
//! side could ever take it. Each rule can only get worse as the board fills
//! in, so a clash on a partial board is a clash on every completion of it.

use std::ops::ControlFlow;

use super::board::{Board, NONE};
use super::{rules, ConstraintId, Constraints};
use crate::vocab::Terrain;

mod harbors;
mod regions;

pub use regions::MapCheck;

/// A board check that reports the rules a board breaks one clash at a
/// time; [`Scan::first`] and [`Scan::all`] are written once on top of
/// [`Scan::scan`].
pub trait Scan {
    /// Calls `f` with every clash of `v`, in the check's fixed order, until
    /// `f` breaks.
    fn scan(
        &mut self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// The first rule `v` breaks, if any (cheap when none is broken).
    fn first(&mut self, v: &View<'_>) -> Option<Clash> {
        let mut found = None;
        let _ = self.scan(v, &mut |c| {
            found = Some(c);
            ControlFlow::Break(())
        });
        found
    }

    /// Every rule `v` breaks, each clash once.
    fn all(&mut self, v: &View<'_>) -> Vec<Clash> {
        let mut out = Vec::new();
        let _ = self.scan(v, &mut |c| {
            out.push(c);
            ControlFlow::Continue(())
        });
        out
    }
}

impl Scan for Oracle<'_> {
    fn scan(
        &mut self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.scan_all(v, f)
    }
}

/// Terrain not known yet (a free slot of a partial board).
pub(crate) const UNSET: u8 = u8::MAX;
/// No face-up harbor on the cell.
pub(crate) const NO_HARBOR: u8 = u8::MAX;
/// A face-up harbor whose facing is not chosen yet (partial boards), or
/// that faces nothing (whole boards: a clash).
pub(crate) const OPEN: u8 = 6;

/// A board as the rules see it, whole or in part; index `i` is cell `i` of
/// the map.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// Terrain per cell as [`Terrain::index`], [`UNSET`] where not known.
    pub terrain: &'a [u8],
    /// Chip per cell (at least one entry per cell), 0 for none.
    pub number: &'a [u8],
    /// Whether each cell is a face-down tile.
    pub face_down: &'a [bool],
    /// Per cell: the direction index its face-up harbor faces, [`OPEN`],
    /// or [`NO_HARBOR`]. Read only for the cells of `harbors`.
    pub harbor: &'a [u8],
    /// The cells whose `harbor` entry may be set, in ascending order (every
    /// other cell is taken to have none, whatever its entry says).
    pub harbors: &'a [u32],
    /// For cells whose terrain is [`UNSET`]: whether they may still be
    /// dealt land (their region's pool holds some). Empty: they all may.
    pub unknown_land: &'a [bool],
    /// Whether every terrain and facing is decided (an [`OPEN`] harbor is
    /// then a harbor that faces nothing).
    pub whole: bool,
}

/// One broken rule: which, where, and how badly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The rule.
    pub rule: ConstraintId,
    /// The cells that break it together (the harbor first for harbor rules).
    pub cells: Vec<u32>,
    /// The pips at the corner ([`ConstraintId::MaxCornerPips`]) or the
    /// hexes in the group ([`ConstraintId::MaxTerrainGroup`]); 0 otherwise.
    pub amount: u32,
}

/// The check for one map under one rule set, with its scratch space:
/// build it once, scan many boards.
#[derive(Clone, Debug)]
pub struct Oracle<'a> {
    board: &'a Board,
    c: Constraints,
    pair: [u16; 13],
    /// Whether any pair rule is on.
    pairs: bool,
    /// Whether gold fields and fishing grounds may be on the board at all.
    gold: bool,
    fishing: bool,
    /// Whether a harbor may face each terrain (when face up).
    land: [bool; 17],
    /// The cells that may carry a chip or be gold (the others take part
    /// in no chip or gold rule), ascending.
    chip_cells: Vec<u32>,
    /// Each cell's neighbours after it (each pair is looked at once).
    forward: Vec<Vec<u32>>,
    stamp: Vec<u32>,
    epoch: u32,
    stack: Vec<u32>,
    group: Vec<u32>,
    /// The harbor landing on each corner in this scan, valid where
    /// `owner_at` holds the scan's stamp.
    owner: Vec<u32>,
    owner_at: Vec<u32>,
    scans: u32,
}

const FISHING: u8 = Terrain::FishingGround as u8;
const GOLD: u8 = Terrain::Gold as u8;

impl<'a> Oracle<'a> {
    /// The check of `board` under the rules `c`.
    pub fn new(board: &'a Board, c: &Constraints) -> Oracle<'a> {
        let pair = rules::pair_table(c);
        Oracle {
            board,
            c: c.clone(),
            pair,
            pairs: pair.iter().any(|r| *r != 0),
            gold: true,
            fishing: true,
            land: Terrain::ALL.map(|t| rules::harbor_may_face(t, false)),
            chip_cells: (0..board.len() as u32).collect(),
            forward: (0..board.len())
                .map(|i| board.neighbors_of(i).filter(|j| *j > i).map(|j| j as u32).collect())
                .collect(),
            stamp: vec![0; board.len()],
            epoch: 0,
            stack: Vec::new(),
            group: Vec::new(),
            owner: vec![NONE; board.corners.len()],
            owner_at: vec![0; board.corners.len()],
            scans: 0,
        }
    }

    /// The check of `map` under the rules `c`, skipping the rules about
    /// terrains that can never be on its board (gold fields, fishing
    /// grounds): same answers as [`Oracle::new`], faster.
    pub(crate) fn for_map(map: &'a super::MapDef, c: &Constraints) -> Oracle<'a> {
        let mut o = Oracle::new(&map.board, c);
        let may = |t: Terrain| {
            map.cells.iter().any(|cell| {
                matches!(cell.content, super::CellContent::Fixed { terrain, .. } if terrain == t)
            }) || map.regions.iter().any(|r| r.tiles.iter().any(|(x, _)| *x == t))
        };
        o.gold = may(Terrain::Gold);
        o.fishing = may(Terrain::FishingGround);
        o.chip_cells = (0..map.cells.len())
            .filter(|i| {
                !matches!(map.cells[*i].content,
                    super::CellContent::Fixed { terrain, number: None, chip_region: None }
                        if terrain != Terrain::Gold)
            })
            .map(|i| i as u32)
            .collect();
        o
    }

    /// The rules it checks.
    pub fn constraints(&self) -> &Constraints {
        &self.c
    }

    /// Calls `f` with every clash of `v` in a fixed order (chips on
    /// terrain, neighbours, corners, groups, harbors), until it breaks.
    fn scan_all(
        &mut self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let n = self.board.len();
        debug_assert!(v.terrain.len() >= n && v.number.len() >= n);
        debug_assert!(v.face_down.len() >= n && v.harbor.len() >= n);
        self.cells(v, n, f)?;
        if self.c.max_corner_pips.is_some() {
            self.corners(v, f)?;
        }
        if self.c.max_terrain_group.is_some() {
            self.groups(v, n, f)?;
        }
        self.harbors(v, f)
    }

    fn cells(
        &self,
        v: &View<'_>,
        n: usize,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let c = &self.c;
        let gold = self.gold && (c.gold_no_red || c.gold_not_adjacent);
        if !self.pairs && !gold {
            return ControlFlow::Continue(());
        }
        let (number, terrain) = (&v.number[..n], &v.terrain[..n]);
        if !gold {
            // The common case, chips only: a hex whose chip no pair rule
            // limits is passed over at once.
            for &i in &self.chip_cells {
                let i = i as usize;
                let a = number[i];
                let row = self.pair.get(usize::from(a)).copied().unwrap_or(0);
                if row == 0 {
                    continue;
                }
                for &j in &self.forward[i] {
                    let b = number[j as usize];
                    if row & rules::chip_bit(b) != 0 {
                        chip_pair(c, (a, i as u32), (b, j), f)?;
                    }
                }
            }
            return ControlFlow::Continue(());
        }
        for &i in &self.chip_cells {
            let i = i as usize;
            let (a, t) = (number[i], terrain[i]);
            if t == GOLD {
                if let Some(rule) = chip_on(c, t, a) {
                    f(clash(rule, vec![i as u32], 0))?;
                }
            }
            let row = self.pair.get(usize::from(a)).copied().unwrap_or(0);
            let gold_pair = c.gold_not_adjacent && t == GOLD;
            if row == 0 && !gold_pair {
                continue;
            }
            for &j in &self.forward[i] {
                let b = number[j as usize];
                if row & rules::chip_bit(b) != 0 {
                    chip_pair(c, (a, i as u32), (b, j), f)?;
                }
                if gold_pair && terrain[j as usize] == GOLD {
                    if let Some(rule) = rules::terrain_pair_clash(c, Terrain::Gold, Terrain::Gold) {
                        f(clash(rule, vec![i as u32, j], 0))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn corners(
        &self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for members in &self.board.corners {
            let sum: u32 = members
                .iter()
                .filter(|m| **m != NONE)
                .map(|m| u32::from(pips(v.number[*m as usize])))
                .sum();
            if rules::corner_over(&self.c, sum) {
                let cells = members.iter().copied().filter(|m| *m != NONE).collect();
                f(clash(ConstraintId::MaxCornerPips, cells, sum))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn groups(
        &mut self,
        v: &View<'_>,
        n: usize,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        let e = self.epoch;
        for start in 0..n {
            let t = v.terrain[start];
            if self.stamp[start] == e || t == UNSET || !groups(t) {
                continue;
            }
            self.stamp[start] = e;
            self.stack.clear();
            self.group.clear();
            self.stack.push(start as u32);
            while let Some(h) = self.stack.pop() {
                self.group.push(h);
                for m in self.board.neighbors[h as usize] {
                    if m != NONE && self.stamp[m as usize] != e && v.terrain[m as usize] == t {
                        self.stamp[m as usize] = e;
                        self.stack.push(m);
                    }
                }
            }
            let size = self.group.len() as u32;
            if rules::group_too_big(&self.c, size) {
                let mut cells = self.group.clone();
                cells.sort_unstable();
                f(clash(ConstraintId::MaxTerrainGroup, cells, size))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Reports each chip-pair rule that chip `a` on cell `i` and chip `b` on
/// cell `j`, neighbours, break together.
#[inline]
fn chip_pair(
    c: &Constraints,
    (a, i): (u8, u32),
    (b, j): (u8, u32),
    f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if let Some(rule) = rules::chip_pair_clash(c, a, b) {
        f(clash(rule, vec![i, j], 0))?;
        if let Some(also) = rules::chip_pair_also(c, rule, a, b) {
            f(clash(also, vec![i, j], 0))?;
        }
    }
    ControlFlow::Continue(())
}

fn clash(rule: ConstraintId, cells: Vec<u32>, amount: u32) -> Clash {
    Clash { rule, cells, amount }
}

/// Pips of a chip value (0 for none or for a value no chip has).
fn pips(v: u8) -> u8 {
    rules::PIPS.get(usize::from(v)).copied().unwrap_or(0)
}

fn chip_on(c: &Constraints, t: u8, v: u8) -> Option<ConstraintId> {
    match (t, v) {
        (UNSET, _) | (_, 0) => None,
        _ => rules::chip_on_terrain_clash(c, Terrain::ALL[usize::from(t)], v),
    }
}

fn groups(t: u8) -> bool {
    Terrain::ALL.get(usize::from(t)).is_some_and(|t| rules::groups(*t))
}

#[cfg(test)]
mod tests;
