//! Words kept inside the cut: every text run on a round or shaped piece
//! (round tokens, hex tiles, square tokens) lies inside the piece's cut
//! line with a [`MARGIN`]. A run that would cross it shrinks, down to the
//! 8 pt floor; then wraps onto two lines; then moves towards the piece's
//! centre, a little at a time, until it fits. Cards lay their text out in
//! their own boxes and are left alone.

use crate::compose::pieces::piece::{Piece, PieceSet, Shape};
use crate::fonts::text_width;
use crate::scene::{Anchor, HexGeom, Item, Pt, Rect, TextRole, TextStyle, Transform};

/// Room kept between a word and the cut line, mm.
pub const MARGIN: f64 = 1.0;

/// The box a text run takes (its shaped width, [`text_width`]), in the coordinates
/// it is drawn in.
pub fn text_box(pos: Pt, text: &str, style: &TextStyle) -> Rect {
    let w = text_width(text, style.weight, style.size);
    let x = match style.anchor {
        Anchor::Start => pos.x,
        Anchor::Middle => pos.x - w / 2.0,
        Anchor::End => pos.x - w,
    };
    Rect::new(x, pos.y - 0.76 * style.size, w, 0.98 * style.size)
}

/// Whether `r` (centred piece coordinates) lies inside `shape`'s cut line
/// with `margin` to spare.
pub fn inside(shape: Shape, r: Rect, margin: f64) -> bool {
    let corners = [(r.x, r.y), (r.x + r.w, r.y), (r.x, r.y + r.h), (r.x + r.w, r.y + r.h)];
    match shape {
        Shape::Circle { diameter } => {
            let rad = diameter / 2.0 - margin;
            corners.iter().all(|(x, y)| x * x + y * y <= rad * rad)
        }
        Shape::Hex { flat } => HexGeom::new(flat).contains_rect(Pt::default(), r, margin),
        Shape::Square { side } => {
            let h = side / 2.0 - margin;
            corners.iter().all(|(x, y)| x.abs() <= h && y.abs() <= h)
        }
        Shape::Card { width, height } => corners
            .iter()
            .all(|(x, y)| x.abs() <= width / 2.0 - margin && y.abs() <= height / 2.0 - margin),
    }
}

/// The runs that replace one run so it fits `shape` (itself when it does).
fn fit_run(shape: Shape, pos: Pt, text: &str, style: &TextStyle) -> Vec<Item> {
    let run = |pos: Pt, text: &str, size: f64| Item::Text {
        pos,
        text: text.to_string(),
        style: TextStyle { size, ..style.clone() },
    };
    let fits = |pos: Pt, text: &str, size: f64| {
        inside(shape, text_box(pos, text, &TextStyle { size, ..style.clone() }), MARGIN)
    };
    if fits(pos, text, style.size) {
        return vec![run(pos, text, style.size)];
    }
    let floor = TextRole::Body.min_mm().max(style.role.min_mm()) * 1.01;
    let floor = floor.min(style.size);
    let sizes: Vec<f64> =
        (0..=40).map(|k| style.size - (style.size - floor) * f64::from(k) / 40.0).collect();
    // Towards the centre, up to a quarter of the piece's half height.
    let reach = shape.size().1 / 8.0;
    let towards = |d: f64| {
        let step = if pos.y > 0.0 { -d } else { d };
        if pos.y.abs() < d {
            Pt::new(pos.x, 0.0)
        } else {
            Pt::new(pos.x, pos.y + step)
        }
    };
    let words: Vec<&str> = text.split(' ').collect();
    let splits: Vec<(String, String)> =
        (1..words.len()).map(|k| (words[..k].join(" "), words[k..].join(" "))).collect();
    let mut shift = 0.0;
    while shift <= reach + 1e-9 {
        let p = towards(shift);
        for &size in &sizes {
            if fits(p, text, size) {
                return vec![run(p, text, size)];
            }
        }
        for &size in &sizes {
            let lead = 1.1 * size;
            for (a, b) in &splits {
                // Two lines whose middle stays where the one line was.
                let (pa, pb) = (Pt::new(p.x, p.y - lead / 2.0), Pt::new(p.x, p.y + lead / 2.0));
                if fits(pa, a, size) && fits(pb, b, size) {
                    return vec![run(pa, a, size), run(pb, b, size)];
                }
            }
        }
        shift += 0.25;
    }
    vec![run(pos, text, floor)]
}

fn fit_items(shape: Shape, items: Vec<Item>, t: Transform) -> Vec<Item> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        match item {
            // Only runs drawn upright in the piece's own frame (a pure
            // translation) are moved; the art draws all its words so.
            Item::Text { pos, text, style } if t.m[..4] == [1.0, 0.0, 0.0, 1.0] => {
                let at = t.apply(pos);
                let (dx, dy) = (at.x - pos.x, at.y - pos.y);
                for r in fit_run(shape, at, &text, &style) {
                    match r {
                        Item::Text { pos, text, style } => out.push(Item::Text {
                            pos: Pt::new(pos.x - dx, pos.y - dy),
                            text,
                            style,
                        }),
                        other => out.push(other),
                    }
                }
            }
            Item::Group { transform, clip, items } => out.push(Item::Group {
                transform,
                clip,
                items: fit_items(shape, items, transform.then(t)),
            }),
            other => out.push(other),
        }
    }
    out
}

/// `piece` with every word of its faces inside its cut line (cards as they are).
pub(crate) fn fit_piece(mut piece: Piece) -> Piece {
    if matches!(piece.shape, Shape::Card { .. }) {
        return piece;
    }
    let shape = piece.shape;
    piece.front = fit_items(shape, std::mem::take(&mut piece.front), Transform::IDENTITY);
    piece.back = piece.back.map(|b| fit_items(shape, b, Transform::IDENTITY));
    piece
}

/// [`fit_piece`] for every piece of every set.
pub(crate) fn fit_sets(sets: Vec<PieceSet>) -> Vec<PieceSet> {
    sets.into_iter()
        .map(|s| PieceSet { pieces: s.pieces.into_iter().map(fit_piece).collect(), ..s })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Color, Weight};

    #[test]
    fn a_long_word_low_on_a_token_moves_or_shrinks_inside() {
        let style = TextStyle {
            size: 3.0,
            weight: Weight::Bold,
            anchor: Anchor::Middle,
            color: Color::BLACK,
            role: TextRole::Body,
        };
        let shape = Shape::Circle { diameter: 25.0 };
        let pos = Pt::new(0.0, 8.25);
        assert!(!inside(shape, text_box(pos, "glassworks", &style), MARGIN));
        let out = fit_run(shape, pos, "glassworks", &style);
        for r in &out {
            let Item::Text { pos, text, style } = r else { panic!() };
            assert!(inside(shape, text_box(*pos, text, style), MARGIN), "{r:?}");
            assert!(style.size >= TextRole::Body.min_mm());
        }
    }
}
