//! Token art drawn here: gold coins, fish and the old boot, trade goods and
//! the buildings on trade-token backs, castaway backs. Every piece is centred
//! on (0, 0) in mm; fills fill the outline plus bleed so a slightly-off cut
//! shows no white edge.
//!
//! Every token names itself in text as well as by pictogram, so the
//! black-and-white and ink-saving looks stay readable.

use crate::scene::{Anchor, Color, Item, Path, Pt, Rect, Seg, Stroke, TextRole, TextStyle, Weight};

mod counted;
mod ink;

pub(crate) use crate::model::game::{Building, Goods};
pub use counted::{counted_faces, gold_coin};
pub use ink::{Ink, Look};

fn shape(path: Path, fill: Color, line: f64, ink: Ink) -> Item {
    Item::Path {
        path,
        fill: Some(ink.fill(fill)),
        stroke: (line > 0.0).then(|| Stroke::solid(ink.line(ink.inks.piece_ink), line)),
    }
}

fn outline(path: Path, width: f64, ink: Ink) -> Item {
    Item::Path {
        path,
        fill: None,
        stroke: Some(Stroke::solid(ink.line(ink.inks.piece_ink), width)),
    }
}

fn dot(c: Pt, r: f64, ink: Ink) -> Item {
    Item::Path {
        path: Path::circle(c, r),
        fill: Some(ink.accent(ink.inks.piece_ink)),
        stroke: None,
    }
}

/// The smallest size of text a player reads on a piece, in mm: the body
/// floor ([`TextRole::Body`]), with a hair of room so rounding never takes
/// a run under it.
pub(crate) fn min_text() -> f64 {
    TextRole::Body.min_mm() * 1.01
}

/// A centred line of text, never smaller than [`min_text`] (art sizes its
/// words as shares of a piece; on a small piece the share would be too
/// small to read).
pub fn label(y: f64, s: &str, size: f64, bold: bool, ink: Ink) -> Item {
    Item::Text {
        pos: Pt::new(0.0, y),
        text: s.to_string(),
        style: TextStyle {
            size: size.max(min_text()),
            weight: if bold { Weight::Bold } else { Weight::Regular },
            anchor: Anchor::Middle,
            color: ink.line(ink.inks.piece_ink),
            role: TextRole::Body,
        },
    }
}

fn poly(pts: &[(f64, f64)], at: Pt, s: f64) -> Path {
    let p: Vec<Pt> = pts.iter().map(|(x, y)| Pt::new(at.x + x * s, at.y + y * s)).collect();
    Path::polygon(&p)
}

/// A round background filling the token plus bleed, with a thin inner ring.
fn disc(d: f64, fill: Color, ink: Ink) -> Vec<Item> {
    let mut v = vec![
        shape(Path::circle(Pt::default(), d / 2.0 + 4.0), fill, 0.0, ink),
        outline(Path::circle(Pt::default(), d / 2.0 - 1.2), 0.3, ink),
    ];
    v.extend(cut_guide(d, ink));
    v
}

/// In black and white a round piece has no fill to cut along: a thin grey
/// circle on the cut line shows it.
pub(crate) fn cut_guide(d: f64, ink: Ink) -> Option<Item> {
    (ink.look == Look::Mono).then(|| Item::Path {
        path: Path::circle(Pt::default(), d / 2.0),
        fill: None,
        stroke: Some(Stroke::solid(ink.inks.cut_guide, 0.15)),
    })
}

/// A fish facing right, `len` mm long, centred at `c`.
pub fn fish(c: Pt, len: f64, ink: Ink) -> Vec<Item> {
    let (x, y, l) = (c.x, c.y, len);
    let body = Path {
        segs: vec![
            Seg::Move(Pt::new(x + l / 2.0, y)),
            Seg::Cubic(
                Pt::new(x + l * 0.3, y - l * 0.32),
                Pt::new(x - l * 0.1, y - l * 0.3),
                Pt::new(x - l * 0.25, y),
            ),
            Seg::Cubic(
                Pt::new(x - l * 0.1, y + l * 0.3),
                Pt::new(x + l * 0.3, y + l * 0.32),
                Pt::new(x + l / 2.0, y),
            ),
            Seg::Close,
        ],
    };
    let tail = poly(&[(-0.2, 0.0), (-0.5, -0.2), (-0.5, 0.2)], c, l);
    vec![
        shape(tail, ink.inks.fish, 0.25, ink),
        shape(body, ink.inks.fish, 0.25, ink),
        dot(Pt::new(x + l * 0.28, y - l * 0.04), l * 0.04, ink),
    ]
}

