//! Castaway spots: corners of the map where a castaway token lies at the
//! start, marked in the legend (`castaway = "n"` on a fixed water hex) like
//! harbors. A spot must be a coastal corner (water and land meet there) that
//! no face-down tile hides, each corner one spot; a map holds one spot per
//! printed castaway token.

use super::board::NONE;
use super::game::Game;
use super::{corner_name, CellContent, MapDef};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::scenario::raw::RawGame;

/// What a map cell is at a corner: (land for sure, hidden at the start).
fn member(map: &MapDef, i: usize) -> (bool, bool) {
    match map.cells[i].content {
        CellContent::Fixed { terrain, .. } => (terrain.is_land(), false),
        CellContent::Slot { region } => match map.regions.get(region) {
            // A face-up region whose pool holds no water is land wherever it is dealt.
            Some(r) => (r.tiles.iter().all(|(t, _)| t.is_land()), r.face_down),
            None => (false, false),
        },
    }
}

/// Checks every castaway spot of `maps`, and that each map marks one spot
/// per castaway token of `game`.
pub fn check(maps: &[&MapDef], game: &Game, raw: &RawGame, diags: &mut Diagnostics) {
    let tokens: u32 = game.components.castaway_tokens.iter().map(|t| t.count).sum();
    let tokens_at = raw
        .components
        .as_ref()
        .and_then(|c| c.castaway_tokens.first())
        .map(|(cost, _)| cost.span.clone());
    for map in maps {
        let spots = check_spots(map, diags);
        if let Some(d) = count_error(map, tokens, spots, tokens_at.as_ref()) {
            diags.push(d);
        }
    }
}

/// Checks each castaway spot of `map` (on the map, coastal, not hidden, one
/// per corner) and gives how many it marks.
fn check_spots(map: &MapDef, diags: &mut Diagnostics) -> u32 {
    let mut taken: Vec<(u32, usize)> = Vec::new();
    let mut spots = 0u32;
    for (i, cell) in map.cells.iter().enumerate() {
        let Some(k) = cell.castaway else { continue };
        spots += 1;
        let name = corner_name(k);
        let ci = map.board.corner_at[i][usize::from(k)];
        let hint = "mark castaway spots on corners where a fixed water hex meets face-up land";
        if ci == NONE {
            diags.push(
                Diagnostic::error(format!(
                    "the castaway spot on corner `{name}` lies off the map's edge"
                ))
                .at(cell.span.clone(), "no other hex touches this corner")
                .hint(hint),
            );
            continue;
        }
        let members: Vec<usize> = map.board.corners[ci as usize]
            .iter()
            .filter(|m| **m != NONE)
            .map(|m| *m as usize)
            .collect();
        let seen: Vec<(bool, bool)> = members.iter().map(|&m| member(map, m)).collect();
        if seen.iter().any(|(_, hidden)| *hidden) {
            diags.push(
                Diagnostic::error(format!(
                    "the castaway spot on corner `{name}` touches a face-down hex"
                ))
                .at(cell.span.clone(), "hidden at the start")
                .hint(format!("{hint}: a face-down tile would hide the token")),
            );
        } else if !seen.iter().any(|(land, _)| *land) {
            diags.push(
                Diagnostic::error(format!("no land touches the castaway spot on corner `{name}`"))
                    .at(cell.span.clone(), "not on a coast")
                    .hint(hint),
            );
        }
        match taken.iter().find(|(c, _)| *c == ci) {
            Some(&(_, other)) => diags.push(
                Diagnostic::error("two castaway spots mark the same corner")
                    .at(cell.span.clone(), "second spot")
                    .also(map.cells[other].span.clone(), "first spot")
                    .hint("a corner holds one castaway token: move one spot"),
            ),
            None => taken.push((ci, i)),
        }
    }
    spots
}

/// The error when `map` marks a different number of castaway spots than
/// the pack prints tokens (`tokens`, written at `tokens_at`).
fn count_error(
    map: &MapDef,
    tokens: u32,
    spots: u32,
    tokens_at: Option<&Span>,
) -> Option<Diagnostic> {
    let players: Vec<String> = map.players.iter().map(u8::to_string).collect();
    let which = format!("the map for {} players", players.join(" and "));
    if tokens > 0 && spots != tokens {
        let mut d = Diagnostic::error(format!(
            "castaway tokens: {tokens} printed, but {which} marks {spots} castaway spots"
        ))
        .hint("mark one coastal corner per token with `castaway = \"n\"` (a corner: n, ne, se, s, sw, nw) on a fixed water hex of `[legend]`");
        if let Some(at) = tokens_at {
            d = d.at(at.clone(), "the castaway tokens");
        }
        Some(d)
    } else if tokens == 0 && spots > 0 {
        let first = map.cells.iter().find(|c| c.castaway.is_some());
        let mut d = Diagnostic::error(format!(
            "{which} marks {spots} castaway spots, but the pack prints no castaway tokens"
        ))
        .hint("add `[[components.castaway_tokens]]`, one token per spot");
        if let Some(c) = first {
            d = d.at(c.span.clone(), "a castaway spot");
        }
        Some(d)
    } else {
        None
    }
}
