//! Rules that the fixed hexes and fixed harbors alone already break can never
//! be met by any layout: they are reported at validation time, with spans.

use std::collections::BTreeMap;

use super::board::NONE;
use super::rules;
use super::{CellContent, ConstraintId, Constraints, MapDef};
use crate::axial::Direction;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::vocab::{pips, Terrain};

/// Pushes an error for every rule that the fixed parts of `map` break.
pub fn check(
    map: &MapDef,
    c: &Constraints,
    spans: &BTreeMap<ConstraintId, Span>,
    diags: &mut Diagnostics,
) {
    fixed_chips(map, c, spans, diags);
    fixed_corners(map, c, spans, diags);
    fixed_harbors(map, c, spans, diags);
}

fn fixed(map: &MapDef, i: usize) -> Option<(Terrain, Option<u8>)> {
    match map.cells[i].content {
        CellContent::Fixed { terrain, number, .. } => Some((terrain, number)),
        CellContent::Slot { .. } => None,
    }
}

fn fixed_chips(
    map: &MapDef,
    c: &Constraints,
    spans: &BTreeMap<ConstraintId, Span>,
    diags: &mut Diagnostics,
) {
    let at = |id: ConstraintId| spans.get(&id).cloned();
    for i in 0..map.cells.len() {
        let Some((t, n)) = fixed(map, i) else { continue };
        if let Some(id) = n.and_then(|n| rules::chip_on_terrain_clash(c, t, n)) {
            let d = Diagnostic::error(format!(
                "a fixed {t} hex carries a 6 or 8, which `{id}` forbids"
            ))
            .at(map.cells[i].span.clone(), "fixed red chip");
            diags.push(with_rule(d, at(id)));
        }
        for j in map.board.neighbors_of(i).filter(|j| *j > i) {
            let Some((t2, n2)) = fixed(map, j) else { continue };
            if let Some(id) = rules::terrain_pair_clash(c, t, t2) {
                let d =
                    Diagnostic::error(format!("two fixed {t} hexes touch, which `{id}` forbids"))
                        .at(map.cells[j].span.clone(), t2.name())
                        .also(map.cells[i].span.clone(), format!("next to this {}", t.name()));
                diags.push(with_rule(d, at(id)));
            }
            if let (Some(a), Some(b)) = (n, n2) {
                if let Some(id) = rules::chip_pair_clash(c, a, b) {
                    let d = Diagnostic::error(format!(
                        "fixed chips {a} and {b} are neighbours, which `{id}` forbids"
                    ))
                    .at(map.cells[j].span.clone(), format!("{b}"))
                    .also(map.cells[i].span.clone(), format!("{a}"));
                    diags.push(with_rule(d, at(id)));
                }
            }
        }
    }
}

fn fixed_corners(
    map: &MapDef,
    c: &Constraints,
    spans: &BTreeMap<ConstraintId, Span>,
    diags: &mut Diagnostics,
) {
    let Some(cap) = c.max_corner_pips else { return };
    for corner in &map.board.corners {
        let members: Vec<usize> =
            corner.iter().filter(|m| **m != NONE).map(|m| *m as usize).collect();
        if members.iter().any(|m| fixed(map, *m).is_none()) {
            continue;
        }
        let sum: u32 = members
            .iter()
            .filter_map(|m| fixed(map, *m).and_then(|(_, n)| n))
            .map(|n| u32::from(pips(n)))
            .sum();
        if rules::corner_over(c, sum) {
            let d = Diagnostic::error(format!(
                "fixed chips meet at a corner with {sum} pips, over `max_corner_pips` = {cap}"
            ))
            .at(map.cells[members[0]].span.clone(), "at this hex's corner");
            diags.push(with_rule(d, spans.get(&ConstraintId::MaxCornerPips).cloned()));
        }
    }
}

/// Whether cell `i` is a tile of a face-down region.
fn face_down(map: &MapDef, i: usize) -> bool {
    matches!(map.cells[i].content, CellContent::Slot { region } if map.regions[region].face_down)
}

