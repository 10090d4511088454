//! Cutting the 1:1 map canvas into printable sheets: which orientation, where
//! the board starts on the first sheet and where the cuts fall, so that the
//! fewest sheets hold the board's hexes with their glue strips.
//!
//! Only the board is tiled (its hexes and a [`EDGE`] mm border); the title
//! block and legend go on the overview page. A cell of the sheet grid that
//! holds no part of a hex is not printed. Among the plans with the fewest
//! sheets, one whose cuts pass between number chips and harbor tokens wins.
//! [`crate::compose::map::sheets`] draws the sheets.

pub mod loose;

use crate::compose::map::canvas::MapCanvas;
use crate::scene::{HexGeom, Pt, Rect};

/// Border of sea-coloured paper kept around the board's hexes, in mm: room
/// for the outline stroke and a slightly-off cut.
pub const EDGE: f64 = 2.0;

/// How much of a hex (in mm, across its narrowest overlap) a sheet must hold
/// to be printed; a sheet touching less holds nothing a player would miss.
const HOLDS: f64 = 0.25;

/// The least share of a sheet the board's hexes must cover for the sheet
/// not to count as a sliver: a sheet under 8 % ink is wasted paper, and the
/// hexes' fill is most of a map sheet's ink.
pub(crate) const MIN_COVER: f64 = 0.08;

/// Upper bound on the offsets tried per axis: enough for every offset that
/// matters on the built-in maps (tests/tiling.rs checks the count against a
/// 1 mm brute-force search), few enough to keep the search to about a
/// millisecond.
const MAX_OFFSETS: usize = 24;

/// How the canvas is cut.
#[derive(Clone, Debug, PartialEq)]
pub struct Tiling {
    /// Sheet width and height in mm (after choosing the orientation).
    pub sheet: (f64, f64),
    /// Whether the sheets are turned to landscape.
    pub landscape: bool,
    /// Canvas x ranges shown by each column of sheets; a column's printable
    /// area starts at its range's start.
    pub cols: Vec<(f64, f64)>,
    /// Canvas y ranges shown by each row of sheets.
    pub rows: Vec<(f64, f64)>,
    /// Whether each cell of the grid is printed, row by row: a cell that
    /// holds no part of a hex is left out.
    pub present: Vec<bool>,
    /// Whether every cut avoids chips and harbor tokens.
    pub cuts_clear: bool,
    /// Printed sheets whose hexes cover less than [`MIN_COVER`] of the page
    /// (none when another cut with as few sheets avoids them, or when the
    /// sliver's hexes became [`Tiling::loose`] pieces instead).
    pub slivers: usize,
    /// Hexes printed whole on another sheet's free paper, to cut out and
    /// glue on, instead of a sliver sheet ([`crate::compose::map::cuts::loose`]).
    pub loose: Vec<crate::compose::map::cuts::loose::Loose>,
    /// The part of the canvas the sheets hold: the board's hexes and an
    /// [`EDGE`] border.
    pub region: Rect,
}

impl Tiling {
    /// Number of map sheets printed.
    pub fn sheets(&self) -> usize {
        self.present.iter().filter(|p| **p).count()
    }

    /// Whether the sheet at `row`, `col` of the grid is printed.
    pub fn has(&self, row: usize, col: usize) -> bool {
        row < self.rows.len()
            && col < self.cols.len()
            && self.present.get(row * self.cols.len() + col).copied().unwrap_or(false)
    }

    /// The printed sheets' grid cells (row, column), in glue order: row by
    /// row, left to right.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        let n = self.cols.len();
        (0..self.rows.len() * n).filter(|i| self.present[*i]).map(|i| (i / n, i % n)).collect()
    }

    /// The canvas window shown by the sheet at `row`, `col`.
    pub fn window(&self, row: usize, col: usize) -> Rect {
        let ((x0, x1), (y0, y1)) = (self.cols[col], self.rows[row]);
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }
}

