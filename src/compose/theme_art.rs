//! [`MapArt`] from the themed artwork ([`super::art`]): the same terrain
//! tiles, fog face, number chips and resource icons as on the map, with a
//! bleed underlay so a slightly-off cut shows the fill, not white paper.

use super::art;
use super::basic_art::MapArt;
use super::tokens::Ink;
use crate::scene::{Color, Item, Path, Pt};
use crate::theme::{Mode, Theme};
use crate::vocab::{Resource, Terrain};

/// How far the underlay reaches past the cut line, mm (more than any bleed in use).
const UNDERLAY: f64 = 4.0;

/// Themed art in one print mode.
#[derive(Clone, Debug)]
pub struct ThemeArt<'a> {
    /// The theme.
    pub theme: &'a Theme,
    /// Colour, ink saver or black and white.
    pub mode: Mode,
}

fn hex_underlay(flat: f64, fill: Color) -> Item {
    let r = (flat / 2.0 + UNDERLAY) * 2.0 / 3f64.sqrt();
    let h = r * 3f64.sqrt() / 2.0;
    let pts = [
        Pt::new(0.0, -r),
        Pt::new(h, -r / 2.0),
        Pt::new(h, r / 2.0),
        Pt::new(0.0, r),
        Pt::new(-h, r / 2.0),
        Pt::new(-h, -r / 2.0),
    ];
    Item::Path { path: Path::polygon(&pts), fill: Some(fill), stroke: None }
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
        Ink::from(self.mode)
    }
}
