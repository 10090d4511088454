//! The overview page of a tiled map: how to assemble the sheets (the board
//! in small with every printed sheet outlined and named), then the map's
//! title block, scale ruler and legend at full size, which the sheets
//! themselves leave out.

use super::art::text;
use super::map::{Block, MapCanvas};
use super::tiles::{label, Tiling};
use crate::scene::{Anchor, Color, Item, Page, Path, Pt, Stroke, TextRole, Transform, Weight};
use crate::theme::Palette;

/// Gap between the key's blocks, in mm.
const GAP: f64 = 6.0;

/// Places the key's blocks left to right in rows no wider than `width`,
/// starting at (`x`, `y`); returns the items and the height used.
fn flow(blocks: &[Block], x: f64, y: f64, width: f64) -> (Vec<Item>, f64) {
    let mut items = Vec::new();
    let (mut cx, mut cy, mut line_h) = (x, y, 0.0f64);
    for b in blocks {
        let r = b.bounds;
        if cx > x && cx + r.w > x + width {
            cx = x;
            cy += line_h + GAP;
            line_h = 0.0;
        }
        // A block wider than the page is shrunk to fit (none is, at the
        // width the key is laid out for).
        let k = if r.w > width { width / r.w } else { 1.0 };
        let m = [k, 0.0, 0.0, k, cx - r.x * k, cy - r.y * k];
        items.push(Item::Group {
            transform: Transform { m },
            clip: None,
            items: vec![b.item.clone()],
        });
        cx += r.w * k + GAP;
        line_h = line_h.max(r.h * k);
    }
    (items, if blocks.is_empty() { 0.0 } else { cy + line_h - y })
}

/// The assembly page: instructions, the sheets over the board in small, and
/// the key at full size.
pub fn overview(canvas: &MapCanvas, t: &Tiling, margin: f64, pal: &Palette, small: f64) -> Page {
    let (w, h) = t.sheet;
    let mut page = Page::new(w, h, "overview");
    let head = margin + 8.0;
    page.push(text(
        Pt::new(margin, head),
        format!("{} - assembly", canvas.title),
        6.0,
        Weight::Bold,
        Anchor::Start,
        pal.ink,
    ));
    let skipped = t.present.len() - t.sheets();
    let mut lines = vec![format!(
        "{} sheets ({} columns x {} rows), {}, printed at 1:1: print at actual size, no scaling.",
        t.sheets(),
        t.cols.len(),
        t.rows.len(),
        if t.landscape { "landscape" } else { "portrait" }
    )];
    if skipped > 0 {
        lines.push(format!(
            "{skipped} place{} of the grid hold{} no part of the board and {} not printed.",
            if skipped == 1 { "" } else { "s" },
            if skipped == 1 { "s" } else { "" },
            if skipped == 1 { "is" } else { "are" }
        ));
    }
    lines.push(
        "Trim each sheet along its dashed cut lines, lay it over the grey glue strip of its"
            .to_string(),
    );
    lines.push(
        "neighbour so the lines meet, and glue. Work row by row from the first sheet.".into(),
    );
    for (i, l) in lines.iter().enumerate() {
        page.push(text(
            Pt::new(margin, head + 7.0 + i as f64 * small * 1.5),
            l.clone(),
            small,
            Weight::Regular,
            Anchor::Start,
            pal.ink,
        ));
    }
    let top = head + 7.0 + lines.len() as f64 * small * 1.5 + 4.0;
    let avail_w = w - 2.0 * margin;
    // The key at the foot of the page.
    let (key, key_h) = flow(&canvas.key, 0.0, 0.0, avail_w);
    let key_top = h - margin - key_h;
    let avail = (avail_w, (key_top - GAP - top).max(10.0));
    let region = t.region;
    let k = (avail.0 / region.w).min(avail.1 / region.h);
    let ox = margin + (avail.0 - region.w * k) / 2.0;
    let mut items: Vec<Item> = canvas
        .blocks
        .iter()
        .filter(|b| super::keepout::overlaps(b.bounds, region))
        // A reduced picture of the map: its text is read on the map sheets.
        .map(|b| b.item.clone().with_role(TextRole::Picture))
        .collect();
    for (row, col) in t.cells() {
        let win = t.window(row, col);
        items.push(Item::Path {
            path: Path::rect(win),
            fill: Some(Color { r: 255, g: 255, b: 255, a: 60 }),
            stroke: Some(Stroke::solid(Color::rgb(200, 20, 20), 0.6 / k)),
        });
        let size = 7.0 / k;
        let c = Pt::new(win.x + win.w / 2.0, win.y + win.h / 2.0 + size * 0.35);
        items.push(text(
            c,
            label(row, col),
            size,
            Weight::Bold,
            Anchor::Middle,
            Color::rgb(200, 20, 20),
        ));
    }
    page.push(Item::Group {
        transform: Transform { m: [k, 0.0, 0.0, k, ox - region.x * k, top - region.y * k] },
        clip: Some(Path::rect(region)),
        items,
    });
    page.push(Item::Group {
        transform: Transform::translate(margin, key_top),
        clip: None,
        items: key,
    });
    page
}