/// Sheet label: row letter, column number (`A1`, `A2`, `B1`).
pub fn label(row: usize, col: usize) -> String {
    let letter =
        if row < 26 { char::from(b'A' + row as u8).to_string() } else { format!("R{}", row + 1) };
    format!("{letter}{}", col + 1)
}

/// One way to cut one axis.
#[derive(Clone, Debug, PartialEq)]
struct Cut {
    windows: Vec<(f64, f64)>,
    clear: bool,
}

/// Windows along one axis from `start` (at or before `lo`) to `hi`: a window
/// after the first starts at the previous cut, and the previous one runs
/// `overlap` past that cut (its glue strip). With `avoid`, each cut moves
/// back into a gap between the `keep` intervals where there is one.
fn windows(
    (lo, hi): (f64, f64),
    start: f64,
    printable: f64,
    overlap: f64,
    keep: &[(f64, f64)],
    avoid: bool,
) -> Cut {
    let free = |c: f64| !keep.iter().any(|(a, b)| c > *a && c < *b);
    let mut out = Vec::new();
    let mut clear = true;
    let mut s = start;
    while s + printable < hi - 1e-6 && out.len() < 10_000 {
        let limit = s + printable - overlap;
        let cut = if avoid {
            let floor = s.max(lo) + 0.4 * (printable - overlap);
            keep.iter()
                .map(|(a, _)| *a)
                .filter(|c| *c <= limit && *c >= floor)
                .chain([limit])
                .filter(|c| free(*c))
                .fold(f64::MIN, f64::max)
        } else {
            f64::MIN
        };
        let cut = if cut > f64::MIN { cut } else { limit };
        clear &= free(cut);
        out.push((s, cut + overlap));
        s = cut;
    }
    out.push((s, hi.max(s + 1.0)));
    Cut { windows: out, clear }
}

/// The ways to cut an axis worth trying: windows that start early enough
/// for the board to begin at every offset that changes which hexes a window
/// holds, each with plain cuts and with cuts moved out of chips.
fn candidates(
    span: (f64, f64),
    extents: &[(f64, f64)],
    printable: f64,
    overlap: f64,
    keep: &[(f64, f64)],
    budget: usize,
) -> Vec<Cut> {
    let (lo, hi) = span;
    let step = printable - overlap;
    let len = hi - lo;
    let n = if len <= printable { 1 } else { 1 + ((len - printable) / step).ceil() as usize };
    let slack = (printable + (n as f64 - 1.0) * step - len).max(0.0);
    // Offsets t (the board starts t mm into the first window) where a window
    // edge meets a hex edge, nudged either side, and evenly spaced ones.
    let mut ts = vec![0.0, slack];
    for k in 0..=8 {
        ts.push(slack * f64::from(k) / 8.0);
    }
    for c in 0..n {
        let base = lo + c as f64 * step;
        for &(a, b) in extents {
            for t in [base - b, base + printable - a] {
                ts.extend([t - 0.1, t + 0.1]);
            }
        }
    }
    ts.retain(|t| (0.0..=slack).contains(t));
    ts.sort_by(f64::total_cmp);
    ts.dedup_by(|a, b| (*a - *b).abs() < 0.05);
    if ts.len() > budget {
        let k = ts.len();
        ts = (0..budget).map(|i| ts[i * (k - 1) / (budget - 1).max(1)]).collect();
    }
    let mut out: Vec<Cut> = Vec::new();
    for t in ts {
        for avoid in [true, false] {
            let c = windows(span, lo - t, printable, overlap, keep, avoid);
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// Per window: the hexes (as indices into `extents`) whose extent along an
/// axis overlaps it by more than [`HOLDS`], and those whose centre lies
/// inside it, as bit sets.
fn bitsets(cut: &Cut, extents: &[(f64, f64)]) -> Vec<(Vec<u64>, Vec<u64>)> {
    cut.windows
        .iter()
        .map(|&(a, b)| {
            let mut touch = vec![0u64; extents.len().div_ceil(64)];
            let mut centre = touch.clone();
            for (i, &(lo, hi)) in extents.iter().enumerate() {
                if hi.min(b) - lo.max(a) > HOLDS {
                    touch[i / 64] |= 1 << (i % 64);
                }
                let m = (lo + hi) / 2.0;
                if m > a + 1.0 && m < b - 1.0 {
                    centre[i / 64] |= 1 << (i % 64);
                }
            }
            (touch, centre)
        })
        .collect()
}

/// Whether the pointy-top hex of `g` centred on `c` and the rectangle
/// overlap by more than [`HOLDS`] along every separating axis.
pub(crate) fn hex_in_rect(g: HexGeom, c: Pt, r: Rect) -> bool {
    let k = g.corners(c);
    let s3 = 3f64.sqrt() / 2.0;
    let corners = [
        Pt::new(r.x, r.y),
        Pt::new(r.x + r.w, r.y),
        Pt::new(r.x, r.y + r.h),
        Pt::new(r.x + r.w, r.y + r.h),
    ];
    [(1.0, 0.0), (0.0, 1.0), (0.5, s3), (-0.5, s3)].iter().all(|&(ax, ay)| {
        let proj = |p: &Pt| p.x * ax + p.y * ay;
        let span = |ps: &[Pt]| {
            ps.iter().map(proj).fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)))
        };
        let (a0, a1) = span(&k);
        let (b0, b1) = span(&corners);
        a1.min(b1) - a0.max(b0) > HOLDS
    })
}

