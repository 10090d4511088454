//! `[map.start]`: the start regions of one map, checked against its regions,
//! its legend and the room the players need for their first settlements.

use super::legend::Code;
use super::*;
use crate::model::start::{self, StartArea};

/// Settlements each player places before the first roll.
pub(crate) const FIRST_SETTLEMENTS: usize = 2;

/// What the start check reads of the map being validated.
pub(super) struct Context<'a> {
    pub cells: &'a [Cell],
    /// The legend code of each cell.
    pub codes: &'a [String],
    pub regions: &'a [Region],
    pub legend: &'a BTreeMap<String, Option<Code>>,
    pub board: &'a Board,
    pub players: &'a [u8],
    /// Whether a cell is or may be land on some layout.
    pub may_be_land: &'a dyn Fn(usize) -> bool,
}

/// The start area of a map, or `None` after reporting its errors.
pub(super) fn start_area(
    raw: &RawStart,
    ctx: &Context<'_>,
    incomplete: bool,
    diags: &mut Diagnostics,
) -> Option<StartArea> {
    let before = diags.error_count();
    let list = raw.regions.as_ref()?;
    let chosen = start_regions(list, ctx, diags);
    let avoid_codes = avoid_codes(raw, ctx, diags);
    if diags.error_count() > before {
        return None;
    }
    let n = ctx.cells.len();
    let mut start_hex = vec![false; n];
    for &ri in &chosen {
        let r = &ctx.regions[ri];
        for &c in r.slots.iter().chain(&r.chip_cells) {
            start_hex[c] = true;
        }
    }
    let avoid: Vec<bool> = ctx.codes.iter().map(|c| avoid_codes.contains(&c.as_str())).collect();
    let area = StartArea {
        regions: chosen.iter().map(|i| ctx.regions[*i].key.clone()).collect(),
        start_hex,
        avoid,
    };
    if incomplete {
        return Some(area);
    }
    if let Some(d) = room_error(&area, list, ctx) {
        diags.push(d);
        return None;
    }
    Some(area)
}

/// The indices of the regions `regions` names; an empty, repeated or
/// unknown name is reported.
fn start_regions(
    list: &Sp<Vec<Sp<String>>>,
    ctx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<usize> {
    let keys: Vec<&str> = ctx.regions.iter().map(|r| r.key.as_str()).collect();
    let mut chosen: Vec<usize> = Vec::new();
    if list.value.is_empty() {
        diags.push(
            Diagnostic::error("`regions` in [map.start] is empty")
                .at(list.span.clone(), "no start region")
                .hint(format!(
                    "name the regions the first settlements go on, e.g. `regions = [\"{}\"]`",
                    keys.first().copied().unwrap_or("home")
                )),
        );
    }
    for k in &list.value {
        match keys.iter().position(|x| *x == k.value) {
            Some(i) if chosen.contains(&i) => diags.push(
                Diagnostic::error(format!("start region `{}` is listed twice", k.value))
                    .at(k.span.clone(), "repeated"),
            ),
            Some(i) => chosen.push(i),
            None => diags.push(
                Diagnostic::error(format!(
                    "start region `{}` is not a region of this map",
                    k.value
                ))
                .at(k.span.clone(), "no such region")
                .hint(match did_you_mean(&k.value, keys.iter().copied()) {
                    Some(s) => {
                        format!("did you mean `{s}`? regions of this map: {}", keys.join(", "))
                    }
                    None => format!("regions of this map: {}", keys.join(", ")),
                }),
            ),
        }
    }
    chosen
}

/// The legend codes of `avoid`; a code not in the legend is reported.
fn avoid_codes<'r>(raw: &'r RawStart, ctx: &Context<'_>, diags: &mut Diagnostics) -> Vec<&'r str> {
    let mut avoid_codes: Vec<&str> = Vec::new();
    for c in raw.avoid.iter().flat_map(|a| &a.value) {
        if ctx.legend.contains_key(&c.value) {
            avoid_codes.push(&c.value);
        } else {
            let known: Vec<&str> = ctx.legend.keys().map(String::as_str).collect();
            diags.push(
                Diagnostic::error(format!("code `{}` in `avoid` is not in the legend", c.value))
                    .at(c.span.clone(), "unknown code")
                    .hint(match did_you_mean(&c.value, known.iter().copied()) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => "`avoid` lists legend codes of hexes no first settlement may touch"
                            .to_string(),
                    }),
            );
        }
    }
    avoid_codes
}

/// The error when the start area has no room for every player's first
/// settlements, even on the most favourable layout.
fn room_error(
    area: &StartArea,
    list: &Sp<Vec<Sp<String>>>,
    ctx: &Context<'_>,
) -> Option<Diagnostic> {
    // Corners that could hold a first settlement on the most favourable
    // layout: touching a start hex that may be land, and no hex to avoid.
    let candidates: Vec<u32> = ctx
        .board
        .corners
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            area.allows(m)
                && m.iter().any(|x| {
                    *x != board::NONE
                        && area.start_hex[*x as usize]
                        && (ctx.may_be_land)(*x as usize)
                })
        })
        .map(|(i, _)| i as u32)
        .collect();
    let most = ctx.players.iter().copied().max().unwrap_or(0) as usize;
    let need = most * FIRST_SETTLEMENTS;
    let room = start::room(&start::corner_neighbours(ctx.board), &candidates);
    if room >= need {
        return None;
    }
    let names: Vec<String> = area.regions.iter().map(|k| format!("`{k}`")).collect();
    let (what, has) = match names.len() {
        1 => (format!("the start region {}", names[0]), "has"),
        _ => (format!("the start regions {}", names.join(", ")), "have"),
    };
    Some(
        Diagnostic::error(format!(
            "{what} {has} room for {room} first settlements, but {most} players need {need}"
        ))
        .at(list.span.clone(), format!("{} usable corners; at most {room} settlements fit on them", candidates.len()))
        .hint("a first settlement needs a corner touching a land hex of a start region, no hex in `avoid`, and no settlement on a neighbouring corner: add hexes to the region, list more regions, or drop codes from `avoid`"),
    )
}
