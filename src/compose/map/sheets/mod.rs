//! The sheets of a tiled map: each shows its window of the canvas, a grey
//! glue strip where the next sheet is laid on, alignment lines that continue
//! from sheet to sheet, and its label (A1, A2, B1...); an overview page first
//! shows the assembly and carries the title block and legend.
//!
//! Nothing is printed where the glued board shows a chip, harbor, pictogram
//! or name: labels go in a glue strip (covered by the next sheet) or on
//! paper outside the board, and the alignment lines cross each cut only
//! where it runs clear of the board's ink ([`crate::compose::map::keepout`]).

use crate::compose::art::text;
use crate::compose::map::canvas::MapCanvas;
use crate::compose::map::cuts::{hex_in_rect, label, Tiling};
use crate::compose::map::keepout::{ink_areas, overlaps};
use crate::fonts::text_width;
use crate::scene::{
    Anchor, Color, Document, Item, Page, Path, Pt, Rect, Stroke, TextRole, Transform, Weight,
};
use crate::theme::Palette;

mod loose;
mod marks;

use loose::{loose_areas, loose_pieces};
use marks::{cross, cut_spots, dashed, solid};

/// Length of an alignment line on the visible side of a cut.
const TICK: f64 = 4.0;
/// Height of a sheet label box.
const LABEL_H: f64 = 11.0;

/// What the sheets need besides the tiling.
struct Ctx<'a> {
    canvas: &'a MapCanvas,
    t: &'a Tiling,
    margin: f64,
    pal: &'a Palette,
    /// The shade of the glue strips (`[inks] glue_strip`).
    glue: Color,
    small: f64,
    ink: Vec<Rect>,
    /// Each grid cell's label box, once placed.
    labels: Vec<Option<Placed>>,
}

impl Ctx<'_> {
    /// The printable area of a sheet, in canvas mm.
    fn printable(&self, row: usize, col: usize) -> Rect {
        let (w, h) = self.t.sheet;
        Rect::new(
            self.t.cols[col].0,
            self.t.rows[row].0,
            w - 2.0 * self.margin,
            h - 2.0 * self.margin,
        )
    }

    /// The board's ink near `area` (for many tests in one place).
    fn ink_near(&self, area: Rect) -> Vec<Rect> {
        self.ink.iter().filter(|i| overlaps(**i, area)).copied().collect()
    }

    /// Centres of the hexes that may touch `area`.
    fn hexes_near(&self, area: Rect) -> Vec<Pt> {
        let near = area.inflate(self.canvas.geom.radius() + 2.0);
        let inside =
            |c: &Pt| c.x > near.x && c.x < near.x + near.w && c.y > near.y && c.y < near.y + near.h;
        self.canvas.hexes.iter().filter(|c| inside(c)).copied().collect()
    }

    /// The right glue strip of a sheet, if a sheet is laid over it.
    fn right_strip(&self, row: usize, col: usize) -> Option<Rect> {
        self.t.has(row, col + 1).then(|| {
            let w = self.t.window(row, col);
            let c = self.t.cols[col + 1].0;
            Rect::new(c, w.y, w.x + w.w - c, w.h)
        })
    }

    /// The bottom glue strip of a sheet, if a sheet is laid over it.
    fn bottom_strip(&self, row: usize, col: usize) -> Option<Rect> {
        self.t.has(row + 1, col).then(|| {
            let w = self.t.window(row, col);
            let c = self.t.rows[row + 1].0;
            Rect::new(w.x, c, w.w, w.y + w.h - c)
        })
    }
}

/// A label box: where, and whether it is turned to read along a vertical strip.
#[derive(Clone, Copy, Debug)]
struct Placed {
    rect: Rect,
    turned: bool,
}