/// Area of the convex polygon `poly` inside `r` (Sutherland-Hodgman, then
/// the shoelace formula).
fn area_in(poly: &[Pt], r: Rect) -> f64 {
    let mut pts = poly.to_vec();
    let sides: [fn(Pt, Rect) -> f64; 4] =
        [|p, r| p.x - r.x, |p, r| r.x + r.w - p.x, |p, r| p.y - r.y, |p, r| r.y + r.h - p.y];
    for inside in sides {
        let mut next = Vec::with_capacity(pts.len() + 2);
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            let (da, db) = (inside(a, r), inside(b, r));
            if da >= 0.0 {
                next.push(a);
            }
            if (da >= 0.0) != (db >= 0.0) {
                let k = da / (da - db);
                next.push(Pt::new(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k));
            }
        }
        pts = next;
        if pts.is_empty() {
            return 0.0;
        }
    }
    let mut s = 0.0;
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        s += a.x * b.y - b.x * a.y;
    }
    s.abs() / 2.0
}

/// How many printed cells of the grid `xs` by `ys` are slivers: their
/// hexes cover less than [`MIN_COVER`] of a `page` mm² sheet.
fn sliver_count(
    xs: &Cut,
    ys: &Cut,
    bx: &[(Vec<u64>, Vec<u64>)],
    by: &[(Vec<u64>, Vec<u64>)],
    present: &[bool],
    canvas: &MapCanvas,
    page: f64,
) -> usize {
    let mut n = 0;
    for (r, &(y0, y1)) in ys.windows.iter().enumerate() {
        for (c, &(x0, x1)) in xs.windows.iter().enumerate() {
            if !present[r * xs.windows.len() + c] {
                continue;
            }
            let rect = Rect::new(x0, y0, x1 - x0, y1 - y0);
            let mut area = 0.0;
            'words: for (w, (a, b)) in bx[c].0.iter().zip(&by[r].0).enumerate() {
                let mut both = a & b;
                while both != 0 {
                    let i = w * 64 + both.trailing_zeros() as usize;
                    area += area_in(&canvas.geom.corners(canvas.hexes[i]), rect);
                    if area >= MIN_COVER * page {
                        break 'words;
                    }
                    both &= both - 1;
                }
            }
            n += usize::from(area < MIN_COVER * page);
        }
    }
    n
}