/// The old boot, about `size` mm tall, centred at `c`.
pub fn boot(c: Pt, size: f64, ink: Ink) -> Vec<Item> {
    let s = size;
    let b = poly(
        &[(-0.3, -0.5), (0.1, -0.5), (0.1, 0.1), (0.45, 0.22), (0.5, 0.45), (-0.3, 0.45)],
        c,
        s,
    );
    let sole =
        Path::line(Pt::new(c.x - 0.3 * s, c.y + 0.36 * s), Pt::new(c.x + 0.5 * s, c.y + 0.36 * s));
    let lace =
        Path::line(Pt::new(c.x - 0.05 * s, c.y - 0.25 * s), Pt::new(c.x + 0.1 * s, c.y - 0.2 * s));
    vec![shape(b, ink.inks.boot, 0.3, ink), outline(sole, 0.3, ink), outline(lace, 0.3, ink)]
}

/// A fish token: `fish` fish (1-3) on water; 0 draws the old boot.
pub(crate) fn fish_token(fish_count: u8, d: f64, ink: Ink) -> Vec<Item> {
    let mut v = disc(d, ink.inks.water, ink);
    let l = d * 0.42;
    let spots: &[(f64, f64)] = match fish_count {
        0 => &[],
        1 => &[(0.0, -0.04)],
        2 => &[(0.0, -0.22), (0.0, 0.08)],
        _ => &[(0.0, -0.24), (-0.19, 0.05), (0.19, 0.05)],
    };
    let small = if fish_count >= 3 { 0.66 } else { 1.0 };
    if fish_count == 0 {
        v.extend(boot(Pt::new(0.0, -d * 0.06), d * 0.45, ink));
        v.push(label(d * 0.34, "old boot", d * 0.11, true, ink));
    } else {
        for (x, y) in spots {
            v.extend(fish(Pt::new(x * d, y * d), l * small, ink));
        }
        v.push(label(d * 0.38, &fish_count.to_string(), d * 0.15, true, ink));
    }
    v
}

/// The one plain back shared by all fish tokens and the boot.
pub(crate) fn fish_back(d: f64, ink: Ink) -> Vec<Item> {
    let mut v = disc(d, ink.inks.water, ink);
    for k in [-1.0, 0.0, 1.0] {
        let y = k * d * 0.16;
        let w = d * 0.28;
        let wave = Path {
            segs: vec![
                Seg::Move(Pt::new(-w, y)),
                Seg::Cubic(Pt::new(-w / 2.0, y - 1.5), Pt::new(-w / 2.0, y + 1.5), Pt::new(0.0, y)),
                Seg::Cubic(Pt::new(w / 2.0, y - 1.5), Pt::new(w / 2.0, y + 1.5), Pt::new(w, y)),
            ],
        };
        v.push(outline(wave, 0.4, ink));
    }
    v
}

