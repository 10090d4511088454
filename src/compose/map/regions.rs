//! Region outlines on the map: a band just inside every hex edge where a
//! named region (the start island, a fog area, the home island...) meets
//! another region, a hex of no region or the map's edge, so the regions can
//! be told apart on the printed board; and the band's swatch for the legend.
//!
//! The band lies inside the region's own hexes, along their edges, so it
//! never covers a chip or a pictogram (both sit well inside a hex). Where two
//! regions meet, each draws its band on its own side of the shared edge.
//! Colours come from the palette (`region_N`), width and dash patterns from
//! the theme's `[regions]` table.

use std::collections::HashMap;

use crate::axial::{Direction, Hex};
use crate::scene::{Color, HexGeom, Item, Path, Pt, Stroke, Transform};
use crate::solve::Layout;
use crate::theme::{Mode, Theme, REGION_STYLES};

/// Hex edges in the order of [`HexGeom::corners`]: edge `e` runs from corner
/// `e` to corner `e + 1`.
const EDGES: [Direction; 6] =
    [Direction::NE, Direction::E, Direction::SE, Direction::SW, Direction::W, Direction::NW];

/// The region each hex of `layout` is outlined with: its own, or, for a hex
/// of no region in a group of such hexes that one region encloses entirely
/// (a fixed desert in the middle of an island, the castle and workshop of
/// Traders and Wagons), that region.
pub fn region_of_hexes(layout: &Layout) -> Vec<Option<u32>> {
    let index: HashMap<Hex, usize> =
        layout.hexes.iter().enumerate().map(|(i, h)| (h.hex, i)).collect();
    let mut out: Vec<Option<u32>> = layout.hexes.iter().map(|h| h.region).collect();
    let mut seen = vec![false; layout.hexes.len()];
    for start in 0..layout.hexes.len() {
        if seen[start] || layout.hexes[start].region.is_some() {
            continue;
        }
        // The group of region-less hexes around `start`, and what borders it.
        let (mut group, mut stack) = (Vec::new(), vec![start]);
        let mut around: Option<Option<u32>> = None;
        let mut enclosed = true;
        seen[start] = true;
        while let Some(i) = stack.pop() {
            group.push(i);
            for d in EDGES {
                let Some(&j) = index.get(&layout.hexes[i].hex.neighbor(d)) else {
                    enclosed = false;
                    continue;
                };
                match layout.hexes[j].region {
                    None if !seen[j] => {
                        seen[j] = true;
                        stack.push(j);
                    }
                    None => {}
                    Some(r) => {
                        enclosed &= around.is_none_or(|a| a == Some(r));
                        around = Some(Some(r));
                    }
                }
            }
        }
        if let (true, Some(r)) = (enclosed, around.flatten()) {
            for i in group {
                out[i] = Some(r);
            }
        }
    }
    out
}

/// The colour and dash pattern of region number `k` (0-based) in `mode`.
pub fn region_style(k: usize, theme: &Theme, mode: Mode) -> (Color, Vec<f64>) {
    let k = k % REGION_STYLES;
    (theme.palette(mode).regions[k], theme.region_bands.dashes[k].clone())
}

/// The band's two strokes: a solid paper-coloured casing the full band wide,
/// so the line shows on any terrain, and the region's line on it.
fn strokes(k: usize, theme: &Theme, mode: Mode, scale: f64) -> [Stroke; 2] {
    let w = theme.region_bands.width * scale;
    let (color, dash) = region_style(k, theme, mode);
    let dash = dash.iter().map(|d| d * scale).collect();
    [Stroke::solid(theme.palette(mode).paper, w), Stroke { color, width: 0.55 * w, dash }]
}

/// How much a region's band shrinks on hexes `flat` mm wide: not at all on
/// printed hexes (40 mm and more), in proportion on a small picture's.
fn band_scale(flat: f64) -> f64 {
    (flat / 40.0).clamp(0.3, 1.0)
}

/// The band of one hex (centred on `(0, 0)`, `flat` mm wide) along the edges
/// `boundary[e]` marks, as paths clipped to the hex. Runs of boundary edges
/// become one line (mitred at its corners); where the boundary goes on into
/// a neighbour of the same region, the line runs on to the hex's edge, where
/// the neighbour's band takes over.
fn band_paths(flat: f64, boundary: [bool; 6], inset: f64) -> Vec<Path> {
    let g = HexGeom::new(flat);
    let s = 1.0 - inset / (flat / 2.0);
    let k: Vec<Pt> = g.corners(Pt::default()).iter().map(|p| Pt::new(p.x * s, p.y * s)).collect();
    if boundary.iter().all(|b| *b) {
        return vec![Path::polygon(&k)];
    }
    // Far enough past a corner to cross the neighbouring edge (clipped there).
    let reach = 4.0 * inset;
    let beyond = |from: Pt, to: Pt| {
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let len = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
        Pt::new(to.x + dx / len * reach, to.y + dy / len * reach)
    };
    let mut out = Vec::new();
    for start in (0..6).filter(|&e| boundary[e] && !boundary[(e + 5) % 6]) {
        let mut pts = vec![beyond(k[(start + 1) % 6], k[start]), k[start]];
        let mut e = start;
        while boundary[e] {
            pts.push(k[(e + 1) % 6]);
            e = (e + 1) % 6;
        }
        // `e` is the first edge after the run; the run's last edge ends at corner `e`.
        pts.push(beyond(k[(e + 5) % 6], k[e]));
        out.push(Path::polyline(&pts));
    }
    out
}