/// Which cells of the grid `xs` by `ys` hold part of a hex.
fn presence(
    xs: &Cut,
    ys: &Cut,
    bx: &[(Vec<u64>, Vec<u64>)],
    by: &[(Vec<u64>, Vec<u64>)],
    canvas: &MapCanvas,
) -> Vec<bool> {
    let mut out = Vec::with_capacity(xs.windows.len() * ys.windows.len());
    for (r, &(y0, y1)) in ys.windows.iter().enumerate() {
        for (c, &(x0, x1)) in xs.windows.iter().enumerate() {
            // A hex centre inside the cell settles it; else test the hexes
            // whose extents overlap it on both axes.
            if bx[c].1.iter().zip(&by[r].1).any(|(a, b)| a & b != 0) {
                out.push(true);
                continue;
            }
            let rect = Rect::new(x0, y0, x1 - x0, y1 - y0);
            let mut holds = false;
            'words: for (w, (a, b)) in bx[c].0.iter().zip(&by[r].0).enumerate() {
                let mut both = a & b;
                while both != 0 {
                    let i = w * 64 + both.trailing_zeros() as usize;
                    if hex_in_rect(canvas.geom, canvas.hexes[i], rect) {
                        holds = true;
                        break 'words;
                    }
                    both &= both - 1;
                }
            }
            out.push(holds);
        }
    }
    out
}

/// Plans the sheets for `paper` (portrait width, height) with `margin` and
/// `overlap`: both orientations, every offset that matters, fewest sheets
/// first, then fewest slivers (sheets whose hexes cover under
/// [`MIN_COVER`] of the page), then cuts clear of chips.
pub fn plan(canvas: &MapCanvas, paper: (f64, f64), margin: f64, overlap: f64) -> Tiling {
    let g = canvas.geom;
    let region = canvas.board.inflate(EDGE);
    let keep_x: Vec<(f64, f64)> =
        canvas.keep_whole.iter().map(|(c, r)| (c.x - r - 1.0, c.x + r + 1.0)).collect();
    let keep_y: Vec<(f64, f64)> =
        canvas.keep_whole.iter().map(|(c, r)| (c.y - r - 1.0, c.y + r + 1.0)).collect();
    let ext_x: Vec<(f64, f64)> =
        canvas.hexes.iter().map(|c| (c.x - g.flat / 2.0, c.x + g.flat / 2.0)).collect();
    let ext_y: Vec<(f64, f64)> =
        canvas.hexes.iter().map(|c| (c.y - g.radius(), c.y + g.radius())).collect();
    let mut best: Option<((usize, usize, u8), Tiling)> = None;
    let page = paper.0 * paper.1;
    for landscape in [false, true] {
        let (w, h) = if landscape { (paper.1, paper.0) } else { paper };
        let (pw, ph) = (w - 2.0 * margin, h - 2.0 * margin);
        // Keep the work bounded on huge boards: fewer offsets when the grid
        // has many cells or many hexes.
        let cells = ((region.w / (pw - overlap).max(1.0)).ceil()
            * (region.h / (ph - overlap).max(1.0)).ceil())
        .max(1.0);
        let work = cells * (canvas.hexes.len() as f64 / 64.0).ceil().max(1.0);
        let budget = ((4.0e5 / work).sqrt() as usize).clamp(2, MAX_OFFSETS);
        let span_x = (region.x, region.x + region.w);
        let span_y = (region.y, region.y + region.h);
        let xs = candidates(span_x, &ext_x, pw, overlap, &keep_x, budget);
        let ys = candidates(span_y, &ext_y, ph, overlap, &keep_y, budget);
        let bxs: Vec<_> = xs.iter().map(|c| bitsets(c, &ext_x)).collect();
        let bys: Vec<_> = ys.iter().map(|c| bitsets(c, &ext_y)).collect();
        for (xc, bx) in xs.iter().zip(&bxs) {
            for (yc, by) in ys.iter().zip(&bys) {
                let unclear = u8::from(!xc.clear) + u8::from(!yc.clear);
                let present = presence(xc, yc, bx, by, canvas);
                let n = present.iter().filter(|p| **p).count();
                if best.as_ref().is_some_and(|(k, _)| n > k.0) {
                    continue;
                }
                let slivers = sliver_count(xc, yc, bx, by, &present, canvas, page);
                let key = (n, slivers, unclear);
                if best.as_ref().is_none_or(|(k, _)| key < *k) {
                    let t = Tiling {
                        sheet: (w, h),
                        landscape,
                        cols: xc.windows.clone(),
                        rows: yc.windows.clone(),
                        present,
                        cuts_clear: unclear == 0,
                        slivers,
                        loose: Vec::new(),
                        region,
                    };
                    best = Some((key, t));
                }
            }
        }
    }
    match best {
        Some((_, t)) if t.sheets() > 0 => {
            let mut t = t;
            if t.slivers > 0 {
                crate::compose::map::cuts::loose::loosen(&mut t, canvas, margin, |w| {
                    sheet_cover(canvas, w) < MIN_COVER * page
                });
            }
            t
        }
        // No hexes at all: one sheet showing the (empty) region.
        _ => Tiling {
            sheet: paper,
            landscape: false,
            cols: vec![(region.x, region.x + region.w.max(1.0))],
            rows: vec![(region.y, region.y + region.h.max(1.0))],
            present: vec![true],
            cuts_clear: true,
            slivers: 0,
            loose: Vec::new(),
            region,
        },
    }
}