/// A pictogram of trade goods, about `s` mm across, centred at `c`.
pub(crate) fn goods_icon(g: Goods, c: Pt, s: f64, ink: Ink) -> Vec<Item> {
    match g {
        Goods::Glass => {
            let bowl = poly(&[(-0.3, -0.5), (0.3, -0.5), (0.22, -0.05), (-0.22, -0.05)], c, s);
            let stem = Path::rect(Rect::new(c.x - 0.04 * s, c.y - 0.05 * s, 0.08 * s, 0.4 * s));
            let foot = poly(&[(-0.25, 0.45), (0.25, 0.45), (0.15, 0.35), (-0.15, 0.35)], c, s);
            vec![
                shape(bowl, ink.inks.glass, 0.3, ink),
                shape(stem, ink.inks.glass, 0.3, ink),
                shape(foot, ink.inks.glass, 0.3, ink),
            ]
        }
        Goods::Marble => {
            let top = poly(&[(-0.45, -0.2), (0.0, -0.42), (0.45, -0.2), (0.0, 0.02)], c, s);
            let left = poly(&[(-0.45, -0.2), (0.0, 0.02), (0.0, 0.48), (-0.45, 0.26)], c, s);
            let right = poly(&[(0.45, -0.2), (0.0, 0.02), (0.0, 0.48), (0.45, 0.26)], c, s);
            let vein = Path::polyline(&[
                Pt::new(c.x - 0.35 * s, c.y - 0.05 * s),
                Pt::new(c.x - 0.2 * s, c.y + 0.1 * s),
                Pt::new(c.x - 0.25 * s, c.y + 0.25 * s),
            ]);
            vec![
                shape(top, ink.inks.marble, 0.3, ink),
                shape(left, ink.inks.stone, 0.3, ink),
                shape(right, ink.inks.marble_shade, 0.3, ink),
                outline(vein, 0.2, ink),
            ]
        }
        Goods::Sand => {
            let pile = Path {
                segs: vec![
                    Seg::Move(Pt::new(c.x - 0.5 * s, c.y + 0.4 * s)),
                    Seg::Cubic(
                        Pt::new(c.x - 0.3 * s, c.y - 0.5 * s),
                        Pt::new(c.x + 0.3 * s, c.y - 0.5 * s),
                        Pt::new(c.x + 0.5 * s, c.y + 0.4 * s),
                    ),
                    Seg::Close,
                ],
            };
            let mut v = vec![shape(pile, ink.inks.sand, 0.3, ink)];
            for (x, y) in [(-0.2, 0.2), (0.0, 0.0), (0.15, 0.25), (0.05, -0.15), (-0.1, 0.32)] {
                v.push(dot(Pt::new(c.x + x * s, c.y + y * s), 0.03 * s, ink));
            }
            v
        }
        Goods::Tools => {
            // A hammer across a wrench-like bar, as two rotated bars.
            let handle = poly(&[(-0.42, 0.36), (-0.34, 0.44), (0.24, -0.14), (0.16, -0.22)], c, s);
            let head = poly(&[(0.0, -0.3), (0.3, -0.5), (0.48, -0.28), (0.18, -0.06)], c, s);
            vec![shape(handle, ink.inks.wood, 0.3, ink), shape(head, ink.inks.stone, 0.3, ink)]
        }
    }
}

/// A pictogram of a trade building, about `s` mm across, centred at `c`.
pub(crate) fn building_icon(b: Building, c: Pt, s: f64, ink: Ink) -> Vec<Item> {
    match b {
        Building::Castle => castle_icon(c, s, ink),
        Building::Quarry => quarry_icon(c, s, ink),
        Building::Glassworks => glassworks_icon(c, s, ink),
    }
}

/// A castle wall with battlements and a gate.
fn castle_icon(c: Pt, s: f64, ink: Ink) -> Vec<Item> {
    let wall = poly(
        &[
            (-0.5, 0.45),
            (-0.5, -0.45),
            (-0.38, -0.45),
            (-0.38, -0.35),
            (-0.26, -0.35),
            (-0.26, -0.45),
            (-0.14, -0.45),
            (-0.14, -0.1),
            (0.14, -0.1),
            (0.14, -0.45),
            (0.26, -0.45),
            (0.26, -0.35),
            (0.38, -0.35),
            (0.38, -0.45),
            (0.5, -0.45),
            (0.5, 0.45),
        ],
        c,
        s,
    );
    let gate = poly(&[(-0.12, 0.45), (-0.12, 0.15), (0.0, 0.05), (0.12, 0.15), (0.12, 0.45)], c, s);
    vec![shape(wall, ink.inks.stone, 0.3, ink), shape(gate, ink.inks.wood, 0.3, ink)]
}

/// Quarry steps with a cut block.
fn quarry_icon(c: Pt, s: f64, ink: Ink) -> Vec<Item> {
    let steps = poly(
        &[
            (-0.5, 0.45),
            (-0.5, -0.4),
            (-0.2, -0.4),
            (-0.2, -0.1),
            (0.1, -0.1),
            (0.1, 0.18),
            (0.5, 0.18),
            (0.5, 0.45),
        ],
        c,
        s,
    );
    let block = Path::rect(Rect::new(c.x + 0.15 * s, c.y - 0.12 * s, 0.28 * s, 0.22 * s));
    vec![shape(steps, ink.inks.stone, 0.3, ink), shape(block, ink.inks.marble, 0.3, ink)]
}

