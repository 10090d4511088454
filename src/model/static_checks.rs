//! Rules that the fixed hexes and fixed harbors alone already break can never
//! be met by any layout: they are reported at validation time, with spans.
//! The rules themselves are judged by the one board check,
//! [`super::oracle`], on the board of the fixed hexes alone.

use super::oracle::{Clash, MapCheck, Scan};
use super::partial_board::PartialBoard;
use super::{ConstraintId, MapDef, RuleSources, Scope, Surface};
use crate::diag::{Diagnostic, Diagnostics};
use crate::vocab::Terrain;

/// Pushes an error for every rule that the fixed parts of `map` break.
pub fn check(map: &MapDef, rules: &RuleSources<'_>, diags: &mut Diagnostics) {
    let fixed = PartialBoard::fixed(map);
    let mut oracle = MapCheck::for_map(map, rules.constraints);
    for clash in oracle.all(&fixed.view()) {
        let c = oracle.rules_of(&clash);
        let here = RuleSources { constraints: &c, ..*rules };
        diags.push(diagnostic(map, &here, &fixed, &clash));
    }
}

/// A clash among fixed hexes as an error at their spans.
fn diagnostic(
    map: &MapDef,
    rules: &RuleSources<'_>,
    b: &PartialBoard,
    clash: &Clash,
) -> Diagnostic {
    let id = clash.rule;
    let cell = |k: usize| &map.cells[clash.cells[k] as usize];
    let num = |k: usize| b.number[clash.cells[k] as usize];
    let terrain = |k: usize| Terrain::ALL[usize::from(b.terrain[clash.cells[k] as usize])];
    let c = rules.constraints;
    let limit = c.get(id).limit().unwrap_or(0);
    let d = match id.rule().scope {
        Scope::ChipPair => Diagnostic::error(format!(
            "fixed chips {} and {} are neighbours, which `{id}` forbids",
            num(0),
            num(1)
        ))
        .at(cell(1).span.clone(), format!("{}", num(1)))
        .also(cell(0).span.clone(), format!("{}", num(0))),
        Scope::ChipOnHex => Diagnostic::error(format!(
            "a fixed {} hex carries a {}, which `{id}` forbids",
            terrain(0),
            num(0)
        ))
        .at(cell(0).span.clone(), "fixed red chip"),
        Scope::TerrainPair => {
            Diagnostic::error(format!("two fixed {} hexes touch, which `{id}` forbids", terrain(0)))
                .at(cell(1).span.clone(), terrain(1).name())
                .also(cell(0).span.clone(), format!("next to this {}", terrain(0).name()))
        }
        Scope::Corner => Diagnostic::error(format!(
            "fixed chips meet at a corner with {} pips, over `{id}` = {limit}",
            clash.amount,
        ))
        .at(cell(0).span.clone(), "at this hex's corner"),
        Scope::TerrainGroup => {
            let mut d = Diagnostic::error(format!(
                "{} fixed {} hexes form one group, over `{id}` = {limit}",
                clash.amount,
                terrain(0),
            ))
            .at(cell(0).span.clone(), "in the group");
            for k in 1..clash.cells.len() {
                d = d.also(cell(k).span.clone(), "and this one");
            }
            d
        }
        Scope::Harbor => return harbor_clash(map, rules, b, clash),
    };
    let d = match rules.rule_span(id) {
        Some((sp, label)) => d.also(sp, label),
        None => d,
    };
    d.hint(format!("{}; or change the fixed hexes", rules.relax_hint(id, Surface::Cli)))
}

/// A clash of a harbor rule among fixed hexes as an error at their spans.
fn harbor_clash(
    map: &MapDef,
    rules: &RuleSources<'_>,
    b: &PartialBoard,
    clash: &Clash,
) -> Diagnostic {
    let id = clash.rule;
    let cell = |k: usize| &map.cells[clash.cells[k] as usize];
    let d = match id {
        ConstraintId::HarborFacesLand => {
            return harbor_faces_no_land(map, b, clash).hint(rules.relax_hint(id, Surface::Cli));
        }
        ConstraintId::HarborsApart => Diagnostic::error(format!(
            "the harbors at {} and {} share a settlement corner, which `{id}` forbids",
            cell(1).hex,
            cell(0).hex
        ))
        .at(cell(0).span.clone(), "this harbor")
        .also(cell(1).span.clone(), "and this one"),
        ConstraintId::HarborsOffFishing => Diagnostic::error(format!(
            "the harbor at {} lands on a corner of a fishing ground, which `{id}` forbids",
            cell(0).hex
        ))
        .at(cell(0).span.clone(), "harbor beside a fishing ground")
        .also(cell(1).span.clone(), "the fishing ground"),
        _ => Diagnostic::error(format!(
            "the harbor at {} breaks `{id}`: {}",
            cell(0).hex,
            super::rules::plain(rules.constraints, id)
        ))
        .at(cell(0).span.clone(), "this harbor"),
    };
    let d = match rules.rule_span(id) {
        Some((sp, label)) => d.also(sp, label),
        None => d,
    };
    d.hint(format!("{}; or change the fixed hexes", rules.relax_hint(id, Surface::Cli)))
}

/// A fixed harbor that faces no land the players can see, as an error at
/// the harbor (without its hint).
fn harbor_faces_no_land(map: &MapDef, b: &PartialBoard, clash: &Clash) -> Diagnostic {
    let h = &map.cells[clash.cells[0] as usize];
    let faced = clash.cells.get(1).map(|j| *j as usize);
    let (message, label) = match (h.harbor.and_then(|s| s.facing), faced) {
        (Some(dir), Some(j)) if b.face_down[j] => (
            format!("the harbor at {} faces `{}`, a face-down tile", h.hex, dir.name()),
            "faces the fog",
        ),
        (Some(dir), _) => (
            format!("the harbor at {} faces `{}`, where there is no land", h.hex, dir.name()),
            "harbor not on a coast",
        ),
        (None, _) => (
            format!(
                "the harbor at {} has no face-up land next to it: it cannot face land the players can see",
                h.hex
            ),
            "harbor in the fog",
        ),
    };
    Diagnostic::error(message).at(h.span.clone(), label)
}