/// Whether cell `i` is or may be land (a fixed land hex, or a slot whose
/// region deals land).
fn may_be_land(map: &MapDef, i: usize) -> bool {
    match map.cells[i].content {
        CellContent::Fixed { terrain, .. } => terrain.is_land(),
        CellContent::Slot { region } => map.regions[region].tiles.iter().any(|(t, _)| t.is_land()),
    }
}

/// The corners of every fishing ground of the map.
pub fn fishing_corners(map: &MapDef) -> Vec<bool> {
    let mut out = vec![false; map.board.corners.len()];
    for (i, cell) in map.cells.iter().enumerate() {
        if matches!(cell.content, CellContent::Fixed { terrain: Terrain::FishingGround, .. }) {
            for k in map.board.corner_at[i] {
                if k != NONE {
                    out[k as usize] = true;
                }
            }
        }
    }
    out
}

fn fixed_harbors(
    map: &MapDef,
    c: &Constraints,
    spans: &BTreeMap<ConstraintId, Span>,
    diags: &mut Diagnostics,
) {
    let b = &map.board;
    let fishing = fishing_corners(map);
    // Corner -> the fixed-facing harbor that lands there.
    let mut taken: BTreeMap<u32, usize> = BTreeMap::new();
    for (i, cell) in map.cells.iter().enumerate() {
        let Some(h) = cell.harbor else { continue };
        let Some(dir) = h.facing else {
            let open = Direction::ALL.into_iter().any(|d| {
                let n = b.neighbors[i][d.index()];
                n != NONE && !face_down(map, n as usize) && may_be_land(map, n as usize)
            });
            if !open {
                diags.push(
                    Diagnostic::error(format!(
                        "the harbor at {} has no face-up land next to it: it cannot face land the players can see",
                        cell.hex
                    ))
                    .at(cell.span.clone(), "harbor in the fog")
                    .hint("move the harbor next to a face-up hex, or deal it as a harbor tile of the face-down region"),
                );
            }
            continue;
        };
        let n = b.neighbors[i][dir.index()];
        if n != NONE && face_down(map, n as usize) {
            diags.push(
                Diagnostic::error(format!(
                    "the harbor at {} faces `{}`, a face-down tile",
                    cell.hex,
                    dir.name()
                ))
                .at(cell.span.clone(), "faces the fog")
                .hint("a face-up harbor must face land the players can see; turn it toward a face-up hex"),
            );
            continue;
        }
        for k in b.edge_corners(i, dir) {
            if k == NONE {
                continue;
            }
            if c.harbors_off_fishing_grounds && fishing[k as usize] {
                let d = Diagnostic::error(format!(
                    "the harbor at {} lands on a corner of a fishing ground, which `harbors_off_fishing_grounds` forbids",
                    cell.hex
                ))
                .at(cell.span.clone(), "harbor beside a fishing ground");
                diags.push(with_rule(d, spans.get(&ConstraintId::HarborsOffFishing).cloned()));
            }
            if let Some(other) = taken.insert(k, i) {
                if c.harbors_apart && other != i {
                    let d = Diagnostic::error(format!(
                        "the harbors at {} and {} share a settlement corner, which `harbors_apart` forbids",
                        map.cells[other].hex, cell.hex
                    ))
                    .at(cell.span.clone(), "this harbor")
                    .also(map.cells[other].span.clone(), "and this one");
                    diags.push(with_rule(d, spans.get(&ConstraintId::HarborsApart).cloned()));
                }
            }
        }
    }
}

fn with_rule(d: Diagnostic, span: Option<Span>) -> Diagnostic {
    match span {
        Some(sp) => d.also(sp, "rule set here").hint("relax the rule, or change the fixed hexes"),
        None => {
            d.hint("this rule is on by default; set it to `false` in `[constraints]` to relax it")
        }
    }
}
