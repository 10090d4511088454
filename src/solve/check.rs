//! The explanatory board check: every way a layout breaks its map (fixed
//! hexes, pools, harbors) or its rules, each named with its hexes. The
//! placement rules are judged by the one board check,
//! [`crate::model::oracle`]; the fast last guard before a board is written
//! is [`super::guard::Guard`], which asks this module for the details when
//! it finds a fault.

use std::collections::BTreeMap;

use super::Layout;
use crate::axial::Hex;
use crate::model::oracle::{Clash, MapCheck, Scan, NO_HARBOR, OPEN};
use crate::model::partial_board::PartialBoard;
use crate::model::{CellContent, ConstraintId, Constraints, MapDef, Scope};
use crate::vocab::{HarborKind, Terrain};

/// What a violation breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A locked hex lost its terrain or chip.
    Locked,
    /// A placement rule of `[constraints]`.
    Constraint(ConstraintId),
    /// A fixed hex changed, or the hexes differ from the map.
    Fixed,
    /// A region's tiles or chips differ from its pools.
    Pool,
    /// The harbors differ from the harbor pool or the fixed harbors.
    Harbors,
}

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub rule: Rule,
    /// Where.
    pub at: Vec<Hex>,
    /// What exactly.
    pub detail: String,
}

fn v(rule: Rule, at: Vec<Hex>, detail: impl Into<String>) -> Violation {
    Violation { rule, at, detail: detail.into() }
}

/// Every way `layout` breaks `map` or `c`; empty for a correct layout.
pub fn violations(map: &MapDef, c: &Constraints, layout: &Layout) -> Vec<Violation> {
    let mut out = Vec::new();
    if layout.hexes.len() != map.cells.len()
        || layout.hexes.iter().zip(&map.cells).any(|(h, cell)| h.hex != cell.hex)
    {
        out.push(v(Rule::Fixed, vec![], "the layout's hexes are not the map's"));
        return out;
    }
    structure(map, c, layout, &mut out);
    harbors(map, layout, &mut out);
    let board = layout_board(map, layout);
    let mut oracle = MapCheck::for_map(map, c);
    for clash in oracle.all(&board.view()) {
        out.push(violation(map, &oracle.rules_of(&clash), layout, &clash));
    }
    out
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rule::Constraint(id) => write!(f, "`{id}`"),
            Rule::Locked => f.write_str("the locked hexes"),
            Rule::Fixed => f.write_str("the fixed hexes"),
            Rule::Pool => f.write_str("the region pools"),
            Rule::Harbors => f.write_str("the harbors"),
        }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at: Vec<String> = self.at.iter().map(Hex::to_string).collect();
        match at.is_empty() {
            true => write!(f, "{}: {}", self.rule, self.detail),
            false => write!(f, "{} at {}: {}", self.rule, at.join(", "), self.detail),
        }
    }
}

/// The board of `layout` on `map` (whose hexes it must have, in order) as
/// the rules see it: whole.
pub(crate) fn layout_board(map: &MapDef, layout: &Layout) -> PartialBoard {
    let mut b = PartialBoard::whole(0);
    fill_board(&mut b, map, layout);
    b
}

/// Refills the buffers of the whole board `b` from `layout`.
pub(crate) fn fill_board(b: &mut PartialBoard, map: &MapDef, layout: &Layout) {
    let n = map.cells.len();
    b.terrain.clear();
    b.number.clear();
    b.face_down.clear();
    b.terrain.extend(layout.hexes.iter().take(n).map(|h| h.terrain.index() as u8));
    b.number.extend(layout.hexes.iter().take(n).map(|h| h.number.unwrap_or(0)));
    b.face_down.extend(layout.hexes.iter().take(n).map(|h| h.face_down));
    b.terrain.resize(n, crate::model::oracle::UNSET);
    b.number.resize(n, 0);
    b.face_down.resize(n, false);
    b.harbor.clear();
    b.harbor.resize(n, NO_HARBOR);
    b.harbors.clear();
    for h in &layout.harbors {
        if let Some(&i) = map.board.index.get(&h.hex) {
            set_harbor(b, i, h);
        }
    }
}

