//! Pointy-top hex geometry in millimetres, y pointing down.
//!
//! A hex of flat-to-flat width `f` has circumradius `R = f / sqrt(3)`; axial
//! `(q, r)` sits at `x = f (q + r/2)`, `y = 1.5 R r`. Corners are listed
//! clockwise from the top one.

use crate::axial::{Direction, Hex};
use crate::scene::{Path, Pt, Rect};

/// sqrt(3).
pub(crate) const SQRT3: f64 = 1.732_050_807_568_877_2;

/// Hex geometry at one size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexGeom {
    /// Flat-to-flat width in mm.
    pub flat: f64,
}

impl HexGeom {
    /// Geometry for hexes `flat` mm across the flats.
    pub const fn new(flat: f64) -> HexGeom {
        HexGeom { flat }
    }

    /// Corner-to-centre distance.
    pub fn radius(self) -> f64 {
        self.flat / SQRT3
    }

    /// Corner-to-corner height.
    pub fn height(self) -> f64 {
        2.0 * self.radius()
    }

    /// Centre of an axial hex, relative to hex (0, 0).
    pub fn center(self, h: Hex) -> Pt {
        Pt::new(
            self.flat * (f64::from(h.q) + f64::from(h.r) / 2.0),
            1.5 * self.radius() * f64::from(h.r),
        )
    }

    /// The six corners around `c`: top, upper right, lower right, bottom,
    /// lower left, upper left.
    pub fn corners(self, c: Pt) -> [Pt; 6] {
        let (w, r) = (self.flat / 2.0, self.radius());
        [
            Pt::new(c.x, c.y - r),
            Pt::new(c.x + w, c.y - r / 2.0),
            Pt::new(c.x + w, c.y + r / 2.0),
            Pt::new(c.x, c.y + r),
            Pt::new(c.x - w, c.y + r / 2.0),
            Pt::new(c.x - w, c.y - r / 2.0),
        ]
    }

    /// The hex outline around `c`.
    pub fn outline(self, c: Pt) -> Path {
        Path::polygon(&self.corners(c))
    }

    /// Whether `p` lies inside the hex centred on `c`, `pad` mm clear of
    /// its edges.
    pub fn contains(self, c: Pt, p: Pt, pad: f64) -> bool {
        let (w, rad) = (self.flat / 2.0 - pad, self.radius() - pad * 2.0 / SQRT3);
        let (dx, dy) = ((p.x - c.x).abs(), (p.y - c.y).abs());
        dx <= w && dy <= rad - dx / SQRT3
    }

    /// Whether the rectangle `r` lies inside the hex centred on `c`, `pad`
    /// mm clear of its edges (a hex is convex: its four corners do).
    pub(crate) fn contains_rect(self, c: Pt, r: Rect, pad: f64) -> bool {
        [(r.x, r.y), (r.x + r.w, r.y), (r.x, r.y + r.h), (r.x + r.w, r.y + r.h)]
            .into_iter()
            .all(|(x, y)| self.contains(c, Pt::new(x, y), pad))
    }

    /// Indices into [`HexGeom::corners`] of the edge shared with the neighbour in `d`.
    pub const fn edge(d: Direction) -> (usize, usize) {
        match d {
            Direction::E => (1, 2),
            Direction::NE => (0, 1),
            Direction::NW => (5, 0),
            Direction::W => (4, 5),
            Direction::SW => (3, 4),
            Direction::SE => (2, 3),
        }
    }

    /// The two corners of `c`'s edge facing direction `d`.
    pub fn edge_corners(self, c: Pt, d: Direction) -> (Pt, Pt) {
        let k = self.corners(c);
        let (a, b) = Self::edge(d);
        (k[a], k[b])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Pt, b: Pt) -> bool {
        (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
    }

    #[test]
    fn sizes_and_neighbours_agree() {
        let g = HexGeom::new(76.0);
        assert!((g.height() - 87.757).abs() < 1e-3, "about 88 mm corner to corner");
        let k = g.corners(Pt::default());
        assert!((k[1].x - k[5].x - 76.0).abs() < 1e-12, "flat to flat");
        // Every neighbour shares exactly the edge `edge(d)` names, seen from both sides.
        let o = Hex::new(0, 0);
        for d in Direction::ALL {
            let n = o.neighbor(d);
            let (a, b) = g.edge_corners(g.center(o), d);
            let back = n.direction_to(o).expect("adjacent");
            let (c, e) = g.edge_corners(g.center(n), back);
            assert!(close(a, e) && close(b, c), "{d:?}");
            let dc = g.center(n);
            assert!((dc.x.hypot(dc.y) - 76.0).abs() < 1e-9, "centres are one flat apart");
        }
    }

    #[test]
    fn a_rectangle_near_a_corner_is_outside_the_hex() {
        let g = HexGeom::new(20.0);
        let c = Pt::new(0.0, 0.0);
        assert!(g.contains_rect(c, Rect::new(-2.0, -2.0, 4.0, 4.0), 0.5));
        assert!(!g.contains_rect(c, Rect::new(7.0, -11.0, 2.0, 2.0), 0.0));
    }
}