/// The outline band of every region hex of `layout` that borders something
/// else, as `(hex index, drawing centred on the hex)`.
pub fn region_bands(layout: &Layout, flat: f64, theme: &Theme, mode: Mode) -> Vec<(usize, Item)> {
    let regions = region_of_hexes(layout);
    let index: HashMap<Hex, usize> =
        layout.hexes.iter().enumerate().map(|(i, h)| (h.hex, i)).collect();
    let g = HexGeom::new(flat);
    let scale = band_scale(flat);
    let inset = theme.region_bands.width * scale / 2.0;
    let mut out = Vec::new();
    for (i, h) in layout.hexes.iter().enumerate() {
        let Some(r) = regions[i] else { continue };
        let mut boundary = [false; 6];
        for (e, d) in EDGES.iter().enumerate() {
            let n = index.get(&h.hex.neighbor(*d)).and_then(|&j| regions[j]);
            boundary[e] = n != Some(r);
        }
        if !boundary.iter().any(|b| *b) {
            continue;
        }
        let mut items = Vec::new();
        for stroke in strokes(r as usize, theme, mode, scale) {
            for path in band_paths(flat, boundary, inset) {
                items.push(Item::Path { path, fill: None, stroke: Some(stroke.clone()) });
            }
        }
        let clip = Some(g.outline(Pt::default()));
        out.push((i, Item::Group { transform: Transform::IDENTITY, clip, items }));
    }
    out
}

/// The legend's swatch for region number `k`: a paper hex `flat` mm wide
/// with the region's band all round, centred on `(0, 0)`.
pub fn region_swatch(k: usize, flat: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
    let g = HexGeom::new(flat);
    let pal = theme.palette(mode);
    let mut v =
        vec![Item::Path { path: g.outline(Pt::default()), fill: Some(pal.paper), stroke: None }];
    for stroke in strokes(k, theme, mode, 1.0) {
        for path in band_paths(flat, [true; 6], theme.region_bands.width / 2.0) {
            v.push(Item::Path { path, fill: None, stroke: Some(stroke.clone()) });
        }
    }
    v.push(Item::Path {
        path: g.outline(Pt::default()),
        fill: None,
        stroke: Some(Stroke::solid(pal.ink, 0.3)),
    });
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(p: &Path) -> Vec<Pt> {
        p.segs
            .iter()
            .filter_map(|s| match s {
                crate::scene::Seg::Move(q) | crate::scene::Seg::Line(q) => Some(*q),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_lone_hex_gets_a_closed_band_at_the_inset() {
        let paths = band_paths(76.0, [true; 6], 1.2);
        assert_eq!(paths.len(), 1);
        let pts = points(&paths[0]);
        assert_eq!(pts.len(), 6);
        // The east edge's line lies 1.2 mm inside the flat at x = 38.
        assert!((pts[1].x - (38.0 - 1.2)).abs() < 1e-9, "{pts:?}");
        assert!(paths[0].segs.last() == Some(&crate::scene::Seg::Close));
    }

    #[test]
    fn a_run_of_edges_is_one_line_running_on_past_its_ends() {
        // Edges E and SE only: one open line through 3 inset corners, with
        // both ends carried on beyond the hex (clipped when drawn).
        let mut b = [false; 6];
        b[1] = true;
        b[2] = true;
        let paths = band_paths(76.0, b, 1.2);
        assert_eq!(paths.len(), 1);
        let pts = points(&paths[0]);
        assert_eq!(pts.len(), 5, "{pts:?}");
        let g = HexGeom::new(76.0);
        let r = g.radius();
        // Starts above corner 1 on the line x = 36.8, ends beyond corner 3.
        assert!((pts[0].x - 36.8).abs() < 1e-9 && pts[0].y < -r / 2.0, "{pts:?}");
        assert!(pts[4].x < 0.0 && pts[4].y > pts[3].y - 1e-9, "{pts:?}");
    }

    #[test]
    fn two_separate_runs_are_two_lines() {
        let b = [true, false, false, true, false, false];
        assert_eq!(band_paths(76.0, b, 1.2).len(), 2);
        assert!(band_paths(76.0, [false; 6], 1.2).is_empty());
    }

    #[test]
    fn fixed_hexes_an_island_encloses_belong_to_it() {
        let src = crate::builtin::source("traders-and-wagons").expect("built-in");
        let sc = crate::model::load(&src).expect("valid");
        let l = crate::solve::solve(&sc, 4, 1, &Default::default()).expect("solves");
        let r = region_of_hexes(&l);
        let find = |t| l.hexes.iter().position(|h| h.terrain == t).expect("on the map");
        let castle = find(crate::vocab::Terrain::Castle);
        assert_eq!(l.hexes[castle].region, None);
        assert!(r[castle].is_some(), "the castle lies inside the island");
        // The glassworks lies on the coast, between the island and the sea.
        assert_eq!(r[find(crate::vocab::Terrain::Glassworks)], None);
        assert_eq!(r[find(crate::vocab::Terrain::Sea)], None);
    }

    #[test]
    fn styles_repeat_after_the_last() {
        let t = Theme::builtin();
        assert_eq!(
            region_style(0, &t, Mode::Colour),
            region_style(REGION_STYLES, &t, Mode::Colour)
        );
        // In black and white the regions differ by their dashes alone.
        let dashes: std::collections::BTreeSet<String> = (0..REGION_STYLES)
            .map(|k| format!("{:?}", region_style(k, &t, Mode::BlackAndWhite).1))
            .collect();
        assert_eq!(dashes.len(), REGION_STYLES);
    }
}
