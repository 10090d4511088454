//! Cutting aids drawn on print sheets: crop marks around a block of cards or
//! square tokens, and the cut rings of round tokens, all in [`cut_color`].

use crate::scene::{Color, Item, Path, Pt, Rect, Stroke};
use crate::settings::sheets::SheetOptions;

/// Colour of crop marks and cut lines (`inks.cut_line` of the theme in use).
pub fn cut_color(opts: &SheetOptions) -> Color {
    opts.inks.cut_line
}
/// Crop mark stroke width, mm.
pub const CROP_WIDTH: f64 = 0.2;

/// Adds `v` to `out` unless it is already there.
fn push_new(out: &mut Vec<f64>, v: f64) {
    if !out.iter().any(|x| (x - v).abs() < 1e-6) {
        out.push(v);
    }
}

/// The bounding box of `w` x `h` cut outlines centred at `centres`.
pub(crate) fn trim_box(centres: &[Pt], (w, h): (f64, f64)) -> Rect {
    let (mut x0, mut y0, mut x1, mut y1) =
        (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for c in centres {
        x0 = x0.min(c.x - w / 2.0);
        y0 = y0.min(c.y - h / 2.0);
        x1 = x1.max(c.x + w / 2.0);
        y1 = y1.max(c.y + h / 2.0);
    }
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// Crop marks `length` mm long around a grid of `size` cut outlines at
/// `centres`, outside the block by the bleed and the crop offset of `opts`:
/// at both ends of every column's and row's cut line, so none lies on a
/// piece.
pub(crate) fn crop_marks(
    centres: &[Pt],
    size: (f64, f64),
    length: f64,
    opts: &SheetOptions,
) -> Item {
    let gap = opts.bleed + opts.crop_offset;
    let (sw, sh) = size;
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for c in centres {
        push_new(&mut xs, c.x - sw / 2.0);
        push_new(&mut xs, c.x + sw / 2.0);
        push_new(&mut ys, c.y - sh / 2.0);
        push_new(&mut ys, c.y + sh / 2.0);
    }
    let block = trim_box(centres, size);
    let (left, right) = (block.x - gap, block.x + block.w + gap);
    let (top, bottom) = (block.y - gap, block.y + block.h + gap);
    let l = length;
    let mut path = Path::default();
    for &x in &xs {
        path.segs.extend(Path::line(Pt::new(x, top - l), Pt::new(x, top)).segs);
        path.segs.extend(Path::line(Pt::new(x, bottom), Pt::new(x, bottom + l)).segs);
    }
    for &y in &ys {
        path.segs.extend(Path::line(Pt::new(left - l, y), Pt::new(left, y)).segs);
        path.segs.extend(Path::line(Pt::new(right, y), Pt::new(right + l, y)).segs);
    }
    Item::Path { path, fill: None, stroke: Some(Stroke::solid(cut_color(opts), CROP_WIDTH)) }
}

/// Thin circles of `diameter` at `centres`: where round tokens are cut.
pub(crate) fn cut_rings(centres: &[Pt], diameter: f64, opts: &SheetOptions) -> Item {
    let mut path = Path::default();
    for c in centres {
        path.segs.extend(Path::circle(*c, diameter / 2.0).segs);
    }
    Item::Path { path, fill: None, stroke: Some(Stroke::solid(cut_color(opts), opts.cut_line)) }
}