/// The area of the board's hexes inside `r`, mm².
pub(crate) fn sheet_cover(canvas: &MapCanvas, r: Rect) -> f64 {
    let g = canvas.geom;
    canvas
        .hexes
        .iter()
        .filter(|c| {
            c.x + g.flat / 2.0 > r.x
                && c.x - g.flat / 2.0 < r.x + r.w
                && c.y + g.radius() > r.y
                && c.y - g.radius() < r.y + r.h
        })
        .map(|c| area_in(&g.corners(*c), r))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_cover_the_length_with_overlap() {
        let c = windows((0.0, 500.0), 0.0, 196.0, 12.0, &[], false);
        assert!(c.clear);
        assert_eq!(c.windows[0].0, 0.0);
        assert!((c.windows.last().expect("one").1 - 500.0).abs() < 1e-9);
        for pair in c.windows.windows(2) {
            assert!((pair[0].1 - pair[1].0 - 12.0).abs() < 1e-9, "glue strip of 12 mm");
            assert!(pair[0].1 - pair[0].0 <= 196.0 + 1e-9, "fits the printable width");
        }
    }

    #[test]
    fn cuts_move_out_of_chips() {
        // A chip sits across the natural cut at 184.
        let keep = [(170.0, 197.0)];
        let c = windows((0.0, 400.0), 0.0, 196.0, 12.0, &keep, true);
        assert!(c.clear);
        let cut = c.windows[1].0;
        assert!(cut <= 170.0, "cut at {cut}");
        let plain = windows((0.0, 400.0), 0.0, 196.0, 12.0, &keep, false);
        assert!(!plain.clear, "the plain cut at 184 crosses the chip");
    }

    #[test]
    fn offsets_include_both_ends_of_the_slack() {
        // 400 mm on 196 mm windows: 3 windows reach 564 mm, 164 mm slack.
        let c = candidates((0.0, 400.0), &[], 196.0, 12.0, &[], 40);
        let starts: Vec<f64> = c.iter().map(|c| c.windows[0].0).collect();
        assert!(starts.contains(&0.0) && starts.contains(&-164.0), "{starts:?}");
        assert!(c.iter().all(|c| c.windows.len() == 3));
    }

    #[test]
    fn a_hex_is_held_only_past_its_corner() {
        let g = HexGeom::new(76.0);
        let c = Pt::new(100.0, 100.0);
        assert!(hex_in_rect(g, c, Rect::new(90.0, 90.0, 5.0, 5.0)));
        // The bounding box's top-right corner is outside the hex.
        let r = g.radius();
        assert!(!hex_in_rect(g, c, Rect::new(c.x + 30.0, c.y - r, 8.0, 8.0)));
        assert!(!hex_in_rect(g, c, Rect::new(200.0, 100.0, 5.0, 5.0)));
    }

    #[test]
    fn labels_are_row_letter_column_number() {
        assert_eq!(label(0, 0), "A1");
        assert_eq!(label(0, 1), "A2");
        assert_eq!(label(1, 0), "B1");
    }
}
