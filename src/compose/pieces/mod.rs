//! The pieces to cut out and their imposition on sheets. This module: which
//! pieces a scenario needs, as [`PieceSet`]s ready for imposition
//! ([`impose`]).
//!
//! From the solved layout: the cut-out hex tiles of face-down regions (terrain
//! face, fog back) with their chip stacks. From the scenario's
//! `[components]` ([`crate::model::material::Components`], read as the
//! model holds it): gold coins, trade tokens, castaway tokens, fish tokens,
//! fishing-ground tiles, side pieces and the generic parts.

mod counted;
pub mod cutting;
pub(crate) mod described;
pub mod duplex;
pub mod fit_text;
pub mod footers;
pub(crate) mod honeycomb;
pub mod impose;
pub(crate) mod packing;
pub mod piece;
pub(crate) mod sharing;
pub(crate) mod sheet_plan;
pub mod slots;
pub mod theme_art;
pub mod tokens;

use std::collections::BTreeMap;

use crate::compose::pieces::piece::{Piece, PieceSet, Shape};
use crate::compose::pieces::theme_art::{harbor_token, MapArt};
use crate::compose::pieces::tokens::Ink;
use crate::model::Scenario;
use crate::scene::{Item, Path, Pt, Weight};
use crate::settings::sheets::ComponentSizes;
use crate::solve::Layout;
use crate::vocab::{HarborKind, Terrain};
use counted::from_counts;

fn piece(
    name: String,
    shape: Shape,
    front: Vec<Item>,
    back: Option<Vec<Item>>,
    count: u32,
) -> Piece {
    Piece { name, shape, front, back, count }
}

fn set(title: &str, pieces: Vec<Piece>) -> Option<PieceSet> {
    let pieces: Vec<Piece> = pieces.into_iter().filter(|p| p.count > 0).collect();
    (!pieces.is_empty()).then(|| PieceSet { title: title.to_string(), pieces, coded: false })
}

/// Counts equal designs: `(key, count)` in key order.
fn tally<K: Ord>(keys: impl IntoIterator<Item = K>) -> Vec<(K, u32)> {
    let mut m = BTreeMap::new();
    for k in keys {
        *m.entry(k).or_insert(0u32) += 1;
    }
    m.into_iter().collect()
}

/// A fog area's name, centred `y` mm below the middle of a back.
fn area_mark(name: &str, y: f64, size: f64, ink: Ink) -> Item {
    use crate::scene::{Anchor, TextStyle};
    Item::Text {
        pos: Pt::new(0.0, y),
        text: name.to_string(),
        style: TextStyle {
            size: size.max(tokens::min_text()),
            weight: Weight::Bold,
            anchor: Anchor::Middle,
            color: ink.inks.piece_ink,
            role: crate::scene::TextRole::Body,
        },
    }
}

/// Which edge of a face-down harbor tile is its harbor's (the tile is
/// turned at the table so that this edge faces the coast): the lower right
/// one, between corners 2 and 3 of [`crate::scene::HexGeom::corners`].
pub const HARBOR_TILE_EDGE: (usize, usize) = (2, 3);

/// What a harbor tile shows besides its sea: the ratio disc (diameter up
/// to `chip`) beside the pictogram, towards the harbor's edge, with the
/// landing lines to that edge's corners, and a bar along the edge itself,
/// so the tile is turned the right way when it is laid.
fn harbor_tile_marks(art: &dyn MapArt, kind: HarborKind, flat: f64, chip: f64) -> Vec<Item> {
    let ink = art.ink();
    let g = crate::scene::HexGeom::new(flat);
    let k = g.corners(Pt::default());
    let (a, b) = (k[HARBOR_TILE_EDGE.0], k[HARBOR_TILE_EDGE.1]);
    let mid = Pt::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    let at = Pt::new(0.42 * mid.x, 0.42 * mid.y);
    let d = chip.min(0.3 * flat);
    let line = ink.line(ink.inks.piece_ink);
    let mut v = Vec::new();
    // The bar along the harbor's edge, a little inside the cut line.
    let inset = |p: Pt| Pt::new(p.x * 0.94, p.y * 0.94);
    for (w, color) in [(2.4, line), (1.0, ink.inks.harbor_bar)] {
        v.push(Item::Path {
            path: Path::polyline(&[inset(a), inset(b)]),
            fill: None,
            stroke: Some(crate::scene::Stroke::solid(color, w)),
        });
        for c in [a, b] {
            v.push(Item::Path {
                path: Path::line(at, inset(c)),
                fill: None,
                stroke: Some(crate::scene::Stroke::solid(color, w * 0.8)),
            });
        }
    }
    // The token's art without its bleed, clipped to the disc, with its edge.
    let disc = Path::circle(Pt::default(), d / 2.0);
    v.push(Item::Group {
        transform: crate::scene::Transform::translate(at.x, at.y),
        clip: Some(disc.clone()),
        items: harbor_token(art, kind, d),
    });
    v.push(Item::Group {
        transform: crate::scene::Transform::translate(at.x, at.y),
        clip: None,
        items: vec![Item::Path {
            path: disc,
            fill: None,
            stroke: Some(crate::scene::Stroke::solid(line, 0.4)),
        }],
    });
    v
}

