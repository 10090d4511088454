//! Artwork shared by the map and the printed pieces: pictograms, number
//! chips, resource icons, terrain tiles and the fog face. Everything is drawn
//! centred on a given point (or `(0, 0)`) in millimetres.

mod pictos;

pub use pictos::{draw as pictogram, Ink};

use crate::scene::HexGeom;
use crate::scene::{Anchor, Color, Item, Pt, Stroke, TextStyle, Weight};
use crate::theme::{Mode, Palette, Theme};
use crate::vocab::{is_red, pips, Resource, Terrain};

/// A text run.
pub fn text(
    pos: Pt,
    s: impl Into<String>,
    size: f64,
    weight: Weight,
    anchor: Anchor,
    color: Color,
) -> Item {
    Item::Text {
        pos,
        text: s.into(),
        style: TextStyle { size, weight, anchor, color, role: crate::scene::TextRole::Body },
    }
}

/// Baseline offset that centres digits and capitals vertically on a point
/// (half of Noto Sans' cap height, 0.714 em).
pub(crate) fn centre_baseline(size: f64) -> f64 {
    0.357 * size
}

/// A number chip of `diameter` mm centred on `(0, 0)`: the face, the number,
/// and its pips; 6 and 8 in the red colour and bold.
pub(crate) fn number_chip(n: u8, diameter: f64, pal: &Palette) -> Vec<Item> {
    let d = diameter;
    let red = is_red(n);
    let color = if red { pal.red_number } else { pal.ink };
    let size = if n >= 10 { 0.36 * d } else { 0.42 * d };
    let mut v = vec![
        Item::Path {
            path: crate::scene::Path::circle(Pt::default(), d / 2.0),
            fill: Some(pal.chip),
            stroke: Some(Stroke::solid(pal.ink, (0.012 * d).max(0.2))),
        },
        text(
            Pt::new(0.0, -0.06 * d + centre_baseline(size)),
            n.to_string(),
            size,
            if red { Weight::Bold } else { Weight::Regular },
            Anchor::Middle,
            color,
        ),
    ];
    let count = pips(n);
    let (r, step) = (0.032 * d, 0.085 * d);
    for i in 0..count {
        let x = (f64::from(i) - f64::from(count.saturating_sub(1)) / 2.0) * step;
        v.push(Item::Path {
            path: crate::scene::Path::circle(Pt::new(x, 0.29 * d), r),
            fill: Some(color),
            stroke: None,
        });
    }
    v
}

/// Pictogram ink for a terrain in a print mode.
pub fn ink_for(t: Terrain, theme: &Theme, mode: Mode) -> Ink {
    let pal = theme.palette(mode);
    Ink { art: pal.art_on(t), hole: pal.fill(t), stroke: theme.sizes.art_stroke }
}

/// The icon of a resource (its terrain's pictogram) in a box of side `size`.
pub(crate) fn resource_icon(r: Resource, c: Pt, size: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
    let t = r.terrain();
    let pal = theme.palette(mode);
    let ink = Ink { art: pal.art_on(t), hole: pal.chip, stroke: theme.sizes.art_stroke };
    let mut v = vec![Item::Path {
        path: crate::scene::Path::circle(c, size * 0.62),
        fill: Some(pal.fill(t)),
        stroke: Some(Stroke::solid(pal.ink, 0.25)),
    }];
    let ink = Ink { hole: pal.fill(t), ..ink };
    v.extend(pictogram(theme.pictogram(t), c, size * 0.8, &ink));
    v
}

/// A terrain hex tile of `flat` mm centred on `(0, 0)`: fill, pictogram and
/// outline (no number chip). Used for the map and for cut-out tiles.
pub(crate) fn terrain_tile(
    t: Terrain,
    flat: f64,
    theme: &Theme,
    mode: Mode,
    with_chip_space: bool,
) -> Vec<Item> {
    let g = HexGeom::new(flat);
    let pal = theme.palette(mode);
    let mut v =
        vec![Item::Path { path: g.outline(Pt::default()), fill: Some(pal.fill(t)), stroke: None }];
    let (c, s) = if with_chip_space {
        (Pt::new(0.0, -0.52 * g.radius()), 0.36 * flat)
    } else {
        (Pt::default(), 0.5 * flat)
    };
    v.extend(pictogram(theme.pictogram(t), c, s, &ink_for(t, theme, mode)));
    v.push(Item::Path {
        path: g.outline(Pt::default()),
        fill: None,
        stroke: Some(Stroke::solid(pal.ink, theme.sizes.hex_stroke)),
    });
    v
}

/// The face of a face-down ("fog") hex of `flat` mm centred on `(0, 0)`.
pub(crate) fn fog_face(flat: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
    let g = HexGeom::new(flat);
    let pal = theme.palette(mode);
    let inner = HexGeom::new(flat * 0.86);
    let size = 0.45 * flat;
    let f = pal.fog;
    let light = 0.3 * f64::from(f.r) + 0.59 * f64::from(f.g) + 0.11 * f64::from(f.b) > 170.0;
    let mark = if light { pal.ink } else { pal.paper };
    vec![
        Item::Path { path: g.outline(Pt::default()), fill: Some(pal.fog), stroke: None },
        Item::Path {
            path: inner.outline(Pt::default()),
            fill: None,
            stroke: Some(Stroke { color: pal.ink, width: 0.4, dash: vec![2.0, 1.5] }),
        },
        text(Pt::new(0.0, centre_baseline(size)), "?", size, Weight::Bold, Anchor::Middle, mark),
        Item::Path {
            path: g.outline(Pt::default()),
            fill: None,
            stroke: Some(Stroke::solid(pal.ink, theme.sizes.hex_stroke)),
        },
    ]
}

