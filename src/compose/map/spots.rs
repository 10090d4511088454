//! Castaway spots on the map: a small square badge (a palm on an islet, like
//! the castaway tokens' backs) on each corner where a castaway token lies
//! face down at the start, and its entry in the map's key.

use crate::scene::{HexGeom, Item, Path, Pt, Rect, Seg, Stroke};
use crate::theme::{Mode, Theme};

/// A badge's half side as a share of the hex's flat-to-flat width.
pub(crate) const SPOT_HALF: f64 = 0.07;

/// The position in [`HexGeom::corners`] of board corner `k` (between the
/// neighbours in directions `k` and `k + 1`; see [`crate::model::CORNER_NAMES`]).
pub const fn geom_corner(k: u8) -> usize {
    match k % 6 {
        0 => 1,
        1 => 0,
        2 => 5,
        3 => 4,
        4 => 3,
        _ => 2,
    }
}

/// A castaway-spot badge centred on `c`, `h` mm from its centre to a side:
/// a square of sea with a palm on an islet.
pub(crate) fn spot_badge(c: Pt, h: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
    let pal = theme.palette(mode);
    let p = |x: f64, y: f64| Pt::new(c.x + x * h, c.y + y * h);
    let mut v = vec![Item::Path {
        path: Path::rect(Rect::new(c.x - h, c.y - h, 2.0 * h, 2.0 * h)),
        fill: Some(pal.chip),
        stroke: Some(Stroke::solid(pal.ink, 0.5)),
    }];
    // The islet, the trunk and three fronds.
    v.push(Item::Path {
        path: Path {
            segs: vec![
                Seg::Move(p(-0.7, 0.6)),
                Seg::Cubic(p(-0.4, 0.2), p(0.4, 0.2), p(0.7, 0.6)),
                Seg::Close,
            ],
        },
        fill: Some(pal.fill(crate::vocab::Terrain::Desert)),
        stroke: Some(Stroke::solid(pal.ink, 0.3)),
    });
    v.push(Item::Path {
        path: Path::line(p(0.0, 0.35), p(0.1, -0.45)),
        fill: None,
        stroke: Some(Stroke::solid(pal.ink, 0.6)),
    });
    for (x, y) in [(-0.5, -0.25), (0.6, -0.3), (0.1, -0.75)] {
        v.push(Item::Path {
            path: Path::line(p(0.1, -0.45), p(x, y)),
            fill: None,
            stroke: Some(Stroke::solid(pal.ink, 0.5)),
        });
    }
    v
}

/// Where the castaway spot of a hex centred on `c` with corner `k` sits,
/// and its half side.
pub(crate) fn spot_at(g: HexGeom, c: Pt, k: u8) -> (Pt, f64) {
    (g.corners(c)[geom_corner(k)], SPOT_HALF * g.flat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_corners_map_to_the_drawn_corner_between_their_two_neighbours() {
        use crate::axial::{Direction, Hex};
        let g = HexGeom::new(76.0);
        let c = g.center(Hex::new(0, 0));
        for k in 0..6u8 {
            let p = g.corners(c)[geom_corner(k)];
            // The corner is shared with the neighbours in directions k and k+1.
            for d in [Direction::ALL[usize::from(k)], Direction::ALL[(usize::from(k) + 1) % 6]] {
                let n = g.center(Hex::new(0, 0).neighbor(d));
                assert!(
                    g.corners(n)
                        .iter()
                        .any(|q| (q.x - p.x).abs() < 1e-6 && (q.y - p.y).abs() < 1e-6),
                    "corner {k} is not a corner of the neighbour {d:?}"
                );
            }
        }
    }
}