/// Records harbor `h` on cell `i` of the whole board `b` (after the cell's
/// face-down flag): its facing, [`OPEN`] for a face-up one facing nothing or
/// a hex that is not its neighbour, nothing for a face-down one.
pub(crate) fn set_harbor(b: &mut PartialBoard, i: usize, h: &super::PlacedHarbor) {
    let d = match h.toward {
        Some(t) => direction(h.hex, t),
        None if b.face_down[i] => return,
        None => OPEN,
    };
    b.harbor[i] = d;
    b.harbors.push(i as u32);
}

/// The direction index from `a` to its neighbour `b`, [`OPEN`] when `b` is
/// not a neighbour (the order of [`crate::axial::Direction::ALL`]).
fn direction(a: Hex, b: Hex) -> u8 {
    let (dq, dr) = (i64::from(b.q) - i64::from(a.q), i64::from(b.r) - i64::from(a.r));
    let d = match (dq, dr) {
        (1, 0) => 0,
        (1, -1) => 1,
        (0, -1) => 2,
        (-1, 0) => 3,
        (-1, 1) => 4,
        (0, 1) => 5,
        _ => return OPEN,
    };
    debug_assert_eq!(a.neighbor(crate::axial::Direction::ALL[d as usize]), b);
    d
}

/// A clash of the board check as a violation with hexes and details.
pub fn violation(map: &MapDef, c: &Constraints, layout: &Layout, clash: &Clash) -> Violation {
    let hx = &layout.hexes;
    let at: Vec<Hex> = clash.cells.iter().map(|x| map.cells[*x as usize].hex).collect();
    let cell = |k: usize| &hx[clash.cells[k] as usize];
    let num = |k: usize| cell(k).number.unwrap_or(0);
    let id = clash.rule;
    let limit = c.get(id).limit().unwrap_or(0);
    let detail = match id.rule().scope {
        Scope::ChipPair => format!("{} next to {}", num(0), num(1)),
        Scope::ChipOnHex => format!("{} on {}", num(0), cell(0).terrain),
        Scope::TerrainPair => format!("{} next to {}", cell(0).terrain, cell(1).terrain),
        Scope::Corner => format!("{} pips at a corner (at most {limit})", clash.amount),
        Scope::TerrainGroup => {
            format!("{} {} hexes in one group (at most {limit})", clash.amount, cell(0).terrain)
        }
        Scope::Harbor => match id {
            ConstraintId::HarborFacesLand if at.len() > 1 => {
                "harbor does not face land the players can see".into()
            }
            ConstraintId::HarborFacesLand => "face-up harbor faces nothing".into(),
            ConstraintId::HarborsApart => "harbors share a settlement corner".into(),
            ConstraintId::HarborsOffFishing => "a harbor corner touches a fishing ground".into(),
            _ => format!("a harbor breaks the rule: {}", crate::model::rules::plain(c, id)),
        },
    };
    Violation { rule: Rule::Constraint(clash.rule), at, detail }
}

fn structure(map: &MapDef, c: &Constraints, layout: &Layout, out: &mut Vec<Violation>) {
    for (cell, h) in map.cells.iter().zip(&layout.hexes) {
        match cell.content {
            CellContent::Fixed { terrain, number, chip_region } => {
                if h.terrain != terrain || !h.fixed {
                    out.push(v(
                        Rule::Fixed,
                        vec![h.hex],
                        format!("fixed {terrain} became {}", h.terrain),
                    ));
                }
                if number.is_some() && h.number != number {
                    out.push(v(Rule::Fixed, vec![h.hex], "printed chip changed"));
                }
                if chip_region.is_none() && number.is_none() && h.number.is_some() {
                    out.push(v(Rule::Fixed, vec![h.hex], "fixed hex got a chip"));
                }
            }
            CellContent::Slot { .. } => {
                if h.fixed {
                    out.push(v(Rule::Fixed, vec![h.hex], "random slot marked fixed"));
                }
            }
        }
        // A face-down tile takes no chip; a face-up hex drawing its chip
        // from a face-down region's pool does.
        let face_down_slot = matches!(cell.content, CellContent::Slot { .. })
            && h.region.and_then(|r| map.regions.get(r as usize)).is_some_and(|r| r.face_down);
        let wants_chip = c.takes_chip(h.terrain)
            && !face_down_slot
            && !matches!(cell.content, CellContent::Fixed { chip_region: None, number: None, .. });
        if wants_chip != h.number.is_some()
            && !matches!(cell.content, CellContent::Fixed { number: Some(_), .. })
        {
            out.push(v(Rule::Pool, vec![h.hex], format!("{} with chip {:?}", h.terrain, h.number)));
        }
    }
    for (ri, r) in map.regions.iter().enumerate() {
        let mut want: BTreeMap<Terrain, u32> = BTreeMap::new();
        for (t, n) in &r.tiles {
            *want.entry(*t).or_default() += n;
        }
        let mut got: BTreeMap<Terrain, u32> = BTreeMap::new();
        for s in &r.slots {
            *got.entry(layout.hexes[*s].terrain).or_default() += 1;
        }
        if want != got {
            out.push(v(
                Rule::Pool,
                vec![],
                format!("region `{}` tiles {got:?} != pool {want:?}", r.key),
            ));
        }
        let mut want_n = r.numbers.clone();
        want_n.sort_unstable();
        // A face-down region's pool: its stack and the chips of the face-up
        // hexes that draw from it.
        let mut got_n: Vec<u8> = if r.face_down {
            let stack = layout.regions.get(ri).map(|x| x.chip_stack.clone()).unwrap_or_default();
            let face_up = r.chip_cells.iter().filter_map(|s| layout.hexes[*s].number);
            stack.into_iter().chain(face_up).collect()
        } else {
            r.slots.iter().chain(&r.chip_cells).filter_map(|s| layout.hexes[*s].number).collect()
        };
        got_n.sort_unstable();
        if want_n != got_n {
            out.push(v(
                Rule::Pool,
                vec![],
                format!("region `{}` chips {got_n:?} != pool {want_n:?}", r.key),
            ));
        }
    }
}