/// Where the label box of `w` x [`LABEL_H`] mm goes on a sheet: in a glue
/// strip, else on paper off the board, else anywhere clear of the board's
/// ink, else the top-left corner.
fn place_label(cx: &Ctx<'_>, row: usize, col: usize, w: f64) -> Placed {
    let h = LABEL_H;
    if let Some(s) = cx.bottom_strip(row, col) {
        if s.h >= h && s.w >= w + 4.0 {
            return Placed {
                rect: Rect::new(s.x + 2.0, s.y + (s.h - h) / 2.0, w, h),
                turned: false,
            };
        }
    }
    if let Some(s) = cx.right_strip(row, col) {
        if s.w >= h && s.h >= w + 4.0 {
            return Placed {
                rect: Rect::new(s.x + (s.w - h) / 2.0, s.y + 2.0, h, w),
                turned: true,
            };
        }
    }
    let p = cx.printable(row, col);
    let fits =
        |r: Rect| r.x >= p.x && r.y >= p.y && r.x + r.w <= p.x + p.w && r.y + r.h <= p.y + p.h;
    let step = 6.0;
    let (nx, ny) = ((p.w / step) as usize, (p.h / step) as usize);
    let spots = |bw: f64, bh: f64| {
        (0..=ny).flat_map(move |j| {
            (0..=nx).map(move |i| Rect::new(p.x + i as f64 * step, p.y + j as f64 * step, bw, bh))
        })
    };
    let (ink, hexes, g) = (cx.ink_near(p), cx.hexes_near(p), cx.canvas.geom);
    let loose = loose_areas(cx, row, col);
    let on_board = |r: Rect| {
        if loose.iter().any(|l| overlaps(*l, r.inflate(1.0))) {
            return true;
        }
        let near = r.inflate(g.radius() + 1.0);
        hexes.iter().any(|c| {
            let close = (c.x - (near.x + near.w / 2.0)).abs() < near.w / 2.0
                && (c.y - (near.y + near.h / 2.0)).abs() < near.h / 2.0;
            close && hex_in_rect(g, *c, r.inflate(1.0))
        })
    };
    for turned in [false, true] {
        let (bw, bh) = if turned { (h, w) } else { (w, h) };
        if let Some(rect) = spots(bw, bh).find(|r| fits(*r) && !on_board(*r)) {
            return Placed { rect, turned };
        }
    }
    for turned in [false, true] {
        let (bw, bh) = if turned { (h, w) } else { (w, h) };
        let on_ink = |r: Rect| ink.iter().any(|i| overlaps(*i, r.inflate(1.0)));
        if let Some(rect) = spots(bw, bh).find(|r| fits(*r) && !on_ink(*r)) {
            return Placed { rect, turned };
        }
    }
    Placed { rect: Rect::new(p.x, p.y, w, h), turned: false }
}

/// The label box's contents, drawn at (0, 0) reading left to right.
fn label_items(
    name: &str,
    info: &str,
    footer: &str,
    w: f64,
    pal: &Palette,
    small: f64,
) -> Vec<Item> {
    let nw = text_width(name, Weight::Bold, 5.0);
    vec![
        Item::Path {
            path: Path::rect(Rect::new(0.0, 0.0, w, LABEL_H)),
            fill: Some(pal.paper),
            stroke: Some(Stroke::solid(pal.ink, 0.3)),
        },
        text(Pt::new(2.0, 5.8), name, 5.0, Weight::Bold, Anchor::Start, pal.ink),
        text(Pt::new(4.0 + nw, 5.8), info, small * 0.8, Weight::Regular, Anchor::Start, pal.ink)
            .with_role(TextRole::Footer),
        text(Pt::new(2.0, 9.4), footer, small * 0.8, Weight::Regular, Anchor::Start, pal.ink)
            .with_role(TextRole::Footer),
    ]
}

