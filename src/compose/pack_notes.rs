//! Handout blocks about the pack itself: what to gather before playing
//! (the sets, the printed parts, the parts taken from a box) and the
//! credits line (the scenario's source and designer, hexpress and its
//! version, and that the pack is a fan-made aid).

use super::flow::{Block, Span};
use crate::model::Scenario;

/// The parts a scenario takes from published boxes, one entry per box in
/// the order the boxes first appear: the box and its items ("2 knights",
/// or just the item when no count is given).
pub fn box_lists(s: &Scenario) -> Vec<(String, Vec<String>)> {
    let from_box = &s.game.components.parts.from_box;
    let mut sets: Vec<&str> = Vec::new();
    for b in from_box {
        if !sets.contains(&b.set.as_str()) {
            sets.push(&b.set);
        }
    }
    sets.into_iter()
        .map(|set| {
            let items = from_box
                .iter()
                .filter(|b| b.set == set)
                .map(|b| match b.count {
                    Some(n) => format!("{n} {}", b.item),
                    None => b.item.clone(),
                })
                .collect();
            (set.to_string(), items)
        })
        .collect()
}

/// "What you need": the sets, the scenario's printed generic parts and the
/// parts to take from published boxes. Empty when the scenario lists none.
pub fn needs_blocks(s: &Scenario) -> Vec<Block> {
    let p = &s.game.components.parts;
    let mut rows: Vec<Vec<Span>> = Vec::new();
    for (set, items) in box_lists(s) {
        rows.push(vec![
            Span::plain(format!("From your {set} box: ")),
            Span::bold(items.join(", ")),
        ]);
    }
    let printed: Vec<String> = p
        .tokens
        .iter()
        .map(|t| format!("{} {}", t.count, t.name))
        .chain(p.cards.iter().map(|c| format!("{} {}", c.count, c.title)))
        .chain(p.tracks.iter().map(|t| format!("{} {} track", t.count, t.name)))
        .collect();
    if !printed.is_empty() {
        rows.push(vec![
            Span::plain("From the component sheets: "),
            Span::plain(printed.join(", ")),
        ]);
    }
    if rows.is_empty() {
        return Vec::new();
    }
    vec![Block::Heading { level: 2, text: "What you need".into() }, Block::Bullets(rows)]
}

/// The credits line: source and designer as the scenario file gives them,
/// the hexpress version, and that the pack is unofficial.
pub fn credits_text(s: &Scenario) -> String {
    let m = &s.meta;
    let mut parts = Vec::new();
    if let Some(src) = &m.source {
        parts.push(format!("Source: {src}."));
    }
    if let Some(d) = &m.designer {
        parts.push(format!("Designed by {d}."));
    }
    parts.push(format!(
        "Pack made with hexpress {}. A fan-made aid, not an official Catan product.",
        env!("CARGO_PKG_VERSION")
    ));
    parts.join(" ")
}

/// The credits as a closing block.
pub fn credits_blocks(s: &Scenario) -> Vec<Block> {
    vec![
        Block::Heading { level: 2, text: "Credits".into() },
        Block::Paragraph(vec![Span::plain(credits_text(s))]),
    ]
}
