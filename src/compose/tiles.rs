//! Cutting the 1:1 map canvas into printable sheets: glue strips, alignment
//! marks that continue from sheet to sheet, page labels (A1, A2, B1...) and
//! an assembly overview page.
//!
//! Cuts are straight lines; each is placed, where the sheet size allows, in a
//! gap between number chips and harbor tokens so none is cut in two.

use super::art::{text, text_width};
use super::map::MapCanvas;
use crate::scene::{
    Anchor, Color, Document, Item, Page, Path, Pt, Rect, Stroke, TextRole, Transform, Weight,
};
use crate::theme::Palette;

/// How the canvas is cut.
#[derive(Clone, Debug, PartialEq)]
pub struct Tiling {
    /// Sheet width and height in mm (after choosing the orientation).
    pub sheet: (f64, f64),
    /// Whether the sheets are turned to landscape.
    pub landscape: bool,
    /// Canvas x ranges shown by each column of sheets.
    pub cols: Vec<(f64, f64)>,
    /// Canvas y ranges shown by each row of sheets.
    pub rows: Vec<(f64, f64)>,
    /// Whether every cut avoids chips and harbor tokens.
    pub cuts_clear: bool,
}

impl Tiling {
    /// Number of map sheets.
    pub fn sheets(&self) -> usize {
        self.cols.len() * self.rows.len()
    }
}

/// Sheet label: row letter, column number (`A1`, `A2`, `B1`).
pub fn label(row: usize, col: usize) -> String {
    let letter =
        if row < 26 { char::from(b'A' + row as u8).to_string() } else { format!("R{}", row + 1) };
    format!("{letter}{}", col + 1)
}

/// Windows along one axis. A window after the first starts at the previous
/// cut; the previous one runs `overlap` past the cut (its glue strip). Cuts
/// avoid the `keep` intervals unless that would cost an extra sheet.
fn axis(len: f64, printable: f64, overlap: f64, keep: &[(f64, f64)]) -> (Vec<(f64, f64)>, bool) {
    let (plain, _) = axis_avoiding(len, printable, overlap, &[]);
    let (avoiding, clear) = axis_avoiding(len, printable, overlap, keep);
    if avoiding.len() > plain.len() {
        let free = plain.iter().skip(1).all(|(c, _)| !keep.iter().any(|(lo, hi)| c > lo && c < hi));
        (plain, free)
    } else {
        (avoiding, clear)
    }
}

fn axis_avoiding(
    len: f64,
    printable: f64,
    overlap: f64,
    keep: &[(f64, f64)],
) -> (Vec<(f64, f64)>, bool) {
    let mut out = Vec::new();
    let mut clear = true;
    let mut s = 0.0;
    while s + printable < len - 1e-6 {
        let limit = s + printable - overlap;
        let free = |c: f64| !keep.iter().any(|(lo, hi)| c > *lo && c < *hi);
        let floor = s + 0.4 * (printable - overlap);
        let mut cands: Vec<f64> =
            keep.iter().map(|(lo, _)| *lo).filter(|c| *c <= limit && *c >= floor).collect();
        cands.push(limit);
        let best = cands.into_iter().filter(|c| free(*c)).fold(f64::MIN, f64::max);
        let cut = if best > f64::MIN {
            best
        } else {
            clear = false;
            limit
        };
        out.push((s, cut + overlap));
        s = cut;
    }
    out.push((s, len.max(s + 1.0)));
    (out, clear)
}