/// Everything one sheet shows: the map window, strips, marks and label.
fn sheet(cx: &Ctx<'_>, row: usize, col: usize, number: usize) -> Page {
    let (t, pal, small) = (cx.t, cx.pal, cx.small);
    let win = t.window(row, col);
    let region = t.region;
    let mut items: Vec<Item> = cx
        .canvas
        .blocks
        .iter()
        .filter(|b| overlaps(b.bounds, region) && overlaps(b.bounds, win))
        .map(|b| b.item.clone())
        .collect();
    let name = label(row, col);
    let info = format!("sheet {number} of {} · map 1:1", t.sheets());
    let w = label_width(cx, &name);
    let placed =
        cx.labels[row * t.cols.len() + col].unwrap_or_else(|| place_label(cx, row, col, w));
    let marks = glue_strips(cx, row, col, placed.rect, &mut items);
    let note_areas: Vec<Rect> =
        std::iter::once(placed.rect).chain(marks.iter().map(|(a, _)| *a)).collect();
    let blocked = |r: Rect| note_areas.iter().any(|a| overlaps(*a, r));
    items.extend(marks.into_iter().map(|(_, i)| i));
    items.extend(alignment_lines(cx, row, col, placed.rect, blocked));
    items.extend(loose_pieces(cx, row, col));
    let mut page = Page::new(t.sheet.0, t.sheet.1, name.clone());
    let shift = Transform::translate(cx.margin - win.x, cx.margin - win.y);
    page.push(Item::Group { transform: shift, clip: Some(Path::rect(win)), items });
    let r = placed.rect;
    let m = if placed.turned {
        [0.0, 1.0, -1.0, 0.0, r.x + r.w, r.y]
    } else {
        [1.0, 0.0, 0.0, 1.0, r.x, r.y]
    };
    let boxed = label_items(&name, &info, &cx.canvas.footer, w, pal, small);
    page.push(Item::Group {
        transform: shift,
        clip: None,
        items: vec![Item::Group { transform: Transform { m }, clip: None, items: boxed }],
    });
    page
}

/// The grey glue strips of sheet `row`, `col` (pushed on `items`), and the
/// note on each naming the sheet that covers it, where the note stays clear
/// of the label box `label_at`: returned with the area each takes.
fn glue_strips(
    cx: &Ctx<'_>,
    row: usize,
    col: usize,
    label_at: Rect,
    items: &mut Vec<Item>,
) -> Vec<(Rect, Item)> {
    let glue = cx.glue;
    let mut marks = Vec::new();
    let (right, bottom) = (cx.right_strip(row, col), cx.bottom_strip(row, col));
    for (strip, turned, next) in [(right, true, (row, col + 1)), (bottom, false, (row + 1, col))] {
        let Some(mut s) = strip else { continue };
        items.push(Item::Path { path: Path::rect(s), fill: Some(glue), stroke: None });
        // The corner where both strips meet belongs to neither note.
        if turned {
            s.h -= bottom.map_or(0.0, |b| b.h);
        } else {
            s.w -= right.map_or(0.0, |r| r.w);
        }
        let msg = format!("glue {} here", label(next.0, next.1));
        let size = cx.small.min(s.w.min(s.h) * 0.45);
        let tw = text_width(&msg, Weight::Regular, size);
        // At the far end of the strip, away from the label.
        let (m, area) = if turned {
            let x = s.x + s.w / 2.0 - size * 0.35;
            let y = s.y + s.h - 4.0 - tw;
            ([0.0, 1.0, -1.0, 0.0, x, y], Rect::new(x - 0.3 * size, y, size * 1.3, tw))
        } else {
            let x = s.x + s.w - 4.0 - tw;
            let y = s.y + s.h / 2.0 + size * 0.35;
            ([1.0, 0.0, 0.0, 1.0, x, y], Rect::new(x, y - size, tw, size * 1.3))
        };
        if !overlaps(area, label_at) {
            let note = text(Pt::default(), msg, size, Weight::Regular, Anchor::Start, cx.pal.ink)
                .with_role(TextRole::Footer);
            marks.push((
                area,
                Item::Group { transform: Transform { m }, clip: None, items: vec![note] },
            ));
        }
    }
    marks
}