/// A glassworks hall with its chimney and furnace.
fn glassworks_icon(c: Pt, s: f64, ink: Ink) -> Vec<Item> {
    let hall = poly(
        &[
            (-0.5, 0.45),
            (-0.5, -0.05),
            (0.0, -0.3),
            (0.22, -0.19),
            (0.22, -0.5),
            (0.38, -0.5),
            (0.38, -0.11),
            (0.5, -0.05),
            (0.5, 0.45),
        ],
        c,
        s,
    );
    let fire = Path {
        segs: vec![
            Seg::Move(Pt::new(c.x - 0.18 * s, c.y + 0.45 * s)),
            Seg::Line(Pt::new(c.x - 0.18 * s, c.y + 0.18 * s)),
            Seg::Cubic(
                Pt::new(c.x - 0.18 * s, c.y + 0.02 * s),
                Pt::new(c.x + 0.18 * s, c.y + 0.02 * s),
                Pt::new(c.x + 0.18 * s, c.y + 0.18 * s),
            ),
            Seg::Line(Pt::new(c.x + 0.18 * s, c.y + 0.45 * s)),
            Seg::Close,
        ],
    };
    vec![shape(hall, ink.inks.hall, 0.3, ink), shape(fire, ink.inks.fire, 0.3, ink)]
}

/// Face of a trade token: the goods.
pub(crate) fn trade_front(g: Goods, d: f64, ink: Ink) -> Vec<Item> {
    let mut v = disc(d, ink.inks.piece_paper, ink);
    v.extend(goods_icon(g, Pt::new(0.0, -d * 0.08), d * 0.48, ink));
    v.push(label(d * 0.33, g.name(), d * 0.13, true, ink));
    v
}

/// Back of a trade token: where it is picked up.
pub(crate) fn trade_back(b: Building, d: f64, ink: Ink) -> Vec<Item> {
    let mut v = disc(d, ink.inks.trade, ink);
    v.extend(building_icon(b, Pt::new(0.0, -d * 0.08), d * 0.46, ink));
    v.push(label(d * 0.33, b.name(), d * 0.12, true, ink));
    v
}

/// Back of a castaway token: a lone palm on an islet.
pub(crate) fn castaway_back(side: f64, ink: Ink) -> Vec<Item> {
    let h = side / 2.0 + 4.0;
    let mut v =
        vec![shape(Path::rect(Rect::new(-h, -h, 2.0 * h, 2.0 * h)), ink.inks.water, 0.0, ink)];
    let isle = Path {
        segs: vec![
            Seg::Move(Pt::new(-side * 0.32, side * 0.18)),
            Seg::Cubic(
                Pt::new(-side * 0.2, side * 0.02),
                Pt::new(side * 0.2, side * 0.02),
                Pt::new(side * 0.32, side * 0.18),
            ),
            Seg::Close,
        ],
    };
    v.push(shape(isle, ink.inks.sand, 0.3, ink));
    let trunk = poly(&[(0.0, 0.12), (0.04, 0.12), (0.06, -0.2), (0.03, -0.2)], Pt::default(), side);
    v.push(shape(trunk, ink.inks.wood, 0.25, ink));
    for (dx, dy) in [(-0.18, -0.12), (0.24, -0.1), (-0.1, -0.3), (0.2, -0.3)] {
        let leaf = Path::polyline(&[
            Pt::new(side * 0.045, -side * 0.2),
            Pt::new(side * (0.045 + dx * 0.6), side * (-0.2 + dy * 0.2 - 0.04)),
            Pt::new(side * (0.045 + dx), side * (-0.2 + dy * 0.5)),
        ]);
        v.push(Item::Path {
            path: leaf,
            fill: None,
            stroke: Some(Stroke::solid(ink.line(ink.inks.leaf), 0.9)),
        });
    }
    v.push(label(side * 0.38, "castaway", side * 0.12, true, ink));
    v
}

#[cfg(test)]
mod tests;