/// Plans the sheets for `paper` (portrait width, height) with `margin` and
/// `overlap`, choosing the orientation that needs fewer sheets.
pub fn plan(canvas: &MapCanvas, paper: (f64, f64), margin: f64, overlap: f64) -> Tiling {
    let keep_x: Vec<(f64, f64)> =
        canvas.keep_whole.iter().map(|(c, r)| (c.x - r - 1.0, c.x + r + 1.0)).collect();
    let keep_y: Vec<(f64, f64)> =
        canvas.keep_whole.iter().map(|(c, r)| (c.y - r - 1.0, c.y + r + 1.0)).collect();
    let try_sheet = |w: f64, h: f64, landscape: bool| {
        let (cols, cx) = axis(canvas.width, w - 2.0 * margin, overlap, &keep_x);
        let (rows, cy) = axis(canvas.height, h - 2.0 * margin, overlap, &keep_y);
        Tiling { sheet: (w, h), landscape, cols, rows, cuts_clear: cx && cy }
    };
    let portrait = try_sheet(paper.0, paper.1, false);
    let landscape = try_sheet(paper.1, paper.0, true);
    if landscape.sheets() < portrait.sheets() {
        landscape
    } else {
        portrait
    }
}

fn dashed(a: Pt, b: Pt, c: Color, w: f64) -> Item {
    Item::Path {
        path: Path::line(a, b),
        fill: None,
        stroke: Some(Stroke { color: c, width: w, dash: vec![3.0, 2.0] }),
    }
}

fn solid(a: Pt, b: Pt, c: Color, w: f64) -> Item {
    Item::Path { path: Path::line(a, b), fill: None, stroke: Some(Stroke::solid(c, w)) }
}