/// Alignment lines: full lines and crosses on the sheet underneath (in its
/// strip, crosses only where not `blocked` by a note), short ticks at the
/// cut edge of the sheet on top; `label_at` is this sheet's label box.
fn alignment_lines(
    cx: &Ctx<'_>,
    row: usize,
    col: usize,
    label_at: Rect,
    blocked: impl Fn(Rect) -> bool,
) -> Vec<Item> {
    let (t, pal) = (cx.t, cx.pal);
    let win = t.window(row, col);
    let mut items = Vec::new();
    if t.has(row, col + 1) {
        let c = t.cols[col + 1].0;
        let s = cx.right_strip(row, col).unwrap_or(win);
        for y in cut_spots(cx, row, col + 1, true, Some(label_at)) {
            if !blocked(Rect::new(s.x, y - 4.5, s.w, 9.0)) {
                items.extend(cross(Pt::new(s.x + s.w / 2.0, y), pal));
            }
            items.push(solid(Pt::new(c - TICK, y), Pt::new(s.x + s.w, y), pal.ink, 0.2));
        }
    }
    if t.has(row + 1, col) {
        let c = t.rows[row + 1].0;
        let s = cx.bottom_strip(row, col).unwrap_or(win);
        for x in cut_spots(cx, row + 1, col, false, Some(label_at)) {
            if !blocked(Rect::new(x - 4.5, s.y, 9.0, s.h)) {
                items.extend(cross(Pt::new(x, s.y + s.h / 2.0), pal));
            }
            items.push(solid(Pt::new(x, c - TICK), Pt::new(x, s.y + s.h), pal.ink, 0.2));
        }
    }
    if col > 0 && t.has(row, col - 1) {
        items.push(dashed(Pt::new(win.x, win.y), Pt::new(win.x, win.y + win.h), pal.ink, 0.3));
        let under = label_rect_of(cx, row, col - 1);
        for y in cut_spots(cx, row, col, true, Some(under)) {
            items.push(solid(Pt::new(win.x, y), Pt::new(win.x + TICK, y), pal.ink, 0.3));
        }
    }
    if row > 0 && t.has(row - 1, col) {
        items.push(dashed(Pt::new(win.x, win.y), Pt::new(win.x + win.w, win.y), pal.ink, 0.3));
        let under = label_rect_of(cx, row - 1, col);
        for x in cut_spots(cx, row, col, false, Some(under)) {
            items.push(solid(Pt::new(x, win.y), Pt::new(x, win.y + TICK), pal.ink, 0.3));
        }
    }
    items
}

/// Width of a sheet's label box (the same for every sheet of a map).
fn label_width(cx: &Ctx<'_>, name: &str) -> f64 {
    let n = cx.t.sheets();
    let info = format!("sheet {n} of {n} · map 1:1");
    let small = cx.small * 0.8;
    (text_width(name, Weight::Bold, 5.0) + 2.0 + text_width(&info, Weight::Regular, small))
        .max(text_width(&cx.canvas.footer, Weight::Regular, small))
        + 4.0
}

/// The label rectangle of another sheet (for the marks both sheets share).
fn label_rect_of(cx: &Ctx<'_>, row: usize, col: usize) -> Rect {
    let cached = cx.labels.get(row * cx.t.cols.len() + col).copied().flatten();
    cached.unwrap_or_else(|| place_label(cx, row, col, label_width(cx, &label(row, col)))).rect
}

/// The sheets of the map at 1:1 (the caller puts the overview page first).
pub(crate) fn tile_document(
    canvas: &MapCanvas,
    t: &Tiling,
    margin: f64,
    pal: &Palette,
    glue: Color,
    small: f64,
) -> Document {
    let ink = ink_areas(&canvas.blocks, t.region, canvas.geom.flat, 0.5);
    let mut cx = Ctx { canvas, t, margin, pal, glue, small, ink, labels: Vec::new() };
    let mut labels = vec![None; t.present.len()];
    for (row, col) in t.cells() {
        let w = label_width(&cx, &label(row, col));
        labels[row * t.cols.len() + col] = Some(place_label(&cx, row, col, w));
    }
    cx.labels = labels;
    let mut pages = Vec::new();
    for (i, (row, col)) in t.cells().into_iter().enumerate() {
        pages.push(sheet(&cx, row, col, i + 1));
    }
    Document { title: format!("{} - map", canvas.title), pages }
}
