//! Where the tiler may not print on the board: the bounds of everything the
//! map draws on top of the hexes' own fill and outline (number chips, harbor
//! tokens and their landing stages, pictograms, hex names, fog and
//! face-down marks), read from the composed scene.

use crate::compose::map::spec::Block;
use crate::fonts::text_width;
use crate::scene::{Anchor, Item, Path, Pt, Rect, Seg, Transform};

/// Bounds of the ink drawn by `blocks` inside `region`, in canvas mm, grown
/// by `pad`. A six-cornered polygon at least `0.9 * hex_flat` wide is a
/// hex's fill or outline and is left out.
pub(crate) fn ink_areas(blocks: &[Block], region: Rect, hex_flat: f64, pad: f64) -> Vec<Rect> {
    let mut out = Vec::new();
    for b in blocks.iter().filter(|b| overlaps(b.bounds, region)) {
        walk(&b.item, Transform::IDENTITY, None, hex_flat, &mut out);
    }
    out.into_iter().map(|r| r.inflate(pad)).collect()
}

/// Whether two rectangles share some area.
pub fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

fn points(p: &Path) -> Vec<Pt> {
    let mut v = Vec::new();
    for s in &p.segs {
        match s {
            Seg::Move(a) | Seg::Line(a) => v.push(*a),
            Seg::Cubic(a, b, c) => v.extend([*a, *b, *c]),
            Seg::Close => {}
        }
    }
    v
}

fn bounds(pts: impl IntoIterator<Item = Pt>) -> Option<Rect> {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in pts {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    (x0 <= x1).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
}

fn mapped(t: Transform, r: Rect) -> Option<Rect> {
    bounds(
        [(r.x, r.y), (r.x + r.w, r.y), (r.x, r.y + r.h), (r.x + r.w, r.y + r.h)]
            .map(|(x, y)| t.apply(Pt::new(x, y))),
    )
}

fn clip_to(r: Rect, clip: Option<Rect>) -> Option<Rect> {
    let Some(c) = clip else { return Some(r) };
    let (x0, y0) = (r.x.max(c.x), r.y.max(c.y));
    let (x1, y1) = ((r.x + r.w).min(c.x + c.w), (r.y + r.h).min(c.y + c.h));
    (x0 < x1 && y0 < y1).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
}

fn is_hex_outline(p: &Path, hex_flat: f64) -> bool {
    let corners = p.segs.iter().filter(|s| matches!(s, Seg::Move(_) | Seg::Line(_))).count();
    let wide = bounds(points(p)).is_some_and(|b| b.w >= 0.9 * hex_flat);
    corners == 6 && p.segs.iter().all(|s| !matches!(s, Seg::Cubic(..))) && wide
}

fn walk(item: &Item, t: Transform, clip: Option<Rect>, hex_flat: f64, out: &mut Vec<Rect>) {
    match item {
        Item::Path { path, stroke, .. } => {
            if is_hex_outline(path, hex_flat) {
                return;
            }
            let half = stroke.as_ref().map_or(0.0, |s| s.width / 2.0);
            let r = bounds(points(path)).and_then(|b| mapped(t, b.inflate(half)));
            out.extend(r.and_then(|r| clip_to(r, clip)));
        }
        Item::Text { pos, text, style } => {
            let w = text_width(text, style.weight, style.size);
            let x = match style.anchor {
                Anchor::Start => pos.x,
                Anchor::Middle => pos.x - w / 2.0,
                Anchor::End => pos.x - w,
            };
            let r = Rect::new(x, pos.y - 0.8 * style.size, w, 1.05 * style.size);
            out.extend(mapped(t, r).and_then(|r| clip_to(r, clip)));
        }
        Item::Group { transform, clip: c, items } => {
            let inner = transform.then(t);
            let own = c.as_ref().and_then(|p| bounds(points(p))).and_then(|b| mapped(inner, b));
            let clip = match (clip, own) {
                (Some(a), Some(b)) => clip_to(a, Some(b)),
                (a, b) => a.or(b),
            };
            for i in items {
                walk(i, inner, clip, hex_flat, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Color, HexGeom, Stroke};

    #[test]
    fn hex_outlines_are_left_out_and_the_rest_is_kept() {
        let g = HexGeom::new(76.0);
        let block = Block {
            mark: false,
            bounds: Rect::new(0.0, 0.0, 200.0, 200.0),
            item: Item::Group {
                transform: Transform::translate(100.0, 100.0),
                clip: None,
                items: vec![
                    Item::Path {
                        path: g.outline(Pt::default()),
                        fill: Some(Color::WHITE),
                        stroke: None,
                    },
                    Item::Path {
                        path: Path::circle(Pt::new(0.0, 5.0), 10.0),
                        fill: Some(Color::WHITE),
                        stroke: Some(Stroke::solid(Color::BLACK, 1.0)),
                    },
                ],
            },
        };
        let r = ink_areas(&[block], Rect::new(0.0, 0.0, 300.0, 300.0), 76.0, 0.0);
        assert_eq!(r.len(), 1, "{r:?}");
        let c = r[0];
        assert!(
            (c.x - 89.5).abs() < 1e-9 && (c.y - 94.5).abs() < 1e-9 && (c.w - 21.0).abs() < 1e-9
        );
    }
}
