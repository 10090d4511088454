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
pub(crate) fn region_of_hexes(layout: &Layout) -> Vec<Option<u32>> {
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
pub(crate) fn region_style(k: usize, theme: &Theme, mode: Mode) -> (Color, Vec<f64>) {
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
/// `boundary[e]` marks, as open or closed lines `inset` mm inside the edges.
/// Runs of boundary edges become one line (joined at its corners). Where the
/// boundary goes on into a neighbour of the same region, the line crosses
/// the edge they share at the point where the neighbour's line meets it and
/// turns onto the neighbour's line for one band width: the two hexes' bands
/// join there as one line turning the corner, with no clip path (a clipped
/// group costs the PNG preview a layer of its own per hex).
fn band_paths(flat: f64, boundary: [bool; 6], inset: f64) -> Vec<Path> {
    let g = HexGeom::new(flat);
    let s = 1.0 - inset / (flat / 2.0);
    let c = g.corners(Pt::default());
    let k: Vec<Pt> = c.iter().map(|p| Pt::new(p.x * s, p.y * s)).collect();
    if boundary.iter().all(|b| *b) {
        return vec![Path::polygon(&k)];
    }
    let mut out = Vec::new();
    for start in (0..6).filter(|&e| boundary[e] && !boundary[(e + 5) % 6]) {
        // The line enters over edge `start - 1`, from corner `start`'s side.
        let [m, far] =
            run_end(k[(start + 1) % 6], k[start], c[(start + 5) % 6], c[start], 2.0 * inset);
        let mut pts = vec![far, m, k[start]];
        let mut e = start;
        while boundary[e] {
            pts.push(k[(e + 1) % 6]);
            e = (e + 1) % 6;
        }
        // `e` is the first edge after the run; the run's last edge ends at corner `e`.
        let [m, far] = run_end(k[(e + 5) % 6], k[e], c[e], c[(e + 1) % 6], 2.0 * inset);
        pts.extend([m, far]);
        out.push(Path::polyline(&pts));
    }
    out
}

/// Where a band line from `from` through the inset corner `to`, carried on,
/// crosses the hex edge from `a` to `b` (which the same region's neighbour
/// shares), and the point `reach` mm on along the neighbour's line from
/// there: the neighbour's line is this one mirrored in that edge.
fn run_end(from: Pt, to: Pt, a: Pt, b: Pt, reach: f64) -> [Pt; 2] {
    let unit = |x: f64, y: f64| {
        let len = (x * x + y * y).sqrt().max(f64::EPSILON);
        (x / len, y / len)
    };
    let (ux, uy) = unit(to.x - from.x, to.y - from.y);
    let (sx, sy) = unit(b.x - a.x, b.y - a.y);
    // Signed distance from the edge's line along its normal, and how fast
    // the line closes it.
    let cross = |x: f64, y: f64| sx * y - sy * x;
    let t = -cross(to.x - a.x, to.y - a.y) / cross(ux, uy);
    let m = Pt::new(to.x + t * ux, to.y + t * uy);
    // The line runs on from `m` as the mirror, in the edge, of the way back
    // to `to`.
    let (wx, wy) = (-ux, -uy);
    let dot = wx * sx + wy * sy;
    let (vx, vy) = (2.0 * dot * sx - wx, 2.0 * dot * sy - wy);
    [m, Pt::new(m.x + reach * vx, m.y + reach * vy)]
}

/// The outline band of every region hex of `layout` that borders something
/// else, as `(hex index, drawing centred on the hex)`.
pub(crate) fn region_bands(
    layout: &Layout,
    flat: f64,
    theme: &Theme,
    mode: Mode,
) -> Vec<(usize, Item)> {
    let regions = region_of_hexes(layout);
    let index: HashMap<Hex, usize> =
        layout.hexes.iter().enumerate().map(|(i, h)| (h.hex, i)).collect();
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
        out.push((i, Item::Group { transform: Transform::IDENTITY, clip: None, items }));
    }
    out
}

/// The legend's swatch for region number `k`: a paper hex `flat` mm wide
/// with the region's band all round, centred on `(0, 0)`.
pub(crate) fn region_swatch(k: usize, flat: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
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
    fn a_run_of_edges_turns_onto_the_neighbours_lines_at_the_shared_edges() {
        // Edges E and SE only: one open line through the inset corners 1, 2
        // and 3. Before corner 1 it crosses the NE edge (0-1), which the
        // same region's neighbour shares, and turns onto that neighbour's
        // line for one band width; after corner 3 likewise over the SW edge
        // (3-4).
        let mut b = [false; 6];
        b[1] = true;
        b[2] = true;
        let paths = band_paths(76.0, b, 1.2);
        assert_eq!(paths.len(), 1);
        let pts = points(&paths[0]);
        assert_eq!(pts.len(), 7, "{pts:?}");
        let c = HexGeom::new(76.0).corners(Pt::default());
        let dist = |p: Pt, q: Pt| ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt();
        // Distance of `p` from the line through `a` and `b`.
        let off = |p: Pt, a: Pt, b: Pt| {
            ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)).abs() / dist(a, b)
        };
        let o = Pt::default();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        // The turns lie on the shared edges and on the run's own inset lines.
        assert!(close(off(pts[1], c[0], c[1]), 0.0), "{pts:?}");
        assert!(close(off(pts[1], c[1], c[2]), 1.2), "{pts:?}");
        assert!(close(off(pts[5], c[3], c[4]), 0.0), "{pts:?}");
        assert!(close(off(pts[5], c[2], c[3]), 1.2), "{pts:?}");
        // The neighbour's edge with the hex beyond the run starts at the
        // run's end corner and runs on along the radius through it: the
        // line carries on 1.2 mm inside that edge, one band width long.
        for (turn, end, corner) in [(pts[1], pts[0], c[1]), (pts[5], pts[6], c[3])] {
            assert!(close(dist(turn, end), 2.4), "{pts:?}");
            assert!(close(off(turn, o, corner), 1.2), "{pts:?}");
            assert!(close(off(end, o, corner), 1.2), "{pts:?}");
            // ... on the neighbour's side of the shared edge, not back in
            // this hex.
            assert!(dist(end, o) > dist(turn, o), "{pts:?}");
        }
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