/// Face-down tiles and their chip stacks, from the layout. (No loose harbor
/// tokens: the map sheets carry every harbor, a face-down one on its
/// cut-out tile, where the generator dealt it.)
///
/// Every face-down tile and every chip of a face-down stack is a piece of
/// its own, in code order ([`crate::compose::placement`]): the tile's back
/// carries the code of its hex, the chip's back its place in the stack, so
/// the table lays them without turning one over. Their order on the sheets
/// follows the codes, so where a piece sits tells nothing of its face.
fn from_layout(layout: &Layout, sizes: &ComponentSizes, art: &dyn MapArt) -> Vec<PieceSet> {
    let mut out = Vec::new();
    let codes = crate::compose::placement::Codes::of(layout);
    // With several fog areas, each one's backs carry its name, so the face-down
    // stacks of the areas can be told apart (like differently marked backs).
    let several = layout.regions.iter().filter(|r| r.face_down).count() > 1;
    for (ri, region) in layout.regions.iter().enumerate() {
        if !region.face_down {
            continue;
        }
        let name = several.then_some(region.name.as_str());
        let tile_pieces = region_tiles(layout, ri, &codes, sizes, art, name);
        out.extend(coded_set(&format!("{}: face-down tiles", region.name), tile_pieces));
        let n = region.chip_stack.len();
        let chips = region
            .chip_stack
            .iter()
            .enumerate()
            .map(|(k, &c)| {
                let mut back = chip_back(sizes.chip, art);
                back.push(tokens::label(
                    -sizes.chip * 0.24,
                    &crate::compose::placement::stack_code(k + 1, n),
                    sizes.chip * 0.13,
                    true,
                    art.ink(),
                ));
                if let Some(name) = name {
                    back.push(area_mark(name, sizes.chip * 0.34, sizes.chip * 0.1, art.ink()));
                }
                piece(
                    format!("{} chip {} of {n}", region.name, k + 1),
                    Shape::Circle { diameter: sizes.chip },
                    art.number_chip(c, sizes.chip),
                    Some(back),
                    1,
                )
            })
            .collect();
        out.extend(coded_set(&format!("{}: number chips", region.name), chips));
    }
    out
}

/// A set of coded face-down pieces ([`PieceSet::coded`]).
fn coded_set(title: &str, pieces: Vec<Piece>) -> Option<PieceSet> {
    set(title, pieces).map(|s| PieceSet { coded: true, ..s })
}

/// The face-down tiles of region `ri` in code order, each with the fog
/// back, its hex's code and (with several fog areas) the area's `name`;
/// harbor tiles among them show their trade.
fn region_tiles(
    layout: &Layout,
    ri: usize,
    codes: &crate::compose::placement::Codes,
    sizes: &ComponentSizes,
    art: &dyn MapArt,
    name: Option<&str>,
) -> Vec<Piece> {
    let region = &layout.regions[ri];
    let hex = Shape::Hex { flat: sizes.hex_flat };
    let mut fog = art.fog_back(sizes.hex_flat);
    if let Some(name) = name {
        let r = sizes.hex_flat / 3f64.sqrt();
        fog.push(area_mark(name, 0.62 * r, sizes.hex_flat * 0.06, art.ink()));
    }
    codes
        .in_order(ri)
        .into_iter()
        .map(|i| {
            let h = &layout.hexes[i];
            let code = codes.hex(i).unwrap_or_default();
            let harbor = (h.terrain == Terrain::Harbor)
                .then(|| layout.harbors.iter().find(|p| p.hex == h.hex).map(|p| p.kind))
                .flatten();
            let front = match harbor {
                Some(k) => {
                    let mut front = art.terrain_face_with_mark(h.terrain, sizes.hex_flat);
                    front.extend(harbor_tile_marks(art, k, sizes.hex_flat, sizes.chip));
                    front
                }
                None => art.terrain_face(h.terrain, sizes.hex_flat),
            };
            let mut back = fog.clone();
            back.push(art.fog_code(sizes.hex_flat, code));
            piece(format!("{} tile {code}", region.name), hex, front, Some(back), 1)
        })
        .collect()
}

/// The plain back of face-down number chips.
fn chip_back(d: f64, art: &dyn MapArt) -> Vec<Item> {
    let ink = art.ink();
    vec![
        Item::Path {
            path: Path::circle(Pt::default(), d / 2.0 + 4.0),
            fill: Some(ink.fill(ink.inks.chip_back)),
            stroke: None,
        },
        tokens::label(d * 0.14, "?", d * 0.4, true, ink),
    ]
}

/// Every component set the scenario uses, in print order: face-down tiles and
/// their chips, then the tokens its `[components]` counts, then the generic
/// parts.
pub fn component_sets(
    layout: &Layout,
    scenario: &Scenario,
    sizes: &ComponentSizes,
    art: &dyn MapArt,
) -> Vec<PieceSet> {
    let mut v = from_layout(layout, sizes, art);
    v.extend(from_counts(&scenario.game.components, sizes, art));
    v.extend(crate::compose::pieces::described::generic_sets(
        &scenario.game.components.parts,
        sizes,
        art.ink(),
    ));
    // Every word inside its piece's cut line.
    crate::compose::pieces::fit_text::fit_sets(v)
}
