//! Handout and plan text about the pack itself: every piece with its count,
//! where it comes from and where it starts (one list, [`crate::model::pieces`],
//! that the handout's table and the print plan's setup both read), the
//! parts to take from each box, the game terms, and the credits line (the
//! source by title, hexpress and its version, and that the pack is a
//! fan-made aid).

use crate::compose::flow::{Block, Cell, Span};
use crate::model::pieces::{Piece, PieceCount, PieceFrom};
use crate::model::Scenario;

/// Where a piece comes from, in words: "printed" or "Seafarers box".
pub(crate) fn from_text(p: &Piece) -> String {
    match &p.from {
        PieceFrom::Printed => "printed".to_string(),
        PieceFrom::Box(b) => format!("{b} box"),
    }
}

/// The parts a scenario takes from published boxes, one entry per box in
/// the order the boxes first appear among its pieces: the box and its items
/// with their counts for `players` ("60 ships (15 per player)"). Every piece
/// from a box is listed, the robber and the pirate the setup places too.
pub(crate) fn box_lists(s: &Scenario, players: u8) -> Vec<(String, Vec<String>)> {
    let from_box = &s.game.components.parts.from_box;
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for p in &s.game.pieces {
        let PieceFrom::Box(set) = &p.from else { continue };
        // The scenario's own words for a part it lists, else the piece's name.
        let item = from_box
            .iter()
            .find(|b| b.set == *set && b.item.eq_ignore_ascii_case(&p.name))
            .map_or_else(|| p.name.to_lowercase(), |b| b.item.clone());
        let line = p.count.of(&item, players);
        match out.iter_mut().find(|(b, _)| b == set) {
            Some((_, items)) => items.push(line),
            None => out.push((set.clone(), vec![line])),
        }
    }
    out
}

/// One line per piece for the print plan: "Castaway tokens (12, printed):
/// face down on the castaway spots of the map.", "Markers (8, 2 per player;
/// Explorers & Pirates box): ...".
pub(crate) fn piece_lines(s: &Scenario, players: u8) -> Vec<String> {
    s.game
        .pieces
        .iter()
        .map(|p| {
            let count = match (p.count, &p.mix) {
                (PieceCount::Total(n), Some(m)) => format!("{n}: {m};"),
                (PieceCount::Total(n), None) => format!("{n},"),
                (PieceCount::PerPlayer(n), _) => {
                    format!("{}, {n} per player;", n * u32::from(players))
                }
            };
            format!("{} ({count} {}): {}", p.name, from_text(p), p.starts)
        })
        .collect()
}

/// "Pieces and where they start": every piece of the pack with how many,
/// where it comes from and where it lies when the game begins. Empty when
/// the scenario lists none.
pub(crate) fn pieces_blocks(s: &Scenario, players: u8) -> Vec<Block> {
    let pieces = &s.game.pieces;
    if pieces.is_empty() {
        return Vec::new();
    }
    let rows = pieces
        .iter()
        .map(|p| {
            vec![
                Cell::new(&format!("**{}**", p.name)),
                Cell::new(&p.count_text(players)),
                Cell::new(&from_text(p)),
                Cell::new(&p.starts),
            ]
        })
        .collect();
    vec![
        Block::Heading { level: 2, text: "Pieces and where they start".into() },
        Block::Table {
            header: vec!["Piece".into(), "How many".into(), "From".into(), "Starts".into()],
            rows,
            col_widths: Some(vec![1.5, 1.0, 1.1, 3.4]),
        },
    ]
}

/// "Terms": the scenario's own game terms, each with its meaning in the
/// pack's words or the box whose rulebook defines it.
pub(crate) fn terms_blocks(s: &Scenario) -> Vec<Block> {
    let terms = &s.game.terms;
    if terms.is_empty() {
        return Vec::new();
    }
    let items = terms
        .iter()
        .map(|t| {
            let mut v = vec![Span::bold(format!("{}: ", t.term))];
            match (&t.means, &t.from_box) {
                (Some(m), Some(b)) => {
                    v.extend(Span::parse(m));
                    v.push(Span::plain(format!(" (see the {b} rules)")));
                }
                (Some(m), None) => v.extend(Span::parse(m)),
                (None, Some(b)) => v.push(Span::plain(format!("as in the {b} rules."))),
                (None, None) => {}
            }
            v
        })
        .collect();
    vec![Block::Heading { level: 2, text: "Terms".into() }, Block::Bullets(items)]
}

/// The credits line: the source by title and designer as the scenario file
/// gives them, the hexpress version, and that the pack is unofficial.
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
pub(crate) fn credits_blocks(s: &Scenario) -> Vec<Block> {
    vec![
        Block::Heading { level: 2, text: "Credits".into() },
        Block::Paragraph(vec![Span::plain(credits_text(s))]),
    ]
}