/// The harbors against the map: one on every harbor hex and harbor tile,
/// fixed kinds and facings kept, the pools dealt exactly. (Where they face
/// and land is the board check's.)
fn harbors(map: &MapDef, layout: &Layout, out: &mut Vec<Violation>) {
    let mut random_got: Vec<HarborKind> = Vec::new();
    let mut region_got: Vec<Vec<HarborKind>> = vec![Vec::new(); map.regions.len()];
    let mut expected_hexes = 0;
    for (i, cell) in map.cells.iter().enumerate() {
        let pool_tile = layout.hexes[i].terrain == Terrain::Harbor;
        if cell.harbor.is_none() && !pool_tile {
            continue;
        }
        expected_hexes += 1;
        let Some(h) = layout.harbors.iter().find(|h| h.hex == cell.hex) else {
            out.push(v(Rule::Harbors, vec![cell.hex], "harbor missing"));
            continue;
        };
        if let Some(spec) = cell.harbor {
            match spec.kind {
                Some(k) if k != h.kind => {
                    out.push(v(Rule::Harbors, vec![cell.hex], "fixed harbor kind changed"))
                }
                None => random_got.push(h.kind),
                _ => {}
            }
            if let (Some(dir), Some(t)) = (spec.facing, h.toward) {
                if cell.hex.neighbor(dir) != t {
                    out.push(v(Rule::Harbors, vec![cell.hex], "fixed harbor turned"));
                }
            }
        } else if let Some(r) = layout.hexes[i].region {
            if let Some(got) = region_got.get_mut(r as usize) {
                got.push(h.kind);
            }
        }
        if let Some(t) = h.toward {
            if cell.hex.distance(t) != 1 {
                out.push(v(
                    Rule::Harbors,
                    vec![cell.hex, t],
                    "harbor faces a hex that is not beside it",
                ));
            }
        }
    }
    if layout.harbors.len() != expected_hexes {
        out.push(v(Rule::Harbors, vec![], "extra harbors"));
    }
    let mut want = map.harbor_pool.clone();
    want.sort_unstable();
    random_got.sort_unstable();
    if want != random_got {
        out.push(v(
            Rule::Harbors,
            vec![],
            format!("random harbors {random_got:?} != pool {want:?}"),
        ));
    }
    for (r, mut got) in map.regions.iter().zip(region_got) {
        let mut want = r.harbors.clone();
        want.sort_unstable();
        got.sort_unstable();
        if want != got {
            out.push(v(
                Rule::Harbors,
                vec![],
                format!("region `{}` harbors {got:?} != pool {want:?}", r.key),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_match_the_neighbours() {
        let a = Hex::new(2, -3);
        for (k, d) in crate::axial::Direction::ALL.into_iter().enumerate() {
            assert_eq!(direction(a, a.neighbor(d)), k as u8);
        }
        assert_eq!(direction(a, Hex::new(4, -3)), OPEN);
        assert_eq!(direction(a, a), OPEN);
    }
}