/// A placement code ([`crate::compose::placement`]) over a fog face of
/// `flat` mm: bold, in the upper part of the hex above the "?", in the
/// colour the "?" takes. The map's fog hexes and the cut-out tiles' backs
/// carry the same code in the same place, so a tile is laid on its hex by
/// matching the two.
pub(crate) fn fog_code(flat: f64, code: &str, theme: &Theme, mode: Mode) -> Item {
    let pal = theme.palette(mode);
    let f = pal.fog;
    let light = 0.3 * f64::from(f.r) + 0.59 * f64::from(f.g) + 0.11 * f64::from(f.b) > 170.0;
    let mark = if light { pal.ink } else { pal.paper };
    let size = FOG_CODE_SIZE * flat;
    text(
        Pt::new(0.0, -0.29 * flat + centre_baseline(size)),
        code,
        size,
        Weight::Bold,
        Anchor::Middle,
        mark,
    )
}

/// The height of a placement code's letters, as a part of the hex's flat
/// width.
pub(crate) const FOG_CODE_SIZE: f64 = 0.1;

/// The words on every face-down tile of the setup view.
pub const FACE_DOWN_MARK: &str = "FACE DOWN";

/// Drawn over a face-down tile in the setup view, so the person building the
/// board sees which tiles go in face down: diagonal hatching clipped to the
/// hex and a [`FACE_DOWN_MARK`] band near its top corner.
pub(crate) fn face_down_overlay(flat: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
    let g = HexGeom::new(flat);
    let pal = theme.palette(mode);
    let r = g.radius();
    let size = (0.065 * flat).max(3.0);
    let w = crate::fonts::text_width(FACE_DOWN_MARK, Weight::Bold, size) + 2.0;
    let y = -0.5 * r;
    vec![
        face_down_hatch(flat, theme, mode),
        Item::Path {
            path: crate::scene::Path::rect(crate::scene::Rect::new(
                -w / 2.0,
                y - 0.8 * size,
                w,
                1.6 * size,
            )),
            fill: Some(pal.paper),
            stroke: Some(Stroke::solid(pal.ink, 0.4)),
        },
        text(
            Pt::new(0.0, y + centre_baseline(size)),
            FACE_DOWN_MARK,
            size,
            Weight::Bold,
            Anchor::Middle,
            pal.ink,
        ),
    ]
}

/// Diagonal hatching clipped to a hex of width `flat`: the face-down sign of
/// the setup view (on the map and in its legend).
pub(crate) fn face_down_hatch(flat: f64, theme: &Theme, mode: Mode) -> Item {
    let g = HexGeom::new(flat);
    let pal = theme.palette(mode);
    let r = g.radius();
    let step = flat / 9.0;
    let mut hatch = Vec::new();
    let mut k = -2.0 * r;
    while k <= 2.0 * r {
        hatch.push(Item::Path {
            path: crate::scene::Path::line(Pt::new(k - r, r), Pt::new(k + r, -r)),
            fill: None,
            stroke: Some(Stroke::solid(pal.ink, 0.3)),
        });
        k += step;
    }
    Item::Group {
        transform: crate::scene::Transform::IDENTITY,
        clip: Some(g.outline(Pt::default())),
        items: hatch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Pictogram;

    fn texts(items: &[Item]) -> Vec<(String, Weight, Color)> {
        items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, style, .. } => Some((text.clone(), style.weight, style.color)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn chips_show_number_pips_and_red_six_and_eight() {
        let theme = Theme::builtin();
        let pal = theme.palette(Mode::Colour);
        for n in [2u8, 3, 4, 5, 6, 8, 9, 10, 11, 12] {
            let chip = number_chip(n, 25.0, pal);
            let t = texts(&chip);
            assert_eq!(t.len(), 1);
            assert_eq!(t[0].0, n.to_string());
            let red = is_red(n);
            assert_eq!(t[0].1 == Weight::Bold, red);
            assert_eq!(t[0].2 == pal.red_number, red);
            // face + one dot per pip
            assert_eq!(chip.len() - 1, 1 + usize::from(pips(n)));
        }
    }

    #[test]
    fn every_pictogram_but_none_draws_inside_its_box() {
        let ink = Ink { art: Color::BLACK, hole: Color::WHITE, stroke: 0.6 };
        for p in Pictogram::ALL {
            let items = pictogram(p, Pt::new(100.0, 100.0), 20.0, &ink);
            assert_eq!(items.is_empty(), p == Pictogram::None, "{p:?}");
            for it in &items {
                if let Item::Path { path, .. } = it {
                    for s in &path.segs {
                        if let crate::scene::Seg::Move(q) | crate::scene::Seg::Line(q) = s {
                            assert!(
                                (q.x - 100.0).abs() <= 10.5 && (q.y - 100.0).abs() <= 10.5,
                                "{p:?} {q:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn face_down_overlay_carries_one_mark() {
        let t = texts(&face_down_overlay(76.0, &Theme::builtin(), Mode::Colour));
        assert_eq!(t.iter().map(|x| x.0.as_str()).collect::<Vec<_>>(), [FACE_DOWN_MARK]);
    }

    #[test]
    fn fog_face_is_a_question_mark() {
        let t = texts(&fog_face(76.0, &Theme::builtin(), Mode::BlackAndWhite));
        assert_eq!(t.iter().map(|x| x.0.as_str()).collect::<Vec<_>>(), ["?"]);
    }
}