fn intersects(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// Alignment mark: a cross in a circle, plus a line continuing past the cut.
fn mark(c: Pt, pal: &Palette) -> Vec<Item> {
    vec![
        Item::Path {
            path: Path::circle(c, 2.5),
            fill: None,
            stroke: Some(Stroke::solid(pal.ink, 0.25)),
        },
        solid(Pt::new(c.x - 4.0, c.y), Pt::new(c.x + 4.0, c.y), pal.ink, 0.25),
        solid(Pt::new(c.x, c.y - 4.0), Pt::new(c.x, c.y + 4.0), pal.ink, 0.25),
    ]
}

/// Everything drawn on one sheet, in canvas coordinates, over the map.
fn overlays(t: &Tiling, row: usize, col: usize, pal: &Palette, small: f64) -> Vec<Item> {
    let glue = Color { r: 128, g: 128, b: 128, a: 70 };
    let mut v = Vec::new();
    let (x0, x1) = t.cols[col];
    let (y0, y1) = t.rows[row];
    // Glue strips on the right and bottom, where the next sheet is laid on.
    if col + 1 < t.cols.len() {
        let c = t.cols[col + 1].0;
        v.push(Item::Path {
            path: Path::rect(Rect::new(c, y0, x1 - c, y1 - y0)),
            fill: Some(glue),
            stroke: None,
        });
        let msg = format!("glue under {}", label(row, col + 1));
        let size = small.min((x1 - c) * 0.45);
        v.push(Item::Group {
            transform: Transform {
                m: [
                    0.0,
                    1.0,
                    -1.0,
                    0.0,
                    c + (x1 - c) / 2.0 - size * 0.35,
                    (y0 / 45.0).ceil() * 45.0 + 22.5 + 6.0,
                ],
            },
            clip: None,
            items: vec![text(Pt::default(), msg, size, Weight::Regular, Anchor::Start, pal.ink)
                .with_role(TextRole::Footer)],
        });
    }
    if row + 1 < t.rows.len() {
        let c = t.rows[row + 1].0;
        v.push(Item::Path {
            path: Path::rect(Rect::new(x0, c, x1 - x0, y1 - c)),
            fill: Some(glue),
            stroke: None,
        });
        let msg = format!("glue under {}", label(row + 1, col));
        let size = small.min((y1 - c) * 0.45);
        v.push(
            text(
                Pt::new((x0 / 45.0).ceil() * 45.0 + 22.5 + 6.0, c + (y1 - c) / 2.0 + size * 0.35),
                msg,
                size,
                Weight::Regular,
                Anchor::Start,
                pal.ink,
            )
            .with_role(TextRole::Footer),
        );
    }
    // Cut lines on the left and top edges of later sheets.
    if col > 0 {
        v.push(dashed(Pt::new(x0, y0), Pt::new(x0, y1), pal.ink, 0.3));
    }
    if row > 0 {
        v.push(dashed(Pt::new(x0, y0), Pt::new(x1, y0), pal.ink, 0.3));
    }
    // Alignment marks in every glue strip this sheet shares (same canvas
    // positions on both sheets, so they fall on each other when aligned).
    let step = 45.0;
    // The sheet underneath carries full marks in its glue strip; the sheet on
    // top carries only short ticks at its cut edge that continue those lines,
    // so nothing shows on the assembled map.
    let tick = 4.0;
    if col + 1 < t.cols.len() {
        let c = t.cols[col + 1].0;
        let strip_x = c + (x1 - c) / 2.0;
        let mut y = (y0 / step).ceil() * step + step / 2.0;
        while y < y1 - 5.0 {
            v.extend(mark(Pt::new(strip_x, y), pal));
            v.push(solid(Pt::new(c - tick, y), Pt::new(x1, y), pal.ink, 0.2));
            y += step;
        }
    }
    if col > 0 {
        let mut y = (y0 / step).ceil() * step + step / 2.0;
        while y < y1 - 5.0 {
            v.push(solid(Pt::new(x0, y), Pt::new(x0 + tick, y), pal.ink, 0.3));
            y += step;
        }
    }
    if row + 1 < t.rows.len() {
        let c = t.rows[row + 1].0;
        let strip_y = c + (y1 - c) / 2.0;
        let mut x = (x0 / step).ceil() * step + step / 2.0;
        while x < x1 - 5.0 {
            v.extend(mark(Pt::new(x, strip_y), pal));
            v.push(solid(Pt::new(x, c - tick), Pt::new(x, y1), pal.ink, 0.2));
            x += step;
        }
    }
    if row > 0 {
        let mut x = (x0 / step).ceil() * step + step / 2.0;
        while x < x1 - 5.0 {
            v.push(solid(Pt::new(x, y0), Pt::new(x, y0 + tick), pal.ink, 0.3));
            x += step;
        }
    }
    v
}

/// The sheets of the map at 1:1, overview page first.
pub fn tile_document(
    canvas: &MapCanvas,
    t: &Tiling,
    margin: f64,
    pal: &Palette,
    small: f64,
) -> Document {
    let mut pages = vec![overview(canvas, t, margin, pal, small)];
    for (row, &(y0, y1)) in t.rows.iter().enumerate() {
        for (col, &(x0, x1)) in t.cols.iter().enumerate() {
            let win = Rect::new(x0, y0, x1 - x0, y1 - y0);
            let mut items: Vec<Item> = canvas
                .blocks
                .iter()
                .filter(|b| intersects(b.bounds, win))
                .map(|b| b.item.clone())
                .collect();
            items.extend(overlays(t, row, col, pal, small));
            let name = label(row, col);
            let mut page = Page::new(t.sheet.0, t.sheet.1, name.clone());
            page.push(Item::Group {
                transform: Transform::translate(margin - x0, margin - y0),
                clip: Some(Path::rect(win)),
                items,
            });
            // Sheet label box in the top-left corner of the printable area.
            let info =
                format!("sheet {} of {} · map 1:1", row * t.cols.len() + col + 1, t.sheets());
            let lw = text_width(&name, 6.0, Weight::Bold)
                .max(text_width(&info, small * 0.8, Weight::Regular))
                .max(text_width(&canvas.footer, small * 0.8, Weight::Regular))
                + 4.0;
            page.push(Item::Path {
                path: Path::rect(Rect::new(margin, margin, lw, 15.5)),
                fill: Some(pal.paper),
                stroke: Some(Stroke::solid(pal.ink, 0.3)),
            });
            page.push(text(
                Pt::new(margin + 2.0, margin + 6.5),
                name,
                6.0,
                Weight::Bold,
                Anchor::Start,
                pal.ink,
            ));
            for (y, line) in [(10.5, info), (14.0, canvas.footer.clone())] {
                let run = text(
                    Pt::new(margin + 2.0, margin + y),
                    line,
                    small * 0.8,
                    Weight::Regular,
                    Anchor::Start,
                    pal.ink,
                );
                page.push(run.with_role(TextRole::Footer));
            }
            pages.push(page);
        }
    }
    Document { title: format!("{} - map", canvas.title), pages }
}

fn overview(canvas: &MapCanvas, t: &Tiling, margin: f64, pal: &Palette, small: f64) -> Page {
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
    let lines = [
        format!(
            "{} sheets ({} columns x {} rows), {}, printed at 1:1: print at actual size, no scaling.",
            t.sheets(),
            t.cols.len(),
            t.rows.len(),
            if t.landscape { "landscape" } else { "portrait" }
        ),
        "Trim each sheet along its dashed cut lines, lay it over the grey glue strip of its".to_string(),
        "neighbour so the crosses and lines meet, and glue. Work row by row from A1.".to_string(),
    ];
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
    let avail = (w - 2.0 * margin, h - top - margin);
    let k = (avail.0 / canvas.width).min(avail.1 / canvas.height);
    let ox = margin + (avail.0 - canvas.width * k) / 2.0;
    // A reduced picture of the map: its text is read on the map sheets.
    let mut items: Vec<Item> =
        canvas.blocks.iter().map(|b| b.item.clone().with_role(TextRole::Picture)).collect();
    for (row, &(y0, y1)) in t.rows.iter().enumerate() {
        for (col, &(x0, x1)) in t.cols.iter().enumerate() {
            items.push(Item::Path {
                path: Path::rect(Rect::new(x0, y0, x1 - x0, y1 - y0)),
                fill: Some(Color { r: 255, g: 255, b: 255, a: 60 }),
                stroke: Some(Stroke::solid(Color::rgb(200, 20, 20), 0.6 / k)),
            });
            let size = 7.0 / k;
            let c = Pt::new(x0 + (x1 - x0) / 2.0, y0 + (y1 - y0) / 2.0 + size * 0.35);
            items.push(text(
                c,
                label(row, col),
                size,
                Weight::Bold,
                Anchor::Middle,
                Color::rgb(200, 20, 20),
            ));
        }
    }
    page.push(Item::Group {
        transform: Transform { m: [k, 0.0, 0.0, k, ox, top] },
        clip: Some(Path::rect(Rect::new(0.0, 0.0, canvas.width, canvas.height))),
        items,
    });
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_windows_cover_the_length_with_overlap() {
        let (w, clear) = axis(500.0, 196.0, 12.0, &[]);
        assert!(clear);
        assert_eq!(w[0].0, 0.0);
        assert!((w.last().expect("one").1 - 500.0).abs() < 1e-9);
        for pair in w.windows(2) {
            assert!((pair[0].1 - pair[1].0 - 12.0).abs() < 1e-9, "glue strip of 12 mm");
            assert!(pair[0].1 - pair[0].0 <= 196.0 + 1e-9, "fits the printable width");
        }
    }

    #[test]
    fn cuts_move_out_of_chips() {
        // A chip sits across the natural cut at 184.
        let keep = [(170.0, 197.0)];
        let (w, clear) = axis(400.0, 196.0, 12.0, &keep);
        assert!(clear);
        let cut = w[1].0;
        assert!(cut <= 170.0 && !(cut > 170.0 && cut < 197.0), "cut at {cut}");
    }

    #[test]
    fn labels_are_row_letter_column_number() {
        assert_eq!(label(0, 0), "A1");
        assert_eq!(label(0, 1), "A2");
        assert_eq!(label(1, 0), "B1");
    }
}
