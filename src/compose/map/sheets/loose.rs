//! The loose pieces on the tiled sheets: each hex printed whole on its host
//! sheet with its cut line and caption, and its name where it is glued.

use super::Ctx;
use crate::compose::art::text;
use crate::compose::flow::wrap::pack_units;
use crate::compose::map::cuts::label;
use crate::compose::map::cuts::loose::{visible, Loose, CAPTION, CLEAR};
use crate::compose::map::keepout::overlaps;
use crate::fonts::text_width;
use crate::scene::{Anchor, Item, Path, Pt, Rect, Stroke, TextRole, Transform, Weight};

/// The paper a loose piece and its caption take on sheet `row`, `col`.
pub(super) fn loose_areas(cx: &Ctx<'_>, row: usize, col: usize) -> Vec<Rect> {
    let g = cx.canvas.geom;
    cx.t.loose
        .iter()
        .filter(|l| l.host == (row, col))
        .map(|l| {
            Rect::new(l.at.x - g.flat / 2.0, l.at.y - g.radius(), g.flat, g.height() + CAPTION)
        })
        .collect()
}

/// The loose pieces printed on sheet `row`, `col` (each hex whole, with its
/// dashed cut line and caption), and the glue mark of every loose piece
/// that covers part of this sheet: its name on the hex it is glued over.
pub(super) fn loose_pieces(cx: &Ctx<'_>, row: usize, col: usize) -> Vec<Item> {
    let g = cx.canvas.geom;
    let mut items = Vec::new();
    for (k, l) in cx.t.loose.iter().enumerate() {
        let name = Loose::name(k);
        let c = cx.canvas.hexes[l.hex];
        if l.host == (row, col) {
            items.extend(printed_piece(cx, l, &name));
        } else if overlaps(
            cx.t.window(row, col),
            Rect::new(c.x - g.flat / 2.0, c.y - g.radius(), g.flat, g.height()),
        ) {
            items.extend(glue_mark(cx, row, col, c, name));
        }
    }
    items
}

/// A loose piece `name` on its host sheet: the hex's art moved to the
/// piece's place, its dashed cut line and its caption.
fn printed_piece(cx: &Ctx<'_>, l: &Loose, name: &str) -> Vec<Item> {
    let (g, pal) = (cx.canvas.geom, cx.pal);
    let c = cx.canvas.hexes[l.hex];
    let hex = Rect::new(c.x - g.flat / 2.0, c.y - g.radius(), g.flat, g.height());
    let art: Vec<Item> = cx
        .canvas
        .blocks
        .iter()
        .filter(|b| overlaps(b.bounds, hex))
        .map(|b| b.item.clone())
        .collect();
    let mut items = vec![
        Item::Group {
            transform: Transform::translate(l.at.x - c.x, l.at.y - c.y),
            clip: Some(g.outline(c)),
            items: art,
        },
        Item::Path {
            path: g.outline(l.at),
            fill: None,
            stroke: Some(Stroke { color: pal.ink, width: 0.3, dash: vec![3.0, 2.0] }),
        },
    ];
    let (from_r, from_c) = l.instead_of;
    let caption = format!(
        "{name}: loose piece for the board's edge (instead of sheet {}): cut it out and glue it over the hex marked {name}",
        label(from_r, from_c)
    );
    // Wrapped to the piece's width and the paper kept clear beside
    // it, at most 2.5 mm tall (three lines fill the caption's room),
    // never below the footer's 6 pt floor.
    let size = cx.small.min(2.5).max(TextRole::Footer.min_mm());
    let room = g.flat + 2.0 * CLEAR;
    for (i, line) in pack_units(caption.split_whitespace(), " ", Weight::Regular, size, room)
        .into_iter()
        .enumerate()
    {
        items.push(
            text(
                Pt::new(l.at.x, l.at.y + g.radius() + 1.0 + size * (1.0 + 1.2 * i as f64)),
                line,
                size,
                Weight::Regular,
                Anchor::Middle,
                pal.ink,
            )
            .with_role(TextRole::Footer),
        );
    }
    items
}

/// The glue mark of loose piece `name` on sheet `row`, `col`, where the
/// piece will cover it: on the part of the hex (centre `c`) this sheet
/// shows, nearest the hex's centre.
fn glue_mark(cx: &Ctx<'_>, row: usize, col: usize, c: Pt, name: String) -> Vec<Item> {
    let pal = cx.pal;
    let v = visible(cx.t, row, col);
    let p = Pt::new(c.x.clamp(v.x + 6.0, v.x + v.w - 6.0), c.y.clamp(v.y + 4.0, v.y + v.h - 4.0));
    let size = 4.0;
    let w = text_width(&name, Weight::Bold, size) + 2.0;
    vec![
        Item::Path {
            path: Path::rect(Rect::new(p.x - w / 2.0, p.y - size * 0.75, w, size * 1.5)),
            fill: Some(pal.paper),
            stroke: Some(Stroke { color: pal.ink, width: 0.3, dash: vec![1.0, 1.0] }),
        },
        text(Pt::new(p.x, p.y + 0.36 * size), name, size, Weight::Bold, Anchor::Middle, pal.ink),
    ]
}
