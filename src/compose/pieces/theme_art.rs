//! The art the component sheets borrow from the map's look (terrain faces,
//! the fog back, number chips, resource icons): the [`MapArt`] trait, and
//! [`ThemeArt`], the themed artwork ([`crate::compose::art`]) with a bleed underlay
//! so a slightly-off cut shows the fill, not white paper.

use crate::compose::art;
use crate::compose::pieces::tokens::Ink;
use crate::scene::{Anchor, Color, HexGeom, Item, Path, Pt, TextStyle, Weight};
use crate::theme::{Mode, Theme};
use crate::vocab::{HarborKind, Resource, Terrain};

/// How far the underlay reaches past the cut line, mm (more than any bleed in use).
const UNDERLAY: f64 = 4.0;

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
    /// A placement code on a tile's fog back, where the map shows it on the
    /// hex ([`art::fog_code`]).
    fn fog_code(&self, flat: f64, code: &str) -> Item;
    /// A number chip of diameter `d`.
    fn number_chip(&self, n: u8, d: f64) -> Vec<Item>;
    /// A resource icon about `size` mm across, centred at `at`.
    fn resource_icon(&self, r: Resource, at: Pt, size: f64) -> Vec<Item>;
    /// The ink look, for token art drawn beside this art.
    fn ink(&self) -> Ink;
}

/// Themed art in one print mode.
#[derive(Clone, Debug)]
pub struct ThemeArt<'a> {
    /// The theme.
    pub theme: &'a Theme,
    /// Colour, ink saver or black and white.
    pub mode: Mode,
}

fn hex_underlay(flat: f64, fill: Color) -> Item {
    let outline = HexGeom::new(flat + 2.0 * UNDERLAY).outline(Pt::default());
    Item::Path { path: outline, fill: Some(fill), stroke: None }
}

impl MapArt for ThemeArt<'_> {
    fn terrain_face(&self, terrain: Terrain, flat: f64) -> Vec<Item> {
        let pal = self.theme.palette(self.mode);
        let mut v = vec![hex_underlay(flat, pal.fill(terrain))];
        v.extend(art::terrain_tile(terrain, flat, self.theme, self.mode, false));
        v
    }

    fn terrain_face_with_mark(&self, terrain: Terrain, flat: f64) -> Vec<Item> {
        let pal = self.theme.palette(self.mode);
        let mut v = vec![hex_underlay(flat, pal.fill(terrain))];
        v.extend(art::terrain_tile(terrain, flat, self.theme, self.mode, true));
        v
    }

    fn fog_back(&self, flat: f64) -> Vec<Item> {
        let mut v = vec![hex_underlay(flat, self.theme.palette(self.mode).fog)];
        v.extend(art::fog_face(flat, self.theme, self.mode));
        v
    }

    fn fog_code(&self, flat: f64, code: &str) -> Item {
        art::fog_code(flat, code, self.theme, self.mode)
    }

    fn number_chip(&self, n: u8, d: f64) -> Vec<Item> {
        let pal = self.theme.palette(self.mode);
        let mut v = vec![Item::Path {
            path: Path::circle(Pt::default(), d / 2.0 + UNDERLAY),
            fill: Some(pal.chip),
            stroke: None,
        }];
        v.extend(art::number_chip(n, d, pal));
        v
    }

    fn resource_icon(&self, r: Resource, at: Pt, size: f64) -> Vec<Item> {
        // The themed icon's disc is 1.24 x its box; keep it within `size`.
        art::resource_icon(r, at, size / 1.24, self.theme, self.mode)
    }

    fn ink(&self) -> Ink {
        Ink::new(self.mode, self.theme)
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

/// Face of a harbor token: the trade ratio and what it trades.
pub(crate) fn harbor_token(art: &dyn MapArt, kind: HarborKind, d: f64) -> Vec<Item> {
    let ink = art.ink();
    let mut v = vec![Item::Path {
        path: Path::circle(Pt::default(), d / 2.0 + 4.0),
        fill: Some(ink.fill(ink.inks.harbor_token)),
        stroke: None,
    }];
    v.extend(crate::compose::pieces::tokens::cut_guide(d, ink));
    match kind {
        HarborKind::Generic => {
            v.push(text(Pt::new(0.0, d * 0.06), "3:1", d * 0.3, ink.line(ink.inks.piece_ink)));
            v.push(crate::compose::pieces::tokens::label(d * 0.3, "any", d * 0.12, false, ink));
        }
        HarborKind::Special(r) => {
            v.extend(art.resource_icon(r, Pt::new(0.0, -d * 0.14), d * 0.34));
            v.push(text(Pt::new(0.0, d * 0.2), "2:1", d * 0.2, ink.line(ink.inks.piece_ink)));
            v.push(crate::compose::pieces::tokens::label(d * 0.36, r.name(), d * 0.1, false, ink));
        }
    }
    v
}
