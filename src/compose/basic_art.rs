//! The art the component sheets borrow from the map's look (terrain faces,
//! the fog back, number chips, resource icons), behind one trait so the
//! themed artwork can replace these plain stand-ins.

use super::tokens::Ink;
use crate::scene::{Anchor, Color, Item, Path, Pt, Stroke, TextStyle, Weight};
use crate::vocab::{pips, HarborKind, Resource, Terrain};

/// Art for the pieces that also appear on the map. All items centred on (0, 0), mm.
pub trait MapArt {
    /// Face of a cut-out hex tile (pointy-top, `flat` mm flat to flat).
    fn terrain_face(&self, terrain: Terrain, flat: f64) -> Vec<Item>;
    /// Face of a tile that carries a mark besides its terrain (a harbor's
    /// ratio disc): the terrain's drawing kept to the tile's upper part.
    fn terrain_face_with_mark(&self, terrain: Terrain, flat: f64) -> Vec<Item> {
        self.terrain_face(terrain, flat)
    }
    /// Back of a face-down hex tile.
    fn fog_back(&self, flat: f64) -> Vec<Item>;
    /// A number chip of diameter `d`.
    fn number_chip(&self, n: u8, d: f64) -> Vec<Item>;
    /// A resource icon about `size` mm across, centred at `at`.
    fn resource_icon(&self, r: Resource, at: Pt, size: f64) -> Vec<Item>;
    /// The ink look, for token art drawn beside this art.
    fn ink(&self) -> Ink;
}

/// Plain stand-in art: coloured fills and names.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicArt {
    /// Ink look.
    pub ink: Ink,
}

const INK: Color = Color::rgb(40, 36, 32);

/// Fill colour of a terrain (palette chosen to stay apart for common colour blindness
/// together with the names printed on every piece).
pub fn terrain_color(t: Terrain) -> Color {
    match t {
        Terrain::Forest => Color::rgb(34, 110, 60),
        Terrain::Pasture => Color::rgb(150, 205, 90),
        Terrain::Fields => Color::rgb(240, 200, 60),
        Terrain::Hills => Color::rgb(200, 90, 50),
        Terrain::Mountains => Color::rgb(130, 130, 140),
        Terrain::Desert => Color::rgb(225, 205, 160),
        Terrain::Gold => Color::rgb(250, 215, 0),
        Terrain::Lake => Color::rgb(90, 160, 210),
        t if t.is_water() => Color::rgb(70, 130, 190),
        _ => Color::rgb(200, 180, 150),
    }
}

fn text(pos: Pt, s: &str, size: f64, color: Color) -> Item {
    Item::Text {
        pos,
        text: s.to_string(),
        style: TextStyle {
            size,
            weight: Weight::Bold,
            anchor: Anchor::Middle,
            color,
            role: crate::scene::TextRole::Body,
        },
    }
}

fn hex_path(flat: f64, grow: f64) -> Path {
    let r = (flat / 2.0 + grow) * 2.0 / 3f64.sqrt();
    let pts: Vec<Pt> =
        [(0.0, -1.0), (0.866, -0.5), (0.866, 0.5), (0.0, 1.0), (-0.866, 0.5), (-0.866, -0.5)]
            .iter()
            .map(|(x, y)| Pt::new(x * r, y * r))
            .collect();
    Path::polygon(&pts)
}

impl MapArt for BasicArt {
    fn terrain_face(&self, terrain: Terrain, flat: f64) -> Vec<Item> {
        let ink = self.ink;
        vec![
            Item::Path {
                path: hex_path(flat, 4.0),
                fill: Some(ink.fill(terrain_color(terrain))),
                stroke: None,
            },
            Item::Path {
                path: Path::circle(Pt::default(), flat * 0.22),
                fill: Some(Color::WHITE),
                stroke: Some(Stroke::solid(ink.line(INK), 0.3)),
            },
            text(Pt::new(0.0, flat * 0.03), terrain.name(), flat * 0.07, ink.line(INK)),
        ]
    }

    fn fog_back(&self, flat: f64) -> Vec<Item> {
        let ink = self.ink;
        vec![
            Item::Path {
                path: hex_path(flat, 4.0),
                fill: Some(ink.fill(Color::rgb(110, 130, 150))),
                stroke: None,
            },
            Item::Path {
                path: hex_path(flat, -4.0),
                fill: None,
                stroke: Some(Stroke::solid(ink.line(Color::WHITE), 0.5)),
            },
            text(Pt::new(0.0, flat * 0.15), "?", flat * 0.4, ink.line(Color::WHITE)),
        ]
    }

    fn number_chip(&self, n: u8, d: f64) -> Vec<Item> {
        let ink = self.ink;
        let red = ink.line(if n == 6 || n == 8 { Color::rgb(190, 30, 30) } else { INK });
        let mut v = vec![
            Item::Path {
                path: Path::circle(Pt::default(), d / 2.0 + 4.0),
                fill: Some(ink.fill(Color::rgb(245, 232, 200))),
                stroke: None,
            },
            text(Pt::new(0.0, d * 0.1), &n.to_string(), d * 0.4, red),
        ];
        let p = pips(n);
        let step = d * 0.07;
        for i in 0..p {
            let x = (f64::from(i) - f64::from(p.saturating_sub(1)) / 2.0) * step;
            v.push(Item::Path {
                path: Path::circle(Pt::new(x, d * 0.28), d * 0.025),
                fill: Some(red),
                stroke: None,
            });
        }
        v
    }

    fn resource_icon(&self, r: Resource, at: Pt, size: f64) -> Vec<Item> {
        let ink = self.ink;
        vec![
            Item::Path {
                path: Path::circle(at, size / 2.0),
                fill: Some(ink.fill(terrain_color(r.terrain()))),
                stroke: Some(Stroke::solid(ink.line(INK), 0.25)),
            },
            text(
                Pt::new(at.x, at.y + size * 0.17),
                &r.name()[..1].to_uppercase(),
                size * 0.5,
                ink.line(INK),
            ),
        ]
    }

    fn ink(&self) -> Ink {
        self.ink
    }
}

/// Face of a harbor token: the trade ratio and what it trades.
pub fn harbor_token(art: &dyn MapArt, kind: HarborKind, d: f64) -> Vec<Item> {
    let ink = art.ink();
    let mut v = vec![Item::Path {
        path: Path::circle(Pt::default(), d / 2.0 + 4.0),
        fill: Some(ink.fill(Color::rgb(200, 225, 240))),
        stroke: None,
    }];
    v.extend(super::tokens::cut_guide(d, ink));
    match kind {
        HarborKind::Generic => {
            v.push(text(Pt::new(0.0, d * 0.06), "3:1", d * 0.3, ink.line(INK)));
            v.push(super::tokens::label(d * 0.3, "any", d * 0.12, false, ink));
        }
        HarborKind::Special(r) => {
            v.extend(art.resource_icon(r, Pt::new(0.0, -d * 0.14), d * 0.34));
            v.push(text(Pt::new(0.0, d * 0.2), "2:1", d * 0.2, ink.line(INK)));
            v.push(super::tokens::label(d * 0.36, r.name(), d * 0.1, false, ink));
        }
    }
    v
}
