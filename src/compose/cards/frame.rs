//! The frame of a reference card: its front's paper and border, and the
//! common back every card shares.

use super::face::{line_items, text_item, Sz};
use super::*;

/// A card's front: paper to the bleed edge and a border, under `body`.
pub(super) fn front(width: f64, height: f64, body: Vec<Item>, ink: Ink) -> Vec<Item> {
    let mut v = vec![
        // Background to the bleed edge.
        Item::Path {
            path: Path::rect(Rect::new(-width / 2.0, -height / 2.0, width, height).inflate(4.0)),
            fill: Some(ink.fill(ink.inks.piece_paper)),
            stroke: None,
        },
        Item::Path {
            path: Path::rect(Rect::new(-width / 2.0, -height / 2.0, width, height).inflate(-2.2)),
            fill: None,
            stroke: Some(Stroke::solid(ink.line(ink.inks.heading), 0.45)),
        },
    ];
    v.extend(body);
    v
}

/// The common back of every reference card: a framed panel with a hexagon,
/// "Reference" and the scenario title.
pub(crate) fn card_back(
    width: f64,
    height: f64,
    title: &str,
    ink: Ink,
) -> Result<Vec<Item>, FlowError> {
    let card = Rect::new(-width / 2.0, -height / 2.0, width, height);
    let inks = &ink.inks;
    let fg = if ink.look == crate::compose::pieces::tokens::Look::Color {
        inks.piece_paper
    } else {
        ink.line(inks.heading)
    };
    let mut v = vec![
        Item::Path {
            path: Path::rect(card.inflate(4.0)),
            fill: Some(ink.fill(ink.inks.heading)),
            stroke: None,
        },
        Item::Path {
            path: Path::rect(card.inflate(-3.0)),
            fill: None,
            stroke: Some(Stroke::solid(fg, 0.5)),
        },
        Item::Path {
            path: Path::rect(card.inflate(-4.0)),
            fill: None,
            stroke: Some(Stroke::solid(fg, 0.2)),
        },
    ];
    // A hex 0.22 widths from centre to corner.
    let r = 0.22 * width;
    let hex = crate::scene::HexGeom::new(r * crate::scene::hex::SQRT3);
    v.push(Item::Path {
        path: hex.outline(Pt::new(0.0, -0.08 * height)),
        fill: None,
        stroke: Some(Stroke::solid(fg, 0.8)),
    });
    let area = text_area(width, height);
    let size = (0.07 * width).min(4.0);
    let word = "Reference";
    let ws = size.min(0.9 * area.w / text_width(word, Weight::Bold, 1.0).max(1e-9));
    v.push(text_item(
        Pt::new(0.0, -0.08 * height + centre_baseline(ws)),
        word,
        ws,
        Weight::Bold,
        Anchor::Middle,
        fg,
    ));
    let small = (0.75 * size).max(MIN_SIZE);
    let mut y = 0.08 * height + r;
    for line in wrap(&[Span::plain(title)], small, area.w)?.iter().take(3) {
        let x = -line.width / 2.0;
        line_items(line, x, y + Sz::baseline(small, 1.4 * small), small, fg, &mut v);
        y += 1.4 * small;
    }
    Ok(v)
}
