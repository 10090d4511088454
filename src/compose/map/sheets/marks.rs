//! The alignment marks of the tiled sheets: lines and crosses along each
//! cut, placed about every [`STEP`] mm where they run clear of the board's
//! ink and of the label underneath.

use super::{Ctx, TICK};
use crate::compose::map::cuts::Tiling;
use crate::compose::map::keepout::overlaps;
use crate::scene::{Color, Item, Path, Pt, Rect, Stroke};
use crate::theme::Palette;

/// Spacing of the alignment lines along a cut, in mm.
const STEP: f64 = 45.0;

/// Positions along a cut (from `lo` to `hi`) for alignment lines: about
/// every [`STEP`] mm, each moved to the nearest place where `ok`.
pub(super) fn spots(lo: f64, hi: f64, ok: impl Fn(f64) -> bool) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    let mut target = lo + STEP / 2.0;
    while target < hi - 6.0 {
        let found = (0..=40).flat_map(|k| {
            let d = f64::from(k) * 0.5;
            [target - d, target + d]
        });
        let found = found
            .filter(|p| *p > lo + 6.0 && *p < hi - 6.0)
            .filter(|p| out.last().is_none_or(|l| *p - l > 20.0))
            .find(|p| ok(*p));
        if let Some(p) = found {
            out.push(p);
        }
        target += STEP;
    }
    out
}

pub(super) fn solid(a: Pt, b: Pt, c: Color, w: f64) -> Item {
    Item::Path { path: Path::line(a, b), fill: None, stroke: Some(Stroke::solid(c, w)) }
}

pub(super) fn dashed(a: Pt, b: Pt, c: Color, w: f64) -> Item {
    Item::Path {
        path: Path::line(a, b),
        fill: None,
        stroke: Some(Stroke { color: c, width: w, dash: vec![3.0, 2.0] }),
    }
}

/// Alignment mark: a cross in a circle.
pub(super) fn cross(c: Pt, pal: &Palette) -> Vec<Item> {
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

/// The alignment positions along the cut on the left of sheet `row`, `col`
/// (`vertical`) or above it, avoiding the board's ink on both sides of the
/// cut and the label of the sheet underneath.
pub(super) fn cut_spots(
    cx: &Ctx<'_>,
    row: usize,
    col: usize,
    vertical: bool,
    under: Option<Rect>,
) -> Vec<f64> {
    let g = cx.t.overlap_of(row, col, vertical);
    let (cut, lo, hi) = if vertical {
        (cx.t.cols[col].0, cx.t.rows[row].0, cx.t.rows[row].1)
    } else {
        (cx.t.rows[row].0, cx.t.cols[col].0, cx.t.cols[col].1)
    };
    let band = if vertical {
        Rect::new(cut - TICK - 2.0, lo, 2.0 * TICK + 4.0, hi - lo)
    } else {
        Rect::new(lo, cut - TICK - 2.0, hi - lo, 2.0 * TICK + 4.0)
    };
    let ink = cx.ink_near(band);
    spots(lo, hi, |p| {
        let line = if vertical {
            Rect::new(cut - TICK - 0.6, p - 0.6, 2.0 * TICK + 1.2 + g, 1.2)
        } else {
            Rect::new(p - 0.6, cut - TICK - 0.6, 1.2, 2.0 * TICK + 1.2 + g)
        };
        let mark = if vertical {
            Rect::new(cut + g / 2.0 - 4.5, p - 4.5, 9.0, 9.0)
        } else {
            Rect::new(p - 4.5, cut + g / 2.0 - 4.5, 9.0, 9.0)
        };
        let visible = if vertical {
            Rect::new(cut - TICK - 0.6, p - 0.6, 2.0 * TICK + 1.2, 1.2)
        } else {
            Rect::new(p - 0.6, cut - TICK - 0.6, 1.2, 2.0 * TICK + 1.2)
        };
        !ink.iter().any(|i| overlaps(*i, visible))
            && under.is_none_or(|u| !overlaps(u, line) && !overlaps(u, mark))
    })
}

impl Tiling {
    /// The glue strip's width at the cut on the left of (`vertical`) or
    /// above the sheet at `row`, `col`.
    fn overlap_of(&self, row: usize, col: usize, vertical: bool) -> f64 {
        if vertical {
            self.cols[col - 1].1 - self.cols[col].0
        } else {
            self.rows[row - 1].1 - self.rows[row].0
        }
    }
}
