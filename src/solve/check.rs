//! Pure predicates: does a layout keep every fixed hex, use every pool
//! exactly, and respect every rule? Written independently of the search, so
//! the tests can hold the solver to them.

use std::collections::BTreeMap;

use super::Layout;
use crate::hex::Hex;
use crate::model::{rules, CellContent, ConstraintId, Constraints, MapDef};
use crate::vocab::{pips, HarborKind, Terrain};

/// What a violation breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
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
    rules(map, c, layout, &mut out);
    harbors(map, c, layout, &mut out);
    out
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
        let face_down_region =
            h.region.and_then(|r| map.regions.get(r as usize)).is_some_and(|r| r.face_down);
        let wants_chip = c.takes_chip(h.terrain)
            && !face_down_region
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
        let mut got_n: Vec<u8> = if r.face_down {
            layout.regions.get(ri).map(|x| x.chip_stack.clone()).unwrap_or_default()
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

fn rules(map: &MapDef, c: &Constraints, layout: &Layout, out: &mut Vec<Violation>) {
    let b = &map.board;
    let hx = &layout.hexes;
    for i in 0..hx.len() {
        if let Some(id) =
            hx[i].number.and_then(|n| rules::chip_on_terrain_clash(c, hx[i].terrain, n))
        {
            out.push(v(Rule::Constraint(id), vec![hx[i].hex], "red chip on gold"));
        }
        for j in b.neighbors_of(i).filter(|j| *j > i) {
            let pair = vec![hx[i].hex, hx[j].hex];
            if let Some(id) = rules::terrain_pair_clash(c, hx[i].terrain, hx[j].terrain) {
                let what = format!("{} next to {}", hx[i].terrain, hx[j].terrain);
                out.push(v(Rule::Constraint(id), pair.clone(), what));
            }
            let (Some(a), Some(z)) = (hx[i].number, hx[j].number) else { continue };
            if let Some(id) = rules::chip_pair_clash(c, a, z) {
                out.push(v(Rule::Constraint(id), pair, format!("{a} next to {z}")));
            }
        }
    }
    for corner in &b.corners {
        let members: Vec<usize> = corner
            .iter()
            .filter(|m| **m != crate::model::board::NONE)
            .map(|m| *m as usize)
            .collect();
        let sum: u32 =
            members.iter().filter_map(|m| hx[*m].number).map(|n| u32::from(pips(n))).sum();
        if rules::corner_over(c, sum) {
            out.push(v(
                Rule::Constraint(ConstraintId::MaxCornerPips),
                members.iter().map(|m| hx[*m].hex).collect(),
                format!("{sum} pips at a corner"),
            ));
        }
    }
    if c.max_terrain_group.is_some() {
        let mut seen = vec![false; hx.len()];
        for start in 0..hx.len() {
            let t = hx[start].terrain;
            if seen[start] || !rules::groups(t) {
                continue;
            }
            let mut stack = vec![start];
            seen[start] = true;
            let mut group = Vec::new();
            while let Some(h) = stack.pop() {
                group.push(hx[h].hex);
                for n in b.neighbors_of(h) {
                    if !seen[n] && hx[n].terrain == t {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            if rules::group_too_big(c, group.len() as u32) {
                out.push(v(
                    Rule::Constraint(ConstraintId::MaxTerrainGroup),
                    group.clone(),
                    format!("{} {t} hexes in one group", group.len()),
                ));
            }
        }
    }
}

fn harbors(map: &MapDef, c: &Constraints, layout: &Layout, out: &mut Vec<Violation>) {
    let at: BTreeMap<Hex, usize> =
        layout.hexes.iter().enumerate().map(|(i, h)| (h.hex, i)).collect();
    let mut landings: BTreeMap<u32, Vec<Hex>> = BTreeMap::new();
    let mut random_got: Vec<HarborKind> = Vec::new();
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
        }
        let face_down = layout.hexes[i].face_down;
        match h.toward {
            Some(t) => {
                let target = at.get(&t).map(|j| &layout.hexes[*j]);
                let ok = cell.hex.distance(t) == 1
                    && target.is_some_and(|x| rules::harbor_may_face(x.terrain, x.face_down));
                if !ok {
                    out.push(v(
                        Rule::Constraint(ConstraintId::HarborFacesLand),
                        vec![cell.hex, t],
                        "harbor does not face land the players can see",
                    ));
                }
                if let Some(dir) = cell.hex.direction_to(t) {
                    for k in map.board.edge_corners(i, dir) {
                        landings.entry(k).or_default().push(cell.hex);
                    }
                }
            }
            None if !face_down => out.push(v(
                Rule::Constraint(ConstraintId::HarborFacesLand),
                vec![cell.hex],
                "face-up harbor faces nothing",
            )),
            None => {}
        }
    }
    let fishing = crate::model::static_checks::fishing_corners(map);
    for (k, hexes) in &landings {
        if c.harbors_apart && hexes.len() > 1 {
            out.push(v(
                Rule::Constraint(ConstraintId::HarborsApart),
                hexes.clone(),
                "harbors share a settlement corner",
            ));
        }
        if c.harbors_off_fishing_grounds && fishing.get(*k as usize).copied().unwrap_or(false) {
            out.push(v(
                Rule::Constraint(ConstraintId::HarborsOffFishing),
                hexes.clone(),
                "a harbor corner touches a fishing ground",
            ));
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
}
