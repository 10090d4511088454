//! The board's part of the handout: the facts list, the fixed hexes and
//! the regions' tiles, chips and harbors, and the face-down areas, with the
//! little text helpers that count and list them.

use super::heading;
use crate::compose::flow::{Block, Cell, Span};
use crate::model::{CellContent, MapDef, Scenario};
use crate::solve::Layout;
use crate::vocab::Terrain;

fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn counted<T: PartialEq + Copy>(items: impl IntoIterator<Item = T>) -> Vec<(T, u32)> {
    let mut v: Vec<(T, u32)> = Vec::new();
    for x in items {
        match v.iter_mut().find(|(y, _)| *y == x) {
            Some(e) => e.1 += 1,
            None => v.push((x, 1)),
        }
    }
    v
}

fn counts_text<T: PartialEq + Copy>(items: &[(T, u32)], name: impl Fn(T) -> String) -> String {
    items.iter().map(|(t, n)| format!("{n} {}", name(*t))).collect::<Vec<_>>().join(", ")
}

fn harbor_text(items: &[(&str, u32)]) -> String {
    items
        .iter()
        .map(|(k, n)| {
            let name = if *k == "3:1" { "3:1".to_string() } else { format!("2:1 {k}") };
            if *n == 1 {
                name
            } else {
                format!("{n} × {name}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn numbers_text(ns: &[u8]) -> String {
    if ns.is_empty() {
        return "none".into();
    }
    ns.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

fn row(cells: &[&str]) -> Vec<Span> {
    Span::parse(&cells.concat())
}

/// The facts list: sets, players, victory points, starting gold.
pub(super) fn facts(s: &Scenario, players: u8) -> Block {
    let m = &s.meta;
    let mut rows = Vec::new();
    if !m.sets.is_empty() {
        rows.push(row(&["**Sets needed:** ", &m.sets.join(", ")]));
    }
    let counts: Vec<String> = m.players.iter().map(u8::to_string).collect();
    rows.push(row(&[
        "**Players:** ",
        &format!("{} (this handout: {players} players)", or_list(&counts)),
    ]));
    let with_variants = |base: Option<u32>, get: fn(&crate::model::Variant) -> Option<u32>| {
        let mut parts: Vec<String> = base.map(|v| v.to_string()).into_iter().collect();
        parts.extend(m.variants.iter().filter_map(|v| get(v).map(|n| format!("{}: {n}", v.name))));
        parts.join("; ")
    };
    let vp = with_variants(m.victory_points, |v| v.victory_points);
    if !vp.is_empty() {
        rows.push(row(&["**Victory points:** ", &vp]));
    }
    let gold = with_variants(m.starting_gold, |v| v.starting_gold);
    if !gold.is_empty() {
        rows.push(row(&["**Starting gold per player:** ", &gold]));
    }
    Block::Bullets(rows)
}

/// What the fixed hexes of a map are, in words.
pub(super) fn fixed_summary(map: &MapDef) -> Vec<Block> {
    let mut fixed: Vec<(Terrain, u32)> = Vec::new();
    let mut printed: Vec<u8> = Vec::new();
    let mut chip_drawn = 0;
    for c in &map.cells {
        if let CellContent::Fixed { terrain, number, chip_region } = c.content {
            match fixed.iter_mut().find(|(t, _)| *t == terrain) {
                Some(e) => e.1 += 1,
                None => fixed.push((terrain, 1)),
            }
            printed.extend(number);
            if chip_region.is_some() {
                chip_drawn += 1;
            }
        }
    }
    fixed.sort_by_key(|(t, _)| t.index());
    let mut out = Vec::new();
    let mut lines = Vec::new();
    if !fixed.is_empty() {
        lines.push(vec![
            Span::bold("Fixed hexes: "),
            Span::plain(counts_text(&fixed, |t| t.label().to_string())),
            Span::plain("."),
        ]);
    }
    if !printed.is_empty() {
        printed.sort_unstable();
        lines.push(vec![
            Span::bold("Chips printed on fixed hexes: "),
            Span::plain(numbers_text(&printed)),
            Span::plain("."),
        ]);
    }
    if chip_drawn > 0 {
        lines.push(vec![Span::plain(match chip_drawn {
            1 => "1 fixed hex takes its chip from a region's pool.".to_string(),
            n => format!("{n} fixed hexes take their chips from their regions' pools."),
        })]);
    }
    let fixed_harbors: Vec<String> = map
        .cells
        .iter()
        .filter_map(|c| c.harbor.and_then(|h| h.kind).map(|k| k.name().to_string()))
        .collect();
    if !fixed_harbors.is_empty() {
        let c = counted(fixed_harbors.iter().map(String::as_str));
        lines.push(vec![
            Span::bold("Fixed harbors: "),
            Span::plain(harbor_text(&c)),
            Span::plain("."),
        ]);
    }
    if !map.harbor_pool.is_empty() {
        let c = counted(map.harbor_pool.iter().map(|k| k.name()));
        lines.push(vec![
            Span::bold("Harbors dealt at random: "),
            Span::plain(harbor_text(&c)),
            Span::plain("."),
        ]);
    }
    if !lines.is_empty() {
        out.push(Block::Bullets(lines));
    }
    out
}

pub(super) fn regions_table(map: &MapDef) -> Option<Block> {
    if map.regions.is_empty() {
        return None;
    }
    let rows = map
        .regions
        .iter()
        .map(|r| {
            let mut tiles = counts_text(&r.tiles, |t| t.label().to_string());
            if !r.harbors.is_empty() {
                let h = counted(r.harbors.iter().map(|k| k.name()));
                tiles.push_str(&format!(" (harbor tiles: {})", harbor_text(&h)));
            }
            vec![
                Cell::new(&format!("**{}**", r.name)),
                Cell::new(&tiles),
                Cell::new(&numbers_text(&r.numbers)),
                Cell::new(if r.face_down { "face down" } else { "face up" }),
            ]
        })
        .collect();
    Some(Block::Table {
        header: vec!["Region".into(), "Tiles".into(), "Number chips".into(), "Dealt".into()],
        rows,
        col_widths: Some(vec![1.3, 2.6, 2.2, 0.9]),
    })
}

/// The face-down areas, as the players may know them: how many tiles and
/// chips, their placement codes, and the one setup story of the plan: the
/// table lays every tile back side up on the hex showing its code and
/// stacks the chips in the order on their backs, or a host who does not
/// play builds from the builder's sheet. What lies where, and the stack's
/// order, stay hidden.
pub(super) fn face_down_blocks(layout: &Layout) -> Vec<Block> {
    let codes = crate::compose::placement::Codes::of(layout);
    let items: Vec<Vec<Span>> = layout
        .regions
        .iter()
        .enumerate()
        .filter(|(_, r)| r.face_down)
        .filter_map(|(ri, r)| {
            let tiles = codes.count(ri);
            if tiles == 0 {
                return None;
            }
            let range = codes.range(ri).unwrap_or_default();
            // Face-up fixed hexes that took their chips from this pool.
            let shown = layout
                .hexes
                .iter()
                .filter(|h| h.region == Some(ri as u32) && !h.face_down && h.number.is_some())
                .count();
            let (its, other) = match shown {
                0 => ("", ""),
                _ => (" other", " other"),
            };
            let stack = match r.chip_stack.len() {
                0 if shown == 0 => "it has no number chips".to_string(),
                0 => "it has no other number chips".to_string(),
                1 => format!("its 1{its} number chip lies face down beside the board"),
                n => format!(
                    "its {n}{other} number chips lie in one face-down stack beside the board, in \
                     the order on their backs ({} on top)",
                    crate::compose::placement::stack_code(1, n)
                ),
            };
            let stack = match shown {
                0 => stack,
                1 => format!("1 of its number chips lies face up on its fixed hex, as the map shows; {stack}"),
                k => format!("{k} of its number chips lie face up on its fixed hexes, as the map shows; {stack}"),
            };
            Some(vec![
                Span::bold(format!("{}: ", r.name)),
                Span::plain(format!(
                    "its {tiles} tiles lie face down, each on the hex whose code its back shows \
                     ({range}); {stack}."
                )),
            ])
        })
        .collect();
    if items.is_empty() {
        return Vec::new();
    }
    vec![
        heading(2, "Face-down areas"),
        Block::Paragraph(Span::parse(
            "The generator has already dealt these areas, and nobody needs to see a hidden face \
             to set them up: every face-down tile carries on its back the code of its hex, which \
             the map prints on that hex, and every chip of a face-down stack its place in the \
             stack. Cut them out and lay them back side up, each tile on its code and each \
             stack in the order of its backs, without turning any over. A host who does not \
             play may build the board from the builder's sheet instead. Nobody shuffles the \
             tiles or chips again, and nobody looks under a tile before it is revealed.",
        )),
        Block::Bullets(items),
    ]
}

/// The features on the map's hex sides, each with how many sides of this
/// map carry it and the rules the scenario gives it; the printed pieces
/// of a feature (bridges to build) are named with their count.
pub(super) fn sides_blocks(s: &Scenario, layout: &Layout) -> Vec<Block> {
    let sides = &layout.sides;
    let items: Vec<Vec<Span>> = s
        .game
        .sides
        .iter()
        .enumerate()
        .filter(|(k, f)| sides.count(*k) > 0 || f.pieces > 0)
        .map(|(k, f)| {
            let n = sides.count(k);
            let drawn = match f.kind.look {
                crate::model::sides::SideLook::River => "a band of water along the side",
                crate::model::sides::SideLook::Bridge => "a bridge across a river",
                crate::model::sides::SideLook::Wall => "a dark bar along the side",
            };
            let mut line = vec![Span::bold(format!("{}: ", f.kind.name))];
            line.push(Span::plain(match n {
                0 => "none on the map at the start".to_string(),
                1 => format!("1 side of the map, drawn as {drawn}"),
                n => format!("{n} sides of the map, each drawn as {drawn}"),
            }));
            if f.pieces > 0 {
                line.push(Span::plain(format!("; {} printed pieces", f.pieces)));
            }
            line.push(Span::plain(". "));
            if let Some(t) = &f.text {
                line.extend(Span::parse(t));
            }
            line
        })
        .collect();
    if items.is_empty() {
        return Vec::new();
    }
    vec![heading(2, "On the hex sides"), Block::Bullets(items)]
}
