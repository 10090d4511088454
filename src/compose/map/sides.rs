//! Features on hex sides, drawn along the side two hexes share: a river (a
//! band of water with an inked bank on each side), a bridge (a river with a
//! plank deck across it) or a wall (a dark bar). The map, its picture (the
//! overview's and the handout's), the web page and the key all draw them
//! from here, at any hex size; the printed side pieces show the same look.
//!
//! Bands are drawn in passes over all sides: first every bank (a band a
//! little wider, in ink), then every band of water, then the decks, so two
//! sides meeting at a corner join into one stream with one outline.

use crate::model::sides::SideLook;
use crate::scene::{Color, Item, Path, Pt, Stroke};
use crate::theme::Palette;
use crate::vocab::Terrain;

/// The colours a side feature is drawn in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SideInks {
    /// Banks, deck lines and walls.
    pub ink: Color,
    /// A river's water.
    pub water: Color,
    /// A bridge's deck.
    pub deck: Color,
}

impl SideInks {
    /// The map's colours: its ink, its lake's water, its chips' cream.
    pub fn of(pal: &Palette) -> SideInks {
        SideInks { ink: pal.ink, water: pal.fill(Terrain::Lake), deck: pal.chip }
    }
}

/// Half the width of a river band, as a share of the hex's flat-to-flat width.
pub(crate) const HALF_WIDTH: f64 = 0.042;

/// One drawing pass over the sides (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pass {
    /// Ink banks under the bands.
    Banks,
    /// The bands themselves.
    Bands,
    /// Bridge decks over the bands.
    Decks,
}

impl Pass {
    /// The passes, in drawing order.
    pub const ALL: [Pass; 3] = [Pass::Banks, Pass::Bands, Pass::Decks];
}

/// A band from `a` to `b`, `half` mm to each side, with round ends (so
/// that sides meeting at a corner join).
fn band(a: Pt, b: Pt, half: f64) -> Vec<Path> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (nx, ny) = (-dy / len * half, dx / len * half);
    vec![
        Path::polygon(&[
            Pt::new(a.x + nx, a.y + ny),
            Pt::new(b.x + nx, b.y + ny),
            Pt::new(b.x - nx, b.y - ny),
            Pt::new(a.x - nx, a.y - ny),
        ]),
        Path::circle(a, half),
        Path::circle(b, half),
    ]
}

fn filled(paths: Vec<Path>, colour: Color) -> Vec<Item> {
    paths.into_iter().map(|path| Item::Path { path, fill: Some(colour), stroke: None }).collect()
}

/// The width of a bank's ink line for hexes `flat` mm across.
fn bank(flat: f64) -> f64 {
    (0.006 * flat).max(0.2)
}

/// What pass `pass` draws of a side feature of look `look` along the side
/// from corner `a` to corner `b`, for hexes `flat` mm across, in `inks`.
pub(crate) fn side_items(
    look: SideLook,
    a: Pt,
    b: Pt,
    flat: f64,
    inks: SideInks,
    pass: Pass,
) -> Vec<Item> {
    let half = HALF_WIDTH * flat;
    match (look, pass) {
        (SideLook::River | SideLook::Bridge, Pass::Banks) => {
            filled(band(a, b, half + bank(flat)), inks.ink)
        }
        (SideLook::River | SideLook::Bridge, Pass::Bands) => filled(band(a, b, half), inks.water),
        (SideLook::Bridge, Pass::Decks) => deck(a, b, half, flat, inks),
        (SideLook::Wall, Pass::Bands) => filled(band(a, b, half * 0.6), inks.ink),
        _ => Vec::new(),
    }
}

/// A bridge deck across the middle of the side from `a` to `b`: planks
/// reaching past both banks, with a rail along each edge.
fn deck(a: Pt, b: Pt, half: f64, flat: f64, inks: SideInks) -> Vec<Item> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len); // along the river
    let (nx, ny) = (-uy, ux); // across it
    let m = Pt::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    let (w, l) = (0.07 * flat, half + 0.035 * flat); // half width along, half length across
    let at = |s: f64, t: f64| Pt::new(m.x + ux * s + nx * t, m.y + uy * s + ny * t);
    let line = (0.004 * flat).max(0.15);
    let ink = Stroke::solid(inks.ink, line);
    let mut v = vec![Item::Path {
        path: Path::polygon(&[at(-w, -l), at(w, -l), at(w, l), at(-w, l)]),
        fill: Some(inks.deck),
        stroke: Some(ink.clone()),
    }];
    // Planks across the river, then the two rails.
    for k in 1..4 {
        let t = -l + 2.0 * l * f64::from(k) / 4.0;
        v.push(Item::Path {
            path: Path::line(at(-w, t), at(w, t)),
            fill: None,
            stroke: Some(ink.clone()),
        });
    }
    let rail = Stroke::solid(inks.ink, 2.0 * line);
    for s in [-w, w] {
        v.push(Item::Path {
            path: Path::line(at(s, -l), at(s, l)),
            fill: None,
            stroke: Some(rail.clone()),
        });
    }
    v
}

/// A side feature drawn whole (every pass) from `a` to `b`, for hexes
/// `flat` mm across: a key swatch, a printed piece.
pub(crate) fn side_whole(look: SideLook, a: Pt, b: Pt, flat: f64, inks: SideInks) -> Vec<Item> {
    Pass::ALL.iter().flat_map(|p| side_items(look, a, b, flat, inks, *p)).collect()
}

/// A key swatch of a side feature's look, centred on (0, 0), about `size`
/// mm wide.
pub(crate) fn side_swatch(look: SideLook, size: f64, pal: &Palette) -> Vec<Item> {
    let (a, b) = (Pt::new(-size * 0.4, 0.0), Pt::new(size * 0.4, 0.0));
    // The swatch's band as wide as a river on a hex `flat` across.
    side_whole(look, a, b, size * 2.2, SideInks::of(pal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pal() -> SideInks {
        SideInks::of(&crate::theme::Theme::builtin().colour)
    }

    #[test]
    fn every_look_draws_something_and_only_bridges_have_decks() {
        let (a, b) = (Pt::new(0.0, 0.0), Pt::new(0.0, 44.0));
        for look in SideLook::ALL {
            let all: usize =
                Pass::ALL.iter().map(|p| side_items(look, a, b, 76.0, pal(), *p).len()).sum();
            assert!(all > 0, "{look:?}");
            let decks = side_items(look, a, b, 76.0, pal(), Pass::Decks);
            assert_eq!(decks.is_empty(), look != SideLook::Bridge, "{look:?}");
        }
    }

    #[test]
    fn a_river_band_follows_its_side() {
        // A side running down from (10, 0) to (10, 44): the band's corners lie
        // HALF_WIDTH * flat to either side of it.
        let items = side_items(
            SideLook::River,
            Pt::new(10.0, 0.0),
            Pt::new(10.0, 44.0),
            76.0,
            pal(),
            Pass::Bands,
        );
        let Item::Path { path, .. } = &items[0] else { panic!("a path") };
        let xs: Vec<f64> = path
            .segs
            .iter()
            .filter_map(|s| match s {
                crate::scene::Seg::Move(p) | crate::scene::Seg::Line(p) => Some(p.x),
                _ => None,
            })
            .collect();
        let half = HALF_WIDTH * 76.0;
        assert!(xs.iter().all(|x| ((x - 10.0).abs() - half).abs() < 1e-9), "{xs:?}");
    }
}
